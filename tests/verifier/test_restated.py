"""A sentence that restates its unit in the unit's words, with one of them turned, is a 🔴 naming both
wordings; one that applies, interprets or qualifies the unit is not. A sentence that restates another unit's
rule under the cited number is a wrong pinpoint naming that unit.

Every row is a sentence of a real Korean Supreme Court or CJEU judgment (tests/data/real: the judgment is
named) as the court wrote it — correct as of its date — and, where the row has one, a mutation of it.
"""

from __future__ import annotations

import pytest

from tests.accuracy.evaluate import corpus_router
from tests.verifier.builders import unit_text
from verifier.ingest import ingest_text
from verifier.match.restated import change_of, clauses, restated_otherwise
from verifier.model import Status
from verifier.pipeline import verify_document

# 대법원 1992. 10. 13. 선고 92도1267 판결
KR_16 = (
    "형법 제16조가 자기의 행위가 법령에 의하여 죄가 되지 아니한 것으로 오인한 행위는 그 오인에 정당한 이유가 "
    "있는 때에 한하여 벌하지 아니한다고 규정한 것은 "
    "단순한 법률의 부지의 경우를 말하는 것이 아니고, 일반적으로 "
    "범죄가 되는 행위이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 되지 아니한다고 그릇 "
    "인식하고 그와 같이 그릇 인식함에 있어 정당한 이유가 있는 때에는 벌하지 아니한다는 취지이다."
)
# 대법원 1993. 4. 27. 선고 92다45308 판결
KR_629 = (
    "민법 제629조는 임차인은 임대인의 동의없이 그 권리를 양도하거나 전대하지 못하고(제1항), 임차인이 이에 "
    "위반한 때에는 임대인은 계약을 해지할 수 있다(제2항)고 규정하고 있는바 이는 민법상의 임대차계약은 원래 "
    "당사자의 개인적 신뢰를 기초로 하는 계속적 "
    "법률관계임을 고려하여 임대인의 인적 신뢰나 경제적 이익을 보호하여 "
    "이를 해치지 않게 하고자 함에 있다."
)
# 대법원 1993. 4. 13. 선고 92다24950 판결: the court applies 제629조 제2항 to the case, the other way round
KR_629_APPLIED = (
    "임차인의 변경이 당사자의 개인적인 신뢰를 기초로 하는 "
    "계속적 법률관계인 임대차를 더 이상 지속시키기 어려울 "
    "정도로 당사자간의 신뢰관계를 파괴하는 임대인에 대한 "
    "배신행위가 아니라고 인정되는 특별한 사정이 있는 때에는 "
    "임대인은 자신의 동의 없이 임차권이 이전되었다는 것만을 이유로 민법 제629조 제2항에 따라서 임대차계약을 "
    "해지할 수 없고, 그와 같은 특별한 사정이 있는 때에 "
    "한하여 경락인은 임대인의 동의가 없더라도 임차권의 이전을 "
    "임대인에게 대항할 수 있다고 봄이 상당하다."
)
# 대법원 1994. 10. 25. 선고 94다18232 판결: "유효라고" restates "무효가 되지 아니한다" (two flips cancel)
KR_137 = (
    "이와 같은 경우 민법 제137조에 의하여 매매계약 전부를 무효로 보는 것이 원칙이나 그 무효부분이 없더라도 "
    "법률행위를 하였을 것이라고 인정될 때에는 나머지 부분은 유효라고 보아야 할 것이다."
)
# C-311/18, Facebook Ireland and Schrems, paragraph 91
EU_46 = (
    "Article 46(1) of the GDPR provides that, in the "
    "absence of an adequacy decision, a controller or processor "
    "may transfer personal data to a third country only "
    "if the controller or processor has provided appropriate "
    "safeguards, and on condition that enforceable data "
    "subject rights and effective legal remedies for data "
    "subjects are available."
)

# (citation, the court's sentence, the mutated words, the kind of change, the draft's word, the unit's word)
TURNED = [
    ("형법 제16조", KR_16, ("벌하지 아니한다고 규정", "벌한다고 규정"), "negation", "벌한다고", "아니한다"),
    ("민법 제629조", KR_629, ("해지할 수 있다(제2항)", "해지할 수 없다(제2항)"), "negation", "없다", "있다"),
    ("Article 46(1) GDPR", EU_46, ("processor may transfer", "processor may not transfer"), "negation",
     "not", ""),
]  # fmt: skip
# (citation, a sentence of a court that is right and restates nothing otherwise)
RIGHT = [
    ("형법 제16조", KR_16),
    ("민법 제629조", KR_629),
    ("민법 제629조", KR_629_APPLIED),
    ("민법 제137조", KR_137),
    ("Article 46(1) GDPR", EU_46),
]


@pytest.mark.parametrize(("citation", "sentence"), RIGHT)
def test_a_court_restating_applying_or_qualifying_its_unit_is_no_evidence(
    citation: str, sentence: str
) -> None:
    lang = "en" if "GDPR" in citation else "ko"
    assert restated_otherwise(sentence, unit_text(citation), lang=lang) is None


@pytest.mark.parametrize(("citation", "sentence", "mutation", "kind", "draft_word", "unit_word"), TURNED)
def test_a_restated_clause_turned_is_named_with_both_wordings(
    citation: str, sentence: str, mutation: tuple[str, str], kind: str, draft_word: str, unit_word: str
) -> None:
    old, new = mutation
    assert old in sentence
    lang = "en" if "GDPR" in citation else "ko"
    found = restated_otherwise(sentence.replace(old, new), unit_text(citation), lang=lang)
    assert found is not None
    assert found.kind == kind
    assert draft_word in found.draft
    assert unit_word in found.source
    assert found.clause in unit_text(citation).replace("\n", " ") or found.clause.split()[0] in unit_text(
        citation
    )


def _finding(draft: str, citation: str, lang: str, as_of: str):  # type: ignore[no-untyped-def]
    report = verify_document(
        ingest_text(draft, name="restated"), corpus_router(), lang=lang, as_of=as_of, workers=1
    )
    return next(f for f in report.findings if f.citation.startswith(citation))


def test_the_turned_restatement_is_a_block_with_its_reason_and_the_right_one_is_not() -> None:
    wrong = _finding(
        KR_16.replace("벌하지 아니한다고 규정", "벌한다고 규정"), "형법 제16조", "ko", "1992-10-13"
    )
    assert wrong.status is Status.UNVERIFIED
    assert wrong.reason is not None
    assert wrong.reason.key == "restated_otherwise"
    assert "+벌한다" in wrong.rationale
    assert "−벌하지 아니한다" in wrong.rationale
    right = _finding(KR_16, "형법 제16조", "ko", "1992-10-13")
    assert right.status not in (Status.UNVERIFIED, Status.NO_SOURCE)


def test_another_units_rule_under_the_cited_number_is_a_wrong_pinpoint_naming_it() -> None:
    # the same real sentence citing 제15조 (사실의 착오) for 제16조's rule (법률의 착오)
    finding = _finding(KR_16.replace("형법 제16조가", "형법 제15조가"), "형법 제15조", "ko", "1992-10-13")
    assert finding.status is Status.UNVERIFIED
    assert finding.reason is not None
    assert finding.reason.key == "restated_in_other_unit"
    assert "제16조" in finding.rationale


# (the diff's deleted words = the unit's, inserted = the claim's) → the change, or None
CHANGES = [
    ((("delete", "무효가 되지 아니한다"), ("insert", "유효라고")), None),  # two flips: the same rule
    ((("delete", "있다"), ("insert", "없다고")), "negation"),
    (
        (("delete", "제59조제2호를 위반하여"), ("insert", "처리하였던")),
        None,
    ),  # a number left out, none put in
    ((("delete", "제삼자에"), ("insert", "제3자에")), None),  # 제삼자 is "a third party", no number
    ((("delete", "3년"), ("insert", "5년")), "number"),
    ((("delete", "무효로"), ("insert", "유효로")), "negation"),
]


@pytest.mark.parametrize(("diff", "change"), CHANGES)
def test_what_counts_as_a_change_of_a_restated_clause(
    diff: tuple[tuple[str, str], ...], change: str | None
) -> None:
    assert change_of(diff) == change


def test_a_units_clauses_leave_out_its_heading_and_marks() -> None:
    parts = clauses(unit_text("형법 제16조"), "ko")
    assert parts
    assert not any(p.startswith(("제16조", "(법률의 착오)")) for p in parts)
    assert any(p.endswith("벌하지 아니한다") for p in parts)

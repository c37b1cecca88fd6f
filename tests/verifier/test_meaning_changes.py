"""Meaning changes that are small in characters: an antonym or a negating prefix, a number written in words,
a holding said the other way round with all its words present — and what is NOT one: a paragraph's mark,
spacing, a dropped particle, a number written another way, a number the unit states for another case.

Every row is a real sentence of the corpus's statutes and judgments (the units the product reads for the
citations, `builders.unit_text`) with its correct wording and one mutation: the correct one must not be
flagged, the mutated one must, naming both wordings.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.verifier.builders import unit_text
from verifier.ground import ground, render_markdown
from verifier.match.antonyms import antonyms, swapped
from verifier.match.fragment import FragmentStatus, find_quote
from verifier.match.numbers import spelled_numbers
from verifier.match.polarity import compare_polarity
from verifier.match.quantities import compare_quantities
from verifier.model import Status

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"
C311 = "of the European Parliament and of the Council on the adequacy of the protection provided by the EU-US"
JUDGMENT_2015DA200111 = (
    "그러나 대법원이 이 판결을 통하여 형사사건에 관한 성공보수약정이 선량한 풍속 기타 사회질서에 위배되는 "
    "것으로 평가할 수 있음을 명확히 밝혔음에도 불구하고 "
    "향후에도 성공보수약정이 체결된다면 이는 민법 제103조에 "
    "의하여 무효로 보아야 한다."
)


def _c311_operative() -> str:
    """Point 5 of the operative part of C-311/18."""
    text = (CORPUS / "eu/case_law/C-311-18.md").read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith("5. Commission Implementing Decision"))


def _source(citation: str) -> str:
    return _c311_operative() if citation == "C-311/18" else unit_text(citation)


# --- a quote with one word changed ------------------------------------------------------------------------
# (citation, the quote as the source has it or written another way, the mutated quote, the change, the
#  draft's word, the source's word)
QUOTES = [
    # antonyms and negating prefixes
    ("민법 제103조", "사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다.",
     "사회질서에 위반한 사항을 내용으로 하는 법률행위는 유효로 한다.", "negation", "유효로", "무효로"),
    ("민법 제104조", "당사자의 궁박, 경솔 또는 무경험으로 인하여 "
     "현저하게 공정을 잃은 법률행위는 무효로 한다.",
     "당사자의 궁박, 경솔 또는 경험으로 인하여 현저하게 공정을 잃은 법률행위는 무효로 한다.", "negation",
     "경험으로", "무경험으로"),
    ("개인정보 보호법 제21조 제1항", "그 개인정보가 불필요하게 되었을 때에는 "
     "지체 없이 그 개인정보를 파기하여야 한다.",
     "그 개인정보가 필요하게 되었을 때에는 지체 없이 그 개인정보를 파기하여야 한다.", "negation", "필요하게",
     "불필요하게"),
    ("art. 58 § 1 k.c.", "Czynność prawna sprzeczna z ustawą albo "
     "mająca na celu obejście ustawy jest nieważna",
     "Czynność prawna zgodna z ustawą albo mająca na celu obejście ustawy jest nieważna", "opposite",
     "zgodna", "sprzeczna"),
    ("art. 58 § 1 k.c.", "Czynność prawna sprzeczna z ustawą albo "
     "mająca na celu obejście ustawy jest nieważna",
     "Czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy jest ważna", "negation",
     "ważna", "nieważna"),
    ("C-311/18", f"{C311} Privacy Shield is invalid", f"{C311} Privacy Shield is valid", "negation", "valid",
     "invalid"),
    # numbers in words, in every language: the same value written otherwise is no change
    ("art. 118 k.c.", "termin przedawnienia wynosi lat dziesięć, a "
     "dla roszczeń o świadczenia okresowe lat trzy",
     "termin przedawnienia wynosi lat sześć, a dla roszczeń o świadczenia okresowe lat trzy", "number",
     "sześć", "dziesięć"),
    ("art. 10 § 1 k.c.", "Pełnoletnim jest, kto ukończył lat 18.", "Pełnoletnim jest, kto ukończył lat 21.",
     "number", "21", "osiemnaście"),
    ("Article 12(3) GDPR", "without undue delay and in any event within 1 month of receipt of the request",
     "without undue delay and in any event within three months of receipt of the request", "number",
     "three months", "one month"),
    ("Article 33(1) GDPR", "not later than seventy-two hours after having become aware of it",
     "not later than forty-eight hours after having become aware of it", "number", "48", "72"),
    ("민법 제766조 제1항", "그 손해 및 가해자를 안 날로부터 삼 년간 이를 "
     "행사하지 아니하면 시효로 인하여 소멸한다.",
     "그 손해 및 가해자를 안 날로부터 오 년간 이를 행사하지 아니하면 시효로 인하여 소멸한다.", "number",
     "오 년간", "3년간"),
    ("근로기준법 제26조", "근로자를 해고(경영상 이유에 의한 해고를 포함한다)하려면 "
     "적어도 삼십 일 전에 예고를 하여야 하고",
     "근로자를 해고(경영상 이유에 의한 해고를 포함한다)하려면 적어도 이십 일 전에 예고를 하여야 하고",
     "number", "이십 일", "30일"),
    # spacing, a particle, a cross-reference written apart: wording; the number in it is still a number
    ("형법 제81조", "피해자의 손해를 보상하고 자격정지이상의 형을 받음이 없이 7년을 경과한 때에는",
     "피해자의 손해를 보상하고 자격정지이상의 "
      "형을 받음이 없이 5년을 경과한 때에는", "number", "5년을", "7년을"),
    ("형법 제82조", "피해자의 손해를 보상하고 자격정지이상의 형을 받음이 없이 정지기간의 2분의 1을 경과한 때",
     "피해자의 손해를 보상하고 자격정지이상의 형을 받음이 없이 정지기간의 3분의 1을 경과한 때", "number",
     "3분의", "2분의"),
    ("민법 제766조 제1항", "그 손해 및 가해자를 안 날부터 3년간 이를 "
     "행사하지 아니하면 시효로 인하여 소멸한다.",
     "그 손해 및 가해자를 안 날부터 1년간 이를 행사하지 아니하면 시효로 인하여 소멸한다.", "number",
     "1년간", "3년간"),
    # a particle left out ("때에는" / "때는")
    ("형법 제81조", "7년을 경과한 때는 본인 또는 검사의 신청에 의하여 그 재판의 실효를 선고할 수 있다.",
     "10년을 경과한 때는 본인 또는 검사의 신청에 의하여 그 재판의 실효를 선고할 수 있다.", "number",
     "10년을", "7년을"),
    ("근로기준법 제60조 제6항", "임신 중의 여성이 제74조 제1항부터 "
     "제3항까지의 규정에 따른 휴가로 휴업한 기간",
     "임신 중의 여성이 제74조 제2항부터 제3항까지의 규정에 따른 휴가로 휴업한 기간", "number",
     "제2항부터", "제74조제1항부터"),
]  # fmt: skip


@pytest.mark.parametrize(("citation", "right", "wrong", "change", "draft", "source"), QUOTES)
def test_a_quote_written_right_is_found_and_not_a_meaning_change(
    citation: str, right: str, wrong: str, change: str, draft: str, source: str
) -> None:
    result = find_quote(right, _source(citation))
    assert result.status in (FragmentStatus.EXACT, FragmentStatus.MODIFIED), result
    assert result.meaning_change is None


@pytest.mark.parametrize(("citation", "right", "wrong", "change", "draft", "source"), QUOTES)
def test_a_quote_with_the_meaning_changed_is_blocked_naming_both_wordings(
    citation: str, right: str, wrong: str, change: str, draft: str, source: str
) -> None:
    result = find_quote(wrong, _source(citation))
    assert result.status is FragmentStatus.ABSENT
    assert result.meaning_change == change
    (closest, *_) = result.nearest
    deleted = " ".join(text for op, text in closest.diff if op == "delete")
    inserted = " ".join(text for op, text in closest.diff if op == "insert")
    assert draft in deleted, closest.diff
    assert source in inserted or source in closest.excerpt, closest.diff


@pytest.mark.parametrize(
    ("citation", "quote"),
    [
        ("형법 제81조", "자격정지이상의 형을 받음이 없이 7년을 경과한 때에는"),  # the act: "자격정지 이상의"
        ("형법 제82조", "자격정지이상의 형을 받음이 없이 정지기간의 2분의 1을 경과한 때"),
        (
            "근로기준법 제60조 제6항",
            "제74조 제1항부터 제3항까지의 규정에 따른 휴가로 휴업한 기간",
        ),  # "제74조제1항부터"
        ("근로기준법 제61조 제1항", "제60조 제7항 본문에 따라 소멸된 경우에는"),  # "제60조제7항"
    ],
)
def test_spacing_is_not_wording(citation: str, quote: str) -> None:
    result = find_quote(quote, unit_text(citation))
    assert result.status is FragmentStatus.EXACT
    assert "spacing" in result.rules


# --- a paragraph's mark is layout ---------------------------------------------------------------------------
MINBEOP_108 = "\n".join(
    [
        "①상대방과 통정한 허위의 의사표시는 무효로 한다.",
        "②전항의 의사표시의 무효는 선의의 제삼자에게 대항하지 못한다.",
    ]
)


@pytest.mark.parametrize(
    ("quote", "change"),
    [
        ("상대방과 통정한 허위의 의사표시는 무효로 한다.", None),  # ① left out
        ("전항의 의사표시의 무효는 선의의 제삼자에게 대항하지 못한다.", None),  # ② left out
        ("② 상대방과 통정한 허위의 의사표시는 무효로 한다.", "number"),  # ①'s words under ②
        ("① 전항의 의사표시의 무효는 선의의 제삼자에게 대항하지 못한다.", "number"),
    ],
)
def test_a_mark_left_out_is_layout_and_a_mark_changed_is_a_number(quote: str, change: str | None) -> None:
    result = find_quote(quote, MINBEOP_108)
    assert result.meaning_change == change
    assert (result.status is FragmentStatus.EXACT) is (change is None)


def test_ground_reports_a_quote_of_a_marked_paragraph_verified_and_a_changed_mark_in_words(
    tmp_path: Path,
) -> None:
    items = [
        {"id": "K1", "source_id": "민법 제108조", "claim_type": "cytat_doslowny", "source_text": MINBEOP_108,
         "quote": "상대방과 통정한 허위의 의사표시는 무효로 한다."},
        {"id": "K2", "source_id": "민법 제108조", "claim_type": "cytat_doslowny", "source_text": MINBEOP_108,
         "quote": "② 상대방과 통정한 허위의 의사표시는 무효로 한다."},
    ]  # fmt: skip
    results = ground(items)
    assert [r.status for r in results] == [Status.VERIFIED, Status.UNVERIFIED]
    report = render_markdown(results, title="t")
    assert "Message(" not in report
    assert "zmiana sensu (liczba)" in report
    assert "Message(" not in render_markdown(results, title="t", lang="en")


# --- a paraphrase said the other way round --------------------------------------------------------------
# (lang, citation, the claim as a lawyer writes it, the claim reversed, the draft's word, the source's)
PARAPHRASES = [
    ("ko", "민법 제103조", "반사회질서의 "
     "법률행위는 무효이다.", "반사회질서의 법률행위는 유효이다.", "유효이다", "무효로"),
    ("ko", "개인정보 보호법 제21조 제1항", "개인정보가 불필요하게 된 때에는 지체 없이 파기하여야 한다.",
     "개인정보가 필요하게 된 때에는 지체 없이 파기하여야 한다.", "필요하게", "불필요하게"),
    ("ko", "2015다200111", "향후 체결되는 형사사건의 성공보수약정은 민법 제103조에 의하여 무효이다.",
     "향후 체결되는 형사사건의 성공보수약정은 민법 제103조에 의하여 유효이다.", "유효이다", "무효로"),
    ("pl", "art. 58 § 1 k.c.", "Czynność prawna sprzeczna z ustawą jest nieważna.",
     "Czynność prawna zgodna z ustawą jest nieważna.", "zgodna", "sprzeczna"),
    ("pl", "art. 58 § 1 k.c.", "Umowa sprzeczna z "
     "ustawą jest nieważna.", "Umowa sprzeczna z ustawą jest ważna.",
     "ważna", "nieważna"),
    ("en", "C-311/18", "The Court held that the Privacy Shield Decision is invalid.",
     "The Court held that the Privacy Shield Decision is valid.", "valid", "invalid"),
]  # fmt: skip


def _operative_part(citation: str) -> str:
    """The whole operative part of a judgment, as the product finds it: five points for C-311/18, of which
    the fourth says "validity" of another decision."""
    from tests.accuracy.evaluate import corpus_router
    from verifier.citations import extract_citations
    from verifier.topic_fields import operative_part

    (cited,) = extract_citations(f"Case {citation}")
    assert cited.anchor is not None
    document = corpus_router().resolve(cited.anchor).document
    span = operative_part(document)
    assert span is not None
    return document.text[span[0] : span[1]]


def _passage(citation: str) -> str:
    if citation == "2015다200111":
        return JUDGMENT_2015DA200111
    return _operative_part(citation) if citation == "C-311/18" else _source(citation)


@pytest.mark.parametrize(("lang", "citation", "right", "wrong", "draft", "source"), PARAPHRASES)
def test_a_paraphrase_that_agrees_is_not_reversed(
    lang: str, citation: str, right: str, wrong: str, draft: str, source: str
) -> None:
    assert compare_polarity(right, _passage(citation), lang=lang).reversals == ()


@pytest.mark.parametrize(("lang", "citation", "right", "wrong", "draft", "source"), PARAPHRASES)
def test_a_paraphrase_said_the_other_way_round_is_a_reversal_naming_both(
    lang: str, citation: str, right: str, wrong: str, draft: str, source: str
) -> None:
    reversals = compare_polarity(wrong, _passage(citation), lang=lang).reversals
    certain = [(r.draft, r.source) for r in reversals if not r.conditional]
    assert (draft, source) in certain, reversals
    assert {r.basis for r in reversals if (r.draft, r.source) == (draft, source)} <= {"antonym", "prefix"}


# the rule applied the other way round, correctly: a person reads it, no proof of a reversal
APPLIED = [
    (
        "ko",
        "민법 제108조 제2항",
        "통정허위표시의 무효는 악의의 제삼자에게는 대항할 수 있다.",
    ),  # contrapositive
    ("ko", "민법 제103조", "이 사건 약정은 사회질서에 위반되지 않으므로 유효하다."),
    ("pl", "art. 58 § 1 k.c.", "Umowa zgodna z ustawą jest ważna."),
    ("pl", "art. 58 § 1 k.c.", "Umowa, która nie jest sprzeczna z ustawą, jest ważna."),
    ("en", "Article 6(1) GDPR", "Processing is unlawful unless at least one of the grounds applies."),
    ("en", "Article 6(1) GDPR", "Processing without any of these grounds is unlawful."),
]


@pytest.mark.parametrize(("lang", "citation", "claim"), APPLIED)
def test_a_rule_applied_the_other_way_round_is_no_proof_of_a_reversal(
    lang: str, citation: str, claim: str
) -> None:
    reversals = compare_polarity(claim, _source(citation), lang=lang).reversals
    assert all(r.conditional for r in reversals if r.kind in ("negation", "opposite")), reversals


def test_the_same_predicate_flipped_without_the_antonym_is_still_a_reversal() -> None:
    # 민법 제108조② "선의의 제삼자에게 대항하지 못한다": the contrapositive above is not this
    reversals = compare_polarity(
        "통정허위표시의 무효는 선의의 제삼자에게 대항할 수 있다.", unit_text("민법 제108조 제2항"), lang="ko"
    ).reversals
    assert [(r.draft, r.source, r.conditional) for r in reversals] == [
        ("대항할 수 있다", "대항하지 못한다", False)
    ]


# --- numbers bound to what they are about ---------------------------------------------------------------
# (lang, citation, the claim with the unit's number, the claim with another, (draft, source))
NUMBERS = [
    ("ko", "근로기준법 제74조", "사용자는 임신 중의 여성에게 출산전후휴가를 "
     "90일 이상 주어야 한다(근로기준법 제74조).",
     "사용자는 임신 중의 여성에게 출산전후휴가를 "
      "80일 이상 주어야 한다(근로기준법 제74조).", ("80일", "90일")),
    ("ko", "근로기준법 제74조", "출산전후휴가는 90일 이상이다(근로기준법 제74조).",
     "출산전후휴가는 60일 이상이다(근로기준법 제74조).", ("60일", "90일")),
    ("ko", "근로기준법 제74조", "출산 후의 휴가 기간은 연속하여 45일 이상이 되어야 한다.",
     "출산 후의 휴가 기간은 연속하여 30일 이상이 되어야 한다.", ("30일", "45일")),
    ("ko", "형법 제331조 제2항", "3인 이상이 공모하고 적어도 2인 이상이 합동하여 "
     "타인의 재물을 절취한 자는 특수절도이다.",
     "3인 이상이 합동하여 타인의 재물을 절취한 자는 특수절도이다.", ("3인", "2명")),
    ("ko", "근로기준법 제26조", "사용자는 근로자를 해고하려면 적어도 삼십 일 전에 예고를 하여야 한다.",
     "사용자는 근로자를 해고하려면 적어도 이십 일 전에 예고를 하여야 한다.", ("이십 일", "30일")),
    ("pl", "art. 118 k.c.", "Termin przedawnienia wynosi dziesięć lat, a "
     "dla roszczeń o świadczenia okresowe trzy lata.",
     "Termin przedawnienia wynosi sześć lat, a dla roszczeń o świadczenia okresowe trzy lata.",
     ("sześć lat", "lat dziesięć")),
    ("en", "Article 12(3) GDPR", "The controller must answer within one month of receipt of the request.",
     "The controller must answer within six months of receipt of the request.", ("six months", "one month")),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "citation", "right", "wrong", "pair"), NUMBERS)
def test_a_number_the_unit_states_for_the_same_thing_agrees(
    lang: str, citation: str, right: str, wrong: str, pair: tuple[str, str]
) -> None:
    assert compare_quantities(right, unit_text(citation), lang=lang).differences == ()


@pytest.mark.parametrize(("lang", "citation", "right", "wrong", "pair"), NUMBERS)
def test_another_number_for_the_same_thing_differs_naming_both(
    lang: str, citation: str, right: str, wrong: str, pair: tuple[str, str]
) -> None:
    check = compare_quantities(wrong, unit_text(citation), lang=lang)
    assert [(d.draft, d.source) for d in check.differences] == [pair]


# --- the pieces -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("words", "values"),
    [
        (["thirty", "days"], [30]),
        (["twenty-one"], [21]),
        (["dziesięć", "tysięcy", "złotych"], [10000]),
        (["lat", "sześciu"], [6]),
        (["삼십", "일"], [30]),
        (["삼", "년간"], [3]),
        (["두", "번"], [2]),
        (["이", "일을"], []),  # "this work", not two days
        (["사실", "한다"], []),
        (["no", "one"], [1]),  # a number word; alone it never decides (see same_numbers)
    ],
)
def test_numbers_written_in_words_are_read_in_every_language(words: list[str], values: list[int]) -> None:
    assert spelled_numbers(words) == values


@pytest.mark.parametrize(
    ("deleted", "inserted", "kind"),
    [
        (["zgodna"], ["sprzeczna"], "opposite"),
        (["niedopuszczalna"], ["dopuszczalna"], "negation"),
        (["bezskuteczna"], ["skuteczna"], "negation"),
        (["유효로"], ["무효로"], "opposite"),
        (["필요하게"], ["불필요하게"], "negation"),
        (["lawful"], ["unlawful"], "negation"),
        (["valid"], ["invalid"], "negation"),
        (["zgodna"], ["zgodnie"], None),  # one lexeme
        (["필요한"], ["필요하게"], None),
    ],
)
def test_the_corpus_antonyms_know_which_words_are_opposites(
    deleted: list[str], inserted: list[str], kind: str | None
) -> None:
    swap = swapped(deleted, inserted)
    assert (swap.kind if swap else None) == kind


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("antonyms_script", ROOT / "scripts/antonyms.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_antonym_is_shown_where_both_its_sides_occur_in_the_corpus() -> None:
    script = _script()
    for lang in ("ko", "pl", "en"):
        assert len(antonyms(lang).pairs) >= 10, lang
        lines = {(rel, n): line.casefold() for rel, n, line in script.texts(CORPUS, lang)}
        for row in (ROOT / f"verifier/data/antonyms-{lang}.txt").read_text(encoding="utf-8").splitlines():
            if row.startswith("#"):
                continue
            negative, positive, kind, _, evidence = row.split("\t")
            for side, where in zip(
                (negative, positive), evidence.removeprefix("# ").split("; "), strict=True
            ):
                count, place = where.split(" ", 2)[1:3] if where.startswith(side + " ") else ("", "")
                rel, _, n = place.split(" «")[0].rpartition(":")
                # a derived pair on two occurrences of each side at least; a listed pair on one
                assert count.startswith("×"), row
                assert int(count[1:]) >= (2 if kind == "prefix" else 1), row
                assert side in lines[(rel, int(n))], (side, where)


def test_the_antonym_data_is_what_the_script_derives_from_the_corpus() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/antonyms.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr

"""A difference replaces exact draft offsets: the tracked-changes export writes it back as it is."""

from __future__ import annotations

import pytest

from verifier.form import SourceFacts, Unit
from verifier.form.write import form_note, restyle

SN = SourceFacts(
    "pl",
    "judgment",
    court="Sąd Najwyższy",
    date="2002-07-05",
    number="III CZP 36/02",
    decision_type="uchwała",
)
KR_ACT = SourceFacts("kr", "statute", act="개인정보 보호법", unit=Unit("15", "1", "2"))
KR_DECISION = SourceFacts("kr", "judgment", court="대법원", date="1983-04-02", number="83모8")
EU_CASE = SourceFacts(
    "eu", "eu_case", court="CJEU", date="2020-07-16", number="C-311/18", ecli="ECLI:EU:C:2020:559"
)
CASES = [
    # (sentence of a draft, the citation in it, its facts, style, the sentence with every fix applied, rules)
    (
        "Zob. uchwałę Sądu Najwyższego z 5.07.2002 r., III CZP 36/02.",
        "uchwałę Sądu Najwyższego z 5.07.2002 r., III CZP 36/02",
        SN,
        "full",
        "Zob. uchwałę SN z dnia 5 lipca 2002 r., III CZP 36/02.",
        ["pl.court", "pl.judgment"],
    ),
    (
        "Zob. uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02.",
        "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02",
        SN,
        "short",
        "Zob. uchwała SN z 5.07.2002 r., III CZP 36/02.",
        ["pl.judgment"],
    ),
    (
        "이 사건은 동법 제15조제1항 제2호에 해당한다.",
        "동법 제15조제1항 제2호",
        KR_ACT,
        "full",
        "이 사건은 같은 법 제15조 제1항 제2호에 해당한다.",
        ["kr.same_act", "kr.unit"],
    ),
    (
        "대법원 1983. 4. 2.자 83모8 결정 참조.",
        "대법원 1983. 4. 2.자 83모8 결정",
        KR_DECISION,
        "full",
        "대법원 1983. 4. 2. 자 83모8 결정 참조.",
        ["kr.judgment"],
    ),
    (
        "See judgment of 16 July 2020, Facebook Ireland and Schrems, C-311/18, ECLI:EU:C:2020:559, para. 84.",
        "judgment of 16 July 2020, Facebook Ireland and Schrems, C-311/18, ECLI:EU:C:2020:559, para. 84",
        EU_CASE,
        "full",
        "See judgment of 16 July 2020, Facebook Ireland and Schrems, C-311/18, EU:C:2020:559, paragraph 84.",
        ["eu.ecli", "eu.judgment"],
    ),
]


@pytest.mark.parametrize(("sentence", "citation", "facts", "style", "fixed", "rules"), CASES)
def test_the_fixes_applied_at_their_offsets_write_the_practice_form(
    sentence: str, citation: str, facts: SourceFacts, style: str, fixed: str, rules: list[str]
) -> None:
    start = sentence.index(citation)
    note = form_note((start, start + len(citation)), citation, facts, style)
    assert note is not None
    assert [d.rule_id for d in note.differences] == rules
    out = sentence
    for d in reversed(note.differences):
        assert sentence[d.start : d.end] == d.written_part
        out = out[: d.start] + d.canonical_part + out[d.end :]
    assert out == fixed


def test_a_note_in_the_full_form_is_read_in_the_short_one_from_its_facts() -> None:
    written = "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02"
    note = form_note((0, len(written)), written, SN, "full")
    assert note is not None
    assert not note.differences
    short = restyle(note, "short")
    assert short.canonical == "uchwała SN z 5.07.2002 r., III CZP 36/02"
    assert [d.written_part for d in short.differences] == ["z dnia 5 lipca 2002 r."]

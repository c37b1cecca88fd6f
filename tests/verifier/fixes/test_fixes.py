"""A fix says where the draft changes and to what, in the draft's own way of writing it, and only where
the draft's words can be found: a date in the form the draft dates it, a pinpoint whatever its spacing, the
source's words for a quote up to the end of the source's sentence."""

from __future__ import annotations

import datetime

import pytest

from verifier.fixes import Fix, applied, without_overlaps
from verifier.fixes.citation import court_fix, date_fix, label_fix
from verifier.fixes.quote import quote_fixes, source_words

SOURCE_103 = (
    "제103조(반사회질서의 법률행위) 선량한 풍속 기타 사회질서에 위반한 사항을 "
    "내용으로 하는 법률행위는 무효로 한다.\n"
)


def fixed(draft: str, fix: Fix | None) -> str:
    assert fix is not None
    return applied(draft, [fix])


@pytest.mark.parametrize(
    ("citation", "expected"),
    [
        ("대법원 2016. 8. 18. 선고 2014다235080 판결", "대법원 2016. 8. 17. 선고 2014다235080 판결"),
        ("대법원 2016년 8월 18일 선고 2014다235080 판결", "대법원 2016년 8월 17일 선고 2014다235080 판결"),
        (
            "uchwała SN z dnia 18 sierpnia 2016 r., III CZP 36/02",
            "uchwała SN z dnia 17 sierpnia 2016 r., III CZP 36/02",
        ),
        ("wyrok SN z 18.08.2016 r., III CZP 36/02", "wyrok SN z 17.08.2016 r., III CZP 36/02"),
        ("judgment of 18 August 2016, C-311/18", "judgment of 17 August 2016, C-311/18"),
    ],
)
def test_a_date_is_corrected_in_the_form_the_draft_writes_it(citation: str, expected: str) -> None:
    fix = date_fix(
        citation,
        (0, len(citation)),
        datetime.date(2016, 8, 18),
        datetime.date(2016, 8, 17),
        finding="C1",
        why="",
    )
    assert fixed(citation, fix) == expected
    assert fix is not None
    assert len(fix.text) <= 2


def test_a_month_written_as_a_word_stays_a_word_of_the_same_language() -> None:
    citation = "Sąd Najwyższy w uchwale z dnia 5 sierpnia 2002 r., III CZP 36/02"
    fix = date_fix(
        citation,
        (0, len(citation)),
        datetime.date(2002, 8, 5),
        datetime.date(2002, 7, 5),
        finding="C1",
        why="",
    )
    assert fixed(citation, fix) == "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02"
    english = "Judgment of 16 June 2020"
    fix = date_fix(
        english,
        (0, len(english)),
        datetime.date(2020, 6, 16),
        datetime.date(2020, 7, 16),
        finding="C1",
        why="",
    )
    assert fixed(english, fix) == "Judgment of 16 July 2020"


def test_no_date_is_changed_where_the_draft_does_not_write_the_date_the_finding_names() -> None:
    citation = "대법원 2016. 8. 17. 선고 2014다235080 판결"
    fix = date_fix(
        citation,
        (0, len(citation)),
        datetime.date(2015, 1, 1),
        datetime.date(2016, 8, 18),
        finding="C1",
        why="",
    )
    assert fix is None


def test_a_pinpoint_is_found_whatever_its_spacing_and_never_inside_a_longer_number() -> None:
    draft = "개인정보 보호법 제15조제1항제1호는 …"
    fix = label_fix(draft, (0, 19), "제15조 제1항 제1호", "제15조 제1항 제2호", finding="C1", why="")
    assert fixed(draft, fix) == "개인정보 보호법 제15조 제1항 제2호는 …"
    longer = "민법 제11호"
    assert label_fix(longer, (0, len(longer)), "제1호", "제2호", finding="C1", why="") is None
    eu = "Article 21(2) GDPR provides"
    fix = label_fix(eu, (0, 18), "Article 21(2)", "Article 21(3)", finding="C1", why="")
    assert fixed(eu, fix) == "Article 21(3) GDPR provides"


def test_a_court_is_replaced_only_inside_its_citation() -> None:
    draft = "SA w Krakowie orzekł … (wyrok SA w Krakowie z dnia 5 lipca 2002 r., I ACa 1/02)."
    start = draft.index("wyrok")
    fix = court_fix(draft, (start, len(draft)), "SA w Krakowie", "SA w Katowicach", finding="C1", why="")
    assert fixed(draft, fix).startswith("SA w Krakowie orzekł … (wyrok SA w Katowicach z dnia")


def test_a_quote_gets_the_sources_words_to_the_end_of_the_sentence_the_draft_quotes_whole() -> None:
    start = SOURCE_103.index("선량한")
    end = SOURCE_103.index(" 한다.")  # the matcher's shortest window stops at "무효로"
    quote = "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효이다."
    words = source_words(quote, SOURCE_103[start:], start, [], start, end)
    assert words == "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."
    # a quote that does not end its sentence gets the window only
    assert source_words(quote[:-1], SOURCE_103[start:], start, [], start, end).endswith("무효로")


def test_a_quote_with_a_gap_keeps_it_and_the_sources_line_breaks_become_spaces() -> None:
    source = "Art. 1. Pierwsza część\nzdania, a potem dalej. Druga część zdania."
    first = (source.index("Pierwsza"), source.index(", a potem"))
    second = (source.index("Druga"), source.index(" zdania."))
    words = source_words("Pierwsza część […] Druga część", source, 0, [first, second], first[0], second[1])
    assert words == "Pierwsza część zdania […] Druga część"


def test_two_fixes_of_the_same_words_the_first_in_draft_order_is_offered() -> None:
    draft = "abcdef"
    fixes = [Fix(2, 4, "X", "C2", ""), Fix(1, 3, "Y", "C1", ""), Fix(4, 6, "Z", "C3", "")]
    assert [f.finding for f in without_overlaps(fixes)] == ["C1", "C3"]
    assert applied(draft, fixes) == "aYdZ"


def test_a_quote_is_changed_in_the_words_that_differ_only() -> None:
    draft = 'GDPR: "the legitimate interest pursued by the controller" (Article 6(1)(f)).'
    start = draft.index("the legitimate")
    span = (start, draft.index('" ('))
    words = "the legitimate interests pursued by the controller"
    fixes = quote_fixes(draft, span, words, finding="C1", why="")
    assert [(draft[f.start : f.end], f.text) for f in fixes] == [("interest", "interests")]
    korean = '"법률행위는 무효이다."라고'
    fixes = quote_fixes(korean, (1, korean.index('"라고')), "법률행위는 무효로 한다.", finding="C1", why="")
    assert [(korean[f.start : f.end], f.text) for f in fixes] == [("무효이다", "무효로 한다")]
    assert applied(korean, fixes) == '"법률행위는 무효로 한다."라고'


def test_a_word_the_source_adds_is_given_with_the_word_before_it() -> None:
    draft = '"shall be processed"'
    fixes = quote_fixes(draft, (1, len(draft) - 1), "shall no longer be processed", finding="C1", why="")
    assert [(draft[f.start : f.end], f.text) for f in fixes] == [("shall", "shall no longer")]
    assert all(f.end > f.start for f in fixes)

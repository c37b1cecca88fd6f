"""FRAGMENT level on real sources: what a lawyer sees when a quote is there, almost there, or not there."""

from __future__ import annotations

import json
import re
import time
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from verifier.match import fragment
from verifier.match.fragment import FragmentStatus, find_quote, meaning_change
from verifier.text import Normalized, normalize

CORPUS = Path(__file__).parent.parent / "data" / "corpus"

SCHREMS_SENTENCE = (
    "In the course of the Commissioner’s investigation, Facebook Ireland explained that a large part of "
    "personal data was transferred to Facebook Inc. pursuant to the standard data protection clauses set out "
    "in the annex to the SCC Decision."
)
# III CZP 36/02 (SN): the resolution itself, written across five lines in the source
CZP_RESOLUTION = (
    "Przepis art. 691 k.c. w brzmieniu nadanym ustawą z dnia 21 czerwca 2001 r. o ochronie praw lokatorów, "
    "mieszkaniowym zasobie gminy i o zmianie Kodeksu cywilnego (Dz.U. Nr 71, poz. 733) nie ma zastosowania "
    "dla oceny przesłanek wstąpienia w stosunek najmu po najemcy zmarłym przed wejściem w życie tej ustawy."
)
MINBEOP_103 = "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."


@cache
def source(name: str) -> str:
    if name == "schrems":
        return (CORPUS / "eu/case_law/C-311-18.md").read_text(encoding="utf-8")
    if name == "minbeop":
        return (CORPUS / "kr/statutes/민법/법률.md").read_text(encoding="utf-8")
    judgments = json.loads((CORPUS / "pl/judgments/supreme_court/scJudgments_v1_1.json").read_text())
    by_number = {j["caseNumber"]: j["textContent"] for j in judgments}
    return str(by_number[{"czp": "III CZP 36/02", "urn": "II URN 30/94"}[name]])


@cache
def normalized(name: str) -> Normalized:
    return normalize(source(name))


def assert_span_reads(name: str, start: int | None, end: int | None, expected: str) -> None:
    assert start is not None
    assert end is not None
    assert normalize(source(name)[start:end]).text == normalize(expected).text


# (source, quote as the draft writes it, expected status, the source text the span must cover)
EXACT_CASES = [
    ("schrems", SCHREMS_SENTENCE, SCHREMS_SENTENCE),
    ("schrems", SCHREMS_SENTENCE.replace("’", "'"), SCHREMS_SENTENCE),  # straight apostrophe in the draft
    ("czp", CZP_RESOLUTION, CZP_RESOLUTION),  # source breaks lines; the draft does not
    ("minbeop", MINBEOP_103, MINBEOP_103),
    ("minbeop", unicodedata.normalize("NFD", MINBEOP_103), MINBEOP_103),  # NFD Hangul from a Mac
    # "do-\ntychczasowego" in the source is one word broken at a line end
    ("urn", "uniemożliwiające kontynuowanie dotychczasowego zatrudnienia", None),
]


@pytest.mark.parametrize(("name", "quote", "covers"), EXACT_CASES, ids=lambda v: str(v)[:20])
def test_it_finds_a_verbatim_quote_with_its_span_in_the_original(
    name: str, quote: str, covers: str | None
) -> None:
    result = find_quote(quote, normalized(name))
    assert result.status is FragmentStatus.EXACT
    assert result.similarity == 1.0
    assert_span_reads(name, result.start, result.end, covers or quote)


def test_it_reports_the_line_break_hyphenation_it_undid() -> None:
    result = find_quote("kontynuowanie dotychczasowego zatrudnienia", normalized("urn"))
    assert "hyphenation" in result.rules


# gap markers as lawyers write them
BEFORE_GAP = "In the course of the Commissioner’s investigation"
AFTER_GAP = "pursuant to the standard data protection clauses"
GAP_QUOTES = [f"{BEFORE_GAP} {gap} {AFTER_GAP}" for gap in ("[…]", "[...]", "(...)", "…")]


@pytest.mark.parametrize("quote", GAP_QUOTES)
def test_it_matches_a_quote_with_gaps_as_ordered_segments(quote: str) -> None:
    result = find_quote(quote, normalized("schrems"))
    assert result.status is FragmentStatus.EXACT
    assert len(result.segments) == 2
    (s1, e1), (s2, e2) = result.segments
    assert e1 < s2
    assert source("schrems")[s1:e1] == BEFORE_GAP
    assert source("schrems")[s2:e2] == AFTER_GAP


def test_it_does_not_accept_gap_segments_in_the_wrong_order() -> None:
    quote = f"{AFTER_GAP} […] {BEFORE_GAP}"
    assert find_quote(quote, normalized("schrems")).status is not FragmentStatus.EXACT


# (quote with a small error, the draft's word the diff must delete, the source's word it must insert)
MODIFIED_CASES = [
    # one diacritic changed, a curly quote straightened and a soft hyphen from a PDF: only the diacritic shows
    (
        SCHREMS_SENTENCE.replace("investigation", "investigatión")
        .replace("’", '"')
        .replace("large", "lar\u00adge"),
        "investigatión",
        "investigation",
    ),
    (CZP_RESOLUTION.replace("przesłanek", "przeslanek"), "przeslanek", "przesłanek"),
    (CZP_RESOLUTION.replace("stosunek najmu", "stosunek najmy"), "najmy", "najmu"),
]


@pytest.mark.parametrize(("quote", "deleted", "inserted"), MODIFIED_CASES)
def test_it_marks_a_near_quote_modified_with_a_diff_of_exactly_the_changed_word(
    quote: str, deleted: str, inserted: str
) -> None:
    name = "schrems" if "Commissioner" in quote else "czp"
    result = find_quote(quote, normalized(name))
    assert result.status is FragmentStatus.MODIFIED
    changes = [d for d in result.diff if d[0] != "equal"]
    assert changes == [("delete", deleted), ("insert", inserted)]
    assert 0.85 <= result.similarity < 1.0
    assert result.start is not None
    assert result.end is not None
    assert inserted in source(name)[result.start : result.end]


# Small in characters, total in meaning: never a 🟡.
MEANING_CASES = [
    (CZP_RESOLUTION.replace("nie ma zastosowania", "ma zastosowania"), "negation"),
    (CZP_RESOLUTION.replace("art. 691", "art. 961"), "number"),
    (CZP_RESOLUTION.replace("21 czerwca 2001", "21 czerwca 2011"), "number"),
]


@pytest.mark.parametrize(("quote", "reason"), MEANING_CASES)
def test_it_never_passes_a_dropped_negation_or_changed_number_as_modified(quote: str, reason: str) -> None:
    result = find_quote(quote, normalized("czp"))
    assert result.status is FragmentStatus.ABSENT
    assert result.meaning_change == reason
    assert result.nearest, "the lawyer is shown where the real wording is"


@pytest.mark.parametrize(
    ("diff", "reason"),
    [
        ((("delete", "dopuszczalna"), ("insert", "niedopuszczalna")), "negation"),
        ((("delete", "valid"), ("insert", "invalid")), "negation"),
        ((("delete", "한다"), ("insert", "아니한다")), "negation"),
        ((("delete", "유효로"), ("insert", "무효로")), "negation"),  # 민법 제103조: void, not valid
        ((("delete", "가능하다"), ("insert", "불가능하다")), "negation"),
        ((("delete", "lawful"), ("insert", "unlawful")), "negation"),
        ((("delete", "2019"), ("insert", "2018")), "number"),
        ((("delete", "sad"), ("insert", "sąd")), None),
    ],
)
def test_it_knows_which_differences_change_the_meaning(
    diff: tuple[tuple[str, str], ...], reason: str | None
) -> None:
    assert meaning_change(diff) == reason


def test_it_requires_whole_words() -> None:
    # the source says "niedopuszczalna" only; "dopuszczalna" inside it is not a quote of it
    src = "Zatem taka czynność jest niedopuszczalna w świetle art. 58 k.c."
    assert find_quote("dopuszczalna w świetle art. 58 k.c.", src).status is not FragmentStatus.EXACT


INVENTED = [
    (
        "schrems",
        "The Court held that the Privacy Shield is entirely valid and protects European citizens adequately.",
    ),
    (
        "czp",
        "Sąd Najwyższy uznał, że najemca może zawsze wypowiedzieć umowę bez zachowania terminów ustawowych.",
    ),
    ("minbeop", "계약의 당사자는 언제든지 아무런 이유 없이 계약을 해지할 수 있다."),
]


@pytest.mark.parametrize(("name", "quote"), INVENTED)
def test_it_reports_an_invented_quote_absent_with_the_nearest_passages(name: str, quote: str) -> None:
    result = find_quote(quote, normalized(name))
    assert result.status is FragmentStatus.ABSENT
    assert result.start is None
    assert 1 <= len(result.nearest) <= fragment.NEAREST_LIMIT
    for passage in result.nearest:
        assert source(name)[passage.start : passage.end] == passage.excerpt
        assert passage.similarity < 0.85


@pytest.mark.parametrize(
    ("quote", "message"),
    [("", "no words"), ("[…]", "no words"), ("  ", "no words")],
)
def test_it_rejects_a_quote_with_nothing_to_look_for(quote: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        find_quote(quote, "any source")


def test_it_normalizes_a_source_once_for_a_hundred_quotes(monkeypatch: pytest.MonkeyPatch) -> None:
    text = source("schrems")
    big = (text * (1_000_000 // len(text) + 1))[:1_000_000]
    pieces = re.split(r"(?<=\.) |\n", text)
    sentences = [s.strip() for s in pieces if 60 < len(s.strip()) < 300][:100]
    assert len(sentences) == 100
    calls: list[int] = []
    real = fragment.normalize

    def counting(t: str) -> Normalized:
        calls.append(len(t))
        return real(t)

    monkeypatch.setattr(fragment, "normalize", counting)
    started = time.process_time()
    src = counting(big)
    results = [find_quote(s, src) for s in sentences]
    elapsed = time.process_time() - started
    assert all(r.status is FragmentStatus.EXACT for r in results)
    assert sum(1 for n in calls if n == len(big)) == 1
    assert len(calls) == 101
    assert elapsed < 5, f"100 quotes against 1 MB took {elapsed:.2f} s"


# --- issue 15 §10: Korean paragraph marks, quotes cut after a mark, a quote closing inside a word -------
MINBEOP_108 = "상대방과 통정한 허위의 의사표시는 무효로 한다."
SUNGGONG_BOSU = (
    "형사사건에서의 성공보수약정은 수사·재판의 결과를 금전적인 대가와 결부시킴으로써, 기본적 인권의 옹호와 "
    "사회정의의 실현을 사명으로 하는 변호사 직무의 공공성을 저해"
)


@cache
def precedent_2015da200111() -> Normalized:
    return normalize((CORPUS / "kr/precedents/민사/대법원/대법원_2015-07-23_2015다200111.md").read_text())


# (source, quote, the statuses it may have): never 🔴 "number changed" for a mark written another way
MARK_CASES = [
    ("minbeop", f"①{MINBEOP_108}", {FragmentStatus.EXACT, FragmentStatus.MODIFIED}),  # no space after ①
    ("minbeop", f"① {MINBEOP_108}", {FragmentStatus.EXACT, FragmentStatus.MODIFIED}),
    ("minbeop", f"(1) {MINBEOP_108}", {FragmentStatus.EXACT, FragmentStatus.MODIFIED}),  # (1) for ①
]


@pytest.mark.parametrize(("name", "quote", "statuses"), MARK_CASES)
def test_a_paragraph_mark_written_another_way_is_no_changed_number(name: str, quote: str, statuses) -> None:
    result = find_quote(quote, normalized(name))
    assert result.status in statuses, result
    assert result.meaning_change is None


def test_a_changed_paragraph_mark_is_still_a_changed_number() -> None:
    # ② is another paragraph of 제108조 than ①: the quote of ① marked ② is not "modified"
    result = find_quote(f"② {MINBEOP_108}", normalized("minbeop"))
    assert result.status is FragmentStatus.ABSENT
    assert result.meaning_change == "number"


def test_a_korean_quote_may_close_inside_a_word() -> None:
    # 2015다200111 판결요지: the draft writes `"…공공성을 저해"한다고`, the judgment "저해하고"
    result = find_quote(SUNGGONG_BOSU, precedent_2015da200111())
    assert result.status is FragmentStatus.EXACT


def test_a_korean_quote_never_closes_before_a_negation_of_its_word() -> None:
    text = normalize(
        "제22조의2 ② 그 정보는 법정대리인의 동의 없이 해당 아동으로부터 직접 수집하지 아니할 수 있다."
    )
    assert not fragment.korean_ending(text.text, text.text.index("수집") + 2, "직접 수집")
    assert find_quote("해당 아동으로부터 직접 수집", text).status is not FragmentStatus.EXACT


@pytest.mark.parametrize(
    ("deleted", "inserted", "same"),
    [
        (["①"], ["(1)"], True),
        (["①상대방과"], ["①"], True),
        (["§"], [], True),  # a quote cut after "§" of "§ 1"
        (["제1항"], ["제2항"], False),
        (["48"], ["72"], False),
        (["②"], ["①"], False),
        # C-590/22 quotes Article 83(5)'s fine as "20000000 EUR", the GDPR writes "20 000 000 EUR"
        (["20000000"], ["20", "000", "000"], True),
        (["20.000.000"], ["20000000"], True),
        (["10000000"], ["20", "000", "000"], False),
        (["20000000"], ["20", "000", "001"], False),
        (["1.5"], ["15"], False),
        # 대법원 1997. 11. 28. 선고 96누18069 판결 restates 민법 제1008조의3's "600평" as "6백평"
        (["6백평"], ["600평"], True),
        (["5백평"], ["600평"], False),
        (["3천만"], ["30000000"], True),
    ],
)
def test_numbers_are_compared_by_value(deleted: list[str], inserted: list[str], same: bool) -> None:
    assert fragment.same_numbers(deleted, inserted) is same


# --------------------------------------------------------------- an editor's square brackets inside a quote
# C-453/21 (tests/data/real/eu/C-453-21.md) quotes the GDPR with the Court's own marks: "[DPO]" for "data
# protection officer", "his [or her]" where the GDPR says "his". The words outside the marks are the GDPR's.


def gdpr() -> Normalized:
    return normalize((CORPUS / "eu/legislation/32016R0679/EU_document.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("quote", "source_says"),
    [
        ("Designation of the [DPO]", "Designation of the data protection officer"),
        ("Position of the [DPO]", "Position of the data protection officer"),
        (
            "he or she shall not be dismissed or penalised by the controller or the processor for performing "
            "his [or her] tasks",
            "for performing his tasks",
        ),
        ("for performing his [or her] tasks", "for performing his tasks"),
    ],
)
def test_an_editors_brackets_adapt_a_quote_that_is_there(quote: str, source_says: str) -> None:
    found = find_quote(quote, gdpr())
    assert found.status is FragmentStatus.MODIFIED
    assert "editorial_brackets" in found.rules
    assert all(op == "equal" for op, _ in found.diff)
    around = gdpr().original[found.start : (found.end or 0) + 40]
    assert normalize(source_says).text in normalize(around).text


@pytest.mark.parametrize(
    "quote",
    [
        # the negation dropped outside the brackets: still a changed meaning
        "he or she shall be dismissed or penalised by the controller or the processor for performing "
        "his [or her] tasks",
        # a mark at the edge stands for the source's next words only when they spell it out
        "Appointment of the [DPO]",
        # the words outside the marks are not the GDPR's
        "Designation of the [DPO] shall be mandatory in any case where the processing",
    ],
)
def test_brackets_never_carry_a_quote_whose_own_words_are_not_there(quote: str) -> None:
    assert find_quote(quote, gdpr()).status is FragmentStatus.ABSENT

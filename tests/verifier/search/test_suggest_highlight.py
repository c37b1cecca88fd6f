"""Suggestions for a red finding and the highlighted preview, on the real 개인정보 보호법 text
(corpus, served by the fake law.go.kr) and real precedent sentences: a draft that puts 제17조's rule
under 제15조 is pointed at 제17조 제1항, and nothing is proposed when the draft cites the right place."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.verifier.conftest import OC, quiet_http
from verifier.model import Anchor, SourceDocument
from verifier.search.highlight import highlight, terms, window
from verifier.search.suggest import (
    CaseLookup,
    case_lookup,
    defined_names,
    draft_words,
    statute_suggestions,
    topic_words,
)
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.search import KoreaSearch

LAW = "개인정보 보호법"
# The rule of 제17조 제1항 (제3자 제공) and of 제15조 제1항 (수집·이용), in the statute's words.
PROVIDE = "개인정보처리자는 정보주체의 동의를 받은 경우 정보주체의 개인정보를 제3자에게 제공할 수 있다."
COLLECT = (
    "개인정보처리자는 정보주체의 동의를 받은 경우 개인정보를 수집할 수 있으며 "
    "그 수집 목적의 범위에서 이용할 수 있다."
)


@pytest.fixture(scope="module")
def pipa(lawgokr_app: Callable[..., Any]) -> Iterator[tuple[KoreaSearch, SourceDocument]]:
    http = quiet_http(httpx.WSGITransport(app=lawgokr_app))
    search = KoreaSearch(LawGoKrResolver(http, base_url="http://fake/DRF", oc=OC))
    hit = next(h for h in search.statutes(LAW).hits if h.title.replace(" ", "") == "개인정보보호법")
    yield search, search.document("law", hit.id)
    http.close()


@pytest.mark.parametrize("with_ai", [True, False])
@pytest.mark.parametrize(
    ("cited_label", "cited", "claim", "expected"),
    [
        ("제15조 제1항", (("article", "15"), ("paragraph", "1")), PROVIDE, "제17조 제1항"),
        ("제17조 제1항", (("article", "17"), ("paragraph", "1")), COLLECT, "제15조 제1항"),
    ],
)
def test_it_points_a_wrong_article_at_the_one_that_says_it(
    pipa: tuple[KoreaSearch, SourceDocument],
    with_ai: bool,
    cited_label: str,
    cited: tuple[tuple[str, str], ...],
    claim: str,
    expected: str,
) -> None:
    search, document = pipa
    citation = f"{LAW} {cited_label}"
    sentence = f"{citation}에 따르면 {claim}"
    ai = search.articles(sentence, display=50).hits if with_ai else ()
    found = statute_suggestions(document, sentence, law_name=LAW, citation=citation, cited=cited, ai_hits=ai)
    assert found[0].label == expected
    assert cited_label not in [s.label for s in found]
    assert found[0].excerpt.startswith("①")


def test_it_proposes_nothing_when_the_draft_cites_the_right_paragraph(
    pipa: tuple[KoreaSearch, SourceDocument],
) -> None:
    _, document = pipa
    citation = f"{LAW} 제17조 제1항"
    found = statute_suggestions(
        document,
        f"{citation}에 따르면 {PROVIDE}",
        law_name=LAW,
        citation=citation,
        cited=(("article", "17"), ("paragraph", "1")),
    )
    assert found == []


def test_it_uses_ai_search_alone_when_the_law_text_is_not_at_hand(
    pipa: tuple[KoreaSearch, SourceDocument],
) -> None:
    search, _ = pipa
    sentence = f"{LAW} 제15조 제1항에 따르면 {PROVIDE}"
    ai = search.articles(sentence, display=50).hits
    found = statute_suggestions(None, sentence, law_name=LAW, cited=(("article", "15"),), ai_hits=ai)
    assert found[0].label == "제17조"
    assert all(s.reason == "aiSearch" for s in found)
    assert statute_suggestions(None, sentence, law_name="민법", ai_hits=ai) == []  # other laws' hits ignored


@pytest.mark.parametrize(
    ("claim", "citation", "words"),
    [
        (
            "대법원 2004. 10. 15. 선고 2004도4869 판결은 업무방해죄의 성립에 관하여 판시하였다.",
            "대법원 2004. 10. 15. 선고 2004도4869 판결",
            ["업무방해죄", "성립"],
        ),
        (
            "Sąd Okręgowy w wyroku IV Ka 810/22 uznał, że swobodna ocena dowodów nie została naruszona.",
            "IV Ka 810/22",
            ["swobodna", "została", "naruszona", "dowodów"],
        ),
    ],
)
def test_it_takes_the_topic_of_a_case_claim_without_the_citation(
    claim: str, citation: str, words: list[str]
) -> None:
    assert set(topic_words(claim, citation)) == set(words)


@pytest.mark.parametrize(
    ("anchor", "jurisdiction", "expected"),
    [
        (
            Anchor(key="kr:prec:2015두48999", number="2015두48999", date="2015-11-27", court="대법원"),
            "kr",
            CaseLookup("prec", "2015두", "대법원", "2015-11-27", "두"),
        ),
        (
            Anchor(key="pl:case:II CSK 123/19", number="II CSK 123/19", date="2019-03-12", court="SN"),
            "pl",
            CaseLookup("saos", "", "SN", "2019-03-12", "CSK"),
        ),
        # Without the day there is nothing to look neighbours up by: no automatic request at all.
        (Anchor(key="kr:prec:2015두48999", number="2015두48999"), "kr", None),
        (Anchor(key="eu:case:C-362/14", number="C-362/14", date="2015-10-06"), "eu", None),
    ],
)
def test_a_wrong_case_is_looked_up_by_its_identifiers_only(anchor, jurisdiction, expected) -> None:
    lookup = case_lookup(anchor, jurisdiction)
    assert lookup == expected
    if lookup is not None:
        assert set(lookup.query) <= set("0123456789두")  # never a word of the claim


@pytest.mark.parametrize(
    ("draft", "parties", "names"),
    [
        (
            '주식회사 퀵소트팩스(이하 "퀵소트팩스"라 한다)의 대표이사 제뷸론은 '
            "정보를 주식회사 블로른에 넘겼다.",
            (),
            {"퀵소트팩스", "제뷸론", "블로른"},
        ),
        (
            "Opinia dla Zebulon Quixotefax sp. z o.o. (dalej: „Spółka”), "
            "którą reprezentowała Krzeszowiakowa.",
            (),
            {"zebulon", "quixotefax", "spółka", "krzeszowiakowa"},
        ),
        (
            'Memorandum for Acme Widgets Ltd (hereinafter "the Client").',
            ("Jane Roe", "Bank"),
            {"acme", "widgets", "client", "jane", "roe", "bank"},
        ),
    ],
)
def test_it_knows_the_names_a_draft_gives(draft: str, parties: tuple[str, ...], names: set[str]) -> None:
    assert names <= defined_names(draft, parties)
    assert not {"정보", "넘겼다", "opinia", "memorandum"} & defined_names(draft, parties)


@pytest.mark.parametrize(
    ("claim", "citation", "names", "words", "absent"),
    [
        (
            "대법원은 퀵소트팩스 사건과 유사한 부당해고구제재심판정취소 사건에서 "
            "시용근로관계에서 본 근로계약 체결 거부사유를 서면으로 통지하여야 한다고 "
            "판시하였다(대법원 2015. 11. 27. 선고 2015두48999 판결).",
            "대법원 2015. 11. 27. 선고 2015두48999 판결",
            {"퀵소트팩스"},
            {"부당해고구제재심판정취소", "시용근로관계"},
            {"퀵소트팩스"},
        ),
        (
            '대법원은 "제뷸론과 같은 대표이사는 손해를 배상할 책임이 있다"라고 판시하였다.',
            None,
            set(),
            set(),
            {"제뷸론과", "제뷸론", "대표이사는", "배상할"},  # a quote never goes out
        ),
        (
            "Por. wyrok SN z dnia 12 marca 2019 r., II CSK 123/19, w sprawie Zebulon Quixotefax przeciwko "
            "Vantablorn S.A., w której sąd uznał odpowiedzialność zarządu spółki wobec wierzycieli.",
            "wyrok SN z dnia 12 marca 2019 r., II CSK 123/19",
            {"zebulon", "quixotefax", "vantablorn"},
            {"odpowiedzialność", "wierzycieli"},
            {"Zebulon", "Quixotefax", "Vantablorn"},
        ),
    ],
)
def test_a_search_with_words_of_the_draft_carries_no_name_and_no_quote(
    claim: str, citation: str | None, names: set[str], words: set[str], absent: set[str]
) -> None:
    chosen = draft_words(claim, citation, names)
    assert words <= set(chosen)
    assert not absent & set(chosen)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("업무방해 위력", ["업무방해", "위력"]),
        ('"swobodna ocena" dowodów', ["swobodna ocena", "dowodów"]),
        ("a 법 (제3자)", ["제3자", "법"]),
        ("  ", []),
        ("Art Art art", ["Art"]),
    ],
)
def test_it_marks_the_words_of_the_query(query: str, expected: list[str]) -> None:
    assert terms(query) == expected


@pytest.mark.parametrize(
    ("text", "query", "marked"),
    [
        ("정보주체의 개인정보를 제3자에게 제공", "제3자 제공", ["제3자", "제공"]),
        ("Zgodnie z art. 5 — Swobodna\nocena dowodów", '"swobodna ocena"', ["Swobodna\nocena"]),
        ("no match here", "업무방해", []),
    ],
)
def test_it_highlights_every_occurrence_and_keeps_the_text_whole(
    text: str, query: str, marked: list[str]
) -> None:
    segments = highlight(text, query)
    assert "".join(part for part, _ in segments) == text
    assert [part for part, on in segments if on] == marked


def test_it_opens_a_long_preview_where_the_query_first_matches(
    pipa: tuple[KoreaSearch, SourceDocument],
) -> None:
    _, document = pipa
    start, end = window(document.text, "가명정보를 제3자에게 제공", size=1000)
    assert start > 0
    assert end - start <= 1000
    assert "가명정보를 제3자에게 제공" in document.text[start:end]

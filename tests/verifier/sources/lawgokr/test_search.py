"""Search over the law.go.kr collections against the fake DRF (real corpus and recorded answers)
and, where no fake serves a collection, against constructed answers in the documented wire shape
(tests/data/recorded_search, labelled constructed). What a lawyer would notice: the right filters
reach the API, hits that contradict a filter never show, empty answers read "no results", and a body
opens as a document with its sections."""

from __future__ import annotations

import httpx
import pytest

from tests.verifier.conftest import OC, Recorder, quiet_http
from verifier.model import Kind
from verifier.sources.errors import NotFoundError, PermanentError
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.search import KoreaSearch

# ------------------------------------------------------------------------------------- statutes (fake)


def test_it_lists_statutes_by_name_including_the_substring_hits_law_go_kr_gives(
    fake_kr: tuple[KoreaSearch, Recorder],
) -> None:
    search, recorder = fake_kr
    page = search.statutes("민법")
    names = [h.title for h in page.hits]
    assert "민법" in names
    assert "난민법" in names
    assert names.index("난민법") < names.index("민법")
    assert recorder.last("target") == "law"
    assert recorder.last("OC") == OC
    minbeop = next(h for h in page.hits if h.title == "민법")
    assert minbeop.meta["법령ID"] == "001706"
    assert "OC=" not in minbeop.url


def test_it_opens_a_statute_hit_as_the_whole_law_with_its_articles(
    fake_kr: tuple[KoreaSearch, Recorder],
) -> None:
    search, _ = fake_kr
    hit = next(
        h for h in search.statutes("개인정보 보호법").hits if h.title.replace(" ", "") == "개인정보보호법"
    )
    document = search.document("law", hit.id)
    assert document.kind is Kind.STATUTE
    assert "정보주체의 개인정보를 제3자에게 제공(공유를 포함한다. 이하 같다)할 수 있다" in document.text
    assert any(u.label == "제17조 제1항" for u in document.units)


@pytest.mark.parametrize(("display", "sent"), [(0, "1"), (250, "100"), ("7", "7"), (-3, "1")])
def test_it_sends_a_clamped_page_size(
    fake_kr: tuple[KoreaSearch, Recorder], display: object, sent: str
) -> None:
    search, recorder = fake_kr
    page = search.statutes("민법", display=display)
    assert recorder.last("display") == sent
    assert page.display == int(sent)


def test_it_pages_through_the_fake_and_counts_pages(fake_kr: tuple[KoreaSearch, Recorder]) -> None:
    search, recorder = fake_kr
    first = search.statutes("법", display=2, page=1)
    second = search.statutes("법", display=2, page=2)
    assert recorder.last("page") == "2"
    assert first.total == second.total
    assert first.total > 2
    assert first.pages == -(-first.total // 2)
    assert first.has_next
    assert not first.has_previous
    assert {h.id for h in first.hits}.isdisjoint({h.id for h in second.hits})


# ----------------------------------------------------------------------------------- precedents (fake)


@pytest.mark.parametrize(
    ("court", "date_from", "date_to", "params", "numbers"),
    [
        (None, None, None, {}, {"2015두41401", "2015두48136"}),
        ("대법원", None, None, {"org": "400201"}, {"2015두41401", "2015두48136"}),
        (
            "supreme",
            "2015-11-01",
            "2015-12-31",
            {"org": "400201", "prncYd": "20151101~20151231"},
            {"2015두48136"},
        ),
        (None, "20150901", "2015-09-30", {"prncYd": "20150901~20150930"}, {"2015두41401"}),
        ("서울고법", None, None, {"curt": "서울고등법원"}, set()),  # the fake ignores curt: hits dropped here
    ],
)
def test_it_filters_precedents_by_court_and_date(
    fake_kr: tuple[KoreaSearch, Recorder],
    court: str | None,
    date_from: str | None,
    date_to: str | None,
    params: dict[str, str],
    numbers: set[str],
) -> None:
    search, recorder = fake_kr
    page = search.precedents("부당해고구제재심판정취소", court=court, date_from=date_from, date_to=date_to)
    for name, value in params.items():
        assert recorder.last(name) == value
    assert {h.number for h in page.hits} == numbers
    assert all(h.court == "대법원" and h.url.startswith("https://www.law.go.kr/") for h in page.hits)
    if court == "서울고법":
        assert any("did not match the court/date filter" in n for n in page.notes)


@pytest.mark.parametrize(("case_type", "kept"), [("형사", 1), ("criminal", 1), ("400102", 1), ("민사", 0)])
def test_it_filters_precedents_by_case_type_on_the_page_and_says_so(
    fake_kr: tuple[KoreaSearch, Recorder], case_type: str, kept: int
) -> None:
    search, recorder = fake_kr
    page = search.precedents("업무방해", case_type=case_type)
    assert len(page.hits) == kept
    assert any("filtered on this page only" in n for n in page.notes)
    assert recorder.last("사건종류") is None  # nothing undocumented is sent


def test_it_sends_title_or_body_scope(fake_kr: tuple[KoreaSearch, Recorder]) -> None:
    search, recorder = fake_kr
    search.precedents("업무방해", scope="body")
    assert recorder.last("search") == "2"
    search.precedents("업무방해", scope="title")
    assert recorder.last("search") == "1"
    with pytest.raises(ValueError, match="'title' or 'body'"):
        search.precedents("업무방해", scope="everywhere")


def test_it_opens_a_precedent_with_its_holdings_first(fake_kr: tuple[KoreaSearch, Recorder]) -> None:
    search, _ = fake_kr
    hit = search.precedents("2004도4869").hits[0]
    document = search.document("prec", hit.id)
    assert document.number == "2004도4869"
    assert document.date == "2004-10-15"
    assert document.court == "대법원"
    assert document.text.startswith("【판시사항】")
    assert document.text.index("【참조조문】") < document.text.index("【판례내용】")
    assert document.kind is Kind.JUDGMENT


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"date_from": "2020-13-01"}, "not a calendar date"),
        ({"date_from": "yesterday"}, "date_from must be a date"),
        ({"date_from": "2021-01-01", "date_to": "2020-01-01"}, "is after"),
        ({"court": "헌법재판소"}, "헌재결정례"),
        ({"case_type": "살인"}, "unknown case type"),
    ],
)
def test_it_refuses_bad_filters_before_asking_anyone(
    fake_kr: tuple[KoreaSearch, Recorder], kwargs: dict[str, str], message: str
) -> None:
    search, recorder = fake_kr
    asked = len(recorder.queries)
    with pytest.raises(ValueError, match=message):
        search.precedents("업무방해", **kwargs)
    assert len(recorder.queries) == asked


def test_it_reads_zero_hits_as_no_results(fake_kr: tuple[KoreaSearch, Recorder]) -> None:
    search, _ = fake_kr
    page = search.decisions("헌재", "촛불집회")  # the fake has no 헌재 data: totalCnt 0
    assert page.hits == ()
    assert page.total == 0
    assert not page.empty_response


# -------------------------------------------------------------------------------------- aiSearch (fake)


def test_it_finds_articles_by_what_they_say(fake_kr: tuple[KoreaSearch, Recorder]) -> None:
    search, recorder = fake_kr
    page = search.articles("정보주체의 개인정보를 제3자에게 제공할 수 있다", display=5)
    assert recorder.last("target") == "aiSearch"
    assert recorder.last("search") == "0"
    first = page.hits[0]
    assert first.meta["법령명"].replace(" ", "") == "개인정보보호법"
    assert first.title.endswith(first.number or "?")
    assert first.number.startswith("제")


@pytest.mark.parametrize("domain", [4, -1, "x"])
def test_it_refuses_an_unknown_ai_search_domain(
    fake_kr: tuple[KoreaSearch, Recorder], domain: object
) -> None:
    search, _ = fake_kr
    with pytest.raises(ValueError, match="0, 1, 2 or 3"):
        search.articles("제3자 제공", domain=domain)


@pytest.mark.parametrize(
    ("domain", "tag"), [(1, "법령별표서식"), (2, "행정규칙조문"), (3, "행정규칙별표서식")]
)
def test_it_sends_each_ai_search_domain(domain: int, tag: str) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        body = (
            f"<aiSearch><검색결과개수>1</검색결과개수><{tag}><법령ID>1</법령ID><법령명>constructed</법령명>"
            "<조문번호>0003</조문번호><조문가지번호>02</조문가지번호>"
            f"<조문내용>constructed text</조문내용></{tag}>"
            "</aiSearch>"
        )
        return httpx.Response(200, content=body.encode())

    http = quiet_http(httpx.MockTransport(handler))
    page = KoreaSearch(LawGoKrResolver(http, base_url="http://x/DRF", oc=OC)).articles("q", domain=domain)
    assert seen[0].url.params["search"] == str(domain)
    assert [h.number for h in page.hits] == ["제3조의2"]


# --------------------------------------------------------------------- faults and the empty answer


def test_it_shows_an_empty_upstream_body_as_no_results_not_as_an_error() -> None:
    calls: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(200, content=b"")

    http = quiet_http(httpx.MockTransport(handler))
    search = KoreaSearch(LawGoKrResolver(http, base_url="http://x/DRF", oc=OC))
    for page in (
        search.statutes("민법"),
        search.precedents("업무방해"),
        search.decisions("ftc", "담합"),
        search.articles("제3자 제공"),
        search.terms("공탁"),
    ):
        assert page.hits == ()
        assert page.total == 0
        assert page.empty_response
    assert len(calls) == 5  # an empty answer is an answer: not retried


def test_it_says_plainly_when_the_api_is_not_enabled_for_our_key(lawgokr_app: object) -> None:
    http = quiet_http(httpx.WSGITransport(app=lawgokr_app))  # type: ignore[arg-type]
    search = KoreaSearch(LawGoKrResolver(http, base_url="http://fake/DRF", oc="unsubscribed"))
    with pytest.raises(PermanentError, match="미신청"):
        search.statutes("민법")


def test_it_refuses_to_search_without_a_key() -> None:
    http = quiet_http(httpx.MockTransport(lambda r: httpx.Response(500)))
    search = KoreaSearch(LawGoKrResolver(http, base_url="http://x/DRF", oc=""))
    with pytest.raises(PermanentError, match="LAWGOKR_OC is not set"):
        search.precedents("업무방해")


def test_it_retries_a_5xx_and_then_answers() -> None:
    answers = iter(
        [httpx.Response(503), httpx.Response(200, content=b"<PrecSearch><totalCnt>0</totalCnt></PrecSearch>")]
    )
    http = quiet_http(httpx.MockTransport(lambda r: next(answers)))
    page = KoreaSearch(LawGoKrResolver(http, base_url="http://x/DRF", oc=OC)).precedents("업무방해")
    assert page.total == 0
    assert not page.empty_response


# -------------------------------------------------- committees, tribunals, ministries (constructed)


@pytest.mark.parametrize(
    ("collection", "target", "number", "date", "court"),
    [
        ("공정위", "ftc", "2009협심0509", "2009-04-15", "공정거래위원회"),
        ("조세심판원", "ttSpecialDecc", "조심 2099중0001", "2099-01-01", "조세심판원"),
        ("고용노동부", "moelCgmExpc", "constructed-0001", "2099-01-02", "고용노동부"),
        ("행정심판", "decc", "2018경기행심191", "2018-04-02", None),
        ("법령해석례", "expc", "20-0370", "2020-11-05", "법제처"),
        ("헌재", "detc", "2019헌마605", "2099-01-01", "헌법재판소"),
    ],
)
def test_it_searches_every_decision_collection_with_its_own_shape(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]],
    collection: str,
    target: str,
    number: str,
    date: str,
    court: str | None,
) -> None:
    search, seen = constructed_kr
    page = search.decisions(collection, "검색어")
    assert seen[-1].url.params["target"] == target
    first = page.hits[0]
    assert (first.collection, first.number, first.date, first.court) == (target, number, date, court)
    assert "OC=" not in first.url
    assert "REDACTED" not in first.url


def test_it_opens_a_committee_decision_as_a_document_with_its_sections(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]],
) -> None:
    search, seen = constructed_kr
    document = search.document("공정거래위원회", "9721")
    assert seen[-1].url.params["target"] == "ftc"
    assert seen[-1].url.params["ID"] == "9721"
    assert document.number == "2009협심0509"
    assert document.date == "2009-04-15"
    assert document.text.startswith("【주문】")
    assert "【이유】" in document.text
    assert "피심인들은 군납유류 입찰에서 사전에 합의하였다.\n2. 판단" in document.text  # <br/> → line break
    assert document.id == "lawgokr:ftc:9721"
    assert document.origin == "law.go.kr"


@pytest.mark.parametrize(
    ("date_from", "date_to", "numbers"),
    [
        (None, None, ["2009협심0509", "2020협심0001"]),
        ("2019-01-01", None, ["2020협심0001"]),
        (None, "2010-12-31", ["2009협심0509"]),
    ],
)
def test_it_filters_committee_dates_on_the_page_and_says_the_api_cannot(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]],
    date_from: str | None,
    date_to: str | None,
    numbers: list[str],
) -> None:
    search, seen = constructed_kr
    page = search.decisions("ftc", "입찰담합", date_from=date_from, date_to=date_to)
    assert [h.number for h in page.hits] == numbers
    assert "prncYd" not in seen[-1].url.params
    assert "edYd" not in seen[-1].url.params
    if date_from or date_to:
        assert any("no documented date parameter" in n for n in page.notes)


@pytest.mark.parametrize(("collection", "param"), [("detc", "edYd"), ("expc", "explYd")])
def test_it_sends_the_date_range_where_the_api_has_one(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]], collection: str, param: str
) -> None:
    search, seen = constructed_kr
    search.decisions(collection, "x", date_from="2020-01-01", date_to="2020-12-31")
    assert seen[-1].url.params[param] == "20200101~20201231"


@pytest.mark.parametrize("ministry", ["기획재정부", "nts"])
def test_it_says_when_a_ministry_serves_no_text(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]], ministry: str
) -> None:
    search, _ = constructed_kr
    page = search.decisions(ministry, "부가가치세")
    assert page.empty_response  # the constructed router has no list for these: empty body
    with pytest.raises(ValueError, match="serves no document body"):
        search.document(ministry, "123")


def test_it_reports_a_missing_body_as_not_found(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]],
) -> None:
    search, _ = constructed_kr

    with pytest.raises(Exception, match="empty body"):
        search.document("ftc", "404")


# --------------------------------------------------------------------------------- terms (constructed)


def test_it_gives_a_term_with_its_definitions_and_the_articles_that_use_it(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]],
) -> None:
    search, seen = constructed_kr
    page = search.terms("공탁")
    assert [(h.id, h.title) for h in page.hits] == [("851917", "공탁(공탁 신청 및 성립)")]
    term = search.term("851917", page.hits[0].title)
    assert seen[-2].url.params["trmSeqs"] == "851917"
    assert seen[-1].url.params["target"] == "lstrmRltJo"
    assert term.definitions[0][0].startswith("constructed definition: 금전")
    assert term.definitions[0][1].startswith("constructed source")
    assert [a.title for a in term.articles] == ["민법 제487조"]


@pytest.mark.parametrize("term_id", ["", "abc", "1 OR 1"])
def test_it_refuses_a_term_id_that_is_not_a_number(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]], term_id: str
) -> None:
    search, _ = constructed_kr
    with pytest.raises(ValueError, match="is a number"):
        search.term(term_id, "")


def test_it_reports_an_unknown_term_as_not_found(
    constructed_kr: tuple[KoreaSearch, list[httpx.Request]],
) -> None:
    search, _ = constructed_kr
    with pytest.raises(NotFoundError):
        search.term("1", "x")


def test_it_opens_the_version_of_a_law_in_force_on_a_date(fake_kr: tuple[KoreaSearch, Recorder]) -> None:
    search, recorder = fake_kr
    page = search.statutes("개인정보 보호법", effective_date="2099-01-01")
    hit = next(h for h in page.hits if h.title.replace(" ", "") == "개인정보보호법")
    mst, _, effective = hit.id.partition("@")
    assert effective == (hit.date or "").replace("-", "")
    document = search.document("eflaw", hit.id)
    assert recorder.last("target") == "eflaw"
    assert recorder.last("efYd") == effective
    assert recorder.last("MST") == mst
    assert "정보주체의 개인정보를 제3자에게 제공" in document.text


@pytest.mark.parametrize(("collection", "doc_id"), [("eflaw", "277015"), ("law", "abc"), ("law", "1@2025")])
def test_it_refuses_a_statute_id_it_cannot_open(
    fake_kr: tuple[KoreaSearch, Recorder], collection: str, doc_id: str
) -> None:
    search, _ = fake_kr
    with pytest.raises(ValueError, match="MST"):
        search.document(collection, doc_id)

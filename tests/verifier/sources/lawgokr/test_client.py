"""The law.go.kr resolver against the fake DRF (in-process and over a real socket) and the recorded answers:
every citation ends Found with the right text, or NotFound / Unavailable / Misconfigured with a reason a
lawyer can act on — never a silent skip, never the wrong law."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import httpx
import pytest

from fakes.lawgokr import law_node, make_app, render_json, render_xml
from verifier.model import Anchor, Found, Misconfigured, NotFound, Pinpoint, Resolver, Unavailable
from verifier.sources.errors import PermanentError, TransientError
from verifier.sources.http import SourceHTTP
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.structure import parse_law_json, parse_law_xml
from verifier.sources.lawgokr.structure_markdown import law_from_markdown
from verifier.sources.lawgokr.wire import (
    BROWSER_USER_AGENT,
    REFERER,
    check_response,
    iso_date,
    normalize_case_number,
)
from verifier.sources.units import unit_for

DATA = Path(__file__).resolve().parents[3] / "data"
KR_CORPUS = DATA / "corpus" / "kr"
KR_RECORDED = DATA / "recorded" / "korea_law_go_kr"
OC = "tester-oc"
# 대법원 2015다200111: the search lists it, the body is refused (as the real API does for some ids)
NO_BODY_SERIAL = "178858"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Any]


@pytest.fixture(scope="module")
def app() -> WSGIApp:
    return make_app(KR_CORPUS, KR_RECORDED, precedents_without_body={NO_BODY_SERIAL})


class Recorder:
    """Wraps the fake to remember what the client asked for, header by header."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        self.requests: list[dict[str, str]] = []
        self.headers: list[dict[str, str]] = []

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        query = {k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
        query["_path"] = environ.get("PATH_INFO", "")
        self.requests.append(query)
        headers = {"Referer": environ.get("HTTP_REFERER", ""), "UA": environ.get("HTTP_USER_AGENT", "")}
        self.headers.append(headers)
        return self.app(environ, start_response)

    def service_calls(self) -> list[dict[str, str]]:
        return [r for r in self.requests if r["_path"].endswith("lawService.do")]


def resolver_for(app: WSGIApp, *, oc: str = OC, **kwargs: Any) -> LawGoKrResolver:
    http = SourceHTTP(transport=httpx.WSGITransport(app=app), sleep=lambda _: None, max_retries=2)
    return LawGoKrResolver(http, base_url="http://fake.law.go.kr/DRF", oc=oc, **kwargs)


# ---------------------------------------------------------------------------------------- statutes


@pytest.mark.parametrize(
    ("anchor", "title", "doc_id", "pinpoint", "unit_starts"),
    [
        (Anchor("kr:law:민법", law="민법"), "민법", "lawgokr:law:001706@284415", Pinpoint("103"), "제103조("),
        (
            Anchor("kr:law:개인정보보호법", law="개인정보 보호법"),
            "개인정보 보호법",
            "lawgokr:law:011357@283839",
            Pinpoint("15", "1", "2"),
            "2. 법률에 특별한 규정이 있거나",
        ),
        (
            Anchor("kr:law:개인정보보호법", law="「개인정보보호법」"),  # bracketed, written without the space
            "개인정보 보호법",
            "lawgokr:law:011357@283839",
            Pinpoint("17", "1", "1"),
            "1. 정보주체의 동의를 받은 경우",
        ),
        (Anchor("kr:law:형법"), "형법", "lawgokr:law:001692@284025", Pinpoint("250", "1"), "① 사람을 살해한"),
        (
            Anchor("kr:law:건축법"),
            "건축법",
            "lawgokr:law:001823@001823:20251001",
            Pinpoint("2", "1", "8-2"),
            '8의2. "결합건축"이란',
        ),
    ],
)
def test_it_resolves_a_statute_to_the_whole_law_with_units(
    app: WSGIApp, anchor: Anchor, title: str, doc_id: str, pinpoint: Pinpoint, unit_starts: str
) -> None:
    result = resolver_for(app).resolve(anchor)
    assert isinstance(result, Found), result
    doc = result.document
    assert (doc.title, doc.id, doc.key, doc.origin) == (title, doc_id, anchor.key, "law.go.kr")
    assert doc.url.startswith("https://www.law.go.kr/법령/")
    unit = unit_for(doc.units, pinpoint)
    assert unit is not None
    assert doc.text[unit.start : unit.end].startswith(unit_starts)
    assert OC not in doc.url + doc.text + str(doc.meta)


def test_it_does_not_take_nanminbeop_for_minbeop(app: WSGIApp) -> None:
    # the API's name search is a substring search: query=민법 lists 난민법 first
    resolver = resolver_for(app)
    hits = resolver.search_laws("민법")
    assert hits[0].name == "난민법"
    result = resolver.resolve(Anchor("kr:law:민법"))
    assert isinstance(result, Found)
    assert result.document.title == "민법"


@pytest.mark.parametrize(
    ("anchor", "reason_part", "suggestion"),
    [
        (Anchor("kr:law:민사소송특별법"), "no law named '민사소송특별법'", None),
        (Anchor("kr:law:난민"), "no law named '난민'", "난민법"),
        # 민법 takes effect on 1960-01-01 (its first 연혁 version): nothing was in force in 1950
        (Anchor("kr:law:민법", date="1950-01-01"), "no version of 민법 was in force on 1950-01-01", None),
    ],
)
def test_an_unknown_law_is_not_found_with_close_names(
    app: WSGIApp, anchor: Anchor, reason_part: str, suggestion: str | None
) -> None:
    result = resolver_for(app).resolve(anchor)
    assert isinstance(result, NotFound)
    assert reason_part in result.reason
    if suggestion:
        assert suggestion in result.suggestions


def test_many_citations_of_one_law_cost_one_body_fetch(app: WSGIApp) -> None:
    recorder = Recorder(app)
    resolver = resolver_for(recorder)
    for anchor in [Anchor("kr:law:근로기준법"), Anchor("kr:law:근로기준법", pinpoint=Pinpoint("23"))] * 3:
        assert isinstance(resolver.resolve(anchor), Found)
    assert len(recorder.service_calls()) == 1


def test_every_request_carries_referer_and_a_browser_user_agent(app: WSGIApp) -> None:
    recorder = Recorder(app)
    assert isinstance(resolver_for(recorder).resolve(Anchor("kr:law:주택임대차보호법")), Found)
    assert recorder.headers
    assert all(h == {"Referer": REFERER, "UA": BROWSER_USER_AGENT} for h in recorder.headers)
    assert all(r["OC"] == OC for r in recorder.requests)


@pytest.mark.parametrize("law", ["개인정보보호법", "민법", "형법"])
def test_xml_and_json_bodies_give_the_same_text_and_units(app: WSGIApp, law: str) -> None:
    as_xml = resolver_for(app).resolve(Anchor(f"kr:law:{law}"))
    as_json = resolver_for(app, body_format="JSON").resolve(Anchor(f"kr:law:{law}"))
    assert isinstance(as_xml, Found)
    assert isinstance(as_json, Found)
    assert as_json.document.text == as_xml.document.text
    assert as_json.document.units == as_xml.document.units
    assert as_json.document.sha256 == as_xml.document.sha256


@pytest.mark.parametrize("law", ["개인정보보호법", "근로기준법", "주택임대차보호법"])
def test_the_offline_corpus_and_the_api_shapes_agree(law: str) -> None:
    # The corpus resolver reads the Markdown; the live resolver reads DRF XML/JSON. Same law, same units.
    md = law_from_markdown(next((KR_CORPUS / "statutes" / law).glob("*.md")).read_text(encoding="utf-8"))
    via_xml = parse_law_xml(render_xml(law_node(md)), mst=md.mst)
    via_json = parse_law_json(render_json(law_node(md)), mst=md.mst)
    assert via_xml.render() == md.render()
    assert via_json.render() == md.render()


# ------------------------------------------------------------------------- versions in force on a date

EFLAW_SEARCH = (KR_RECORDED / "lawSearch_target-eflaw_query-자동차관리법_display5_XML.xml").read_bytes()
EFLAW_BODY = (KR_RECORDED / "lawService_target-eflaw_ID-001823_건축법_full_XML.xml").read_bytes()


@pytest.mark.parametrize(
    ("on_date", "mst", "ef_yd"),
    [
        ("2025-09-01", "260419", "20250814"),  # 연혁: in force from 2025-08-14 until the 2025-10-01 version
        ("2025-10-15", "277015", "20251001"),  # 현행
        ("2026-01-01", "266643", "20251204"),  # 시행예정 on the recording day, in force by then
        ("2025-03-20", "261151", "20250320"),  # the day it took effect counts
    ],
)
def test_it_fetches_the_version_in_force_on_the_drafts_date(on_date: str, mst: str, ef_yd: str) -> None:
    # Recorded eflaw search for 자동차관리법 (five versions, one a different law containing the name).
    asked: list[dict[str, str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        params = dict(request.url.params)
        asked.append(params)
        if request.url.path.endswith("lawSearch.do"):
            return httpx.Response(200, content=EFLAW_SEARCH)
        return httpx.Response(200, content=EFLAW_BODY)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
    resolver = LawGoKrResolver(http, base_url="https://www.law.go.kr/DRF", oc=OC)
    result = resolver.resolve(Anchor("kr:law:자동차관리법", date=on_date))
    assert isinstance(result, Found), result
    service = [a for a in asked if a.get("target") == "eflaw" and "MST" in a]
    assert service == [{"OC": OC, "target": "eflaw", "type": "XML", "MST": mst, "efYd": ef_yd}]
    assert result.document.version == f"{mst}@{ef_yd}"
    assert all(a["target"] == "eflaw" for a in asked)


def test_a_date_before_every_listed_version_is_not_found() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=EFLAW_SEARCH)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
    result = LawGoKrResolver(http, base_url="https://x/DRF", oc=OC).resolve(
        Anchor("kr:law:자동차관리법", date="2024-01-01")
    )
    assert isinstance(result, NotFound)
    assert "earliest version law.go.kr lists takes effect on 2025-03-20" in result.reason


def test_the_recorded_minbeop_search_leads_to_minbeops_mst() -> None:
    recorded = (KR_RECORDED / "lawSearch_target-law_query-민법_display5_XML.xml").read_bytes()
    asked: list[dict[str, str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(dict(request.url.params))
        if request.url.path.endswith("lawSearch.do"):
            return httpx.Response(200, content=recorded)
        return httpx.Response(200, content="<Law>일치하는 법령이 없습니다.</Law>".encode())

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
    result = LawGoKrResolver(http, base_url="https://x/DRF", oc=OC).resolve(Anchor("kr:law:민법"))
    assert asked[-1]["MST"] == "265307"  # 민법, not 난민법 (188376) which the search lists first
    assert isinstance(result, NotFound)
    assert "일치하는 법령이 없습니다" in result.reason


# -------------------------------------------------------------------------------------- precedents


@pytest.mark.parametrize(
    ("anchor", "number", "date", "title", "summary_part", "text_part"),
    [
        (
            Anchor("kr:prec:2011다42324"),
            "2011다42324",
            "2011-10-27",
            "퇴직금등",
            "근로기준법 제27조에서 근로자에 대한 해고는 해고사유와 해고시기를 서면으로 통지하여야",
            "【원심판결】 서울고법 2011. 4. 29. 선고 2010나10766 판결",
        ),
        (
            Anchor("kr:prec:2004도4869", court="대법원", date="2004-10-15"),
            "2004도4869",
            "2004-10-15",
            None,
            None,
            "【판례내용】",
        ),
        (Anchor("kr:prec:83모8", number="83 모 8"), "83모8", "1983-04-02", None, None, "【판시사항】"),
    ],
)
def test_it_resolves_a_precedent_by_its_case_number(
    app: WSGIApp,
    anchor: Anchor,
    number: str,
    date: str,
    title: str | None,
    summary_part: str | None,
    text_part: str,
) -> None:
    result = resolver_for(app).resolve(anchor)
    assert isinstance(result, Found), result
    doc = result.document
    assert (doc.number, doc.date, doc.court) == (number, date, "대법원")
    assert doc.url.startswith("https://www.law.go.kr/LSW/precInfoP.do?precSeq=")
    assert doc.meta["판례일련번호"] in doc.url
    assert "<br/>" not in doc.text
    assert text_part in doc.text
    assert doc.summary
    assert doc.summary in doc.text.replace("【판시사항】\n", "").replace("\n\n【판결요지】\n", "\n")
    if title:
        assert doc.title == title
    if summary_part:
        assert summary_part in doc.summary


def test_a_precedent_listed_without_a_body_is_unavailable_not_unverified(app: WSGIApp) -> None:
    result = resolver_for(app).resolve(Anchor("kr:prec:2015다200111"))
    assert isinstance(result, Unavailable)
    assert "serves no text" in result.reason
    assert "일치하는 판례가 없습니다" in result.reason
    assert f"precSeq={NO_BODY_SERIAL}" in result.reason


@pytest.mark.parametrize(
    ("key", "reason_part"),
    [
        ("kr:prec:2099다1", "no 판례 numbered 2099다1"),
        ("kr:detc:2017헌바127", "no 헌재결정례 numbered 2017헌바127"),
        ("kr:expc:19-0123", "no 법령해석례 numbered"),
    ],
)
def test_an_unknown_decision_is_not_found(app: WSGIApp, key: str, reason_part: str) -> None:
    result = resolver_for(app).resolve(Anchor(key))
    assert isinstance(result, NotFound)
    assert reason_part in result.reason


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [
        ("2011다42324", "2011다42324"),
        ("2011 다 42324", "2011다42324"),
        ("2011-다-42324", "2011다42324"),
        ("대법원-2012-두-15340", "2012두15340"),
        ("94누4615", "94누4615"),
        ("86다카24445", "86다카24445"),
        ("4280민상278", "4280민상278"),
        ("2000므1257(본소), 1264(반소)", "2000므1257"),
        ("2017헌바127", "2017헌바127"),
    ],
)
def test_case_numbers_are_compared_normalized(raw: str, normalized: str) -> None:
    assert normalize_case_number(raw) == normalized


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("20111027", "2011-10-27"),
        ("2025.06.05", "2025-06-05"),
        ("42890525", "1956-05-25"),
        ("", None),
        ("2011", None),
    ],
)
def test_dates_are_read_including_dangi_years(raw: str, iso: str | None) -> None:
    assert iso_date(raw) == iso


# ---------------------------------------------------------------------------- failures and settings


def test_without_an_oc_key_every_lookup_says_so(app: WSGIApp) -> None:
    recorder = Recorder(app)
    resolver = resolver_for(recorder, oc="")
    for key in ("kr:law:민법", "kr:prec:2011다42324", "kr:detc:2017헌바127"):
        result = resolver.resolve(Anchor(key))
        assert isinstance(result, Misconfigured)
        assert result.reason.startswith("LAWGOKR_OC is not set")
    assert recorder.requests == []
    assert resolver.suggest_articles("민법", "권리는 남용하지 못한다") == []


def test_an_unsubscribed_key_is_misconfigured_not_missing(app: WSGIApp) -> None:
    result = resolver_for(app, oc="unsubscribed").resolve(Anchor("kr:law:민법"))
    assert isinstance(result, Misconfigured)
    assert "미신청" in result.reason
    assert "OPEN API 신청" in result.reason


# The JSON form of the verification failure as another client's test records it; the anti-bot page is a
# constructed sample of the `x={o:..,c:N},z=M` pattern clients describe.
VERIFICATION_FAILED_JSON = (
    '{"result": "사용자 정보 검증에 실패하였습니다.", "msg": "IP 주소를 등록해 주세요."}'.encode()
)
ANTI_BOT = b"<html><script>x={o:'ab',c:1},z=2;location.assign(x)</script></html>"
UNSUBSCRIBED_PAGE = (KR_RECORDED / "ERROR_lawSearch_type-JSON_unsubscribed_HTML_error_page.html").read_bytes()


@pytest.mark.parametrize(
    ("status", "body", "error", "message_part"),
    [
        (200, UNSUBSCRIBED_PAGE, PermanentError, "미신청"),
        (200, VERIFICATION_FAILED_JSON, PermanentError, "IP address"),
        (200, b"", TransientError, "empty"),
        (200, b"<!DOCTYPE html><html><body>system maintenance</body></html>", TransientError, "HTML page"),
        (200, ANTI_BOT, TransientError, "anti-bot"),
        (200, b"<LawSearch><law>", TransientError, "malformed"),
        (200, b'{"LawSearch": {"totalCnt": ', TransientError, "malformed"),
        (404, b"Not Found", TransientError, "404"),
    ],
)  # fmt: skip
def test_law_go_kr_answers_are_classified(
    status: int, body: bytes, error: type[Exception], message_part: str
) -> None:
    with pytest.raises(error, match=message_part):
        check_response(httpx.Response(status, content=body))


@pytest.mark.parametrize(
    "body",
    [
        (KR_RECORDED / "lawSearch_target-law_query-민법_display5_XML.xml").read_bytes(),
        (KR_RECORDED / "UpstageAI_ngs_41.json").read_bytes(),
        (KR_RECORDED / "lawService_target-lawjosub_ID-001823_JO-000100_XML.xml").read_bytes(),
    ],
)
def test_real_recorded_answers_pass_the_check(body: bytes) -> None:
    check_response(httpx.Response(200, content=body))


def test_a_flaky_api_is_retried_and_then_reported_unavailable_with_the_count(app: WSGIApp) -> None:
    failures = {"left": 2}

    def flaky(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if failures["left"]:
            failures["left"] -= 1
            start_response("200 OK", [("Content-Type", "text/html")])
            return ["<html><body>점검 중입니다</body></html>".encode()]
        return app(environ, start_response)

    result = resolver_for(flaky).resolve(Anchor("kr:law:형법"))
    assert isinstance(result, Found)
    assert result.document.retries == 2

    def down(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
        return [b"down"]

    result = resolver_for(down).resolve(Anchor("kr:law:형법"))
    assert isinstance(result, Unavailable)
    assert "HTTP 503" in result.reason
    assert result.retries == 2


@pytest.mark.parametrize("key", ["pl:case:II CSK 123/19", "kr:foo:bar", "kr:law:"])
def test_keys_it_cannot_answer_are_refused_plainly(app: WSGIApp, key: str) -> None:
    result = resolver_for(app).resolve(Anchor(key))
    assert isinstance(result, Misconfigured)
    assert key in result.reason


def test_it_is_a_resolver(app: WSGIApp) -> None:
    assert isinstance(resolver_for(app), Resolver)


# ------------------------------------------------------------------------------------------ aiSearch


@pytest.mark.parametrize(
    ("law", "claim", "expected"),
    [
        (
            "개인정보 보호법",
            "개인정보처리자는 정보주체의 동의를 받은 경우 정보주체의 개인정보를 "
            "제3자에게 제공(공유를 포함한다)할 수 있다",
            "제17조",
        ),
        ("민법", "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효", "제103조"),
        ("근로기준법", "근로자를 해고하려면 해고사유와 해고시기를 서면으로 통지하여야 한다", "제27조"),
    ],
)
def test_it_suggests_the_article_that_says_what_the_draft_claims(
    app: WSGIApp, law: str, claim: str, expected: str
) -> None:
    suggestions = resolver_for(app).suggest_articles(law, claim)
    assert suggestions[0] == expected


def test_article_search_reads_the_ai_search_answer(app: WSGIApp) -> None:
    hits = resolver_for(app).search_articles("권리의 행사와 의무의 이행은 신의에 좇아 성실히")
    assert hits
    best = hits[0]
    assert (best.law_name, best.label, best.title) == ("민법", "제2조", "신의성실")
    assert "권리는 남용하지 못한다" in best.text


def test_suggestions_fail_soft_when_the_search_is_down() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=1)
    resolver = LawGoKrResolver(http, base_url="https://x/DRF", oc=OC)
    assert resolver.suggest_articles("민법", "권리는 남용하지 못한다") == []


# ------------------------------------------------------------------------------ over a real socket


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def served(app: WSGIApp) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app, server_class=_ThreadingServer, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/DRF"
    server.shutdown()
    server.server_close()


def test_it_resolves_over_http_without_leaking_the_key(served: str, caplog: pytest.LogCaptureFixture) -> None:
    with SourceHTTP(timeout=5) as http, caplog.at_level(logging.DEBUG):
        resolver = LawGoKrResolver(http, base_url=served, oc=OC)
        law = resolver.resolve(Anchor("kr:law:개인정보보호법", law="개인정보 보호법"))
        prec = resolver.resolve(Anchor("kr:prec:2015두41401"))
    assert isinstance(law, Found)
    assert isinstance(prec, Found)
    assert prec.document.number == "2015두41401"
    assert OC not in caplog.text
    assert OC not in law.document.text


# ------------------------------------------------------------------- under injected faults (fakes.faults)

FAULT_ANCHORS = [
    Anchor("kr:law:민법"),
    Anchor("kr:law:형법"),
    Anchor("kr:prec:2011다42324"),
    Anchor("kr:prec:2004도4869"),
    Anchor("kr:law:근로기준법"),
]


@pytest.fixture(scope="module")
def truth(app: WSGIApp) -> dict[str, Found]:
    resolver = resolver_for(app)
    results = {a.key: resolver.resolve(a) for a in FAULT_ANCHORS}
    assert all(isinstance(r, Found) for r in results.values())
    return {k: v for k, v in results.items() if isinstance(v, Found)}


@pytest.mark.parametrize(("rate", "seed"), [(0.3, 3), (0.6, 3), (0.6, 11)])
def test_faults_never_turn_into_a_wrong_or_missing_source(
    app: WSGIApp, truth: dict[str, Found], rate: float, seed: int
) -> None:
    from fakes.faults import FaultPolicy
    from fakes.server import FakeSources

    policy = FaultPolicy(rate=rate, seed=seed, timeout_seconds=0.6, retry_after=0)
    with (
        FakeSources(data_dir=DATA, faults=policy, apps={"/lawgokr": app}) as fake,
        SourceHTTP(timeout=0.5, sleep=lambda _: None, max_retries=3, breaker_threshold=100) as http,
    ):
        resolver = LawGoKrResolver(http, base_url=fake.base_urls["LAWGOKR_BASE_URL"], oc=OC)
        results = [resolver.resolve(a) for a in FAULT_ANCHORS * 2]
    for anchor, result in zip(FAULT_ANCHORS * 2, results, strict=True):
        if isinstance(result, Found):
            assert result.document.sha256 == truth[anchor.key].document.sha256  # never half a text
        else:
            assert isinstance(result, Unavailable), result  # never NotFound or Misconfigured for a fault
            assert result.reason
    if rate < 0.5:
        assert all(isinstance(r, Found) for r in results)
    else:  # the schedule is seeded: at this rate some lookups do exhaust their retries
        assert any(isinstance(r, Unavailable) for r in results)

"""The fake law.go.kr must behave like the real one where clients trip: if it were kinder than the real API,
tests would pass against it and the workbench would fail against law.go.kr."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from fakes.lawgokr import make_app
from verifier.model import Anchor, Found
from verifier.sources.http import SourceHTTP
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.structure import parse_law_json, parse_law_xml
from verifier.sources.lawgokr.wire import LawHit

DATA = Path(__file__).resolve().parents[3] / "data"
KR_CORPUS = DATA / "corpus" / "kr"
KR_RECORDED = DATA / "recorded" / "korea_law_go_kr"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Any]


@pytest.fixture(scope="module")
def app() -> WSGIApp:
    return make_app(KR_CORPUS, KR_RECORDED)


def call(
    app: WSGIApp, path: str, params: dict[str, str], *, referer: bool = True, script_name: str = ""
) -> tuple[str, str, bytes]:
    seen: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        seen["status"], seen["type"] = status, dict(headers)["Content-Type"]

    environ = {"PATH_INFO": path, "QUERY_STRING": urlencode(params), "SCRIPT_NAME": script_name}
    if referer:
        environ["HTTP_REFERER"] = "https://www.law.go.kr/"
    body = b"".join(app(environ, start_response))
    return seen["status"], seen["type"], body


SEARCH = {"OC": "t", "target": "law", "query": "민법", "display": "100"}


@pytest.mark.parametrize("script_name", ["", "/lawgokr", "/fakes/law.go.kr"])
def test_it_routes_on_path_info_so_it_can_be_mounted_under_a_prefix(app: WSGIApp, script_name: str) -> None:
    status, _, body = call(app, "/DRF/lawSearch.do", SEARCH, script_name=script_name)
    assert status == "200 OK"
    assert "<법령명한글>민법</법령명한글>".encode() in body


def test_the_name_search_is_a_substring_search_with_nanminbeop_first(app: WSGIApp) -> None:
    _, _, body = call(app, "/DRF/lawSearch.do", {**SEARCH, "type": "JSON"})
    names = [item["법령명한글"] for item in json.loads(body)["LawSearch"]["law"]]
    assert names[0] == "난민법"
    assert "민법" in names
    assert names.index("민법") > 0


@pytest.mark.parametrize(
    ("params", "check"),
    [
        ({**SEARCH, "query": "없는법률", "type": "JSON"}, lambda d: "law" not in d["LawSearch"]),
        ({**SEARCH, "type": "JSON", "display": "1"}, lambda d: isinstance(d["LawSearch"]["law"], dict)),
        ({**SEARCH, "query": "민법", "type": "JSON"}, lambda d: isinstance(d["LawSearch"]["law"], list)),
    ],
)  # fmt: skip
def test_json_lists_have_the_real_shapes(app: WSGIApp, params: dict[str, str], check: Any) -> None:
    _, ctype, body = call(app, "/DRF/lawSearch.do", params)
    assert ctype.startswith("application/json")
    assert check(json.loads(body))


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"OC": "t", "target": "law", "MST": "1", "type": "JSON"}, '{"Law": "일치하는 법령이 없습니다."}'),
        ({"OC": "t", "target": "law", "MST": "1", "type": "XML"}, "<Law>일치하는 법령이 없습니다.</Law>"),
        ({"OC": "t", "target": "prec", "ID": "1", "type": "XML"}, "<Law>일치하는 판례가 없습니다."),
    ],
)
def test_unknown_ids_get_the_law_answer_with_http_200(
    app: WSGIApp, params: dict[str, str], expected: str
) -> None:
    status, _, body = call(app, "/DRF/lawService.do", params)
    assert status == "200 OK"
    assert expected in body.decode()


@pytest.mark.parametrize(
    ("params", "referer", "expected"),
    [
        ({**SEARCH, "OC": "unsubscribed"}, True, "미신청된 목록/본문에 대한 접근입니다."),
        ({**SEARCH, "OC": ""}, True, "사용자 정보 검증에 실패하였습니다."),
        (SEARCH, False, "사용자 정보 검증에 실패하였습니다."),
        ({**SEARCH, "type": "JSON"}, False, '"msg": "IP 주소를 등록해 주세요."'),
    ],
)
def test_credential_problems_come_back_as_200_pages(
    app: WSGIApp, params: dict[str, str], referer: bool, expected: str
) -> None:
    status, _, body = call(app, "/DRF/lawSearch.do", params, referer=referer)
    assert status == "200 OK"
    assert expected in body.decode()


@pytest.mark.parametrize(
    ("params", "parser", "article", "single_article"),
    [
        ({"target": "law", "MST": "283839", "type": "XML"}, parse_law_xml, "15", False),
        ({"target": "law", "MST": "283839", "type": "JSON"}, parse_law_json, "15", False),
        ({"target": "lawjosub", "MST": "283839", "JO": "000702", "type": "XML"}, parse_law_xml, "7-2", True),
        ({"target": "eflaw", "ID": "1823", "type": "XML"}, parse_law_xml, "4-2", False),
        ({"target": "eflawjosub", "ID": "001823", "JO": "000100", "type": "XML"}, parse_law_xml, "1", True),
        ({"target": "eflaw", "ID": "001585", "JO": "004100", "type": "JSON"}, parse_law_json, "41", True),
    ],
)  # fmt: skip
def test_statute_bodies_parse_in_both_wire_formats(
    app: WSGIApp, params: dict[str, str], parser: Any, article: str, single_article: bool
) -> None:
    _, _, body = call(app, "/DRF/lawService.do", {"OC": "t", **params})
    law = parser(body)
    assert law.article(article) is not None
    assert (len(law.articles) == 1) is single_article


def test_recorded_bodies_are_served_verbatim(app: WSGIApp) -> None:
    recorded = (KR_RECORDED / "lawService_target-law_ID-001823_건축법_full_XML.xml").read_bytes()
    _, _, body = call(app, "/DRF/lawService.do", {"OC": "t", "target": "law", "ID": "001823", "type": "XML"})
    assert body == recorded


def test_the_fakes_precedent_body_holds_the_corpus_text(app: WSGIApp) -> None:
    _, _, body = call(app, "/DRF/lawService.do", {"OC": "t", "target": "prec", "ID": "67362", "type": "JSON"})
    prec = json.loads(body)["PrecService"]
    assert prec["사건번호"] == "2004도4869"
    assert prec["선고일자"] == "20041015"
    assert "<br/>" in prec["판례내용"]  # line breaks travel as <br/>, as in the real PrecService


def test_an_abbreviated_law_name_resolves_to_the_law() -> None:
    # Constructed search answer in the recorded LawSearch shape: the corpus has no 약칭 data, and the
    # resolver must accept a draft that cites a law by its 법령약칭명.
    search = (
        "<LawSearch><totalCnt>1</totalCnt><law id='1'><법령일련번호>283839</법령일련번호>"
        "<현행연혁코드>현행</현행연혁코드><법령명한글><![CDATA[개인정보 보호법]]></법령명한글>"
        "<법령약칭명><![CDATA[개보법]]></법령약칭명><법령ID>011357</법령ID><시행일자>20260911</시행일자>"
        "</law></LawSearch>"
    ).encode()
    app = make_app(KR_CORPUS, KR_RECORDED)

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("lawSearch.do"):
            return httpx.Response(200, content=search)
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
    resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc="t")
    assert resolver.search_laws("개보법")[0] == LawHit(
        name="개인정보 보호법",
        law_id="011357",
        mst="283839",
        abbreviation="개보법",
        effective_date="2026-09-11",
        status="현행",
    )

    result = resolver.resolve(Anchor("kr:law:개보법"))
    assert isinstance(result, Found)
    assert result.document.title == "개인정보 보호법"
    assert result.document.key == "kr:law:개보법"

"""The fake law.go.kr's history answers, in the shapes docs/SOURCE-APIS.md §1.11 documents: the eflaw list
by LID with nw/sort, the HTML 연혁 table, a refused text for a version the repository does not hold."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import defusedxml.ElementTree as SafeET
import httpx

from fakes.lawgokr import make_app

DATA = Path(__file__).resolve().parents[3] / "data"
APP = make_app(
    DATA / "corpus" / "kr", DATA / "recorded" / "korea_law_go_kr", today=lambda: dt.date(2026, 12, 1)
)


def get(path: str, **params: str) -> httpx.Response:
    client = httpx.Client(transport=httpx.WSGITransport(app=APP), base_url="http://fake")
    return client.get(path, params={"OC": "t", **params}, headers={"Referer": "https://www.law.go.kr/"})


def test_eflaw_by_lid_filters_by_status_and_sorts() -> None:
    answer = get("/DRF/lawSearch.do", target="eflaw", type="XML", LID="001872", nw="2,3", sort="efdes")
    root = SafeET.fromstring(answer.content)
    rows = [(law.findtext("법령일련번호"), law.findtext("현행연혁코드")) for law in root.iter("law")]
    # 2027-01-01 is scheduled, 2026-08-20 is the law of 2026-12-01: nothing else with nw=2,3
    assert rows == [("284443", "시행예정"), ("283457", "현행")]
    assert root.findtext("totalCnt") == "2"


def test_the_html_연혁_table_has_one_row_per_version() -> None:
    answer = get(
        "/DRF/lawSearch.do", target="lsHistory", type="HTML", query="주택임대차보호법", display="100"
    )
    assert answer.headers["content-type"].startswith("text/html")
    rows = re.findall(r"<tr>(.*?)</tr>", answer.text)[1:]  # the header row first
    assert len(rows) == 25
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[-1])]
    assert cells[1:2] == ["주택임대차보호법"]
    assert cells[5:8] == ["제 21065호", "2025.10.1", "2026.1.2"]
    assert "MST=276291" in rows[-1]


def test_a_listed_version_whose_text_is_not_held_is_refused_as_upstream_does() -> None:
    held = get("/DRF/lawService.do", target="law", MST="160862", type="XML")
    assert SafeET.fromstring(held.content).findtext("기본정보/공포번호") == "12777"
    missing = get("/DRF/lawService.do", target="law", MST="58431", type="XML")  # 민법 1958, not in the repo
    assert SafeET.fromstring(missing.content).tag == "Law"

"""The panel's single entry point and the statute search by date, on the real recorded eflaw answer
(자동차관리법: 연혁, 현행 and 시행예정 versions in one list): the version shown is the one in force on the day
asked, and a collection that cannot be searched says why instead of answering nothing."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.verifier.conftest import KR_RECORDED, OC, quiet_http
from verifier.search.dispatch import (
    Params,
    Searcher,
    SearchUnavailable,
    collection_choices,
    is_known_collection,
)
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.search import KoreaSearch

TOTAL = 413  # the recorded answer's totalCnt
EFLAW = KR_RECORDED / "lawSearch_target-eflaw_query-자동차관리법_display5_XML.xml"


@pytest.fixture
def recorded_eflaw() -> Iterator[tuple[KoreaSearch, list[httpx.Request]]]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, content=EFLAW.read_bytes())

    http = quiet_http(httpx.MockTransport(handler))
    yield KoreaSearch(LawGoKrResolver(http, base_url="http://x/DRF", oc=OC)), seen
    http.close()


@pytest.mark.parametrize(
    ("on", "mst", "effective"),
    [
        ("2025-09-01", "260419", "2025-08-14"),
        ("2025-10-01", "277015", "2025-10-01"),
        ("20251231", "266643", "2025-12-04"),
        ("2025-04-01", "261151", "2025-03-20"),
        ("2025-03-01", None, None),
    ],
)
def test_it_shows_the_version_in_force_on_the_day_asked(
    recorded_eflaw: tuple[KoreaSearch, list[httpx.Request]], on: str, mst: str | None, effective: str | None
) -> None:
    search, seen = recorded_eflaw
    page = search.statutes("자동차관리법", effective_date=on)
    assert seen[-1].url.params["target"] == "eflaw"
    versions = [h for h in page.hits if h.title == "자동차관리법"]
    expected = [(f"{mst}@{effective.replace('-', '')}", effective)] if mst and effective else []
    assert [(h.id, h.date) for h in versions] == expected
    assert any("not in force" in n for n in page.notes)


def test_it_lists_every_version_without_a_date(
    recorded_eflaw: tuple[KoreaSearch, list[httpx.Request]],
) -> None:
    search, seen = recorded_eflaw
    page = search.statutes("자동차관리법")
    assert seen[-1].url.params["target"] == "law"
    assert page.total == TOTAL
    statuses = {h.meta.get("현행연혁") for h in page.hits if h.title == "자동차관리법"}
    assert statuses == {"현행", "연혁", "시행예정"}


@pytest.mark.parametrize(
    ("collection", "message"),
    [
        ("prec", "law.go.kr cannot be searched: local-only mode"),
        ("공정위", "law.go.kr cannot be searched: local-only mode"),
        ("saos", "SAOS and ELI cannot be searched: local-only mode"),
        ("eli", "SAOS and ELI cannot be searched: local-only mode"),
        ("cellar", "CELLAR cannot be searched: local-only mode"),
    ],
)
def test_a_collection_without_a_client_says_why(collection: str, message: str) -> None:
    searcher = Searcher(korea=None, poland=None, eu=None, why_not="local-only mode")
    with pytest.raises(SearchUnavailable, match=message):
        searcher.search(Params(collection=collection, query="x", case_number="x"))


def test_it_routes_each_collection_with_its_filters(
    recorded_eflaw: tuple[KoreaSearch, list[httpx.Request]],
) -> None:
    search, seen = recorded_eflaw
    searcher = Searcher(korea=search, poland=None, eu=None)
    searcher.search(Params(collection="statute", query="자동차관리법", display=500, page=0))
    assert (seen[-1].url.params["display"], seen[-1].url.params["page"]) == ("100", "1")
    searcher.search(Params(collection="tax", query="양도", date_from="2020-01-01"))
    assert seen[-1].url.params["target"] == "ttSpecialDecc"
    searcher.search(Params(collection="aiSearch", query="자동차 등록", domain="2"))
    assert seen[-1].url.params["search"] == "2"
    with pytest.raises(ValueError, match="unknown collection"):
        searcher.search(Params(collection="nope", query="x"))


def test_the_form_offers_every_collection_of_the_reference() -> None:
    offered = [code for _, items in collection_choices() for code, _ in items]
    assert len(offered) == len(set(offered))
    assert {"law", "prec", "detc", "expc", "decc", "lstrm", "aiSearch", "saos", "eli", "cellar"} <= set(
        offered
    )
    assert sum(code.endswith("CgmExpc") for code in offered) == 39
    assert sum(code.endswith("SpecialDecc") for code in offered) == 4
    assert all(is_known_collection(code) for code in offered)
    assert not is_known_collection("../etc")

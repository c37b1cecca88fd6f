"""Fixtures for the search tests (tests/verifier/search, sources/lawgokr/test_search.py): the fake
law.go.kr and SAOS over httpx's WSGI transport, and a router of constructed answers
(tests/data/recorded_search) for the collections no fake serves."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest

from fakes.lawgokr import make_app as make_lawgokr
from fakes.saos import make_app as make_saos
from verifier.sources.http import SourceHTTP
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.search import KoreaSearch

DATA = Path(__file__).resolve().parents[1] / "data"
KR_CORPUS = DATA / "corpus" / "kr"
KR_RECORDED = DATA / "recorded" / "korea_law_go_kr"
CONSTRUCTED = DATA / "recorded_search"
OC = "tester-oc"


class Recorder:
    """Wraps a WSGI app and remembers the query of every request."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app
        self.queries: list[dict[str, list[str]]] = []

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        self.queries.append(parse_qs(environ.get("QUERY_STRING", ""), keep_blank_values=True))
        return self.app(environ, start_response)

    def last(self, name: str) -> str | None:
        values = self.queries[-1].get(name)
        return values[-1] if values else None


def quiet_http(transport: httpx.BaseTransport) -> SourceHTTP:
    return SourceHTTP(transport=transport, sleep=lambda _s: None, random=lambda: 0.0, max_retries=2)


@pytest.fixture(scope="session")
def lawgokr_app() -> Callable[..., Any]:
    return make_lawgokr(KR_CORPUS, KR_RECORDED)


@pytest.fixture
def fake_kr(lawgokr_app: Callable[..., Any]) -> Iterator[tuple[KoreaSearch, Recorder]]:
    recorder = Recorder(lawgokr_app)
    http = quiet_http(httpx.WSGITransport(app=recorder))
    resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc=OC)
    yield KoreaSearch(resolver), recorder
    http.close()


def constructed_handler(request: httpx.Request) -> httpx.Response:
    """law.go.kr answers from the constructed files, chosen by endpoint and target (ID for bodies)."""
    params = request.url.params
    endpoint = request.url.path.rsplit("/", 1)[-1]
    target = params.get("target", "")
    if endpoint == "lawSearch.do":
        path = CONSTRUCTED / f"lawSearch_target-{target}.xml"
    elif target == "lstrm":
        path = CONSTRUCTED / f"lawService_target-lstrm_trmSeqs-{params.get('trmSeqs')}.xml"
    elif target == "lstrmRltJo":
        path = CONSTRUCTED / "lawService_target-lstrmRltJo.xml"
    else:
        path = CONSTRUCTED / f"lawService_target-{target}_ID-{params.get('ID')}.xml"
    if not path.is_file():
        return httpx.Response(200, content=b"")  # what law.go.kr does for what it does not know
    return httpx.Response(200, content=path.read_bytes(), headers={"Content-Type": "application/xml"})


@pytest.fixture
def constructed_kr() -> Iterator[tuple[KoreaSearch, list[httpx.Request]]]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return constructed_handler(request)

    http = quiet_http(httpx.MockTransport(handler))
    yield KoreaSearch(LawGoKrResolver(http, base_url="http://fake/DRF", oc=OC)), seen
    http.close()


@pytest.fixture(scope="session")
def saos_app() -> Callable[..., Any]:
    return make_saos(DATA / "corpus", DATA / "recorded")

"""Privacy (issue 8 §5): a draft is client work; only citation identifiers may leave the machine.

The fake source servers record every request (path, query, headers, body). Reviews of the three test memos
run through the workbench services; no request may carry a run of the draft's own words outside its
citations, and none may carry a quote. With WORKBENCH_LOCAL_ONLY=1 no request is made at all — not to the
fakes, and no connection is opened to any other address either.
"""

from __future__ import annotations

import re
import socket
from pathlib import Path
from urllib.parse import unquote_plus

import pytest

from fakes.server import FakeSources

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
MEMOS = ["memo-ko.md", "opinia-pl.md", "memo-eu.md"]
WINDOW = 4  # words: a run this long outside a citation is prose, not an identifier


@pytest.fixture(autouse=True)
def _quick_users(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def fake_sources(settings):
    from workbench.pipeline.sources import reset_router

    with FakeSources(DATA) as fake:
        for name, url in fake.base_urls.items():
            setattr(settings, name, url)
        settings.LAWGOKR_OC = "privacy-test-oc"
        settings.SOURCE_HTTP_TIMEOUT = 2.0
        reset_router()
        yield fake
    reset_router()


def run_review(people, memo: str):
    from tests.workbench.factories import checked_review
    from verifier.ingest import ingest_path

    return checked_review(people, ingest_path(DATA / "memos" / memo), title=memo)


def words_with_spans(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in re.finditer(r"\w[\w'’-]*", text)]


def prose_windows(review) -> set[str]:
    """Every run of WINDOW words of the draft that is not entirely inside a citation."""
    text = review.draft_text
    citations = [(f.span_start, f.span_end) for f in review.findings.all()]
    words = words_with_spans(text)
    windows = set()
    for i in range(len(words) - WINDOW + 1):
        start, end = words[i][1], words[i + WINDOW - 1][2]
        if any(s <= start and end <= e for s, e in citations):
            continue
        windows.add(" ".join(w for w, _, _ in words[i : i + WINDOW]).casefold())
    return windows


def as_sent(request) -> str:
    """Everything a request carried, decoded and with its words joined by single spaces."""
    raw = " ".join(
        [unquote_plus(request.path), unquote_plus(request.query), request.body.decode("utf-8", "replace")]
        + [f"{k} {v}" for k, v in request.headers.items()]
    )
    return " ".join(w for w, _, _ in words_with_spans(raw)).casefold()


def test_only_identifiers_leave_the_machine(people, fake_sources):
    windows: set[str] = set()
    quotes: list[str] = []
    for memo in MEMOS:
        review = run_review(people, memo)
        assert review.status == "done"
        windows |= prose_windows(review)
        quotes += [f.quote for f in review.findings.all() if len(f.quote) >= 12]
    requests = fake_sources.requests
    assert requests, "no request reached the fakes: the test proved nothing"
    assert len(windows) > 100
    assert quotes
    leaks = []
    for request in requests:
        sent = as_sent(request)
        leaks += [(request.path, w) for w in windows if w in sent]
        leaks += [(request.path, q) for q in quotes if " ".join(q.split()).casefold() in sent]
    assert leaks == [], leaks[:10]
    assert {r.method for r in requests} == {"GET"}
    assert all(not r.body for r in requests)


@pytest.fixture
def connections(monkeypatch, settings):
    """Record every connection this process opens, except to the test database."""
    from django.db import connection

    database_port = int(connection.settings_dict.get("PORT") or 5432)
    opened: list[object] = []
    original = socket.socket.connect

    def connect(self, address):
        if not (isinstance(address, tuple) and address[1] == database_port) and not isinstance(address, str):
            opened.append(address)
        return original(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    return opened


def test_local_only_mode_makes_no_request_at_all(people, fake_sources, settings, connections):
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    statuses = []
    for memo in MEMOS:
        review = run_review(people, memo)
        assert review.status == "done"
        # a source already on this machine (a snapshot another review kept) may judge a finding: only what
        # would have to be looked up must say it was not
        statuses += [
            (f.status, f.rationale, list(f.notes))
            for f in review.findings.all()
            if f.anchor and not f.snapshot_id
        ]
    assert fake_sources.requests == []
    assert connections == []
    # Nothing is judged without its source: every looked-up citation says it was not looked up; a citation
    # inside a quotation is the quoted text's, never looked up (⚪ context)
    assert statuses
    for status, rationale, notes in statuses:
        if status == "not_checked":
            assert "III CZP 36/02" in rationale, rationale
            continue
        assert status == "no_source", (status, rationale)
        said = " ".join([rationale, *notes]).casefold()
        assert any(word in said for word in ("local", "로컬", "lokaln")), rationale


@pytest.mark.parametrize(
    ("query", "leaks"),
    [
        ("query=%EB%AF%BC%EB%B2%95&target=law", False),  # 민법: an identifier
        ("q=III+CZP+36%2F02", False),
        ("q=czynno%C5%9B%C4%87+prawna+sprzeczna+z+ustaw%C4%85", True),  # four words of a sentence
        ("text=Czynno%C5%9B%C4%87%20prawna%20SPRZECZNA%20z%20ustaw%C4%85%20jest", True),  # case and spacing
    ],
)
def test_the_leak_check_tells_an_identifier_from_prose(query, leaks):
    from fakes.server import RecordedRequest

    windows = {"czynność prawna sprzeczna z", "prawna sprzeczna z ustawą"}
    sent = as_sent(RecordedRequest(method="GET", path="/saos/api/search", query=query, headers={}, body=b""))
    assert any(w in sent for w in windows) is leaks

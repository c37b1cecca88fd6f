"""The source router: local sources first, one remote service per namespace, coalesced look-ups, and a
local-only mode in which nothing is ever asked of a remote service."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from verifier.model import (
    Anchor,
    Found,
    Jurisdiction,
    Kind,
    Misconfigured,
    NotFound,
    Resolution,
    SourceDocument,
    Unavailable,
)
from verifier.sources.cellar.client import CellarResolver
from verifier.sources.eli.client import EliResolver
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.router import SourceRouter, build_router
from verifier.sources.saos.client import SaosResolver
from verifier.sources.supplied.uploads import document_from_upload

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus"


def document(key: str, origin: str) -> SourceDocument:
    return SourceDocument(
        id=f"{origin}:{key}", key=key, jurisdiction=Jurisdiction.OTHER, kind=Kind.OTHER, title=key,
        text="text", url="u", version="1", sha256="0", fetched_at="2026-01-01T00:00:00+00:00", origin=origin,
    )  # fmt: skip


@dataclass
class Stub:
    name: str
    answer: str = "found"  # found | notfound | boom
    calls: list[Anchor] = field(default_factory=list)
    gate: threading.Event | None = None
    barrier: threading.Barrier | None = None

    def resolve(self, anchor: Anchor) -> Resolution:
        self.calls.append(anchor)
        if self.barrier is not None:
            self.barrier.wait(timeout=5)
        if self.gate is not None:
            self.gate.wait(timeout=5)
        if self.answer == "boom":
            raise RuntimeError("parser bug")
        if self.answer == "notfound":
            return NotFound(anchor.key, f"{self.name}: no such thing")
        return Found(document(anchor.key, self.name))


def stubs() -> dict[str, Stub]:
    return {ns: Stub(ns) for ns in ("kr", "pl:case", "pl:act", "eu")}


@pytest.mark.parametrize(
    ("key", "namespace"),
    [
        ("kr:law:민법", "kr"),
        ("kr:prec:2004도4869", "kr"),
        ("pl:case:III CZP 36/02", "pl:case"),
        ("pl:act:DU/1964/93", "pl:act"),
        ("eu:celex:32016R0679", "eu"),
        ("eu:ecli:ECLI:EU:C:2020:559", "eu"),
    ],
)
def test_it_sends_each_key_to_the_service_of_its_namespace(key, namespace):
    remote = stubs()
    answer = SourceRouter(remote).resolve(Anchor(key))
    assert isinstance(answer, Found)
    assert answer.document.origin == namespace
    assert [len(s.calls) for s in remote.values()] == [int(ns == namespace) for ns in remote]


def test_it_says_which_services_exist_for_a_key_nobody_answers():
    answer = SourceRouter(stubs()).resolve(Anchor("us:case:576 U.S. 644"))
    assert isinstance(answer, Misconfigured)
    assert "no source service answers 'us:case:576 U.S. 644'" in answer.reason


def test_it_asks_the_local_sources_first_and_the_remote_only_when_they_have_nothing():
    remote = stubs()
    local = Stub("local", answer="notfound")
    router = SourceRouter(remote, local=local)
    assert router.resolve(Anchor("pl:act:DU/1964/93")).document.origin == "pl:act"  # type: ignore[union-attr]
    local.answer = "found"
    assert router.resolve(Anchor("pl:act:DU/1964/93")).document.origin == "local"  # type: ignore[union-attr]
    assert len(remote["pl:act"].calls) == 1


@pytest.mark.parametrize(
    "key", ["kr:law:상법", "pl:case:II CSK 123/19", "pl:act:DU/1997/553", "eu:case:C-362/14"]
)
def test_in_local_only_mode_no_remote_service_is_ever_called(key):
    remote = stubs()
    router = SourceRouter(remote, local=Stub("local", answer="notfound"), local_only=True)
    answer = router.resolve(Anchor(key))
    assert isinstance(answer, Misconfigured)
    assert answer.reason.startswith(f"local-only mode: {key} was not looked up outside this machine")
    assert all(not s.calls for s in remote.values())


def test_concurrent_identical_look_ups_are_done_once():
    gate = threading.Event()
    remote = stubs()
    remote["pl:act"].gate = gate
    router = SourceRouter(remote)
    anchor = Anchor("pl:act:DU/1964/93", pinpoint=None)
    results: list[Resolution] = []
    threads = [threading.Thread(target=lambda: results.append(router.resolve(anchor))) for _ in range(8)]
    for t in threads:
        t.start()
    while not remote["pl:act"].calls:
        threading.Event().wait(0.005)
    threading.Event().wait(0.05)  # give the other seven time to queue behind the first
    gate.set()
    for t in threads:
        t.join(timeout=5)
    assert len(remote["pl:act"].calls) == 1
    assert len(results) == 8
    assert len({id(r) for r in results}) == 1  # every caller got the one answer


def test_look_ups_that_differ_in_date_or_court_are_not_merged():
    remote = stubs()
    router = SourceRouter(remote)
    router.resolve_many([Anchor("kr:law:민법", date="2020-01-01"), Anchor("kr:law:민법", date="2024-01-01")])
    assert sorted(a.date for a in remote["kr"].calls) == ["2020-01-01", "2024-01-01"]  # type: ignore[type-var]


def test_a_reviews_citations_are_resolved_in_parallel():
    remote = stubs()
    barrier = threading.Barrier(4)  # only passes if four look-ups are in flight at the same time
    for stub in remote.values():
        stub.barrier = barrier
    anchors = [
        Anchor("kr:law:민법"),
        Anchor("pl:case:I C 1/20"),
        Anchor("pl:act:DU/1964/93"),
        Anchor("eu:celex:1"),
    ]
    answers = SourceRouter(remote).resolve_many([*anchors, anchors[0]], max_workers=4)
    assert list(answers) == anchors  # the duplicate is resolved once
    assert all(isinstance(a, Found) for a in answers.values())


def test_a_crashing_client_becomes_an_unavailable_source_not_a_crashed_review():
    remote = stubs()
    remote["eu"].answer = "boom"
    answer = SourceRouter(remote).resolve(Anchor("eu:celex:32016R0679"))
    assert isinstance(answer, Unavailable)
    assert "RuntimeError: parser bug" in answer.reason


def test_namespaces_are_written_without_a_trailing_colon():
    with pytest.raises(ValueError, match="trailing colon"):
        SourceRouter({"pl:case:": Stub("x")})


# ------------------------------------------------------------------ build_router


def urls() -> dict[str, str]:
    return {
        "lawgokr_base_url": "http://127.0.0.1:9/DRF",
        "saos_base_url": "http://127.0.0.1:9/api",
        "eli_base_url": "http://127.0.0.1:9/eli",
        "cellar_base_url": "http://127.0.0.1:9/cellar",
    }


def test_the_local_only_router_has_no_remote_clients_at_all():
    router = build_router(lawgokr_oc="secret", timeout=5, local_only=True, corpus_dir=CORPUS, **urls())
    assert router.resolvers == {}
    assert isinstance(router.resolve(Anchor("pl:case:III CZP 36/02")), Found)
    missing = router.resolve(Anchor("pl:case:II CSK 123/19"))
    assert isinstance(missing, Misconfigured)
    assert "local-only mode" in missing.reason
    assert "not in the offline corpus" in missing.reason


def test_the_router_wires_one_client_per_namespace_and_uploads_before_the_corpus():
    upload = document_from_upload(Anchor("pl:case:III CZP 36/02"), "Uchwała … (uploaded copy)", "uchwala.pdf")
    router = build_router(
        lawgokr_oc=None, timeout=5, local_only=False, corpus_dir=CORPUS, uploads=[upload], **urls()
    )
    try:
        kinds = {ns: type(r) for ns, r in router.resolvers.items()}
        assert kinds == {
            "kr": LawGoKrResolver,
            "pl:case": SaosResolver,
            "pl:act": EliResolver,
            "eu": CellarResolver,
        }
        answer = router.resolve(Anchor("pl:case:III CZP 36/02"))
        assert isinstance(answer, Found)
        assert answer.document.origin == "upload"
        no_key = router.resolve(Anchor("kr:law:상법"))  # not in the corpus, and no LAWGOKR_OC
        assert isinstance(no_key, Misconfigured)
        assert "LAWGOKR_OC is not set" in no_key.reason
    finally:
        router.close()

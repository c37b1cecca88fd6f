"""The in-process pipeline (`manage.py verify`): every source is asked for once, and all of them at once."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest

from verifier.ingest import ingest_path
from verifier.model import Anchor, Resolution, Status
from verifier.pipeline import verify_document
from verifier.sources.local import CorpusResolver

DATA = Path(__file__).parent.parent / "data"


class BarrierResolver:
    """Answers from the corpus, but only once every distinct source of the draft has been asked for: a
    pipeline that waits on one source before asking for the next times out here instead of finishing."""

    def __init__(self, distinct: int) -> None:
        self.corpus = CorpusResolver(DATA / "corpus")
        self.barrier = threading.Barrier(distinct, timeout=20)
        self.asked: Counter[str] = Counter()
        self._lock = threading.Lock()

    def resolve(self, anchor: Anchor) -> Resolution:
        with self._lock:
            self.asked[anchor.key] += 1
        self.barrier.wait()
        return self.corpus.resolve(anchor)


@pytest.mark.parametrize("memo", ["memo-ko.md", "opinia-pl.md", "memo-eu.md"])
def test_every_distinct_source_is_requested_once_and_all_at_the_same_time(memo: str) -> None:
    document = ingest_path(DATA / "memos" / memo)
    sequential = verify_document(document, CorpusResolver(DATA / "corpus"), workers=1)
    keys = {
        c.citation.anchor.key
        for c in _claims(document)
        if c.citation.anchor is not None and c.citation.problem is None
    }
    cited = sum(1 for c in _claims(document) if c.citation.anchor is not None and c.citation.problem is None)
    assert cited > len(keys) > 1, "the memo must cite some source more than once"
    resolver = BarrierResolver(len(keys))
    report = verify_document(document, resolver, workers=len(keys))
    assert set(resolver.asked) == keys
    assert set(resolver.asked.values()) == {1}
    # scheduling changes nothing a lawyer reads: same findings, same order
    assert [(f.id, f.status) for f in report.findings] == [(f.id, f.status) for f in sequential.findings]


def test_a_resolver_that_fails_gives_every_claim_of_its_sources_no_source_with_the_error() -> None:
    class Broken:
        def resolve(self, anchor: Anchor) -> Resolution:
            raise RuntimeError(f"resolver bug on {anchor.key}")

    document = ingest_path(DATA / "memos" / "memo-eu.md")
    report = verify_document(document, Broken())
    assert len(report.findings) == len(_claims(document))  # none dropped
    for finding in report.findings:
        if finding.status is not Status.NOT_CHECKED:
            assert finding.status is Status.NO_SOURCE
            assert "resolver bug on" in finding.rationale


def _claims(document):  # type: ignore[no-untyped-def]
    from verifier.citations import extract_claims
    from verifier.lang import detect_language

    return extract_claims(document.text, lang=detect_language(document.text), origin_at=document.origin_at)

"""The plan of a review and the runner both the CLI and the workbench use (`verifier.plan`, `run_plan`)."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from verifier.citations import extract_claims
from verifier.lang import has_hangul
from verifier.match import korean
from verifier.model import Anchor, Level, NotFound, Resolution
from verifier.pipeline import Ready, run_plan
from verifier.plan import plan

MEMOS = Path(__file__).resolve().parents[1] / "data" / "memos"


def memo_plan(name: str, lang: str) -> Any:
    return plan(extract_claims((MEMOS / name).read_text(encoding="utf-8"), lang=lang))


def test_claims_are_grouped_by_source_in_the_order_they_are_first_cited() -> None:
    p = memo_plan("memo-ko.md", "ko")
    keys = [g.key for g in p.groups]
    assert len(keys) == len(set(keys))
    firsts = [g.claims[0] for g in p.groups]
    assert firsts == sorted(firsts)
    grouped = sorted(i for g in p.groups for i in g.claims)
    assert sorted(grouped + list(p.unresolvable)) == list(range(len(p.claims)))
    for group in p.groups:
        assert {p.claims[i].citation.anchor.key for i in group.claims} == {group.key}  # type: ignore[union-attr]


def test_a_citation_that_cannot_be_parsed_is_not_looked_up() -> None:
    p = memo_plan("memo-ko.md", "ko")
    (unparsed,) = p.unresolvable
    assert p.claims[unparsed].citation.text == "2023다"
    assert not p.claims[unparsed].citation.resolvable


def test_only_korean_claims_compared_at_content_level_are_analysed_ahead() -> None:
    p = memo_plan("memo-ko.md", "ko")
    assert p.korean_texts
    assert all(has_hangul(t) for t in p.korean_texts)
    korean_groups = {g.key for g in p.groups if g.korean}
    for group in p.groups:
        needs = [p.claims[i] for i in group.claims if p.claims[i].claim_type.required_level >= Level.CONTENT]
        assert (group.key in korean_groups) == bool(needs), group.key
    assert not any(g.korean for g in memo_plan("memo-eu.md", "en").groups)


class Recorder:
    def __init__(self) -> None:
        self.asked: list[str] = []
        self.batches: list[list[str | None]] = []
        self.lock = threading.Lock()

    def resolve(self, anchor: Anchor) -> Resolution:
        with self.lock:
            self.asked.append(anchor.key)
        return NotFound(anchor.key, "recorded")

    def on_ready(self, ready: Ready) -> None:
        self.batches.append([g.key if g is not None else None for g, _ in ready])


def test_the_unresolvable_go_first_and_each_source_is_asked_for_once() -> None:
    p = memo_plan("opinia-pl.md", "pl")
    seen = Recorder()
    stats = run_plan(p, seen.resolve, seen.on_ready)
    assert seen.batches[0] == [None]
    assert sorted(seen.asked) == sorted(g.key for g in p.groups)
    assert sorted(k for b in seen.batches[1:] for k in b) == sorted(g.key for g in p.groups)  # type: ignore[type-var]
    assert stats.unfinished == 0


def test_sources_at_hand_go_out_together_at_once_and_are_never_fetched() -> None:
    p = memo_plan("opinia-pl.md", "pl")
    cached = {g.key for g in p.groups[:2]}
    seen = Recorder()
    run_plan(p, seen.resolve, seen.on_ready, at_hand=lambda groups: cached)
    assert seen.batches[0] == [None, *(g.key for g in p.groups[:2])]
    assert not cached & set(seen.asked)


def test_korean_claims_wait_for_their_analysis_and_the_rest_do_not(monkeypatch: pytest.MonkeyPatch) -> None:
    p = memo_plan("memo-ko.md", "ko")
    analysis: Future[list[Any]] = Future()
    monkeypatch.setattr(korean, "prefetch", lambda texts: analysis)
    seen = Recorder()
    runner = threading.Thread(target=run_plan, args=(p, seen.resolve, seen.on_ready))
    runner.start()
    runner.join(1.0)
    assert runner.is_alive()
    released = {k for b in seen.batches for k in b}
    assert not released & {g.key for g in p.groups if g.korean}
    assert {g.key for g in p.groups if not g.korean} <= released
    analysis.set_result([])
    runner.join(10)
    assert {k for b in seen.batches for k in b} >= {g.key for g in p.groups}


def test_what_is_still_on_its_way_when_time_is_up_is_left_to_the_caller() -> None:
    p = memo_plan("memo-eu.md", "en")
    gate = threading.Event()
    seen = Recorder()

    def slow(anchor: Anchor) -> Resolution:
        gate.wait(10)
        return seen.resolve(anchor)

    try:
        stats = run_plan(p, slow, seen.on_ready, timeout=0.3)
    finally:
        gate.set()
    assert stats.unfinished == len(p.groups)
    assert all(b == [None] for b in seen.batches)

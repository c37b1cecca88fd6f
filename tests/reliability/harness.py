"""Shared pieces of the fault runs: fake sources wired into the settings, a fault-free baseline computed by
the pure pipeline, the comparison a lawyer cares about, and a log of the figures for the closing note.

The baseline is what the same fake services say when nothing goes wrong. A fault may turn a verdict into
⛔ no_source (with its reason) — never into a different verdict, and never into 🔴 unverified.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakes.faults import FAULT_KINDS, FaultPolicy
from fakes.server import FakeSources

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
MEMOS = DATA / "memos"
OC = "reliability-test-oc"
# The fake "timeout" hangs longer than the client waits, so the client really times out.
CLIENT_TIMEOUT = 1.0
FAULT_HANG = 1.5
FIGURES = ROOT / "var" / "test" / "reliability-figures.jsonl"


def record_figure(name: str, **values: Any) -> None:
    """Append one measured figure (fault rate, findings, requests…) for the closing note of issue 8."""
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    with FIGURES.open("a", encoding="utf-8") as out:
        out.write(json.dumps({"test": name, "at": time.strftime("%Y-%m-%dT%H:%M:%S"), **values}) + "\n")


def policy(rate: float, seed: int, kinds: Sequence[str] = FAULT_KINDS) -> FaultPolicy:
    return FaultPolicy(rate=rate, seed=seed, kinds=kinds, timeout_seconds=FAULT_HANG, retry_after=1)


def source_env(fake: FakeSources) -> dict[str, str]:
    """The environment that points a workbench process (or the settings) at the fake services."""
    return {
        **fake.base_urls,
        "LAWGOKR_OC": OC,
        "SOURCE_HTTP_TIMEOUT": str(CLIENT_TIMEOUT),
        "WORKBENCH_LOCAL_ONLY": "0",
    }


@contextmanager
def sources_in_settings(settings: Any, fake: FakeSources) -> Iterator[FakeSources]:
    """Point this process's source router at `fake` (a fresh router: its breaker and budget start clean)."""
    from workbench.pipeline.sources import reset_router

    for name, value in fake.base_urls.items():
        setattr(settings, name, value)
    settings.LAWGOKR_OC = OC
    settings.SOURCE_HTTP_TIMEOUT = CLIENT_TIMEOUT
    settings.WORKBENCH_LOCAL_ONLY = False
    reset_router()
    try:
        yield fake
    finally:
        reset_router()


@dataclass(frozen=True)
class Verdict:
    citation: str
    status: str
    rationale: str


def baseline(text: str, *, name: str = "draft.md") -> list[Verdict]:
    """Verdicts of the pure pipeline against fault-free fakes: what every faulted run is compared with."""
    from verifier.ingest import ingest_text
    from verifier.pipeline import verify_document
    from verifier.sources.router import build_router

    with FakeSources(DATA) as fake:
        urls = fake.base_urls
        router = build_router(
            lawgokr_oc=OC,
            lawgokr_base_url=urls["LAWGOKR_BASE_URL"],
            saos_base_url=urls["SAOS_BASE_URL"],
            eli_base_url=urls["ELI_BASE_URL"],
            cellar_base_url=urls["CELLAR_BASE_URL"],
            timeout=CLIENT_TIMEOUT,
            local_only=False,
        )
        try:
            report = verify_document(ingest_text(text, name=name), router, lang="auto")
        finally:
            router.close()
    return [Verdict(f.citation, f.status.value, f.rationale) for f in report.findings]


@dataclass(frozen=True)
class Comparison:
    findings: int
    lost: int  # findings of the baseline with no finished finding in the run
    unchanged: int
    no_source_from_fault: int
    false_red: int  # 🔴 in the run where the fault-free run had none
    changed: list[tuple[int, str, str, str]]  # (ordinal, citation, baseline status, run status), not ⛔

    @property
    def ok(self) -> bool:
        return self.lost == 0 and self.false_red == 0 and not self.changed


def compare(expected: Sequence[Verdict], run: Sequence[Verdict | None]) -> Comparison:
    lost = sum(1 for v in run if v is None or not v.status) + max(0, len(expected) - len(run))
    unchanged = no_source = false_red = 0
    changed: list[tuple[int, str, str, str]] = []
    for ordinal, (want, got) in enumerate(zip(expected, run, strict=False), start=1):
        if got is None or not got.status:
            continue
        if got.citation != want.citation:
            changed.append((ordinal, got.citation, want.status, f"citation {want.citation!r} expected"))
        elif got.status == want.status:
            unchanged += 1
        elif got.status == "no_source":
            no_source += 1
        elif got.status == "unverified":
            false_red += 1
        else:
            changed.append((ordinal, got.citation, want.status, got.status))
    return Comparison(len(expected), lost, unchanged, no_source, false_red, changed)


def review_verdicts(review: Any) -> list[Verdict | None]:
    rows = review.findings.filter(version=review.version).order_by("ordinal")
    return [Verdict(f.citation, f.status, f.rationale) if f.progress == "done" else None for f in rows]


def memo_text(*names: str) -> str:
    return "\n\n".join((MEMOS / name).read_text(encoding="utf-8") for name in names)

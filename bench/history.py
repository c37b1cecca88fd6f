"""Figure: what the history look-ups cost on the 100-citation draft (no Django, no database).

`verify_document` on bench/data/draft-100.md against the fake sources with 100 ms a request, as of a fixed
day, with and without the history look-ups. Each service is its own fake server, as law.go.kr, SAOS, ELI and
CELLAR are four hosts upstream, all in a child process (`bench/fake_process.py`): served from this process,
their CPU and this interpreter's lock were counted against the run they answer.

  history.cold      the draft's first check: each run in a fresh process (`bench/history_child.py`) with
                    nothing cached — no Korean analysis of its claims, no kept answer, an empty history
                    store — as `e2e.cli_cold` has it. Baseline: the same without history. Target ≤ 1.2×.
  history.cold_analysed   the same draft checked again in one process, its Korean analyses in memory, the
                    sources and the history cold: the strictest view of the look-ups' cost, since nothing
                    else is left on the run's critical path but law.go.kr's four requests at a time
                    (context; the history adds 19 requests to its 30 there).
  history.warm      the history store the cold run filled: nothing more may be asked upstream.

Medians of `repeats` runs of each, the runs with and without history alternating (the machine is shared, so
compare the figures of one run with each other)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import ROOT, Figure, forget_korean_analyses
from bench.draft import DRAFT_100
from bench.fake_process import FakesProcess

LATENCY = 0.1
AS_OF = "2026-12-01"
SERVICES = {
    "LAWGOKR_BASE_URL": "lawgokr",
    "SAOS_BASE_URL": "saos",
    "ELI_BASE_URL": "eli",
    "CELLAR_BASE_URL": "cellar",
}
TARGET = 0.20


def _child_run(urls: dict[str, str], sparql: str, store: Path | None, draft: Path) -> float:
    spec = {"urls": urls, "sparql": sparql, "store": str(store or ""), "draft": str(draft), "as_of": AS_OF}
    proc = subprocess.run(
        [sys.executable, "-m", "bench.history_child", json.dumps(spec)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"bench.history_child exited {proc.returncode}: {proc.stderr.strip()[-600:]}")
    return float(json.loads(proc.stdout.strip().splitlines()[-1])["seconds"])


def run(*, draft: Path = DRAFT_100, repeats: int = 3) -> list[Figure]:
    from bench.history_child import timed_check
    from verifier.ingest import ingest_path

    document = ingest_path(draft)
    with FakesProcess(ROOT / "tests" / "data", LATENCY, list(SERVICES)) as fakes:
        urls = {name: fakes.base_urls[name][name] for name in SERVICES}
        sparql = fakes.base_urls["CELLAR_BASE_URL"]["CELLAR_SPARQL_URL"]

        def by_service() -> dict[str, int]:
            return {SERVICES[name]: count for name, count in fakes.counts().items()}

        def requests() -> int:
            return sum(fakes.counts().values())

        def first_check(store: Path | None) -> tuple[float, int]:
            forget_korean_analyses()
            fakes.clear()
            seconds = _child_run(urls, sparql, store, draft)
            return seconds, requests()

        def once(store: Path | None) -> tuple[float, int]:
            fakes.clear()
            seconds = timed_check(document, urls, sparql, store, AS_OF)
            counts.append(by_service())
            return seconds, requests()

        fresh_without, fresh_cold = [], []  # the first check, in fresh processes
        for _ in range(repeats):
            fresh_without.append(first_check(None))
            with tempfile.TemporaryDirectory() as tmp:
                fresh_cold.append(first_check(Path(tmp)))
        counts: list[dict[str, int]] = []
        without, cold, warm = [], [], []
        once(None)  # warm-up: the Korean analysis helper, the imports, the fakes' first answers
        counts.clear()
        for _ in range(repeats):
            without.append(once(None))
            with tempfile.TemporaryDirectory() as tmp:
                cold.append(once(Path(tmp)))
                warm.append(once(Path(tmp)))
    base_s = statistics.median(s for s, _ in without)
    cold_s = statistics.median(s for s, _ in cold)
    warm_s = statistics.median(s for s, _ in warm)
    base_r, cold_r, warm_r = without[0][1], cold[0][1], warm[0][1]
    first_base = statistics.median(s for s, _ in fresh_without)
    first_cold = statistics.median(s for s, _ in fresh_cold)
    first_base_r, first_cold_r = fresh_without[0][1], fresh_cold[0][1]
    first_extra = first_cold / first_base - 1
    extra = cold_s / base_s - 1
    return [
        Figure(
            "history.cold",
            first_cold,
            first_base,
            "s",
            "the same first check of the draft without history look-ups",
            target=f"<= {1 + TARGET:.2f} x without history",
            met=first_extra <= TARGET,
            note=f"{first_extra:+.0%}; fresh processes, nothing cached; {first_cold_r} requests against "
            f"{first_base_r} without history ({first_cold_r - first_base_r:+d})",
            extra={"requests_without": first_base_r, "requests_cold": first_cold_r},
        ),
        Figure(
            "history.cold_analysed",
            cold_s,
            base_s,
            "s",
            "the same draft without history look-ups, its Korean analyses in memory",
            note=f"{extra:+.0%}; only sources and history cold; {cold_r} requests against {base_r} without "
            f"history ({cold_r - base_r:+d})",
            extra={
                "requests_without": base_r,
                "requests_cold": cold_r,
                "by_service_without": counts[0],
                "by_service_cold": counts[1],
            },
        ),
        Figure(
            "history.warm",
            warm_s,
            base_s,
            "s",
            "the same draft without history look-ups",
            target="0 extra upstream requests",
            met=warm_r == base_r,
            note=f"{warm_r} requests against {base_r} without history ({warm_r - base_r:+d})",
        ),
    ]


__all__ = ["run"]

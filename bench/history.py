"""Figure: what the history look-ups of issue 17 cost on the 100-citation draft (no Django, no database).

`verify_document` on bench/data/draft-100.md against the fake sources with 100 ms a request, as of a fixed
day, three ways on fresh clients: without history (the baseline), with history and an empty store (cold), and
with the store the cold run filled (warm). Each service is its own fake server, as law.go.kr, SAOS, ELI and
CELLAR are four hosts upstream (one fake for all would put every request behind one per-host limit). The
median of `repeats` runs of each, after one warm-up run that is not counted; the machine is shared, so
compare figures of one run with each other."""

from __future__ import annotations

import statistics
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from bench.common import ROOT, Figure
from bench.draft import DRAFT_100

LATENCY = 0.1
AS_OF = "2026-12-01"
SERVICES = {
    "LAWGOKR_BASE_URL": "lawgokr",
    "SAOS_BASE_URL": "saos",
    "ELI_BASE_URL": "eli",
    "CELLAR_BASE_URL": "cellar",
}


def run(*, draft: Path = DRAFT_100, repeats: int = 3) -> list[Figure]:
    from fakes.server import FakeSources
    from verifier.history_check import HistoryLookup
    from verifier.ingest import ingest_path
    from verifier.pipeline import verify_document
    from verifier.sources.history_store import DirectoryStore
    from verifier.sources.router import build_router

    document = ingest_path(draft)
    with ExitStack() as stack:
        fakes = {
            name: stack.enter_context(FakeSources(data_dir=ROOT / "tests" / "data", latency=LATENCY))
            for name in SERVICES
        }
        urls = {name: fake.base_urls[name] for name, fake in fakes.items()}
        sparql = fakes["CELLAR_BASE_URL"].base_urls["CELLAR_SPARQL_URL"]

        def requests() -> int:
            return sum(len(f.requests) for f in fakes.values())

        def by_service() -> dict[str, int]:
            return {SERVICES[name]: len(fake.requests) for name, fake in fakes.items()}

        def once(store: Path | None) -> tuple[float, int]:
            router = build_router(
                lawgokr_oc="bench",
                lawgokr_base_url=urls["LAWGOKR_BASE_URL"],
                saos_base_url=urls["SAOS_BASE_URL"],
                eli_base_url=urls["ELI_BASE_URL"],
                cellar_base_url=urls["CELLAR_BASE_URL"],
                timeout=60,
                local_only=False,
            )
            history = (
                HistoryLookup.for_resolver(router, store=DirectoryStore(store), sparql_url=sparql)
                if store is not None
                else None
            )
            for fake in fakes.values():
                fake.clear_requests()
            started = time.perf_counter()
            verify_document(document, router, as_of=AS_OF, history=history)
            seconds = time.perf_counter() - started
            router.close()
            counts.append(by_service())
            return seconds, requests()

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
    extra = cold_s / base_s - 1
    return [
        Figure(
            "history.cold",
            cold_s,
            base_s,
            "s",
            "the same draft without history look-ups",
            target="<= 1.20 x without history",
            met=extra <= 0.20,
            note=f"+{extra:.0%}; {cold_r} requests against {base_r} without history ({cold_r - base_r:+d})",
            extra={"requests_without": counts[0], "requests_cold": counts[1]},
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

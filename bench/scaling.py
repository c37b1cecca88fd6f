"""Figure 7: completion time of 10 concurrent reviews with 1, 2 and 4 worker processes.

Each review is a slice of the benchmark draft (every `stride`-th paragraph, all jurisdictions), sources warm
in the snapshot cache, so the work is CPU and database, not the fakes' latency. For each worker count a fresh
`celery worker --concurrency N` (prefork) first completes N reviews submitted at once (one a child: imports
and per-process caches warm), then the 10 reviews are submitted at once and timed until the last is done,
`ROUNDS` times: the figure is the median round (one round moved by ±15 % from run to run, more than the
difference the target asks about).
Baselines: for 1 worker, the same slice verified in this process with `verify_document(..., workers=1)`
through the same snapshot cache, times 10 (the engine alone, no queue); for 2 and 4 workers, the 1-worker
time (ratio < 1 is a speed-up; on 2 cores about 0.5 from 1 to 2 is the most to expect, and 4 cannot beat 2
by much)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import Figure
from bench.django_env import (
    LATENCY,
    Workers,
    bench_user_and_matter,
    empty_reviews_and_sources,
    fake_sources,
    wait_until,
)
from bench.draft import DRAFT_100

REVIEWS = 10
ROUNDS = 3


def draft_slice(stride: int) -> str:
    text = DRAFT_100.read_text(encoding="utf-8")
    paragraphs = [p for p in text.split("\n\n") if p[:1].isdigit()]
    return "\n\n".join(paragraphs[::stride]) + "\n"


def _submit_and_wait(user: Any, matter: Any, document: Any, count: int, timeout: float) -> float:
    from django.db.models import Max
    from django.utils import timezone

    from workbench.models import Review
    from workbench.reviews import services

    # The end is the last review's own `finished_at` (the worker's clock, this machine's), not the moment a
    # poll saw it: with the warm workload at 0.4–0.8 s, a 0.1 s poll was up to a quarter of the figure.
    start = timezone.now()
    ids = [
        services.create_review(user=user, matter=matter, title=f"scaling {i}", document=document).pk
        for i in range(count)
    ]
    wait_until(
        lambda: Review.objects.filter(pk__in=ids, status=Review.Status.DONE).count() == len(ids),
        timeout=timeout,
        interval=0.1,
        what=f"{count} reviews done",
    )
    last = Review.objects.filter(pk__in=ids).aggregate(last=Max("finished_at"))["last"]
    return (last - start).total_seconds()


def _in_process(document: Any) -> float:
    """The engine alone on the same work as the worker: the same snapshot cache and the same history
    look-ups (the store the workers filled), as of the same day."""
    from django.conf import settings
    from django.utils import timezone

    from verifier.pipeline import verify_document
    from workbench.management.commands.verify import CachedResolver
    from workbench.pipeline.sources import history_lookup, reset_router, router

    saved = settings.WORKBENCH_HISTORY_DIR
    with tempfile.TemporaryDirectory(prefix="bench-history-") as store:
        settings.WORKBENCH_HISTORY_DIR = Path(store)  # its own store, filled by the warm-up as theirs was
        reset_router()
        try:
            resolver = CachedResolver({}, router())
            history = history_lookup()
            day = timezone.localdate().isoformat()  # a review's as-of date when none is given

            def once() -> float:
                start = time.perf_counter()
                verify_document(document, resolver, lang="auto", workers=1, as_of=day, history=history)
                return time.perf_counter() - start

            once()  # warm-up: kiwi, tables, connections, the history store
            return statistics.median(once() for _ in range(ROUNDS))
        finally:
            settings.WORKBENCH_HISTORY_DIR = saved
            reset_router()


def _spin(rounds: int) -> float:
    """Pure-Python CPU work (dict and str operations, like the checks), timed in the process that runs it."""
    started = time.perf_counter()
    kept: dict[int, str] = {}
    for i in range(rounds):
        kept[i % 1000] = str(i)
    return time.perf_counter() - started


def cpu_ceiling(rounds: int = 2_000_000) -> tuple[float, float]:
    """What this machine gives from 1 to 2 processes with no queue, database or broker at all: the same CPU
    work twice, one job after the other in one process, then both at once in two. Returns (serial s,
    parallel s); parallel / serial is the best `scaling.workers_2` can be here (0.5 on two idle cores)."""
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(2) as pool:
        pool.map(_spin, [1000, 1000])  # both children started
        serial = sum(pool.apply(_spin, (rounds,)) for _ in range(2))
        started = time.perf_counter()
        pool.map(_spin, [rounds, rounds], chunksize=1)
        parallel = time.perf_counter() - started
    return serial, parallel


def run(
    *, worker_counts: tuple[int, ...] = (1, 2, 4), stride: int = 10, timeout: float = 600.0
) -> list[Figure]:
    from verifier.ingest import ingest_text

    empty_reviews_and_sources()  # no upload from another figure may stand in for the real sources
    user, matter = bench_user_and_matter()
    document = ingest_text(draft_slice(stride), name="scaling.md")
    times: dict[int, float] = {}
    with fake_sources(LATENCY) as fake:
        for n in worker_counts:
            with Workers(fake, concurrency=n, name="scaling"):
                # one review a worker process, all at once, so that each child is warm (its imports, tables,
                # connection, history lists): one review warmed one child only, and since a short review is
                # one task the other children met the timed reviews cold
                _submit_and_wait(user, matter, document, n, timeout)
                fake.clear_requests()
                rounds = [_submit_and_wait(user, matter, document, REVIEWS, timeout) for _ in range(ROUNDS)]
                times[n] = statistics.median(rounds)
        engine = _in_process(document) * REVIEWS
    serial, parallel = cpu_ceiling()
    citations = len([p for p in document.text.split("\n\n") if p.strip()])
    figures: list[Figure] = []
    base = times.get(1)
    for n in worker_counts:
        if n == 1:
            figures.append(
                Figure(
                    "scaling.workers_1",
                    times[1],
                    engine,
                    "s",
                    f"verify_document in one thread, same slice, x{REVIEWS}",
                    note=f"{REVIEWS} reviews x {citations} citations, warm cache; median of {ROUNDS} rounds",
                )
            )
        else:
            figures.append(
                Figure(
                    f"scaling.workers_{n}",
                    times[n],
                    base,
                    "s",
                    "the same 10 reviews with 1 worker process",
                    target="ratio <= 0.6 (about 2x from 1 to 2 processes on 2 cores)" if n == 2 else "",
                    met=(times[n] / base <= 0.6) if (n == 2 and base) else None,
                    note=f"{REVIEWS} reviews x {citations} citations, warm cache, median of {ROUNDS} rounds; "
                    f"speed-up {base / times[n]:.2f}x"
                    + (f"; this machine's own ceiling {parallel / serial:.2f}" if n == 2 else "")
                    if base
                    else "",
                )
            )
    figures.append(
        Figure(
            "scaling.cpu_ceiling_2",
            parallel,
            serial,
            "s",
            "the same CPU work twice in one process, one job after the other",
            note="pure-Python work in 2 processes at once: the best 1 -> 2 ratio this machine allows "
            "(0.5 on two idle cores; PostgreSQL, Redis and the harness share them in scaling.workers_2)",
        )
    )
    return figures


__all__ = ["draft_slice", "run"]

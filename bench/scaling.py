"""Figure 7: completion time of 10 concurrent reviews with 1, 2 and 4 worker processes.

Each review is a slice of the benchmark draft (every `stride`-th paragraph, all jurisdictions), sources warm
in the snapshot cache, so the work is CPU and database, not the fakes' latency. For each worker count a fresh
`celery worker --concurrency N` (prefork) first completes one review (imports and per-process caches warm),
then the 10 reviews are submitted at once and timed until the last is done. Baselines: for 1 worker, the
same slice verified in this process with `verify_document(..., workers=1)` through the same snapshot cache,
times 10 (the engine alone, no queue); for 2 and 4 workers, the 1-worker time (ratio < 1 is a speed-up;
on 2 cores about 0.5 from 1 to 2 is the most to expect, and 4 cannot beat 2 by much)."""

from __future__ import annotations

import time
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


def draft_slice(stride: int) -> str:
    text = DRAFT_100.read_text(encoding="utf-8")
    paragraphs = [p for p in text.split("\n\n") if p[:1].isdigit()]
    return "\n\n".join(paragraphs[::stride]) + "\n"


def _submit_and_wait(user: Any, matter: Any, document: Any, count: int, timeout: float) -> float:
    from django.db.models import Max
    from django.utils import timezone

    from workbench import services
    from workbench.models import Review

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
    from verifier.pipeline import verify_document
    from workbench.management.commands.verify import CachedResolver
    from workbench.sources import router

    resolver = CachedResolver({}, router())
    verify_document(document, resolver, lang="auto", workers=1)  # warm-up: kiwi, tables, connections
    start = time.perf_counter()
    verify_document(document, resolver, lang="auto", workers=1)
    return time.perf_counter() - start


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
                _submit_and_wait(user, matter, document, 1, timeout)  # warms the cache and the processes
                fake.clear_requests()
                times[n] = _submit_and_wait(user, matter, document, REVIEWS, timeout)
        engine = _in_process(document) * REVIEWS
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
                    note=f"{REVIEWS} reviews x {citations} citations, warm cache",
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
                    note=f"{REVIEWS} reviews x {citations} citations, warm cache; speed-up "
                    f"{base / times[n]:.2f}x"
                    if base
                    else "",
                )
            )
    return figures


__all__ = ["draft_slice", "run"]

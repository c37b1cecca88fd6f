"""Figure 6: peak RSS of a worker verifying a 100-citation draft against one 5 MB source.

The source is the GDPR followed by the rest of the corpus, cut at 5 MB of UTF-8, attached to the bench
matter as an upload for Regulation (EU) 2016/679, so every one of the 100 GDPR quotes of
bench/data/draft-gdpr-100.md is looked for in the same 5 MB text. One worker process (`--pool solo`, so the
process that verifies is the one measured): the peak is its VmHWM after the review is done; the baseline is
its VmRSS idle, after start-up and before the review."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bench.common import DATA_DIR, Figure
from bench.corpus import concatenated, corpus_texts
from bench.django_env import (
    LATENCY,
    Workers,
    bench_user_and_matter,
    empty_reviews_and_sources,
    fake_sources,
    proc_status_kb,
    wait_until,
)
from bench.draft import DRAFT_GDPR

SOURCE_BYTES = 5_000_000
GDPR = "eu/legislation/32016R0679/EU_document.txt"


def big_source(size_bytes: int = SOURCE_BYTES) -> str:
    texts = corpus_texts()
    gdpr = [t for t in texts if t.name == GDPR]
    return concatenated(gdpr + [t for t in texts if t.name != GDPR], size_bytes)


def attach_big_source(matter: Any, text: str) -> None:
    from verifier.citations import extract_citations
    from verifier.sources.supplied.uploads import document_from_upload
    from workbench.pipeline.sources import store

    anchor = extract_citations("Article 6 of Regulation (EU) 2016/679")[0].anchor
    assert anchor is not None
    store(document_from_upload(anchor, text, "gdpr-and-corpus-5mb.txt"), matter=matter)


def run(*, draft: Path = DRAFT_GDPR, size_bytes: int = SOURCE_BYTES, timeout: float = 600.0) -> list[Figure]:
    from verifier.ingest import ingest_path
    from workbench.models import Review
    from workbench.reviews import services

    assert DATA_DIR.is_dir()
    empty_reviews_and_sources()
    user, matter = bench_user_and_matter()
    text = big_source(size_bytes)
    attach_big_source(matter, text)
    document = ingest_path(draft)
    with fake_sources(LATENCY) as fake, Workers(fake, concurrency=1, pool="solo") as worker:
        time.sleep(1.0)  # let the freshly started worker settle before taking its idle size
        idle_kb = proc_status_kb(worker.pid, "VmRSS")
        fake.clear_requests()
        start = time.perf_counter()
        review = services.create_review(user=user, matter=matter, title="memory", document=document)
        wait_until(
            lambda: Review.objects.filter(pk=review.pk, status=Review.Status.DONE).exists(),
            timeout=timeout,
            interval=0.2,
            what="the memory review done",
        )
        elapsed = time.perf_counter() - start
        peak_kb = proc_status_kb(worker.pid, "VmHWM")
        requests = len(fake.requests)
    review.refresh_from_db()
    peak_mb, idle_mb = peak_kb / 1024, idle_kb / 1024
    return [
        Figure(
            "memory.worker_peak_rss",
            peak_mb,
            idle_mb,
            "MB",
            "the same worker's RSS idle, before the review",
            target="<= 400 MB",
            met=peak_mb <= 400,
            note=f"{review.progress_total} findings against {len(text.encode()) / 1e6:.1f} MB "
            f"in {elapsed:.1f} s; {requests} upstream requests",
        )
    ]


__all__ = ["attach_big_source", "big_source", "run"]

"""A finished review of 2,000 findings checked against the real corpus, for the export figure and its test.

The draft is bench/data/draft-100.md repeated (20 copies for 2,000 citations): real sentences quoted from the
sources they cite, among them 20 quotes of the Kodeks cywilny, whose snapshot is the biggest of the corpus
(380 KB of text, 151 KB of units). The corpus is imported as snapshots and the first copy's 100 findings are
verified by the worker's own step, offline; every later copy gets the verdict of the same sentence in the
first copy, stored through `worker.store_verdicts` (verdict fields, snapshot and audit events exactly as the
worker writes them), so the review has the evidence, excerpts and diffs a real one has without verifying the
same 100 sentences twenty times. Every 10th finding has a partner's decision."""

from __future__ import annotations

from typing import Any

from bench.common import DATA_DIR
from bench.draft import DRAFT_100

COPY = 100  # citations of draft-100.md


def draft_of(n: int) -> str:
    copies = -(-n // COPY)
    return "\n".join([DRAFT_100.read_text(encoding="utf-8")] * copies)


def import_corpus_offline() -> None:
    """The corpus as snapshots, and the router told to look nowhere else."""
    from django.conf import settings

    from workbench.corpus import import_corpus
    from workbench.sources import reset_router

    import_corpus(DATA_DIR / "corpus")
    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()


def review_of_n_findings(user: Any, partner: Any, matter: Any, n: int, *, title: str = "") -> Any:
    """A finished review with `n` findings (a multiple of 100) against the imported corpus."""
    from verifier.ingest import ingest_text
    from workbench import services, worker
    from workbench.models import Decision, Finding, Review
    from workbench.records import finding_of

    if n % COPY:
        raise ValueError(f"n must be a multiple of {COPY}, got {n}")
    document = ingest_text(draft_of(n), "draft.md")
    review = services.create_review(
        user=user, matter=matter, title=title or f"{n} findings", document=document, enqueue=False
    )
    ids = worker.extract_findings(review.pk)
    if len(ids) != n:
        raise RuntimeError(f"the repeated draft gave {len(ids)} citations, {n} expected")
    worker.verify_findings(ids[:COPY])
    rows = list(Finding.objects.filter(review=review).order_by("ordinal"))
    templates = rows[:COPY]
    if any(not t.status for t in templates):
        raise RuntimeError("the first copy's findings were not all verified")
    verdicts = [finding_of(t) for t in templates]
    for start in range(COPY, n, COPY):
        batch = [
            (row, verdicts[i], templates[i].snapshot if templates[i].snapshot_id else None, None)
            for i, row in enumerate(rows[start : start + COPY])
        ]
        worker.store_verdicts(review, batch)
    review.refresh_from_db()
    if review.status != Review.Status.DONE:
        raise RuntimeError(f"the review ended {review.status}, not done")
    for row in Finding.objects.filter(review=review).order_by("ordinal")[::10]:
        action = Decision.Action.OVERRIDE if row.is_hard_block else Decision.Action.APPROVE
        if row.status == "verified":
            continue
        services.decide(
            user=partner, finding=row, action=action, comment=f"checked by hand: {row.finding_id}"
        )
    return Review.objects.select_related("matter").get(pk=review.pk)


__all__ = ["draft_of", "import_corpus_offline", "review_of_n_findings"]

"""A finished review of 2,000 findings checked against the real corpus, for the export figure and its test.

The draft is bench/data/draft-100.md repeated (20 copies for 2,000 citations): real sentences quoted from the
sources they cite, among them 20 quotes of the Kodeks cywilny, whose snapshot is the biggest of the corpus
(380 KB of text, 151 KB of units). Every second copy has the middle word of each quote left out, so about
half the findings are not green and carry a diff and an excerpt of their source. The corpus is imported as
snapshots and the first two copies (200 findings) are verified by the worker's own step, offline; every later
copy gets the verdict of the same sentence in the copy like it, stored through `worker.store_verdicts`
(verdict fields, snapshot and audit events exactly as the worker writes them), so the review has the evidence
a real one has without verifying the same sentences ten times. Every 10th finding that is not green has a
partner's decision."""

from __future__ import annotations

import re
from typing import Any

from bench.common import DATA_DIR
from bench.draft import DRAFT_100

COPY = 100  # citations of draft-100.md


_QUOTE = re.compile(r'"([^"\n]+)"')


def _drop_middle_word(m: re.Match[str]) -> str:
    words = m.group(1).split(" ")
    if len(words) < 4:
        return m.group(0)
    del words[len(words) // 2]
    return '"' + " ".join(words) + '"'


def edited(draft: str) -> str:
    """The draft with the middle word of every quote left out: what a hurried associate types, and what the
    verifier finds changed (a diff and an excerpt of the source for each)."""
    return _QUOTE.sub(_drop_middle_word, draft)


def draft_of(n: int) -> str:
    """Copies of the 100-citation draft, every second one with its quotes edited."""
    text = DRAFT_100.read_text(encoding="utf-8")
    return "\n".join(edited(text) if k % 2 else text for k in range(-(-n // COPY)))


def import_corpus_offline() -> None:
    """The corpus as snapshots; the caller has set WORKBENCH_LOCAL_ONLY, so nothing else is asked."""
    from django.conf import settings

    from workbench.pipeline.corpus import import_corpus
    from workbench.pipeline.sources import reset_router

    if not settings.WORKBENCH_LOCAL_ONLY:
        raise RuntimeError("set WORKBENCH_LOCAL_ONLY first: the review is checked against the corpus only")
    import_corpus(DATA_DIR / "corpus")
    reset_router()


def as_docx(text: str) -> bytes:
    """The draft as a Word file, one paragraph a line, as an associate's memo would come."""
    import io

    import docx

    document = docx.Document()
    for line in text.split("\n"):
        document.add_paragraph(line)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def review_of_n_findings(
    user: Any, partner: Any, matter: Any, n: int, *, title: str = "", word: bool = False
) -> Any:
    """A finished review with `n` findings (a multiple of 100) against the imported corpus; `word`: the
    draft uploaded as a .docx, so its .docx export comments a copy of that file."""
    from verifier.ingest import ingest_bytes, ingest_text
    from workbench.exports.report import SNAPSHOT_HEADER
    from workbench.models import Decision, Finding, Review, SourceSnapshot
    from workbench.pipeline import worker
    from workbench.pipeline.records import finding_of
    from workbench.reviews import services

    if n % COPY:
        raise ValueError(f"n must be a multiple of {COPY}, got {n}")
    original = as_docx(draft_of(n)) if word else None
    document = ingest_bytes(original, "draft.docx") if original else ingest_text(draft_of(n), "draft.md")
    review = services.create_review(
        user=user,
        matter=matter,
        title=title or f"{n} findings",
        document=document,
        original=original,
        enqueue=False,
    )
    ids = worker.extract_findings(review.pk)
    if len(ids) != n:
        raise RuntimeError(f"the repeated draft gave {len(ids)} citations, {n} expected")
    templates = min(n, 2 * COPY)  # the plain copy and the edited one
    worker.verify_findings(ids[:templates])
    rows = list(Finding.objects.filter(review=review).order_by("ordinal"))
    if any(not t.status for t in rows[:templates]):
        raise RuntimeError("the first copies' findings were not all verified")
    # a snapshot's id and hash are what a stored verdict names (its text stays in its one row)
    sources = SourceSnapshot.objects.only(*SNAPSHOT_HEADER)
    snapshots = sources.in_bulk({t.snapshot_id for t in rows[:templates] if t.snapshot_id})
    verdicts = [
        (finding_of(t, snapshots.get(t.snapshot_id)), snapshots.get(t.snapshot_id)) for t in rows[:templates]
    ]
    for start in range(templates, n, COPY):
        first = start % templates  # an edited copy takes the edited copy's verdicts
        batch = [(row, *verdicts[first + i], None) for i, row in enumerate(rows[start : start + COPY])]
        worker.store_verdicts(review, batch)
    review.refresh_from_db()
    if review.status != Review.Status.DONE:
        raise RuntimeError(f"the review ended {review.status}, not done")
    for row in Finding.objects.filter(review=review).order_by("ordinal")[::10]:
        action = Decision.Action.OVERRIDE if row.needs_override else Decision.Action.APPROVE
        if row.status == "verified":
            continue
        services.decide(
            user=partner, finding=row, action=action, comment=f"checked by hand: {row.finding_id}"
        )
    return Review.objects.select_related("matter").get(pk=review.pk)


__all__ = ["draft_of", "import_corpus_offline", "review_of_n_findings"]

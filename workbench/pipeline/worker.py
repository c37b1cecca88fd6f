"""The review pipeline's steps, as the Celery tasks run them (`workbench.pipeline.tasks`): the workbench's
runner of the verifier's plan.

    extract_findings(review_id) -> pending finding ids      ingest is done; extract the claims into rows
    run_review(review_id, finding_ids, dispatch)            the plan, run by `verifier.pipeline.run_plan`:
                                                            every distinct source fetched once, all at once,
                                                            and each source's findings dispatched (one task
                                                            per batch of sources) as soon as they can be
                                                            checked
    verify_findings(finding_ids)                            a batch: check each claim against its (now
                                                            cached) source, store the verdicts and their
                                                            audit events in one transaction
    fail_findings(finding_ids, reason)                      end them ⛔ with the reason (time limit)
    complete_if_done(review_id)                             the last batch flips the review to done
    stalled_work(older_than)                                what was lost in the broker, to send again

Tasks may be delivered twice (acks_late, a killed worker), so every step claims its rows with a conditional
update and does nothing when the claim fails. The database, not a chord, says when a review is complete.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone

import verifier
from verifier.check import check_claim
from verifier.ingest.base import OverBudget
from verifier.model import Anchor, Cause, Claim, Resolution, Unavailable
from verifier.model import Finding as VerifiedFinding
from verifier.pipeline import Ready, language_of, run_plan
from verifier.plan import SourceGroup, plan
from verifier.sources import act_names
from verifier.sources.http import within
from verifier.text import NORMALIZATION_VERSION
from workbench import audit
from workbench.models import Decision, Finding, Review, SourceFile, SourceSnapshot
from workbench.pipeline import drafts
from workbench.pipeline.extract_budget import extract_within
from workbench.pipeline.records import (
    claim_of,
    document_of_review,
    finding_row,
    form_moved,
    same_claim_key,
    verdict_fields,
)
from workbench.pipeline.sources import (
    Outcome,
    cached_keys,
    cached_snapshot,
    history_lookup,
    keep,
    resolve_all,
    router,
)
from workbench.supplied.serving import link_new_findings, resolution_for

log = logging.getLogger(__name__)

# A batch of findings goes to one task; a batch of many sources that came in together is split so that every
# worker process gets a share, but not below this many findings a task (a task costs a round trip and a lock).
PARALLEL_BATCHES = max(2, os.cpu_count() or 2)
MIN_BATCH = 8


def stale_claim() -> timedelta:
    """A claim older than this belongs to a worker that died; the recovery sweep (or a redelivered task) may
    take the finding over. A claim is taken when a verify task starts and lives no longer than that task,
    which the pool ends at its hard time limit (`CELERY_TASK_TIME_LIMIT`, the verify task's own): past that
    limit and a short grace no live worker can still hold it."""
    return timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + settings.WORKBENCH_CLAIM_GRACE_SECONDS)


def sources_deadline() -> datetime:
    """When a review's look-ups started now must be over (`WORKBENCH_REVIEW_SOURCE_BUDGET`)."""
    return timezone.now() + timedelta(seconds=settings.WORKBENCH_REVIEW_SOURCE_BUDGET)


def seconds_left(review: Review) -> float | None:
    if review.sources_deadline is None:
        return None
    return (review.sources_deadline - timezone.now()).total_seconds()


@contextlib.contextmanager
def sources_budget(review: Review) -> Iterator[None]:
    """Every upstream request made inside ends by the review's deadline; once it has passed, a look-up ends
    at once as ⛔ "did not answer within this review's time budget; retry now" (verifier.sources.http).
    And no act name containing a name the draft defines is searched (verifier.sources.act_names)."""
    left = seconds_left(review)
    with (
        within(None if left is None else time.monotonic() + left, settings.WORKBENCH_REVIEW_SOURCE_BUDGET),
        act_names.withholding(defined_in(review)),
    ):
        yield


_DEFINED: dict[tuple[int, str], frozenset[str]] = {}


def defined_in(review: Review) -> frozenset[str]:
    """The names the review's draft defines, found once per draft version (a draft may be 2 MB)."""
    key = (review.pk, review.draft_sha256)
    found = _DEFINED.get(key)
    if found is None:
        found = act_names.defined_names(review.draft_text)
        if len(_DEFINED) > 256:
            _DEFINED.clear()
        _DEFINED[key] = found
    return found


# --- extraction --------------------------------------------------------------------------------------


def extract_findings(review_id: int) -> list[int]:
    """Extract the citations of a queued review into pending findings; return the ids still to verify.

    Redelivered after extraction already happened, it returns the findings still pending so that the
    caller can dispatch them again (a worker killed between the two steps loses nothing)."""
    claimed = Review.objects.filter(pk=review_id, status=Review.Status.QUEUED).update(
        status=Review.Status.EXTRACTING,
        dispatched_at=timezone.now(),  # the sweep waits from the start
    )
    review = Review.objects.get(pk=review_id)
    if not claimed:
        if review.status == Review.Status.RESOLVING:
            return pending_finding_ids(review)
        if review.status != Review.Status.EXTRACTING:
            return []
    if review.draft_unread:  # an upload: read here, in a child process under the budget (pipeline.drafts)
        if not drafts.read_upload(review):
            return []
        review.refresh_from_db()
    try:
        document = document_of_review(review)
        language = review.language or language_of(document.text, "auto")
        # a large draft in a child under the parse budget (workbench.pipeline.extract_budget), pasted or
        # uploaded
        claims, truncated, reading = extract_within(
            document.text, language, document.origin_at, review.draft_name
        )
    except OverBudget as exc:
        drafts.fail_unreadable(review, exc, None)
        return []
    except Exception as exc:  # a bug in extraction must fail the review loudly, not leave it spinning
        log.exception("extraction failed for review %s", review_id)
        Review.objects.filter(pk=review_id).update(
            status=Review.Status.FAILED, error=f"Extraction failed: {exc}"
        )
        audit.append(review, "extraction_failed", {"error": str(exc)})
        return []
    with transaction.atomic():
        # A previous delivery may have died half-way: start the version's findings afresh.
        review.findings.filter(version=review.version).delete()
        created = Finding.objects.bulk_create(
            [finding_row(review, ordinal, claim) for ordinal, claim in enumerate(claims, start=1)]
        )
        supplied_sources = link_new_findings(review, created)
        carried = carry_over(review, created) if review.version > 1 else 0
        Review.objects.filter(pk=review_id).update(
            status=Review.Status.RESOLVING if claims else Review.Status.DONE,
            sources_deadline=sources_deadline(),
            language=language,
            progress_total=len(claims),
            progress_done=0,
            finished_at=None if claims else timezone.now(),
            truncated=truncated,
        )
        counts: dict[str, int] = {}
        for claim in claims:
            counts[claim.citation.jurisdiction.value] = counts.get(claim.citation.jurisdiction.value, 0) + 1
        audit.append(
            review,
            "extraction_done",
            {
                "version": review.version,
                "citations": len(claims),
                "by_jurisdiction": counts,
                "not_parsed": sum(1 for c in claims if c.citation.problem),
                "carried_over": carried,
                "supplied_sources": supplied_sources,
                "language": language,
                "engine": verifier.ENGINE_VERSION,
                # a large draft's extraction in its own process: seconds, CPU seconds, peak memory (MB)
                **({"extraction": drafts.figures(reading)} if reading else {}),
                # past WORKBENCH_MAX_CITATIONS only the first ones are checked; the page and exports say so
                **({"truncated_at": truncated["limit"], "found": truncated["found"]} if truncated else {}),
            },
        )
        if not claims:
            audit.append(review, "review_completed", {"findings": 0})
    pending = pending_finding_ids(Review.objects.get(pk=review_id))
    if claims and not pending:
        complete_if_done(review_id)  # everything carried over from the previous version
    return pending


VERDICT_FIELDS = (
    "achieved_level",
    "status",
    "risk",
    "rationale",
    "reason",
    "note_messages",
    "supporting_urls",
    "snapshot_id",
    "match",
    "notes",
    "suggestions",
    "nearest",
    "coverage",
    "official_status",
    "history",
    "computed_at",
    "state",
)


def carry_over(review: Review, created: list[Finding]) -> int:
    """Keep verdicts and decisions of citations whose claim and source are unchanged since the last version;
    only changed or new citations are verified again."""
    previous = {
        same_claim_key(f): f
        for f in review.findings.filter(version=review.version - 1, progress=Finding.Progress.DONE)
    }
    carried = 0
    for finding in created:
        old = previous.get(same_claim_key(finding))
        if old is None:
            continue
        if old.supplied_source_id != finding.supplied_source_id:
            continue  # checked against another source now (a supplied one, or the official one again)
        if old.snapshot_id is not None and old.supplied_source_id is None:
            current = cached_snapshot(old.anchor_key, review.matter)
            if current is None or current.pk != old.snapshot_id:
                continue  # the source changed: judge the claim again
        Finding.objects.filter(pk=finding.pk).update(
            progress=Finding.Progress.DONE,
            form=form_moved(old.form, finding.span_start - old.span_start),
            **{name: getattr(old, name) for name in VERDICT_FIELDS},
        )
        Decision.objects.bulk_create(
            [
                Decision(
                    finding=finding,
                    action=d.action,
                    text=d.text,
                    comment=d.comment,
                    user_id=d.user_id,
                    role=d.role,
                    created_at=d.created_at,
                    carried_over=True,
                )
                for d in old.decisions.all()
            ]
        )
        carried += 1
    return carried


# --- dispatch and recovery ----------------------------------------------------------------------------


def mark_dispatched(review_id: int | None = None, finding_ids: list[int] | None = None) -> None:
    now = timezone.now()
    if review_id is not None:
        Review.objects.filter(pk=review_id).update(dispatched_at=now)
    if finding_ids:
        Finding.objects.filter(pk__in=finding_ids).update(dispatched_at=now)


def mark_unsent(review_id: int | None = None, finding_ids: list[int] | None = None) -> None:
    """The broker could not take the task: the row says it was never sent (the page says it waits for the
    worker), and the recovery sweep sends it once the broker is back."""
    if review_id is not None:
        Review.objects.filter(pk=review_id).update(dispatched_at=None)
    if finding_ids:
        Finding.objects.filter(pk__in=finding_ids).update(dispatched_at=None)


def stalled_work(older_than: timedelta) -> tuple[list[int], list[int]]:
    """Reviews still queued and findings still unfinished whose task was sent longer ago than `older_than`
    (the message was lost: a broker restart, a purge) — to be sent again. Duplicates are harmless."""
    cutoff = timezone.now() - older_than
    # a review being extracted may be reading its upload for up to the reader's wall-clock budget: only
    # past that (and the extraction after it) is its worker presumed dead
    reading = cutoff - timedelta(seconds=settings.WORKBENCH_PARSE_WALL_SECONDS + 30)
    reviews = list(
        Review.objects.filter(
            Q(status=Review.Status.QUEUED, dispatched_at__lt=cutoff)
            | Q(status=Review.Status.EXTRACTING, dispatched_at__lt=reading)
            | Q(status__in=[Review.Status.QUEUED, Review.Status.EXTRACTING], dispatched_at__isnull=True)
            & Q(created_at__lt=cutoff)
        ).values_list("pk", flat=True)
    )
    findings = list(
        Finding.objects.filter(review__status=Review.Status.RESOLVING)
        .filter(
            Q(progress=Finding.Progress.PENDING, dispatched_at__lt=cutoff)
            | Q(progress=Finding.Progress.PENDING, dispatched_at__isnull=True)
            | Q(progress=Finding.Progress.CLAIMED, claimed_at__lt=timezone.now() - stale_claim())
        )
        .filter(version=F("review__version"))
        .values_list("pk", flat=True)
    )
    return reviews, findings


def mark_source_files_dispatched(pks: list[int]) -> None:
    SourceFile.objects.filter(pk__in=pks).update(dispatched_at=timezone.now())


def stale_reading() -> timedelta:
    """A supplied file claimed longer ago than this belongs to a reader whose worker died: the reader's
    wall-clock budget, the finding's check after it, and the grace every claim gets."""
    return timedelta(
        seconds=settings.WORKBENCH_PARSE_WALL_SECONDS + 90 + settings.WORKBENCH_CLAIM_GRACE_SECONDS
    )


def stalled_source_files(older_than: timedelta) -> list[int]:
    """Supplied files whose read was lost: queued and sent longer ago than `older_than` (or never sent), or
    claimed by a worker that died. Sent again by the recovery sweep; the claim makes a duplicate a no-op."""
    now = timezone.now()
    cutoff = now - older_than
    return list(
        SourceFile.objects.filter(
            Q(state=SourceFile.State.QUEUED, dispatched_at__lt=cutoff)
            | Q(state=SourceFile.State.QUEUED, dispatched_at__isnull=True, created_at__lt=cutoff)
            | Q(state=SourceFile.State.READING, claimed_at__lt=now - stale_reading())
        ).values_list("pk", flat=True)
    )


def pending_finding_ids(review: Review) -> list[int]:
    return list(
        review.findings.filter(version=review.version)
        .exclude(progress=Finding.Progress.DONE)
        .order_by("ordinal")
        .values_list("pk", flat=True)
    )


# --- the plan, run on Celery ---------------------------------------------------------------------------


def batches(
    groups: list[list[int]], parts: int = PARALLEL_BATCHES, least: int = MIN_BATCH
) -> list[list[int]]:
    """Sources that came in together, as tasks: a source's findings always in one task, the load spread over
    at most `parts` tasks of at least `least` findings (a source cited forty times is one task, not forty)."""
    total = sum(len(g) for g in groups)
    count = max(1, min(parts, len(groups), total // least or 1))
    bins: list[list[int]] = [[] for _ in range(count)]
    for group in sorted(groups, key=len, reverse=True):
        min(bins, key=len).extend(group)
    return [sorted(b) for b in bins if b]


def run_review(review_id: int, finding_ids: list[int], dispatch: Callable[[list[int]], None]) -> None:
    """Run the review's plan: fetch every distinct source of these findings at once (storing each as a
    snapshot), have their Korean claims analysed by a helper process, and `dispatch` each batch of findings
    as soon as what it needs is in. Those still waiting when time is up are the caller's to dispatch: their
    task resolves their sources itself. Nothing here decides a verdict."""
    if not finding_ids:
        return
    review = Review.objects.select_related("matter").get(pk=review_id)
    rows = list(Finding.objects.filter(pk__in=finding_ids).order_by("ordinal"))
    the_plan = plan([claim_of(row) for row in rows])

    def resolve(anchor: Anchor) -> Resolution:
        # Upstream only: `at_hand` found what the cache holds, and `on_ready` keeps what comes in. A pool
        # thread that touched the database opened a connection of its own, two dozen at once a review,
        # which put the first finding 0.3–0.5 s later than the CLI's (test_prefetch holds it to none).
        with sources_budget(review):  # in this pool thread
            return router().resolve(anchor)

    def on_ready(ready: Ready) -> None:
        # kept before the batch is dispatched: its task resolves from the cache (`verify_findings`)
        for group, resolution in ready:
            if group is not None and resolution is not None:
                keep(resolution)
        groups = [
            [rows[i].pk for i in (the_plan.unresolvable if group is None else group.claims)]
            for group, _ in ready
        ]
        for batch in batches(groups):
            dispatch(batch)

    def at_hand(groups: list[SourceGroup]) -> set[str]:
        return cached_keys([g.key for g in groups], review.matter)

    left = seconds_left(review)
    timeout = float(settings.CELERY_TASK_SOFT_TIME_LIMIT)
    if left is not None:  # what is still on its way then goes to the checks, which end it ⛔ at once
        timeout = max(0.0, min(timeout, left))
    # the history beside each source lands in the store the checks read, inside the review's budget like
    # the source itself (a history that does not come in time is "not checked")
    stats = run_plan(
        the_plan,
        resolve,
        on_ready,
        timeout=timeout,
        at_hand=at_hand,
        history=history_lookup(),
        as_of=review.as_of.isoformat(),
        within=lambda: sources_budget(review),
    )
    audit.append(
        review,
        "sources_prefetched",
        {
            "sources": stats.sources,
            "korean_claims": stats.korean_claims,
            "outcomes": dict(sorted(stats.outcomes.items())),
            "unfinished": stats.unfinished,
            "seconds": stats.seconds,
        },
    )


# --- verifying a batch ---------------------------------------------------------------------------------


def claim_findings(finding_ids: list[int]) -> tuple[str, list[Finding]]:
    """Take the pending findings of a batch for this worker, in one conditional update marked with a token of
    its own; those another worker holds, or that are done, are left out."""
    now = timezone.now()
    token = uuid.uuid4().hex
    claimable = Q(progress=Finding.Progress.PENDING) | Q(
        progress=Finding.Progress.CLAIMED, claimed_at__lt=now - stale_claim()
    )
    Finding.objects.filter(pk__in=finding_ids).filter(claimable).update(
        progress=Finding.Progress.CLAIMED, claimed_at=now, claimed_by=token
    )
    taken = Finding.objects.filter(pk__in=finding_ids, progress=Finding.Progress.CLAIMED, claimed_by=token)
    return token, with_their_reviews(list(taken.order_by("ordinal")))


def with_their_reviews(findings: list[Finding]) -> list[Finding]:
    """`findings`, each pointing at one shared row of its review. A join (`select_related("review")`) gives
    every finding a copy of the review's draft text of its own: 2,000 findings of a 2,000,000-character paste
    held 2,000 copies and took a worker process past 3 GB."""
    reviews = Review.objects.select_related("matter").in_bulk({f.review_id for f in findings})
    for finding in findings:
        finding.review = reviews[finding.review_id]
    return findings


type Verdict = tuple[Finding, VerifiedFinding, SourceSnapshot | None, dict[str, Any] | None]
type Verdicts = Sequence[Verdict]


def verify_findings(finding_ids: list[int]) -> None:
    """Resolve each finding's source (cached by now), verify it, and store the batch's verdicts."""
    token, findings = claim_findings(finding_ids)
    for review, rows in _by_review(findings):
        claims = [claim_of(finding) for finding in rows]
        anchors: dict[str, Anchor] = {}
        for claim in claims:  # a source is asked for as its first citation in the batch names it
            if claim.citation.resolvable and claim.citation.anchor is not None:
                anchors.setdefault(claim.citation.anchor.key, claim.citation.anchor)
        with sources_budget(review):
            outcomes = resolve_all(list(anchors.values()), matter=review.matter)
        lookup = history_lookup()
        verdicts: list[Verdict] = []
        for finding, claim in zip(rows, claims, strict=True):
            outcome: Outcome | None = None
            anchor = claim.citation.anchor
            if anchor is not None and claim.citation.resolvable:
                outcome = outcomes[anchor.key]
            # a supplied source serves only the findings it was chosen for, beside the official answer
            resolution, snapshot, resolved = resolution_for(finding, outcome)
            # the versions / later treatment as of the review's date come from the store the prefetch
            # filled; what it missed is asked within the review's budget
            with sources_budget(review):
                verdict = check_claim(
                    claim,
                    resolution,
                    finding_id=finding.finding_id,
                    lang=review.language,
                    as_of=review.as_of.isoformat(),
                    history=lookup,
                )
            verdicts.append((finding, verdict, snapshot, resolved))
        store_verdicts(review, verdicts, claim=token)


def _by_review(findings: list[Finding]) -> list[tuple[Review, list[Finding]]]:
    """A batch is one review's, except when the recovery sweep sends on what several reviews lost."""
    grouped: dict[int, tuple[Review, list[Finding]]] = {}
    for finding in findings:
        grouped.setdefault(finding.review_id, (finding.review, []))[1].append(finding)
    return list(grouped.values())


def fail_findings(finding_ids: list[int], reason: str) -> None:
    """End findings as ⛔ with the reason (time limit, worker trouble): never a silent hole."""
    findings = with_their_reviews(
        list(
            Finding.objects.filter(pk__in=finding_ids)
            .exclude(progress=Finding.Progress.DONE)
            .order_by("ordinal")
        )
    )
    for review, rows in _by_review(findings):
        verdicts: list[Verdict] = []
        for finding in rows:
            claim = claim_of(finding)
            verdict = check_claim(
                claim, _unavailable(claim, reason), finding_id=finding.finding_id, lang=review.language
            )
            verdicts.append((finding, verdict, None, None))
        store_verdicts(review, verdicts)


def _unavailable(claim: Claim, reason: str) -> Resolution | None:
    if claim.citation.anchor is None:
        return None
    return Unavailable(key=claim.citation.anchor.key, reason=reason, cause=Cause.TIMED_OUT)


def store_verdicts(
    review: Review, verdicts: Verdicts, *, claim: str | None = None, reopen: bool = False
) -> list[Finding]:
    """Store a batch's verdicts and their audit events in one transaction; returns the findings stored.

    `claim`: only those this worker still holds the claim of (a worker that lost its claim to another, after
    being presumed dead, stores nothing); `reopen`: a re-verification of finished findings (attach source, a
    search hit), which also reopens their review state since the verdict may change; otherwise any finding
    not yet done (a time limit ends it). Each finding's `source_resolved` event (how its source was found)
    comes just before its `finding_computed`, under the same lock."""
    stored: list[Finding] = []
    events: list[tuple[str, dict[str, Any] | None]] = []
    with transaction.atomic():
        for finding, verdict, snapshot, resolved in verdicts:
            # one conditional UPDATE a row (Django's bulk_update assembles CASE expressions that cost more
            # than the round trips they save): another delivery of the same task, or a worker that took over
            # a claim presumed dead, finds the row done or no longer its own and writes nothing
            rows = Finding.objects.filter(pk=finding.pk)
            if claim is not None:
                rows = rows.filter(progress=Finding.Progress.CLAIMED, claimed_by=claim)
            elif not reopen:
                rows = rows.exclude(progress=Finding.Progress.DONE)
            extra = {"state": Finding.State.OPEN} if reopen else {}
            if not rows.update(progress=Finding.Progress.DONE, **verdict_fields(verdict, snapshot), **extra):
                continue
            stored.append(finding)
            if resolved is not None:
                events.append(("source_resolved", resolved))
            events.append(
                (
                    "finding_computed",
                    {
                        "finding": finding.finding_id,
                        "citation": finding.citation,
                        "status": verdict.status.value,
                        "required": verdict.required_level.label,
                        "achieved": verdict.achieved_level.label,
                        "snapshot_sha256": snapshot.sha256 if snapshot else None,
                        "normalization": NORMALIZATION_VERSION,
                        "engine": verifier.ENGINE_VERSION,
                    },
                )
            )
        if events:
            audit.append_many(review, events)
    if stored:
        complete_if_done(review.pk)
    return stored


def complete_if_done(review_id: int) -> bool:
    """Write the review's progress and flip it to done when every finding is. The count and its write happen
    under the review's row lock: two workers finishing at once would otherwise each count, and the slower
    one could write an older count over a newer one (a review 'done' at 9 of 10)."""
    with transaction.atomic():
        review = Review.objects.select_for_update().get(pk=review_id)
        counts = review.findings.filter(version=review.version).aggregate(
            total=Count("pk"), done=Count("pk", filter=Q(progress=Finding.Progress.DONE))
        )
        if counts["done"] != review.progress_done:  # most calls change it, but a redelivery need not write
            Review.objects.filter(pk=review_id).update(progress_done=counts["done"])
        if counts["done"] < counts["total"]:
            return False
        flipped = Review.objects.filter(pk=review_id, status=Review.Status.RESOLVING).update(
            status=Review.Status.DONE, finished_at=timezone.now()
        )
        if flipped:
            summary = dict(
                review.findings.filter(version=review.version)
                .values_list("status")
                .annotate(n=Count("pk"))
                .values_list("status", "n")
            )
            audit.append(review, "review_completed", {"findings": counts["total"], "by_status": summary})
    return bool(flipped)

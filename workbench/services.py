"""Every state change of the workbench, each with its audit event.

Views and tasks stay thin: they check who is asking, then call one function here. The review pipeline is
ingest → extract (one task) → one task per finding (resolve + verify), fanned out; the database, not a chord,
says when a review is complete: the task that finishes the last pending finding flips the review to done.
Tasks may be delivered twice (acks_late, a killed worker), so every step claims its row with a conditional
update and does nothing when the claim fails.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.db import connections, transaction
from django.db.models import Count, F, Q
from django.utils import timezone

import verifier
from verifier.citations import extract_claims
from verifier.ingest import IngestedDocument
from verifier.lang import detect_language
from verifier.model import (
    Anchor,
    Citation,
    Claim,
    ClaimType,
    Found,
    Jurisdiction,
    Kind,
    Pinpoint,
    Resolution,
    Status,
)
from verifier.model import Finding as VerifiedFinding
from verifier.text import NORMALIZATION_VERSION
from verifier.verify import verify_claim
from workbench import audit
from workbench.models import Decision, DraftVersion, Finding, Matter, Review, SignOff, SourceSnapshot
from workbench.permissions import ASSOCIATE, PARTNER, matters_of, person, require_role

log = logging.getLogger(__name__)

type AnyUser = AbstractBaseUser | AnonymousUser


def stale_claim() -> timedelta:
    """A claim older than this belongs to a worker that died; a redelivered task may take the finding over."""
    return timedelta(seconds=settings.WORKBENCH_STALE_CLAIM_SECONDS)


# --- reviews ----------------------------------------------------------------------------------------


def create_review(
    *,
    user: AnyUser,
    matter: Matter,
    title: str,
    document: IngestedDocument,
    original: bytes | None = None,
    enqueue: bool = True,
) -> Review:
    require_role(user, ASSOCIATE, PARTNER)
    if not matters_of(user).filter(pk=matter.pk).exists():
        raise PermissionDenied("You are not a member of this matter.")
    if not document.text.strip():
        raise ValidationError("The draft is empty.")
    with transaction.atomic():
        review = Review.objects.create(
            matter=matter,
            title=title.strip() or document.name,
            created_by=person(user),
            draft_name=document.name[:255],
            draft_format=document.format,
            draft_text=document.text,
            draft_sha256=document.sha256,
            draft_parts=[[p.start, p.end, p.origin] for p in document.parts],
            draft_warnings=list(document.warnings),
        )
        if original is not None:
            review.original_file.save("draft", ContentFile(original), save=True)
        DraftVersion.objects.create(
            review=review,
            number=1,
            name=review.draft_name,
            format=document.format,
            text=document.text,
            sha256=document.sha256,
            created_by=person(user),
        )
        audit.append(review, "review_created", {"title": review.title, "matter": matter.reference}, user)
        audit.append(
            review,
            "draft_uploaded",
            {
                "version": 1,
                "name": review.draft_name,
                "format": document.format,
                "sha256": document.sha256,
                "chars": len(document.text),
            },
            user,
        )
        if enqueue:
            from workbench.tasks import process_review_task

            mark_dispatched(review_id=review.pk)
            process_review_task.delay_on_commit(review.pk)  # type: ignore[attr-defined]
    return review


def document_of(review: Review) -> IngestedDocument:
    from verifier.ingest import TextPart

    parts = tuple(TextPart(int(s), int(e), str(o)) for s, e, o in review.draft_parts)
    return IngestedDocument(
        name=review.draft_name,
        text=review.draft_text,
        sha256=review.draft_sha256,
        format=review.draft_format,
        parts=parts,
    )


def extract_findings(review_id: int) -> list[int]:
    """Extract the citations of a queued review into pending findings; return the ids still to verify.

    Redelivered after extraction already happened, it returns the findings still pending so that the
    caller can dispatch them again (a worker killed between the two steps loses nothing)."""
    claimed = Review.objects.filter(pk=review_id, status=Review.Status.QUEUED).update(
        status=Review.Status.EXTRACTING
    )
    review = Review.objects.get(pk=review_id)
    if not claimed:
        if review.status == Review.Status.RESOLVING:
            return pending_finding_ids(review)
        if review.status != Review.Status.EXTRACTING:
            return []
    try:
        document = document_of(review)
        language = review.language or detect_language(document.text)
        claims = extract_claims(document.text, lang=language, origin_at=document.origin_at)
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
        carried = carry_over(review, created) if review.version > 1 else 0
        Review.objects.filter(pk=review_id).update(
            status=Review.Status.RESOLVING if claims else Review.Status.DONE,
            language=language,
            progress_total=len(claims),
            progress_done=0,
            finished_at=None if claims else timezone.now(),
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
                "language": language,
                "engine": verifier.ENGINE_VERSION,
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
    "supporting_urls",
    "snapshot_id",
    "match",
    "notes",
    "suggestions",
    "nearest",
    "coverage",
    "computed_at",
    "state",
)


def same_claim_key(f: Finding) -> tuple[str, str, str, str, str]:
    return (f.anchor_key, " ".join(f.citation.split()), f.claim_type, " ".join(f.claim_text.split()), f.quote)


def carry_over(review: Review, created: list[Finding]) -> int:
    """Keep verdicts and decisions of citations whose claim and source are unchanged since the last version;
    only changed or new citations are verified again."""
    previous = {
        same_claim_key(f): f
        for f in review.findings.filter(version=review.version - 1, progress=Finding.Progress.DONE)
    }
    from workbench.sources import cached_snapshot

    carried = 0
    for finding in created:
        old = previous.get(same_claim_key(finding))
        if old is None:
            continue
        if old.snapshot_id is not None:
            current = cached_snapshot(old.anchor_key, review.matter)
            if current is None or current.pk != old.snapshot_id:
                continue  # the source changed: judge the claim again
        Finding.objects.filter(pk=finding.pk).update(
            progress=Finding.Progress.DONE, **{name: getattr(old, name) for name in VERDICT_FIELDS}
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


def version_changes(review: Review) -> dict[str, list[str]]:
    """Citations added, changed (same citation, its claim or quote edited), removed and kept between the
    previous version and the current one.

    The claim key holds the sentence and the quote, so an edited sentence under an unchanged citation has a
    key only the new version has and one only the old version has: compared by key alone, it was listed as
    both new and removed. What is left over after the keys are matched is paired by the citation's words.
    Counts, not dicts: a citation made twice with the same claim is two citations."""
    if review.version < 2:
        return {"added": [], "changed": [], "removed": [], "kept": []}
    old = list(review.findings.filter(version=review.version - 1).order_by("ordinal"))
    new = list(review.findings.filter(version=review.version).order_by("ordinal"))
    unmatched_old = Counter(same_claim_key(f) for f in old)
    kept, fresh = [], []
    for f in new:
        if unmatched_old[same_claim_key(f)]:
            unmatched_old[same_claim_key(f)] -= 1
            kept.append(f.citation)
        else:
            fresh.append(f)
    gone: dict[str, list[str]] = {}
    for f in old:
        if unmatched_old[same_claim_key(f)]:
            unmatched_old[same_claim_key(f)] -= 1
            gone.setdefault(" ".join(f.citation.split()), []).append(f.citation)
    added, changed = [], []
    for f in fresh:
        words = " ".join(f.citation.split())
        if gone.get(words):
            gone[words].pop(0)
            changed.append(f.citation)
        else:
            added.append(f.citation)
    removed = [citation for citations in gone.values() for citation in citations]
    return {"added": added, "changed": changed, "removed": removed, "kept": kept}


def mark_dispatched(review_id: int | None = None, finding_ids: list[int] | None = None) -> None:
    now = timezone.now()
    if review_id is not None:
        Review.objects.filter(pk=review_id).update(dispatched_at=now)
    if finding_ids:
        Finding.objects.filter(pk__in=finding_ids).update(dispatched_at=now)


def stalled_work(older_than: timedelta) -> tuple[list[int], list[int]]:
    """Reviews still queued and findings still unfinished whose task was sent longer ago than `older_than`
    (the message was lost: a broker restart, a purge) — to be sent again. Duplicates are harmless."""
    cutoff = timezone.now() - older_than
    reviews = list(
        Review.objects.filter(status__in=[Review.Status.QUEUED, Review.Status.EXTRACTING])
        .filter(Q(dispatched_at__lt=cutoff) | Q(dispatched_at__isnull=True, created_at__lt=cutoff))
        .values_list("pk", flat=True)
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


def pending_finding_ids(review: Review) -> list[int]:
    return list(
        review.findings.filter(version=review.version)
        .exclude(progress=Finding.Progress.DONE)
        .order_by("ordinal")
        .values_list("pk", flat=True)
    )


def finding_row(review: Review, ordinal: int, claim: Claim) -> Finding:
    citation = claim.citation
    return Finding(
        review=review,
        version=review.version,
        ordinal=ordinal,
        span_start=citation.span[0],
        span_end=citation.span[1],
        citation=citation.text,
        jurisdiction=citation.jurisdiction.value,
        kind=citation.kind.value,
        claim_type=claim.claim_type.value,
        claim_text=claim.claim_text,
        claim_start=claim.claim_span[0],
        claim_end=claim.claim_span[1],
        quote=claim.quote or "",
        quote_start=claim.quote_span[0] if claim.quote_span else None,
        quote_end=claim.quote_span[1] if claim.quote_span else None,
        origin=claim.origin or "",
        anchor=anchor_to_json(citation.anchor) if citation.anchor else {},
        anchor_key=citation.anchor.key if citation.anchor else "",
        problem=citation.problem or "",
        required_level=claim.claim_type.required_level.label,
    )


def anchor_to_json(anchor: Anchor) -> dict[str, Any]:
    return dataclasses.asdict(anchor)


def anchor_from_json(data: dict[str, Any]) -> Anchor:
    values = dict(data)
    pin = values.get("pinpoint")
    values["pinpoint"] = Pinpoint(**pin) if pin else None
    values["parties"] = tuple(values.get("parties") or ())
    return Anchor(**values)


def claim_of(finding: Finding) -> Claim:
    anchor = anchor_from_json(finding.anchor) if finding.anchor else None
    citation = Citation(
        span=(finding.span_start, finding.span_end),
        text=finding.citation,
        jurisdiction=Jurisdiction(finding.jurisdiction),
        kind=Kind(finding.kind),
        anchor=anchor,
        problem=finding.problem or None,
    )
    quote_span = (
        (finding.quote_start, finding.quote_end)
        if finding.quote_start is not None and finding.quote_end is not None
        else None
    )
    return Claim(
        citation=citation,
        claim_type=ClaimType(finding.claim_type),
        claim_text=finding.claim_text,
        claim_span=(finding.claim_start, finding.claim_end),
        quote=finding.quote or None,
        quote_span=quote_span,
        origin=finding.origin or None,
    )


def claim_finding(finding_id: int) -> Finding | None:
    """Take a pending finding for this worker; None if another worker has it or it is done."""
    now = timezone.now()
    taken = (
        Finding.objects.filter(pk=finding_id)
        .filter(
            Q(progress=Finding.Progress.PENDING)
            | Q(progress=Finding.Progress.CLAIMED, claimed_at__lt=now - stale_claim())
        )
        .update(progress=Finding.Progress.CLAIMED, claimed_at=now)
    )
    if not taken:
        return None
    return Finding.objects.select_related("review", "review__matter").get(pk=finding_id)


PREFETCH_THREADS = 16


def prefetch_sources(review_id: int, finding_ids: list[int], dispatch: Callable[[list[int]], None]) -> None:
    """Fetch every distinct uncached source of these findings at once, have their Korean claims analysed,
    and hand each finding to `dispatch` as soon as what it needs is in. Those still waiting when time is
    up (or when this fails) are the caller's to dispatch.

    One task per finding on a few worker processes otherwise waits on the network one source at a time,
    and every process loads the Korean model for itself. Nothing here decides a verdict: each finding's
    task still resolves its source (now from the cache) and audits where it came from. A failure here
    costs time, not findings."""
    from verifier.match import korean
    from verifier.pipeline import korean_texts
    from workbench.sources import cached_miss, cached_snapshot, resolve_for

    if not finding_ids:
        return
    review = Review.objects.select_related("matter").get(pk=review_id)
    waiting: dict[int, set[object]] = {}  # finding id -> what it still waits for (anchor keys, "ko")
    anchors: dict[str, Anchor] = {}
    texts: list[str] = []
    for finding in Finding.objects.filter(pk__in=finding_ids):
        claim = claim_of(finding)
        needs: set[object] = set()
        if claim.citation.anchor is not None and claim.citation.problem is None:
            anchors.setdefault(claim.citation.anchor.key, claim.citation.anchor)
            needs.add(claim.citation.anchor.key)
        korean_text = korean_texts([claim])
        if korean_text:
            texts += korean_text
            needs.add("ko")
        waiting[finding.pk] = needs
    wanted = [
        anchor
        for key, anchor in anchors.items()
        if cached_snapshot(key, review.matter) is None and cached_miss(key) is None
    ]
    started = time.monotonic()
    pool = ThreadPoolExecutor(max_workers=PREFETCH_THREADS, thread_name_prefix="prefetch")

    def fetch(anchor: Anchor) -> str:
        try:
            return type(resolve_for(anchor, matter=review.matter).resolution).__name__
        finally:
            connections.close_all()  # this pool thread's own connection

    futures: dict[Future[Any], object] = {pool.submit(fetch, anchor): anchor.key for anchor in wanted}
    # Korean claims go to a helper process on the other core; its analyses land in the disk cache,
    # where every worker process finds them instead of loading the model for itself
    helper = korean.prefetch(texts)
    if helper is not None:
        futures[helper] = "ko"
    pending_needs = set(futures.values())
    for needs in waiting.values():
        needs &= pending_needs

    def release() -> None:
        ready = [fid for fid, needs in waiting.items() if not needs]
        for fid in ready:
            del waiting[fid]
        if ready:
            dispatch(ready)

    release()  # what is cached already, or needs nothing, goes at once
    outcomes: Counter[str] = Counter()
    # no longer than one finding may take: what is still on its way is then left to the findings' own
    # tasks, which end ⛔ "timed out" under the same limit as if they had fetched it themselves
    unfinished = len(futures)
    try:
        for future in as_completed(futures, timeout=settings.CELERY_TASK_SOFT_TIME_LIMIT):
            unfinished -= 1
            error = future.exception()
            if error is not None:
                log.warning("review %s: prefetch step failed: %s", review_id, error)
                outcomes["error"] += 1
            elif future is helper:
                outcomes["korean_analysed"] += len(texts)
            else:
                outcomes[future.result()] += 1
            for needs in waiting.values():
                needs.discard(futures[future])
            release()
    except TimeoutError:
        pass
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    audit.append(
        review,
        "sources_prefetched",
        {
            "sources": len(wanted),
            "korean_claims": len(texts),
            "outcomes": dict(sorted(outcomes.items())),
            "unfinished": unfinished,
            "seconds": round(time.monotonic() - started, 2),
        },
    )


def verify_finding(finding_id: int) -> None:
    """Resolve one finding's source, verify it, store the verdict; finish the review if it was the last."""
    from workbench.sources import resolve_for

    finding = claim_finding(finding_id)
    if finding is None:
        return
    review = finding.review
    claim = claim_of(finding)
    resolution: Resolution | None = None
    snapshot: SourceSnapshot | None = None
    resolved: dict[str, Any] | None = None
    if claim.citation.anchor is not None and claim.citation.problem is None:
        outcome = resolve_for(claim.citation.anchor, matter=review.matter)
        resolution, snapshot = outcome.resolution, outcome.snapshot
        resolved = outcome.audit_payload(finding.finding_id)
    verdict = verify_claim(claim, resolution, finding_id=finding.finding_id, lang=review.language or "en")
    store_verdict(finding, verdict, snapshot, resolved=resolved)


def fail_finding(finding_id: int, reason: str) -> None:
    """End a finding as no_source with the reason (time limit, worker trouble): never a silent hole."""
    finding = Finding.objects.select_related("review").get(pk=finding_id)
    if finding.progress == Finding.Progress.DONE:
        return
    claim = claim_of(finding)
    verdict = verify_claim(
        claim,
        _unavailable(claim, reason),
        finding_id=finding.finding_id,
        lang=finding.review.language or "en",
    )
    store_verdict(finding, verdict, None, require_claim=False)


def _unavailable(claim: Claim, reason: str) -> Resolution | None:
    from verifier.model import Unavailable

    if claim.citation.anchor is None:
        return None
    return Unavailable(key=claim.citation.anchor.key, reason=reason)


def store_verdict(
    finding: Finding,
    verdict: VerifiedFinding,
    snapshot: SourceSnapshot | None,
    *,
    require_claim: bool = True,
    reopen: bool = False,
    resolved: dict[str, Any] | None = None,
) -> None:
    """Store a verdict. `require_claim`: only if this worker holds the claim; `reopen`: a re-verification of a
    finished finding (attach source), which also reopens its review state since the verdict may change;
    `resolved`: how the source was found, audited just before the verdict, under the same lock."""
    review = finding.review
    rows = Finding.objects.filter(pk=finding.pk)
    if require_claim:
        rows = rows.filter(progress=Finding.Progress.CLAIMED)
    elif not reopen:
        rows = rows.exclude(progress=Finding.Progress.DONE)
    extra = {"state": Finding.State.OPEN} if reopen else {}
    with transaction.atomic():
        stored = rows.update(
            progress=Finding.Progress.DONE,
            achieved_level=verdict.achieved_level.label,
            status=verdict.status.value,
            risk=Finding.risk_of(verdict.status.value),
            rationale=verdict.rationale,
            supporting_urls=list(verdict.supporting_urls),
            snapshot=snapshot,
            match=dataclasses.asdict(verdict.match) if verdict.match else None,
            notes=list(verdict.notes),
            suggestions=list(verdict.suggestions),
            nearest=[dataclasses.asdict(n) for n in verdict.nearest],
            coverage=verdict.coverage,
            computed_at=timezone.now(),
            **extra,
        )
        if not stored:
            return  # another delivery of the same task got there first
        computed = {
            "finding": finding.finding_id,
            "citation": finding.citation,
            "status": verdict.status.value,
            "required": verdict.required_level.label,
            "achieved": verdict.achieved_level.label,
            "snapshot_sha256": snapshot.sha256 if snapshot else None,
            "normalization": NORMALIZATION_VERSION,
            "engine": verifier.ENGINE_VERSION,
        }
        events: list[tuple[str, dict[str, Any] | None]] = [("finding_computed", computed)]
        if resolved is not None:
            events.insert(0, ("source_resolved", resolved))
        audit.append_many(review, events)
    complete_if_done(review.pk)


def complete_if_done(review_id: int) -> bool:
    review = Review.objects.get(pk=review_id)
    counts = review.findings.filter(version=review.version).aggregate(
        total=Count("pk"), done=Count("pk", filter=Q(progress=Finding.Progress.DONE))
    )
    if counts["done"] != review.progress_done:  # most calls change it, but a redelivery need not write
        Review.objects.filter(pk=review_id).update(progress_done=counts["done"])
    if counts["done"] < counts["total"]:
        return False
    with transaction.atomic():
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


def status_counts(findings: Iterable[Finding]) -> dict[str, int]:
    counts = {s.value: 0 for s in Status}
    for f in findings:
        if f.status:
            counts[f.status] += 1
    return counts


def found_document(resolution: Resolution | None) -> bool:
    return isinstance(resolution, Found)


def add_version(
    *, user: AnyUser, review: Review, document: IngestedDocument, original: bytes | None = None
) -> Review:
    """A revised draft for the same review: only changed or new citations are verified again."""
    require_role(user, ASSOCIATE, PARTNER)
    ensure_open(review)
    if review.is_running:
        raise ValidationError("Wait until the current version has been checked.")
    if not document.text.strip():
        raise ValidationError("The draft is empty.")
    with transaction.atomic():
        number = review.version + 1
        DraftVersion.objects.create(
            review=review,
            number=number,
            name=document.name[:255],
            format=document.format,
            text=document.text,
            sha256=document.sha256,
            created_by=person(user),
        )
        Review.objects.filter(pk=review.pk).update(
            version=number,
            draft_name=document.name[:255],
            draft_format=document.format,
            draft_text=document.text,
            draft_sha256=document.sha256,
            draft_parts=[[p.start, p.end, p.origin] for p in document.parts],
            draft_warnings=list(document.warnings),
            status=Review.Status.QUEUED,
            progress_total=0,
            progress_done=0,
            finished_at=None,
            error="",
        )
        review.refresh_from_db()
        if original is not None:
            review.original_file.save("draft", ContentFile(original), save=True)
        audit.append(
            review,
            "draft_uploaded",
            {
                "version": number,
                "name": review.draft_name,
                "format": document.format,
                "sha256": document.sha256,
                "chars": len(document.text),
            },
            user,
        )
        from workbench.tasks import process_review_task

        mark_dispatched(review_id=review.pk)
        process_review_task.delay_on_commit(review.pk)  # type: ignore[attr-defined]
    return review


def attach_source(*, user: AnyUser, finding: Finding, document: IngestedDocument) -> list[Finding]:
    """Use an uploaded or pasted judgment/act as the source of a finding's citation and re-verify at once
    every finding of the review that cites the same source."""
    from verifier.sources.local import document_from_upload
    from workbench.sources import store

    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if not finding.anchor:
        raise ValidationError("This citation could not be parsed, so no source can be attached to it.")
    if not document.text.strip():
        raise ValidationError("The source is empty.")
    anchor = anchor_from_json(finding.anchor)
    snapshot = store(document_from_upload(anchor, document.text, document.name), matter=review.matter)
    audit.append(
        review,
        "source_attached",
        {
            "finding": finding.finding_id,
            "key": anchor.key,
            "name": document.name,
            "sha256": snapshot.sha256,
            "chars": len(snapshot.text),
        },
        user,
    )
    return reverify_with(review, anchor.key, snapshot)


def reverify_with(review: Review, anchor_key: str, snapshot: SourceSnapshot) -> list[Finding]:
    """Judge every finding of the review that cites `anchor_key` against `snapshot` now (attach source, use a
    search hit), reopening their review state since the verdict may change."""
    from workbench.sources import document_of as snapshot_document

    document = snapshot_document(snapshot)
    rechecked = []
    for target in review.findings.filter(version=review.version, anchor_key=anchor_key).select_related(
        "review"
    ):
        verdict = verify_claim(
            claim_of(target), Found(document), finding_id=target.finding_id, lang=review.language or "en"
        )
        store_verdict(target, verdict, snapshot, require_claim=False, reopen=True)
        target.refresh_from_db()
        rechecked.append(target)
    return rechecked


def retry_finding(*, user: AnyUser, finding: Finding) -> None:
    """Look the source of a ⛔ finding up again now (the service was down, the breaker open, a time-out)."""
    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if finding.status != Status.NO_SOURCE or not finding.anchor:
        raise ValidationError("Only a finding without a source can be retried.")
    with transaction.atomic():
        Finding.objects.filter(pk=finding.pk).update(
            progress=Finding.Progress.PENDING, state=Finding.State.OPEN, dispatched_at=timezone.now()
        )
        Review.objects.filter(pk=review.pk, status=Review.Status.DONE).update(
            status=Review.Status.RESOLVING, finished_at=None
        )
        audit.append(
            review, "retry_requested", {"finding": finding.finding_id, "key": finding.anchor_key}, user
        )
        from workbench.tasks import verify_finding_task

        verify_finding_task.delay_on_commit(finding.pk)  # type: ignore[attr-defined]


# --- decisions and sign-off -------------------------------------------------------------------------


def ensure_open(review: Review) -> None:
    if review.is_signed_off:
        raise PermissionDenied("This review is signed off and read-only.")


@transaction.atomic
def propose(*, user: AnyUser, finding: Finding, action: str, text: str = "", comment: str = "") -> Decision:
    role = require_role(user, ASSOCIATE, PARTNER)
    ensure_open(finding.review)
    if action not in (Decision.Action.ACCEPT, Decision.Action.SOFTEN, Decision.Action.CORRECT):
        raise ValidationError("Unknown proposal.")
    if finding.is_hard_block:
        raise ValidationError(
            "A hard block cannot be accepted: fix the draft, attach the source, or ask a partner."
        )
    if action in (Decision.Action.SOFTEN, Decision.Action.CORRECT) and not text.strip():
        raise ValidationError("Give the softened wording or the corrected quote.")
    decision = Decision.objects.create(
        finding=finding,
        action=action,
        text=text.strip(),
        comment=comment.strip(),
        user=person(user),
        role=role,
    )
    Finding.objects.filter(pk=finding.pk).update(state=Finding.State.PROPOSED)
    audit.append(
        finding.review,
        "decision_proposed",
        {
            "finding": finding.finding_id,
            "action": action,
            "text": decision.text,
            "comment": decision.comment,
            "role": role,
        },
        user,
    )
    return decision


@transaction.atomic
def decide(*, user: AnyUser, finding: Finding, action: str, comment: str = "") -> Decision:
    role = require_role(user, PARTNER)
    ensure_open(finding.review)
    if action == Decision.Action.OVERRIDE:
        if not finding.is_hard_block:
            raise ValidationError("Only a hard block (🔴/⛔) is overridden; approve the others.")
        if not comment.strip():
            raise ValidationError("An override needs a written reason.")
        state = Finding.State.OVERRIDDEN
    elif action == Decision.Action.APPROVE:
        if finding.is_hard_block:
            raise ValidationError("A hard block cannot be approved: override it with a reason instead.")
        state = Finding.State.APPROVED
    elif action == Decision.Action.REJECT:
        state = Finding.State.REJECTED
    else:
        raise ValidationError("Unknown decision.")
    decision = Decision.objects.create(
        finding=finding, action=action, comment=comment.strip(), user=person(user), role=role
    )
    Finding.objects.filter(pk=finding.pk).update(state=state)
    audit.append(
        finding.review,
        f"decision_{action}",
        {"finding": finding.finding_id, "comment": decision.comment, "role": role, "status": finding.status},
        user,
    )
    return decision


def blockers(review: Review) -> list[Finding]:
    """What stops sign-off: open hard blocks and anything a partner has not yet approved."""
    findings = review.findings.filter(version=review.version)
    return list(
        findings.filter(status__in=[Status.UNVERIFIED, Status.NO_SOURCE]).exclude(
            state=Finding.State.OVERRIDDEN
        )
    ) + list(
        findings.filter(status__in=[Status.MODIFIED, Status.NEEDS_JUDGEMENT, Status.CALIBRATION]).exclude(
            state=Finding.State.APPROVED
        )
    )


@transaction.atomic
def sign_off(*, user: AnyUser, review: Review, comment: str = "") -> SignOff:
    require_role(user, PARTNER)
    ensure_open(review)
    if review.is_running:
        raise ValidationError("The review is still running.")
    if blockers(review):
        raise ValidationError("Findings still block sign-off.")
    signoff = SignOff.objects.create(review=review, user=person(user), comment=comment.strip())
    head = audit.verify_chain(review).head
    audit.append(review, "signed_off", {"comment": signoff.comment, "chain_head_before": head}, user)
    return signoff


# --- exports ----------------------------------------------------------------------------------------


def export_review(*, user: AnyUser, review: Review, fmt: str) -> Any:
    """Render an export and record who took it; the caller has already checked matter membership."""
    from workbench import exports

    require_role(user, ASSOCIATE, PARTNER)
    rendered = exports.render(review, fmt)
    audit.append(
        review,
        "exported",
        {"format": fmt, "sha256": exports.content_hash(rendered.content), "bytes": len(rendered.content)},
        user,
    )
    return rendered


# --- bulk approval (issue 19) -------------------------------------------------------------------------

BULK_APPROVABLE = (Status.MODIFIED, Status.NEEDS_JUDGEMENT)
BULK_LIMIT = 200


@transaction.atomic
def bulk_approve(*, user: AnyUser, review: Review, finding_pks: list[int], comment: str) -> list[Decision]:
    """A partner approves several 🟡 findings of the current version with one written reason: each gets its
    own decision and `decision_approve` event (exactly as `decide` writes them), and one `bulk_approved`
    event says which were approved together. All or nothing: one finding that cannot be approved (a 🔴, an
    🟠, another version, already approved) refuses the lot, so the reason never covers what it was not
    written for."""
    require_role(user, PARTNER)
    ensure_open(review)
    if review.is_running:
        raise ValidationError("The review is still running.")
    if not comment.strip():
        raise ValidationError("Give the reason for approving these findings.")
    wanted = sorted(set(finding_pks))
    if not wanted:
        raise ValidationError("Choose the findings to approve.")
    if len(wanted) > BULK_LIMIT:
        raise ValidationError(f"Approve at most {BULK_LIMIT} findings at once.")
    findings = list(
        review.findings.select_for_update()
        .filter(pk__in=wanted, version=review.version)
        .select_related("review")
        .order_by("ordinal")
    )
    if len(findings) != len(wanted):
        raise ValidationError("Some of these findings are not in the current version of this review.")
    refused = [
        f.finding_id for f in findings if f.status not in BULK_APPROVABLE or f.state == Finding.State.APPROVED
    ]
    if refused:
        raise ValidationError(
            "Only 🟡 findings not yet approved can be approved together; not: " + ", ".join(refused) + "."
        )
    decisions = [
        decide(user=user, finding=f, action=Decision.Action.APPROVE, comment=comment) for f in findings
    ]
    audit.append(
        review,
        "bulk_approved",
        {"findings": [f.finding_id for f in findings], "comment": comment.strip(), "role": PARTNER},
        user,
    )
    return decisions

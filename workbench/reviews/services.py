"""Every state change a person makes in the workbench, each with its audit event: create a review, add a
version, attach a source, retry, propose, decide, sign off, export.

Views stay thin: they check who is asking, then call one function here. The pipeline's own steps (extract,
fetch, verify, store verdicts, complete) are the worker's (`workbench.pipeline.worker`, run by
`workbench.pipeline.tasks`).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from verifier.check import check_claim
from verifier.ingest import IngestedDocument
from verifier.model import Found, Status
from verifier.provenance import provenance_json
from workbench import audit
from workbench.models import (
    Decision,
    DraftVersion,
    Finding,
    Matter,
    Review,
    SignOff,
    SourceSnapshot,
    SuppliedSource,
)
from workbench.pipeline import tasks, worker
from workbench.pipeline.drafts import Upload, unread_fields
from workbench.pipeline.records import (
    anchor_from_json,
    claim_of,
    document_of,
    draft_fields,
    provenance_of_snapshot,
)
from workbench.pipeline.sources import history_lookup
from workbench.reviews.asof import as_of_problem
from workbench.reviews.blocking import blocking_q
from workbench.reviews.permissions import ASSOCIATE, PARTNER, matters_of, person, require_role
from workbench.security import upstream_budget
from workbench.supplied import serving as supplied

type AnyUser = AbstractBaseUser | AnonymousUser


# --- reviews ----------------------------------------------------------------------------------------


def create_review(
    *,
    user: AnyUser,
    matter: Matter,
    title: str,
    document: IngestedDocument | None = None,
    original: bytes | None = None,
    upload: Upload | None = None,
    enqueue: bool = True,
    as_of: date | None = None,
) -> Review:
    """A review of a pasted draft (`document`, read already) or of an uploaded file (`upload`, only stored
    here: the worker reads it under a budget, workbench.pipeline.drafts), checked as the law stood on `as_of`
    (None: today)."""
    require_role(user, ASSOCIATE, PARTNER)
    if not matters_of(user).filter(pk=matter.pk).exists():
        raise PermissionDenied("You are not a member of this matter.")
    as_of = as_of or timezone.localdate()
    if problem := as_of_problem(as_of):
        raise ValidationError(problem)
    fields, uploaded = _draft(document, upload)
    with transaction.atomic():
        review = Review.objects.create(
            matter=matter,
            title=title.strip() or fields["draft_name"],
            created_by=person(user),
            as_of=as_of,
            **fields,
        )
        original = upload.data if upload is not None else original
        if original is not None:
            review.original_file.save("draft", ContentFile(original), save=True)
        DraftVersion.objects.create(
            review=review,
            number=1,
            name=review.draft_name,
            format=review.draft_format,
            text=review.draft_text,
            sha256=review.draft_sha256,
            created_by=person(user),
        )
        audit.append(
            review,
            "review_created",
            {"title": review.title, "matter": matter.reference, "as_of": as_of.isoformat()},
            user,
        )
        audit.append(review, "draft_uploaded", {"version": 1, **uploaded}, user)
        if enqueue:
            _enqueue(review)
    return review


def _draft(document: IngestedDocument | None, upload: Upload | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The review's draft fields and the `draft_uploaded` event's payload, of a pasted draft or an upload."""
    if upload is not None:
        fields = unread_fields(upload)
        return fields, {"name": fields["draft_name"], "format": upload.format, "sha256": upload.sha256,
                        "bytes": len(upload.data)}  # fmt: skip
    if document is None or not document.text.strip():
        raise ValidationError("The draft is empty.")
    fields = {**draft_fields(document), "draft_unread": False, "failure": {}}
    return fields, {"name": fields["draft_name"], "format": document.format, "sha256": document.sha256,
                    "chars": len(document.text)}  # fmt: skip


def _enqueue(review: Review) -> None:
    # The review handed back says what happened to its task, as the database does: the view tells the user
    # "queued, will run when the worker is back" from it (the stale instance said so of every review).
    worker.mark_dispatched(review_id=review.pk)
    review.dispatched_at = timezone.now()

    def unsent() -> None:
        worker.mark_unsent(review_id=review.pk)
        review.dispatched_at = None

    tasks.send_on_commit(tasks.process_review_task, review.pk, unsent=unsent)


def add_version(
    *,
    user: AnyUser,
    review: Review,
    document: IngestedDocument | None = None,
    original: bytes | None = None,
    upload: Upload | None = None,
) -> Review:
    """A revised draft for the same review: only changed or new citations are verified again. An uploaded
    file is only stored here; the worker reads it under the budget, as for a new review."""
    require_role(user, ASSOCIATE, PARTNER)
    ensure_open(review)
    if review.is_running:
        raise ValidationError("Wait until the current version has been checked.")
    fields, uploaded = _draft(document, upload)
    with transaction.atomic():
        number = review.version + 1
        DraftVersion.objects.create(
            review=review,
            number=number,
            name=fields["draft_name"],
            format=fields["draft_format"],
            text=fields["draft_text"],
            sha256=fields["draft_sha256"],
            created_by=person(user),
        )
        Review.objects.filter(pk=review.pk).update(
            version=number,
            **fields,
            status=Review.Status.QUEUED,
            progress_total=0,
            progress_done=0,
            finished_at=None,
            error="",
        )
        review.refresh_from_db()
        original = upload.data if upload is not None else original
        if original is not None:
            review.original_file.save("draft", ContentFile(original), save=True)
        audit.append(review, "draft_uploaded", {"version": number, **uploaded}, user)
        _enqueue(review)
    return review


def attach_source(
    *, user: AnyUser, finding: Finding, document: IngestedDocument, also: list[int] | None = None
) -> list[Finding]:
    """Use an uploaded or pasted judgment or act as the source of a finding's citation — and of the other
    citations of the same act in this review the user chose (`also`) — and check them again at once against
    it, beside the official source. Evidence, not authority: it serves these findings only."""
    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if not finding.anchor:
        raise ValidationError("This citation could not be parsed, so no source can be attached to it.")
    if not document.text.strip():
        raise ValidationError("The source is empty.")
    targets = [finding, *same_act_chosen(finding, also or [])]
    anchor = anchor_from_json(finding.anchor)
    with transaction.atomic():
        source = supplied.keep_supplied(review, anchor, document, user=person(user))
        Finding.objects.filter(pk__in=[t.pk for t in targets]).update(supplied_source=source)
        provenance = provenance_of_snapshot(source.snapshot)
        audit.append(
            review,
            "source_attached",
            {
                "finding": finding.finding_id,
                "findings": [t.finding_id for t in targets],
                "key": anchor.key,
                "name": document.name,
                "form": source.form,
                "sha256": source.sha256,
                "snapshot_sha256": source.snapshot.sha256,
                "chars": len(document.text),
                "supplied_source": source.pk,
                "scope": "review",
                "provenance": provenance_json(provenance),
            },
            user,
        )
    return reverify_supplied(review, targets)


def same_act_chosen(finding: Finding, pks: list[int]) -> list[Finding]:
    """The findings of `pks` among the other citations of the finding's act in its review; anything else
    (another act, another review or version) is refused, never quietly served."""
    wanted = set(pks) - {finding.pk}
    if not wanted:
        return []
    offered = {f.pk: f for f in supplied.same_act(finding)}
    if not wanted <= set(offered):
        raise ValidationError("A supplied source serves only other citations of the same act in this review.")
    return [offered[pk] for pk in sorted(wanted, key=lambda pk: offered[pk].ordinal)]


def reverify_supplied(review: Review, targets: list[Finding]) -> list[Finding]:
    """Check `targets` again now, each against its supplied source (if it has one) beside the official answer
    at hand, and store the verdicts with their audit events, reopening their review state."""
    verdicts: list[worker.Verdict] = []
    officials: dict[str, Any] = {}
    for target in Finding.objects.filter(pk__in=[t.pk for t in targets]).order_by("ordinal"):
        claim = claim_of(target)
        anchor = claim.citation.anchor
        official = None
        if anchor is not None and claim.citation.resolvable:
            if anchor.key not in officials:
                officials[anchor.key] = supplied.official_at_hand(anchor, review.matter)
            official = officials[anchor.key]
        resolution, snapshot, resolved = supplied.resolution_for(target, official)
        verdict = check_claim(
            claim,
            resolution,
            finding_id=target.finding_id,
            lang=review.language,
            as_of=review.as_of.isoformat(),
            history=history_lookup(),
        )
        verdicts.append((target, verdict, snapshot, resolved))
    worker.store_verdicts(review, verdicts, reopen=True)
    return list(Finding.objects.filter(pk__in=[t.pk for t in targets]).order_by("ordinal"))


def reverify_with(review: Review, anchor_key: str, snapshot: SourceSnapshot) -> list[Finding]:
    """Judge every finding of the review that cites `anchor_key` against `snapshot`, an official document
    chosen from the search, now; they are no longer served by a source a user supplied."""
    document = document_of(snapshot)
    targets = list(review.findings.filter(version=review.version, anchor_key=anchor_key).order_by("ordinal"))
    Finding.objects.filter(pk__in=[t.pk for t in targets]).update(supplied_source=None)
    verdicts: list[worker.Verdict] = []
    for target in targets:
        claim = claim_of(target)
        found = Found(document)
        verdict = check_claim(
            claim,
            found,
            finding_id=target.finding_id,
            lang=review.language,
            as_of=review.as_of.isoformat(),
            history=history_lookup(),
        )
        verdicts.append((target, verdict, snapshot, None))
    worker.store_verdicts(review, verdicts, reopen=True)
    for target in targets:
        target.refresh_from_db()
    return targets


def retry_finding(*, user: AnyUser, finding: Finding) -> None:
    """Look the source of a ⛔ finding up again now (the service was down, the breaker open, a time-out).

    The review's other ⛔ findings waiting for the same source go with it: once the source answers, none of
    them may stay ⛔ (and in the partner queue) beside the one that was retried. A finding already being
    retried, or retried less than WORKBENCH_RETRY_DEBOUNCE_SECONDS ago, is not sent again, and each user has
    a budget of retries (workbench.security.upstream_budget): a click repeated a hundred times queues one
    task."""
    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if finding.status != Status.NO_SOURCE or not finding.anchor:
        raise ValidationError("Only a finding without a source can be retried.")
    with transaction.atomic():
        locked = Finding.objects.select_for_update().get(pk=finding.pk)
        upstream_budget.check_retry(user, locked)
        # the review's other rows without a source, waiting for the same one (its status is the finding's)
        same_source = Finding.objects.filter(
            review=review,
            version=locked.version,
            status=locked.status,
            anchor_key=locked.anchor_key,
            progress=Finding.Progress.DONE,
            state=Finding.State.OPEN,
        ).exclude(anchor={})
        ids = sorted({locked.pk, *same_source.values_list("pk", flat=True)})
        Finding.objects.filter(pk__in=ids).update(
            progress=Finding.Progress.PENDING, state=Finding.State.OPEN, dispatched_at=timezone.now()
        )
        Review.objects.filter(pk=review.pk, status=Review.Status.DONE).update(
            status=Review.Status.RESOLVING, finished_at=None
        )
        # a retry has the whole budget for sources again
        Review.objects.filter(pk=review.pk).update(sources_deadline=worker.sources_deadline())
        ordinals = Finding.objects.filter(pk__in=ids).order_by("ordinal").values_list("ordinal", flat=True)
        with_it = [f"C{n}" for n in ordinals if n != locked.ordinal]
        audit.append(
            review,
            "retry_requested",
            {
                "finding": finding.finding_id,
                "key": finding.anchor_key,
                **({"with": with_it} if with_it else {}),
            },
            user,
        )
        unsent = lambda: worker.mark_unsent(finding_ids=ids)  # noqa: E731
        tasks.send_on_commit(tasks.verify_findings_task, ids, unsent=unsent)


def change_as_of(*, user: AnyUser, review: Review, as_of: date) -> Review:
    """Check the review's current version again as the law stood on `as_of` (the date of the facts, of the
    contract, of the filing): every finding goes back to the worker, whose plan looks the versions and the
    later treatment up for the new date; verdicts may change, so their review state reopens (the decisions
    made stay on the record). The audit event names the old and the new date."""
    require_role(user, ASSOCIATE, PARTNER)
    if not matters_of(user).filter(pk=review.matter_id).exists():
        raise PermissionDenied("You are not a member of this matter.")
    ensure_open(review)
    if problem := as_of_problem(as_of):
        raise ValidationError(problem)
    with transaction.atomic():
        locked = Review.objects.select_for_update().get(pk=review.pk)
        if locked.is_running:
            raise ValidationError("Wait until the current version has been checked.")
        if locked.as_of == as_of:
            raise ValidationError(f"The review is already checked as of {as_of.isoformat()}.")
        before = locked.as_of
        findings = locked.findings.filter(version=locked.version)
        count = findings.update(
            progress=Finding.Progress.PENDING,
            state=Finding.State.OPEN,
            claimed_by="",
            claimed_at=None,
            dispatched_at=timezone.now(),
        )
        # RESOLVING, not QUEUED: the pipeline task then runs the plan (sources, versions, treatment) for the
        # version's findings as they are, without extracting them afresh (which would drop their decisions).
        Review.objects.filter(pk=locked.pk).update(
            as_of=as_of,
            status=Review.Status.RESOLVING if count else locked.status,
            progress_total=count,
            progress_done=0,
            finished_at=None if count else locked.finished_at,
            error="",
        )
        audit.append(
            locked,
            "as_of_changed",
            {
                "from": before.isoformat(),
                "to": as_of.isoformat(),
                "version": locked.version,
                "findings_checked_again": count,
            },
            user,
        )
        if count:
            _enqueue(locked)
    review.refresh_from_db()
    return review


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
    if finding.needs_override:
        raise ValidationError(
            "A hard block cannot be accepted: fix the draft, attach the source, or ask a partner."
        )
    if action in (Decision.Action.SOFTEN, Decision.Action.CORRECT) and not text.strip():
        raise ValidationError("Give the softened wording or the corrected quote.")
    if action == Decision.Action.ACCEPT and text.strip():
        # "as is" and a new wording contradict each other: which one the partner approves must be clear
        raise ValidationError(
            gettext(
                "“Accept as is” keeps the draft's words, but a new wording was given. Choose “Softened "
                "wording” or “Corrected quote” to propose it, or clear the wording to accept as is."
            )
        )
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
        if not finding.needs_override:
            raise ValidationError("Only a hard block (🔴/⛔) is overridden; approve the others.")
        if not comment.strip():
            raise ValidationError("An override needs a written reason.")
        state = Finding.State.OVERRIDDEN
    elif action == Decision.Action.APPROVE:
        if finding.needs_override:
            raise ValidationError("A hard block cannot be approved: override it with a reason instead.")
        if finding.clears_official_block and not comment.strip():
            raise ValidationError(
                "This finding passes only against a source a user supplied, not against the official source: "
                "approve it with a written reason, as an override."
            )
        state = Finding.State.APPROVED
    elif action == Decision.Action.REJECT:
        state = Finding.State.REJECTED
    else:
        raise ValidationError("Unknown decision.")
    decision = Decision.objects.create(
        finding=finding, action=action, comment=comment.strip(), user=person(user), role=role
    )
    Finding.objects.filter(pk=finding.pk).update(state=state)
    payload: dict[str, Any] = {
        "finding": finding.finding_id,
        "comment": decision.comment,
        "role": role,
        "status": finding.status,
    }
    if finding.supplied_source_id is not None:
        # what the partner approved rests on a text a user supplied: the trail says which, and what the
        # official source said
        source = SuppliedSource.objects.select_related("snapshot").get(pk=finding.supplied_source_id)
        payload.update(
            official_status=finding.official_status,
            clears_official_block=finding.clears_official_block,
            supplied_source=source.pk,
            snapshot_sha256=source.snapshot.sha256,
            provenance=provenance_json(provenance_of_snapshot(source.snapshot)),
        )
    audit.append(finding.review, f"decision_{action}", payload, user)
    return decision


def blockers(review: Review) -> list[Finding]:
    """What stops sign-off: open hard blocks and anything a partner has not yet approved."""
    return list(review.findings.filter(version=review.version).filter(blocking_q()).order_by("ordinal"))


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


def export_review(*, user: AnyUser, review: Review, fmt: str, lang: str = "en") -> Any:
    """Render an export in `lang` and record who took it; the caller has already checked matter membership."""
    from workbench.exports import draft_changes  # python-docx and fpdf2 load only when someone exports
    from workbench.exports import report as exports

    require_role(user, ASSOCIATE, PARTNER)
    if review.is_running:
        raise ValidationError("The review is still being checked: export it when it is done.")
    render = draft_changes.render if fmt in draft_changes.FORMATS else exports.render
    rendered = render(review, fmt, lang=lang)
    try:
        audit.append(
            review,
            "exported",
            {
                "format": fmt,
                "language": lang,
                "sha256": rendered.sha256,
                "bytes": rendered.size,
                **rendered.details,
            },
            user,
        )
    except BaseException:
        rendered.file.close()  # nothing is sent that was not recorded
        raise
    return rendered


# --- bulk approval -------------------------------------------------------------------------------------

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
        review.findings.select_for_update()  # each finding points at `review` itself, not at a copy
        .filter(pk__in=wanted, version=review.version)
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
    alone = [f.finding_id for f in findings if f.clears_official_block]
    if alone:
        raise ValidationError(
            "A finding that passes only against a supplied source is approved on its own, with its own "
            "reason; not together: " + ", ".join(alone) + "."
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

"""What a person does with a source a user supplied, each with its audit event: let it serve more
citations of the same act in its review; a partner marks it as a matter source for later reviews of the
matter, or revokes that (and the open reviews it served are checked again against the official source).
A file attached as a source is stored and queued for the worker to read (`queue_source_file`); one that
could not be read is queued again (`retry_source_file`) or removed (`remove_source_file`).

Attaching one is `services.attach_source`; which findings a supplied source serves is
`workbench.supplied.serving`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from verifier.provenance import provenance_json
from workbench import audit
from workbench.models import Finding, SourceFile, SuppliedSource
from workbench.pipeline import tasks
from workbench.pipeline.drafts import Upload
from workbench.pipeline.records import provenance_of_snapshot
from workbench.pipeline.worker import with_their_reviews
from workbench.reviews.permissions import ASSOCIATE, PARTNER, AnyUser, matters_of, person, require_role
from workbench.reviews.services import ensure_open, reverify_supplied, same_act_chosen
from workbench.supplied.tasks import read_source_file_task


def apply_supplied_source(*, user: AnyUser, finding: Finding, also: list[int]) -> list[Finding]:
    """Let the supplied source of `finding` serve other citations of the same act in its review too."""
    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if finding.supplied_source_id is None:
        raise ValidationError("This finding is not checked against a supplied source.")
    targets = same_act_chosen(finding, also)
    if not targets:
        raise ValidationError("Choose the citations this source should also serve.")
    source = SuppliedSource.objects.select_related("snapshot").get(pk=finding.supplied_source_id)
    with transaction.atomic():
        Finding.objects.filter(pk__in=[t.pk for t in targets]).update(supplied_source=source)
        audit.append(
            review,
            "supplied_source_applied",
            {
                "finding": finding.finding_id,
                "findings": [t.finding_id for t in targets],
                "key": source.key,
                "supplied_source": source.pk,
                "snapshot_sha256": source.snapshot.sha256,
                "provenance": provenance_json(provenance_of_snapshot(source.snapshot)),
            },
            user,
        )
    return reverify_supplied(review, targets)


def _matter_source(user: AnyUser, source: SuppliedSource) -> None:
    require_role(user, PARTNER)
    if not matters_of(user).filter(pk=source.review.matter_id).exists():
        raise PermissionDenied("You are not a member of this matter.")


@transaction.atomic
def mark_matter_source(*, user: AnyUser, source: SuppliedSource) -> SuppliedSource:
    """A partner lets a supplied source serve later reviews of the matter (citations of what its text has)."""
    _matter_source(user, source)
    if source.matter_source:
        raise ValidationError("This supplied source is already a matter source.")
    SuppliedSource.objects.filter(pk=source.pk).update(
        matter_source=True, matter_source_by=person(user), matter_source_at=timezone.now()
    )
    audit.append(source.review, "matter_source_marked", _source_payload(source), user)
    source.refresh_from_db()
    return source


def revoke_matter_source(*, user: AnyUser, source: SuppliedSource) -> list[Finding]:
    """A partner stops a matter source serving later reviews; the open reviews it served (other than its own)
    are checked again against the official source. Returns the findings checked again."""
    _matter_source(user, source)
    if not source.matter_source:
        raise ValidationError("This supplied source is not a matter source.")
    served = with_their_reviews(
        list(
            Finding.objects.filter(supplied_source=source, review__signoff__isnull=True).exclude(
                review_id=source.review_id
            )
        )
    )
    with transaction.atomic():
        SuppliedSource.objects.filter(pk=source.pk).update(
            matter_source=False, matter_source_by=person(user), matter_source_at=timezone.now()
        )
        payload = _source_payload(source)
        audit.append(source.review, "matter_source_revoked", payload, user)
        Finding.objects.filter(pk__in=[f.pk for f in served]).update(supplied_source=None)
        by_review: dict[int, list[Finding]] = {}
        for f in served:
            by_review.setdefault(f.review_id, []).append(f)
        for rows in by_review.values():
            audit.append(
                rows[0].review,
                "matter_source_revoked",
                {**payload, "findings": [f.finding_id for f in rows if f.version == f.review.version]},
                user,
            )
    checked: list[Finding] = []
    for rows in by_review.values():
        current = [f for f in rows if f.version == f.review.version]
        if current:
            checked += reverify_supplied(current[0].review, current)
    source.refresh_from_db()
    return checked


def _source_payload(source: SuppliedSource) -> dict[str, Any]:
    return {
        "supplied_source": source.pk,
        "key": source.key,
        "name": source.name,
        "snapshot_sha256": source.snapshot.sha256,
        "provenance": provenance_json(provenance_of_snapshot(source.snapshot)),
    }


def queue_source_file(*, user: AnyUser, finding: Finding, upload: Upload, also: list[int]) -> SourceFile:
    """Store a file attached as the source of `finding` (and of the citations of the same act chosen in
    `also`) and queue it for the worker, which reads it in the parse sandbox and then attaches it. The web
    request that calls this parses nothing."""
    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if not finding.anchor:
        raise ValidationError("This citation could not be parsed, so no source can be attached to it.")
    chosen = same_act_chosen(finding, also)  # refused now, not after the read
    with transaction.atomic():
        source_file = SourceFile.objects.create(
            review=review,
            finding=finding,
            also=[f.pk for f in chosen],
            name=upload.name[:255],
            format=upload.format,
            sha256=upload.sha256,
            size=len(upload.data),
            uploaded_by=person(user),
            dispatched_at=timezone.now(),
        )
        source_file.file.save("source", ContentFile(upload.data), save=True)
        audit.append(review, "source_file_queued", _file_payload(source_file), user)
        _send(source_file)
    return source_file


def retry_source_file(*, user: AnyUser, source_file: SourceFile) -> None:
    """Queue a file that could not be read for another read (the budget may have been met on a busy host)."""
    _file_action(user, source_file)
    with transaction.atomic():
        if not SourceFile.objects.filter(pk=source_file.pk, state=SourceFile.State.FAILED).update(
            state=SourceFile.State.QUEUED, failure={}, error="", claimed_by="", dispatched_at=timezone.now()
        ):
            raise ValidationError("Only a file that could not be read can be read again.")
        audit.append(source_file.review, "source_file_retried", _file_payload(source_file), user)
        _send(source_file)


def remove_source_file(*, user: AnyUser, source_file: SourceFile) -> None:
    """Remove a file that waits to be read or could not be read: the row and the stored bytes go, the audit
    trail keeps its name and hash. A file being read, or read, stays (a read one is a supplied source)."""
    _file_action(user, source_file)
    removable = [SourceFile.State.QUEUED, SourceFile.State.FAILED]
    with transaction.atomic():
        locked = SourceFile.objects.select_for_update().filter(pk=source_file.pk, state__in=removable).first()
        if locked is None:
            raise ValidationError("Only a file waiting to be read or that could not be read can be removed.")
        audit.append(source_file.review, "source_file_removed", _file_payload(locked), user)
        stored = str(locked.file.name)
        locked.delete()
        transaction.on_commit(lambda: locked.file.storage.delete(stored))


def _file_action(user: AnyUser, source_file: SourceFile) -> None:
    require_role(user, ASSOCIATE, PARTNER)
    if not matters_of(user).filter(pk=source_file.review.matter_id).exists():
        raise PermissionDenied("You are not a member of this matter.")
    ensure_open(source_file.review)


def _send(source_file: SourceFile) -> None:
    def unsent() -> None:
        SourceFile.objects.filter(pk=source_file.pk).update(dispatched_at=None)

    tasks.send_on_commit(read_source_file_task, source_file.pk, unsent=unsent)


def _file_payload(source_file: SourceFile) -> dict[str, Any]:
    return {
        "source_file": source_file.pk,
        "finding": source_file.finding.finding_id,
        "name": source_file.name,
        "format": source_file.format,
        "bytes": source_file.size,
        "sha256": source_file.sha256,
    }

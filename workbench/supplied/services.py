"""What a person does with a source a user supplied, each with its audit event: let it serve more
citations of the same act in its review; a partner marks it as a matter source for later reviews of the
matter, or revokes that (and the open reviews it served are checked again against the official source).

Attaching one is `services.attach_source`; which findings a supplied source serves is
`workbench.supplied.serving`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from verifier.provenance import provenance_json
from workbench import audit
from workbench.models import Finding, SuppliedSource
from workbench.pipeline.records import provenance_of_snapshot
from workbench.pipeline.worker import with_their_reviews
from workbench.reviews.permissions import ASSOCIATE, PARTNER, AnyUser, matters_of, person, require_role
from workbench.reviews.services import ensure_open, reverify_supplied, same_act_chosen


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

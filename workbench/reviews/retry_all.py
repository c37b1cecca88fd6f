"""Looking every ⛔ finding of a review up again at once: after a source service was down, or after the
offline corpus was imported, one click instead of "Retry now" on each finding in turn.

The findings go back to the worker together (one task, so that a source cited several times is fetched once),
with the review's whole budget for sources again, and one audit event names them all.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from verifier.model import Status
from workbench import audit
from workbench.models import Finding, Review
from workbench.pipeline import tasks, worker
from workbench.reviews.permissions import ASSOCIATE, PARTNER, AnyUser, matters_of, require_role

# The rationale key of a ⛔ whose source failed for now (a time-out, a server down): a service was
# unreachable.
UNREACHABLE_KEY = "no_source_retry"
# ⛔: what the verifier could not find a source for (a tuple: only the gradient constructs a status)
HARD_BLOCKS_WITHOUT_SOURCE = (Status.NO_SOURCE.value,)


def without_source(review: Review) -> QuerySet[Finding]:
    """The ⛔ findings of the review's current version that can be looked up again (they have an anchor)."""
    return (
        review.findings.filter(
            version=review.version, status__in=HARD_BLOCKS_WITHOUT_SOURCE, progress=Finding.Progress.DONE
        )
        .exclude(anchor={})
        .order_by("ordinal")
    )


# The service behind each namespace of anchor keys (longest prefix first), named as the lawyer knows it.
SERVICES = (("pl:case:", "SAOS"), ("pl:act:", "Sejm ELI"), ("kr:", "law.go.kr"), ("eu:", "EUR-Lex / CELLAR"))


def service_of(key: str) -> str:
    return next((name for prefix, name in SERVICES if key.startswith(prefix)), key.partition(":")[0])


def retry_offer(review: Review) -> dict[str, object] | None:
    """What the review page says of its ⛔ findings: how many can be retried, and which source services could
    not be reached (a time-out, a server down) as opposed to a source that is simply not held. None: none."""
    rows = list(without_source(review).values_list("anchor_key", "reason"))
    if not rows:
        return None
    down = sorted({service_of(key) for key, reason in rows if (reason or {}).get("key") == UNREACHABLE_KEY})
    return {"count": len(rows), "unreachable": down}


def retry_all(*, user: AnyUser, review: Review) -> list[Finding]:
    """Send every ⛔ finding of the review back to the worker; return them."""
    require_role(user, ASSOCIATE, PARTNER)
    if not matters_of(user).filter(pk=review.matter_id).exists():
        raise PermissionDenied(_("You are not a member of this matter."))
    if review.is_signed_off:
        raise PermissionDenied(_("This review is signed off and read-only."))
    with transaction.atomic():
        locked = Review.objects.select_for_update().get(pk=review.pk)
        if locked.is_running:
            raise ValidationError(_("Wait until the current version has been checked."))
        findings = list(without_source(locked))
        if not findings:
            raise ValidationError(_("No finding of this review is without a source."))
        pks = [f.pk for f in findings]
        Finding.objects.filter(pk__in=pks).update(
            progress=Finding.Progress.PENDING, state=Finding.State.OPEN, dispatched_at=timezone.now()
        )
        Review.objects.filter(pk=locked.pk).update(
            status=Review.Status.RESOLVING, finished_at=None, sources_deadline=worker.sources_deadline()
        )
        audit.append(
            locked,
            "retry_all_requested",
            {"findings": [f.finding_id for f in findings], "keys": sorted({f.anchor_key for f in findings})},
            user,
        )
        unsent = lambda: worker.mark_unsent(finding_ids=pks)  # noqa: E731
        tasks.send_on_commit(tasks.verify_findings_task, pks, unsent=unsent)
    return findings

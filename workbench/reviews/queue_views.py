"""The partner queue: what waits for a partner across the reviews they may see — proposals, open hard
blocks, and passes that rest only on a text a user supplied."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import F, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from workbench.models import HARD_BLOCK_STATUSES, OFFICIAL_BLOCKING_STATUSES, Decision, Finding
from workbench.reviews.permissions import PARTNER, is_partner, reviews_of

# the review's draft stays in the database: joined to each finding, every row would carry a copy of it
REVIEW_DRAFT = ("review__draft_text", "review__draft_parts", "review__draft_warnings")


@require_GET
def partner_queue(request: HttpRequest) -> HttpResponse:
    if not is_partner(request.user):
        raise PermissionDenied
    proposals = Prefetch(
        "decisions",
        queryset=Decision.objects.filter(
            action__in=[Decision.Action.ACCEPT, Decision.Action.SOFTEN, Decision.Action.CORRECT]
        )
        .select_related("user")
        .order_by("created_at", "id"),
        to_attr="proposals",
    )
    waiting = list(
        Finding.objects.filter(review__in=reviews_of(request.user), state=Finding.State.PROPOSED)
        .filter(version=F("review__version"))
        .select_related("review", "review__matter")
        .defer(*REVIEW_DRAFT)
        .prefetch_related(proposals)
        .order_by("review_id", "ordinal")
    )
    for f in waiting:
        f.proposal = f.proposals[-1] if f.proposals else None  # type: ignore[attr-defined]
    hard_blocks = (
        Finding.objects.filter(
            review__in=reviews_of(request.user).filter(signoff__isnull=True),
            status__in=HARD_BLOCK_STATUSES,
            state=Finding.State.OPEN,
        )
        .filter(version=F("review__version"))
        .select_related("review", "review__matter")
        .defer(*REVIEW_DRAFT)
        .order_by("review_id", "ordinal")
    )
    # a pass only against a text a user supplied, where the official source blocks it: a partner's reason
    supplied_only = (
        Finding.objects.filter(
            review__in=reviews_of(request.user).filter(signoff__isnull=True),
            official_status__in=OFFICIAL_BLOCKING_STATUSES,
        )
        .exclude(status__in=HARD_BLOCK_STATUSES)
        .exclude(state=Finding.State.APPROVED)
        .filter(version=F("review__version"))
        .select_related("review", "review__matter")
        .defer(*REVIEW_DRAFT)
        .order_by("review_id", "ordinal")
    )
    return render(
        request,
        "workbench/queue.html",
        {"waiting": waiting, "hard_blocks": hard_blocks, "supplied_only": supplied_only, "role": PARTNER},
    )

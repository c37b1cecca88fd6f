"""Pages and actions about sources users supply: applying one to other citations of the same act,
a partner's matter sources (mark, revoke) and the matter page that lists them. Who may see a review may see
its supplied sources; applying one is an associate's or a partner's; matter sources are a partner's."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from workbench import words
from workbench.models import Finding, Matter, Review, SuppliedSource
from workbench.pipeline.records import provenance_of_snapshot
from workbench.refusals import refusal_text
from workbench.reviews.permissions import (
    ASSOCIATE,
    PARTNER,
    finding_for,
    matters_of,
    require_role,
    review_for,
    role_of,
)
from workbench.supplied import services as supplied_services
from workbench.supplied import serving as supplied
from workbench.supplied.dates import date_mismatch


def chosen_pks(values: list[str]) -> list[int]:
    return [int(v) for v in values if v.isdigit()]


def evidence_context(finding: Finding) -> dict[str, Any]:
    """What the evidence view says of the finding's supplied source: which citations of the act it serves in
    this review, which others it could serve, and whether a partner must give a reason to approve it."""
    others = supplied.same_act(finding)
    context: dict[str, Any] = {"same_act": others, "supplied": None, "served": [], "offer": others}
    if finding.supplied_source_id is None:
        return context
    source = SuppliedSource.objects.select_related("snapshot", "review").get(pk=finding.supplied_source_id)
    served = [f for f in others if f.supplied_source_id == source.pk]
    context.update(
        supplied=source,
        from_matter=source.review_id != finding.review_id,
        served=served,
        offer=[f for f in others if f.supplied_source_id != source.pk],
        official_word=words.status_word(finding.official_status) if finding.official_status else "",
        date_mismatch=date_mismatch(source.snapshot.text, (finding.anchor or {}).get("date")),
    )
    return context


@require_POST
def finding_supplied_apply(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    require_role(request.user, ASSOCIATE, PARTNER)
    try:
        checked = supplied_services.apply_supplied_source(
            user=request.user, finding=finding, also=chosen_pks(request.POST.getlist("also"))
        )
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(
            request,
            _("The supplied source now also serves %(ids)s, checked again.")
            % {"ids": ", ".join(f.finding_id for f in checked)},
        )
    return redirect(reverse("review", args=[review.pk]) + f"?finding={finding.pk}")


def _source_of(request: HttpRequest, review_id: int, source_pk: int) -> tuple[Review, SuppliedSource]:
    review = review_for(request.user, review_id)
    require_role(request.user, PARTNER)
    try:
        source = review.supplied_sources.select_related("snapshot", "review").get(pk=source_pk)
    except SuppliedSource.DoesNotExist:
        raise Http404("No such supplied source.") from None
    return review, source


def _back(request: HttpRequest, review: Review) -> HttpResponse:
    if request.POST.get("back") == "matter":
        return redirect("matter", matter_id=review.matter_id)
    return redirect("review", review_id=review.pk)


@require_POST
def supplied_mark(request: HttpRequest, review_id: int, source_pk: int) -> HttpResponse:
    review, source = _source_of(request, review_id, source_pk)
    try:
        supplied_services.mark_matter_source(user=request.user, source=source)
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(
            request,
            _("“%(name)s” is now a matter source: later reviews of %(matter)s use it for what its text has.")
            % {"name": source.name, "matter": review.matter.reference},
        )
    return _back(request, review)


@require_POST
def supplied_revoke(request: HttpRequest, review_id: int, source_pk: int) -> HttpResponse:
    review, source = _source_of(request, review_id, source_pk)
    try:
        checked = supplied_services.revoke_matter_source(user=request.user, source=source)
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(
            request,
            _("“%(name)s” is no longer a matter source; %(n)d findings of open reviews were checked again.")
            % {"name": source.name, "n": len(checked)},
        )
    return _back(request, review)


@require_GET
def matter_detail(request: HttpRequest, matter_id: int) -> HttpResponse:
    try:
        matter = matters_of(request.user).get(pk=matter_id)
    except Matter.DoesNotExist:
        raise Http404("No such matter.") from None
    sources = list(
        SuppliedSource.objects.filter(review__matter=matter)
        .select_related("review", "snapshot", "supplied_by", "matter_source_by")
        .order_by("-matter_source", "-supplied_at", "-pk")
    )
    rows = [{"source": s, "words": words.source_words(provenance_of_snapshot(s.snapshot))} for s in sources]
    return render(
        request,
        "workbench/matter.html",
        {
            "matter": matter,
            "reviews": matter.reviews.select_related("created_by").order_by("-created_at")[:200],
            "matter_sources": [r for r, s in zip(rows, sources, strict=True) if s.matter_source],
            "other_sources": [r for r, s in zip(rows, sources, strict=True) if not s.matter_source],
            "role": role_of(request.user),
        },
    )

"""Pages about a review's record: the table of authorities, the audit trail, earlier versions and the redline
between versions. Read-only, for anyone who may see the review (matter members); exports of these go through
`views.review_export` like every other export."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from workbench.audit import verify_chain
from workbench.evidence import document_view
from workbench.exports import timeline, toa
from workbench.form.notes import style_of
from workbench.models import DraftVersion, Review
from workbench.reviews import versions
from workbench.reviews.permissions import review_for, role_of

TIMELINE_PAGE = 200


@require_GET
def review_authorities(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    table = toa.build(toa.findings_for_table(review), style_of(review.matter))
    return render(
        request,
        "workbench/authorities.html",
        {
            "review": review,
            "table": table,
            "as_of_line": toa.as_of_line(review),
            "workspace": reverse("review", args=[review.pk]),
            "role": role_of(request.user),
        },
    )


@require_GET
def review_audit(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding_id = request.GET.get("finding", "").strip().upper()
    if finding_id and not (finding_id.startswith("C") and finding_id[1:].isdigit()):
        finding_id = ""
    everything = timeline.timeline(review)
    rows = [r for r in everything if finding_id in r.findings] if finding_id else everything
    page = Paginator(rows, TIMELINE_PAGE).get_page(request.GET.get("page"))
    ids = sorted({f for row in everything for f in row.findings}, key=lambda f: (len(f), f))
    return render(
        request,
        "workbench/audit.html",
        {
            "review": review,
            "page": page,
            "chain": verify_chain(review),
            "finding_id": finding_id,
            "finding_ids": ids,
            "role": role_of(request.user),
        },
    )


def _version(review: Review, number: int) -> DraftVersion:
    try:
        return review.versions.get(number=number)
    except DraftVersion.DoesNotExist:
        raise Http404("No such version.") from None


@require_GET
def review_version(request: HttpRequest, review_id: int, number: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    version = _version(review, number)
    current = number == review.version
    marks = document_view.marks_of(review.findings.filter(version=number).values(*document_view.MARK_FIELDS))
    document = document_view.render(
        version.text,
        review.draft_parts if current else [],
        marks,
        finding_base=reverse("finding", args=[review.pk, 0]).removesuffix("0/"),
        linked=False,
    )
    return render(
        request,
        "workbench/version.html",
        {
            "review": review,
            "version": version,
            "document": document,
            "current": current,
            "numbers": list(review.versions.order_by("number").values_list("number", flat=True)),
            "role": role_of(request.user),
        },
    )


@require_GET
def review_redline(request: HttpRequest, review_id: int, number: int) -> HttpResponse:
    """Version `number` against the one before it (or `?against=m`)."""
    review = review_for(request.user, review_id)
    new = _version(review, number)
    against = request.GET.get("against", "")
    old_number = int(against) if against.isdigit() else number - 1
    if old_number == number:
        raise Http404("Compare two different versions.")
    old = _version(review, old_number)
    return render(
        request,
        "workbench/redline.html",
        {
            "review": review,
            "old": old,
            "new": new,
            "redline": versions.redline(old.text, new.text),
            "numbers": list(review.versions.order_by("number").values_list("number", flat=True)),
            "role": role_of(request.user),
        },
    )

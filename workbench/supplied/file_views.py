"""Files attached as a finding's source while the worker reads them: the panel that shows each one's state
(polled while one waits or is being read), and the actions on one that could not be read — read it again,
remove it. Who may see the review sees the panel; the actions are an associate's or a partner's of its
matter, each an audited service (workbench.supplied.services)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from workbench.models import Finding, Review, SourceFile
from workbench.refusals import refusal_text
from workbench.reviews.permissions import ASSOCIATE, PARTNER, finding_for, require_role, review_for, role_of
from workbench.supplied import services
from workbench.supplied.reading import failure_text


def panel_context(review: Review, finding: Finding, user: Any) -> dict[str, Any]:
    files = list(finding.source_files.order_by("-created_at", "-pk")[:10])
    for source_file in files:
        source_file.why = failure_text(source_file) if source_file.state == SourceFile.State.FAILED else ""  # type: ignore[attr-defined]
    return {
        "review": review,
        "finding": finding,
        "source_files": files,
        "files_pending": any(f.pending for f in files),
        "may_act": role_of(user) in (ASSOCIATE, PARTNER) and not review.is_signed_off,
    }


@require_GET
def source_files_panel(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    context = panel_context(review, finding, request.user)
    response = render(request, "workbench/source_files.html", context)
    if not context["files_pending"]:  # the last poll: what was read shows in the table and the document
        response["HX-Trigger"] = "findings-changed"
    return response


def _file_of(request: HttpRequest, review_id: int, file_pk: int) -> tuple[Review, SourceFile]:
    review = review_for(request.user, review_id)
    require_role(request.user, ASSOCIATE, PARTNER)
    try:
        source_file = review.source_files.select_related("review", "finding").get(pk=file_pk)
    except SourceFile.DoesNotExist:
        raise Http404("No such file.") from None
    return review, source_file


def _after(request: HttpRequest, review: Review, source_file: SourceFile) -> HttpResponse:
    if request.headers.get("HX-Request"):
        finding = Finding.objects.get(pk=source_file.finding_id)
        return render(request, "workbench/source_files.html", panel_context(review, finding, request.user))
    return redirect(reverse("finding", args=[review.pk, source_file.finding_id]))


def _act(request: HttpRequest, review_id: int, file_pk: int, action: Callable[..., object]) -> HttpResponse:
    review, source_file = _file_of(request, review_id, file_pk)
    try:
        action(user=request.user, source_file=source_file)
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    return _after(request, review, source_file)


@require_POST
def source_file_retry(request: HttpRequest, review_id: int, file_pk: int) -> HttpResponse:
    return _act(request, review_id, file_pk, services.retry_source_file)


@require_POST
def source_file_remove(request: HttpRequest, review_id: int, file_pk: int) -> HttpResponse:
    return _act(request, review_id, file_pk, services.remove_source_file)

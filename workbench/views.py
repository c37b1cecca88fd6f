"""Function views, kept thin: permission check, one service call, one template (or one partial for htmx)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from verifier.model import STATUS_ICON, ClaimType, Jurisdiction, Status
from workbench import evidence, services
from workbench.audit import verify_chain
from workbench.forms import DecisionForm, NewReviewForm, ProposalForm, ThrottledLoginForm, UploadTextForm
from workbench.models import HARD_BLOCK_STATUSES, Finding, Review, SourceSnapshot
from workbench.permissions import (
    ASSOCIATE,
    PARTNER,
    finding_for,
    is_partner,
    matters_of,
    person,
    require_role,
    review_for,
    reviews_of,
    role_of,
)

# htmx stops polling an element when the response has this status.
HTMX_STOP_POLLING = 286


class LoginView(auth_views.LoginView):
    form_class = ThrottledLoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    reviews = reviews_of(request.user).select_related("matter", "created_by")[:50]
    return render(
        request,
        "workbench/home.html",
        {"reviews": reviews, "matters": matters_of(request.user), "role": role_of(request.user)},
    )


@require_http_methods(["GET", "POST"])
def review_new(request: HttpRequest) -> HttpResponse:
    require_role(request.user, ASSOCIATE, PARTNER)
    matters = matters_of(request.user)
    form = NewReviewForm(request.POST or None, request.FILES or None, matters=matters)
    if request.method == "POST" and form.is_valid():
        assert form.document is not None
        try:
            review = services.create_review(
                user=request.user,
                matter=form.cleaned_data["matter"],
                title=form.cleaned_data.get("title") or "",
                document=form.document,
                original=form.original,
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return redirect("review", review_id=review.pk)
    return render(request, "workbench/review_new.html", {"form": form}, status=400 if form.errors else 200)


FILTERS = ("status", "jurisdiction", "claim_type")


def filtered_findings(review: Review, params: Any) -> tuple[QuerySet[Finding], dict[str, str]]:
    findings = review.findings.filter(version=review.version)
    chosen: dict[str, str] = {}
    valid = {
        "status": {s.value for s in Status},
        "jurisdiction": {j.value for j in Jurisdiction},
        "claim_type": {c.value for c in ClaimType},
    }
    for name in FILTERS:
        value = params.get(name, "")
        if value in valid[name]:
            findings = findings.filter(**{name: value})
            chosen[name] = value
    if params.get("sort") == "risk":
        findings = findings.order_by("risk", "ordinal")
        chosen["sort"] = "risk"
    else:
        findings = findings.order_by("ordinal")
    return findings, chosen


CLAIM_SHOWN = 140
STATE_LABELS = dict(Finding.State.choices)


ROW_FIELDS = (
    "pk",
    "ordinal",
    "citation",
    "claim_text",
    "status",
    "state",
    "required_level",
    "achieved_level",
    "origin",
)


def table_rows(findings: QuerySet[Finding]) -> list[dict[str, Any]]:
    """The table's rows as plain dicts, read with values(): with 500 findings, model instances (and their
    init signals), per-row template filters and {% url %} tags cost more than the query (bench/pages.py)."""
    rows = []
    for f in findings.values(*ROW_FIELDS):
        claim = f["claim_text"]
        origin = f["origin"]
        origin = origin if origin and origin != "body" and not origin.startswith("line ") else ""
        status = f["status"]
        rows.append(
            {
                "pk": f["pk"],
                "id": f"C{f['ordinal']}",
                "status": status,
                "icon": STATUS_ICON[Status(status)] if status else "…",
                "citation": f["citation"],
                "origin": origin,
                "claim": claim if len(claim) <= CLAIM_SHOWN else claim[: CLAIM_SHOWN - 1] + "…",
                "levels": f"{f['required_level']} → {f['achieved_level'] or '…'}",
                "state": f["state"],
                "state_label": STATE_LABELS.get(f["state"], f["state"]),
            }
        )
    return rows


def review_context(request: HttpRequest, review: Review) -> dict[str, Any]:
    findings, chosen = filtered_findings(review, request.GET)
    counts = {s.value: 0 for s in Status}
    for status, n in (
        review.findings.filter(version=review.version)
        .values_list("status")
        .annotate(n=Count("pk"))
        .order_by()
    ):
        if status:
            counts[status] = n
    return {
        "review": review,
        "rows": table_rows(findings),
        # Row links are built from one reversed prefix instead of a {% url %} per row.
        "finding_base": reverse("finding", args=[review.pk, 0]).removesuffix("0/"),
        "counts": [(Status(s), n) for s, n in counts.items()],
        "chosen": chosen,
        "query": request.GET.urlencode(),
        "role": role_of(request.user),
        "statuses": list(Status),
        "jurisdictions": list(Jurisdiction),
        "claim_types": list(ClaimType),
    }


@require_GET
def review_detail(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    context = review_context(request, review)
    if request.htmx:  # type: ignore[attr-defined]
        if request.GET.get("part") == "live":
            response = render(request, "workbench/review.html#live", context)
            if not review.is_running:
                response.status_code = HTMX_STOP_POLLING
            return response
        return render(request, "workbench/review.html#table", context)
    context["chain"] = verify_chain(review)
    context["changes"] = services.version_changes(review)
    context["version_form"] = UploadTextForm()
    return render(request, "workbench/review.html", context)


@require_GET
def finding_detail(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    context = {
        "review": review,
        "finding": finding,
        "evidence": evidence.build(review, finding),
        "role": role_of(request.user),
        "proposal_form": ProposalForm(),
        "decision_form": DecisionForm(),
        "decisions": finding.decisions.select_related("user"),
        "attach_form": UploadTextForm(),
    }
    template = "workbench/evidence.html" if request.htmx else "workbench/finding_page.html"  # type: ignore[attr-defined]
    return render(request, template, context)


@require_POST
def finding_propose(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    form = ProposalForm(request.POST)
    if not form.is_valid():
        return _decision_error(request, review, finding, _("Choose a proposal."))
    try:
        services.propose(user=request.user, finding=finding, **form.cleaned_data)
    except ValidationError as exc:
        return _decision_error(request, review, finding, " ".join(exc.messages))
    return redirect("finding", review_id=review.pk, finding_pk=finding.pk)


@require_POST
def finding_decide(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    require_role(request.user, PARTNER)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _decision_error(request, review, finding, _("Choose a decision."))
    try:
        services.decide(user=request.user, finding=finding, **form.cleaned_data)
    except ValidationError as exc:
        return _decision_error(request, review, finding, " ".join(exc.messages))
    return redirect("finding", review_id=review.pk, finding_pk=finding.pk)


def _decision_error(request: HttpRequest, review: Review, finding: Finding, message: str) -> HttpResponse:
    messages.error(request, message)
    return redirect(reverse("finding", args=[review.pk, finding.pk]))


@require_POST
def finding_attach_source(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    require_role(request.user, ASSOCIATE, PARTNER)
    form = UploadTextForm(request.POST, request.FILES)
    if not form.is_valid() or form.document is None:
        errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
        return _decision_error(request, review, finding, " ".join(errors) or _("Attach a source."))
    try:
        services.attach_source(user=request.user, finding=finding, document=form.document)
    except ValidationError as exc:
        return _decision_error(request, review, finding, " ".join(exc.messages))
    messages.success(request, _("Source attached and the finding verified again."))
    return redirect("finding", review_id=review.pk, finding_pk=finding.pk)


@require_POST
def finding_retry(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    try:
        services.retry_finding(user=request.user, finding=finding)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Looking the source up again."))
    return redirect("review", review_id=review.pk)


@require_POST
def review_new_version(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    require_role(request.user, ASSOCIATE, PARTNER)
    form = UploadTextForm(request.POST, request.FILES)
    if form.is_valid() and form.document is not None:
        try:
            services.add_version(
                user=request.user, review=review, document=form.document, original=form.original
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("New version uploaded: changed citations are being checked."))
    else:
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
    return redirect("review", review_id=review.pk)


@require_POST
def review_sign_off(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    require_role(request.user, PARTNER)
    try:
        services.sign_off(user=request.user, review=review, comment=request.POST.get("comment", ""))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Review signed off."))
    return redirect("review", review_id=review.pk)


@require_GET
def review_export(request: HttpRequest, review_id: int, fmt: str) -> HttpResponse:
    review = review_for(request.user, review_id)
    if fmt not in ("json", "csv", "pdf", "docx"):
        raise Http404("No such export format.")
    rendered = services.export_review(user=request.user, review=review, fmt=fmt)
    response = HttpResponse(rendered.content, content_type=rendered.content_type)
    response["Content-Disposition"] = f'attachment; filename="{rendered.filename}"'
    return response


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Store the interface language in the user's profile ('' = follow the browser)."""
    from django.conf import settings as conf

    from workbench.models import Profile

    language = request.POST.get("language", "")
    if language and language not in dict(conf.LANGUAGES):
        raise Http404("No such language.")
    Profile.objects.update_or_create(user=person(request.user), defaults={"language": language})
    target = request.POST.get("next") or ""
    # Only back to a page of this site: "//evil.example" also starts with "/".
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return redirect("home")


@require_GET
def partner_queue(request: HttpRequest) -> HttpResponse:
    if not is_partner(request.user):
        raise PermissionDenied
    waiting = (
        Finding.objects.filter(review__in=reviews_of(request.user), state=Finding.State.PROPOSED)
        .select_related("review", "review__matter")
        .order_by("review_id", "ordinal")
    )
    hard_blocks = (
        Finding.objects.filter(
            review__in=reviews_of(request.user).filter(signoff__isnull=True),
            status__in=HARD_BLOCK_STATUSES,
            state=Finding.State.OPEN,
        )
        .select_related("review", "review__matter")
        .order_by("review_id", "ordinal")
    )
    return render(request, "workbench/queue.html", {"waiting": waiting, "hard_blocks": hard_blocks})


@require_GET
def snapshot_detail(request: HttpRequest, review_id: int, snapshot_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    # Only snapshots a finding of this review was judged against: no browsing other matters' uploads.
    if not review.findings.filter(snapshot_id=snapshot_pk).exists():
        raise Http404("No such source.")
    snapshot = SourceSnapshot.objects.get(pk=snapshot_pk)
    return render(request, "workbench/snapshot.html", {"review": review, "snapshot": snapshot})

"""Function views, kept thin: permission check, one service call, one template (or one partial for htmx)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Count, QuerySet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from verifier.model import STATUS_ICON, ClaimType, Jurisdiction, Status
from workbench import words
from workbench.audit import verify_chain
from workbench.evidence import document_view
from workbench.evidence import panel as evidence
from workbench.exports import draft_changes
from workbench.exports import record as record_exports
from workbench.exports import report as exports
from workbench.exports.common import CHUNK_BYTES
from workbench.htmx import HtmxHttpRequest
from workbench.models import (
    HARD_BLOCK_STATUSES,
    OFFICIAL_BLOCKING_STATUSES,
    Finding,
    Review,
    SourceSnapshot,
)
from workbench.refusals import refusal_text
from workbench.reviews import retry_all, review_list, services, versions, workspace
from workbench.reviews.forms import (
    AttachSourceForm,
    DecisionForm,
    DraftVersionForm,
    NewReviewForm,
    ProposalForm,
    ThrottledLoginForm,
)
from workbench.reviews.notices import after_sending
from workbench.reviews.permissions import (
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
from workbench.supplied import file_views
from workbench.supplied import services as supplied_services
from workbench.supplied import views as supplied_views

# htmx stops polling an element when the response has this status.
HTMX_STOP_POLLING = 286


class LoginView(auth_views.LoginView):
    form_class = ThrottledLoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")
    sort = request.GET.get("sort", "changed")
    sort = sort if sort in review_list.SORTS else "changed"
    reviews = review_list.listing(reviews_of(request.user), query=query, sort=sort)
    page = Paginator(reviews, 50).get_page(request.GET.get("page"))
    sorts = [
        ("changed", _("last change")),
        ("blocks", _("most open 🔴/⛔ first")),
        ("created", _("created")),
        ("title", _("title")),
        ("matter", _("matter")),
        ("owner", _("owner")),
    ]
    return render(
        request,
        "workbench/home.html",
        {
            "page": page,
            "reviews": page.object_list,
            "query": query,
            "sort": sort,
            "sorts": sorts,
            "matters": matters_of(request.user),
            "role": role_of(request.user),
        },
    )


@require_http_methods(["GET", "POST"])
def review_new(request: HttpRequest) -> HttpResponse:
    require_role(request.user, ASSOCIATE, PARTNER)
    matters = matters_of(request.user)
    form = NewReviewForm(request.POST or None, request.FILES or None, matters=matters)
    if request.method == "POST" and form.is_valid():
        try:  # an uploaded file is only stored here: the worker reads it under a budget (pipeline.drafts)
            review = services.create_review(
                user=request.user,
                matter=form.cleaned_data["matter"],
                title=form.cleaned_data.get("title") or "",
                **form.draft,
                as_of=form.cleaned_data["as_of"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            after_sending(request, waiting=review.waits_for_worker)
            return redirect("review", review_id=review.pk)
    return render(request, "workbench/review_new.html", {"form": form}, status=400 if form.errors else 200)


CLAIM_SHOWN = 140
STATE_LABELS = dict(Finding.State.choices)


ROW_FIELDS = (
    "pk",
    "ordinal",
    "citation",
    "claim_text",
    "claim_type",
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
    states = {value: str(label) for value, label in STATE_LABELS.items()}
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
                "status_label": words.status_word(status),
                "icon": STATUS_ICON[Status(status)] if status else "…",
                "citation": f["citation"],
                "origin": words.origin_word(origin) if origin else "",
                "claim": claim if len(claim) <= CLAIM_SHOWN else claim[: CLAIM_SHOWN - 1] + "…",
                "levels": words.check_word(
                    f["required_level"], f["achieved_level"], f["claim_type"], f["status"] or ""
                ),
                "state": f["state"],
                "state_label": states.get(f["state"], f["state"]),
            }
        )
    return rows


def review_context(request: HttpRequest, review: Review) -> dict[str, Any]:
    choice = workspace.Choice.from_query(request.GET)
    current = review.findings.filter(version=review.version)
    findings = choice.filter(current)
    counts = {s.value: 0 for s in Status}
    for status, n in current.values_list("status").annotate(n=Count("pk")).order_by():
        if status:
            counts[status] = n
    review_url = reverse("review", args=[review.pk])
    # Row links are built from one reversed prefix instead of a {% url %} per row.
    finding_base = reverse("finding", args=[review.pk, 0]).removesuffix("0/")
    context: dict[str, Any] = {
        "review": review,
        "review_url": review_url,
        "finding_base": finding_base,
        "chips": [
            {
                "status": s,
                "label": words.status_word(s.value),
                "n": n,
                "query": choice.query(status=s.value),
                "active": choice.get("status") == s.value,
            }
            for s, n in ((Status(s), n) for s, n in counts.items())
        ],
        "all_query": choice.query(status=None),
        "blocking_query": choice.query(blocking=None if choice.blocking else "1"),
        "view_links": [
            {
                "name": v,
                "label": label,
                "query": choice.query(view=None if v == "table" else v),
                "active": choice.view == v,
            }
            for v, label in (("table", _("Table")), ("document", _("Document")), ("both", _("Side by side")))
        ],
        "show_table": choice.view in ("table", "both"),
        "choice": choice,
        "chosen": choice.values,
        "query": choice.query(),
        "role": role_of(request.user),
        "statuses": [(s.value, words.status_word(s.value)) for s in Status],
        "jurisdictions": [(j.value, words.jurisdiction_word(j.value)) for j in Jurisdiction],
        "claim_types": [(c.value, words.claim_type_word(c.value)) for c in ClaimType],
        "poll_ms": workspace.poll_delay_ms(review),
    }
    if choice.view in ("table", "both"):
        context["rows"] = table_rows(findings)
    if choice.view in ("document", "both"):
        marks = document_view.marks_of(current.values(*document_view.MARK_FIELDS))
        filtered = bool(set(choice.values) & {"status", "jurisdiction", "claim_type", "blocking"})
        shown = set(findings.values_list("pk", flat=True)) if filtered else None
        context["document"] = document_view.render(
            review.draft_text, review.draft_parts, marks, finding_base=finding_base, shown=shown
        )
    return context


def actions_context(request: HttpRequest, review: Review) -> dict[str, Any]:
    """What the page offers once the review has run: exports, a revised draft, bulk approval, sign-off."""
    context: dict[str, Any] = {
        "version_form": DraftVersionForm(),
        "bulk": [],
        "changes": versions.version_changes(review) if not review.is_running else {},
        "retry": retry_all.retry_offer(review) if not review.is_running else None,
    }
    if is_partner(request.user) and not review.is_signed_off and not review.is_running:
        context["bulk"] = list(
            review.findings.filter(version=review.version, status__in=services.BULK_APPROVABLE)
            .exclude(state=Finding.State.APPROVED)
            .order_by("ordinal")
            .values("pk", "ordinal", "citation", "claim_text", "status", "state")
        )
        for f in context["bulk"]:
            f["status_label"] = words.status_word(f["status"])
    return context


@require_GET
def review_detail(request: HtmxHttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    context = review_context(request, review)
    if request.htmx:
        response = render(request, "workbench/review.html#live", context)
        if request.GET.get("part") == "live" and not review.is_running:
            # The review finished while the page was open: what only a finished review offers appears now.
            context.update(actions_context(request, review), oob=True)
            response.content += render(request, "workbench/review.html#actions", context).content
            response.status_code = HTMX_STOP_POLLING
        return response
    context.update(actions_context(request, review))
    context["chain"] = verify_chain(review)
    context["versions"] = list(review.versions.order_by("number").values("number", "name", "created_at"))
    selected = request.GET.get("finding", "")
    if selected.isdigit():
        try:
            finding = finding_for(request.user, review, int(selected))
        except Http404:
            pass
        else:
            context.update(evidence_context(request, review, finding))
    return render(request, "workbench/review.html", context)


def evidence_context(request: HttpRequest, review: Review, finding: Finding) -> dict[str, Any]:
    return {
        "review": review,
        "finding": finding,
        "evidence": evidence.build(review, finding),
        "role": role_of(request.user),
        "proposal_form": ProposalForm(),
        "decision_form": DecisionForm(),
        "decisions": finding.decisions.select_related("user"),
        "attach_form": AttachSourceForm(),
        **file_views.panel_context(review, finding, request.user),
        "workspace_url": reverse("review", args=[review.pk]) + f"?finding={finding.pk}",
        **supplied_views.evidence_context(finding),
    }


@require_GET
def finding_detail(request: HtmxHttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    context = evidence_context(request, review, finding)
    template = "workbench/evidence.html" if request.htmx else "workbench/finding_page.html"
    return render(request, template, context)


@require_POST
def finding_propose(request: HtmxHttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    form = ProposalForm(request.POST)
    if not form.is_valid():
        return _decision_error(request, review, finding, _("Choose a proposal."))
    try:
        decision = services.propose(user=request.user, finding=finding, **form.cleaned_data)
    except ValidationError as exc:
        return _decision_error(request, review, finding, refusal_text(exc))
    done = _("Proposal recorded for %(id)s: %(action)s.") % {
        "id": finding.finding_id,
        "action": decision.get_action_display(),
    }
    return _move_on(request, review, finding, done)


@require_POST
def finding_decide(request: HtmxHttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    require_role(request.user, PARTNER)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _decision_error(request, review, finding, _("Choose a decision."))
    try:
        decision = services.decide(user=request.user, finding=finding, **form.cleaned_data)
    except ValidationError as exc:
        return _decision_error(request, review, finding, refusal_text(exc))
    done = _("Decision recorded for %(id)s: %(action)s.") % {
        "id": finding.finding_id,
        "action": decision.get_action_display(),
    }
    return _move_on(request, review, finding, done)


def _move_on(request: HtmxHttpRequest, review: Review, finding: Finding, done: str) -> HttpResponse:
    """After a proposal or decision: stay in the workspace, say what was recorded, open the next open
    finding (the table and the document refresh themselves on the `findings-changed` event)."""
    following = workspace.next_open(review, finding, role_of(request.user))
    then = (
        _("Next open finding: %(id)s.") % {"id": following.finding_id}
        if following is not None
        else _("No open finding is left for you in this review.")
    )
    if request.htmx:
        shown = finding_for(request.user, review, (following or finding).pk)
        context = evidence_context(request, review, shown)
        context["confirmation"] = f"{done} {then}"
        if shown.pk != finding.pk:  # what was just recorded shows at once, beside the next finding
            context["decided"] = {"finding": finding, "decisions": finding.decisions.select_related("user")}
        response = render(request, "workbench/evidence.html", context)
        response["HX-Trigger"] = "findings-changed"
        return response
    messages.success(request, f"{done} {then}")
    target = following or finding
    return redirect(reverse("review", args=[review.pk]) + f"?finding={target.pk}")


def _decision_error(request: HtmxHttpRequest, review: Review, finding: Finding, message: str) -> HttpResponse:
    if request.htmx:
        context = evidence_context(request, review, Finding.objects.get(pk=finding.pk))
        context["error"] = message
        return render(request, "workbench/evidence.html", context)
    messages.error(request, message)
    return redirect(reverse("finding", args=[review.pk, finding.pk]))


@require_POST
def finding_attach_source(request: HtmxHttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    require_role(request.user, ASSOCIATE, PARTNER)
    form = AttachSourceForm(request.POST, request.FILES)
    if not form.is_valid() or (form.document is None and form.upload is None):
        errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
        return _decision_error(request, review, finding, " ".join(errors) or _("Attach a source."))
    also = supplied_views.chosen_pks(request.POST.getlist("also"))
    try:
        if form.upload is not None:  # stored and queued: the worker reads it (workbench.supplied.reading)
            supplied_services.queue_source_file(
                user=request.user, finding=finding, upload=form.upload, also=also
            )
        else:
            assert form.document is not None
            services.attach_source(user=request.user, finding=finding, document=form.document, also=also)
    except ValidationError as exc:
        return _decision_error(request, review, finding, refusal_text(exc))
    if form.upload is not None:
        messages.success(
            request,
            _(
                "The file is stored and waits to be read; the finding is checked again against it once it is "
                "read. This page shows how far it is."
            ),
        )
    else:
        messages.success(
            request,
            _(
                "Source attached and the finding verified again. A source you supply is evidence, not an "
                "official text: the finding is at most 🟡 until a partner confirms it."
            ),
        )
    return redirect("finding", review_id=review.pk, finding_pk=finding.pk)


@require_POST
def finding_retry(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    finding = finding_for(request.user, review, finding_pk)
    try:
        services.retry_finding(user=request.user, finding=finding)
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        finding.refresh_from_db(fields=["dispatched_at"])
        sent = _("Looking the source up again.")
        after_sending(request, waiting=finding.dispatched_at is None, sent=sent, review=False)
    return redirect("review", review_id=review.pk)


@require_POST
def review_new_version(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    require_role(request.user, ASSOCIATE, PARTNER)
    form = DraftVersionForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            review = services.add_version(user=request.user, review=review, **form.draft)
        except ValidationError as exc:
            messages.error(request, refusal_text(exc))
        else:
            sent = _("New version uploaded: changed citations are being checked.")
            after_sending(request, waiting=review.waits_for_worker, sent=sent)
    else:
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
    return redirect("review", review_id=review.pk)


@require_GET
def review_sign_off_confirm(request: HttpRequest, review_id: int) -> HttpResponse:
    """The step before sign-off: what it means (final; the review becomes read-only), what stands in the way
    (each blocking finding, a link to it), and the counts and overrides the partner signs for."""
    review = review_for(request.user, review_id)
    require_role(request.user, PARTNER)
    blocking = [] if review.is_signed_off else services.blockers(review)
    current = review.findings.filter(version=review.version)
    counts = {s.value: 0 for s in Status}
    for status, n in current.values_list("status").annotate(n=Count("pk")).order_by():
        if status:
            counts[status] = n
    context = {
        "review": review,
        "role": PARTNER,
        "blocking": [
            {
                "finding": f,
                "status_label": words.status_word(f.status),
                "state_label": STATE_LABELS.get(f.state, f.state),
                "url": reverse("review", args=[review.pk]) + f"?finding={f.pk}",
            }
            for f in sorted(blocking, key=lambda f: f.ordinal)
        ],
        "counts": [(Status(s), words.status_word(s), n) for s, n in counts.items() if n],
        "overrides": list(
            current.filter(state=Finding.State.OVERRIDDEN)
            .prefetch_related("decisions__user")
            .order_by("ordinal")
        ),
        "supplied_approvals": list(
            current.filter(state=Finding.State.APPROVED, official_status__in=OFFICIAL_BLOCKING_STATUSES)
            .exclude(status__in=HARD_BLOCK_STATUSES)
            .prefetch_related("decisions__user")
            .order_by("ordinal")
        ),
        "chain": verify_chain(review),
    }
    return render(request, "workbench/sign_off.html", context, status=200)


@require_POST
def review_sign_off(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    require_role(request.user, PARTNER)
    confirm = reverse("review_sign_off_confirm", args=[review.pk])
    if request.POST.get("confirm") != "final":
        messages.error(request, _("Confirm that the sign-off is final before signing off."))
        return redirect(confirm)
    try:
        services.sign_off(user=request.user, review=review, comment=request.POST.get("comment", ""))
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
        return redirect(confirm)
    messages.success(request, _("Review signed off."))
    return redirect("review", review_id=review.pk)


@require_POST
def review_bulk_approve(request: HttpRequest, review_id: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    require_role(request.user, PARTNER)
    pks = [int(v) for v in request.POST.getlist("finding") if v.isdigit()]
    try:
        decisions = services.bulk_approve(
            user=request.user, review=review, finding_pks=pks, comment=request.POST.get("comment", "")
        )
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(
            request,
            ngettext(
                "%(n)d finding approved with one reason: %(ids)s.",
                "%(n)d findings approved with one reason: %(ids)s.",
                len(decisions),
            )
            % {"n": len(decisions), "ids": ", ".join(d.finding.finding_id for d in decisions)},
        )
    return redirect("review", review_id=review.pk)


@require_GET
def review_export(request: HttpRequest, review_id: int, fmt: str) -> FileResponse:
    review = review_for(request.user, review_id)
    if fmt not in (*exports.FORMATS, *record_exports.FORMATS, *draft_changes.FORMATS):
        raise Http404("No such export format.")
    # the reader's language, or the one asked for (?lang=pl): a partner may file the report in another
    lang = request.GET.get("lang", "")
    if lang not in dict(settings.LANGUAGES):
        lang = (translation.get_language() or "en")[:2]
    rendered = services.export_review(user=request.user, review=review, fmt=fmt, lang=lang)
    # streamed from the spooled file in chunks (the response closes it), never copied whole into memory
    response = FileResponse(rendered.file, content_type=rendered.content_type)
    response.block_size = CHUNK_BYTES
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
def snapshot_detail(request: HttpRequest, review_id: int, snapshot_pk: int) -> HttpResponse:
    review = review_for(request.user, review_id)
    # Only snapshots a finding of this review was judged against: no browsing other matters' uploads.
    if not review.findings.filter(snapshot_id=snapshot_pk).exists():
        raise Http404("No such source.")
    snapshot = SourceSnapshot.objects.get(pk=snapshot_pk)
    return render(request, "workbench/snapshot.html", {"review": review, "snapshot": snapshot})

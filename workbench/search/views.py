"""Search pages: the standalone search, and the search panel of a finding's evidence view (HTMX partials, each
also a full page without JavaScript). Who may search a finding's sources is who may see the finding."""

from __future__ import annotations

import dataclasses
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from verifier.model import Jurisdiction, Kind
from verifier.provenance import SUPPLIED_ORIGIN
from verifier.search import highlight
from verifier.search.dispatch import Params, collection_choices, is_known_collection
from verifier.search.results import Hit
from verifier.sources.lawgokr import codes
from workbench.htmx import HtmxHttpRequest
from workbench.models import Finding, Review
from workbench.refusals import refusal_text
from workbench.reviews.permissions import ASSOCIATE, PARTNER, finding_for, require_role, review_for, role_of
from workbench.search import services as search
from workbench.search.local import LOCAL

PREVIEW_CHARS = 6000
# aiSearch's domains: the reader's words, the Korean name beside (the Korean reader sees it alone).
DOMAINS = [
    ("0", gettext_lazy("statute articles"), "법령 조문"),
    ("1", gettext_lazy("statute annexes and forms"), "법령 별표·서식"),
    ("2", gettext_lazy("administrative rule articles"), "행정규칙 조문"),
    ("3", gettext_lazy("administrative rule annexes and forms"), "행정규칙 별표·서식"),
]


def _beside(label: object, korean: str) -> str:
    return korean if (get_language() or "").startswith("ko") else f"{label} ({korean})"


FIELDS = [f.name for f in dataclasses.fields(Params)]


def params_from(query: QueryDict, default_collection: str = "law") -> Params:
    values: dict[str, Any] = {}
    for name in FIELDS:
        if name in query:
            values[name] = query.get(name, "")
    values["collection"] = values.get("collection") or default_collection
    for number in ("page", "display"):
        raw = str(values.get(number, "")).strip()
        values[number] = int(raw) if raw.lstrip("-").isdigit() else (1 if number == "page" else 20)
    return Params(**values)


def defaults_for(finding: Finding) -> Params:
    """What the panel starts with for this finding: its collection, and the citation's own identifiers (law
    name, case number, CELEX, act address) — never words of the draft, which the user types if they wish."""
    anchor = finding.anchor or {}
    key = str(anchor.get("key") or "")
    number = str(anchor.get("number") or "")
    if finding.jurisdiction == Jurisdiction.KR.value:
        collection = {
            Kind.STATUTE.value: "law",
            Kind.CONSTITUTIONAL_DECISION.value: "detc",
            Kind.INTERPRETATION.value: "expc",
        }.get(finding.kind, "prec")
        if collection == "law":
            return Params(collection="law", query=str(anchor.get("law") or key.removeprefix("kr:law:")))
        return Params(collection=collection, query=number)
    if finding.jurisdiction == Jurisdiction.PL.value:
        if finding.kind == Kind.STATUTE.value:
            eli = key.removeprefix("pl:act:")
            year = eli.split("/")[1] if eli.count("/") == 2 else ""
            snapshot = finding.snapshot if finding.snapshot_id else None
            # a supplied text's title is its file's name, the user's words: never offered to a search
            title = snapshot.title if snapshot is not None and snapshot.origin != SUPPLIED_ORIGIN else ""
            return Params(collection="eli", query=title, year=year if not title else "")
        return Params(collection="saos", case_number=number or key.removeprefix("pl:case:"))
    return Params(collection="cellar", query=number or key.rsplit(":", 1)[-1])


def _page_links(request: HttpRequest, params: Params, page_count: int) -> dict[str, str]:
    def at(number: int) -> str:
        values = {k: v for k, v in dataclasses.asdict(params).items() if v not in ("", None)}
        values["page"] = number
        return "?" + urlencode(values)

    links = {}
    if params.page > 1:
        links["previous"] = at(params.page - 1)
    if params.page < page_count:
        links["next"] = at(params.page + 1)
    return links


def _preview_url(hit: Hit, query: str, finding: Finding | None) -> str:
    if hit.collection in ("aiSearch", "lstrm") or not hit.id:
        return ""  # articles and terms are read in their law / shown with their definitions
    base = (
        reverse("finding_search_preview", args=[finding.review_id, finding.pk])
        if finding is not None
        else reverse("search_preview")
    )
    return base + "?" + urlencode({"collection": hit.collection, "id": hit.id, "q": query})


def _context(
    request: HttpRequest, params: Params, outcome: search.SearchOutcome | None, finding: Finding | None = None
) -> dict[str, Any]:
    page = outcome.page if outcome else None
    return {
        "rows": [(h, _preview_url(h, page.query, finding)) for h in page.hits] if page else [],
        "first_number": (page.page - 1) * page.display + 1 if page else 1,
        "domains": [(code, _beside(label, korean)) for code, label, korean in DOMAINS],
        "action": reverse("finding_search", args=[finding.review_id, finding.pk])
        if finding
        else reverse("search"),
        "params": params,
        "outcome": outcome,
        "page": page,
        "links": _page_links(request, outcome.params, page.pages) if outcome and page else {},
        "collections": collection_choices(get_language() or "en"),
        "case_types": codes.case_types(),
        "retry_url": request.get_full_path(),
    }


def _asked(request: HttpRequest) -> bool:
    return bool(request.GET.get("q") or request.GET.get("query") or request.GET.get("case_number"))


# ------------------------------------------------------------------------------------------ standalone


def _refused(response: HttpResponse, retry_after: int) -> HttpResponse:
    """A search the upstream budget refused: 429 with Retry-After, the page saying when to try again."""
    if retry_after:
        response.status_code = 429
        response["Retry-After"] = str(retry_after)
    return response


@require_GET
def search_page(request: HtmxHttpRequest) -> HttpResponse:
    # Searching makes upstream services work under the firm's keys: a staff account with no role may not.
    require_role(request.user, ASSOCIATE, PARTNER)
    params = params_from(request.GET)
    outcome = search.run_search(params, user=request.user) if _asked(request) else None
    context = _context(request, params, outcome)
    template = "search_results" if request.htmx else "search_page"
    return _refused(
        render(request, f"workbench/{template}.html", context), outcome.retry_after if outcome else 0
    )


@require_GET
def search_preview(request: HtmxHttpRequest) -> HttpResponse:
    require_role(request.user, ASSOCIATE, PARTNER)
    return _preview(request, finding=None, review=None)


# --------------------------------------------------------------------------------------- finding panel


def _finding(request: HttpRequest, review_id: int, finding_pk: int) -> tuple[Review, Finding]:
    review = review_for(request.user, review_id)
    return review, finding_for(request.user, review, finding_pk)


@require_GET
def finding_search(request: HtmxHttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review, finding = _finding(request, review_id, finding_pk)
    require_role(request.user, ASSOCIATE, PARTNER)
    params = (
        params_from(request.GET, defaults_for(finding).collection)
        if _asked(request)
        else defaults_for(finding)
    )
    outcome = search.run_search(params, user=request.user, review=review) if _asked(request) else None
    context = _context(request, params, outcome, finding)
    context.update(review=review, finding=finding, role=role_of(request.user))
    if request.htmx:
        # The panel's button asks for the form with it; the form itself asks only for results.
        template = "search_panel_body" if request.GET.get("panel") else "search_results"
    else:
        template = "search_finding_page"
    return _refused(
        render(request, f"workbench/{template}.html", context), outcome.retry_after if outcome else 0
    )


@require_GET
def finding_search_preview(request: HtmxHttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review, finding = _finding(request, review_id, finding_pk)
    require_role(request.user, ASSOCIATE, PARTNER)
    return _preview(request, finding=finding, review=review)


def _preview(request: HtmxHttpRequest, *, finding: Finding | None, review: Review | None) -> HttpResponse:
    collection = request.GET.get("collection", "")
    doc_id = request.GET.get("id", "")
    query = request.GET.get("q", "")
    if not (is_known_collection(collection) or collection == LOCAL):
        raise Http404("No such collection.")
    opened = search.open_document(collection, doc_id, user=request.user)
    context: dict[str, Any] = {
        "collection": collection,
        "doc_id": doc_id,
        "query": query,
        "opened": opened,
        "review": review,
        "finding": finding,
        "role": role_of(request.user),
        "retry_url": request.get_full_path(),
    }
    if opened.document is not None:
        text = opened.document.text
        focus = request.GET.get("unit", "")
        unit = next((u for u in opened.document.units if u.label == focus), None) if focus else None
        if unit is not None:
            start, end = unit.start, min(len(text), unit.start + PREVIEW_CHARS)
        else:
            start, end = highlight.window(text, query, size=PREVIEW_CHARS)
        context.update(
            title_segments=highlight.highlight(opened.document.title, query),
            segments=highlight.highlight(text[start:end], query or focus),
            cut_before=start > 0,
            cut_after=end < len(text),
            chars=len(text),
        )
    template = "workbench/search_preview.html" if request.htmx else "workbench/search_preview_page.html"
    return _refused(render(request, template, context), opened.retry_after)


@require_POST
def finding_search_use(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review, finding = _finding(request, review_id, finding_pk)
    require_role(request.user, ASSOCIATE, PARTNER)
    collection = request.POST.get("collection", "")
    doc_id = request.POST.get("id", "")
    if not (is_known_collection(collection) or collection == LOCAL):
        raise Http404("No such collection.")
    before = finding.status
    try:
        rechecked = search.use_as_source(
            user=request.user,
            finding=finding,
            collection=collection,
            doc_id=doc_id,
            query=request.POST.get("q", ""),
        )
    except ValidationError as exc:
        messages.error(request, refusal_text(exc))
        return redirect("finding", review_id=review.pk, finding_pk=finding.pk)
    after = next((f for f in rechecked if f.pk == finding.pk), finding)
    messages.success(
        request,
        _(
            "Source attached from the search and the finding verified again: "
            "%(before)s → %(after)s (%(n)d re-checked)."
        )
        % {"before": before or "—", "after": after.status, "n": len(rechecked)},
    )
    return redirect("finding", review_id=review.pk, finding_pk=finding.pk)


@require_GET
def finding_suggestions(request: HttpRequest, review_id: int, finding_pk: int) -> HttpResponse:
    review, finding = _finding(request, review_id, finding_pk)
    outcome = search.suggestions_for(finding)
    return render(
        request,
        "workbench/search_suggestions.html",
        {"review": review, "finding": finding, "suggestions": outcome, "role": role_of(request.user)},
    )

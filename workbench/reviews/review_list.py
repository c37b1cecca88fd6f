"""The reviews list: each review with its open 🔴/⛔ and 🟠/🟡 counts, owner and last change, searchable and
sortable, in a fixed number of queries however many reviews and findings there are (counts are subqueries,
not a query per row)."""

from __future__ import annotations

import re

from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from workbench.models import AuditEvent, Finding, Review
from workbench.reviews.blocking import HARD, JUDGED

SORTS = {
    "changed": ("-last_change", "-pk"),
    "created": ("-created_at", "-pk"),
    "title": ("title", "pk"),
    "matter": ("matter__reference", "title", "pk"),
    "owner": ("created_by__username", "-created_at", "pk"),
    "blocks": ("-open_hard", "-open_judged", "-last_change", "pk"),
}
MAX_QUERY = 200


def _count(findings: QuerySet[Finding]) -> Subquery:
    return Subquery(
        findings.order_by().values("review").annotate(n=Count("pk")).values("n")[:1],
        output_field=IntegerField(),
    )


def listing(reviews: QuerySet[Review], *, query: str = "", sort: str = "changed") -> QuerySet[Review]:
    current = Finding.objects.filter(review=OuterRef("pk"), version=OuterRef("version"))
    last = AuditEvent.objects.filter(review=OuterRef("pk")).order_by("-seq").values("created_at")[:1]
    rows = reviews.select_related("matter", "created_by", "signoff").annotate(
        open_hard=Coalesce(_count(current.filter(status__in=HARD).exclude(state="overridden")), Value(0)),
        open_judged=Coalesce(_count(current.filter(status__in=JUDGED).exclude(state="approved")), Value(0)),
        last_change=Coalesce(Subquery(last), "created_at"),
    )
    for word in query.strip()[:MAX_QUERY].split():
        rows = rows.filter(_word_query(word))
    return rows.order_by(*SORTS.get(sort, SORTS["changed"]))


def _word_query(word: str) -> Q:
    """The reviews with a word that starts with `word` in the title, matter, draft name or owner: "PL" finds
    "PL memo" and "pl-opinion.docx", not "upload" or "Sample". `(^|\\W)` reads the same in PostgreSQL's
    regular expressions and in Python's (SQLite's REGEXP in Django)."""
    pattern = r"(^|\W)" + re.escape(word)
    return (
        Q(title__iregex=pattern)
        | Q(matter__name__iregex=pattern)
        | Q(matter__reference__iregex=pattern)
        | Q(draft_name__iregex=pattern)
        | Q(created_by__username__iregex=pattern)
    )

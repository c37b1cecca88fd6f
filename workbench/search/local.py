"""The search when the upstream cannot be asked (not configured, or not answering): the offline corpus and
the sources already fetched, both kept as shared snapshots in this database. Nothing is sent; the page says
where it looked.

    search_here(params, why) -> Page          hits of collection "local", id = the snapshot's pk
    open_here(doc_id) -> SourceSnapshot | None

Only shared snapshots are searched (the corpus, official answers): what a user of one matter attached is
evidence of that matter, never a hit for another.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.db.models import Q

from verifier.model import Kind
from verifier.search.dispatch import Params
from verifier.search.results import Hit, Page, clamp_display, clamp_page
from workbench.models import SourceSnapshot

LOCAL = "local"
# Which stored sources stand in for which collection.
KINDS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "law": ("kr", (Kind.STATUTE.value,)),
    "eflaw": ("kr", (Kind.STATUTE.value,)),
    "prec": ("kr", (Kind.JUDGMENT.value,)),
    "detc": ("kr", (Kind.CONSTITUTIONAL_DECISION.value,)),
    "expc": ("kr", (Kind.INTERPRETATION.value,)),
    "saos": ("pl", (Kind.JUDGMENT.value, Kind.CONSTITUTIONAL_DECISION.value)),
    "eli": ("pl", (Kind.STATUTE.value,)),
    "cellar": ("eu", (Kind.EU_ACT.value, Kind.EU_CASE.value)),
}


def words_of(params: Params) -> list[str]:
    text = " ".join(filter(None, [params.query, params.case_number, params.year]))
    return [w for w in re.split(r"\s+", text.strip()) if w]


def search_here(params: Params, why: str) -> Page:
    """Snapshots of the collection's jurisdiction and kind whose title, number or text holds every word."""
    page_no, size = clamp_page(params.page), clamp_display(params.display)
    words = words_of(params)
    where = f"Searched this machine only (the offline corpus and the sources already fetched): {why}."
    if params.collection not in KINDS:
        note = f"{where} This collection has no copy here."
        return Page(LOCAL, params.query, (), 0, page_no, size, notes=(note,))
    if not words:
        raise ValueError("give words, a case number or a year to search for")
    jurisdiction, kinds = KINDS[params.collection]
    rows = SourceSnapshot.objects.filter(matter__isnull=True, jurisdiction=jurisdiction, kind__in=kinds)
    for word in words:
        rows = rows.filter(Q(title__icontains=word) | Q(number__icontains=word) | Q(text__icontains=word))
    # Decision dates are stored ISO (YYYY-MM-DD), so a string comparison is a date comparison.
    if params.date_from:
        rows = rows.filter(date__gte=params.date_from)
    if params.date_to:
        rows = rows.filter(date__lte=params.date_to)
    # One hit per document: the corpus stores a judgment under each of its names (C-300/21, its CELEX…).
    found: dict[str, SourceSnapshot] = {}
    for row in rows.defer("units", "meta").order_by("title", "-fetched_at", "pk")[:500]:
        found.setdefault(row.sha256, row)
    ordered = sorted(found.values(), key=lambda r: (not _in_title(r, words), r.title))
    shown = ordered[(page_no - 1) * size : page_no * size]
    hits = tuple(_hit(row, words) for row in shown)
    return Page(LOCAL, " ".join(words), hits, len(ordered), page_no, size, notes=(where,))


def _in_title(row: SourceSnapshot, words: list[str]) -> bool:
    title = f"{row.title} {row.number}".casefold()
    return all(w.casefold() in title for w in words)


def _hit(row: SourceSnapshot, words: list[str]) -> Hit:
    text = row.text
    folded = text.casefold()
    at = min((i for i in (folded.find(w.casefold()) for w in words) if i >= 0), default=0)
    start = max(0, at - 80)
    snippet = re.sub(r"\s+", " ", text[start : start + 300]).strip()
    return Hit(
        collection=LOCAL,
        id=str(row.pk),
        title=row.title,
        number=row.number or None,
        date=row.date or None,
        court=row.court or None,
        snippet=("… " if start else "") + snippet,
        url=row.url,
        meta={"origin": row.origin, "key": row.key},
    )


def open_here(doc_id: str) -> SourceSnapshot | None:
    if not doc_id.isdigit():
        return None
    return SourceSnapshot.objects.filter(pk=int(doc_id), matter__isnull=True).first()

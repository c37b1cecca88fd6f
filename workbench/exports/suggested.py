"""The fixes the "with suggested changes" export offers, each only where a finding stands behind it.

- a 🟡 modified quote: the source's exact words, from the passage the fragment matcher found (`Finding.match`
  and the snapshot's text around it);
- a wrong pinpoint (🔴 `wrong_pinpoint`, `restated_in_other_unit`, `quote_in_other_unit`, `wrong_paragraph`):
  the unit the evidence names in place of the cited one;
- a date or a court the source states otherwise (🔴 `anchor_mismatch`): read from the source. Not when the
  number or the parties differ too: that is another case, and no correction of a date makes it this one;
- a citation written otherwise than the practice writes it (issue 29 §1): each difference of the finding's
  form note, in the matter's citation form (`workbench.form.notes`). A fix of the verdict's comes first: a
  form fix that would touch the same words is not offered.

What people decided comes first, as a lawyer expects: a finding a partner overrode (the draft stands), a
proposal rejected, or one approved "as is" is not changed; an approved corrected quote is written as
approved. A finding checked against a text a user supplied is not changed from that text: it is evidence,
not authority (issue 16).
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models.functions import Substr

from verifier.fixes import Fix, without_overlaps
from verifier.fixes.citation import court_fix, date_fix, label_fix
from verifier.fixes.quote import TAIL_CHARS, quote_fixes, source_words
from verifier.match.anchor import compare_anchor, parse_date
from verifier.model import Jurisdiction, Kind, SourceDocument, Status
from workbench.form.notes import note_of, style_of
from workbench.models import Decision, Finding, Review, SourceSnapshot
from workbench.pipeline.records import anchor_from_json, rationale_in

PINPOINT_KEYS = frozenset(
    {"wrong_pinpoint", "restated_in_other_unit", "quote_in_other_unit", "wrong_paragraph"}
)
# A quote the source words over more than this is not rewritten in a tracked change: a person reads it.
LONGEST_QUOTE = 5000
_PROPOSALS = (Decision.Action.ACCEPT, Decision.Action.SOFTEN, Decision.Action.CORRECT)
# Courts the source names in words a draft writes too (대법원, Sąd Najwyższy); an EU court is named in a
# citation by its own method (issue 29 §1), not by the source's header.
_COURT_FIXES = frozenset({Jurisdiction.KR.value, Jurisdiction.PL.value})


def fixes_of(review: Review, lang: str) -> list[Fix]:
    """Every fix of the review's current version, in draft order, none overlapping another."""
    findings = (
        review.findings.filter(version=review.version)
        .exclude(state__in=(Finding.State.OVERRIDDEN, Finding.State.REJECTED))
        .filter(supplied_source__isnull=True)
        .prefetch_related("decisions")
        .order_by("ordinal")
    )
    style = style_of(review.matter)
    verdict: list[Fix] = []
    form: list[Fix] = []
    for f in findings.iterator(chunk_size=500):
        verdict.extend(_fixes(review, f, lang))
        form.extend(_form_fixes(f, style, lang))
    kept = without_overlaps(verdict)
    return without_overlaps([*kept, *(fix for fix in form if not _touches(fix, kept))])


def _touches(fix: Fix, others: list[Fix]) -> bool:
    return any((fix.start < o.end and o.start < fix.end) or fix.start == o.start for o in others)


def _form_fixes(f: Finding, style: str, lang: str) -> Iterator[Fix]:
    """The form note's differences as fixes; not where the draft stands by a decision (approved as is,
    overridden: the firm's words) — the query has left out the overridden and rejected ones."""
    if f.state == Finding.State.APPROVED:
        return
    note = note_of(f, style)
    if note is None:
        return
    for difference in note.differences:
        why = f"{f.finding_id}: {difference.message.render(lang)}"
        yield Fix(difference.start, difference.end, difference.canonical_part, finding=f.finding_id, why=why)


def _fixes(review: Review, f: Finding, lang: str) -> Iterator[Fix]:
    draft = review.draft_text
    why = f"{f.finding_id}: {rationale_in(f, lang)}"
    if f.state == Finding.State.APPROVED:
        proposals = [d for d in f.decisions.all() if d.action in _PROPOSALS]
        chosen = proposals[-1] if proposals else None
        if chosen is not None and chosen.action == Decision.Action.CORRECT and f.quote_start is not None:
            span = (f.quote_start, f.quote_end or 0)
            yield from quote_fixes(draft, span, chosen.text, finding=f.finding_id, why=why)
        return  # approved: the firm's words stand, or the ones it approved
    reason = f.reason or {}
    key, values = reason.get("key"), reason.get("values") or {}
    span = (f.span_start, f.span_end)
    # "modified": the quote as the text read words it (one close to an earlier wording is not made today's)
    if key == "modified" and f.status == Status.MODIFIED and f.quote_start is not None and f.match:
        words = _source_words(f)
        if words:
            span = (f.quote_start, f.quote_end or 0)
            yield from quote_fixes(draft, span, words, finding=f.finding_id, why=why)
    elif f.status == Status.UNVERIFIED and key in PINPOINT_KEYS:
        cited, unit = str(values.get("cited") or ""), str(values.get("unit") or "")
        fix = label_fix(draft, span, cited, unit, finding=f.finding_id, why=why)
        if fix is not None:
            yield fix
    elif f.status == Status.UNVERIFIED and key == "anchor_mismatch" and f.anchor and f.snapshot_id:
        yield from _anchor_fixes(draft, f, why)


def _source_words(f: Finding) -> str:
    """The source's words for the quote: the matched window (and its segments), read from the snapshot's
    text in the database, a window's length only, never the whole act."""
    if f.snapshot_id is None:
        return ""
    match = f.match or {}
    start, end = match.get("start"), match.get("end")
    if not isinstance(start, int) or not isinstance(end, int) or not 0 <= start < end:
        return ""
    if end - start > LONGEST_QUOTE:
        return ""
    window = (
        SourceSnapshot.objects.filter(pk=f.snapshot_id)
        .annotate(window=Substr("text", start + 1, end - start + TAIL_CHARS))
        .values_list("window", flat=True)
        .first()
    )
    if not window:
        return ""
    segments = [(int(s), int(e)) for s, e in match.get("segments") or []]
    return source_words(f.quote, window, start, segments, start, end)


def _anchor_fixes(draft: str, f: Finding, why: str) -> Iterator[Fix]:
    """The anchor compared again as the verdict compared it: the draft's against the source's header."""
    assert f.snapshot_id is not None
    snapshot = SourceSnapshot.objects.only(
        "source_id", "key", "jurisdiction", "kind", "title", "number", "date", "court", "parties"
    ).get(pk=f.snapshot_id)
    resolved = SourceDocument(
        id=snapshot.source_id,
        key=snapshot.key,
        jurisdiction=Jurisdiction(snapshot.jurisdiction),
        kind=Kind(snapshot.kind),
        title=snapshot.title,
        text="",
        url="",
        version="",
        sha256="",
        fetched_at="",
        origin="",
        number=snapshot.number or None,
        date=snapshot.date or None,
        court=snapshot.court or None,
        parties=tuple(snapshot.parties),
    )
    hard = compare_anchor(anchor_from_json(f.anchor), resolved).hard
    if not hard or any(issue.field not in ("date", "court") for issue in hard):
        return
    span = (f.span_start, f.span_end)
    for issue in hard:
        fix: Fix | None = None
        if issue.field == "date":
            claimed, source = parse_date(issue.claimed), parse_date(issue.resolved)
            if claimed is not None and source is not None:
                fix = date_fix(draft, span, claimed, source, finding=f.finding_id, why=why)
        elif f.jurisdiction in _COURT_FIXES:
            fix = court_fix(draft, span, issue.claimed, issue.resolved, finding=f.finding_id, why=why)
        if fix is not None:
            yield fix

"""What the evidence view shows for one finding, as plain strings and spans (templates escape all of it:
drafts and sources are untrusted text)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import translation

from workbench.evidence import history_view
from workbench.form.notes import FormView, form_view, style_of
from workbench.models import Finding, Review
from workbench.words import place_in_source

CONTEXT_CHARS = 300


@dataclass(frozen=True)
class Segment:
    text: str
    mark: str = ""  # "" | "citation" | "quote" | "match"


@dataclass(frozen=True)
class Evidence:
    sentence: list[Segment]
    excerpt: list[Segment] = field(default_factory=list)
    diff: list[tuple[str, str]] = field(default_factory=list)
    nearest: list[list[Segment]] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    similarity: float | None = None
    unit_label: str = ""
    # the provision's versions / the judgment's later treatment on the review's as-of date
    history: history_view.HistoryView | None = None
    # the citation as its practice writes it in the matter's form, and where the draft differs (issue 29)
    form: FormView | None = None


def marked(text: str, start: int, spans: list[tuple[int, int, str]]) -> list[Segment]:
    """Cut `text` (which begins at offset `start` of its document) into plain and marked segments."""
    out: list[Segment] = []
    cursor = 0
    for s, e, mark in sorted(spans):
        s, e = max(s - start, cursor), min(e - start, len(text))
        if s >= e:
            continue
        if s > cursor:
            out.append(Segment(text[cursor:s]))
        out.append(Segment(text[s:e], mark))
        cursor = e
    if cursor < len(text):
        out.append(Segment(text[cursor:]))
    return out


def excerpt_around(source: str, start: int, end: int) -> list[Segment]:
    lo, hi = max(0, start - CONTEXT_CHARS), min(len(source), end + CONTEXT_CHARS)
    segments = marked(source[lo:hi], lo, [(start, end, "match")])
    if lo > 0:
        segments.insert(0, Segment("…"))
    if hi < len(source):
        segments.append(Segment("…"))
    return segments


def build(review: Review, finding: Finding) -> Evidence:
    draft = review.draft_text
    lo, hi = finding.claim_start, finding.claim_end
    if hi <= lo:
        lo, hi = max(0, finding.span_start - CONTEXT_CHARS), min(len(draft), finding.span_end + CONTEXT_CHARS)
    spans = [(finding.span_start, finding.span_end, "citation")]
    if finding.quote_start is not None and finding.quote_end is not None:
        spans.append((finding.quote_start, finding.quote_end, "quote"))
    sentence = marked(draft[lo:hi], lo, spans)
    match: dict[str, Any] | None = finding.match
    snapshot = finding.snapshot
    lang = (translation.get_language() or "en")[:2]
    history = history_view.build(finding, lang)
    form = form_view(finding, style_of(review.matter), lang)
    if not match or snapshot is None:
        return Evidence(sentence=sentence, nearest=_nearest(finding), history=history, form=form)
    start, end = int(match.get("start", 0)), int(match.get("end", 0))
    return Evidence(
        sentence=sentence,
        excerpt=excerpt_around(snapshot.text, start, end) if end > start else [],
        diff=[(str(op), str(words)) for op, words in match.get("diff") or []],
        nearest=_nearest(finding, shown=(start, end)),
        rules=[str(r) for r in match.get("rules") or []],
        similarity=match.get("similarity"),
        unit_label=_unit_at(snapshot.kind, snapshot.units, start),
        history=history,
        form=form,
    )


def _nearest(finding: Finding, shown: tuple[int, int] | None = None) -> list[list[Segment]]:
    """The nearest passages, each once: not the excerpt already shown, not one passage twice."""
    snapshot = finding.snapshot
    if snapshot is None:
        return []
    seen: set[tuple[int, int]] = {shown} if shown is not None else set()
    out = []
    for n in finding.nearest:
        span = (int(n["start"]), int(n["end"]))
        if span in seen or any(a <= span[0] and span[1] <= b for a, b in seen):
            continue
        seen.add(span)
        out.append(excerpt_around(snapshot.text, *span))
        if len(out) == 3:
            break
    return out


def _unit_at(kind: str, units: list[Any], offset: int) -> str:
    """The smallest unit holding the match, said as a lawyer cites it ("paragraph 51 of the judgment",
    "제15조 제1항"); "" when the source has no numbered unit there."""
    best: tuple[Any, str] | None = None
    best_len = None
    for path, label, start, end, _title in units:
        if start <= offset < end and (best_len is None or end - start < best_len):
            best, best_len = (path, label), end - start
    return place_in_source(kind, best[0], best[1]) if best else ""

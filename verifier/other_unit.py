"""Does another unit of the same act (or paragraph of the same judgment) say what the claim says? The
evidence of a wrong pinpoint.

A claim whose words are not in the unit it cites is not, on that alone, wrong: courts and lawyers apply a
provision to facts, interpret it and name it in words of their own. It IS wrong when the act says the
claim's content in another unit — a ② cited for a ①, 제60조 for 제61조 — or when the quoted words stand in
another unit. This module finds that unit, or says there is none:

    other_unit(claim_text, quote, document, cited, cited_coverage, lang=…) -> OtherUnit | None

The search is cheap: the claim's terms (or its quote) are looked for once in the whole act, and only the
few units of the cited one's level that hold most of them are read again, with their lead-ins, as the
cited one was.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from verifier.match.content import content_coverage, term_positions
from verifier.match.fragment import find_quote
from verifier.match.normalized import normalized_source
from verifier.model import MatchEvidence, SourceDocument, SourceUnit
from verifier.pinpoint import Pieces, reading_spans
from verifier.text import normalize

# How much more of the claim's terms another unit must carry than the cited one, and how much at least,
# before it is evidence that the draft cites the wrong unit. A court's application of the cited article to
# its facts shares few terms with any unit; a misplaced pinpoint carries the other unit's own wording.
MARGIN = 0.3
AT_LEAST = 0.75
PREFILTER = 0.6  # the share of the terms a unit must hold (counted in full) to be read again
CANDIDATES = 3  # units read again in full: the search's cost stays a few coverage counts per claim


@dataclass(frozen=True, slots=True)
class OtherUnit:
    """The unit of the act that says what the claim says (or holds its quote)."""

    label: str  # "제60조 제2항", "art. 118", "Article 6(1)(f)", a judgment's paragraph
    cited: str  # the label of the unit the draft cites
    coverage: float  # the share of the claim's terms it carries (1.0 for a quote found verbatim)
    cited_coverage: float
    quote: bool  # the claim's quote is there word for word
    evidence: MatchEvidence | None = None


def other_unit(
    claim_text: str,
    quote: str | None,
    document: SourceDocument,
    cited: SourceUnit,
    cited_coverage: float,
    *,
    lang: str,
) -> OtherUnit | None:
    if not document.units:
        return None
    if quote and quote.strip():
        return _quote_elsewhere(quote, document, cited, cited_coverage)
    if not claim_text.strip():
        return None
    return _content_elsewhere(claim_text, document, cited, cited_coverage, lang=lang)


def _quote_elsewhere(
    quote: str, document: SourceDocument, cited: SourceUnit, cited_coverage: float
) -> OtherUnit | None:
    found = find_quote(quote, normalized_source(document.text))
    if not found.found or found.start is None:
        return None
    unit = _unit_at(document, found.start, len(cited.path))
    if unit is None or _within(unit, cited) or _within(cited, unit):
        return None
    return OtherUnit(unit.label, cited.label, 1.0, cited_coverage, True, found.evidence())


def _content_elsewhere(
    claim_text: str, document: SourceDocument, cited: SourceUnit, cited_coverage: float, *, lang: str
) -> OtherUnit | None:
    best: OtherUnit | None = None
    for unit in _candidates(claim_text, document, cited, lang=lang):
        pieces = Pieces(document.text, reading_spans(document.units, unit))
        there = content_coverage(claim_text, normalize(pieces.text), lang=lang)
        if not there.reached or there.coverage < max(AT_LEAST, cited_coverage + MARGIN):
            continue
        if best is None or there.coverage > best.coverage:
            evidence = there.evidence()
            shifted = pieces.shift(evidence) if evidence is not None else None
            best = OtherUnit(unit.label, cited.label, there.coverage, cited_coverage, False, shifted)
    return best


def _candidates(
    claim_text: str, document: SourceDocument, cited: SourceUnit, *, lang: str
) -> list[SourceUnit]:
    """The few units of the cited one's level (outside it) that hold the most of the claim's terms."""
    every = [sorted(p) for p in term_positions(claim_text, normalized_source(document.text), lang=lang)]
    positions = [p for p in every if p]
    need = max(2, int(len(every) * PREFILTER))  # a unit with fewer of the terms cannot reach the bar
    if len(positions) < need:
        return []
    depth = len(cited.path)
    scored = []
    for unit in document.units:
        if len(unit.path) != depth or _within(unit, cited) or _within(cited, unit):
            continue
        held = sum(
            1
            for p in positions
            if bisect_left(p, unit.start) < len(p) and p[bisect_left(p, unit.start)] < unit.end
        )
        if held:
            scored.append((held, -unit.start, unit))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    return [unit for held, _, unit in scored[:CANDIDATES] if held >= need]


def _unit_at(document: SourceDocument, offset: int, depth: int) -> SourceUnit | None:
    """The deepest unit, no deeper than the cited one, that holds `offset`."""
    holding = [u for u in document.units if u.start <= offset < u.end and len(u.path) <= depth]
    return max(holding, key=lambda u: len(u.path), default=None)


def _within(inner: SourceUnit, outer: SourceUnit) -> bool:
    return inner.path[: len(outer.path)] == outer.path

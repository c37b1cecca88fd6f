"""What a claim states against what the text read for it states: its quantities (`quantities`) and the
polarity of its phrases (`polarity`).

    read_statements(claim_text, source, content, lang=, pinpointed=) -> Statements | None

Read in the pinpointed unit when there is one; otherwise in the best window CONTENT found for the
claim's terms (widened by half its length on each side, so that a number at its edge keeps its
neighbours). Without a pinpoint a whole judgment or act states many numbers, so a different value must
share more neighbours with the claim's before it counts (`WINDOW_SHARED`).
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.match.content import ContentResult
from verifier.match.polarity import PolarityCheck, compare_polarity
from verifier.match.quantities import (
    MIN_SHARED,
    QuantityCheck,
    QuantityDifference,
    compare_quantities,
    quantities_in,
)
from verifier.text import Normalized, normalize

WINDOW_SHARED = 2


@dataclass(frozen=True, slots=True)
class Statements:
    quantities: QuantityCheck
    polarity: PolarityCheck


def _window(source: Normalized, content: ContentResult) -> Normalized | None:
    if content.start is None or content.end is None:
        return None
    pad = (content.end - content.start) // 2
    return normalize(source.original[max(0, content.start - pad) : content.end + pad])


def read_statements(
    claim_text: str, source: Normalized, content: ContentResult, *, lang: str, pinpointed: bool
) -> Statements | None:
    """None when there is nothing to read them in (no pinpoint and none of the claim's terms found)."""
    text = source if pinpointed else _window(source, content)
    if text is None:
        return None
    claim = normalize(claim_text)
    return Statements(
        compare_quantities(claim, text, lang=lang, min_shared=MIN_SHARED if pinpointed else WINDOW_SHARED),
        compare_polarity(claim, text, lang=lang),
    )


ACROSS = frozenset({"en", "pl", "ko"})  # the languages numbers and units are read in


def read_quantities_across(
    claim_text: str, unit: Normalized, *, claim_lang: str, source_lang: str
) -> Statements | None:
    """A claim in another language than the unit it pinpoints ("Under art. 10 § 1 k.c., a person who has
    reached twenty-one years of age is of full age" / "ukończył lat osiemnaście"): its words cannot be
    counted in the unit's, its numbers can — the measures are the same in every language. With no words to
    bind a number to its neighbour, only a measure the claim states once and the unit states with one value
    is compared; anything else is no evidence and is not reported."""
    if claim_lang not in ACROSS or source_lang not in ACROSS:
        return None
    claim = normalize(claim_text)
    ours = [q for q in quantities_in(claim, claim_lang) if not q.alone]
    theirs = quantities_in(unit, source_lang)
    agreed: list[str] = []
    differences: list[QuantityDifference] = []
    for measure in dict.fromkeys(q.measure for q in ours):
        mine = [q for q in ours if q.measure == measure]
        stated = [q for q in theirs if q.measure == measure]
        if len(mine) != 1 or len({q.value for q in stated}) != 1 or any(q.alone for q in stated):
            continue
        said, source = (
            _surface(claim, mine[0].start, mine[0].end),
            _surface(unit, stated[0].start, stated[0].end),
        )
        if mine[0].value == stated[0].value:
            agreed.append(said)
        else:
            differences.append(QuantityDifference(said, source, measure))
    return Statements(QuantityCheck(tuple(agreed), tuple(differences)), PolarityCheck())


def _surface(text: Normalized, start: int, end: int) -> str:
    a, b = text.span_to_original(start, end)
    return " ".join(text.original[a:b].split())


__all__ = ["WINDOW_SHARED", "Statements", "read_quantities_across", "read_statements"]

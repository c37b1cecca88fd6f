"""What a claim states against what the text read for it states: its quantities (`quantities`) and the
polarity of its phrases (`polarity`), issue 15 classes 4 and 5.

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
from verifier.match.quantities import MIN_SHARED, QuantityCheck, compare_quantities
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


__all__ = ["WINDOW_SHARED", "Statements", "read_statements"]

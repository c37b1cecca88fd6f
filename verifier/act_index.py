"""What is read of an act once, not once a claim: a code of a thousand articles is walked for each claim
read against its other units otherwise.

    per_act(document, what, build) -> value   `build()` once per act and `what`, kept for the last acts read
    units_at(document, depth) -> (units, starts)   the act's units of one depth, in order, and their starts

An entry keeps its document beside it, so an id another object reuses is never taken for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from verifier.model import SourceDocument, SourceUnit

_KEPT: dict[tuple[int, str], tuple[SourceDocument, object]] = {}
_MOST = 64  # entries: a review reads a few acts; the corpus's runs a few dozen versions


def per_act[T](document: SourceDocument, what: str, build: Callable[[], T]) -> T:
    kept = _KEPT.get((id(document), what))
    if kept is not None and kept[0] is document:
        return cast(T, kept[1])
    value = build()
    if len(_KEPT) >= _MOST:
        _KEPT.clear()
    _KEPT[(id(document), what)] = (document, value)
    return value


def units_at(document: SourceDocument, depth: int) -> tuple[list[SourceUnit], list[int]]:
    def build() -> tuple[list[SourceUnit], list[int]]:
        units = sorted((u for u in document.units if len(u.path) == depth), key=lambda u: u.start)
        return units, [u.start for u in units]

    return per_act(document, f"units at depth {depth}", build)

"""The month names the engine reads and writes, in one place: Polish dates cite the genitive ("z dnia
5 lipca 2002 r."), a draft sometimes the nominative ("lipiec 2002"); English in the CJEU's and EU's forms."""

from __future__ import annotations

import calendar

EN: tuple[str, ...] = tuple(calendar.month_name[1:])  # January … December (the C locale's, not the machine's)
PL_GENITIVE: tuple[str, ...] = (
    "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca",
    "lipca", "sierpnia", "września", "października", "listopada", "grudnia",
)  # fmt: skip
PL_NOMINATIVE: tuple[str, ...] = (
    "styczeń", "luty", "marzec", "kwiecień", "maj", "czerwiec",
    "lipiec", "sierpień", "wrzesień", "październik", "listopad", "grudzień",
)  # fmt: skip


def number_of(names: tuple[str, ...]) -> dict[str, int]:
    """A table's names (lower case) → 1 … 12."""
    return {name.lower(): n for n, name in enumerate(names, start=1)}

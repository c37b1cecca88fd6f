"""The date a supplied judgment states for itself, against the date the draft gives the same judgment.

A source a user pastes asserts nothing about its metadata (verifier.sources.supplied.uploads), so the anchor
check cannot compare its date. But a pasted judgment says its date in its heading ("Wyrok z dnia 22
października 2019 r.", "2016. 8. 17. 선고", "Judgment of the Court … 22 October 2019"): when that differs from
the draft's date for the judgment, the pasted text may be another decision of the same case, and the
reviewer is told.
"""

from __future__ import annotations

import re
from datetime import date

from django.utils import formats
from django.utils.translation import gettext

HEADING_CHARS = 1500  # the heading of a judgment: where it says its own date

_PL_MONTHS = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
]
_EN_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_PL = re.compile(r"(?:z\s+)?dnia\s+(\d{1,2})\s+(" + "|".join(_PL_MONTHS) + r")\s+(\d{4})", re.IGNORECASE)
_EN = re.compile(r"\b(\d{1,2})\s+(" + "|".join(_EN_MONTHS) + r")\s+(\d{4})\b", re.IGNORECASE)
_KO = re.compile(r"(\d{4})\s*\.\s*(\d{1,2})\s*\.\s*(\d{1,2})\s*\.?\s*선고")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def stated_date(text: str) -> date | None:
    """The first date the judgment's heading states, in Polish, English or Korean form; None: none."""
    head = text[:HEADING_CHARS]
    found: list[tuple[int, date | None]] = []
    for m in _PL.finditer(head):
        found.append((m.start(), _date(m[3], _PL_MONTHS.index(m[2].lower()) + 1, m[1])))
    for m in _EN.finditer(head):
        found.append((m.start(), _date(m[3], _EN_MONTHS.index(m[2].lower()) + 1, m[1])))
    for m in _KO.finditer(head):
        found.append((m.start(), _date(m[1], m[2], m[3])))
    dated = sorted((at, d) for at, d in found if d is not None)
    return dated[0][1] if dated else None


def _date(year: str | int, month: str | int, day: str | int) -> date | None:
    try:
        return date(int(year), int(month), int(day))
    except ValueError:
        return None


def date_mismatch(source_text: str, cited: str | None) -> str:
    """The sentence the evidence view shows when the supplied judgment's own date is not the draft's; ""
    when they agree or either is unknown."""
    if not cited or not (m := _ISO.match(cited)):
        return ""
    draft_date = _date(m[1], m[2], m[3])
    own = stated_date(source_text)
    if draft_date is None or own is None or own == draft_date:
        return ""
    return gettext(
        "The supplied judgment is dated %(own)s, but the draft cites the judgment of %(cited)s: check "
        "that it is the decision the draft means (the date in the draft, or the text supplied, may be wrong)."
    ) % {
        "own": formats.date_format(own, "DATE_FORMAT"),
        "cited": formats.date_format(draft_date, "DATE_FORMAT"),
    }

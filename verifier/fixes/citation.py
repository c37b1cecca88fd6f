"""A citation corrected from the source, in the draft's own way of writing it:

- the pinpoint, where the act (or judgment) says what the claim says in another unit: the cited unit's label
  ("제15조 제1항 제1호", "art. 58 § 2") replaced by that unit's, found in the citation whatever its spacing;
- the date, where the source is dated otherwise: only the day, month or year that differ, written as the
  draft writes them ("2016. 8. 18." → "2016. 8. 17.", "5 lipca 2002" → "5 sierpnia 2002", "05.07.2002");
- the court, where the source is another court's: the draft's name of it replaced by the source's.

Each returns None when the draft's words cannot be found in the citation: nothing is changed by guess.
"""

from __future__ import annotations

import datetime
import re

from verifier.fixes import Fix
from verifier.months import EN, PL_GENITIVE, PL_NOMINATIVE

# A month written as a word, in the forms a date takes in a citation: English, Polish in the genitive
# ("z dnia 5 lipca 2002 r."), and the nominative a draft sometimes writes.
MONTHS: tuple[tuple[str, ...], ...] = (
    tuple(name.lower() for name in EN),
    PL_GENITIVE,
    PL_NOMINATIVE,
)
_WORD = r"[^\W\d_]+"
_DATES = (
    re.compile(r"(?<!\d)(?P<y>\d{4})년\s*(?P<m>\d{1,2})월\s*(?P<d>\d{1,2})일"),
    re.compile(r"(?<!\d)(?P<y>\d{4})\s*[.\-/]\s*(?P<m>\d{1,2})\s*[.\-/]\s*(?P<d>\d{1,2})(?!\d)"),
    re.compile(r"(?<!\d)(?P<d>\d{1,2})\s*[./]\s*(?P<m>\d{1,2})\s*[./]\s*(?P<y>\d{4})(?!\d)"),
    re.compile(rf"(?<!\d)(?P<d>\d{{1,2}})\s+(?P<mw>{_WORD})\s+(?P<y>\d{{4}})(?!\d)"),
    re.compile(rf"(?P<mw>{_WORD})\s+(?P<d>\d{{1,2}}),\s+(?P<y>\d{{4}})(?!\d)"),
)


def label_fix(
    draft: str, span: tuple[int, int], cited: str, unit: str, *, finding: str, why: str
) -> Fix | None:
    """The cited unit's label, inside the citation at `span`, replaced by `unit`."""
    if not cited.strip() or not unit.strip() or cited == unit:
        return None
    start, end = span
    pattern = r"\s*".join(re.escape(piece) for piece in cited.split())
    # not inside a longer number: "제1호" must not be found in "제11호"
    hit = re.search(rf"(?<![\w]){pattern}(?![\d])", draft[start:end])
    if hit is None:
        return None
    return Fix(start + hit.start(), start + hit.end(), unit, finding, why)


def date_fix(
    draft: str,
    span: tuple[int, int],
    claimed: datetime.date,
    resolved: datetime.date,
    *,
    finding: str,
    why: str,
) -> Fix | None:
    """The first date of the citation that reads `claimed`, corrected to `resolved` in the same form."""
    start, end = span
    text = draft[start:end]
    for pattern in _DATES:
        for hit in pattern.finditer(text):
            fields = _fields(hit)
            if fields is None or fields[0] != claimed:
                continue
            changes = _changes(hit, fields[1], resolved)
            if changes is None:
                continue
            if not changes:
                return None
            first, last = changes[0][0], changes[-1][1]
            pieces, cursor = [], first
            for s, e, new in changes:
                pieces += [text[cursor:s], new]
                cursor = e
            pieces.append(text[cursor:last])
            return Fix(start + first, start + last, "".join(pieces), finding, why)
    return None


def court_fix(
    draft: str, span: tuple[int, int], claimed: str, resolved: str, *, finding: str, why: str
) -> Fix | None:
    """The draft's name of the court, inside the citation, replaced by the source's."""
    if not claimed.strip() or not resolved.strip() or claimed == resolved:
        return None
    start, end = span
    at = draft.find(claimed, start, end)
    if at < 0:
        return None
    return Fix(at, at + len(claimed), resolved, finding, why)


def _fields(hit: re.Match[str]) -> tuple[datetime.date, int | None] | None:
    """The date a match reads, and which month table its month word is from (None: a number)."""
    table = None
    if "mw" in hit.groupdict():
        word = hit["mw"].lower()
        table = next((i for i, months in enumerate(MONTHS) if word in months), None)
        if table is None:
            return None
        month = MONTHS[table].index(word) + 1
    else:
        month = int(hit["m"])
    try:
        return datetime.date(int(hit["y"]), month, int(hit["d"])), table
    except ValueError:
        return None


def _changes(
    hit: re.Match[str], table: int | None, resolved: datetime.date
) -> list[tuple[int, int, str]] | None:
    """(start, end, new text) of each field that differs, in text order; a number keeps its width
    ("05" → "07"), a month word its table and capital."""
    out: list[tuple[int, int, str]] = []
    for name in hit.re.groupindex:
        old = hit[name]
        if name == "mw":
            assert table is not None
            new = MONTHS[table][resolved.month - 1]
            new = new.capitalize() if old[:1].isupper() else new
        else:
            value = {"y": resolved.year, "m": resolved.month, "d": resolved.day}[name]
            new = str(value).zfill(len(old)) if old.startswith("0") else str(value)
        if new != old:
            out.append((hit.start(name), hit.end(name), new))
    return sorted(out)

"""The day an act takes effect, read from the act's own final provisions, with where it was read.

    polish_entry(units_text, published=…) -> Dated | None
        "Ustawa wchodzi w życie z dniem 1 października 1990 r."              → 1990-10-01 (art. 16)
        "Ustawa wchodzi w życie po upływie 3 miesięcy od dnia ogłoszenia."   → publication + 3 months + 1 day
        "Ustawa wchodzi w życie z dniem ogłoszenia."                         → the day of publication
    eu_application(text) -> Dated | None      "It shall apply from 25 May 2018."  (Article 99(2) GDPR)
    eu_entry(text, published) -> Dated | None "… enter into force on the twentieth day following that of its
                                               publication in the Official Journal …"

The offline histories (`local_history_pl`, `local_history_eu`) place an act on the timeline with these; where
the text does not say (k.c. takes effect by a separate act, the Przepisy wprowadzające), the caller gives a
recorded date and says where it was recorded. A day counted from publication follows art. 112 k.c.: a period
in months ends on the day of the month matching the day of publication (the last day of a shorter month),
and the act is in force from the day after.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

from verifier.months import EN, PL_GENITIVE, number_of
from verifier.sources.units import clean_space

_PL_MONTHS = number_of(PL_GENITIVE)
_EN_MONTHS = number_of(EN)
_ORDINALS = {"tenth": 10, "twentieth": 20, "third": 3, "first": 1, "fifth": 5}
_NUMBERS = {"jednego": 1, "dwóch": 2, "trzech": 3, "sześciu": 6, "czternastu": 14, "trzydziestu": 30}


@dataclass(frozen=True, slots=True)
class Dated:
    """A day an act takes effect (or applies), and what says so."""

    day: str  # ISO
    said_by: str  # the provision that says it, as the act prints it: "art. 16", "Article 99(2)"
    sentence: str  # the provision's words, for the reviewer to read
    published: str | None = None  # the day of publication the day is counted from, when it is counted


_PL_DAY = re.compile(
    r"(?:Ustawa|Kodeks|Rozporządzenie)[^.]{0,40}?wchodzi w życie z dniem (\d{1,2}) ([a-zźśżęąółń]+) (\d{4}) r"
)
_PL_AFTER = re.compile(
    r"(?:Ustawa|Kodeks)[^.]{0,40}?wchodzi w życie po upływie (\d+|[a-ząćęłńóśźż]+) "
    r"(miesięcy|miesiąca|dni|dnia) od dnia (?:jej |jego )?ogłoszenia"
)
_PL_ON_PUBLICATION = re.compile(r"(?:Ustawa|Kodeks)[^.]{0,40}?wchodzi w życie z dniem ogłoszenia")


def polish_entry(articles: list[tuple[str, str]], *, published: str | None = None) -> Dated | None:
    """`articles`: (label, text) of the act's articles, last ones first is fine. The first that says when
    the act (not a part of it) takes effect, read as a day; None when none says it, or when the day is
    counted from a publication day that is not known."""
    for label, text in articles:
        body = clean_space(text)
        if m := _PL_DAY.search(body):
            month = _PL_MONTHS.get(m.group(2))
            if month:
                day = dt.date(int(m.group(3)), month, int(m.group(1))).isoformat()
                return Dated(day, label, _sentence(body, m.start()))
        if (m := _PL_AFTER.search(body)) and published:
            count = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS.get(m.group(1))
            if count is None:
                continue
            start = dt.date.fromisoformat(published)
            if m.group(2).startswith("miesi"):
                last = _add_months(start, count)
            else:
                last = start + dt.timedelta(days=count)
            day = (last + dt.timedelta(days=1)).isoformat()
            return Dated(day, label, _sentence(body, m.start()), published)
        if (m := _PL_ON_PUBLICATION.search(body)) and published:
            return Dated(published, label, _sentence(body, m.start()), published)
    return None


def _add_months(day: dt.date, months: int) -> dt.date:
    """The day `months` months after `day`: the same day of the month, or the month's last (art. 112 k.c.)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


_EU_APPLY = re.compile(r"(?:It|This Regulation) shall apply from (\d{1,2}) ([A-Z][a-z]+) (\d{4})")
_EU_ENTRY = re.compile(
    r"This (?:Regulation|Directive|Decision) shall enter into force on the (\w+) day following that of its "
    r"publication in the Official Journal"
)
_EU_ENTRY_DAY = re.compile(
    r"This (?:Regulation|Directive|Decision) shall enter into force on (\d{1,2}) ([A-Z][a-z]+) (\d{4})"
)


def eu_application(text: str, article: str) -> Dated | None:
    """The day from which an EU act applies, as its final article says ("It shall apply from …")."""
    body = clean_space(text)
    if m := _EU_APPLY.search(body):
        month = _EN_MONTHS.get(m.group(2).lower())
        if month:
            day = dt.date(int(m.group(3)), month, int(m.group(1))).isoformat()
            return Dated(day, article, _sentence(body, m.start()))
    return None


def eu_entry(text: str, article: str, *, published: str | None) -> Dated | None:
    """The day an EU act enters into force, as its final article says: a day, or the n-th day following
    its publication in the Official Journal (counted from `published`, when known)."""
    body = clean_space(text)
    if m := _EU_ENTRY_DAY.search(body):
        month = _EN_MONTHS.get(m.group(2).lower())
        if month:
            day = dt.date(int(m.group(3)), month, int(m.group(1))).isoformat()
            return Dated(day, article, _sentence(body, m.start()))
    if (m := _EU_ENTRY.search(body)) and published and (nth := _ORDINALS.get(m.group(1).lower())):
        day = (dt.date.fromisoformat(published) + dt.timedelta(days=nth)).isoformat()
        return Dated(day, article, _sentence(body, m.start()), published)
    return None


def _sentence(body: str, start: int) -> str:
    end = body.find(".", start)
    return body[start : end + 1 if end >= 0 else len(body)]

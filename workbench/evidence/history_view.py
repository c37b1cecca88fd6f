"""What the evidence view shows of a finding's version and treatment check ("is it still good
law?"): the cited provision's versions as a small timeline (dates, the one in force on the review's date
marked, whether the draft's wording matches each), the "version not checked: …" note when the history could
not be had, and a judgment's later treatment (number, court, date, kind, the sentence that says so, a link)
with what was scanned. Plain strings for the template, which escapes all of them: excerpts are source text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from verifier.model import HistoryCheck, TreatmentKind, VersionPeriod
from workbench.models import Finding
from workbench.reasons import in_words
from workbench.templatetags.workbench_tags import http_url

TREATMENT_WORDS: dict[str, Promise] = {
    TreatmentKind.OVERRULED: gettext_lazy("overruled: its view was expressly changed"),
    TreatmentKind.NEGATIVE: gettext_lazy("negative treatment: set aside, departed from or changed in part"),
    TreatmentKind.CITED: gettext_lazy("cited"),
}


@dataclass(frozen=True)
class Period:
    label: str
    dates: str  # "2020-08-05 – 2023-09-14" / "since 2023-09-15"
    checked: bool  # in force on the review's date: the one checked
    match: str  # "yes" | "no" | "" (not compared)
    match_words: str
    excerpt: str


@dataclass(frozen=True)
class Later:
    number: str
    court: str
    date: str
    kind: str
    kind_words: str
    full_bench: bool
    excerpt: str
    url: str  # only http(s), else ""


@dataclass(frozen=True)
class HistoryView:
    as_of: str
    checked: bool
    note: str  # the sentence the reviewer must read, in the reader's language ("" when none)
    periods: list[Period]
    treatment: list[Later]
    scanned: str
    checked_label: str  # the checked version's label, for the summary line ("" when none was)


def _last_day(end: str) -> str:
    """A period's `end` is the first day it no longer applies; a person reads the last day it did."""
    try:
        return (date.fromisoformat(end) - timedelta(days=1)).isoformat()
    except ValueError:
        return end


def _dates(period: VersionPeriod) -> str:
    if period.end is None:
        return _("since %(start)s") % {"start": period.start}
    return f"{period.start} – {_last_day(period.end)}"


def _match(period: VersionPeriod) -> tuple[str, str]:
    if period.matches is True:
        return "yes", _("the draft's wording matches this version")
    if period.matches is False:
        return "no", _("the draft's wording does not match this version")
    return "", _("not compared with the draft")


def _period(period: VersionPeriod) -> Period:
    match, words = _match(period)
    return Period(
        label=period.label,
        dates=_dates(period),
        checked=period.checked,
        match=match,
        match_words=words,
        excerpt=period.excerpt,
    )


def build(finding: Finding, lang: str) -> HistoryView | None:
    """The finding's version/treatment check to show in `lang`; None when the claim has none."""
    if not finding.history:
        return None
    history = HistoryCheck.from_json(finding.history)
    checked = history.checked_period
    return HistoryView(
        as_of=history.as_of,
        checked=history.checked,
        note=in_words(history.note).render(lang) if history.note is not None else "",
        periods=[_period(p) for p in history.timeline],
        treatment=[
            Later(
                number=t.number,
                court=t.court,
                date=t.date or "",
                kind=t.kind,
                kind_words=str(TREATMENT_WORDS.get(t.kind, t.kind)),
                full_bench=t.full_bench,
                excerpt=t.excerpt,
                url=http_url(t.url),
            )
            for t in history.treatment
        ],
        scanned=in_words(history.scanned).render(lang) if history.scanned is not None else "",
        checked_label=checked.label if checked is not None else "",
    )

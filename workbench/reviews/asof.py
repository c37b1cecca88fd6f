"""The review's as-of date: the day the law is checked on — the date of the facts, of the contract
or of the filing. What a plausible date is, said once for the form and the service."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _

# Before this no cited statute of the three jurisdictions has a version to check (the oldest in force, the
# Polish k.c., is of 1964; Korean statutes from 1948); a date before it is a typing slip (0215-03-01).
EARLIEST = date(1900, 1, 1)
# Not after today, as `manage.py verify --as-of` refuses it too: the law of a day to come is not known yet
# (what is promulgated and scheduled shows in the timeline, never as the law of the review's date).


def as_of_problem(value: date) -> str:
    """Why `value` is not a plausible as-of date, in the reader's language; "" when it is."""
    if value < EARLIEST:
        return _("The date %(date)s is before %(earliest)s: check the year.") % {
            "date": value.isoformat(),
            "earliest": EARLIEST.isoformat(),
        }
    today = timezone.localdate()
    if value > today:
        return _(
            "The date %(date)s is after today (%(today)s): the law of a day to come is not known yet."
        ) % {
            "date": value.isoformat(),
            "today": today.isoformat(),
        }
    return ""

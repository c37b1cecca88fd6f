"""What blocks sign-off, as a predicate and as a query (an open or rejected 🔴/⛔ until a partner overrides
it; a 🟡/🟠 until a partner approves it — a pass only against a supplied source is a 🟡, approved with a
written reason), for `services.blockers`, filters and counts that must not load every finding to ask it."""

from __future__ import annotations

from django.db.models import Q

from verifier.model import HARD_BLOCKS, Status

HARD = tuple(sorted(s.value for s in HARD_BLOCKS))
JUDGED = (Status.MODIFIED.value, Status.NEEDS_JUDGEMENT.value, Status.CALIBRATION.value)
YELLOW = (Status.MODIFIED.value, Status.NEEDS_JUDGEMENT.value)


def is_blocking(status: str, state: str) -> bool:
    if status in HARD:
        return state != "overridden"
    if status in JUDGED:
        return state != "approved"
    return False


def blocking_q(prefix: str = "") -> Q:
    """The rule as a filter on findings (`prefix` for a join, e.g. "findings__")."""
    return (Q(**{f"{prefix}status__in": HARD}) & ~Q(**{f"{prefix}state": "overridden"})) | (
        Q(**{f"{prefix}status__in": JUDGED}) & ~Q(**{f"{prefix}state": "approved"})
    )

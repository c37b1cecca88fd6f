"""The review page's state, all of it in the URL so that a link or a reload shows the same thing: filters
(status, jurisdiction, claim type, only what blocks), the sort, the view (table, document, or both side by
side) and the finding whose evidence is open. Also which finding comes next when one is decided."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.db.models import QuerySet
from django.utils import timezone

from verifier.model import ClaimType, Jurisdiction, Status
from workbench.models import Finding, Review
from workbench.reviews.blocking import blocking_q
from workbench.reviews.permissions import PARTNER

FILTERS = ("status", "jurisdiction", "claim_type")
VIEWS = ("table", "document", "both")
VALID = {
    "status": {s.value for s in Status},
    "jurisdiction": {j.value for j in Jurisdiction},
    "claim_type": {c.value for c in ClaimType},
}
# What the URL may carry, in the order it is written back.
KEPT = ("status", "jurisdiction", "claim_type", "blocking", "sort", "view")


@dataclass(frozen=True)
class Choice:
    """The page's settings as read from the query string; unknown values are dropped, never echoed."""

    values: dict[str, str]

    @classmethod
    def from_query(cls, params: Any) -> Choice:
        values: dict[str, str] = {}
        for name in FILTERS:
            value = params.get(name, "")
            if value in VALID[name]:
                values[name] = value
        if params.get("blocking") == "1":
            values["blocking"] = "1"
        if params.get("sort") == "risk":
            values["sort"] = "risk"
        if params.get("view") in ("document", "both"):
            values["view"] = params["view"]
        return cls(values)

    @property
    def view(self) -> str:
        return self.values.get("view", "table")

    @property
    def blocking(self) -> bool:
        return "blocking" in self.values

    def get(self, name: str) -> str:
        return self.values.get(name, "")

    def query(self, **changes: str | None) -> str:
        """This page's query string with some settings changed (None removes one)."""
        values = dict(self.values)
        for name, value in changes.items():
            if value is None or value == "":
                values.pop(name, None)
            else:
                values[name] = value
        return urlencode([(k, values[k]) for k in KEPT if k in values])

    def filter(self, findings: QuerySet[Finding]) -> QuerySet[Finding]:
        for name in FILTERS:
            if name in self.values:
                findings = findings.filter(**{name: self.values[name]})
        if self.blocking:
            findings = findings.filter(blocking_q())
        if self.get("sort") == "risk":
            return findings.order_by("risk", "ordinal")
        return findings.order_by("ordinal")


def poll_delay_ms(review: Review, now: datetime | None = None) -> int:
    """How soon the page asks again while the review runs: often in the first seconds, when the first
    findings come in (the worker answers from its cache within a second), then every 2 s."""
    started = review.dispatched_at or review.created_at
    elapsed = ((now or timezone.now()) - started).total_seconds()
    return 300 if elapsed < 6 else 2000


def needs_work(finding: Finding, role: str | None) -> bool:
    """What is still open for this reader: a partner decides whatever blocks sign-off; an associate works
    what blocks and has no proposal yet."""
    from workbench.reviews.blocking import is_blocking

    if not is_blocking(finding.status, finding.state):
        return False
    return role == PARTNER or finding.state == Finding.State.OPEN


def next_open(review: Review, after: Finding, role: str | None) -> Finding | None:
    """The next finding in draft order (wrapping round) still open for this reader, or None."""
    candidates = list(
        review.findings.filter(version=review.version)
        .filter(blocking_q())
        .exclude(pk=after.pk)
        .only("pk", "ordinal", "status", "state")
        .order_by("ordinal")
    )
    later = [f for f in candidates if f.ordinal > after.ordinal] + [
        f for f in candidates if f.ordinal < after.ordinal
    ]
    return next((f for f in later if needs_work(f, role)), None)

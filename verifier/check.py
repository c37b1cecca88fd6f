"""The per-claim step every runner takes: the claim's history as of the review's date, then measure → decide →
the Finding. The CLI (`pipeline.verify_document`), the worker's batches, the worker's ⛔ endings and the
services that check a finding again (a supplied source, a search result chosen) all call `check_claim`.

    check_claim(claim, resolution, *, finding_id, lang, as_of, history) -> Finding

`history` answers `lookup(claim, resolution, as_of=…)`: a `HistoryLookup` (asks the clients, or reads the
store they fill), or `Remembered` around one, which keeps the answers of the fetch phase so that the check
does not ask again.
"""

from __future__ import annotations

import datetime as dt
import threading
from typing import Protocol

from verifier.history.lookup import HistoryMeasure
from verifier.model import Claim, Finding, Resolution
from verifier.verify import verify_claim


class History(Protocol):
    """The history clients as a run uses them (`HistoryLookup`)."""

    def lookup(self, claim: Claim, resolution: Resolution | None, *, as_of: str) -> HistoryMeasure | None: ...

    def ahead(self, claim: Claim) -> None: ...


def check_claim(
    claim: Claim,
    resolution: Resolution | None,
    *,
    finding_id: str,
    lang: str,
    as_of: str | None = None,
    history: History | None = None,
) -> Finding:
    """The verdict on one claim as of `as_of` (ISO; None: today). `resolution` is what the claim is checked
    against (already narrowed to a supplied source where one serves it); `history` None: not asked."""
    day = as_of or dt.date.today().isoformat()
    measured = history.lookup(claim, resolution, as_of=day) if history is not None else None
    return verify_claim(claim, resolution, finding_id=finding_id, lang=lang, as_of=day, history=measured)


class Remembered:
    """A history lookup whose answers are kept for the run: the fetch phase asks (beside the source), the
    check reads the same answer back. Keyed by the claim object and the day: a run's claims live as long as
    the run."""

    def __init__(self, inner: History) -> None:
        self.inner = inner
        self._answers: dict[tuple[int, str], HistoryMeasure | None] = {}
        self._lock = threading.Lock()

    def lookup(self, claim: Claim, resolution: Resolution | None, *, as_of: str) -> HistoryMeasure | None:
        key = (id(claim), as_of)
        with self._lock:
            if key in self._answers:
                return self._answers[key]
        answer = self.inner.lookup(claim, resolution, as_of=as_of)
        with self._lock:
            self._answers[key] = answer
        return answer

    def ahead(self, claim: Claim) -> None:
        self.inner.ahead(claim)

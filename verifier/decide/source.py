"""Rows of the source itself: a source that could not be obtained, and the notes every finding on a
source carries."""

from __future__ import annotations

from verifier.decide.decision import Decision, make
from verifier.measurement import Measurement
from verifier.model import Cause, Kind, Level, Misconfigured, NotFound, Status, Unavailable
from verifier.rationales import Message

_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})
_FOR_NOW = frozenset(
    {Cause.TIMED_OUT, Cause.UNREACHABLE, Cause.RATE_LIMITED, Cause.SERVICE_DOWN, Cause.UPSTREAM_ERROR}
)


def no_document(m: Measurement) -> Decision:
    failure = m.failure
    required = m.required
    if isinstance(failure, NotFound):
        key = "not_found_law" if m.claim.citation.kind in _STATUTE_KINDS else "not_found"
        return make(Status.UNVERIFIED, required, Level.NONE, key, {"reason": failure.reason})
    if isinstance(failure, Unavailable | Misconfigured) and failure.cause is Cause.LOCAL_ONLY:
        # the mode is the reason: name the source once instead of repeating "local-only mode: … not looked up"
        return make(Status.NO_SOURCE, required, Level.NONE, "local_only", {"anchor": failure.key})
    reason = failure.reason if failure is not None else "the source was not resolved"
    # the service failed for now (a timeout, an error page, the breaker, the review's time budget): the
    # lawyer's first step is the retry, not hunting for the document
    key = "no_source_retry" if isinstance(failure, Unavailable) and failure.cause in _FOR_NOW else "no_source"
    return make(Status.NO_SOURCE, required, Level.NONE, key, {"reason": reason})


def source_notes(m: Measurement) -> tuple[Message, ...]:
    notes = tuple(Message("anchor_issue", {"issue": issue}) for issue in (m.anchor.soft if m.anchor else ()))
    if m.no_structure:
        notes += (Message("no_structure"),)
    return notes

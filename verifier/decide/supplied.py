"""A source a user supplied: evidence, not authority.

A text a user pasted or uploaded can show that the draft's words are in it, never that the law says them:
at most 🟡 needs_judgement, a partner confirms it. The same claim was measured against the official source
too (`Measurement.official`); where that source answered and blocks it or words it otherwise, the finding
says so and stays blocked until a partner approves it with a written reason, as where the official source
could not be had at all. What fails against the supplied text keeps its status, saying what it was read in.
"""

from __future__ import annotations

from collections.abc import Callable

from verifier.decide.decision import Decision, make
from verifier.measurement import Measurement
from verifier.model import OFFICIAL_PASSES, NotFound, Status
from verifier.provenance import provenance_message
from verifier.rationales import Message

_PASSES = frozenset({Status.VERIFIED, Status.MODIFIED, Status.NEEDS_JUDGEMENT})


def cap_supplied(m: Measurement, decision: Decision, decide: Callable[[Measurement], Decision]) -> Decision:
    """The cap on what the rows decided; `decide` decides the claim measured against the official source."""
    assert m.provenance is not None
    source = provenance_message(m.provenance)
    official = decide(m.official) if m.official is not None else None
    official_status = official.status if official is not None else Status.NO_SOURCE
    official_reason: Message = (
        official.reason if official is not None else Message("no_source", {"reason": "not looked up"})
    )
    if decision.status not in _PASSES:
        notes = (*decision.notes, Message("supplied_checked", {"source": source}))
        if official_status is not decision.status and official is not None:
            notes += (Message("supplied_official_passes", {"official": official_reason}),)
        return make(
            decision.status,
            decision.required,
            decision.achieved,
            decision.reason.key,
            decision.reason.values,
            notes=notes,
            match=decision.match,
            nearest=decision.nearest,
            coverage=decision.coverage,
            official=official_status,
        )
    answered = m.official is not None and (
        m.official.document is not None or isinstance(m.official.failure, NotFound)
    )
    if official_status in OFFICIAL_PASSES:
        key = "supplied_official_agrees"
    elif answered:
        key = "supplied_official_disagrees"  # the article is absent there, or its wording differs
    else:
        key = "supplied_no_official"
    return make(
        Status.NEEDS_JUDGEMENT,
        decision.required,
        decision.achieved,
        key,
        {"source": source, "reason": decision.reason, "official": official_reason},
        notes=decision.notes,
        match=decision.match,
        coverage=decision.coverage,
        official=official_status,
    )

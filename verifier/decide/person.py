"""Rows that hand a verdict to a person (🟡): a block that the unit's cross-reference explains, a pass
that the parties do not support."""

from __future__ import annotations

from verifier.decide.decision import Decision, make
from verifier.measurement import Measurement
from verifier.model import Level, Status


def read_with_references(m: Measurement, decision: Decision) -> Decision:
    """A claim the unit does not carry alone, but does with the units it refers to ("§ 1 pkt 2"): not a 🔴 for
    words the cross-reference supplies, and not a pass on another unit's words either — a person reads them
    together (🟡, naming the units)."""
    again = m.referenced
    if not decision.key_is("not_in_these_words") or again is None or again.content is None:
        return decision
    if not again.content.reached or m.referenced_numbers_missing:
        return decision  # a cross-reference supplies words, never a number the units do not have
    return make(
        Status.NEEDS_JUDGEMENT,
        decision.required,
        Level.CONTENT,
        "content_with_reference",
        {"units": ", ".join(m.referenced_units), "pct": round(again.content.coverage * 100)},
        notes=decision.notes,
        match=again.content_evidence,
        coverage=again.content.coverage,
    )


def uncertain_parties(m: Measurement, decision: Decision) -> Decision:
    """The party guard's soft band (Jaccard 0.30–0.50, or one name per side and they differ): the parties are
    neither the source's nor clearly another case's — never 🟢, never 🔴: a person confirms the case."""
    if decision.status is not Status.VERIFIED or m.anchor is None:
        return decision
    soft = [issue for issue in m.anchor.soft if issue.field == "parties"]
    if not soft:
        return decision
    return make(
        Status.NEEDS_JUDGEMENT,
        decision.required,
        decision.achieved,
        "parties_uncertain",
        {"issue": soft[0]},
        notes=tuple(n for n in decision.notes if n.values.get("issue") is not soft[0]),
        match=decision.match,
        coverage=decision.coverage,
    )

"""Numbers, polarity, modality and legal effect: what the text read for a claim states otherwise.

Only when the claim's terms are there and no quote of it was found: a claim about something else has no
business with the unit's numbers. About a statute a number or a phrase stated otherwise is evidence (🔴
naming both); about a judgment it is a note for a person (a court restates, quotes the parties, weighs).
"""

from __future__ import annotations

from dataclasses import replace

from verifier.measurement import Measurement, Reading
from verifier.model import Kind
from verifier.rationales import Message

_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})


def stated_otherwise(m: Measurement, reading: Reading) -> tuple[Message | None, list[Message]]:
    """The text read for a claim about a statute states one of the claim's numbers with another value
    ("the draft says 48 hours; Article 33(1) GDPR says 72 hours"), or one of its phrases only the other way
    round ("affects" / "shall not affect", "zawiesza" / "przerywa"): the reason for a 🔴 naming both. About a
    judgment the same signal is a note and the finding stays for a person (a court restates, quotes the
    parties and weighs; its text states numbers and negations that are not its holding), never 🟢. A number
    the text does not bind to the same thing is a note either way. Only when the claim's terms are there and
    no quote of it was found: a claim about something else has no business with the unit's numbers. A claim
    about the very unit it pinpoints needs fewer of its terms there (`ON_THE_UNIT`): its own words for the
    rest are no evidence either way, but a number or a negation the unit states otherwise is."""
    statements, fragment = reading.statements, reading.fragment
    if statements is None:
        return None, []
    quoted = fragment is not None and fragment.found
    if not quoted and not reading.cross_language and not _on_the_unit(reading):
        return None, []
    assert m.document is not None
    where = m.claim.citation.text
    statute = m.document.kind in _STATUTE_KINDS
    notes: list[Message] = []
    quantities, polarity = statements.quantities, statements.polarity
    if quoted:
        # the quote found puts the sentence on the unit: what it says around the quote is still compared,
        # but only its phrases the unit states the other way round (its numbers may be the court's own)
        quantities = replace(quantities, differences=(), unbound=(), unstated=())
    if quantities.differences:
        pairs = tuple(
            Message("quantity_pair", {"draft": d.draft, "source": d.source, "where": where})
            for d in quantities.differences
        )
        if statute and _older_wording(m):
            # the text judged is not known to be the wording in force on the review's date (art. 118 k.c.:
            # "lat dziesięć" in the 1964 wording held, "sześć lat" since 2018): a number of the draft that
            # differs from it may be the law in force; a person checks it in the text in force, and nothing
            # advises "correct it to the source"
            notes.append(Message("quantity_older_wording", {"pairs": pairs}))
        elif statute:
            return Message("quantity_differs", {"pairs": pairs}), notes
        else:
            notes.append(Message("quantity_differs_note", {"pairs": pairs}))
    if polarity.reversals:
        pairs = tuple(
            Message("polarity_pair", {"draft": r.draft, "source": r.source, "where": where})
            for r in polarity.reversals
        )
        # a negation beside a condition or an exception ("is not lawful unless" / "shall be lawful only if")
        # may say the same in other words: not safe enough to block
        certain = [r for r in polarity.reversals if not r.conditional]
        if statute and certain:
            blocking = tuple(
                pair for pair, r in zip(pairs, polarity.reversals, strict=True) if not r.conditional
            )
            return Message(f"polarity_{certain[0].kind}", {"pairs": blocking}), notes
        notes.append(Message("polarity_note" if not statute else "polarity_conditional", {"pairs": pairs}))
    unchecked = quantities.unbound + quantities.unstated
    if unchecked:
        notes.append(Message("quantity_unchecked", {"values": ", ".join(unchecked)}))
    return None, notes


def _older_wording(m: Measurement) -> bool:
    """The review asked the law as of a date, and the history says the unit then read otherwise than the
    text judged, or could only answer from versions held offline for a text that is an original wording
    (a Polish act as first published: the amending acts held end years before the date asked)."""
    history, document = m.history, m.document
    if history is None or document is None:
        return False
    return history.today_differs or (history.recorded and document.meta.get("consolidated") == "no")


# The share of the claim's terms that makes a claim about a pinpointed unit one whose numbers and phrases the
# unit can contradict, though the claim says the rest in its own words (below the CONTENT threshold).
ON_THE_UNIT = 0.5


def _on_the_unit(reading: Reading) -> bool:
    content = reading.content
    if content is None:
        return False
    return content.reached or (reading.pinpointed and content.coverage >= ON_THE_UNIT)

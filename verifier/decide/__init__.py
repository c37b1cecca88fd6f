"""The decision step: from what was measured about a claim (`verifier.measurement.Measurement`) to its
status, achieved level, rationale, notes and the evidence shown. No module outside this package sets a
status (tests/test_architecture.py asserts it).

THE PRINCIPLE. A 🔴 (unverified, a hard block) rests on evidence that the draft is wrong: the anchor does
not exist or does not match (number, date, court, party); the quoted words are not in the source; the
source states the claim's number, polarity, modality or legal effect otherwise; the cited unit does not
exist; the cited judgment is about something else; the law as of the review's date says otherwise. Every
reason a 🔴 may carry names its evidence in `decision.BLOCK_EVIDENCE`, and a 🔴 with any other reason
cannot be built. A fetch failure is never a 🔴 (⛔: our failure is not the author's hallucination).

HOW THE ROWS COMBINE, in this order:
1. `table.table`: the rows of the source, the anchor, the cited unit, the topic and the levels reached in
   the text read for the claim (`reading`); the first row that applies decides: the verdict on today's text.
2. `person.read_with_references`: a 🔴 for words the unit's cross-reference supplies becomes 🟡 (a person
   reads the units together); `person.uncertain_parties`: a 🟢 whose parties are in the party guard's soft
   band becomes 🟡.
3. `as_of.still_good_law`: the law as of the review's date may explain a block on today's text (the quote
   is the as-of wording: a pass), block (another version's meaning, a repealed unit, an overruled
   judgment) or soften; else it adds a note. It never lifts a block it does not explain.
   `not_named`: a block on the text checked becomes 🟡 when the draft did not name that text: it cites the
   former act ("구 민법 제996조"), or a bare 제N조 was read with an act named in another clause.
4. `supplied.cap_supplied`: a source a user supplied caps the result at 🟡, the official status beside it.
Each step receives the decision of the step before and returns it, changed or not.
"""

from __future__ import annotations

from verifier.decide.as_of import still_good_law
from verifier.decide.decision import BLOCK_EVIDENCE, Decision
from verifier.decide.not_named import former_wording, inferred_law
from verifier.decide.person import read_with_references, uncertain_parties
from verifier.decide.supplied import cap_supplied
from verifier.decide.table import table
from verifier.measurement import Measurement

LANGS = ("en", "pl", "ko")


def decide(m: Measurement) -> Decision:
    """The status of one measured claim: the table, then the steps after it (see the module's docstring)."""
    decision = table(m)
    decision = read_with_references(m, decision)
    decision = uncertain_parties(m, decision)
    decision = still_good_law(m, decision)
    decision = former_wording(m, decision)
    decision = inferred_law(m, decision)
    if m.provenance is not None and not m.provenance.official:
        return cap_supplied(m, decision, decide)
    return decision


__all__ = ["BLOCK_EVIDENCE", "LANGS", "Decision", "decide"]

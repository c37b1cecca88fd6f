"""Blocks on a text the draft did not name: no evidence against it.

    former_wording(m, decision) -> Decision   "구 민법 제996조": the former act, an earlier wording
    inferred_law(m, decision) -> Decision     "형법 제30조는 누락하고, 무등록행위(제28조 제1항)": a bare
                                              제N조 read with an act named in another clause

A block that rests on the text checked (`as_of.TODAY_ONLY`: the quote is not in it, it has no such
paragraph, another unit of it uses the words) says nothing of a claim about another text. A draft that cites
the former act told us it does not mean the wording in force on the review's date (the versions of that date
are not its either); a bare article the reader of the draft would read with another act than the one named
before it was never said to be that act's. Such a block becomes 🟡, its reason kept beside it, and the reader
checks the claim against the version or the act it means. A bare article in a list right after a named one
("주택임대차보호법 제8조, 제3조") is that act's: its blocks stand; so does an article number the act does not
have at all, cited as the former act's (`_NUMBER_KEPT`).
"""

from __future__ import annotations

from verifier.decide.as_of import TODAY_ONLY
from verifier.decide.decision import Decision, restate
from verifier.measurement import Measurement
from verifier.model import Status
from verifier.rationales import Message

# A Korean act keeps the number of an article it deletes ("제996조 삭제 <1990. 1. 13.>"), so an article number
# beyond the act was no article of its earlier wordings either. Only a whole re-enactment (전부개정)
# renumbers: a former wording of a re-enacted act cited by an article beyond the new act's stays 🔴 here, and
# the 연혁 (`as_of`) or a person lifts it
_NUMBER_KEPT = frozenset({"article_missing"})
_READ = Status.NEEDS_JUDGEMENT  # 🟡: a person reads the claim against the text it means

# the rows of the law as of the review's date, which is not the date of the wording a 구 citation means
_VERSION_ROWS = frozenset({"version_gone", "version_gone_cited", "version_not_yet", "version_other_differs"})


def former_wording(m: Measurement, d: Decision) -> Decision:
    """🟡 for a block on the text in force (or on the versions of that date) when the draft cites the
    former act."""
    if not m.claim.former_wording or d.status is not Status.UNVERIFIED:
        return d
    if d.reason.key not in (TODAY_ONLY | _VERSION_ROWS) - _NUMBER_KEPT:
        return d
    return _read_by_a_person(d, Message("former_wording", {"cited": m.claim.citation.text}))


def inferred_law(m: Measurement, d: Decision) -> Decision:
    """🟡 for a block on the text of an act the draft did not name for a bare article."""
    if not m.claim.law_inferred or d.status is not Status.UNVERIFIED or d.reason.key not in TODAY_ONLY:
        return d
    anchor = m.claim.citation.anchor
    law = anchor.law if anchor is not None and anchor.law else ""
    return _read_by_a_person(d, Message("inferred_law", {"cited": m.claim.citation.text, "law": law}))


def _read_by_a_person(d: Decision, reason: Message) -> Decision:
    return restate(d, status=_READ, reason=reason, notes=(d.reason, *d.notes))

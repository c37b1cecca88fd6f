"""The decision record, and the one constructor of a status.

A 🔴 (unverified: a hard block) must rest on evidence that the draft is wrong. Every reason a 🔴
may carry is a key of `BLOCK_EVIDENCE`, which says the evidence it rests on; `make` refuses a 🔴
with any other reason, so that a new row cannot block on "few of the source's words" without saying
why that is evidence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from verifier.model import Level, MatchEvidence, Status
from verifier.rationales import Message

# The evidence each 🔴 reason rests on. A row that blocks names one of these.
BLOCK_EVIDENCE: dict[str, str] = {
    "not_found": "the database that holds such judgments answered that no judgment has this number",
    "not_found_law": "the database of acts answered that no act has this name or number",
    "anchor_mismatch": "the source's number, date, court or parties differ from the draft's",
    "article_missing": "the act has no such article",
    "paragraph_missing": "the article has no such paragraph",
    "item_missing": "the paragraph has no such item",
    "subitem_missing": "the item has no such sub-item",
    "sentence_missing": "the cited unit has fewer sentences than the one the draft names",
    "proviso_missing": "the cited article has no proviso (다만 …), so neither 본문 nor 단서 of it exists",
    "precedent_topic_mismatch": "the judgment's headnote is about another subject than the holding claimed",
    "topic_mismatch": "the judgment is about another subject than the holding claimed",
    "absent": "the quoted words are not in the source, and no passage of it is like them",
    "absent_meaning": "the source's nearest wording differs in a number, a negation or a legal effect",
    "also_quoted_meaning": "another quote the sentence gives the cited unit is the unit's wording with a "
    "number, a negation or a legal effect turned",
    "restated_otherwise": "a clause of the cited unit, restated nearly word for word, has a negation, a "
    "number or a legal effect turned",
    "quantity_differs": "the source states the claim's number with another value for the same thing",
    "polarity_negation": "the source states the claim's phrase only negated (or the claim negates it)",
    "polarity_modality": "the source states the claim's obligation or permission the other way round",
    "polarity_opposite": "the source gives the claim's act the opposite legal effect",
    "wrong_pinpoint": "another unit of the same act says what the claim says; the cited unit does not",
    "wrong_paragraph": "another paragraph of the judgment says what the claim says; the cited one does not",
    "restated_in_other_unit": "the claim restates a clause of another unit of the same act word for word, "
    "and no clause of the cited unit",
    "quote_in_other_unit": "the quoted words are in another unit of the same act, not in the cited one",
    "term_of_other_unit": "the words the draft says the cited unit provides are another unit's of the same "
    "act, and the cited unit does not use them",
    "title_of_other_unit": "the draft names the cited article by the heading of another article of the same "
    "act",
    # the law as of the review's date
    "act_repealed": "the act was repealed with effect on or before the as-of date",
    "version_gone": "on the as-of date the unit no longer existed (repealed or renumbered)",
    "version_gone_cited": "on the as-of date the cited unit did not exist",
    "version_not_yet": "on the as-of date the cited unit was not yet in force (it takes effect later)",
    "act_not_yet_in_force": "on the as-of date the act was not yet in force (its final provisions say when)",
    "act_not_yet_applicable": "on the as-of date the regulation did not yet apply (its own text says when)",
    "version_other_differs": "the quote is another version's wording, which differs in meaning",
    "treatment_overruled": "a full bench overruled the judgment before the as-of date",
    "treatment_departed": "the Supreme Court departed from the judgment before the as-of date",
}


@dataclass(frozen=True, slots=True)
class Decision:
    """A status with its rationale (a message, rendered in any language), notes and the evidence shown."""

    status: Status
    required: Level
    achieved: Level
    reason: Message
    notes: tuple[Message, ...] = ()
    match: MatchEvidence | None = None  # where the claim's words are in the source
    nearest: tuple[MatchEvidence, ...] = ()  # passages closest to what is not there (🟠 / 🔴 only)
    coverage: float | None = None  # CONTENT: share of the claim's terms found
    official: Status | None = None  # a supplied source: the status the official source gives the claim
    token: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.token is not _BUILT_HERE:
            raise TypeError("a status is decided by verifier.decide only")
        if self.status is Status.UNVERIFIED and self.reason.key not in BLOCK_EVIDENCE:
            raise ValueError(f"a 🔴 must name the evidence it rests on; {self.reason.key!r} names none")

    @property
    def label(self) -> str:
        return self.status.label

    def rationale(self, lang: str) -> str:
        return self.reason.render(lang)

    def key_is(self, key: str) -> bool:
        return self.reason.key == key

    def note_texts(self, lang: str) -> tuple[str, ...]:
        return tuple(note.render(lang) for note in self.notes)

    @property
    def evidence(self) -> str | None:
        """What a 🔴 rests on (None for any other status)."""
        return BLOCK_EVIDENCE.get(self.reason.key) if self.status is Status.UNVERIFIED else None


_BUILT_HERE = object()  # only verifier.decide decides a status


def make(
    status: Status,
    required: Level,
    achieved: Level,
    key: str,
    values: Mapping[str, object] | None = None,
    *,
    notes: tuple[Message, ...] = (),
    match: MatchEvidence | None = None,
    nearest: tuple[MatchEvidence, ...] = (),
    coverage: float | None = None,
    official: Status | None = None,
) -> Decision:
    return Decision(
        status,
        required,
        achieved,
        Message(key, dict(values or {})),
        notes,
        match,
        nearest if status in (Status.CALIBRATION, Status.UNVERIFIED) else (),
        coverage,
        official,
        _BUILT_HERE,
    )


def restate(
    d: Decision,
    *,
    status: Status | None = None,
    achieved: Level | None = None,
    reason: Message | None = None,
    notes: tuple[Message, ...] | None = None,
) -> Decision:
    """The decision with some of its parts replaced (a later row that lifts, softens or annotates it)."""
    return Decision(
        status if status is not None else d.status,
        d.required,
        achieved if achieved is not None else d.achieved,
        reason if reason is not None else d.reason,
        notes if notes is not None else d.notes,
        d.match,
        d.nearest,
        d.coverage,
        d.official,
        _BUILT_HERE,
    )

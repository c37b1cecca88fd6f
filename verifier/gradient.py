"""The gradient: from what was measured about a claim (`verifier.measurement.Measurement`) to its status,
achieved level, rationale, notes and the evidence shown — the whole decision table, in one place.

Read `decide` top to bottom: the first row that applies decides. The rules, in the gradient's order:
- a citation that could not be parsed is listed ⚪, never guessed at;
- a source that could not be obtained is ⛔ no_source, never 🔴: our failure is not the author's
  hallucination; upstream's answer that no such source exists is 🔴;
- the anchor contradicting the source (number, date, court, parties), a pinpoint naming a unit the source
  does not have, a precedent decided on another subject: 🔴;
- then the levels: claim type → required level; achieved ≥ required passes (🟢, or 🟡 when a person must
  confirm); the calibration rule — a claim stronger than its verification (a verbatim quote whose words are
  not there, though the source is on topic) is not a lie and not a pass: 🟠, soften it; a claim that
  reaches no level is 🔴;
- last, the as-of date (issue 17, `history_check`): a quote of another version's wording, a repealed unit,
  a judgment a later full bench changed.

`Decision` can only be built here: a test asserts that no other module constructs a status.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from verifier.history_check import TODAY_ONLY, Outcome, history_row
from verifier.match.anchor import AnchorIssue, court_kind
from verifier.match.content import ContentResult
from verifier.match.denial import near
from verifier.match.fragment import FragmentStatus
from verifier.measurement import Measurement, Reading
from verifier.model import (
    OFFICIAL_PASSES,
    Cause,
    ClaimType,
    Kind,
    Level,
    MatchEvidence,
    Misconfigured,
    NotFound,
    Status,
    Unavailable,
)
from verifier.pinpoint import unit_label
from verifier.provenance import provenance_message
from verifier.rationales import RATIONALES, Message, rationale

LANGS = ("en", "pl", "ko")

_BUILT_HERE = object()  # only this module decides a status


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
            raise TypeError("a status is decided by verifier.gradient.decide only")

    @property
    def label(self) -> str:
        return self.status.label

    def rationale(self, lang: str) -> str:
        return self.reason.render(lang)

    def key_is(self, key: str) -> bool:
        return self.reason.key == key

    def note_texts(self, lang: str) -> tuple[str, ...]:
        return tuple(note.render(lang) for note in self.notes)


def _decision(
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


_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})
_FOR_NOW = frozenset(
    {Cause.TIMED_OUT, Cause.UNREACHABLE, Cause.RATE_LIMITED, Cause.SERVICE_DOWN, Cause.UPSTREAM_ERROR}
)
_FOUND = (Status.VERIFIED, Status.MODIFIED)


def decide(m: Measurement) -> Decision:
    """The decision table (`_table`), then two rows that hand a verdict to a person (🟡): a block that the
    unit's cross-reference explains, a pass that the parties do not support; a source a user supplied then
    caps what the rows decided (`_supplied`)."""
    decision = _still_good_law(m, _uncertain_parties(m, _read_with_references(m, _table(m))))
    if m.provenance is not None and not m.provenance.official:
        return _supplied(m, decision)
    return decision


# --- issue 15, grounding: the topic, the EU court, a cross-reference, the parties' soft band ------------


_NAMES_A_HOLDING = frozenset(
    {ClaimType.VERBATIM_QUOTE, ClaimType.PINPOINT, ClaimType.COURT_HOLDING, ClaimType.PARAPHRASE}
)


def _topic_mismatch(m: Measurement, notes: tuple[Message, ...]) -> Decision:
    """A real case number on another subject (the topic check, every jurisdiction). A claim that says what
    the judgment held is 🔴; a bare reference or a procedural fact only sits in a sentence about something
    else — the judgment may be cited for a side point — so a person looks: 🟡, never 🟢."""
    topic = m.topic
    assert topic is not None
    korean = m.korean_precedent
    values = {
        "summary": m.summary,
        "about": topic.about or m.summary,
        "missing": ", ".join(topic.missing[:5]) or "—",
    }
    if m.claim.claim_type in _NAMES_A_HOLDING:
        key = "precedent_topic_mismatch" if korean else "topic_mismatch"
        return _decision(Status.UNVERIFIED, m.required, Level.EXISTENCE, key, values, notes=notes)
    return _decision(
        Status.NEEDS_JUDGEMENT, m.required, Level.EXISTENCE, "topic_unclear", values, notes=notes
    )


_EU_COURTS = frozenset({"CJEU", "GC"})


def _named_court(issue: AnchorIssue) -> AnchorIssue | Message:
    """An EU court the draft names against the judgment's (issue 15, class 7): both by name, in the
    reader's language — "the draft says the General Court; the judgment is the Court of Justice's"."""
    if issue.field != "court":
        return issue
    claimed, resolved = court_kind(issue.claimed), court_kind(issue.resolved)
    if claimed not in _EU_COURTS or resolved not in _EU_COURTS:
        return issue
    return Message(
        "eu_court_mismatch",
        {"claimed": Message(f"eu_court_{claimed}"), "resolved": Message(f"eu_court_{resolved}")},
    )


def _read_with_references(m: Measurement, decision: Decision) -> Decision:
    """A claim the unit does not carry alone, but does with the units it refers to ("§ 1 pkt 2"): not a 🔴 for
    words the cross-reference supplies, and not a pass on another unit's words either — a person reads them
    together (🟡, naming the units)."""
    again = m.referenced
    if not decision.key_is("no_content") or again is None or again.content is None:
        return decision
    if not again.content.reached or m.referenced_numbers_missing:
        return decision  # a cross-reference supplies words, never a number the units do not have
    return _decision(
        Status.NEEDS_JUDGEMENT,
        decision.required,
        Level.CONTENT,
        "content_with_reference",
        {"units": ", ".join(m.referenced_units), "pct": round(again.content.coverage * 100)},
        notes=decision.notes,
        match=again.content_evidence,
        coverage=again.content.coverage,
    )


def _uncertain_parties(m: Measurement, decision: Decision) -> Decision:
    """The party guard's soft band (Jaccard 0.30–0.50, or one name per side and they differ): the parties are
    neither the source's nor clearly another case's — never 🟢, never 🔴: a person confirms the case."""
    if decision.status is not Status.VERIFIED or m.anchor is None:
        return decision
    soft = [issue for issue in m.anchor.soft if issue.field == "parties"]
    if not soft:
        return decision
    return _decision(
        Status.NEEDS_JUDGEMENT,
        decision.required,
        decision.achieved,
        "parties_uncertain",
        {"issue": soft[0]},
        notes=tuple(n for n in decision.notes if n.values.get("issue") is not soft[0]),
        match=decision.match,
        coverage=decision.coverage,
    )


def _table(m: Measurement) -> Decision:
    """The decision table. Each row returns; the first that applies decides."""
    required = m.required
    if m.problem is not None:
        return _decision(Status.NOT_CHECKED, required, Level.NONE, "not_checked", {"problem": m.problem})
    if m.document is None:
        return _no_document(m)
    notes = _source_notes(m)
    if m.anchor is not None and not m.anchor.ok:
        issues = tuple(_named_court(issue) for issue in m.anchor.hard)
        return _decision(
            Status.UNVERIFIED, required, Level.NONE, "anchor_mismatch", {"issues": issues}, notes=notes
        )
    check = m.statute_pinpoint
    if check is not None and check.unit is None and check.missing is not None:
        unit = unit_label(check.missing, check.missing_value or "", m.document.jurisdiction)
        anchor = m.claim.citation.anchor
        values = {"law": (anchor.law if anchor else None) or m.document.title, "unit": unit}
        return _decision(
            Status.UNVERIFIED, required, Level.NONE, f"{check.missing}_missing", values, notes=notes
        )
    if m.topic is not None and m.topic.mismatch:
        return _topic_mismatch(m, notes)
    if required is Level.EXISTENCE:
        key = "precedent_exists" if m.korean_precedent else "verified_existence"
        return _decision(Status.VERIFIED, required, Level.EXISTENCE, key, {"summary": m.summary}, notes=notes)
    if m.case_paragraph is not None:
        return _judgment_paragraph(m, notes)
    assert m.reading is not None
    return _from_reading(m, m.reading, notes)


# --- issue 17: is it still good law? The rows are `history_check.history_row`'s; the statuses are these
_AS_OF = {Outcome.BLOCK: Status.UNVERIFIED, Outcome.SOFTEN: Status.CALIBRATION}
_AS_OF |= {Outcome.AS_OF: Status.VERIFIED, Outcome.CLOSE: Status.MODIFIED}


def _still_good_law(m: Measurement, d: Decision) -> Decision:
    """🔴 / 🟠 / a pass on the as-of date's wording, or a note; a block on today's text explained or lifted"""
    if (row := history_row(m.history, d.reason.key)) is None or (status := _AS_OF.get(row.outcome)) is None:
        return d if row is None or row.outcome is Outcome.INFO else replace(d, notes=(*d.notes, row.message))
    explains = row.outcome is not Outcome.SOFTEN and d.reason.key in TODAY_ONLY  # a block on today's text
    if d.status.is_hard_block and not explains:
        return replace(d, notes=(*d.notes, row.message))
    achieved = row.achieved or (Level.NONE if status is Status.UNVERIFIED else d.achieved)
    return replace(d, status=status, achieved=achieved, reason=row.message)


# --- a source a user supplied (issue 16): evidence, not authority ------------------------------------
# A text a user pasted or uploaded can show that the draft's words are in it, never that the law says them:
# at most 🟡 needs_judgement, a partner confirms it. The same claim was measured against the official source
# too (`Measurement.official`); where that source answered and blocks it or words it otherwise, the finding
# says so and stays blocked until a partner approves it with a written reason, as where the official source
# could not be had at all. What fails against the supplied text keeps its status, saying what it was read in.

_PASSES = frozenset({Status.VERIFIED, Status.MODIFIED, Status.NEEDS_JUDGEMENT})


def _supplied(m: Measurement, decision: Decision) -> Decision:
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
        return _decision(
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
    return _decision(
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


def _no_document(m: Measurement) -> Decision:
    failure = m.failure
    required = m.required
    if isinstance(failure, NotFound):
        key = "not_found_law" if m.claim.citation.kind in _STATUTE_KINDS else "not_found"
        return _decision(Status.UNVERIFIED, required, Level.NONE, key, {"reason": failure.reason})
    if isinstance(failure, Unavailable | Misconfigured) and failure.cause is Cause.LOCAL_ONLY:
        # the mode is the reason: name the source once instead of repeating "local-only mode: … not looked up"
        return _decision(Status.NO_SOURCE, required, Level.NONE, "local_only", {"anchor": failure.key})
    reason = failure.reason if failure is not None else "the source was not resolved"
    # the service failed for now (a timeout, an error page, the breaker, the review's time budget): the
    # lawyer's first step is the retry, not hunting for the document
    key = "no_source_retry" if isinstance(failure, Unavailable) and failure.cause in _FOR_NOW else "no_source"
    return _decision(Status.NO_SOURCE, required, Level.NONE, key, {"reason": reason})


def _source_notes(m: Measurement) -> tuple[Message, ...]:
    notes = tuple(Message("anchor_issue", {"issue": issue}) for issue in (m.anchor.soft if m.anchor else ()))
    if m.no_structure:
        notes += (Message("no_structure"),)
    return notes


def _judgment_paragraph(m: Measurement, notes: tuple[Message, ...]) -> Decision:
    """A pinpoint into a judgment: the quote must be in the named paragraph. Found elsewhere in the same
    judgment it is real words at a wrong place: 🟠, correct the pinpoint (the seed's calibration)."""
    at_pinpoint = _from_reading(m, m.reading, notes) if m.reading is not None else None
    if at_pinpoint is not None and (at_pinpoint.status in _FOUND or not m.claim.quote):
        return at_pinpoint
    assert m.elsewhere is not None
    anywhere = _from_reading(m, m.elsewhere, notes)
    if anywhere.status not in _FOUND or anywhere.match is None:
        return at_pinpoint if at_pinpoint is not None else anywhere
    found = m.elsewhere_paragraph
    key = "pinpoint_elsewhere" if found is not None else "pinpoint_missing"
    return _decision(
        Status.CALIBRATION,
        m.required,
        Level.CONTENT,
        key,
        {"unit": m.case_paragraph, "found": found or ""},
        notes=anywhere.notes,
        nearest=(anywhere.match,),
        coverage=anywhere.coverage,
    )


def _changes(diff: tuple[tuple[str, str], ...]) -> str:
    parts = []
    for op, words in diff:
        if op == "delete":
            parts.append(f"−{words}")
        elif op == "insert":
            parts.append(f"+{words}")
    return ", ".join(parts) or "—"


def _from_reading(m: Measurement, reading: Reading, source_notes: tuple[Message, ...]) -> Decision:
    """The levels reached in the text read for the claim."""
    required = m.required
    content, fragment = reading.content, reading.fragment
    values: dict[str, object] = {"summary": m.summary}
    notes: list[Message] = []
    achieved = Level.EXISTENCE
    if reading.content_asked and reading.cross_language:
        notes.append(Message("cross_language", {"draft": reading.draft_lang, "source": reading.source_lang}))
    if content is not None:
        values["pct"] = round(content.coverage * 100)
        values["missing"] = ", ".join(content.missing[:8]) or "—"
        if content.reached:
            achieved = Level.CONTENT
        if content.scattered:
            notes.append(Message("scattered", {"terms": ", ".join(content.found[:8])}))
        if content.mostly_boilerplate:
            notes.append(Message("boilerplate", {"terms": _template_terms(content)}))
    coverage = content.coverage if content is not None else None

    if fragment is not None and fragment.found:
        achieved = Level.FRAGMENT
        values["start"] = reading.fragment_start
        values["changes"] = _changes(fragment.diff)
    elif fragment is not None and fragment.meaning_change is not None:
        # the closest passage differs in a way that changes the law (a negation, a number): 🔴, not 🟡
        values["change"] = Message(f"change_{fragment.meaning_change}")
        values["changes"] = _changes(fragment.nearest[0].diff)
        return _decision(
            Status.UNVERIFIED,
            required,
            achieved,
            "absent_meaning",
            values,
            notes=source_notes + tuple(notes),
            nearest=reading.nearest,
            coverage=coverage,
        )
    elif fragment is None and required is Level.FRAGMENT and reading.pinpointed and achieved is Level.CONTENT:
        # a pinpoint thesis without a quote: the named unit itself carries the claim
        achieved = Level.FRAGMENT
        values["start"] = reading.unit_start

    # issue 15, classes 4 and 5: a number or a phrase that the text read states otherwise
    blocked, stated_notes = _stated_otherwise(m, reading)
    notes.extend(stated_notes)
    if blocked is not None:
        return _decision(
            Status.UNVERIFIED,
            required,
            achieved,
            blocked.key,
            blocked.values,
            notes=source_notes + tuple(notes),
            nearest=(reading.content_evidence,) if reading.content_evidence is not None else (),
            coverage=coverage,
        )

    status, key = _levels(
        required, achieved, modified=fragment is not None and fragment.status is FragmentStatus.MODIFIED
    )
    strewn = content is not None and content.scattered and not near(reading.nearest)
    if status is Status.CALIBRATION and strewn:
        status, key = Status.UNVERIFIED, "absent"  # terms strewn about, no passage like it: not on topic
    if stated_notes and status is Status.VERIFIED:
        status, key = Status.NEEDS_JUDGEMENT, "needs_judgement"  # what a person must read is never 🟢
    if (
        content is None
        and required >= Level.CONTENT
        and reading.cross_language
        and achieved is Level.EXISTENCE
    ):
        # words in one language cannot be counted in another: a person compares them, the tool does not
        # block; a quote that is not there verbatim is at best a translation, so it is calibrated
        status = Status.NEEDS_JUDGEMENT if required is Level.CONTENT else Status.CALIBRATION
        key = "cross_language"
        values.update(draft=reading.draft_lang, source=reading.source_lang)
        notes = [n for n in notes if n.key != "cross_language"]
    elif (
        content is not None
        and not content.terms
        and required is Level.CONTENT
        and achieved is Level.EXISTENCE
    ):
        # "Art. 58 k.c. stanowi tak samo.": nothing of its own to find in the source; its meaning lies in
        # the sentences around it, which a person reads — not a 🔴 for words the claim never had
        status, key = Status.NEEDS_JUDGEMENT, "no_terms"
    elif m.korean_precedent and achieved is Level.CONTENT and required is Level.CONTENT:
        key = "precedent_check_text"
    elif key == "no_content" and content is not None and content.mostly_boilerplate:
        status, key = _resting_on_boilerplate()

    match: MatchEvidence | None = None
    nearest: tuple[MatchEvidence, ...] = ()
    if fragment is not None and fragment.found:
        match = reading.fragment_match
    elif reading.content_evidence is not None:
        if status in (Status.NEEDS_JUDGEMENT, Status.VERIFIED):
            match = reading.content_evidence
        else:
            nearest = (reading.content_evidence,)
    if fragment is not None and not fragment.found:
        nearest = reading.nearest + nearest
    return _decision(
        status,
        required,
        achieved,
        key,
        values,
        notes=source_notes + tuple(notes),
        match=match,
        nearest=nearest,
        coverage=coverage,
    )


# --- issue 15, classes 4 and 5: quantities, polarity, modality and legal effect ---------------------------


def _stated_otherwise(m: Measurement, reading: Reading) -> tuple[Message | None, list[Message]]:
    """The text read for a claim about a statute states one of the claim's numbers with another value
    ("the draft says 48 hours; Article 33(1) GDPR says 72 hours"), or one of its phrases only the other way
    round ("affects" / "shall not affect", "zawiesza" / "przerywa"): the reason for a 🔴 naming both. About a
    judgment the same signal is a note and the finding stays for a person (a court restates, quotes the
    parties and weighs; its text states numbers and negations that are not its holding), never 🟢. A number
    the text does not bind to the same thing is a note either way. Only when the claim's terms are there and
    no quote of it was found: a claim about something else has no business with the unit's numbers."""
    statements, content, fragment = reading.statements, reading.content, reading.fragment
    if (
        statements is None
        or ((content is None or not content.reached) and not reading.cross_language)
        or (fragment is not None and fragment.found)
    ):
        return None, []
    assert m.document is not None
    where = m.claim.citation.text
    statute = m.document.kind in _STATUTE_KINDS
    notes: list[Message] = []
    quantities, polarity = statements.quantities, statements.polarity
    if quantities.differences:
        pairs = tuple(
            Message("quantity_pair", {"draft": d.draft, "source": d.source, "where": where})
            for d in quantities.differences
        )
        if statute:
            return Message("quantity_differs", {"pairs": pairs}), notes
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


def _template_terms(content: ContentResult) -> str:
    return ", ".join([t for t in content.found if t in content.boilerplate][:8]) or "—"


def _resting_on_boilerplate() -> tuple[Status, str]:
    """A paraphrase whose terms are all in the source, but only template language brings them to the line
    (the seed's v2.3): not a plain hallucination — every word is there — and not evidence either: a person
    judges it. A verbatim quote resting on boilerplate stays 🔴 (template words do not make a quote true)."""
    return Status.NEEDS_JUDGEMENT, "boilerplate_only"


def _levels(required: Level, achieved: Level, *, modified: bool) -> tuple[Status, str]:
    """Required and achieved level → status and the rationale that says it."""
    if achieved >= required:
        if required is Level.FRAGMENT:
            return (Status.MODIFIED, "modified") if modified else (Status.VERIFIED, "verified_fragment")
        if required is Level.CONTENT:
            if achieved is Level.FRAGMENT:
                return Status.VERIFIED, "verified_content"
            return Status.NEEDS_JUDGEMENT, "needs_judgement"
        return Status.VERIFIED, "verified_existence"
    if required is Level.FRAGMENT and achieved is Level.CONTENT:
        return Status.CALIBRATION, "calibration"  # the calibration rule
    if required is Level.FRAGMENT:
        return Status.UNVERIFIED, "absent"
    if required is Level.CONTENT:
        return Status.UNVERIFIED, "no_content"
    return Status.UNVERIFIED, "anchor_mismatch"


__all__ = [
    "RATIONALES",
    "Decision",
    "Message",
    "decide",
    "rationale",
]

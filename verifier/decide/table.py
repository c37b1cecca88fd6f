"""The decision table of one claim: the rows of the anchor, the cited unit, the judgment's topic and the
levels, in the order they apply; the first that applies decides (`verifier.decide` says what comes after).

    not_checked        the citation could not be parsed: ⚪, never guessed at
    source             no source: ⛔ (our failure is not the author's), or 🔴 where upstream
    answered "no such source"
    anchor             the draft's number, date, court or parties against the source's: 🔴 on a
    contradiction
    unit               a pinpoint naming an article/paragraph/item the act does not have: 🔴
    part               a pinpoint naming a sentence or a proviso its unit does not have: 🔴
    topic              a real judgment on another subject than the holding claimed: 🔴 (🟡 for a
    side reference)
    partner            read in conjunction with a lead that makes the claim ("w zw. z", "read with"),
    or reported as what a court held: 🟡, its part in the claim is the reader's to confirm
    existence          only EXISTENCE is asked: 🟢
    paragraph          a pinpoint into a judgment's numbered paragraph (`reading.judgment_paragraph`)
    reading            CONTENT and FRAGMENT in the text read for the claim (`reading.from_reading`)
"""

from __future__ import annotations

from collections.abc import Callable

from verifier.citations.common import FOREIGN_ACT
from verifier.decide.decision import Decision, make
from verifier.decide.reading import from_reading, judgment_paragraph
from verifier.decide.source import no_document, source_notes
from verifier.match.anchor import AnchorIssue, court_kind
from verifier.measurement import Measurement
from verifier.model import ClaimType, Level, Status
from verifier.pinpoint import unit_label
from verifier.rationales import Message

type Row = Callable[[Measurement, tuple[Message, ...]], Decision | None]


def table(m: Measurement) -> Decision:
    """The first row that applies decides."""
    if m.problem is not None:
        quoted = m.claim.inside_quotation_of
        if quoted is not None:  # the quoted court's citation, not the draft's: context, never a block
            return make(Status.NOT_CHECKED, m.required, Level.NONE, "quoted_context", {"source": quoted})
        if m.problem == FOREIGN_ACT:  # named after another country: no Korean act is its source
            return make(
                Status.NOT_CHECKED, m.required, Level.NONE, "foreign_act", {"cited": m.claim.citation.text}
            )
        return make(Status.NOT_CHECKED, m.required, Level.NONE, "not_checked", {"problem": m.problem})
    if m.document is None:
        return no_document(m)
    notes = source_notes(m)
    for row in _ROWS:
        if (decision := row(m, notes)) is not None:
            return decision
    assert m.reading is not None
    return from_reading(m, m.reading, notes)


def anchor_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """The draft's number, date, court or parties contradict the source's."""
    if m.anchor is None or m.anchor.ok:
        return None
    issues = tuple(_named_court(issue) for issue in m.anchor.hard)
    return make(Status.UNVERIFIED, m.required, Level.NONE, "anchor_mismatch", {"issues": issues}, notes=notes)


def unit_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """The pinpoint names a unit (article, paragraph, item, sub-item) the act does not have."""
    check = m.statute_pinpoint
    if check is None or check.unit is not None or check.missing is None:
        return None
    assert m.document is not None
    unit = unit_label(check.missing, check.missing_value or "", m.document.jurisdiction)
    inserted = "-" in (check.missing_value or "")
    anchor = m.claim.citation.anchor
    values = {"law": (anchor.law if anchor else None) or m.document.title, "unit": unit}
    if m.document.meta.get("consolidated") == "no" and (check.missing != "article" or inserted):
        # the text held is an original wording without later amendments: a paragraph or an inserted article
        # (art. 449¹) may have been added since; a plain article number the act never had was not
        return make(
            Status.NEEDS_JUDGEMENT, m.required, Level.EXISTENCE, "unit_not_in_wording", values, notes=notes
        )
    return make(Status.UNVERIFIED, m.required, Level.NONE, f"{check.missing}_missing", values, notes=notes)


def part_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """The pinpoint names a part of its unit the unit does not have: a second sentence of a paragraph of
    one, the 본문 or 단서 of an article without a proviso."""
    part, check = m.missing_part, m.statute_pinpoint
    if part is None or check is None or check.unit is None:
        return None
    assert m.document is not None
    anchor = m.claim.citation.anchor
    values = {
        "law": (anchor.law if anchor else None) or m.document.title,
        "unit": check.unit.label,
        "part": part.named,
        "has": part.has,
    }
    if m.document.meta.get("consolidated") == "no":
        # an original wording without later amendments: the sentence or the proviso may have come since
        values["unit"] = f"{check.unit.label} ({part.named})"
        return make(
            Status.NEEDS_JUDGEMENT, m.required, Level.EXISTENCE, "unit_not_in_wording", values, notes=notes
        )
    key = "proviso_missing" if part.part == "proviso" else "sentence_missing"
    return make(Status.UNVERIFIED, m.required, Level.EXISTENCE, key, values, notes=notes)


def topic_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """A real case number on another subject (the topic check, every jurisdiction)."""
    if m.topic is None or not m.topic.mismatch:
        return None
    return _topic_mismatch(m, notes)


def partner_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """A provision read in conjunction with a lead that makes the claim, or reported as what a court held:
    it exists, and the claim is checked against the lead or the judgment; that it is the right provision
    is nowhere checked, so it is not a 🟢 (a neighbour of the right one exists just as well)."""
    claim = m.claim
    if m.required is not Level.EXISTENCE or (claim.read_with is None and claim.held_in is None):
        return None
    key, carrier = ("read_with", "lead") if claim.read_with is not None else ("held_in", "case")
    values = {"cited": claim.citation.text, carrier: claim.read_with or claim.held_in or ""}
    return make(Status.NEEDS_JUDGEMENT, m.required, Level.EXISTENCE, key, values, notes=notes)


def existence_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """Only EXISTENCE is asked, and the anchor is real."""
    if m.required is not Level.EXISTENCE:
        return None
    key = "precedent_exists" if m.korean_precedent else "verified_existence"
    return make(Status.VERIFIED, m.required, Level.EXISTENCE, key, {"summary": m.summary}, notes=notes)


def paragraph_row(m: Measurement, notes: tuple[Message, ...]) -> Decision | None:
    """A pinpoint into a judgment's numbered paragraph."""
    return judgment_paragraph(m, notes) if m.case_paragraph is not None else None


_ROWS: tuple[Row, ...] = (
    anchor_row,
    unit_row,
    part_row,
    topic_row,
    partner_row,
    existence_row,
    paragraph_row,
)

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
        return make(Status.UNVERIFIED, m.required, Level.EXISTENCE, key, values, notes=notes)
    return make(Status.NEEDS_JUDGEMENT, m.required, Level.EXISTENCE, "topic_unclear", values, notes=notes)


_EU_COURTS = frozenset({"CJEU", "GC"})


def _named_court(issue: AnchorIssue) -> AnchorIssue | Message:
    """An EU court the draft names against the judgment's: both by name, in the
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

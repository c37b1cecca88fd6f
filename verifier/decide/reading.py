"""The rows of the text read for a claim: the levels it reached there (CONTENT: its terms; FRAGMENT: its
quote) and the status that follows.

    from_reading(m, reading, notes)   the levels reached, then the first row of `_ROWS` that applies, else
                                      the plain comparison of the level required with the level reached
    judgment_paragraph(m, notes)      a pinpoint into a judgment: the quote in the named paragraph,
    or elsewhere
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from verifier.decide.decision import Decision, make
from verifier.decide.stated import stated_otherwise
from verifier.match.content import ContentResult
from verifier.match.denial import near
from verifier.match.denied_frame import denies_unit
from verifier.match.fragment import FragmentStatus
from verifier.measurement import Measurement, Reading
from verifier.model import Kind, Level, MatchEvidence, Status
from verifier.rationales import Message

_FOUND = (Status.VERIFIED, Status.MODIFIED)


@dataclass
class Reached:
    """What the text read gave a claim: the level reached, the rationale's values and the notes."""

    m: Measurement
    reading: Reading
    achieved: Level = Level.EXISTENCE
    values: dict[str, object] = field(default_factory=dict)
    notes: list[Message] = field(default_factory=list)
    stated_notes: bool = False  # a number or phrase a person must read (never 🟢)

    @property
    def content(self) -> ContentResult | None:
        return self.reading.content

    @property
    def modified(self) -> bool:
        fragment = self.reading.fragment
        return fragment is not None and fragment.status is FragmentStatus.MODIFIED


def judgment_paragraph(m: Measurement, notes: tuple[Message, ...]) -> Decision:
    """A pinpoint into a judgment: the quote must be in the named paragraph. Found elsewhere in the same
    judgment it is real words at a wrong place: 🟠, correct the pinpoint (the seed's calibration)."""
    at_pinpoint = from_reading(m, m.reading, notes) if m.reading is not None else None
    if at_pinpoint is not None and (at_pinpoint.status in _FOUND or not m.claim.quote or m.elsewhere is None):
        return at_pinpoint
    assert m.elsewhere is not None
    anywhere = from_reading(m, m.elsewhere, notes)
    if anywhere.status not in _FOUND or anywhere.match is None:
        return at_pinpoint if at_pinpoint is not None else anywhere
    found = m.elsewhere_paragraph
    key = "pinpoint_elsewhere" if found is not None else "pinpoint_missing"
    return make(
        Status.CALIBRATION,
        m.required,
        Level.CONTENT,
        key,
        {"unit": m.case_paragraph, "found": found or ""},
        notes=anywhere.notes,
        nearest=(anywhere.match,),
        coverage=anywhere.coverage,
    )


def from_reading(m: Measurement, reading: Reading, source_notes: tuple[Message, ...]) -> Decision:
    """The levels reached in the text read for the claim, then the first row that applies."""
    r = _reached(m, reading)
    blocked = (
        _wrong_pinpoint(r)
        or _meaning_changed(r)
        or _also_quoted(r)
        or _stated(r)
        or _restated(r)
        or _attributed(r)
    )
    if blocked is not None:
        key, values, nearest = blocked
        return _made(r, Status.UNVERIFIED, key, source_notes, values=values, nearest=nearest)
    if m.quote_in_act is not None and not (reading.fragment is not None and reading.fragment.found):
        # the act's own words, at a place that is no unit (a recital, a heading): a person checks whose
        # words the draft says they are; never "likely invented"
        return make(
            Status.NEEDS_JUDGEMENT,
            m.required,
            Level.CONTENT,
            "quote_elsewhere_in_act",
            {**r.values, "cited": m.claim.citation.text},
            notes=source_notes + tuple(r.notes),
            match=m.quote_in_act,
        )
    for row in _ROWS:
        if (decided := row(r)) is not None:
            status, key = decided
            return _also_differs(r, status, key, source_notes)
    status, key = _plain(r)
    return _also_differs(r, status, key, source_notes)


def _also_differs(r: Reached, status: Status, key: str, source_notes: tuple[Message, ...]) -> Decision:
    """A 🟢 for the claim's quote is not a 🟢 for the sentence when its other quote of the unit comes near a
    passage of it without being it: 🟡 naming that quote and the unit's words (a misquote the claim's own
    quote does not show; no evidence of a changed meaning, so no 🔴)."""
    also = r.reading.also_quoted
    if also is None or also.fragment.meaning_change is not None or status not in _PASSES:
        return _made(r, status, key, source_notes)
    values = {**r.values, "cited": r.m.claim.citation.text, "quote": also.quote}
    values["excerpt"] = " ".join(also.nearest[0].excerpt.split())
    # the passage the other quote comes near is what the reader compares it with
    return _made(
        r, Status.NEEDS_JUDGEMENT, "also_quoted_differs", source_notes, values=values, nearest=also.nearest
    )


_PASSES = frozenset({Status.VERIFIED, Status.MODIFIED})


def _plain(r: Reached) -> tuple[Status, str]:
    status, key = _levels(r.m.required, r.achieved, modified=r.modified, quoted=bool(r.m.claim.quote))
    fragment = r.reading.fragment
    if key == "modified" and fragment is not None and _adapted(fragment.rules, fragment.diff):
        # "Designation of the [DPO]", "his [or her] tasks": every word outside the editor's brackets is the
        # source's; the brackets say the draft adapted it, and there is nothing to correct
        return status, "adapted"
    if key == "modified" and fragment is not None and "bound_noun" in fragment.rules:
        # "“공공의 이익에 관한 것”에 해당한다": the court's bound noun for the act's "때"; nothing to correct
        return status, "bound_noun_adapted"
    return status, key


def _adapted(rules: tuple[str, ...], diff: tuple[tuple[str, str], ...]) -> bool:
    return "editorial_brackets" in rules and all(op == "equal" for op, _ in diff)


def _reached(m: Measurement, reading: Reading) -> Reached:
    r = Reached(m, reading, values={"summary": m.summary})
    content, fragment = reading.content, reading.fragment
    if reading.content_asked and reading.cross_language:
        r.notes.append(
            Message("cross_language", {"draft": reading.draft_lang, "source": reading.source_lang})
        )
    if content is not None:
        r.values["pct"] = round(content.coverage * 100)
        r.values["missing"] = ", ".join(content.missing[:8]) or "—"
        if content.reached:
            r.achieved = Level.CONTENT
        if content.scattered:
            r.notes.append(Message("scattered", {"terms": ", ".join(content.found[:8])}))
        if content.mostly_boilerplate:
            r.notes.append(Message("boilerplate", {"terms": _template_terms(content)}))
    if fragment is not None and fragment.found:
        r.achieved = Level.FRAGMENT
        r.values["start"] = reading.fragment_start
        r.values["changes"] = _changes(fragment.diff)
    elif (
        fragment is None
        and m.required is Level.FRAGMENT
        and reading.pinpointed
        and r.achieved is Level.CONTENT
    ):
        # a pinpoint thesis without a quote: the named unit itself carries the claim
        r.achieved = Level.FRAGMENT
        r.values["start"] = reading.unit_start
    return r


type Blocked = tuple[str, dict[str, object], tuple[MatchEvidence, ...]]


def _wrong_pinpoint(r: Reached) -> Blocked | None:
    """The cited unit does not carry the claim, and another unit of the same act does — its wording, or the
    quoted words: 🔴 naming both units (a ② cited for a ①, 제61조 for 제60조)."""
    other = r.m.other_unit
    if other is None:
        return None
    values = {
        **r.values,
        "cited": other.cited,
        "unit": other.label,
        "pct": round(other.coverage * 100),
        "cited_pct": round(other.cited_coverage * 100),
    }
    key = "quote_in_other_unit" if other.quote else "wrong_pinpoint"
    if other.restated:
        key, values["clause"] = "restated_in_other_unit", other.restated
    if other.term:
        key, values["term"] = "term_of_other_unit", other.term
    if other.title:
        key = "title_of_other_unit"
        values.update(title=other.title, cited_title=other.cited_title or "—")
    if r.m.case_paragraph is not None:
        key = "wrong_paragraph"
    return key, values, (other.evidence,) if other.evidence is not None else ()


def _meaning_changed(r: Reached) -> Blocked | None:
    """The quote's closest passage differs in a way that changes the law (a negation, a number): 🔴, not
    🟡."""
    fragment = r.reading.fragment
    if fragment is None or fragment.found or fragment.meaning_change is None:
        return None
    values = {
        **r.values,
        "change": Message(f"change_{fragment.meaning_change}"),
        "changes": _changes(fragment.nearest[0].diff),
    }
    return "absent_meaning", values, r.reading.nearest


_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})


def _also_quoted(r: Reached) -> Blocked | None:
    """Another quote of the sentence, read in the cited unit of an act, whose closest passage there is its
    own words with a negation, a number or a legal effect turned: 🔴 naming the quote and both wordings,
    whatever the claim's first quote gave (the sentence quotes the unit twice, and gets it wrong once)."""
    also, m = r.reading.also_quoted, r.m
    if also is None or also.fragment.meaning_change is None or not also.nearest:
        return None
    if m.document is None or m.document.kind not in _STATUTE_KINDS:
        return None
    values = {
        **r.values,
        "cited": m.claim.citation.text,
        "quote": also.quote,
        "change": Message(f"change_{also.fragment.meaning_change}"),
        "changes": _changes(also.nearest[0].diff),
    }
    return "also_quoted_meaning", values, also.nearest


def _restated(r: Reached) -> Blocked | None:
    """A clause of the pinpointed unit restated nearly word for word with a negation, a number or a legal
    effect turned: 🔴 naming both wordings. Only of an act: a judgment's sentence restated otherwise may be
    the court's own qualification, a question for a person."""
    restated, m = r.reading.restated, r.m
    if restated is None or (r.reading.fragment is not None and r.reading.fragment.found):
        return None
    if m.document is None or m.document.kind not in _STATUTE_KINDS:
        return None
    values = {
        **r.values,
        "cited": m.claim.citation.text,
        "change": Message(f"change_{restated.kind}"),
        "changes": _changes(restated.diff),
    }
    evidence = r.reading.content_evidence
    return "restated_otherwise", values, (evidence,) if evidence is not None else ()


def _attributed(r: Reached) -> Blocked | None:
    """The legal effect the draft attaches to the cited unit ("제103조에 의하여 유효로 되는"), which the unit
    states only the other way ("무효로 한다"): 🔴 naming both words. Only of an act, and not when the quote
    was found (the draft's own words then are the unit's)."""
    attributed, m = r.reading.attributed, r.m
    if attributed is None or (r.reading.fragment is not None and r.reading.fragment.found):
        return None
    if m.document is None or m.document.kind not in _STATUTE_KINDS:
        return None
    pair = Message(
        "polarity_pair",
        {"draft": attributed.draft, "source": attributed.source, "where": m.claim.citation.text},
    )
    evidence = r.reading.content_evidence
    return f"polarity_{attributed.kind}", {"pairs": (pair,)}, (evidence,) if evidence is not None else ()


def _stated(r: Reached) -> Blocked | None:
    """A number or a phrase that the text read states otherwise: 🔴 naming both; else notes for a person."""
    blocked, notes = stated_otherwise(r.m, r.reading)
    r.notes.extend(notes)
    r.stated_notes = bool(notes)
    if blocked is None:
        return None
    evidence = r.reading.content_evidence
    return blocked.key, dict(blocked.values), (evidence,) if evidence is not None else ()


# fewer quoted words are a term or a name ("‘infringement’", “가”항), not a passage a source must hold
QUOTE_MIN_WORDS = 4


def _quoted_term(r: Reached) -> tuple[Status, str] | None:
    """A quoted term the source does not use here: how a court or a lawyer names a concept — a person
    confirms it, never 🔴 (a passage that is not there is)."""
    quote, fragment = r.m.claim.quote, r.reading.fragment
    if not quote or fragment is None or fragment.found or len(quote.split()) >= QUOTE_MIN_WORDS:
        return None
    return Status.NEEDS_JUDGEMENT, "quoted_term"


# a sentence with this many terms the unit does not carry says something of the term it quotes, beyond
# naming the unit by it (a heading: "entitled ‘Penalties’")
SAYS_MORE = 4


def _term_found(r: Reached) -> tuple[Status, str] | None:
    """A quoted term the unit uses ("an ‘infringement’ in Article 82(1)", "a ‘conflict of interests’"), in a
    sentence whose own terms the source does not carry: the term is the source's, what the sentence says of
    it is not shown by that — a person reads it, never 🟢 (nor 🔴: the sentence may be the court's own)."""
    quote, fragment, content = r.m.claim.quote, r.reading.fragment, r.content
    if not quote or fragment is None or not fragment.found or len(quote.split()) >= QUOTE_MIN_WORDS:
        return None
    if content is None or content.reached or len(content.missing) < SAYS_MORE:
        return None  # "Article 4(1), that article being entitled ‘Definitions’": the term is all it says
    if _plain(r)[0] is not Status.VERIFIED:
        return None
    return Status.NEEDS_JUDGEMENT, "quoted_term_found"


def _denies_unit(r: Reached) -> tuple[Status, str] | None:
    """ "It is not apparent from Article 83 … that …", "Article 46 … does not specify …": the sentence says
    what the unit does not say, and words found in the unit cannot show that it lacks something — a person
    reads it, never 🟢 (nor 🔴: the unit's silence is not read here)."""
    if _plain(r)[0] is not Status.VERIFIED:
        return None
    claim = r.m.claim
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    denied = denies_unit(claim.claim_text, start, end, lang=r.reading.draft_lang)
    if denied is None:
        return None
    r.values.update(cited=claim.citation.text, denied=denied)
    return Status.NEEDS_JUDGEMENT, "denies_unit"


def _cross_language(r: Reached) -> tuple[Status, str] | None:
    """Words in one language cannot be counted in another: a person compares them, the tool does not block;
    a quote that is not there verbatim is at best a translation, so it is calibrated."""
    m, reading = r.m, r.reading
    if not (
        r.content is None
        and m.required >= Level.CONTENT
        and reading.cross_language
        and r.achieved is Level.EXISTENCE
    ):
        return None
    r.values.update(draft=reading.draft_lang, source=reading.source_lang)
    r.notes = [n for n in r.notes if n.key != "cross_language"]
    status = Status.NEEDS_JUDGEMENT if m.required is Level.CONTENT else Status.CALIBRATION
    return status, "cross_language"


def _no_terms(r: Reached) -> tuple[Status, str] | None:
    """ "Art. 58 k.c. stanowi tak samo.": nothing of its own to find in the source; its meaning lies in the
    sentences around it, which a person reads — not a 🔴 for words the claim never had."""
    content = r.content
    if (
        content is None
        or content.terms
        or r.m.required is not Level.CONTENT
        or r.achieved is not Level.EXISTENCE
    ):
        return None
    return Status.NEEDS_JUDGEMENT, "no_terms"


def _precedent_text(r: Reached) -> tuple[Status, str] | None:
    """A Korean precedent's holding found in its text: a person reads the passage (Protocol B)."""
    if not (r.m.korean_precedent and r.achieved is Level.CONTENT and r.m.required is Level.CONTENT):
        return None
    return Status.NEEDS_JUDGEMENT, "precedent_check_text"


def _resting_on_boilerplate(r: Reached) -> tuple[Status, str] | None:
    """A paraphrase whose terms are all in the source, but only template language brings them to the line
    (the seed's v2.3): not a plain hallucination — every word is there — and not evidence either: a person
    judges it. A verbatim quote resting on boilerplate stays 🔴 (template words do not make a quote
    true)."""
    content = r.content
    if content is None or not content.mostly_boilerplate:
        return None
    if _plain(r)[1] != "not_in_these_words" or r.m.required is not Level.CONTENT:
        return None
    return Status.NEEDS_JUDGEMENT, "boilerplate_only"


def _strewn(r: Reached) -> tuple[Status, str] | None:
    """A quote whose terms are strewn about the source with no passage like it: not on topic, so not a
    calibration (🟠) but absent (🔴)."""
    content = r.content
    if content is None or not content.scattered or near(r.reading.nearest):
        return None
    if _plain(r)[0] is not Status.CALIBRATION:
        return None
    return Status.UNVERIFIED, "absent"


def _read_by_a_person(r: Reached) -> tuple[Status, str] | None:
    """What a person must read (a number or phrase the text binds otherwise, noted) is never 🟢."""
    if not r.stated_notes or _plain(r)[0] is not Status.VERIFIED:
        return None
    return Status.NEEDS_JUDGEMENT, "needs_judgement"


# In this order; the first that applies decides. None applies: `_levels`.
_ROWS: tuple[Callable[[Reached], tuple[Status, str] | None], ...] = (
    _quoted_term,
    _term_found,
    _denies_unit,
    _cross_language,
    _no_terms,
    _precedent_text,
    _resting_on_boilerplate,
    _strewn,
    _read_by_a_person,
)


def _made(
    r: Reached,
    status: Status,
    key: str,
    source_notes: tuple[Message, ...],
    *,
    values: dict[str, object] | None = None,
    nearest: tuple[MatchEvidence, ...] | None = None,
) -> Decision:
    """The decision with the evidence shown: where the claim's words are, or the passages nearest to them."""
    reading, content, fragment = r.reading, r.content, r.reading.fragment
    coverage = content.coverage if content is not None else None
    notes = source_notes + tuple(r.notes)
    if nearest is not None:  # a block on a meaning change: the passages that state it otherwise
        return make(
            status, r.m.required, r.achieved, key, values, notes=notes, nearest=nearest, coverage=coverage
        )
    match: MatchEvidence | None = None
    shown: tuple[MatchEvidence, ...] = ()
    if fragment is not None and fragment.found:
        match = reading.fragment_match
    elif reading.content_evidence is not None:
        if status in (Status.NEEDS_JUDGEMENT, Status.VERIFIED):
            match = reading.content_evidence
        else:
            shown = (reading.content_evidence,)
    if fragment is not None and not fragment.found:
        shown = reading.nearest + shown
    return make(
        status,
        r.m.required,
        r.achieved,
        key,
        r.values,
        notes=notes,
        match=match,
        nearest=shown,
        coverage=coverage,
    )


def _changes(diff: tuple[tuple[str, str], ...]) -> str:
    parts = []
    for op, words in diff:
        if op == "delete":
            parts.append(f"−{words}")
        elif op == "insert":
            parts.append(f"+{words}")
    return ", ".join(parts) or "—"


def _template_terms(content: ContentResult) -> str:
    return ", ".join([t for t in content.found if t in content.boilerplate][:8]) or "—"


def _levels(required: Level, achieved: Level, *, modified: bool, quoted: bool) -> tuple[Status, str]:
    """Required and achieved level → status and the rationale that says it. Below the level required, only a
    quote that is not there is evidence (🔴); a claim in other words than the source's is read by a person
    (🟡): few of the source's words is what applying, interpreting and naming a provision looks like."""
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
    if required is Level.FRAGMENT and quoted:
        return Status.UNVERIFIED, "absent"
    if required >= Level.CONTENT:
        return Status.NEEDS_JUDGEMENT, "not_in_these_words"
    return Status.UNVERIFIED, "anchor_mismatch"

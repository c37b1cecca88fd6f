"""A citation's form note: the facts of its resolved source, the canonical form the practice writes from them,
and where the draft's words differ (the interface is in the package's docstring)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from verifier.form import eu, kr, pl
from verifier.form.note import STYLES, FormNote, SourceFacts, Unit
from verifier.form.parts import Located, Part, differences, joined
from verifier.model import Citation, Jurisdiction, Kind, Pinpoint, SourceDocument

type Builder = Callable[[SourceFacts, str, str], tuple[list[Part], Located] | None]
type Equal = Callable[[str, Part], bool] | None

_JUDGMENTS = frozenset({Kind.JUDGMENT, Kind.CONSTITUTIONAL_DECISION, Kind.EU_CASE})
_ACTS = frozenset({Kind.STATUTE, Kind.EU_ACT})
# origins whose facts are the official record; a text a user supplied is evidence, its facts not checked
_SUPPLIED = frozenset({"upload", "paste", "supplied"})


def facts_of(citation: Citation, document: SourceDocument | None) -> SourceFacts | None:
    """What the source says of itself (court, date, number, ECLI, the act's name) and the unit the draft
    cites; None when there is no official source to take them from."""
    if document is None or document.origin in _SUPPLIED or citation.anchor is None:
        return None
    meta = document.meta
    pinpoint = citation.anchor.pinpoint
    judgment = document.kind in _JUDGMENTS
    return SourceFacts(
        jurisdiction=document.jurisdiction.value,
        kind=document.kind.value,
        court=document.court,
        date=document.date,
        number=meta.get("case_number") or document.number,
        decision_type=meta.get("decision_type") or meta.get("판결유형") or None,
        parties=document.parties,
        ecli=meta.get("ecli") or None,
        act=None if judgment else document.title,
        unit=None if judgment or pinpoint is None else Unit(*_unit_fields(pinpoint)),
    )


def _unit_fields(pinpoint: Pinpoint) -> tuple[str | None, str | None, str | None, str | None]:
    return pinpoint.article, pinpoint.paragraph, pinpoint.item, pinpoint.subitem


def _builder(facts: SourceFacts) -> tuple[Builder, Equal, str] | None:
    """The writer for the source's jurisdiction and kind, how it compares a part, and its whole-form rule."""
    j, kind = Jurisdiction(facts.jurisdiction), Kind(facts.kind)
    if j is Jurisdiction.KR and kind in _JUDGMENTS:
        return (lambda f, w, s: kr.judgment_parts(f, w)), None, "kr.judgment"
    if j is Jurisdiction.KR and kind in _ACTS:
        return (lambda f, w, s: kr.statute_parts(f, w)), None, "kr.act_name"
    if j is Jurisdiction.PL and kind in _JUDGMENTS:
        return pl.judgment_parts, pl.equal, "pl.judgment"
    if j is Jurisdiction.PL and kind in _ACTS:
        return (lambda f, w, s: pl.statute_parts(f, w)), pl.equal, "pl.unit"
    if j is Jurisdiction.EU and kind in _JUDGMENTS:
        return eu.judgment_parts, eu.equal, "eu.judgment"
    if j is Jurisdiction.EU and kind in _ACTS:
        return eu.statute_parts, None, "eu.act"
    return None


def form_note(
    span: tuple[int, int], written: str, facts: SourceFacts | None, style: str = "full"
) -> FormNote | None:
    """The canonical form of the citation the draft wrote as `written` at `span`, in `style` ("full" or
    "short"; "short" where the practice has no short form is the full one), and what differs."""
    if style not in STYLES:
        raise ValueError(f"unknown citation style: {style!r}")
    if facts is None:
        return None
    chosen = _builder(facts)
    if chosen is None:
        return None
    build, equal, whole_rule = chosen
    full = build(facts, written, "full")
    short = build(facts, written, "short")
    if full is None or short is None:
        return None
    full_text, short_text = joined(full[0]), joined(short[0])
    parts, located = short if style == "short" else full
    return FormNote(
        span=span,
        written=written,
        canonical=joined(parts),
        differences=differences(written, span[0], parts, located, whole_rule=whole_rule, equal=equal),
        full=full_text,
        short=short_text if short_text != full_text else None,
        style=style,
        facts=facts,
    )


def note_for(citation: Citation, document: SourceDocument | None, style: str = "full") -> FormNote | None:
    return form_note(citation.span, citation.text, facts_of(citation, document), style)


def restyle(note: FormNote, style: str) -> FormNote:
    """The same citation's note in the other style (a matter's choice), from the facts it keeps."""
    if note.style == style:
        return note
    again = form_note(note.span, note.written, note.facts, style)
    return again if again is not None else replace(note, style=style)

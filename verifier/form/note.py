"""The records of a citation's form: the source's facts, the note and its differences (see the package's
docstring for the interface)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from verifier.rationales import LANGS, Message

STYLES = ("full", "short")


@dataclass(frozen=True, slots=True)
class Unit:
    """The cited unit, as `verifier.model.Pinpoint` names it (this module stays free of the model, which
    carries a FormNote on every Finding)."""

    article: str | None = None
    paragraph: str | None = None
    item: str | None = None
    subitem: str | None = None


@dataclass(frozen=True, slots=True)
class SourceFacts:
    """What the product knows of a resolved source, the only input of a canonical form besides the
    draft's words (a form is never built from what the draft asserts about the source)."""

    jurisdiction: str  # a verifier.model.Jurisdiction value: kr, pl, eu
    kind: str  # a verifier.model.Kind value: statute, judgment, constitutional_decision, eu_act, eu_case
    court: str | None = None  # as the source names it: 대법원, Sąd Najwyższy, Sąd Okręgowy w Bydgoszczy, CJEU
    date: str | None = None  # ISO YYYY-MM-DD
    number: str | None = None  # 2014다235080, III CZP 36/02, C-311/18, 32016R0679
    decision_type: str | None = None  # 판결 / 결정, wyrok / postanowienie / uchwała, judgment / order
    parties: tuple[str, ...] = ()
    ecli: str | None = None  # ECLI:EU:C:2020:559
    act: str | None = None  # the act's official name: 개인정보 보호법, Kodeks cywilny, REGULATION (EU) …
    unit: Unit | None = None  # the unit the draft cites (the anchor's pinpoint, checked against the act)

    def to_json(self) -> dict[str, Any]:
        return {
            "jurisdiction": self.jurisdiction,
            "kind": self.kind,
            "court": self.court,
            "date": self.date,
            "number": self.number,
            "decision_type": self.decision_type,
            "parties": list(self.parties),
            "ecli": self.ecli,
            "act": self.act,
            "unit": (
                None
                if self.unit is None
                else {
                    "article": self.unit.article,
                    "paragraph": self.unit.paragraph,
                    "item": self.unit.item,
                    "subitem": self.unit.subitem,
                }
            ),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SourceFacts:
        unit = data.get("unit")
        return cls(
            jurisdiction=str(data["jurisdiction"]),
            kind=str(data["kind"]),
            court=_opt(data.get("court")),
            date=_opt(data.get("date")),
            number=_opt(data.get("number")),
            decision_type=_opt(data.get("decision_type")),
            parties=tuple(str(p) for p in data.get("parties") or ()),
            ecli=_opt(data.get("ecli")),
            act=_opt(data.get("act")),
            unit=(
                Unit(
                    _opt(unit.get("article")),
                    _opt(unit.get("paragraph")),
                    _opt(unit.get("item")),
                    _opt(unit.get("subitem")),
                )
                if isinstance(unit, Mapping)
                else None
            ),
        )


@dataclass(frozen=True, slots=True)
class FormDifference:
    """One place where the draft writes the citation otherwise than the practice: replacing the draft's
    text at [start, end) by `canonical_part` writes it as the practice does."""

    rule_id: str
    message: Message
    written_part: str
    canonical_part: str
    start: int
    end: int

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule_id,
            "message": {
                **self.message.to_json(),
                "text": {lang: self.message.render(lang) for lang in LANGS},
            },
            "written": self.written_part,
            "canonical": self.canonical_part,
            "start": self.start,
            "end": self.end,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FormDifference:
        return cls(
            rule_id=str(data["rule"]),
            message=Message.from_json(data["message"]),
            written_part=str(data["written"]),
            canonical_part=str(data["canonical"]),
            start=int(data["start"]),
            end=int(data["end"]),
        )


@dataclass(frozen=True, slots=True)
class FormNote:
    """The citation as the practice writes it, beside the draft's words, with what differs."""

    span: tuple[int, int]
    written: str
    canonical: str
    differences: tuple[FormDifference, ...]
    full: str
    short: str | None
    style: str
    facts: SourceFacts

    @property
    def differs(self) -> bool:
        return bool(self.differences)

    def to_json(self) -> dict[str, Any]:
        return {
            "span": [self.span[0], self.span[1]],
            "written": self.written,
            "canonical": self.canonical,
            "full": self.full,
            "short": self.short,
            "style": self.style,
            "differences": [d.to_json() for d in self.differences],
            "facts": self.facts.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FormNote:
        span = data["span"]
        return cls(
            span=(int(span[0]), int(span[1])),
            written=str(data["written"]),
            canonical=str(data["canonical"]),
            differences=tuple(FormDifference.from_json(d) for d in data.get("differences") or ()),
            full=str(data["full"]),
            short=_opt(data.get("short")),
            style=str(data.get("style") or "full"),
            facts=SourceFacts.from_json(data["facts"]),
        )


def _opt(value: object) -> str | None:
    return None if value is None or value == "" else str(value)

"""Pinpoints: the unit of a source a citation names, and the text that unit is read with.

check_pinpoint(units, pinpoint) -> PinpointCheck       the unit, or the first level that does not exist
reading_spans(units, unit) -> spans                     the unit with its lead-ins, in reading order
Pieces(text, spans)                                     offsets in the read text ↔ offsets in the source
case_paragraph(claim) -> "51" | None                    "C-300/21, para. 51": a paragraph of a judgment
case_paragraphs(claim) -> ("30", "44")                 "paragraphs 30 and 44": every paragraph it names
unit_label(level, value, jurisdiction) -> "제15조" …    how a lawyer writes a unit
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.citations.common import CASE_PARAGRAPH
from verifier.model import Claim, ClaimType, Jurisdiction, MatchEvidence, Pinpoint, SourceUnit

LEVELS = ("article", "paragraph", "item", "subitem")
_SUBORDINATE = frozenset({"item", "subitem"})


def wanted(pinpoint: Pinpoint) -> list[tuple[str, str]]:
    """The levels a pinpoint names, from the top: [("article", "15"), ("paragraph", "1"), …]."""
    values = (pinpoint.article, pinpoint.paragraph, pinpoint.item, pinpoint.subitem)
    return [(name, value) for name, value in zip(LEVELS, values, strict=True) if value is not None]


def _unit_matching(units: tuple[SourceUnit, ...], path: list[tuple[str, str]]) -> SourceUnit | None:
    target = tuple(path)
    for unit in units:
        if unit.path == target:
            return unit
    # "제15조 제2호" of an article with a single paragraph: the item sits under paragraph 1
    loose = [u for u in units if u.path[-1:] == target[-1:] and all(step in u.path for step in target)]
    return loose[0] if len(loose) == 1 else None


@dataclass(frozen=True, slots=True)
class PinpointCheck:
    unit: SourceUnit | None  # the unit named, when every level exists
    missing: str | None  # the first level that does not exist: "article" | "paragraph" | "item" | "subitem"
    missing_value: str | None  # what the draft gave for that level ("1200", "3", "다")
    article_unit: SourceUnit | None  # the article, when it exists (only a part of it may be missing)


def _points_of_article(units: tuple[SourceUnit, ...], path: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """An article like "Article 4(11) GDPR": made of numbered points without paragraphs (the definitions of
    Art. 4) — the number in brackets is its point, and what follows it one level lower."""
    if len(path) < 2 or path[1][0] != "paragraph":
        return path
    article = path[:1]
    below = [u for u in units if len(u.path) == 2 and u.path[:1] == tuple(article)]
    if not below or any(u.path[1][0] == "paragraph" for u in below):
        return path
    point = next((u for u in below if u.path[1] == ("item", path[1][1])), None)
    if point is None or not point.label.endswith(f"({path[1][1]})"):
        return path  # "art. 5 pkt 1" is written otherwise: a "§ 1" that is not there stays missing
    lower = {"paragraph": "item", "item": "subitem"}
    return article + [(lower.get(level, level), value) for level, value in path[1:3]]


def check_pinpoint(units: tuple[SourceUnit, ...], pinpoint: Pinpoint) -> PinpointCheck:
    """The unit the pinpoint names, or the first level that does not exist."""
    path = _points_of_article(units, wanted(pinpoint))
    article = _unit_matching(units, path[:1]) if path else None
    for depth in range(1, len(path) + 1):
        if _unit_matching(units, path[:depth]) is None:
            level, value = path[depth - 1]
            return PinpointCheck(None, level, value, article)
    return PinpointCheck(_unit_matching(units, path), None, None, article)


def reading_spans(units: tuple[SourceUnit, ...], unit: SourceUnit) -> list[tuple[int, int]]:
    """The text a pinpointed unit is read with, as spans of the source in reading order.

    A 호 / pkt / point is not a sentence of its own: "2. 법률에 특별한 규정이 있거나 …
    불가피한 경우" only means something after its paragraph's lead-in ("개인정보처리자는 다음
    각 호의 어느 하나에 해당하는 경우에는 개인정보를 수집할 수 있으며 …"). So an item is read as the
    lead of its paragraph + the item, a 목 / lit. as the paragraph's lead + the item's lead + the subitem.
    Only the leads: the sibling items are not part of the unit, and a claim about 제1호 must not pass on
    the words of 제2호."""
    spans = [(unit.start, unit.end)]
    node = unit
    by_path = {u.path: u for u in units}
    while node.path and node.path[-1][0] in _SUBORDINATE and len(node.path) > 1:
        parent = by_path.get(node.path[:-1])
        if parent is None:
            break
        depth = len(parent.path) + 1
        children = [u.start for u in units if len(u.path) == depth and u.path[:-1] == parent.path]
        lead_end = min([parent.end, *children])
        if lead_end > parent.start:
            spans.insert(0, (parent.start, lead_end))
        node = parent
    return spans


class Pieces:
    """Offsets in the text read for a claim (pieces of the source joined by newlines) → source offsets."""

    def __init__(self, text: str, spans: list[tuple[int, int]] | None) -> None:
        self.whole = not spans
        self.spans = spans if spans else [(0, len(text))]
        self.text = text if self.whole else "\n".join(text[s:e] for s, e in self.spans)
        self.starts: list[int] = []
        position = 0
        for s, e in self.spans:
            self.starts.append(position)
            position += e - s + 1

    def to_source(self, position: int, *, end: bool = False) -> int:
        for (s, e), at in zip(reversed(self.spans), reversed(self.starts), strict=True):
            if position > at or (position == at and not end):
                return min(s + position - at, e)
        return self.spans[0][0]

    def shift(self, evidence: MatchEvidence) -> MatchEvidence:
        if self.whole:
            return evidence
        return MatchEvidence(
            start=self.to_source(evidence.start),
            end=self.to_source(evidence.end, end=True),
            excerpt=evidence.excerpt,
            similarity=evidence.similarity,
            diff=evidence.diff,
            rules=evidence.rules,
            segments=tuple((self.to_source(s), self.to_source(e, end=True)) for s, e in evidence.segments),
        )


def unit_label(level: str, value: str, jurisdiction: Jurisdiction) -> str:
    if jurisdiction is Jurisdiction.KR:
        base, _, branch = value.partition("-")
        suffix = {"article": "조", "paragraph": "항", "item": "호", "subitem": "목"}[level]
        if level == "subitem":
            return f"{value}목"
        return f"제{base}{suffix}" + (f"의{branch}" if branch else "")
    if jurisdiction is Jurisdiction.PL:
        return {"article": f"art. {value}", "paragraph": f"§ {value}", "item": f"pkt {value}"}.get(
            level, f"lit. {value}"
        )
    return {"article": f"Article {value}", "paragraph": f"({value})", "item": f"({value})"}.get(
        level, f"({value})"
    )


# the claims a judgment's paragraph pinpoints: a quote ("pinpoint") and what the draft says the Court held
_PARAGRAPH_CLAIMS = frozenset({ClaimType.PINPOINT, ClaimType.COURT_HOLDING, ClaimType.PARAPHRASE})


def case_paragraph(claim: Claim) -> str | None:
    """The paragraph a claim names after a judgment's citation, if any: for a quote (`pinpoint`) and for
    a holding or paraphrase of the judgment ("… (ibid., paragraph 59)")."""
    if claim.claim_type not in _PARAGRAPH_CLAIMS:
        return None
    after = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= after <= len(claim.claim_text):
        return None
    m = CASE_PARAGRAPH.match(claim.claim_text, after)
    return m.group(1) if m else None


# "paragraphs 57 and 58", "paragraphs 23, 24, 35, 36 and 43", "paragraphs 30 to 32": the paragraphs after the
# first one of a pinpoint
_MORE_PARAGRAPHS = re.compile(r"(?:,\s?|\s(?:and|to|i|oraz|do|und|bis)\s|\s?[-–]\s?)(\d{1,4})\b")
_RANGE_REACH = 20  # "paragraphs 30 to 32": a longer range is a misreading, not a pinpoint


def case_paragraphs(claim: Claim) -> tuple[str, ...]:
    """Every paragraph a claim names after a judgment's citation: "paragraphs 30 and 44" names both, and the
    claim may be said in either."""
    first = case_paragraph(claim)
    if first is None:
        return ()
    after = claim.citation.span[1] - claim.claim_span[0]
    m = CASE_PARAGRAPH.match(claim.claim_text, after)
    assert m is not None
    found = [first]
    pos = m.end()
    while (more := _MORE_PARAGRAPHS.match(claim.claim_text, pos)) is not None:
        joint = claim.claim_text[more.start() : more.start(1)]
        last = int(found[-1])
        if re.search(r"to|do|bis|[-–]", joint) and 0 < int(more.group(1)) - last <= _RANGE_REACH:
            found.extend(str(n) for n in range(last + 1, int(more.group(1))))
        found.append(more.group(1))
        pos = more.end()
    return tuple(dict.fromkeys(found))


def paragraph_unit(units: tuple[SourceUnit, ...], paragraph: str) -> SourceUnit | None:
    """A numbered paragraph of a judgment."""
    return next((u for u in units if u.path == (("paragraph", paragraph),)), None)


def numbered_paragraphs(units: tuple[SourceUnit, ...]) -> bool:
    """Whether a judgment's text comes as numbered paragraphs (CJEU judgments do, most national ones not)."""
    return any(len(u.path) == 1 and u.path[0][0] == "paragraph" for u in units)


def paragraph_at(units: tuple[SourceUnit, ...], offset: int) -> str | None:
    """The number of the judgment's paragraph that holds `offset`."""
    return next((u.path[-1][1] for u in units if len(u.path) == 1 and u.start <= offset < u.end), None)

"""A term in quotation marks the draft attaches to the citation — "‘non-material damage’, within the meaning
of Article 82(1) of the GDPR", "the concept of ‘processing’ referred to in Article 4(2)", "형법 제331조 제2항
후단의 '2인 이상이 합동하여'" — that the cited unit does not use and another unit of the same act does:
the evidence of a wrong pinpoint that the act's own words give.

    named_term(claim, document, cited, cited_text) -> NamedTerm | None

The draft says the term is the cited unit's ("within the meaning of", "referred to in", "소정의"): a unit
that never uses it cannot be what the draft means, and the unit that does use it is named. A term the act
uses nowhere in its units (a doctrinal name: ‘one-stop-shop’) or one the cited unit uses is no evidence either
way. Spacing and case are not wording ("자격정지 이상" / "자격정지이상").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.model import Claim, SourceDocument, SourceUnit

_QUOTED = r"[‘'“\"„「『]\s?(?P<term>[^’'”\"「」『』‘“\n]{2,80}?)\s?[’'”\"」』]"
# "‘damage’, within the meaning of Article 82", "the concept of ‘processing’ referred to in Article 4(2)",
# "‘personal data’ as defined in Article 4(1)", „szkoda” w rozumieniu art. 361
_BEFORE = re.compile(
    _QUOTED + r"(?:\s?(?:of|in)\s(?:personal\sdata|the\sGDPR))?\s?,?\s?"
    r"(?:within\sthe\smeaning\sof|referred\sto\sin|as\sdefined\sin|defined\sin|used\sin|as\sused\sin"
    r"|in\sthe\ssense\sof|for\sthe\spurposes\sof|laid\sdown\sin|set\sout\sin|provided\sfor\sin|in|under"
    r"|w\srozumieniu|o\sktórym\smowa\sw|określon[ey]\sw|z)\s(?:the\s)?\Z",
)
# "형법 제331조 제2항 후단의 '2인 이상이 합동하여'", "제20조 소정의 '사회상규'", "제314조에서 말하는 '업무'"
_KO_AFTER = re.compile(
    r"\s?(?:본문|단서|전단|후단)?\s?(?:의|소정의|에서\s?말하는|에\s?규정된|에서\s?규정한|에서\s?정한)\s?"
    + _QUOTED
)
# "Article 38(6) … must be interpreted as meaning that a ‘conflict of interests’, as provided for in that
# provision, …": the term comes after the citation and points back at it
_EN_AFTER = re.compile(
    r"[^.;:]{0,120}?"
    + _QUOTED
    + r",?\s(?:as\sprovided\sfor\sin|provided\sfor\sin|within\sthe\smeaning\sof|as\sreferred\sto\sin"
    r"|referred\sto\sin|as\sdefined\sin|laid\sdown\sin|used\sin)\s(?:that|this)\s(?:provision|article)\b"
)
_OTHER_CITATION = re.compile(r"\bArticles?\s\d|\bart\.\s?\d|제\s?\d+\s?조", re.I)
_TERM_WORDS = 6  # a longer quote is a passage: `other_unit` reads it as one
_KEY = re.compile(r"[\s\u00a0’'‘“”\"]+")


@dataclass(frozen=True, slots=True)
class NamedTerm:
    term: str  # as the draft writes it
    unit: SourceUnit  # the unit of the act that uses it
    start: int  # where, in the source
    end: int


def named_term(
    claim: Claim, document: SourceDocument, cited: SourceUnit, cited_text: str
) -> NamedTerm | None:
    """The unit of the act, at the cited unit's level and outside it, that uses the term the draft attaches
    to the citation, when the cited unit (read with its lead-ins: `cited_text`) does not."""
    term = _attached_term(claim)
    if term is None or len(term.split()) > _TERM_WORDS:
        return None
    key = _key(term)
    if len(key) < 2 or key in _key(cited_text):
        return None
    depth = len(cited.path)
    found: list[tuple[int, SourceUnit, int, int]] = []
    for unit in document.units:
        if len(unit.path) != depth or unit.path[: len(cited.path)] == cited.path:
            continue
        at = _find(document.text[unit.start : unit.end], term)
        if at is not None:
            found.append((abs(unit.start - cited.start), unit, unit.start + at[0], unit.start + at[1]))
    if not found:
        return None
    _, unit, start, end = min(found, key=lambda f: f[0])  # the nearest: a neighbour is the likelier slip
    return NamedTerm(term, unit, start, end)


def _attached_term(claim: Claim) -> str | None:
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start <= end <= len(text):
        return None
    before = _BEFORE.search(text[max(0, start - 160) : start])
    if before is not None:
        return before.group("term").strip()
    after = _KO_AFTER.match(text, end) or _EN_AFTER.match(text, end)
    if after is not None and not _OTHER_CITATION.search(text, end, after.start("term")):
        return after.group("term").strip()
    return None


def _key(text: str) -> str:
    return _KEY.sub("", text).casefold()


def _find(text: str, term: str) -> tuple[int, int] | None:
    """Where the term stands in the text, its spacing and case aside (a word's start, not inside one)."""
    pattern = r"\s*".join(re.escape(ch) for ch in _KEY.sub("", term))
    found = re.search(rf"(?<![^\W\d_]){pattern}", text, re.I)
    return found.span() if found is not None else None

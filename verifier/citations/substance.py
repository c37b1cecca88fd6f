"""What a claim says of its source: its sentence without the citations and without the cue that frames it."""

from __future__ import annotations

from verifier.citations import extract_citations
from verifier.citations.claims import ALL_CUES
from verifier.citations.common import CASE_PARAGRAPH
from verifier.citations.references import citation_parens, reference_parens
from verifier.model import Claim, Kind

_CASE_KINDS = frozenset({Kind.JUDGMENT, Kind.EU_CASE, Kind.CONSTITUTIONAL_DECISION})


def claim_substance(claim: Claim, *, keep_cues: bool = False) -> str:
    """The claim's sentence without its citations and without the cue that frames it.

    "개인정보 보호법 제15조 제1항 제2호" or "art. 58 k.c." names the source; it is not something the source
    must say (a statute does not contain its own name). `keep_cues`: the frame stays, for a check of the
    sentence word for word."""
    text = claim.claim_text
    citation = claim.citation
    start = citation.span[0] - claim.claim_span[0]
    end = citation.span[1] - claim.claim_span[0]
    if not (0 <= start < end <= len(text) and text[start:end] == citation.text):
        start = text.find(citation.text) if citation.text else -1
        if start < 0:
            start = end = 0
        else:
            end = start + len(citation.text)
    text = text[:start] + " " * (end - start) + text[end:]
    if citation.kind in _CASE_KINDS:
        # the rest of the judgment's reference ("C-300/21, Österreichische Post, paragraph 42") names where
        # the source says it, not what it says
        tail = CASE_PARAGRAPH.match(text, end)
        if tail is not None:
            text = text[:end] + " " * (tail.end() - end) + text[tail.end() :]
    others = [other.span for other in extract_citations(text)]
    # a list of authorities ("(see, to that effect, judgments of …, Scalable Capital, C-182/22, …)",
    # "(대법원 … 판결 등 참조)") names where the claim is said: its names and dates are not what is said
    for a, b in reference_parens(text):
        text = text[:a] + " " * (b - a) + text[b:]
    text = _without_provision_lists(text, sorted([*others, *([(start, end)] if start < end else [])]))
    # other citations of the same sentence name other sources ("C-300/21 … under Article 82 GDPR")
    for a, b in others:
        text = text[:a] + " " * (b - a) + text[b:]
    # the cue that made it a claim ("provides that", "stanowi, że", "판시하였다", "permits") frames the
    # claim; the source says the substance in its own verbs, so the frame is not a term to find in it
    low = text.lower()
    if keep_cues or len(low) != len(text):
        return text
    for pattern in ALL_CUES.values():
        for m in pattern.finditer(low):
            text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    return text


def _without_provision_lists(text: str, cited: list[tuple[int, int]]) -> str:
    """A parenthesis listing provisions ("(art. 9 ust. 1 ustawy z 2003 r. o ubezpieczeniach obowiązkowych, …,
    art. 822 k.c.)") up to its last citation is names: the title of an act the patterns cannot read is no
    word the cited unit must hold. One citation in brackets keeps what follows it ("(제750조가 정하는 …)")."""
    for a, b in citation_parens(text, 0, len(text), cited):
        inside = [end for start, end in cited if a < start and end <= b]
        if len(inside) >= 2:
            last = max(inside)
            text = text[:a] + " " * (last - a) + text[last:]
    return text

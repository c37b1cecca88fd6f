"""Builders for the extraction tables: what a lawyer reads off a citation, in one comparable tuple."""

from __future__ import annotations

from verifier.citations import extract_citations
from verifier.model import Citation

type Pin = tuple[str | None, str | None, str | None, str | None] | None
type Found = tuple[str, str | None, Pin]


def pin_of(c: Citation) -> Pin:
    if c.anchor is None or c.anchor.pinpoint is None:
        return None
    p = c.anchor.pinpoint
    return (p.article, p.paragraph, p.item, p.subitem)


def found(text: str) -> list[Found]:
    """(citation text, anchor key, pinpoint) for every citation, asserting the span invariant on the way."""
    out: list[Found] = []
    for c in extract_citations(text):
        assert text[c.span[0] : c.span[1]] == c.text
        out.append((c.text, c.anchor.key if c.anchor else None, pin_of(c)))
    return out


def art(
    article: str, paragraph: str | None = None, item: str | None = None, subitem: str | None = None
) -> Pin:
    return (article, paragraph, item, subitem)


def only(text: str) -> Citation:
    cites = extract_citations(text)
    assert len(cites) == 1, [c.text for c in cites]
    return cites[0]

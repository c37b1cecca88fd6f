"""The query's words marked in a document preview, as plain segments a template escapes and wraps in <mark>.

terms(query) -> list[str]                      the words worth marking (quotes keep a phrase together)
highlight(text, query) -> list[Segment]        [(text, marked), …] covering `text` exactly
window(text, query, size=1500) -> (start, end) the part of a long text around the first marked word
"""

from __future__ import annotations

import re

type Segment = tuple[str, bool]

_PHRASE = re.compile(r'"([^"]+)"|(\S+)')
_EDGE = re.compile(r"^[\s.,;:!?()\[\]{}'\"「」『』《》〈〉]+|[\s.,;:!?()\[\]{}'\"「」『』《》〈〉]+$")


def terms(query: str) -> list[str]:
    found: list[str] = []
    for phrase, word in _PHRASE.findall(query or ""):
        term = _EDGE.sub("", phrase or word)
        # One Latin letter or digit marks half the text; one Hangul syllable is a word (법, 죄) and is kept.
        if len(term) < 2 and not re.fullmatch(r"[가-힣]", term):
            continue
        if term.casefold() not in {t.casefold() for t in found}:
            found.append(term)
    return sorted(found, key=len, reverse=True)


def _pattern(query: str) -> re.Pattern[str] | None:
    words = terms(query)
    if not words:
        return None
    # Spaces inside a phrase match any run of whitespace, as statute text wraps lines.
    alternatives = [r"\s+".join(re.escape(part) for part in w.split()) for w in words]
    return re.compile("|".join(alternatives), re.IGNORECASE)


def highlight(text: str, query: str) -> list[Segment]:
    pattern = _pattern(query)
    if pattern is None or not text:
        return [(text, False)] if text else []
    segments: list[Segment] = []
    last = 0
    for m in pattern.finditer(text):
        if m.start() == m.end():
            continue
        if m.start() > last:
            segments.append((text[last : m.start()], False))
        segments.append((m.group(0), True))
        last = m.end()
    if last < len(text):
        segments.append((text[last:], False))
    return segments


def window(text: str, query: str, size: int = 1500) -> tuple[int, int]:
    """Where to cut a long text for a preview: around the first match, else the beginning."""
    if len(text) <= size:
        return 0, len(text)
    # The whole query as a phrase first: a lone common word would open the preview at its first use.
    phrase = re.compile(r"\s+".join(map(re.escape, query.split()))) if query.split() else None
    pattern = _pattern(query)
    m = (phrase.search(text) if phrase else None) or (pattern.search(text) if pattern else None)
    start = 0 if m is None else max(0, m.start() - size // 4)
    newline = text.rfind("\n", 0, start)
    if start and newline != -1 and start - newline < 200:
        start = newline + 1
    return start, min(len(text), start + size)

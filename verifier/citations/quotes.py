"""Quoted passages: „…”, “…”, "…", «…», ‘…’, 「…」, 『…』 and Markdown block quotes (`> …`).

One left-to-right scan with a stack, so nested or unbalanced quotes cost linear time. Only outermost quotes
are reported; a quote never crosses a blank line. 「민사집행법」 is a law name in brackets, not a quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.model import Span


@dataclass(frozen=True, slots=True)
class Quote:
    span: Span  # the quote marks included
    inner: Span  # the quoted words only
    text: str  # the quoted words as the claim carries them (block quotes lose their "> " markers)


_MARKS = re.compile(r"[„“”«»‘’「」『』\"]|\n[ \t]*\n")
_CLOSERS = {"„": "”“", "“": "”", "«": "»", "‘": "’", "「": "」", "『": "』", '"': '"'}
# For each mark, the openers it may close (precomputed: the scan runs once per mark of a megabyte draft).
_CLOSES: dict[str, tuple[str, ...]] = {
    ch: tuple(o for o, c in _CLOSERS.items() if ch in c) for ch in '„“”«»‘’「」『』"'
}
_LAW_IN_BRACKETS = re.compile(
    r"[가-힣A-Za-z0-9·ㆍ ]{0,60}(?:법|법률|령|규칙|규정|조례)(?: ?시행령| ?시행규칙)?"
)
_BLOCK = re.compile(r"(?m)^[ \t]{0,3}>[ \t]?(?P<body>.*)$(?:\n^[ \t]{0,3}>[ \t]?.*$)*")


def find_quotes(norm: str) -> list[Quote]:
    quotes = _inline(norm) + _blocks(norm)
    quotes.sort(key=lambda q: q.span)
    return quotes


def _inline(norm: str) -> list[Quote]:
    found: list[Quote] = []
    stack: list[tuple[str, int]] = []
    open_count: dict[str, int] = {}
    for m in _MARKS.finditer(norm):
        ch, at = m.group(), m.start()
        if ch[0] == "\n":
            stack.clear()
            open_count.clear()
            continue
        if ch == "“":
            # An English opening mark, unless it closes a Polish „.
            # German-style „…“ closes when the mark ends a word; “ before a word opens a nested quote.
            ends_word = at > 0 and not norm[at - 1].isspace()
            followed = at + 1 < len(norm) and norm[at + 1].isalnum()
            closing = ends_word and not followed
            closes: tuple[str, ...] = ("„",) if closing and stack and stack[-1][0] == "„" else ()
        else:
            closes = tuple(o for o in _CLOSES[ch] if open_count.get(o, 0) > 0)
        if closes:
            while stack:
                opener, where = stack.pop()
                open_count[opener] -= 1
                if opener in closes:
                    if not stack:
                        _record(norm, found, where, at + 1)
                    break
            continue
        if ch in _CLOSERS:
            if ch == "‘" and at > 0 and norm[at - 1].isalnum():
                continue  # an apostrophe-like mark inside a word
            stack.append((ch, at))
            open_count[ch] = open_count.get(ch, 0) + 1
    return found


def _record(norm: str, found: list[Quote], start: int, end: int) -> None:
    inner = (start + 1, end - 1)
    text = norm[inner[0] : inner[1]]
    if not text.strip():
        return
    if norm[start] == "「" and _LAW_IN_BRACKETS.fullmatch(text.strip()):
        return
    found.append(Quote((start, end), inner, text))


def _blocks(norm: str) -> list[Quote]:
    found: list[Quote] = []
    for m in _BLOCK.finditer(norm):
        lines = [re.sub(r"^[ \t]{0,3}>[ \t]?", "", line) for line in m.group().split("\n")]
        text = " ".join(line.strip() for line in lines if line.strip())
        if not text:
            continue
        found.append(Quote((m.start(), m.end()), (m.start("body"), m.end()), text))
    return found

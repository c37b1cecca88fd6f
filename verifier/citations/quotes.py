"""Quoted passages: „…”, “…”, "…", «…», ‘…’, '…', 「…」, 『…』 and Markdown block quotes (`> …`).

One left-to-right scan with a stack, so nested or unbalanced quotes cost linear time. Only outermost quotes
are reported; an inline quote never crosses a blank line. A quote set out in paragraphs of its own, as the
CJEU quotes an article ("Article 23 of the GDPR states:" ⏎⏎ "‘1. Union or Member State law …" ⏎⏎ "(a)
national security;" … "… the restriction.’"), opens a paragraph after one that ends with a colon and closes
at the end of a later one: it is one quote, and the quotes and citations inside it are its own.
「민사집행법」 and 『민법』 are law names in brackets, not quotes.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

from verifier.model import Span


@dataclass(frozen=True, slots=True)
class Quote:
    span: Span  # the quote marks included
    inner: Span  # the quoted words only
    text: str  # the quoted words as the claim carries them (block quotes lose their "> " markers)


_MARKS = re.compile(r"([„“”«»‘’「」『』\"'])\1*|\n[ \t]*\n")
# A straight single quote closes a curly one too: real judgments mix them ("‘이득액'이란").
_CLOSERS = {"„": "”“", "“": "”", "«": "»", "‘": "’'", "「": "」", "『": "』", '"': '"', "'": "'"}
# For each mark, the openers it may close (precomputed: the scan runs once per mark of a megabyte draft).
_CLOSES: dict[str, tuple[str, ...]] = {
    ch: tuple(o for o, c in _CLOSERS.items() if ch in c) for ch in "„“”«»‘’「」『』\"'"
}
_LAW_IN_BRACKETS = re.compile(
    r"[가-힣A-Za-z0-9\u00b7\u318d\u2027\u2022\u30fb ]{0,60}"
    r"(?:법|법률|령|규칙|규정|조례)(?: ?시행령| ?시행규칙)?"
)
_BLOCK = re.compile(r"(?m)^[ \t]{0,3}>[ \t]?(?P<body>.*)$(?:\n^[ \t]{0,3}>[ \t]?.*$)*")


def find_quotes(norm: str) -> list[Quote]:
    set_out = _set_out(norm)
    starts = [o.span[0] for o in set_out]  # in order and apart: one bisection finds the quote around a point

    def inside(at: int) -> bool:
        k = bisect.bisect_right(starts, at) - 1
        return k >= 0 and at < set_out[k].span[1]

    inline = [q for q in _inline(norm) if not inside(q.span[0])]
    quotes = inline + _blocks(norm) + set_out
    quotes.sort(key=lambda q: q.span)
    return quotes


# a quote set out in paragraphs: its first paragraph opens with a mark after a paragraph that ends with a
# colon, and a later paragraph ends with the closing mark (and the sentence's full stop or semicolon). A
# paragraph is a line: a .docx draft separates its paragraphs with one line break, Markdown with a blank line.
_LINE = re.compile(r"[^\n]+")  # blank ones are dropped after: a pattern that must find \S backtracks
_OPENS = "‘“„«\"'"
_ENDS = re.compile(r"[’”»\"'][.;,]?\s*\Z")
SET_OUT_PARAGRAPHS = 60  # a quoted article of a few dozen points; past this, no closing mark is its end
SET_OUT_CHARS = 30_000


def _set_out(norm: str) -> list[Quote]:
    found: list[Quote] = []
    lines = [(m.start(), m.end()) for m in _LINE.finditer(norm) if not m.group().isspace()]
    i = 1
    while i < len(lines):
        start, end = lines[i]
        opening = start + len(norm[start:end]) - len(norm[start:end].lstrip())
        if norm[opening] not in _OPENS or not norm[lines[i - 1][0] : lines[i - 1][1]].rstrip().endswith(":"):
            i += 1
            continue
        last = None
        if _ENDS.search(norm, start, end) is None:  # else it closes in its own paragraph: an inline quote
            last = _closing_line(norm, lines, i)
        if last is None:
            i += 1
            continue
        closing = _ENDS.search(norm, lines[last][0], lines[last][1])
        assert closing is not None
        inner = (opening + 1, closing.start())
        words = " ".join(norm[inner[0] : inner[1]].split())
        found.append(Quote((opening, closing.start() + 1), inner, words))
        i = last + 1
    return found


def _closing_line(norm: str, lines: list[tuple[int, int]], first: int) -> int | None:
    """The first later paragraph that ends with a closing mark, within the bounds of a set-out quote."""
    for j in range(first + 1, min(len(lines), first + SET_OUT_PARAGRAPHS)):
        if lines[j][1] - lines[first][0] > SET_OUT_CHARS:
            return None
        if _ENDS.search(norm, lines[j][0], lines[j][1]) is not None:
            return j
    return None


def _inline(norm: str) -> list[Quote]:
    """Outermost quotes. Runs of one mark („„„ or ”””) are handled as a whole, so that a megabyte of nested
    quote marks costs one step per run, not per mark."""
    found: list[Quote] = []
    stack: list[list[Any]] = []  # [opener, position of its first mark, how many marks]
    open_count: dict[str, int] = dict.fromkeys(_CLOSERS, 0)
    for m in _MARKS.finditer(norm):
        run, at = m.group(), m.start()
        ch = run[0]
        if ch == "\n":
            stack.clear()
            open_count = dict.fromkeys(_CLOSERS, 0)
            continue
        k = len(run)
        if ch == '"':
            # Straight quotes alternate: the first closes an open one, pairs after it are empty quotes.
            if open_count['"'] > 0:
                _close(norm, found, stack, open_count, ('"',), at, 1)
                k -= 1
            if k % 2 == 1:
                _open(stack, open_count, '"', at + len(run) - 1, 1)
            continue
        if ch == "'":
            _straight_single(norm, found, stack, open_count, at, k)
            continue
        if ch == "“":
            # German-style „…“ closes when the mark ends a word; “ before a word opens a nested quote.
            ends_word = at > 0 and not norm[at - 1].isspace()
            end = at + k
            followed = end < len(norm) and norm[end].isalnum()
            if ends_word and not followed and stack and stack[-1][0] == "„":
                _close(norm, found, stack, open_count, ("„",), at, k)
            else:
                _open(stack, open_count, ch, at, k)
            continue
        closes = tuple(o for o in _CLOSES[ch] if open_count[o] > 0)
        if closes:
            _close(norm, found, stack, open_count, closes, at, k)
        elif ch in _CLOSERS:
            if ch == "‘" and at > 0 and norm[at - 1].isalnum():
                continue  # an apostrophe-like mark inside a word
            _open(stack, open_count, ch, at, k)
    return found


def _straight_single(
    norm: str, found: list[Quote], stack: list[list[Any]], open_count: dict[str, int], at: int, k: int
) -> None:
    """A straight ' is a quote mark only where a word cannot hold it: it opens before a word and after a
    space or a bracket ('형의 선고는 …'), and closes an open one after a word, not before a Latin letter (a
    Korean particle follows its quote: '…'라고). In a Latin word ("don't", "Court's") it is an apostrophe
    and is passed over."""
    if k != 1:
        return
    before = norm[at - 1] if at > 0 else " "
    after = norm[at + 1] if at + 1 < len(norm) else " "
    closes = tuple(o for o in _CLOSES["'"] if open_count[o] > 0)
    if closes and not before.isspace() and not _latin_word(after):
        _close(norm, found, stack, open_count, closes, at, 1)
    elif not _latin_word(before) and not after.isspace():
        _open(stack, open_count, "'", at, 1)


def _latin_word(ch: str) -> bool:
    return (ch.isascii() and ch.isalnum()) or ch in "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"


def _open(stack: list[list[Any]], open_count: dict[str, int], ch: str, at: int, k: int) -> None:
    stack.append([ch, at, k])
    open_count[ch] += k


def _close(
    norm: str,
    found: list[Quote],
    stack: list[list[Any]],
    open_count: dict[str, int],
    closes: tuple[str, ...],
    at: int,
    k: int,
) -> None:
    used = 0
    while used < k and stack and any(open_count[o] > 0 for o in closes):
        top = stack[-1]
        if top[0] not in closes:
            open_count[top[0]] -= top[2]  # an inner quote left open: it ends here, unrecorded
            stack.pop()
            continue
        take = min(k - used, top[2])
        top[2] -= take
        open_count[top[0]] -= take
        used += take
        if top[2] == 0:
            stack.pop()
            if not stack:
                _record(norm, found, top[1], at + used)


def _record(norm: str, found: list[Quote], start: int, end: int) -> None:
    inner = (start + 1, end - 1)
    text = norm[inner[0] : inner[1]]
    if not text.strip():
        return
    if norm[start] in "「『" and _LAW_IN_BRACKETS.fullmatch(text.strip()):
        return
    if norm[start] == "'" and not any(ch.isalpha() for ch in text):
        return  # "판례일련번호: '118160'": a value in straight quotes, no one's words
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

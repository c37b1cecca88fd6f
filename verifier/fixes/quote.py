"""A 🟡 modified quote put back in the source's words: the passage the fragment matcher found for it.

The matcher's window is the shortest stretch of the source that aligns with the quote, so it can stop
short of the sentence the draft quotes whole: "…법률행위는 무효이다." aligns with "…법률행위는 무효로",
and the source goes on "한다.". Where the draft's quote ends a sentence and the window does not, the
window is carried to the end of the source's sentence (a few words at most), so the fix quotes the source
as it reads, not a cut-off phrase. A quote with […] gaps keeps them: each part is the source's words for
that part.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from verifier.fixes import Fix

SENTENCE_END = ".!?。"
# How far past the window a sentence's end is looked for: a word or two, never the next sentence.
TAIL_CHARS = 24
GAP = " […] "
_SPACE = re.compile(r"\s+")


def source_words(
    quote: str, window: str, window_start: int, segments: Sequence[tuple[int, int]], start: int, end: int
) -> str:
    """The source's words for `quote`: `window` is the source's text from `window_start` (it covers the
    match [start, end) and TAIL_CHARS after it); `segments`, one span per part of a quote with […] gaps."""
    parts = [(s, e) for s, e in segments] or [(start, end)]
    texts = [window[s - window_start : e - window_start] for s, e in parts]
    last_end = parts[-1][1] - window_start
    if quote.rstrip()[-1:] in SENTENCE_END and texts[-1].rstrip()[-1:] not in SENTENCE_END:
        tail = window[last_end : last_end + TAIL_CHARS]
        stop = min((i for i, char in enumerate(tail) if char in SENTENCE_END or char == "\n"), default=-1)
        if stop >= 0 and tail[stop] != "\n":
            texts[-1] += tail[: stop + 1]
    # the source's line breaks (a statute's items) are not the draft's: one space, as in a sentence
    return GAP.join(_SPACE.sub(" ", text).strip() for text in texts)


def quote_fix(draft: str, quote_span: tuple[int, int], words: str, *, finding: str, why: str) -> Fix | None:
    """Replace the quoted words (inside their quotation marks) by `words` as one change; None when nothing
    would change or the span is not the quote's."""
    start, end = quote_span
    if not 0 <= start < end <= len(draft) or not words.strip() or draft[start:end] == words:
        return None
    return Fix(start, end, words, finding, why)


_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


def quote_fixes(draft: str, quote_span: tuple[int, int], words: str, *, finding: str, why: str) -> list[Fix]:
    """The same change as `quote_fix`, cut into the words that differ (−"interest" +"interests"): the lawyer
    reads one struck word and its replacement, not the whole quote struck and written again. A word the
    source adds is given with the word before it, so every change replaces something."""
    whole = quote_fix(draft, quote_span, words, finding=finding, why=why)
    if whole is None:
        return []
    start, end = quote_span
    old = [m.group() for m in _TOKEN.finditer(draft[start:end])]
    new = [m.group() for m in _TOKEN.finditer(words)]
    offsets = [start]
    for token in old:
        offsets.append(offsets[-1] + len(token))
    fixes: list[Fix] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if i1 == i2:  # an insertion: replace the token before it (or after it, at the start) with both
            if i1 > 0:
                i1, j1 = i1 - 1, j1 - 1
            else:
                i2, j2 = i2 + 1, j2 + 1
        fixes.append(Fix(offsets[i1], offsets[i2], "".join(new[j1:j2]), finding, why))
    merged: list[Fix] = []
    for fix in fixes:  # two changes that touch are one
        if merged and merged[-1].end >= fix.start:
            last = merged.pop()
            gap = draft[last.end : fix.start]
            fix = Fix(last.start, max(last.end, fix.end), last.text + gap + fix.text, finding, why)
        merged.append(fix)
    return merged

"""A parenthetical list of authorities: "(see, to that effect, judgments of 4 May 2023, Österreichische Post,
C-300/21, EU:C:2023:370, paragraph 32; of 20 June 2024, Scalable Capital, …)", "(대법원 1994. 4. 15. 선고
94도365 판결 등 참조)", "(zob. wyrok SN z 5 lipca 2002 r., III CZP 36/02)".

Such a parenthesis says where the words before it are said, not what is said: the authorities in it are
cited for the proposition it closes (lawyers' and courts' convention), and the names, dates and paragraph
numbers in it are no part of any claim's substance.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from verifier.model import Span

# how a list of authorities opens: "(see", "(see, to that effect,", "(cf.", "(judgments of", "(zob.", "(por."
_OPENS = re.compile(
    r"\(\s*(?:see\b|cf\.|compare\b|judgments?\s+of\b|orders?\s+of\b|zob\.|por\.|wyrok\w*\s|"
    r"postanowieni\w*\s|uchwał\w*\s|vgl\.)",
    re.IGNORECASE,
)
# how a Korean one closes: "… 판결 등 참조)", or it opens with the court and closes with the decision
_KO_CLOSES = re.compile(r"참조\s*\)\Z")
_KO_COURT_LIST = re.compile(r"\(\s*(?:대법원|헌법재판소|대법)\s[^()]*(?:판결|결정)\s*\)\Z")
_BRACKETS = re.compile(r"[()]")
_LONGEST = 1500  # characters: a longer "parenthesis" is an unbalanced bracket, not a list of authorities


def _balanced(text: str, lo: int, hi: int) -> list[Span]:
    """Every outermost (…) of text[lo:hi], with the brackets."""
    out: list[Span] = []
    depth, start = 0, -1
    # only the brackets are visited: a sentence is scanned once per citation in it, and a draft of thousands
    # of citations in bracketless sentences would otherwise cost a Python step per character each time
    for m in _BRACKETS.finditer(text, lo, hi):
        i, c = m.start(), m.group()
        if c == "(":
            if depth == 0:
                start = i
            depth += 1
        elif c == ")" and depth:
            depth -= 1
            if depth == 0:
                out.append((start, i + 1))
    return out


def reference_parens(text: str, lo: int = 0, hi: int | None = None) -> list[Span]:
    """The parenthetical lists of authorities in text[lo:hi], brackets included, in text order."""
    end = len(text) if hi is None else hi
    out = []
    for a, b in _balanced(text, lo, end):
        if b - a > _LONGEST:
            continue
        inner = text[a:b]
        if _OPENS.match(inner) or _KO_CLOSES.search(inner) or _KO_COURT_LIST.match(inner):
            out.append((a, b))
    return out


def citation_parens(text: str, lo: int, hi: int, citations: Sequence[Span]) -> list[Span]:
    """The parentheses of text[lo:hi] that open with a citation ("(art. 9 ust. 1 ustawy z 2003 r. o …,
    art. 822 k.c.)"): a list of provisions given for the words before it, each cited for those words, never
    for the act titles of the ones before it in the list."""
    starts = sorted(a for a, _ in citations)
    out = []
    for a, b in _balanced(text, lo, hi):
        first = bisect.bisect_right(starts, a)
        if first < len(starts) and starts[first] < b and not text[a + 1 : starts[first]].strip():
            out.append((a, b))
    return out


def enclosing(parens: list[Span], start: int, end: int) -> Span | None:
    """The list of authorities that holds text[start:end], if any."""
    return next((p for p in parens if p[0] < start and end <= p[1]), None)


__all__ = ["citation_parens", "enclosing", "reference_parens"]

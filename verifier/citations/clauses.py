"""Each citation's own clause: the part of its sentence that makes the claim the citation is evidence for.

A sentence that cites two sources makes two claims ("근로기준법 제50조 제1항에 따라 … 초과할 수 없고,
근로기준법 제60조 제1항에 따라 … 주어야 한다"): the words of one are never evidence for, or against, the
other. Between two consecutive citations of one sentence the clause boundary is

- none, when there is nothing of substance between them (a list: "art. 5 i art. 6 k.c.", "C-300/21,
  Österreichische Post", "95도2446 판결, 2003도3768 판결"), or when the second one belongs to the first one's
  claim (a statute inside a holding reported of a case cited before it, one read in conjunction with the
  one before, one quoted inside someone else's words);
- right after the first citation, when it closes a clause of its own ("Czas pracy nie może przekraczać 8
  godzin (art. 129 § 1 k.p.), a …");
- otherwise at the last clause separator before the second citation (", ", "; ", "–", "고 ", "and …").

A factual premise that opens the clause ("A의 개인정보에 해당하므로, …", "Since the data are personal, …")
is not part of what the statute says, and is left out. Separators inside quotes never count.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Sequence

from verifier.citations.claims import Frames
from verifier.citations.references import citation_parens, enclosing, reference_parens
from verifier.model import Span

_CONJUNCTIONS = (
    r"and|or|while|whereas|but|and that|zaś|natomiast|oraz|lecz|ale|jednak|jednakże|a|i|"
    r"그리고|또한|한편|및"
)
_KO_CONNECTIVES = (
    "하고",
    "되고",
    "없고",
    "있고",
    "이고",
    "않고",
    "하며",
    "되며",
    "이며",
    "으며",
    "지만",
    "거나",
)
_SEPARATOR = re.compile(
    rf"(?:[,;:]|\s[–—-])(?:\s+(?:{_CONJUNCTIONS}))?\s+"
    # a Korean connective ending closes a clause even without a comma: "… 초과할 수 없고 근로기준법 …"
    + "".join(f"|(?<={e})\\s+" for e in _KO_CONNECTIVES)
)
# "… and under Article 7 GDPR", "… i zgodnie z art. 6 k.c.": a conjunction shortly before the citation
_CONJUNCTION_BEFORE = re.compile(
    r"\s(?:and|while|whereas|but|zaś|natomiast|oraz|a|i|lecz|그리고|또한)\s(?:[\w.]+\s){0,3}\Z"
)
_TRIM_END = re.compile(rf"(?:[\s,;:–—-]+|\s(?:{_CONJUNCTIONS}))\Z")
_REACH = 600  # how far apart two citations may be for their words to be weighed; longer gaps are cut
# where a factual premise ends: "…에 해당하므로, ", "…이기 때문에 ", "…한 이상, "
_KO_PREMISE = re.compile(r"(?:므로|기 때문에|인 이상|한 이상|니까),?\s")
_LATIN_PREMISE = re.compile(
    r"\s*(?:Since|Because|As|Given that|Inasmuch as|Ponieważ|Skoro|Jako że|Zważywszy, że|"
    r"Z uwagi na to, że|Wobec tego, że|Gdyż)\s",
)


def clause_spans(
    norm: str,
    sentence: Span,
    members: Sequence[int],
    spans: Sequence[Span],
    quotes: Sequence[Span],
    joined: Callable[[int], bool],
    frames: Frames,
) -> dict[int, Span]:
    """Index → clause for the citations `members` (indices into `spans`, in text order) of one sentence.
    `joined(i)`: citation i is part of the claim of the one before it (no boundary in front of it)."""
    out: dict[int, Span] = {}
    group = [members[0]]
    seg_start = sentence[0]
    parens = reference_parens(norm, *sentence)
    listed = {i: enclosing(parens, *spans[i]) for i in members}
    provisions = citation_parens(norm, *sentence, [spans[i] for i in members])
    for prev, nxt in itertools.pairwise(members):
        closed = listed[prev]
        shared = enclosing(provisions, *spans[prev])
        if closed is not None and spans[nxt][0] >= closed[1]:
            # a list of authorities closes the claim it supports: what follows it is the next claim's
            cut: tuple[int, int] | None = _after(norm, closed[1], spans[nxt][0])
        elif listed[nxt] is not None:
            cut = None  # the authorities in a list are cited for the words before it, with the citation there
        elif shared is not None and shared == enclosing(provisions, *spans[nxt]):
            cut = None  # "(art. 9 ust. 1 ustawy z 2003 r. o …, art. 822 k.c.)": one list, one claim before it
        else:
            cut = None if joined(nxt) else _boundary(norm, spans[prev], spans[nxt], seg_start, quotes, frames)
        if cut is None:
            group.append(nxt)
            continue
        left_end, right_start = cut
        for i in group:
            out[i] = (seg_start, left_end)
        seg_start = right_start
        group = [nxt]
    last = listed[group[-1]]
    for i in group:
        out[i] = (seg_start, last[1] if last is not None else sentence[1])
    return {i: _trimmed(norm, span) for i, span in out.items()}


def _after(norm: str, close: int, limit: int) -> tuple[int, int]:
    """(end of the claim a list of authorities closes, start of the next): the separator after it skipped."""
    sep = _SEPARATOR.match(norm, close, limit)
    if sep is None:
        sep = re.compile(r"[\s,;:]*").match(norm, close, limit)
    return close, sep.end() if sep is not None else close


def _trimmed(norm: str, span: Span) -> Span:
    a, b = span
    text = norm[a:b]
    stripped = text.strip()
    if not stripped:
        return (a, a)
    a += len(text) - len(text.lstrip())
    b = a + len(stripped)
    # a clause ends before the separator and conjunction that open the next one (", and", ", a")
    while (m := _TRIM_END.search(norm, a, b)) is not None and a < m.start() < b:
        b = m.start()
    return (a, b)


def _inside(pos: int, quotes: Sequence[Span]) -> bool:
    i = bisect.bisect_right(quotes, (pos, len(quotes) + pos + 1)) - 1
    return any(quotes[j][0] <= pos < quotes[j][1] for j in range(max(0, i - 2), i + 1))


def _boundary(
    norm: str, a: Span, b: Span, seg_start: int, quotes: Sequence[Span], frames: Frames
) -> tuple[int, int] | None:
    """(end of a's clause, start of b's clause), or None when a and b make one claim."""
    lo, hi = a[1], b[0]
    if hi - lo > _REACH:
        lo = hi - _REACH
    if not frames.says_something(lo, hi):
        return None  # a list of authorities, a chain of units, a case and its name
    seps = [m for m in _SEPARATOR.finditer(norm, lo, hi) if not _inside(m.start(), quotes)]
    conj = _CONJUNCTION_BEFORE.search(norm, max(lo, hi - 60), hi)
    if conj is not None and _inside(conj.start(), quotes):
        conj = None
    if not seps and conj is None:
        return None
    # "…8 godzin na dobę (art. 129 § 1 k.p.), a …", "…osobie”, o której mowa w art. 55 ust. 3 …, bowiem":
    # a closes its own clause, the words before it are its claim; what follows the separator is the next
    # citation's. An introduction alone ("Zgodnie z", "Under") is a cue, not a word of the claim.
    if seps and seps[0].start() - a[1] <= 2 and frames.words(max(seg_start, a[0] - 400), a[0], 1):
        return seps[0].start(), seps[0].end()
    last = max([*seps, *([conj] if conj is not None else [])], key=lambda m: m.start())
    return last.start(), last.end()


def premise_end(norm: str, clause: Span, citation_start: int, others: Sequence[Span]) -> int:
    """Where the clause's own claim starts: after a factual premise that opens it and contains no citation
    ("A가 작성한 인사 메모는 A의 개인정보에 해당하므로, 개인정보 보호법 제35조 …" starts at 개인정보 보호법).
    The clause start when there is none."""
    a = clause[0]
    if citation_start <= a:
        return a
    lo = max(a, citation_start - 400)
    end = None
    for m in _KO_PREMISE.finditer(norm, lo, citation_start):
        end = m.end()
    if end is None and _LATIN_PREMISE.match(norm, a) is not None:
        comma = norm.rfind(", ", a, citation_start)
        if comma > a:
            end = comma + 2
    if end is None or any(a <= o[0] < end for o in others):
        return a
    # a premise must leave the claim its words: "Since …, Article 15 GDPR" keeps the citation and what follows
    return end


__all__ = ["clause_spans", "premise_end"]

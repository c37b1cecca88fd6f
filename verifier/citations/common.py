"""Shared plumbing for the citation extractors: a cleaned working copy of the draft with an offset map.

Extractors never match on the draft itself. They match on `Prepared.norm`, a copy in which NFD sequences
are composed (Hangul jamo, Latin combining accents), NBSP-like spaces are plain spaces, non-breaking and
other Unicode hyphens are "-", and invisible characters (soft hyphen, zero-width space, BOM) are gone.
`Prepared.to_source` maps a span of the copy back to the exact span of the draft, so that
`draft[span] == citation.text` holds whatever the draft's encoding quirks were.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from verifier.model import Anchor, Jurisdiction, Kind, Pinpoint, Span

_SPACES = "\u00a0\u2007\u202f\u2009\u200a\u2002\u2003\u2004\u2005\u2006\u2008\u205f\u3000"
_HYPHENS = "\u2010\u2011\u2012\u2212\ufe63\uff0d"
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"

# Marks NFC may fold into the character before them: Latin combining accents, Hangul medial/final jamo
# (an NFD syllable is L+V(+T)). The pattern starts with a character class so that `re` can skip ahead fast.
_SPECIAL = re.compile("[" + _SPACES + _HYPHENS + _INVISIBLE + r"]|[\u0300-\u036f\u1160-\u11ff]+")
_TRANSLATE = {ord(c): " " for c in _SPACES} | {ord(c): "-" for c in _HYPHENS}


@dataclass(frozen=True, slots=True)
class Prepared:
    """The working copy and, when it differs from the draft, where each of its characters came from.

    The map is piecewise: segment i starts at `seg_norm[i]` in the copy and covers `seg_src[i]` =
    (source start, source end, copied) — copied segments map one to one, composed ones (an NFC syllable
    from an NFD run) map every character to the whole run. Deleted characters fall between segments."""

    source: str
    norm: str
    seg_norm: list[int] | None = field(default=None, repr=False)
    seg_src: list[tuple[int, int, bool]] | None = field(default=None, repr=False)

    def _start(self, i: int) -> int:
        assert self.seg_norm is not None
        assert self.seg_src is not None
        k = bisect.bisect_right(self.seg_norm, i) - 1
        src_a, _src_b, copied = self.seg_src[k]
        return src_a + (i - self.seg_norm[k]) if copied else src_a

    def _end(self, i: int) -> int:
        assert self.seg_norm is not None
        assert self.seg_src is not None
        k = bisect.bisect_right(self.seg_norm, i) - 1
        src_a, src_b, copied = self.seg_src[k]
        return src_a + (i - self.seg_norm[k]) + 1 if copied else src_b

    def to_source(self, start: int, end: int) -> Span:
        if self.seg_norm is None:
            return (start, end)
        if start >= end:
            pos = self._start(start) if start < len(self.norm) else len(self.source)
            return (pos, pos)
        return (self._start(start), self._end(end - 1))


def prepare(text: str) -> Prepared:
    """Build the working copy. Text with nothing to clean (the common case) costs one regex scan."""
    if not isinstance(text, str):
        raise TypeError(f"citation extraction needs str, got {type(text).__name__}")
    if _SPECIAL.search(text) is None:
        return Prepared(text, text)
    out: list[str] = []
    seg_norm: list[int] = []
    seg_src: list[tuple[int, int, bool]] = []
    n = 0  # length of the copy so far
    pos = 0
    for m in _SPECIAL.finditer(text):
        a, b = m.start(), m.end()
        if text[a] not in _SPACES and text[a] not in _HYPHENS and text[a] not in _INVISIBLE and a > pos:
            a -= 1  # the starter the marks compose with
        if a > pos:
            out.append(text[pos:a])
            seg_norm.append(n)
            seg_src.append((pos, a, True))
            n += a - pos
        chunk = text[a:b]
        if len(chunk) == 1 and chunk in _INVISIBLE:
            pass
        elif len(chunk) == 1 and ord(chunk) in _TRANSLATE:
            out.append(chunk.translate(_TRANSLATE))
            seg_norm.append(n)
            seg_src.append((a, b, True))
            n += 1
        else:
            composed = unicodedata.normalize("NFC", chunk)
            out.append(composed)
            # Every composed character points at the whole run: a span can never split a syllable.
            seg_norm.append(n)
            seg_src.append((a, b, False))
            n += len(composed)
        pos = b
    if pos < len(text):
        out.append(text[pos:])
        seg_norm.append(n)
        seg_src.append((pos, len(text), True))
    return Prepared(text, "".join(out), seg_norm, seg_src)


# a paragraph of a judgment named right after its citation: "C-300/21, para. 42", "pkt 3", "Rn. 12",
# "ibid., paragraph 45"; the case's short name or its ECLI may stand between ("C-300/21, Österreichische
# Post, paragraph 42", "C-300/21, EU:C:2023:370, paragraph 42") (pages, "s. 12", cannot be found in a text
# without page breaks and are not checked)
CASE_PARAGRAPH = re.compile(
    r"\s?[,(]?\s?"
    r"(?:(?-i:[A-ZÀ-ÖØ-Þ][\w’'.&-]*)(?: (?-i:[A-ZÀ-ÖØ-Þ&][\w’'.&-]*|and|v|v\.)){0,4},\s?)?"
    r"(?:(?-i:EU:[CTF]:\d{4}:\d{1,6}),\s?)?"
    r"(?:para\.|paras\.|paragraphs?|pkt|punkt|nb\.|Rn\.|Rz\.|§)\s?\[?(\d{1,4})\b",
    re.IGNORECASE,
)


# the problem of a citation of another country's act that has a Korean act's name ("중화민국 민법 제1146조")
FOREIGN_ACT = "another country's act: not checked against the Korean act of that name"


@dataclass(frozen=True, slots=True)
class Hit:
    """A citation found on the working copy, before its span is mapped back to the draft."""

    start: int
    end: int
    jurisdiction: Jurisdiction
    kind: Kind
    anchor: Anchor | None
    problem: str | None = None
    # a bare 제N조 read with the act named before it in another clause ("형법 제30조는 누락하고,
    # 무등록행위(제28조 제1항)"): the act is our guess, not the draft's word
    law_inferred: bool = False


def pinpoint_or_none(pin: Pinpoint) -> Pinpoint | None:
    if pin.article is None and pin.paragraph is None and pin.item is None and pin.subitem is None:
        return None
    return pin


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def branch_number(number: str) -> str:
    """`385¹` → `385-1`, `385^1` → `385-1`, `2의2` → `2-2`; letters stay (`5a`)."""
    number = number.replace(" ", "")
    m = re.match(r"^(\d+[a-z]?)(?:\^|의)?([⁰¹²³⁴⁵⁶⁷⁸⁹]+|\d+)?$", number)
    if m is None:
        return number
    head, tail = m.group(1), m.group(2)
    if tail:
        return f"{head}-{tail.translate(_SUPERSCRIPTS)}"
    return head


_MONTHS_PL = {
    "stycznia": 1,
    "lutego": 2,
    "marca": 3,
    "kwietnia": 4,
    "maja": 5,
    "czerwca": 6,
    "lipca": 7,
    "sierpnia": 8,
    "września": 9,
    "października": 10,
    "listopada": 11,
    "grudnia": 12,
}
_MONTHS_EN = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
}
MONTH_NAMES = {**_MONTHS_PL, **_MONTHS_EN}


def iso_date(year: int | str, month: int | str, day: int | str) -> str | None:
    """ISO date, or None when the parts are not a calendar date (a typo must not become an anchor)."""
    try:
        y, mo, d = int(year), int(month), int(day)
    except ValueError:
        return None
    if not (1 <= mo <= 12 and 1 <= d <= 31 and 1000 <= y <= 2999):
        return None
    return f"{y:04d}-{mo:02d}-{d:02d}"


def month_number(name: str) -> int | None:
    return MONTH_NAMES.get(name.lower())


DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def data_lines(name: str) -> list[str]:
    """Non-empty, non-comment lines of a data file in verifier/data (the cue and name lists live there)."""
    path = DATA_DIR / name
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.rstrip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def data_table(name: str) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for line in data_lines(name):
        left, sep, right = line.partition("\t")
        if not sep:
            raise ValueError(f"{name}: expected 'name<TAB>value', got {line!r}")
        rows.append((left.strip(), right.strip()))
    return rows


def alternation(words: list[str]) -> str:
    """A regex alternation that tries longer words first, so '다카' wins over '다'."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))

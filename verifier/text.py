"""The one normalization table of the product, applied to drafts and sources alike.

A quote is compared with its source only after both went through `normalize`, so a difference that is
cosmetic (a curly quote, a dash, a soft hyphen from a PDF, NFD Korean) never reads as "the quote is not
there" — that would accuse the author of a hallucination caused by our own folding. Everything that
`normalize` changes is reported (`Normalized.rules`), and every normalized offset maps back to the
original text, so a match is always highlighted in what the lawyer actually wrote or fetched.

The mapping is kept as segments rather than one int per character: a 1 MB source becomes a few thousand
segments, and `to_original` is a bisect.
"""

from __future__ import annotations

import bisect
import functools
import operator
import re
import unicodedata
from array import array
from collections.abc import Iterable
from dataclasses import dataclass

from verifier.cache import cached_strings

# Bump whenever the table below changes what a text normalizes to: findings record it, so a re-run can
# tell "the source changed" from "the folding changed".
NORMALIZATION_VERSION = "1"

RULES = (
    "nfc",
    "casefold",
    "quotes",
    "dashes",
    "ellipsis",
    "invisible",
    "soft_hyphen",
    "hyphenation",
    "whitespace",
)
_RULE_BIT = {name: 1 << i for i, name in enumerate(RULES)}

QUOTES = "\"'„”“»«‹›‚’‘´‛‟「」『』＂＇〝〞〟"
DASHES = "‐‑‒–—―−⁃－﹘﹣⸺⸻"
ELLIPSIS = "…"
SOFT_HYPHEN = "\u00ad"
# Zero-width space/non-joiner/joiner, word joiner, BOM: present in PDF text layers, invisible on paper.
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
# Whitespace beyond ASCII that legal PDFs and Korean documents use: NBSP, narrow NBSP, figure space,
# the U+2000 family, ideographic space, line/paragraph separators.
WHITESPACE = (
    " \t\n\r\x0b\x0c\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
# A hyphen at a line break is a typesetting artefact only in front of a lowercase continuation;
# before a capital it is a real hyphen (Kowalska-\nNowak) and stays.
_BREAK_HYPHENS = "-\u00ad\u2010\u2011"


@dataclass(frozen=True, slots=True)
class Normalized:
    """A normalized text with the way back to its original.

    Segments partition the normalized text; segment k covers normalized [n_start[k], n_start[k+1]) and
    original [o_start[k], o_start[k] + o_len[k]). A `linear` segment maps character by character; any other
    segment (a folded quote, a whitespace run, a composed character) maps as a whole."""

    text: str
    original: str
    rules: frozenset[str]
    _n_start: array[int]
    _o_start: array[int]
    _o_len: array[int]
    _linear: bytes
    _rule_bits: array[int]

    def _segment(self, i: int) -> int:
        if not 0 <= i < len(self.text):
            raise IndexError(f"normalized offset {i} outside 0..{len(self.text) - 1}")
        return bisect.bisect_right(self._n_start, i) - 1

    def to_original(self, i: int) -> int:
        """The original offset where the character at normalized offset `i` starts; `len(text)` maps to the
        end of the original."""
        if i == len(self.text):
            return len(self.original)
        k = self._segment(i)
        if self._linear[k]:
            return self._o_start[k] + (i - self._n_start[k])
        return self._o_start[k]

    def _end_to_original(self, end: int) -> int:
        if end == 0:
            return 0
        k = self._segment(end - 1)
        if self._linear[k]:
            return self._o_start[k] + (end - self._n_start[k])
        return self._o_start[k] + self._o_len[k]

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        """The original span that produced normalized [start, end), widened to whole folded units."""
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"span ({start}, {end}) is not inside the normalized text of {len(self.text)}")
        if start == end:
            o = self.to_original(start)
            return o, o
        return self.to_original(start), self._end_to_original(end)

    def rules_between(self, start: int, end: int) -> frozenset[str]:
        """The rules that changed something inside normalized [start, end): the original span it came
        from, folded again (spans are short; this keeps the per-segment bookkeeping out of the hot path)."""
        if start >= end:
            return frozenset()
        o_start, o_end = self.span_to_original(start, end)
        return normalize(self.original[o_start:o_end]).rules


def _bits_to_rules(bits: int) -> frozenset[str]:
    return frozenset(name for name, bit in _RULE_BIT.items() if bits & bit)


def _char_class(chars: Iterable[str]) -> str:
    return "".join(re.escape(c) for c in sorted(set(chars)))


# Both tables scan the code space (~0.2 s together, in every process that normalizes): kept on disk.
@functools.cache
def _casefold_irregular() -> str:
    """Characters whose casefold is not a single NFC character (ß → ss, ﬁ → fi, ǰ → j + caron)."""
    return cached_strings("text-casefold-irregular", _build_casefold_irregular, 1)[0]


def _build_casefold_irregular() -> list[str]:
    out = []
    for cp in range(0x10000):
        c = chr(cp)
        folded = c.casefold()
        if len(folded) != 1 or unicodedata.normalize("NFC", folded) != folded:
            out.append(c)
    return ["".join(out)]


@functools.cache
def _nfc_unstable() -> tuple[str, str]:
    """(combining, singletons): characters that compose with what precedes them (marks, Hangul
    medial and final jamo) and characters that NFC replaces on their own (Å angstrom sign, CJK
    compatibility ideographs). Built only when a text is not already NFC."""
    combining, singletons = cached_strings("text-nfc-unstable", _build_nfc_unstable, 2)
    return combining, singletons


def _build_nfc_unstable() -> list[str]:
    combining: set[str] = set()
    singletons: set[str] = set()
    # nothing above U+2FA1D decomposes; beyond it only the combining check matters, and those marks
    # (variation selectors, tags) are starters
    for cp in range(0x30000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        if unicodedata.combining(c):
            combining.add(c)
        decomposed = unicodedata.normalize("NFD", c)
        if decomposed != c:
            if unicodedata.normalize("NFC", decomposed) == c:
                combining.update(decomposed[1:])
            elif unicodedata.normalize("NFC", c) != c:
                singletons.add(c)
    return ["".join(sorted(combining)), "".join(sorted(singletons))]


def _fold_char(c: str) -> tuple[str, int]:
    if c in QUOTES:
        return '"', (_RULE_BIT["quotes"] if c != '"' else 0)
    if c in DASHES:
        return "-", _RULE_BIT["dashes"]
    if c == ELLIPSIS:
        return "...", _RULE_BIT["ellipsis"]
    if c == SOFT_HYPHEN:
        return "", _RULE_BIT["soft_hyphen"]
    if c in INVISIBLE:
        return "", _RULE_BIT["invisible"]
    if c in WHITESPACE:
        return " ", (_RULE_BIT["whitespace"] if c != " " else 0)
    folded = unicodedata.normalize("NFC", c.casefold())
    return folded, (_RULE_BIT["casefold"] if folded != c else 0)


def _fold_cluster(cluster: str) -> tuple[str, int]:
    composed = unicodedata.normalize("NFC", cluster)
    bits = _RULE_BIT["nfc"] if composed != cluster else 0
    parts = []
    for c in composed:
        folded, b = _fold_char(c)
        parts.append(folded)
        bits |= b
    out = unicodedata.normalize("NFC", "".join(parts))
    return out, bits


_WS_BIT = _RULE_BIT["whitespace"]
_INVISIBLE_ANY = frozenset(INVISIBLE + SOFT_HYPHEN)
_WS_INV = frozenset(WHITESPACE + INVISIBLE + SOFT_HYPHEN)
_HYPH_RE = re.compile(
    rf"[{_char_class(_BREAK_HYPHENS)}][{_char_class(INVISIBLE + SOFT_HYPHEN)}\t \u00a0]*"
    rf"(?:\r\n|[\n\r\u2028\u2029\u0085])[{_char_class(WHITESPACE + INVISIBLE + SOFT_HYPHEN)}]*(?=[^\W\d_])"
)
# a soft hyphen followed by spacing only ever renders at a line end: it is a break, too
_SOFTBREAK_RE = re.compile(rf"\u00ad[{_char_class(WHITESPACE + INVISIBLE + SOFT_HYPHEN)}]+(?=[^\W\d_])")
_WS_RUN_RE = re.compile(rf"[{_char_class(WHITESPACE + INVISIBLE + SOFT_HYPHEN)}]+")


@functools.lru_cache(maxsize=64)
def _scan_pattern(unstable_present: str) -> re.Pattern[str]:
    """One character class of everything that may start a fold. A lone ASCII space is left out: it is
    the commonest character and needs nothing, and a run that begins with one is found from its second
    character and widened backwards. `unstable_present`: the NFC-unstable characters that occur in this
    text (only those: a class of every such character in Unicode makes the scan ten times slower)."""
    chars = (
        WHITESPACE.replace(" ", "")
        + INVISIBLE
        + SOFT_HYPHEN
        + _BREAK_HYPHENS
        + QUOTES.replace('"', "")
        + DASHES
        + ELLIPSIS
        + _casefold_irregular()
        + unstable_present
    )
    # two ASCII spaces are a run to fold as well
    return re.compile(f"[{_char_class(chars)}]|  ")


@functools.cache
def _unstable_set() -> frozenset[str]:
    combining, singletons = _nfc_unstable()
    return frozenset(combining + singletons)


@functools.cache
def _combining_set() -> frozenset[str]:
    return frozenset(_nfc_unstable()[0])


@functools.cache
def _cluster_re() -> re.Pattern[str]:
    combining, _ = _nfc_unstable()
    return re.compile(f"(?s:.)[{_char_class(combining)}]+")


class _Builder:
    __slots__ = ("bits", "linear", "n_start", "o_len", "o_start", "out", "pos")

    def __init__(self) -> None:
        # plain lists while building (appends are cheaper), packed into arrays at the end
        self.out: list[str] = []
        self.pos = 0
        self.n_start: list[int] = []
        self.o_start: list[int] = []
        self.o_len: list[int] = []
        self.linear: list[bool] = []
        self.bits: list[int] = []

    def add(self, text: str, o_start: int, o_len: int, *, linear: bool, bits: int) -> None:
        # extend the previous identity segment: keeps a long source to a few segments
        if (
            linear
            and self.linear
            and self.linear[-1]
            and not bits
            and not self.bits[-1]
            and self.o_start[-1] + self.o_len[-1] == o_start
        ):
            self.o_len[-1] += o_len
            self.out.append(text)
            self.pos += len(text)
            return
        self.n_start.append(self.pos)
        self.o_start.append(o_start)
        self.o_len.append(o_len)
        self.linear.append(linear)
        self.bits.append(bits)
        self.out.append(text)
        self.pos += len(text)


# A lone newline, tab or NBSP between words becomes one space: the same length, so it stays inside a
# linear segment instead of costing one segment per line of a judgment.
_LONE_SPACES = tuple(c for c in WHITESPACE if c != " ")


def _add_plain(b: _Builder, original: str, start: int, end: int) -> None:
    if start >= end:
        return
    chunk = original[start:end]
    folded = chunk.casefold()
    bits = _RULE_BIT["casefold"] if folded != chunk else 0
    # str.translate with a table is per-character slow; a few memchr-speed scans are not
    for c in _LONE_SPACES:
        if c in folded:
            folded = folded.replace(c, " ")
            bits |= _WS_BIT
    b.add(folded, start, end - start, linear=True, bits=bits)


def _ws_fold(run: str) -> tuple[str, int]:
    if run.isspace():
        return " ", (0 if run == " " else _WS_BIT)
    bits = 0
    if any(c in INVISIBLE for c in run):
        bits |= _RULE_BIT["invisible"]
    if SOFT_HYPHEN in run:
        bits |= _RULE_BIT["soft_hyphen"]
    if all(c in INVISIBLE or c == SOFT_HYPHEN for c in run):
        return "", bits
    if run != " ":
        bits |= _RULE_BIT["whitespace"]
    return " ", bits


def _in_word(c: str) -> bool:
    # a combining mark continues the letter before it (NFD input)
    return c.isalpha() or unicodedata.category(c).startswith("M")


def _next_fold(text: str, p: int, last: int, nfc_input: bool) -> tuple[int, int, str, int] | None:
    """The fold that starts at candidate `p` (or just before it): (start, end, replacement, rule bits)."""
    c = text[p]
    if c in _BREAK_HYPHENS and p > 0 and _in_word(text[p - 1]):
        m = _HYPH_RE.match(text, p)
        if m is not None:
            bits = _RULE_BIT["hyphenation"]
            if c == SOFT_HYPHEN:
                return p, m.end(), "", bits | _RULE_BIT["soft_hyphen"]
            # before a capital the hyphen is part of the word (Kowalska-Nowak): keep it, drop the break
            return p, m.end(), ("-" if text[m.end()].isupper() else ""), bits
        if c == SOFT_HYPHEN:
            m = _SOFTBREAK_RE.match(text, p)
            if m is not None:
                return p, m.end(), "", _RULE_BIT["soft_hyphen"]
    if c == "-":
        return None
    if (
        c in _WS_INV
        and c not in _INVISIBLE_ANY
        and text[p - 1 : p] != " "
        and text[p + 1 : p + 2] not in _WS_INV
    ):
        return None  # a lone whitespace character: folded 1:1 inside the plain text around it
    if c in _WS_INV:
        start = p
        while start > last and text[start - 1] == " ":
            start -= 1
        m = _WS_RUN_RE.match(text, start)
        assert m is not None
        out, bits = _ws_fold(m.group())
        return start, m.end(), out, bits
    if not nfc_input and c in _combining_set():
        start = p - 1 if p - 1 >= last else p
        m = _cluster_re().match(text, start)
        end = m.end() if m is not None else p + 1
        out, bits = _fold_cluster(text[start:end])
        return start, end, out, bits
    end = p + 1
    # marks after a folded character must be re-ordered and composed with what it folded to (İ + ogonek)
    while end < len(text) and unicodedata.combining(text[end]):
        end += 1
    if not nfc_input or end > p + 1:
        out, bits = _fold_cluster(text[p:end])
        return p, end, out, bits
    out, bits = _fold_char(c)
    return p, end, out, bits


def normalize(text: str) -> Normalized:
    """Fold `text` by the product's one table and keep the map back to it."""
    if not isinstance(text, str):
        raise TypeError(f"normalize() needs a str, got {type(text).__name__}")
    nfc_input = unicodedata.is_normalized("NFC", text)
    unstable = "" if nfc_input else "".join(sorted(set(text) & _unstable_set()))
    b = _Builder()
    last = 0
    for m in _scan_pattern(unstable).finditer(text):
        p = m.start()
        if p < last:
            continue
        fold = _next_fold(text, p, last, nfc_input)
        if fold is None:
            continue
        start, end, out, bits = fold
        _add_plain(b, text, last, start)
        b.add(out, start, end - start, linear=len(out) == end - start == 1, bits=bits)
        last = end
    _add_plain(b, text, last, len(text))
    rules = functools.reduce(operator.or_, b.bits, 0)
    return Normalized(
        text="".join(b.out),
        original=text,
        rules=_bits_to_rules(rules),
        _n_start=array("q", b.n_start),
        _o_start=array("q", b.o_start),
        _o_len=array("q", b.o_len),
        _linear=bytes(b.linear),
        _rule_bits=array("q", b.bits),
    )


def normalize_plain(text: str) -> str:
    """Just the normalized string, for keys and comparisons that need no way back."""
    return normalize(text).text


WORD_RE = re.compile(r"[^\W_]+(?:[-./'\"][^\W_]+)*")


def words(text: str) -> list[tuple[int, int]]:
    """Word spans of an already-normalized text: letters/digits, keeping in-word hyphens, dots, slashes
    and apostrophes (II CSK 123/19, e-mail, court"s after quote folding)."""
    return [m.span() for m in WORD_RE.finditer(text)]

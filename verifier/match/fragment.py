"""FRAGMENT level: is the quoted passage literally in the source?

Both sides go through `verifier.text.normalize`, so typography never decides. A match must start and end on
word boundaries: "dopuszczalna" is not in a source that only says "niedopuszczalna". When there is no exact
match, the best window of the source is found with rapidfuzz and accepted as `modified` only when every
segment differs by at most `threshold` (Levenshtein distance over the longer length); the word diff then
shows the lawyer exactly what the draft changed.
"""

from __future__ import annotations

import difflib
import enum
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from verifier.match.antonyms import swapped
from verifier.match.denial import denied_passage
from verifier.match.numbers import MARKS, in_digits, same_numbers, spelled_numbers
from verifier.match.polarity import quote_change
from verifier.model import MatchEvidence, Span
from verifier.text import Normalized, normalize, words

DEFAULT_THRESHOLD = 0.15
# A gapped quote ("A […] B") is one passage: segments further apart than this are not one quotation.
MAX_GAP = 5000
NEAREST_LIMIT = 3
_MAX_OCCURRENCES = 2000
# Below this many characters a full rapidfuzz scan is cheap and the q-gram index is not worth building.
INDEX_MIN_CHARS = 50_000

# After normalization "…" is "..." and "[…]" is "[...]".
_GAP_RE = re.compile(r"\s*(?:\[\s*\.{2,}\s*\]|\(\s*\.{2,}\s*\)|\.{3,})\s*")
_EDGE_STRIP = ' "'
_PUNCTUATION = "()[]{}.,;:!?'\""


# Words whose presence flips a holding. Small in edit distance, total in meaning.
NEGATIONS = frozenset(
    {"nie", "not", "no", "never", "nor", "neither", "none", "non", "cannot", "without", "bez", "ani", "żaden"}
)
# a Korean negation may be glued to the word before it ("동의없이" is "동의 없이"): counted inside a word, so
# that spacing never reads as a negation added or dropped
_KO_NEGATION = re.compile(r"않|아니|못(?=[하한할함])|없|불가")


def count_negations(ws: Sequence[str]) -> int:
    count = 0
    for w in ws:
        if w in NEGATIONS or 'n"t' in w:
            count += 1
        elif w[:1] and "가" <= w[:1] <= "힣":
            count += len(_KO_NEGATION.findall(w)) + (w in ("안", "못"))  # "안 된다", "못 한다"
    return count


_NEGATING_PREFIXES = ("nie", "un", "in", "il", "im", "ir", "dis", "non", "non-")
# Sino-Korean negating first syllables: 무효/유효, 불가능/가능, 비공개/공개, 미성년/성년
_KO_NEGATING_SYLLABLES = frozenset("무불비미부")


def negated_pair(a: str, b: str) -> bool:
    """`a` is `b` negated: niedopuszczalna/dopuszczalna, invalid/valid, 불가능/가능, 무효/유효."""
    if any(a == prefix + b for prefix in _NEGATING_PREFIXES):
        return True
    if a[:1] in _KO_NEGATING_SYLLABLES and a[1:] == b and len(b) >= 2:
        return True
    return len(a) == len(b) >= 2 and a[1:] == b[1:] and a[0] != b[0] and a[0] in _KO_NEGATING_SYLLABLES


def meaning_change(diff: Sequence[tuple[str, str]]) -> str | None:
    """Why a near match must not pass as `modified`: it adds or drops a negation ("nie", "not", 않),
    turns "dopuszczalna" into "niedopuszczalna", changes a number (article, date, amount), puts one legal
    effect for another ("permitted" for "prohibited", 무효 for 취소; the pairs of
    verifier/data/polarity-<lang>.txt) or one modality for another ("may" for "shall")."""
    deleted = [w.casefold() for op, text in diff if op == "delete" for w in text.split()]
    inserted = [w.casefold() for op, text in diff if op == "insert" for w in text.split()]
    if count_negations(deleted) != count_negations(inserted):
        return "negation"
    for a in deleted:
        for b in inserted:
            if negated_pair(a, b) or negated_pair(b, a):
                return "negation"
    if not same_numbers(deleted, inserted):
        return "number"
    swap = swapped(deleted, inserted)  # one side of a pair the corpus uses for the other: zgodna / sprzeczna
    if swap is not None:
        return swap.kind
    return quote_change(deleted, inserted)


class FragmentStatus(enum.StrEnum):
    EXACT = "exact"
    MODIFIED = "modified"
    ABSENT = "absent"


@dataclass(frozen=True, slots=True)
class FragmentResult:
    """Where the quote is in the ORIGINAL source text, and how closely.

    `diff` reads as the correction of the draft: ("delete", draft words the source does not have),
    ("insert", source words the draft left out), ("equal", words both have), each in its original
    spelling. `segments` has one span per part of a quote with […] gaps."""

    status: FragmentStatus
    start: int | None
    end: int | None
    excerpt: str
    similarity: float
    diff: tuple[tuple[str, str], ...] = ()
    rules: tuple[str, ...] = ()
    segments: tuple[Span, ...] = ()
    nearest: tuple[MatchEvidence, ...] = ()
    # set when the closest window differs only slightly but in a way that changes the law: a negation
    # or a number ("negation", "number"); the window is then the first `nearest` passage, not a match
    meaning_change: str | None = None

    @property
    def found(self) -> bool:
        return self.status is not FragmentStatus.ABSENT

    def evidence(self) -> MatchEvidence | None:
        if self.start is None or self.end is None:
            return None
        return MatchEvidence(
            start=self.start,
            end=self.end,
            excerpt=self.excerpt,
            similarity=self.similarity,
            diff=self.diff,
            rules=self.rules,
            segments=self.segments,
        )


def quote_segments(quote: Normalized) -> list[Span]:
    """Normalized spans of the parts of a quote between gap markers ([…], (...), …)."""
    spans: list[Span] = []
    pos = 0
    for m in [*_GAP_RE.finditer(quote.text), None]:
        end = m.start() if m is not None else len(quote.text)
        start = pos
        while start < end and quote.text[start] in _EDGE_STRIP:
            start += 1
        stop = end
        while stop > start and quote.text[stop - 1] in _EDGE_STRIP:
            stop -= 1
        if stop > start:
            spans.append((start, stop))
        if m is not None:
            pos = m.end()
    return spans


def _on_boundaries(text: str, start: int, end: int, needle: str) -> bool:
    # a paragraph's mark glued to its first word ("①상대방과") is no part of the word: the quote of the
    # paragraph's words starts after it
    if needle[0].isalnum() and start > 0 and text[start - 1].isalnum() and not MARKS.match(text[start - 1]):
        return False
    if needle[-1].isalnum() and end < len(text) and text[end].isalnum():
        return korean_ending(text, end, needle)
    return True


_CIRCLED_GLUED = re.compile(r"([\u2460-\u2473])(?=\w)")
_HANGUL_SYLLABLE = re.compile(r"[\uac00-\ud7a3]")
_KO_NEGATION_NEAR = re.compile(r"않|아니|없|못")


def korean_ending(text: str, end: int, needle: str) -> bool:
    """A Korean quote may close inside a word: `"…공공성을 저해"한다고` quotes 저해하고 without its
    ending, which the draft writes itself. Never when the source's word goes on to a negation
    ("허용"되지 않는다): the quote would drop it."""
    if not (_HANGUL_SYLLABLE.match(needle[-1]) and _HANGUL_SYLLABLE.match(text[end])):
        return False
    return _KO_NEGATION_NEAR.search(text, end, min(len(text), end + 8)) is None


def occurrences(text: str, needle: str, lo: int, hi: int) -> Iterator[int]:
    """Boundary-respecting occurrences, lazily: the first one that completes the quote ends the scan,
    instead of every occurrence in a 1 MB source being collected first."""
    found = 0
    i = text.find(needle, lo, hi)
    while i != -1 and found < _MAX_OCCURRENCES:
        if _on_boundaries(text, i, i + len(needle), needle):
            found += 1
            yield i
        i = text.find(needle, i + 1, hi)


def _exact(text: str, needles: Sequence[str], max_gap: int) -> list[Span] | None:
    def rest(k: int, after: int) -> list[Span] | None:
        if k == len(needles):
            return []
        hi = min(len(text), after + max_gap + len(needles[k]))
        for i in occurrences(text, needles[k], after, hi):
            tail = rest(k + 1, i + len(needles[k]))
            if tail is not None:
                return [(i, i + len(needles[k])), *tail]
        return None

    for first in occurrences(text, needles[0], 0, len(text)):
        tail = rest(1, first + len(needles[0]))
        if tail is not None:
            return [(first, first + len(needles[0])), *tail]
    return None


def _word_edges(text: str, lo: int, hi: int) -> tuple[list[int], list[int]]:
    spans = words(text[lo:hi])
    return [lo + s for s, _ in spans], [lo + e for _, e in spans]


def _refine(needle: str, text: str, start: int, end: int) -> tuple[int, int, float]:
    """Move an approximate window onto word boundaries, keeping the most similar one. The raw alignment
    stands only when no word edge is near: cut mid-token ("93(" for "93(2)") it would read as a change of
    number. Ties go to the earliest start, then the earliest end, whatever alignment came in."""
    pad = max(12, len(needle) // 4)
    starts, _ = _word_edges(text, max(0, start - pad), min(len(text), start + pad))
    _, ends = _word_edges(text, max(0, end - pad), min(len(text), end + pad))
    pairs = [(s, e) for s in starts for e in ends if e > s]
    if not pairs:
        return (start, end, Levenshtein.normalized_similarity(needle, text[start:end]))
    # one C loop over every candidate; extractOne keeps the first of equal scores, i.e. the earliest pair
    found = process.extractOne(
        needle, [text[s:e] for s, e in pairs], scorer=Levenshtein.normalized_similarity, processor=None
    )
    assert found is not None  # no score_cutoff: some candidate always comes back
    s, e = pairs[found[2]]
    return _take_punctuation(needle, text, s, e, found[1])


def _take_punctuation(needle: str, text: str, s: int, e: int, sim: float) -> tuple[int, int, float]:
    """Word edges leave out the brackets a quote opens or closes with ("(d)", "93(2);"); take them in
    where the source has them too, so the excerpt reads as the passage quoted."""
    lead = len(needle) - len(needle.lstrip(_PUNCTUATION))
    new_s = s
    for k in range(lead - 1, -1, -1):
        if new_s == 0 or text[new_s - 1] != needle[k]:
            break
        new_s -= 1
    trail = needle[len(needle.rstrip(_PUNCTUATION)) :]
    new_e = e
    for c in trail:
        if new_e == len(text) or text[new_e] != c:
            break
        new_e += 1
    if (new_s, new_e) == (s, e):
        return s, e, sim
    return new_s, new_e, Levenshtein.normalized_similarity(needle, text[new_s:new_e])


def _best_window(needle: str, text: str, lo: int, hi: int) -> tuple[int, int, float] | None:
    if lo >= hi:
        return None
    alignment = fuzz.partial_ratio_alignment(needle, text[lo:hi])
    if alignment is None:
        return None
    return _refine(needle, text, lo + alignment.dest_start, lo + alignment.dest_end)


def max_edits(needle_len: int, threshold: float) -> int:
    """The most Levenshtein edits a window can differ by and still pass: distance <= threshold times the
    longer length, and a window is at most as long as the needle plus the distance."""
    return int(threshold * needle_len / (1 - threshold))


def _search(needle: str, text: str, lo: int, hi: int, threshold: float) -> tuple[int, int, float] | None:
    """The best window for `needle` in text[lo:hi]. Over a long range only the regions the q-gram index
    keeps are aligned: every window that can pass `threshold` lies in one of them (see gram_index).

    Most misquotes are a word or two off, so a tight edit budget k1 is tried first: its regions are few.
    A window found there within k1 edits is the answer, because every window outside them is more than
    k1 edits away, and with k1*(k1+1) <= m that makes it less similar (k1/m <= (k1+1)/(m+k1+1))."""
    if hi - lo < INDEX_MIN_CHARS:
        return _best_window(needle, text, lo, hi)
    from verifier.match.gram_index import gram_index  # numpy loads only for long sources with misses

    index = gram_index(text)
    budget = max_edits(len(needle), threshold)
    tight = min(budget, max(1, math.isqrt(len(needle)) - 1))
    for edits in dict.fromkeys((tight, budget)):
        regions = index.candidate_regions(needle, edits)
        if regions is None:  # a needle too short for the bound to say anything
            return _best_window(needle, text, lo, hi)
        window = _align_regions(needle, text, lo, hi, regions, edits)
        if window is None:
            continue
        if edits == budget or Levenshtein.distance(needle, text[window[0] : window[1]]) <= edits:
            return window
    return None


def _align_regions(
    needle: str, text: str, lo: int, hi: int, regions: Sequence[Span], edits: int
) -> tuple[int, int, float] | None:
    # A window w within `edits` (|w| within m +- edits) overlaps a length-m window of its region at Indel
    # distance <= 3*edits, so rapidfuzz may drop any region scoring below 1 - 3*edits/2m.
    cutoff = max(0.0, 100 * (1 - 3 * edits / (2 * len(needle))))
    best: tuple[float, int, int] | None = None
    for r_lo, r_hi in regions:
        r_lo, r_hi = max(lo, r_lo), min(hi, r_hi)
        if r_hi - r_lo < len(needle):  # a block cut short by the end of the range
            r_lo = max(lo, r_hi - 2 * len(needle))
        if r_hi - r_lo < len(needle):
            continue
        alignment = fuzz.partial_ratio_alignment(needle, text[r_lo:r_hi], score_cutoff=cutoff)
        if alignment is not None and (best is None or alignment.score > best[0]):
            best = (alignment.score, r_lo + alignment.dest_start, r_lo + alignment.dest_end)
    if best is None:
        return None
    return _refine(needle, text, best[1], best[2])


# a Korean negation follows its verb as a word of its own: "벌하지 아니한다", "하지 않는다", "하지 못한다"
_KO_VERB_BEFORE_NEGATION = re.compile(r"[\uac00-\ud7a3]지[는도]?\Z")
_KO_NEGATION_WORD = re.compile(r"\s?(?:아니|않|못)[\uac00-\ud7a3]*")


def _with_negation_after(needle: str, text: str, windows: Sequence[tuple[int, int, float]]) -> list[Span]:
    """The windows' spans, the last with the negation that follows its last word taken in: the closest
    window for "… 한하여 벌한다" in "… 한하여 벌하지 아니한다" stops at "벌하지", and the diff would then read
    as a word changed, not as the negation the quote dropped. Not when the quote itself ends on the verb's
    -지 form: it stops there on purpose, its next word (outside the quote) is the draft's. `needle`: the
    last segment of the quote."""
    spans = [(s, e) for s, e, _ in windows]
    start, end = spans[-1]
    last = needle.split()[-1] if needle.split() else ""
    if _KO_VERB_BEFORE_NEGATION.search(last) or not _KO_VERB_BEFORE_NEGATION.search(text[start:end]):
        return spans
    negation = _KO_NEGATION_WORD.match(text, end)
    if negation is not None:
        spans[-1] = (start, negation.end())
    return spans


def _spacing_only(needle: str, text: str, start: int, end: int) -> bool:
    """text[start:end] says the needle's words, spaced otherwise; a Korean quote may close inside the
    window's last word ("경과한 때" of "경과한 때에는") as long as no negation follows ("수집하지 아니할")."""
    window = text[start:end]
    a, b = re.sub(r"\s", "", needle), re.sub(r"\s", "", window)
    tail = b[len(a) :]
    if not b.startswith(a) or (tail and (window.rstrip()[-len(tail) - 1 :].count(" ") or not a)):
        return False
    return not tail or (
        _HANGUL_SYLLABLE.fullmatch(tail[0]) is not None
        and not _KO_NEGATION_NEAR.search(tail + text[end : end + 8])
    )


def _widened(
    q: Normalized, seg_spans: Sequence[Span], src: Normalized, s_spans: Sequence[Span]
) -> tuple[list[Span], list[tuple[str, str]], bool] | None:
    """The windows with the source's next word after the last (or before the first) taken in, when that
    makes the numbers the same (True), or else brings in the source's number the draft's stands for, so
    that the diff names both (False); None when neither."""
    named = None
    first, last = s_spans[0], s_spans[-1]
    after = words(src.text[last[1] : last[1] + 40])
    before = words(src.text[max(0, first[0] - 40) : first[0]])
    candidates = []
    if after:
        candidates.append([*s_spans[:-1], (last[0], last[1] + after[0][1])])
    if before:
        lo = max(0, first[0] - 40) + before[-1][0]
        candidates.append([(lo, first[1]), *s_spans[1:]])
    for spans in candidates:
        added = src.text[last[1] : spans[-1][1]] + src.text[spans[0][0] : first[0]]
        if MARKS.search(added) or not spelled_numbers(added.split()):
            continue  # only a number written in words is taken in, never another paragraph's mark
        diff: list[tuple[str, str]] = []
        for k, (q_span, s_span) in enumerate(zip(seg_spans, spans, strict=True)):
            if k:
                diff.append(("equal", "[…]"))
            diff.extend(word_diff(q, q_span, src, s_span))
        if meaning_change(diff) is None:
            return spans, diff, True
        inserted = [w for op, text in diff if op == "insert" for w in text.split()]
        if named is None and spelled_numbers(inserted):
            named = (spans, diff, False)
    return named


def _originals(norm: Normalized, spans: Sequence[Span]) -> list[str]:
    out = []
    for s, e in spans:
        o_s, o_e = norm.span_to_original(s, e)
        out.append(norm.original[o_s:o_e])
    return out


def word_diff(
    quote: Normalized, q_span: Span, source: Normalized, s_span: Span
) -> tuple[tuple[str, str], ...]:
    """Word-level diff of a quote segment against its source window, in the original spellings."""
    q_words = [(q_span[0] + s, q_span[0] + e) for s, e in words(quote.text[q_span[0] : q_span[1]])]
    s_words = [(s_span[0] + s, s_span[0] + e) for s, e in words(source.text[s_span[0] : s_span[1]])]
    a = [quote.text[s:e] for s, e in q_words]
    b = [source.text[s:e] for s, e in s_words]
    s_orig = _originals(source, s_words)
    if a == b:  # the exact path: one "equal" run, and the quote's own spellings are never shown
        return (("equal", " ".join(s_orig)),) if a else ()
    q_orig = _originals(quote, q_words)
    ops: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            ops.append(("equal", " ".join(s_orig[j1:j2])))
            continue
        if i2 > i1:
            ops.append(("delete", " ".join(q_orig[i1:i2])))
        if j2 > j1:
            ops.append(("insert", " ".join(s_orig[j1:j2])))
    return tuple(ops)


def _rules(
    quote: Normalized, q_spans: Sequence[Span], source: Normalized, s_spans: Sequence[Span]
) -> tuple[str, ...]:
    fired: set[str] = set()
    for s, e in q_spans:
        fired |= quote.rules_between(s, e)
    for s, e in s_spans:
        fired |= source.rules_between(s, e)
    return tuple(sorted(fired))


def nearest_passages(
    needle: str, source: Normalized, *, limit: int = NEAREST_LIMIT
) -> tuple[MatchEvidence, ...]:
    """The passages of the source most like `needle` (normalized), for a lawyer to look at when the quote
    is not there: scored chunk by chunk, then aligned to word boundaries inside the best chunks."""
    text = source.text
    if not text or not needle:
        return ()
    step = max(3 * len(needle), 300) // 2
    size = 2 * step
    if len(text) >= INDEX_MIN_CHARS:
        from verifier.match.gram_index import gram_index

        # rapidfuzz over every chunk of a long source costs ~0.1 s a quote: score exactly only the chunks
        # sharing most of the needle's 4-grams
        starts = gram_index(text).ranked_blocks(needle, step, limit * 4)
    else:
        starts = list(range(0, max(1, len(text) - step), step))
    chunks = [text[s : s + size] for s in starts]
    picked: list[MatchEvidence] = []
    taken: list[Span] = []
    for _, _, idx in process.extract(needle, chunks, scorer=fuzz.partial_ratio, limit=limit * 3):
        lo = starts[idx]
        window = _best_window(needle, text, lo, min(len(text), lo + size))
        if window is None:
            continue
        s, e, sim = window
        if any(s < t_e and e > t_s for t_s, t_e in taken):
            continue
        taken.append((s, e))
        o_s, o_e = source.span_to_original(s, e)
        picked.append(
            MatchEvidence(start=o_s, end=o_e, excerpt=source.original[o_s:o_e], similarity=round(sim, 4))
        )
        if len(picked) == limit:
            break
    return tuple(sorted(picked, key=lambda m: -m.similarity))


def find_quote(
    quote: str,
    source: Normalized | str,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    max_gap: int = MAX_GAP,
) -> FragmentResult:
    """Find a draft's quote in a source. Pass a `Normalized` source to match many quotes against one text
    without normalizing it again. A quote that writes a number in words where the source has digits
    ("seventy-two hours" / "72 hours") is looked for again with its numbers in digits: found so, it is
    `modified`, not absent; one that differs from the source only by such a number is a changed number,
    its diff in digits ("48" / "72" for "forty-eight hours")."""
    if not 0 <= threshold < 1:
        raise ValueError(f"threshold must be in [0, 1), got {threshold}")
    src = source if isinstance(source, Normalized) else normalize(source)
    if _EDITORIAL.search(quote) is not None:
        return _adapted(quote, src, threshold, max_gap)
    result = _find(quote, src, threshold, max_gap)
    if result.found and result.meaning_change is None:
        return result
    if not result.found and result.meaning_change is None and (bound := _bound_noun_adapted(quote, src)):
        return bound
    digits = in_digits(quote)
    if digits == quote:
        return result
    again = _find(digits, src, threshold, max_gap)
    if again.meaning_change is not None and result.meaning_change is None:
        return again  # "forty-eight hours" where the source says "72 hours": a changed number, named
    if not again.found or again.meaning_change is not None:
        return result
    return replace(again, status=FragmentStatus.MODIFIED, rules=(*again.rules, "number_in_words"))


# A Korean quote whose last word is a bound noun (것, 때, 경우 …) the court put for the source's own, to fit
# the quote into its sentence: "형법 제310조 소정의 “공공의 이익에 관한 것”에 해당한다" of "… 공공의 이익에
# 관한 때에는 처벌하지 아니한다"
_KO_BOUND_NOUN = ("것", "때", "경우", "자", "바", "점")
_KO_BOUND_LAST = re.compile(r"\s(?:" + "|".join(_KO_BOUND_NOUN) + r")\s*\Z")
# the source's bound noun, with its particle ("때에는"), not the first syllable of a word ("자격", "때문")
_KO_BOUND_NEXT = re.compile(
    r"\s?(?:" + "|".join(_KO_BOUND_NOUN) + r")(?:[이가은는을를의도]|에는?|에서|으?로)?(?![\uac00-\ud7a3])"
)
_BOUND_STEM_CHARS = 6  # what is left of the quote must be a phrase, not a word or two letters


def _bound_noun_adapted(quote: str, src: Normalized) -> FragmentResult | None:
    """The quote found word for word up to its last word, a bound noun standing where the source has
    another: `modified` with the rule "bound_noun" (a 🟡 the reader glances at, not a quote that is not
    there)."""
    last = _KO_BOUND_LAST.search(quote)
    if last is None or len(quote[: last.start()].replace(" ", "")) < _BOUND_STEM_CHARS:
        return None
    stem = _find(quote[: last.start()], src, 0.0, MAX_GAP)
    if not stem.found or stem.end is None or not _KO_BOUND_NEXT.match(src.original, stem.end):
        return None
    return replace(stem, status=FragmentStatus.MODIFIED, rules=(*stem.rules, "bound_noun"))


# An editor's mark inside a quote: "[DPO]" for "data protection officer", "his [or her]", "[the] controller",
# "[T]he" (not "[…]", an omission, which is a gap already)
_EDITORIAL = re.compile(r"\[(?!\s*(?:\.{2,}|…)\s*\])[^\[\]\n]{1,60}\]")
_EDITORIAL_LETTER = re.compile(r"\[(\w)\](?=\w)")
# what an editor's mark may stand for in the source: a few words, or none
EDITORIAL_GAP = 80


def _adapted(quote: str, src: Normalized, threshold: float, max_gap: int) -> FragmentResult:
    """A quote adapted by an editor's square brackets: the marks are the editor's, the words outside them
    must be the source's, in order, each mark standing for a few words of it at most. Found so, the quote
    is `modified` with the rule "editorial_brackets" (the draft adapted the source's words, and says so);
    otherwise it is read as written, brackets and all."""
    marked = _EDITORIAL_LETTER.sub(r"\1", quote)  # "[T]he" is "The": case is no wording
    gapped = _EDITORIAL.sub(" […] ", marked)
    gap = max_gap if _GAP_RE.search(normalize(marked).text) else EDITORIAL_GAP
    if not quote_segments(normalize(gapped)):
        return find_quote(_EDITORIAL.sub(" ", quote), src, threshold=threshold, max_gap=max_gap)
    result = _find(gapped, src, threshold, gap)
    if result.found and not _edges_stand_for(marked, result, src):
        result = replace(result, status=FragmentStatus.ABSENT, start=None, end=None, excerpt="", diff=())
    if not result.found:
        plain = _find(marked, src, threshold, max_gap)
        return plain if plain.found or plain.meaning_change is not None else result
    return replace(result, status=FragmentStatus.MODIFIED, rules=(*result.rules, "editorial_brackets"))


_EDGE_REACH = 8  # words: how far past the quote's first or last word a mark at its edge may reach


def _edges_stand_for(marked: str, result: FragmentResult, src: Normalized) -> bool:
    """A mark at the quote's edge ("Designation of the [DPO]", "[DPO] of private bodies") has no words of
    the source after (or before) it to pin it down: the source's next words must be what it stands for — its
    initials ("data protection officer" for DPO) or one of its words. Otherwise "Appointment of the [DPO]"
    would pass wherever "appointment of the" occurs."""
    if result.start is None or result.end is None:
        return False
    stripped = marked.strip().strip("‘’“”\"'")
    marks = list(_EDITORIAL.finditer(stripped))
    if not marks:
        return True
    if marks[-1].end() == len(stripped.rstrip(".,;:")):
        after = src.original[result.end : result.end + 200].split()[:_EDGE_REACH]
        if not _stands_for(marks[-1].group()[1:-1], after):
            return False
    if marks[0].start() == 0:
        before = src.original[max(0, result.start - 200) : result.start].split()[-_EDGE_REACH:]
        if not _stands_for(marks[0].group()[1:-1], before, backwards=True):
            return False
    return True


def _stands_for(mark: str, near: list[str], *, backwards: bool = False) -> bool:
    said = [re.sub(r"\W", "", w).casefold() for w in mark.split()]
    said = [w for w in said if w]
    got = [re.sub(r"\W", "", w).casefold() for w in near]
    got = [w for w in got if w]
    if len(said) == 1 and mark.strip().isupper() and 2 <= len(said[0]) <= 6:
        n = len(said[0])
        words = got[-n:] if backwards else got[:n]
        return "".join(w[0] for w in words) == said[0]
    return any(w in got for w in said if len(w) >= 3)


def _find(quote: str, src: Normalized, threshold: float, max_gap: int) -> FragmentResult:
    q = normalize(_CIRCLED_GLUED.sub(r"\1 ", quote))  # "①상대방과" is paragraph ① and its first word
    seg_spans = quote_segments(q)
    if not seg_spans:
        raise ValueError(f"the quote has no words to look for: {quote!r}")
    needles = [q.text[s:e] for s, e in seg_spans]

    exact = _exact(src.text, needles, max_gap)
    if exact is not None:
        originals = [src.span_to_original(s, e) for s, e in exact]
        start, end = originals[0][0], originals[-1][1]
        diff: list[tuple[str, str]] = []
        for k, (q_span, s_span) in enumerate(zip(seg_spans, exact, strict=True)):
            if k:
                diff.append(("equal", "[…]"))
            diff.extend(word_diff(q, q_span, src, s_span))
        return FragmentResult(
            status=FragmentStatus.EXACT,
            start=start,
            end=end,
            excerpt=src.original[start:end],
            similarity=1.0,
            diff=tuple(diff),
            rules=_rules(q, seg_spans, src, exact),
            segments=tuple(originals),
        )

    windows: list[tuple[int, int, float]] = []
    lo, hi = 0, len(src.text)
    for needle in needles:
        window = _search(needle, src.text, lo, hi, threshold)
        if window is None:
            break
        windows.append(window)
        lo = window[1]
        hi = min(len(src.text), lo + max_gap + 2 * len(needle))
    complete = len(windows) == len(needles)
    total = sum(len(n) for n in needles)
    similarity = (
        sum(w[2] * len(n) for w, n in zip(windows, needles, strict=False)) / total if complete else 0.0
    )
    if complete and all(w[2] >= 1 - threshold for w in windows):
        s_spans = _with_negation_after(needles[-1], src.text, windows)
        originals = [src.span_to_original(s, e) for s, e in s_spans]
        start, end = originals[0][0], originals[-1][1]
        diff = []
        for k, (q_span, s_span) in enumerate(zip(seg_spans, s_spans, strict=True)):
            if k:
                diff.append(("equal", "[…]"))
            diff.extend(word_diff(q, q_span, src, s_span))
        changed = meaning_change(diff)
        if changed == "number":
            # a number the source writes in words is longer than the draft's digits ("lat osiemnaście" /
            # "lat 18"): the shortest window may have cut it off
            widened = _widened(q, seg_spans, src, s_spans)
            if widened is not None:
                s_spans, diff, same = widened
                originals = [src.span_to_original(s, e) for s, e in s_spans]
                start, end = originals[0][0], originals[-1][1]
                changed = None if same else changed
        if changed is not None:
            closest = MatchEvidence(
                start=start,
                end=end,
                excerpt=src.original[start:end],
                similarity=round(similarity, 4),
                diff=tuple(diff),
                rules=_rules(q, seg_spans, src, s_spans),
                segments=tuple(originals),
            )
            return FragmentResult(
                status=FragmentStatus.ABSENT,
                start=None,
                end=None,
                excerpt="",
                similarity=round(similarity, 4),
                nearest=(closest,),
                meaning_change=changed,
            )
        # spacing is not wording: "자격정지이상의" quotes "자격정지 이상의" word for word
        spaced = all(_spacing_only(n, src.text, s, e) for n, (s, e) in zip(needles, s_spans, strict=True))
        return FragmentResult(
            status=FragmentStatus.EXACT if spaced else FragmentStatus.MODIFIED,
            start=start,
            end=end,
            excerpt=src.original[start:end],
            similarity=1.0 if spaced else round(similarity, 4),
            diff=(("equal", src.original[start:end]),) if spaced else tuple(diff),
            rules=(*_rules(q, seg_spans, src, s_spans), *(("spacing",) if spaced else ())),
            segments=tuple(originals),
        )
    longest = max(needles, key=len)
    nearest = nearest_passages(longest, src)
    # how close the source comes: the aligned windows when every segment had one, else the nearest passage
    closeness = max([similarity, *(n.similarity for n in nearest[:1])])
    denied = denied_passage(q.text, src.original, nearest, negations=count_negations)
    return FragmentResult(
        status=FragmentStatus.ABSENT,
        start=None,
        end=None,
        excerpt="",
        similarity=round(closeness, 4),
        nearest=(denied, *(n for n in nearest if n.start != denied.start)) if denied else nearest,
        meaning_change="denied" if denied else None,
    )


__all__ = [
    "DEFAULT_THRESHOLD",
    "FragmentResult",
    "FragmentStatus",
    "count_negations",
    "find_quote",
    "max_edits",
    "meaning_change",
    "nearest_passages",
    "negated_pair",
    "occurrences",
    "quote_segments",
    "word_diff",
]

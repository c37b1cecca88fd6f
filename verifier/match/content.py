"""CONTENT level: does the source say, in substance, what the draft claims it says?

Mechanical, in two signals:
- coverage: the share of the claim's carrier terms (Polish/English lemmas via simplemma, Korean nouns via
  kiwipiepy; stop-words and claim framing such as "SN przyjął" removed) that occur in the source. A term
  that sits inside a boilerplate phrase ("w szczególności", "pursuant to") counts 0.5 when found, so
  template language does not pass for evidence. Coverage ≥ threshold (0.7) reaches CONTENT.
- the character n-gram Jaccard of the claim against the best window of the source (trigrams for Latin
  script, bigrams for Hangul, where one character is a syllable). Terms that are all present but nowhere
  together ("true words, false thesis") give a low value: the `scattered` signal, a note for the
  reviewer, never a block on its own.
"""

from __future__ import annotations

import bisect
import functools
import re
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from verifier.match import korean
from verifier.match.numbers import number_words
from verifier.model import MatchEvidence
from verifier.text import Normalized, normalize, words

DEFAULT_THRESHOLD = 0.7
BOILERPLATE_WEIGHT = 0.5
# measured by the Polish seed on its fixture: trigram Jaccard ~0.15 for scattered terms, 0.45-0.78 for a
# faithful paraphrase; the line sits between them
SCATTERED_JACCARD = 0.25
MIN_TERM_CHARS = {"pl": 4, "en": 4, "ko": 2}
LANGUAGES = ("pl", "en", "ko")
_MAX_OCCURRENCES = 400
_DATA = Path(__file__).resolve().parent.parent / "data"
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_KO_NOUN_TAGS = frozenset({"NNG", "NNP", "SL", "XR"})


@dataclass(frozen=True, slots=True)
class ContentResult:
    """Coverage of the claim's carrier terms in the source and the best window, in ORIGINAL offsets."""

    lang: str
    coverage: float
    threshold: float
    terms: tuple[str, ...]
    found: tuple[str, ...]
    missing: tuple[str, ...]
    boilerplate: tuple[str, ...]  # terms discounted as template language
    start: int | None
    end: int | None
    excerpt: str
    jaccard: float
    window_terms: tuple[str, ...]  # terms found inside the best window
    scattered: bool
    raw_coverage: float | None = None  # share of terms found, template language counted in full

    @property
    def mostly_boilerplate(self) -> bool:
        """Enough of the claim's terms are there, but only template language brings them to the threshold:
        the source shares the claim's formulas, not (necessarily) its substance."""
        return (
            not self.reached
            and self.raw_coverage is not None
            and self.raw_coverage >= self.threshold
            and bool(set(self.boilerplate) & set(self.found))
        )

    @property
    def reached(self) -> bool:
        return bool(self.terms) and self.coverage >= self.threshold

    def evidence(self) -> MatchEvidence | None:
        if self.start is None or self.end is None:
            return None
        return MatchEvidence(start=self.start, end=self.end, excerpt=self.excerpt, similarity=self.jaccard)


def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"content matching supports {', '.join(LANGUAGES)}; got lang={lang!r}")
    return lang


@functools.cache
def _word_list(kind: str, lang: str) -> tuple[str, ...]:
    path = _DATA / f"{kind}-{lang}.txt"
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return tuple(normalize(line).text for line in lines if line)


@functools.cache
def stopwords(lang: str) -> frozenset[str]:
    return frozenset(_word_list("stopwords", _check_lang(lang)))


@functools.cache
def boilerplate_phrases(lang: str) -> tuple[str, ...]:
    return _word_list("boilerplate", _check_lang(lang))


def _lemmatizer() -> object:
    # simplemma's stream dictionary with its block index kept on disk and built under a lock (see lemmas.py).
    from verifier.match.lemmas import LEMMATIZER

    return LEMMATIZER


@functools.lru_cache(maxsize=65536)
def lemma(word: str, lang: str) -> str:
    if lang == "ko":
        return word
    lemmatized = _lemmatizer().lemmatize(word, lang=lang)  # type: ignore[attr-defined]
    return normalize(str(lemmatized)).text


@dataclass(frozen=True, slots=True)
class _Term:
    key: str  # lemma (pl/en) or noun (ko)
    surface: str
    start: int  # into the normalized claim
    end: int


def carrier_terms(claim: Normalized, lang: str) -> list[_Term]:
    """The words that carry a claim's substance, in order of first appearance, one per lemma."""
    _check_lang(lang)
    stop = stopwords(lang)
    out: list[_Term] = []
    seen: set[str] = set()
    if lang == "ko":
        for form, tag, start, length in korean.analyze(claim.text):
            if tag not in _KO_NOUN_TAGS or len(form) < MIN_TERM_CHARS[lang] or form in stop:
                continue
            if form not in seen:
                seen.add(form)
                out.append(_Term(form, form, start, start + length))
        return out
    numbers = number_words(lang)  # "pięciu", "five": compared as quantities (verifier.match.quantities)
    for s, e in words(claim.text):
        word = claim.text[s:e]
        if len(word) < MIN_TERM_CHARS[lang] or word in stop or word.isdigit() or word in numbers:
            continue
        key = lemma(word, lang)
        if key in stop or key in seen:
            continue
        seen.add(key)
        out.append(_Term(key, word, s, e))
    return out


def _boilerplate_spans(claim: Normalized, lang: str) -> list[tuple[int, int]]:
    """Where the claim's template phrases are, matched with and without diacritics ("chyba ze umowa stanowi
    inaczej" is the same formula typed without Polish letters)."""
    spans = []
    text = fold(claim.text)
    for phrase in boilerplate_phrases(lang):
        for m in re.finditer(rf"(?<!\w){re.escape(fold(phrase))}(?!\w)", text):
            spans.append(m.span())
    return spans


# --- terms typed without diacritics, and a rare inflected word ----------------------------
_FOLD = str.maketrans("łŁđĐ", "lLdD")
_PREFIX_MIN = 5  # a stem shorter than this is shared by unrelated words
_PREFIX_LANGS = frozenset({"pl"})  # inflection the lemmatizer does not know; English lemmas suffice


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """`text` without diacritics, character for character (offsets stay valid): "stosował" → "stosowal"."""
    out = []
    for ch in text.translate(_FOLD):
        if "\u00c0" <= ch <= "\u024f":  # Latin letters with marks only: Hangul syllables decompose too
            decomposed = unicodedata.normalize("NFD", ch)
            if all(unicodedata.combining(c) for c in decomposed[1:]):
                ch = decomposed[0]
        out.append(ch)
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def known_word(word: str, lang: str) -> bool:
    """The lemmatizer's dictionary has the word (as a form of some lemma)."""
    strategy = _lemmatizer()._lemmatization_strategy  # type: ignore[attr-defined]
    return strategy.get_lemma(word, lang) is not None


def stem_prefix(word: str) -> str | None:
    """The stem a rare inflected word is looked for by: all but its last three letters, at least five
    ("abuzywne" → "abuzy" finds "abuzywnego"); None for a word too short to stem safely. Asked only for
    words the lemmatizer's dictionary does not know."""
    if len(word) < _PREFIX_MIN + 1:
        return None
    return fold(word)[: max(_PREFIX_MIN, len(word) - 3)]


class _SourceIndex:
    """Per-source lemma positions, built once per normalized source and reused by every claim."""

    def __init__(self, source: Normalized, lang: str) -> None:
        self.lang = lang
        self.spans = words(source.text)
        self.by_key: dict[str, list[int]] = {}
        self._folded: dict[str, list[int]] | None = None  # the source's words without diacritics, on demand
        self._sorted: list[str] | None = None
        self._source = source
        if lang == "ko":
            return
        forms: dict[str, str] = {}
        for s, e in self.spans:
            word = source.text[s:e]
            key = forms.get(word)
            if key is None:
                key = forms[word] = lemma(word, lang)
            self.by_key.setdefault(key, []).append(s)
            if key != word:
                self.by_key.setdefault(word, []).append(s)

    @property
    def by_folded(self) -> dict[str, list[int]]:
        """Built the first time a term is not found as written (most claims never ask)."""
        if self._folded is None:
            folded: dict[str, list[int]] = {}
            for s, e in self.spans:
                folded.setdefault(fold(self._source.text[s:e]), []).append(s)
            self._folded = folded
        return self._folded

    def with_prefix(self, prefix: str) -> list[int]:
        """Positions of the source's words (without diacritics) that start with `prefix`."""
        if self._sorted is None:
            self._sorted = sorted(self.by_folded)
        found: list[int] = []
        i = bisect.bisect_left(self._sorted, prefix)
        while i < len(self._sorted) and self._sorted[i].startswith(prefix) and len(found) < _MAX_OCCURRENCES:
            found.extend(self.by_folded[self._sorted[i]])
            i += 1
        return sorted(found)


_INDEX_CACHE: OrderedDict[tuple[int, str], tuple[Normalized, _SourceIndex]] = OrderedDict()
_INDEX_CACHE_SIZE = 16


_INDEX_LOCK = threading.Lock()


def _index(source: Normalized, lang: str) -> _SourceIndex:
    key = (id(source), lang)
    with _INDEX_LOCK:  # parallel claims against one source build its index once, not once per thread
        hit = _INDEX_CACHE.get(key)
        if hit is not None and hit[0] is source:
            _INDEX_CACHE.move_to_end(key)
            return hit[1]
        built = _SourceIndex(source, lang)
        _INDEX_CACHE[key] = (source, built)
        while len(_INDEX_CACHE) > _INDEX_CACHE_SIZE:
            _INDEX_CACHE.popitem(last=False)
        return built


def _occurrences(term: _Term, source: Normalized, index: _SourceIndex) -> list[int]:
    if index.lang == "ko":
        # Korean attaches particles to nouns (사회질서에), so a noun is found as a substring
        found: list[int] = []
        i = source.text.find(term.key)
        while i != -1 and len(found) < _MAX_OCCURRENCES:
            found.append(i)
            i = source.text.find(term.key, i + 1)
        return found
    positions = index.by_key.get(term.key) or index.by_key.get(term.surface) or []
    if not positions:
        # typed without diacritics ("stosowal"), or a rare word the lemmatizer does not inflect
        positions = index.by_folded.get(fold(term.surface)) or index.by_folded.get(fold(term.key)) or []
    if not positions and index.lang in _PREFIX_LANGS and not known_word(term.surface, index.lang):
        # only a word the dictionary does not know: a known one ("konkurencji") has its lemma, and its stem
        # would find other words of the family ("konkurencyjną")
        prefix = stem_prefix(term.surface)
        if prefix is not None:
            positions = index.with_prefix(prefix)
    return positions[:_MAX_OCCURRENCES]


def term_positions(claim_text: str, source: Normalized, *, lang: str) -> list[tuple[int, ...]]:
    """Where each of the claim's carrier terms occurs in `source` (original offsets), term by term: the cheap
    first look of a search among many passages of one text (which unit of an act holds most of the terms),
    before `content_coverage` reads the few best again."""
    _check_lang(lang)
    index = _index(source, lang)
    return [
        tuple(source.to_original(p) for p in _occurrences(term, source, index))
        for term in carrier_terms(normalize(claim_text), lang)
    ]


def ngrams(text: str, n: int) -> frozenset[str]:
    compact = " ".join(text.split())
    if len(compact) < n:
        return frozenset({compact}) if compact else frozenset()
    return frozenset(compact[i : i + n] for i in range(len(compact) - n + 1))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def gram_size(text: str) -> int:
    hangul = len(_HANGUL.findall(text))
    letters = sum(1 for c in text if c.isalpha())
    return 2 if letters and hangul * 2 >= letters else 3


def _best_window(
    claim: Normalized, occurrences: dict[int, list[int]], source: Normalized
) -> tuple[int, int, float, frozenset[int]] | None:
    """The window of the source, about as long as the claim, holding most distinct terms; ties (and the
    top few) decided by n-gram Jaccard with the claim."""
    events = sorted((pos, t) for t, positions in occurrences.items() for pos in positions)
    if not events:
        return None
    width = max(len(claim.text), 60)
    n = gram_size(claim.text)
    claim_grams = ngrams(claim.text, n)
    counts: dict[int, int] = {}
    candidates: list[tuple[int, int, frozenset[int]]] = []
    right = 0
    for left, (pos, _) in enumerate(events):
        while right < len(events) and events[right][0] < pos + width:
            counts[events[right][1]] = counts.get(events[right][1], 0) + 1
            right += 1
        candidates.append((len(counts), pos, frozenset(counts)))
        t_left = events[left][1]
        counts[t_left] -= 1
        if not counts[t_left]:
            del counts[t_left]
    candidates.sort(key=lambda c: -c[0])
    best: tuple[int, int, float, frozenset[int]] | None = None
    best_key: tuple[int, float] = (-1, -1.0)
    for count, pos, inside in candidates[:24]:
        start = max(0, pos - width // 4)
        end = min(len(source.text), start + width + width // 4)
        score = jaccard(claim_grams, ngrams(source.text[start:end], n))
        if (count, score) > best_key:
            best_key = (count, score)
            best = (start, end, score, inside)
    return best


def content_coverage(
    claim_text: str,
    source: Normalized | str,
    *,
    lang: str,
    threshold: float = DEFAULT_THRESHOLD,
    window: bool = True,
) -> ContentResult:
    """How much of what `claim_text` asserts the source contains. Pass a `Normalized` source to check
    many claims against one text without normalizing it again. `window=False`: which terms are there, without
    looking for the passage that holds most of them (the topic check needs no evidence window)."""
    _check_lang(lang)
    if not 0 < threshold <= 1:
        raise ValueError(f"threshold must be in (0, 1], got {threshold}")
    src = source if isinstance(source, Normalized) else normalize(source)
    claim = normalize(claim_text)
    terms = carrier_terms(claim, lang)
    boiler = _boilerplate_spans(claim, lang)
    in_boilerplate = {i for i, t in enumerate(terms) if any(s <= t.start and t.end <= e for s, e in boiler)}
    index = _index(src, lang)
    occurrences: dict[int, list[int]] = {}
    for i, term in enumerate(terms):
        found_at = _occurrences(term, src, index)
        if found_at:
            occurrences[i] = found_at
    weight = sum(BOILERPLATE_WEIGHT if i in in_boilerplate else 1.0 for i in occurrences)
    coverage = weight / len(terms) if terms else 0.0
    raw_coverage = len(occurrences) / len(terms) if terms else 0.0
    best = _best_window(claim, occurrences, src) if window else None
    start = end = None
    excerpt = ""
    score = 0.0
    inside: frozenset[int] = frozenset()
    if best is not None:
        n_start, n_end, score, inside = best
        start, end = src.span_to_original(n_start, n_end)
        excerpt = src.original[start:end]
    window_share = len(inside) / len(occurrences) if occurrences else 0.0
    scattered = coverage >= threshold and (score < SCATTERED_JACCARD or window_share < 0.5)
    return ContentResult(
        lang=lang,
        coverage=round(coverage, 4),
        threshold=threshold,
        terms=tuple(t.surface for t in terms),
        found=tuple(terms[i].surface for i in sorted(occurrences)),
        missing=tuple(t.surface for i, t in enumerate(terms) if i not in occurrences),
        boilerplate=tuple(terms[i].surface for i in sorted(in_boilerplate)),
        start=start,
        end=end,
        excerpt=excerpt,
        jaccard=round(score, 4),
        window_terms=tuple(terms[i].surface for i in sorted(inside)),
        scattered=scattered,
        raw_coverage=round(raw_coverage, 4),
    )


__all__ = [
    "DEFAULT_THRESHOLD",
    "SCATTERED_JACCARD",
    "ContentResult",
    "carrier_terms",
    "content_coverage",
    "gram_size",
    "jaccard",
    "ngrams",
    "term_positions",
]

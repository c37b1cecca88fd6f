"""What a number in a text is about: the sentence it stands in and the case its brackets name.

    keys(text, lang) -> {key}                      the words of a text as quantities key their neighbours
    brackets(text) -> [span]                       the outermost bracketed spans
    bracket_cases(text, starts, lang) -> {start: {key}}  the case a bracketed number is stated for
    sentence_shares(starts, text, claim_keys, lang) -> {start: share}  how much of a claim each number's
                                                   sentence says
    a_sum_of(value, values) -> bool                 a total of two of the text's values
    best_sentences(text, claim_keys, lang) -> [span]  the sentences that share most of a claim's words

A unit states many numbers, each for its own thing; `quantities.compare_quantities` compares a claim's number
only with the ones bound to what the claim is about.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from fractions import Fraction

from verifier.match.content import lemma, stopwords

_WORD = re.compile(r"[^\W\d_]+")
# a citation's own words ("근로기준법 제74조") name the law, not what a number is about
_KO_CITED = re.compile(r"\S*(?:법|법률|령|규칙)\s?(?=제\s?\d)|제\s?\d+\S*")
_SENTENCE_BREAK = re.compile(r"\n|(?<=[.;])\s|(?<=다\.)")


def keys(text: str, lang: str) -> set[str]:
    """The words of `text` as the neighbours are keyed: lemmas, or a Korean word's first two syllables."""
    if lang == "ko":
        return {
            w[:2]
            for w in (re.sub(r"[^\w]", "", m) for m in re.split(r"\s+", _KO_CITED.sub(" ", text)))
            if w and not w[0].isdigit()
        }
    stop = stopwords(lang)
    return {lemma(w, lang) for w in _WORD.findall(text) if len(w) >= 3 and w not in stop}


def sentence_shares(starts: Sequence[int], text: str, claim_keys: set[str], lang: str) -> dict[int, float]:
    """For each quantity (by its start), how much of the claim its sentence says, against the sentence
    that says most: a number is about what its own sentence is about. 근로기준법 제74조 states 90일 of
    출산전후휴가 in ① and 1일 of the working day in ⑨; a claim of 90일 of 출산전후휴가 is about ①'s
    numbers, not ⑨'s, whose neighbouring words (사용자, 임신, 여성) happen to be nearer to its number."""
    breaks = [0, *(m.end() for m in _SENTENCE_BREAK.finditer(text)), len(text)]
    found: dict[int, int] = {}
    for at in starts:
        k = next(i for i in range(1, len(breaks)) if breaks[i] > at or i == len(breaks) - 1)
        found[at] = len(keys(text[breaks[k - 1] : breaks[k]], lang) & claim_keys)
    best = max(found.values(), default=0)
    return {at: (n / best if best else 1.0) for at, n in found.items()}


def best_sentences(text: str, claim_keys: set[str], lang: str) -> list[tuple[int, int]]:
    """The sentences of `text` that share most of the claim's words (all of them when none shares any):
    in an operative part of five points, the one a claim about the Privacy Shield Decision is about."""
    breaks = [0, *(m.end() for m in _SENTENCE_BREAK.finditer(text)), len(text)]
    spans = [(a, b) for a, b in itertools.pairwise(breaks) if b > a]
    scores = [len(keys(text[a:b], lang) & claim_keys) for a, b in spans]
    best = max(scores, default=0)
    return [span for span, score in zip(spans, scores, strict=True) if score == best] if best else spans


def brackets(text: str) -> list[tuple[int, int]]:
    """The outermost bracketed spans of a text, brackets included."""
    spans: list[tuple[int, int]] = []
    depth = opened = 0
    for i, c in enumerate(text):
        if c == "(":
            opened = i if depth == 0 else opened
            depth += 1
        elif c == ")" and depth:
            depth -= 1
            if depth == 0:
                spans.append((opened, i + 1))
    return spans


def bracket_cases(text: str, starts: Sequence[int], lang: str) -> dict[int, set[str]]:
    """For each quantity inside brackets, the words naming its case that the text does not use outside
    brackets: 근로기준법 제74조① "90일(미숙아를 출산한 경우에는 100일, 한 번에 둘 이상 자녀를 임신한
    경우에는 120일)" gives 100일 and 120일 the case words 자녀, 번에, 둘 …, and 90일 none."""
    spans = brackets(text)
    outside, last = [], 0
    for s, e in spans:
        outside.append(text[last:s])
        last = e
    outside.append(text[last:])
    plain = keys(" ".join(outside), lang)
    out: dict[int, set[str]] = {}
    for at in starts:
        inside = next(((s, e) for s, e in spans if s < at < e), None)
        if inside is not None:
            out[at] = keys(text[inside[0] + 1 : inside[1] - 1], lang) - plain or {"\0"}
    return out


def a_sum_of(value: Fraction, values: Sequence[Fraction]) -> bool:
    """`value` is two of the text's different values added up: a total the draft computed ("three months
    in all" for "one month … extended by two further months")."""
    distinct = sorted(set(values))
    return any(a + b == value for i, a in enumerate(distinct) for b in distinct[i + 1 :])


__all__ = ["a_sum_of", "best_sentences", "bracket_cases", "brackets", "keys", "sentence_shares"]

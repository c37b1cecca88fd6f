"""How much a word says about a subject: rare words name it ("mobbing", "syndyk", "괴롭힘", "non-material"),
common ones do not ("sąd", "court", "판단", "dotyczy").

    weight(word, lang, lemma=None) -> 0.1 … 1.0

The weight falls with the word's frequency in general text (wordfreq's small lists, offline, ~50 ms a language
the first time it is asked for), and is the floor for the words every judgment uses whatever its subject
(`verifier/data/topic-generic-<lang>.txt`: court names, decision types, "held", "판단", "dotyczy").
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Mapping
from pathlib import Path

from verifier.text import normalize

FLOOR = 0.1
# zipf (log10 of a word's frequency per billion words): 3 is rare (once in a million words), 6 is "the"
_RARE_ZIPF = 3.0
_COMMON_ZIPF = 6.0
_DATA = Path(__file__).resolve().parent / "data"
_lock = threading.Lock()


@functools.cache
def _frequencies(lang: str) -> Mapping[str, float]:
    with _lock:
        from wordfreq import get_frequency_dict

        return get_frequency_dict(lang, wordlist="small")


@functools.cache
def generic_words(lang: str) -> frozenset[str]:
    path = _DATA / f"topic-generic-{lang}.txt"
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(normalize(line).text for line in lines if line)


def zipf(word: str, lang: str) -> float | None:
    frequency = _frequencies(lang).get(word)
    return math.log10(frequency) + 9 if frequency else None


@functools.lru_cache(maxsize=65536)
def weight(word: str, lang: str, lemma: str | None = None) -> float:
    """The word's weight as evidence of a subject: 1.0 for a rare word, down to FLOOR for a common one or
    one that every judgment uses. Of a word and its lemma the more frequent decides (pracownikowi →
    pracownik)."""
    generic = generic_words(lang)
    if word in generic or (lemma is not None and lemma in generic):
        return FLOOR
    values = [z for z in (zipf(word, lang), zipf(lemma, lang) if lemma else None) if z is not None]
    if not values:
        return 1.0
    share = (_COMMON_ZIPF - max(values)) / (_COMMON_ZIPF - _RARE_ZIPF)
    return round(min(1.0, max(FLOOR, share)), 3)


def compound_weight(pieces: list[str], lang: str) -> float:
    """A compound ("정리해고", "조치의무") is as telling as its most telling pieces together: 1 − Π(1 − wᵢ),
    unless the whole is itself a known word."""
    whole = "".join(pieces)
    if len(pieces) == 1 or whole in generic_words(lang) or zipf(whole, lang) is not None:
        return weight(whole, lang)
    rest = 1.0
    for piece in pieces:
        rest *= 1 - weight(piece, lang)
    return round(max(FLOOR, 1 - rest), 3)


__all__ = ["FLOOR", "compound_weight", "generic_words", "weight", "zipf"]

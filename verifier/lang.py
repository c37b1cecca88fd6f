"""Which language a draft is written in: ko, pl or en (the three the cue lists and sources cover)."""

from __future__ import annotations

import re

_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_LATIN = re.compile(r"[A-Za-zĄĆĘŁŃÓŚŹŻąćęłńóśźż]")
_PL_LETTERS = re.compile(r"[ĄĆĘŁŃŚŹŻąćęłńśźż]")
_PL_WORDS = re.compile(
    r"\b(?:się|że|nie|jest|oraz|przez|który|która|które|dnia|sąd|ustawy|wyrok|zgodnie|na|do|w|z)\b"
)
_EN_WORDS = re.compile(r"\b(?:the|of|and|to|that|is|which|by|court|article|shall|with|for|in)\b")
_SAMPLE = 200_000  # the head of a long draft decides; scanning megabytes adds nothing


def has_hangul(text: str) -> bool:
    return _HANGUL.search(text) is not None


def detect_language(text: str) -> str:
    """ "ko" when Hangul is a real share of the letters, otherwise "pl" or "en" by letters and common words.

    Empty or undecidable text is "en", the language of the EU sources that any draft may cite."""
    if not isinstance(text, str):
        raise TypeError(f"detect_language needs str, got {type(text).__name__}")
    sample = text[:_SAMPLE]
    hangul = len(_HANGUL.findall(sample))
    latin = len(_LATIN.findall(sample))
    if hangul and hangul >= 0.2 * (hangul + latin):
        return "ko"
    low = sample.lower()
    pl = 3 * len(_PL_LETTERS.findall(sample)) + len(_PL_WORDS.findall(low))
    en = len(_EN_WORDS.findall(low))
    return "pl" if pl > en else "en"

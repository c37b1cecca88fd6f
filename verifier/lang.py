"""Which language a text is written in: ko, pl or en (the three the cue lists, word lists and sources cover).

The one place that decides it, for a draft, for a claim and for a source:
    detect_language(text) -> "ko" | "pl" | "en"
    claim_language(claim_text, document_language) -> the language a claim's words are compared in
    source_language(document) -> the language of a source's text
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.model import SourceDocument

LANGUAGES = ("ko", "pl", "en")

_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_LATIN = re.compile(r"[A-Za-zĄĆĘŁŃÓŚŹŻąćęłńóśźż]")
_PL_LETTERS = re.compile(r"[ĄĆĘŁŃŚŹŻąćęłńśźż]")
_PL_WORDS = re.compile(
    r"\b(?:się|że|nie|jest|oraz|przez|który|która|które|dnia|sąd|ustawy|wyrok|zgodnie|na|do|w|z)\b"
)
_EN_WORDS = re.compile(r"\b(?:the|of|and|to|that|is|which|by|court|article|shall|with|for|in)\b")
_SAMPLE = 200_000  # the head of a long draft decides; scanning megabytes adds nothing
_SOURCE_SAMPLE = 20_000


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


def claim_language(claim_text: str, document_language: str | None) -> str:
    """The language a claim's words are compared in: the draft's, when it is one of ours."""
    if document_language in LANGUAGES:
        return str(document_language)
    return detect_language(claim_text)


def source_language(document: SourceDocument) -> str:
    """A Korean or Polish source is in its jurisdiction's language; an EU one says so or is detected."""
    jurisdiction = document.jurisdiction.value
    if jurisdiction == "kr":
        return "ko"
    if jurisdiction == "pl":
        return "pl"
    declared = document.meta.get("lang") or document.meta.get("language")
    if declared in LANGUAGES:
        return str(declared)
    return detect_language(document.text[:_SOURCE_SAMPLE])

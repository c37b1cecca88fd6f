"""Which language a text is written in: ko, pl or en (the three the cue lists, word lists and sources cover).

The one place that decides it, for a draft, for a claim and for a source:
    detect_language(text) -> "ko" | "pl" | "en"
    claim_language(sample, document_language) -> the language a claim's words are compared in
    source_language(document) -> the language of a source's text

A draft mixes languages (an English sentence in a Polish memo, a Polish one quoted in an English memo), so a
claim's language is its own: Hangul decides Korean by script; Polish against English is lingua's (its models
ship in the wheel and run offline), restricted to the two and loaded on first use. A sample too short to tell
(a bare "Zob." or "stanowi:") keeps the draft's language.
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING, Any

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
_WORD = re.compile(r"[^\W\d_]{2,}")
_CLAIM_WORDS = 3  # fewer words than this (citations and quotes left out) cannot tell Polish from English
_CLAIM_CONFIDENCE = 0.7  # lingua's relative confidence below which the draft's language stands
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


_detector: Any = None
_detector_lock = threading.Lock()


def _lingua() -> Any:
    """lingua's detector for Polish and English, built once per process (a few milliseconds, ~13 MB)."""
    global _detector
    if _detector is None:
        with _detector_lock:
            if _detector is None:
                from lingua import Language, LanguageDetectorBuilder

                _detector = LanguageDetectorBuilder.from_languages(Language.POLISH, Language.ENGLISH).build()
    return _detector


def polish_or_english(sample: str) -> tuple[str, float] | None:
    """("pl" | "en", lingua's relative confidence) for a Latin-script sample; None when it has no words."""
    if not _WORD.search(sample):
        return None
    values = _lingua().compute_language_confidence_values(sample)
    if not values:
        return None
    top = values[0]
    return ("pl" if top.language.name == "POLISH" else "en"), float(top.value)


def claim_language(sample: str, document_language: str | None) -> str:
    """The language a claim's words are compared in, from `sample`: the claim's own words, with its citations'
    titles and quoted source text left out (see `verifier.claim_sample`). The draft's language stands when the
    sample is too short or too mixed to tell."""
    fallback = str(document_language) if document_language in LANGUAGES else None
    hangul = len(_HANGUL.findall(sample))
    latin = len(_LATIN.findall(sample))
    if hangul and hangul >= 0.2 * (hangul + latin):
        return "ko"
    if len(_WORD.findall(sample)) < _CLAIM_WORDS:
        return fallback or detect_language(sample)
    found = polish_or_english(sample)
    if found is None or (found[1] < _CLAIM_CONFIDENCE and fallback is not None):
        return fallback or detect_language(sample)
    return found[0]


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
    key = (document.id, document.sha256, len(document.text))
    found = _source_languages.get(key)
    if found is None:
        found = detect_language(document.text[:_SOURCE_SAMPLE])
        if len(_source_languages) > 256:
            _source_languages.clear()
        _source_languages[key] = found
    return found


# a judgment read for each of its claims is detected once (a plain dict: a race only repeats the work)
_source_languages: dict[tuple[str, str, int], str] = {}

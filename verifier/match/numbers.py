"""Number words and units, per language, as data (`verifier/data/numbers-<lang>.txt`, `units-<lang>.txt`).

    lexicon(lang) -> Lexicon          every number word, multiplier, denominator and unit form of a language
    number_words(lang) -> frozenset    the words that are numbers ("pięciu", "five", "다섯"), which CONTENT
                                       leaves to the quantity check instead of counting them as terms
    digits_value(text, lang) -> value  "20 000 000", "1,5", "10,000" as a number

A separate module from `quantities` so that `content` can ask what a number word is without importing the
quantity check, which reads `content`'s stop-words.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

_DATA = Path(__file__).resolve().parent.parent / "data"
LANGUAGES = ("en", "pl", "ko")


@dataclass(frozen=True, slots=True)
class Unit:
    measure: str  # "hours", "days", "months", "ratio", "eur", "persons", …
    factor: Fraction  # to the measure's base: a year is 12 months, a week 7 days, a percent 1/100
    alone: bool = False  # the form on its own stands for one ("within a month", "w ciągu roku")
    before: bool = False  # may stand before its number ("EUR 20 000 000")
    before_words: bool = False  # before a number in words only ("lat trzech")
    sino: bool = False  # Korean: after a Sino-Korean number word ("삼 년")
    native: bool = False  # Korean: after a native number word ("다섯 명")


@dataclass(frozen=True, slots=True)
class Lexicon:
    lang: str
    numbers: dict[str, Fraction] = field(default_factory=dict)  # "five" → 5
    sino: dict[str, int] = field(default_factory=dict)  # Korean "삼" → 3, "십" → 10
    multipliers: dict[str, int] = field(default_factory=dict)  # "thousand" → 1000
    denominators: dict[str, int] = field(default_factory=dict)  # "tenth" → 10
    fractions: dict[str, Fraction] = field(default_factory=dict)  # "half" → 1/2
    units: dict[str, Unit] = field(default_factory=dict)  # "months" / "per cent" → Unit
    between: frozenset[str] = frozenset()  # "further" in "two further months"

    @property
    def longest_unit(self) -> int:
        return max((len(form.split()) for form in self.units), default=1)


def _lines(name: str) -> list[list[str]]:
    out = []
    for line in (_DATA / name).read_text(encoding="utf-8").splitlines():
        body = line.split("#", 1)[0].rstrip() if not line.startswith("#") else ""
        if body.strip():
            out.append([part.strip() for part in body.split("\t")])
    return out


@functools.cache
def lexicon(lang: str) -> Lexicon:
    if lang not in LANGUAGES:
        raise ValueError(f"quantities are read in {', '.join(LANGUAGES)}; got lang={lang!r}")
    tables: dict[str, dict[str, Fraction]] = {"n": {}, "s": {}, "x": {}, "d": {}, "f": {}}
    for word, kind, value in _lines(f"numbers-{lang}.txt"):
        if kind not in tables:
            raise ValueError(f"numbers-{lang}.txt: unknown kind {kind!r} for {word!r}")
        tables[kind][word] = Fraction(value)
    units: dict[str, Unit] = {}
    between: set[str] = set()
    for parts in _lines(f"units-{lang}.txt"):
        measure, factor, forms = parts[0], parts[1], parts[2]
        flags = set(parts[3].split()) if len(parts) > 3 else set()
        if measure == "~between":
            between.update(forms.split())
            continue
        for form in forms.split():
            units[form.rstrip("*").replace("_", " ")] = Unit(
                measure,
                Fraction(factor),
                alone=form.endswith("*"),
                before="+pre" in flags,
                before_words="+preword" in flags,
                sino="+sino" in flags,
                native="+native" in flags,
            )
    return Lexicon(
        lang,
        numbers=tables["n"],
        sino={w: int(v) for w, v in tables["s"].items()},
        multipliers={w: int(v) for w, v in tables["x"].items()},
        denominators={w: int(v) for w, v in tables["d"].items()},
        fractions=tables["f"],
        units=units,
        between=frozenset(between),
    )


@functools.cache
def number_words(lang: str) -> frozenset[str]:
    """Words that are (parts of) numbers: they are compared as quantities, not as CONTENT terms."""
    if lang not in LANGUAGES:
        return frozenset()
    lex = lexicon(lang)
    return frozenset({*lex.numbers, *lex.multipliers, *lex.fractions})


_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_SEPARATOR = re.compile(r"[.,]")


def digits_value(text: str, lang: str) -> Fraction | None:
    """A number written in digits: "72", "20 000 000" (spaces between groups of three), "10,000" (en, ko),
    "10.000" (pl), "1,5" (pl) / "1.5" (en). None for what is not one number."""
    compact = text.replace(" ", "")
    if not _DIGITS.fullmatch(compact):
        return None
    parts = _SEPARATOR.split(compact)
    seps = _SEPARATOR.findall(compact)
    if not seps:
        return Fraction(int(compact))
    thousands, decimal = (".", ",") if lang == "pl" else (",", ".")
    if (
        all(len(p) == 3 for p in parts[1:])
        and len(set(seps)) == 1
        and (len(seps) > 1 or seps[0] == thousands)
    ):
        return Fraction(int("".join(parts)))
    if len(seps) == 1:
        return Fraction(f"{parts[0]}.{parts[1]}")
    if seps[-1] == decimal and set(seps[:-1]) == {thousands} and all(len(p) == 3 for p in parts[1:-1]):
        return Fraction(f"{''.join(parts[:-1])}.{parts[-1]}")
    return None


__all__ = ["LANGUAGES", "Lexicon", "Unit", "digits_value", "lexicon", "number_words"]

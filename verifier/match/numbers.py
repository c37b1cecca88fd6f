"""Number words and units, per language, as data (`verifier/data/numbers-<lang>.txt`, `units-<lang>.txt`).

    lexicon(lang) -> Lexicon          every number word, multiplier, denominator and unit form of a language
    number_words(lang) -> frozenset    the words that are numbers ("pięciu", "five", "다섯"), which CONTENT
                                       leaves to the quantity check instead of counting them as terms
    digits_value(text, lang) -> value  "20 000 000", "1,5", "10,000" as a number
    spelled_numbers(words) -> [value]   the numbers written in words among a quote's words, any language
    in_digits(text) -> text            "seventy-two hours" → "72 hours", "삼십 일" → "30일"
    same_numbers(deleted, inserted)    a quote's changed words state the source's numbers, however written

A separate module from `quantities` so that `content` can ask what a number word is without importing the
quantity check, which reads `content`'s stop-words.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
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
    # Korean: after a Sino-Korean number with a power in it ("삼십 일", "십오 일"); after one syllable
    # ("이 일", "사 일") the counter is an ordinary word
    sino_power: bool = False


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
                sino_power="+sinopower" in flags,
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


# --- numbers among a quote's changed words ---------------------------------------------------------------
# A Korean Sino number is read as a word of its own only with a power in it ("삼십", "이십오"): alone "이",
# "일" and "사" are ordinary words ("이 일", "사실"). A counter may be glued on ("삼십일", "이십년").
_KO_SINO_WORD = re.compile(r"([일이삼사오육칠팔구]?[십백천][일이삼사오육칠팔구십백천]*)([가-힣]*)")
# a native Korean number word counts only before a native counter: "두 번", "세 사람" ("한", "세" are words)
_KO_NATIVE_COUNTERS = ("명", "사람", "번", "차례", "회", "개월", "달", "시간", "배", "살", "가지")
_KO_SINO_ONE = re.compile(r"([일이삼사오육칠팔구]) ?(?:년|개월|시간|퍼센트)[가-힣]*")
_HYPHEN = re.compile(r"[-\u2010-\u2015]")
# an ordinal in Sino-Korean words before its counter: "제삼자" (the older statutes' spelling of 제3자, a third
# party), "제이항" — the same number as the digits a court writes for it
_KO_ORDINAL = re.compile(r"제([일이삼사오육칠팔구십백]+)(?:자|조|항|호|차|회|편|장|절|관)[가-힣]*")


def _korean_word_value(word: str, following: str) -> Fraction | None:
    lex = lexicon("ko")
    if word in lex.numbers and following.startswith(_KO_NATIVE_COUNTERS):
        return lex.numbers[word]
    one = _KO_SINO_ONE.fullmatch(word + (" " + following if len(word) == 1 else ""))
    if one is not None:  # "삼 년간", "오년": one Sino-Korean digit before a counter of years, months, hours
        return Fraction(lex.sino[one.group(1)])
    ordinal = _KO_ORDINAL.fullmatch(word)
    if ordinal is not None:
        return _sino_value(ordinal.group(1))
    m = _KO_SINO_WORD.fullmatch(word)
    if m is None or (m.group(2) and m.group(2)[0] not in "일년월주시세개분퍼번회배"):
        return None
    digits = m.group(1)
    if not m.group(2) and digits[-2:-1] in ("십", "백", "천") and digits.endswith("일") and following != "일":
        digits = digits[:-1]  # "삼십일 이내": thirty days, as periods are written; "삼십일 일" is 31 days
    return _sino_value(digits)


def _sino_value(digits: str) -> Fraction:
    """ "삼십" → 30, "이백오" → 205."""
    lex = lexicon("ko")
    total = section = 0
    current: int | None = None
    for part in digits:
        if part in "십백천":
            section += (current or 1) * {"십": 10, "백": 100, "천": 1000}[part]
            current = None
        else:
            current = lex.sino[part]
    return Fraction(total + section + (current or 0))


def spelled_numbers(ws: Sequence[str]) -> list[Fraction]:
    """The numbers written in words among `ws` (a quote's changed words, in any of the three languages):
    "thirty" → 30, "dziesięciu" → 10, "two further months" → 2, "twenty-one" → 21, "삼십 일" → 30,
    "두 번" → 2. Consecutive number words make one number ("dziesięć tysięcy")."""
    out: list[Fraction] = []
    latin = [lexicon("en"), lexicon("pl")]
    run: list[str] = []
    run_lex: Lexicon | None = None

    def close() -> None:
        nonlocal run, run_lex
        if run and run_lex is not None:
            out.append(words_value(run, run_lex))
        run, run_lex = [], None

    for k, raw in enumerate(ws):
        following = ws[k + 1] if k + 1 < len(ws) else ""
        word = raw.casefold().strip(".,;:()[]\"'")
        parts = [p for p in _HYPHEN.split(word) if p]
        lex = next(
            (x for x in latin if parts and all(p in x.numbers or p in x.multipliers for p in parts)), None
        )
        if lex is not None and (run_lex is None or run_lex is lex):
            run_lex = lex
            run.extend(parts)
            continue
        close()
        if lex is not None:
            run_lex, run = lex, list(parts)
            continue
        value = _korean_word_value(word, following)
        if value is not None:
            out.append(value)
    close()
    return out


_KO_IN_WORDS = re.compile(
    r"(?<![가-힣])(?:(?P<power>[일이삼사오육칠팔구]?[십백천][일이삼사오육칠팔구십백천]*)"
    r" ?(?=년|개월|시간|퍼센트|일|주|분)|(?P<one>[일이삼사오육칠팔구]) ?(?=년|개월|시간|퍼센트))"
)
_LATIN_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def in_digits(text: str) -> str:
    """`text` with its numbers written in words written in digits: "within seventy-two hours" → "within 72
    hours", "lat dwadzieścia jeden" → "lat 21", "삼십 일 이내" → "30일 이내", "삼 년간" → "3년간". A quote
    that writes a number in words where the source has digits is looked for again this way."""

    def korean(m: re.Match[str]) -> str:
        return str(int(_korean_word_value(m.group("power") or m.group("one"), "년") or 0))

    text = _KO_IN_WORDS.sub(korean, text)
    out: list[str] = []
    last = 0
    run: list[re.Match[str]] = []
    for m in [*_LATIN_WORD.finditer(text), None]:
        if (
            m is not None
            and spelled_numbers([m.group()])
            and (not run or text[run[-1].end() : m.start()] == " ")
        ):
            run.append(m)
            continue
        if run:
            value = spelled_numbers([w.group() for w in run])
            if len(value) == 1:
                out.append(text[last : run[0].start()] + str(int(value[0])))
                last = run[-1].end()
            run = []
        if m is not None and spelled_numbers([m.group()]):
            run.append(m)
    out.append(text[last:])
    return "".join(out)


def words_value(words: Sequence[str], lex: Lexicon) -> Fraction:
    """ "twenty one" → 21, "dziesięć tysięcy" → 10000."""
    total = current = Fraction(0)
    for word in words:
        if word in lex.numbers:
            current += lex.numbers[word]
        elif word in lex.multipliers:
            current = (current or Fraction(1)) * lex.multipliers[word]
            if lex.multipliers[word] >= 1000:
                total, current = total + current, Fraction(0)
    return total + current


# --- a quote's numbers against the source's, however each is written --------------------------------------
_NUMBER = re.compile(r"\d+")
MARKS = re.compile(r"[\u2460-\u2473\u2474-\u2487]")  # ①…⑳, ⑴…⒇: a paragraph's mark


def _marks(ws: Sequence[str]) -> list[int]:
    return sorted(int(unicodedata.numeric(c)) for w in ws for c in MARKS.findall(w))


# "6백평", "3천만 원": digits with a Korean power of ten after them are one number (6백 = 600)
_KO_MIXED = re.compile(r"\d+[십백천](?:\d+[십백천]?)*[만억]?|\d+[만억]")
_KO_POWERS = {"": 1, "십": 10, "백": 100, "천": 1000}


def _ko_mixed(word: str) -> str:
    def value(m: re.Match[str]) -> str:
        text = m.group()
        scale = {"만": 10_000, "억": 100_000_000}.get(text[-1], 1)
        section = text[:-1] if scale > 1 else text
        return str(scale * sum(int(n) * _KO_POWERS[p] for n, p in re.findall(r"(\d+)([십백천]?)", section)))

    return _KO_MIXED.sub(value, word)


def _digits(ws: Sequence[str]) -> list[int]:
    """Numbers in digits: full-width digits are digits; ASCII runs are numbers as written ("6백" is 600)."""
    out: list[int] = []
    for w in ws:
        w = _ko_mixed(MARKS.sub(" ", w))
        out.extend(int(unicodedata.numeric(c)) for c in w if not c.isascii() and c.isdigit())
        out.extend(int(n) for n in _NUMBER.findall("".join(c if c.isascii() else " " for c in w)))
    return out


# digits in groups of three after the first, set apart by a space, a dot or a comma ("20 000 000")
_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+(?![\d]|[.,]\d)|\d+")


def _grouped(ws: Sequence[str]) -> list[int]:
    """The words' ASCII numbers with thousands written apart read as one number."""
    text = " ".join("".join(c if c.isascii() else " " for c in MARKS.sub(" ", w)) for w in ws)
    return [int(re.sub(r"\D", "", n)) for n in _GROUPED.findall(text)]


def same_numbers(deleted: Sequence[str], inserted: Sequence[str]) -> bool:
    """The same numbers on both sides, however they are written: "①" and "(1)", "§" cut from "§ 1", "30" and
    "thirty", "30일" and "삼십 일", "1 month" and "one month", "20000000" and "20 000 000" are one number
    written differently; "one month" and "three months", "sześciu" and "dziesięciu" are not. A paragraph
    mark on one side only ("②전항의" where the quote writes "전항의") is layout, not a number; a mark the
    draft writes must be the source's. A number word left out with no number in its place ("within a
    month" for "within one month") is wording."""
    marks = _marks(deleted), _marks(inserted)
    digits = _digits(deleted), _digits(inserted)
    if marks[0] and marks[0] != marks[1] and marks[0] != sorted(digits[1]):
        return False  # the draft names a paragraph the source does not have there ("①" for "(1)" is one)
    spelled = spelled_numbers(deleted), spelled_numbers(inserted)
    ours = sorted([*map(Fraction, digits[0]), *spelled[0]])
    theirs = sorted([*map(Fraction, digits[1]), *spelled[1]])
    if ours == theirs:
        return True
    # "20000000" and "20 000 000" (the GDPR's fines): thousands set apart are one number
    if sorted([*map(Fraction, _grouped(deleted)), *spelled[0]]) == sorted(
        [*map(Fraction, _grouped(inserted)), *spelled[1]]
    ):
        return True
    # a paragraph mark matched against "(1)": the mark's value stands on the other side in digits
    if sorted([*ours, *map(Fraction, marks[0])]) == sorted([*theirs, *map(Fraction, marks[1])]):
        return True
    return not (digits[0] or digits[1]) and not (ours and theirs)


__all__ = [
    "LANGUAGES",
    "Lexicon",
    "Unit",
    "digits_value",
    "lexicon",
    "number_words",
    "spelled_numbers",
    "words_value",
]

"""Quantities: the numbers a claim states with their unit, against those of the text read
for it.

    compare_quantities(claim, source, lang=, min_shared=) -> QuantityCheck
    quantities_in(text, lang) -> [Quantity]

A quantity is a value of a measure: a duration (hours; days and weeks; months and years, ages
included), an amount of a currency, a ratio (percent and fractions), a count (persons, times). It may be
written in digits or words ("pięciu", "five", "다섯", "삼 년"), with its unit before the number ("lat
trzech", "EUR 10 000 000") and with Korean particles glued on ("40시간을"). Values are kept in the
measure's base, so "five years", "5 lat" and "60 months" are one value, and so are "20분의 1" and "5 %".
Number words and units are data (`verifier/data/numbers-<lang>.txt`, `units-<lang>.txt`, read by
`verifier.match.numbers`).

A source states many numbers, and only the one that says the same thing tells what the claim's number
should be. So every quantity is read with its neighbours: the words up to `WINDOW` places to its left and
to its right (and the other quantities among them, by value). A claim's quantity

- AGREES when a quantity of the same measure and value is nearly as close to it as any other value
  (`AGREE_SHARE`; closeness: the neighbours both share, each weighing the more the nearer it stands to both
  numbers);
- DIFFERS when a quantity of the same measure with another value is strictly closer and shares at least
  `min_shared` neighbours with it ("not later than 48 hours after having become aware" / "… 72 hours …");
- is UNBOUND when the text states other values of its measure but none is bound to it, and UNSTATED when the
  text states nothing of its measure. Neither is evidence either way: a person looks.

Closeness is weighed by how much of the claim the number's own sentence says, and a number in brackets
stated for another case is bound only to a claim naming that case (`number_binding`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from verifier.match.content import lemma, stopwords
from verifier.match.number_binding import a_sum_of, bracket_cases, brackets, keys, sentence_shares
from verifier.match.numbers import Lexicon, Unit, digits_value, lexicon, words_value
from verifier.text import Normalized, normalize

WINDOW = 6  # neighbours read on each side of a quantity
MIN_SHARED = 1  # neighbours a different value must share with the claim's to be bound to it
# the same value, nearly as close as another value, agrees: in a list of periods each with its condition
# ("1 miesiąc - jeżeli pracownik był zatrudniony co najmniej 1 rok, 3) 3 miesiące - jeżeli …") the neighbours
# of every period are alike, and a swapped value ("two months … one further month") is far less close
AGREE_SHARE = 0.75
_CALENDAR_YEARS = range(1800, 2101)  # "2020년", "w 2020 roku": a date, not a period
# a number right after these names a unit of a text, not a quantity ("Article 5 years" does not happen, but
# "pkt 3 miesiące" does in a source that numbers its items)
_NOT_BEFORE = frozenset(
    {"art", "article", "articles", "pkt", "ust", "paragraph", "paragraphs", "point", "points", "no", "nr",
     "poz", "item", "lit", "chapter", "rozdział", "section", "annex", "recital", "case", "sygn", "dz"}
)  # fmt: skip
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+|[%€$£]")


@dataclass(frozen=True, slots=True)
class Quantity:
    value: Fraction  # in the measure's base unit
    measure: str
    start: int  # normalized offsets into the text read
    end: int
    alone: bool = False  # a unit standing for one ("within a month"): it can agree, never differ

    @property
    def key(self) -> str:
        return f"#{self.measure}:{self.value}"


@dataclass(frozen=True, slots=True)
class QuantityDifference:
    draft: str  # as written in the draft ("48 hours")
    source: str  # as written in the source ("72 hours")
    measure: str


@dataclass(frozen=True, slots=True)
class QuantityCheck:
    agreed: tuple[str, ...] = ()  # the claim's quantities the text states with the same value
    differences: tuple[QuantityDifference, ...] = ()
    unbound: tuple[str, ...] = ()  # the text states other values of the measure, none bound to this one
    unstated: tuple[str, ...] = ()  # the text states nothing of the measure

    @property
    def differs(self) -> bool:
        return bool(self.differences)


@dataclass(frozen=True, slots=True)
class _Read:
    quantity: Quantity
    left: tuple[str, ...]  # neighbours, the nearest first
    right: tuple[str, ...]
    # Korean puts the thing before or after its number alike ("90일의 출산전후휴가", "출산전후휴가는 90일"):
    # a neighbour counts on either side
    free_order: bool = False

    def shared(self, other: _Read) -> int:
        return len(set(self.left) & set(other.left)) + len(set(self.right) & set(other.right))

    def closeness(self, other: _Read) -> float:
        """Shared neighbours, each counting the more the nearer it is to both numbers: in a list of periods
        ("2 tygodnie - jeżeli … 1 miesiąc - jeżeli … 3 miesiące - jeżeli …") every number has the same
        words around it, and only their order tells which one the claim's words belong to."""
        if self.free_order:
            mine, their = _distances(self), _distances(other)
            return sum(1 / (1 + max(d, their[key])) for key, d in mine.items() if key in their)
        score = 0.0
        for ours, theirs in ((self.left, other.left), (self.right, other.right)):
            where = {key: i for i, key in reversed(list(enumerate(theirs)))}
            for i, key in enumerate(ours):
                if key in where:
                    score += 1 / (1 + max(i, where[key]))
        return score


def _distances(read: _Read) -> dict[str, int]:
    out: dict[str, int] = {}
    for side in (read.left, read.right):
        for i, key in enumerate(side):
            out[key] = min(i, out.get(key, i))
    return out


# --- Polish and English: tokens ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tok:
    start: int
    end: int
    text: str

    @property
    def digits(self) -> bool:
        return self.text[0].isdigit()


def _tokens(text: str) -> list[_Tok]:
    return [_Tok(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]


class _Latin:
    """Quantities of a Polish or English text, token by token."""

    def __init__(self, text: str, lang: str) -> None:
        self.text = text
        self.lang = lang
        self.lex = lexicon(lang)
        self.toks = _tokens(text)
        self.used: set[int] = set()

    def gap(self, i: int, j: int) -> str:
        """The text between tokens i and j (j = i + 1)."""
        return self.text[self.toks[i].end : self.toks[j].start]

    def spaced(self, i: int, j: int) -> bool:
        gap = self.gap(i, j)
        # "10 tys. zł": an abbreviated multiplier keeps its dot
        return gap in (" ", "") or (
            gap == ". " and len(self.toks[i].text) <= 3 and self.toks[i].text in self.lex.multipliers
        )

    def number(self, i: int) -> tuple[Fraction, int, bool] | None:
        """The number starting at token i: (value, the token after it, written in words)."""
        toks, lex = self.toks, self.lex
        tok = toks[i]
        if tok.digits:
            j = i + 1
            while (
                j < len(toks)
                and len(toks[j].text) == 3
                and toks[j].text.isdigit()
                and self.gap(j - 1, j) == " "
            ):
                j += 1
            value = digits_value(self.text[tok.start : toks[j - 1].end], self.lang)
            if value is None:
                return None
            while j < len(toks) and toks[j].text in lex.multipliers and self.spaced(j - 1, j):
                value *= lex.multipliers[toks[j].text]  # "EUR 20 million", "10 tysięcy złotych"
                j += 1
            return value, j, False
        if tok.text not in lex.numbers:
            return None
        words = [tok.text]
        j = i + 1
        while j < len(toks) and self.gap(j - 1, j) in (" ", "-"):
            word = toks[j].text
            if word in lex.numbers or word in lex.multipliers:
                words.append(word)
                j += 1
            elif (
                word == "and"
                and j + 1 < len(toks)
                and toks[j + 1].text in lex.numbers
                and words[-1] in lex.multipliers
            ):
                j += 1
            else:
                break
        return words_value(words, lex), j, True

    def unit_at(self, j: int) -> tuple[Unit, int] | None:
        """A unit starting at token j, possibly after a word such as "further": (unit, the token after it)."""
        toks, lex = self.toks, self.lex
        for skip in range(3):
            k = j + skip
            if k >= len(toks) or (k > j and not self.spaced(k - 1, k)):
                return None
            for size in range(lex.longest_unit, 0, -1):
                end = k + size
                if end > len(toks) or not all(self.spaced(x - 1, x) for x in range(k + 1, end)):
                    continue
                form = " ".join(t.text for t in toks[k:end])
                if form in lex.units:
                    return lex.units[form], end
            if toks[k].text not in lex.between:
                return None
        return None

    def read(self) -> list[Quantity]:
        out: list[Quantity] = []
        toks, lex = self.toks, self.lex
        i = 0
        while i < len(toks):
            found = self.quantity_at(i)
            if found is None:
                i += 1
                continue
            quantity, first, after = found
            self.used.update(range(first, after))
            out.append(quantity)
            i = after
        for i, tok in enumerate(toks):  # a unit standing for one: "within a month", "w ciągu roku"
            unit = lex.units.get(tok.text)
            if i in self.used or unit is None or not unit.alone or (i and toks[i - 1].digits):
                continue
            if self.lang == "en" and not (i and toks[i - 1].text in ("a", "an") and self.spaced(i - 1, i)):
                continue
            out.append(Quantity(unit.factor, unit.measure, tok.start, tok.end, alone=True))
        return sorted(out, key=lambda q: q.start)

    def quantity_at(self, i: int) -> tuple[Quantity, int, int] | None:
        toks, lex = self.toks, self.lex
        if i in self.used:
            return None
        if toks[i].text in lex.fractions and not (i and toks[i - 1].digits):
            return Quantity(lex.fractions[toks[i].text], "ratio", toks[i].start, toks[i].end), i, i + 1
        if toks[i].digits and not self._free_standing(i):
            return None
        read = self.number(i)
        if read is None:
            return None
        value, after, in_words = read
        if (
            after < len(toks)
            and toks[after].text in lex.denominators
            and self.gap(after - 1, after) in (" ", "-")
        ):
            ratio = value / lex.denominators[toks[after].text]
            return Quantity(ratio, "ratio", toks[i].start, toks[after].end), i, after + 1
        unit = self.unit_at(after) if after < len(toks) and self.spaced(after - 1, after) else None
        if unit is not None:
            kind, end = unit
            if kind.measure == "months" and kind.factor == 12 and value in _CALENDAR_YEARS and not in_words:
                return None
            return Quantity(value * kind.factor, kind.measure, toks[i].start, toks[end - 1].end), i, end
        before = lex.units.get(toks[i - 1].text) if i and i - 1 not in self.used else None
        if (
            before is not None
            and self.gap(i - 1, i) == " "
            and (before.before or (before.before_words and in_words))
        ):
            return (
                Quantity(value * before.factor, before.measure, toks[i - 1].start, toks[after - 1].end),
                i - 1,
                after,
            )
        return None

    def _free_standing(self, i: int) -> bool:
        """Digits that are neither part of a name (C-311/18, 2016/679, 33(1)) nor the number of a unit of a
        text ("§ 2", "pkt 3")."""
        toks = self.toks
        if i and (toks[i - 1].text in _NOT_BEFORE or "§" in self.gap(i - 1, i)):
            return False
        before = self.text[toks[i].start - 1] if toks[i].start else " "
        after = self.text[toks[i].end] if toks[i].end < len(self.text) else " "
        return before not in "-/(" and after not in "/("

    def neighbours(self, quantities: list[Quantity]) -> list[_Read]:
        stop = stopwords(self.lang)
        items: list[tuple[int, str]] = []  # (position, key) in reading order
        taken = {q.start: q for q in quantities if not q.alone}
        covered = [(q.start, q.end) for q in taken.values()]
        for tok in self.toks:
            if tok.start in taken:
                items.append((tok.start, taken[tok.start].key))
                continue
            if any(s <= tok.start < e for s, e in covered):
                continue
            if tok.digits or len(tok.text) < 3 or tok.text in stop:
                continue
            items.append((tok.start, lemma(tok.text, self.lang)))
        return _with_neighbours(quantities, items, brackets(self.text))


# --- Korean: patterns ----------------------------------------------------------------------------------

_KO_DIGITS = r"\d+(?:,\d{3})*(?:\.\d+)?"
# what may follow a counter: particles and the words of a period or a limit ("3년간", "40시간을",
# "80퍼센트 이상", "15일의", "30일 이내"); anything else makes another word of it (원칙, 배상, 세기,
# 명시, 회사, 번째, 년도)
_KO_AFTER = (
    r"(?=$|[^가-힣]|간|동안|마다|당|에|의|이|가|은|는|을|를|로|으로|와|과|도|만|씩|부터|까지|내|후|전|"
    r"미만|초과|경과|짜리|치|여)"
)
_KO_MASKS = (
    re.compile(r"\d{4}\s?\.\s?\d{1,2}\s?\.\s?\d{1,2}\.?"),  # 2015. 7. 23. / 2012.2.1
    re.compile(r"\d{2,4}\s?년\s?\d{1,2}\s?월(?:\s?\d{1,2}\s?일)?"),  # 2020년 7월 31일
    re.compile(r"\d{1,2}\s?월\s?\d{1,2}\s?일"),
    re.compile(
        r"제\s?\d+(?:\s?[조항호장절관편목회차])?(?:\s?의\s?\d+)?"
    ),  # 제50조, 제22조의2: names, not values
)
_KO_UNITS_BIG = {"십": 10, "백": 100, "천": 1000}
_KO_UNITS_HUGE = {"만": 10**4, "억": 10**8, "조": 10**12}


def _ko_sino(text: str, lex: Lexicon) -> Fraction:
    """ "이십일" → 21, "삼" → 3, "1천만" → 10 000 000: digits and Sino-Korean powers mixed, as amounts
    are written."""
    total = section = 0
    current: int | None = None
    for part in re.findall(r"\d[\d,]*|[가-힣]", text):
        if part[0].isdigit():
            current = int(part.replace(",", ""))
        elif part in _KO_UNITS_HUGE:
            total += (section + (current or 0) or 1) * _KO_UNITS_HUGE[part]
            section, current = 0, None
        elif part in _KO_UNITS_BIG:
            section += (current or 1) * _KO_UNITS_BIG[part]
            current = None
        elif part in lex.sino:
            current = lex.sino[part]
    return Fraction(total + section + (current or 0))


def _ko_pattern_list() -> Iterator[tuple[re.Pattern[str], str]]:
    lex = lexicon("ko")
    sino = "[" + "".join(lex.sino) + "]+"
    native_words = sorted(lex.numbers, key=len, reverse=True)
    tens = [w for w in native_words if lex.numbers[w] >= 10]
    ones = [w for w in native_words if lex.numbers[w] < 10]
    native = f"(?:(?:{'|'.join(tens)})\\s?)?(?:{'|'.join(ones)})|{'|'.join(tens)}"
    number = f"(?:{_KO_DIGITS}|{sino})"
    yield re.compile(rf"(?<![\d.,])(?P<den>{number})\s?분\s?의\s?(?P<num>{number})"), "ratio"
    yield (
        re.compile(
            rf"(?<![\d.,])(?P<amount>\d[\d,]*(?:\s?[십백천만억조]+(?:\s?\d[\d,]*)?)*)\s?원{_KO_AFTER}"
        ),
        "krw",
    )
    forms = sorted(lex.units, key=len, reverse=True)
    for form in forms:
        unit = lex.units[form]
        if unit.measure == "krw":
            continue
        alternatives = [rf"(?<![\d.,])(?P<digits>{_KO_DIGITS})"]
        if unit.sino:
            alternatives.append(rf"(?<![가-힣])(?P<sino>{sino})")
        elif unit.sino_power:
            alternatives.append(rf"(?<![가-힣])(?P<sino>[일이삼사오육칠팔구]?[십백천]{sino[:-1]}*)")
        if unit.native:
            alternatives.append(rf"(?<![가-힣])(?P<native>{native})")
        yield re.compile(rf"(?:{'|'.join(alternatives)})\s?{re.escape(form)}{_KO_AFTER}"), form


@functools.cache
def _ko_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(_ko_pattern_list())


class _Korean:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lex = lexicon("ko")
        self.masked: list[tuple[int, int]] = [m.span() for p in _KO_MASKS for m in p.finditer(text)]

    def free(self, start: int, end: int, taken: list[tuple[int, int]]) -> bool:
        return not any(s < end and start < e for s, e in [*self.masked, *taken])

    def read(self) -> list[Quantity]:
        out: list[Quantity] = []
        taken: list[tuple[int, int]] = []
        lex = self.lex
        for pattern, what in _ko_patterns():
            for m in pattern.finditer(self.text):
                start, end = m.span()
                if not self.free(start, end, taken):
                    continue
                groups = m.groupdict()
                if what == "ratio":
                    den = _ko_sino(groups["den"], lex)
                    num = _ko_sino(groups["num"], lex)
                    if not den:
                        continue
                    quantity = Quantity(num / den, "ratio", start, end)
                elif what == "krw":
                    quantity = Quantity(_ko_sino(groups["amount"], lex), "krw", start, end)
                else:
                    unit = lex.units[what]
                    if groups.get("digits"):
                        value = digits_value(groups["digits"], "ko")
                        if value is None:
                            continue
                        if unit.measure == "months" and unit.factor == 12 and value in _CALENDAR_YEARS:
                            continue
                    elif groups.get("sino"):
                        value = _ko_sino(groups["sino"], lex)
                    else:
                        value = _words_value_ko(groups["native"], lex)
                    quantity = Quantity(value * unit.factor, unit.measure, start, end)
                taken.append((start, end))
                out.append(quantity)
        return sorted(out, key=lambda q: q.start)

    def neighbours(self, quantities: list[Quantity]) -> list[_Read]:
        stop = stopwords("ko")
        items: list[tuple[int, str]] = []
        placed: set[int] = set()
        for m in re.finditer(r"\S+", self.text):
            inside = [q for q in quantities if q.start < m.end() and m.start() < q.end]
            if inside:
                for q in inside:
                    if id(q) not in placed:
                        placed.add(id(q))
                        items.append((q.start, q.key))
                continue
            word = re.sub(r"[^\w]", "", m.group())
            if not word or word in stop or word[:2] in _KO_LIMITS or _KO_CITATION.match(m.group()):
                continue
            items.append(
                (m.start(), word[:2])
            )  # a Sino-Korean noun is mostly two syllables: 근로, 출근, 손해
        return [replace(r, free_order=True) for r in _with_neighbours(quantities, items, brackets(self.text))]


# a citation's own words ("근로기준법 제74조", "제74조", "같은 법") name the law, not what a number is about
_KO_CITATION = re.compile(r"\S*(?:법|법률|령|규칙)(?=\s?제\s?\d|$)|제\s?\d")


# "이상", "이내", "미만": what the number is a limit of, said of every number alike ("90일 이상", "45일 …
# 이상이"): the thing a number is bound to is named by other words
_KO_LIMITS = frozenset({"이상", "이하", "이내", "미만", "초과", "이후", "이전"})


def _words_value_ko(text: str, lex: Lexicon) -> Fraction:
    return sum(
        (lex.numbers[w] for w in re.findall("|".join(sorted(lex.numbers, key=len, reverse=True)), text)),
        Fraction(0),
    )


# --- both ----------------------------------------------------------------------------------------------


def _with_neighbours(
    quantities: list[Quantity], items: list[tuple[int, str]], brackets: Sequence[tuple[int, int]] = ()
) -> list[_Read]:
    """Each quantity with the words around it. A quantity outside brackets reads past them: the words of
    "90일(미숙아를 출산한 경우에는 100일 …)의 출산전후휴가" in brackets are another case's."""
    out = []
    every = items
    for q in quantities:
        inside = [(s, e) for s, e in brackets if s < q.start < e]
        items = [
            (pos, key)
            for pos, key in every
            if pos == q.start
            or not any(s < pos < e for s, e in brackets)
            or any(s < pos < e for s, e in inside)
        ]
        at = next((k for k, (pos, key) in enumerate(items) if pos == q.start and key == q.key), None)
        if at is None:
            at = sum(1 for pos, _ in items if pos < q.start)
            left, right = items[max(0, at - WINDOW) : at], items[at : at + WINDOW]
        else:
            left, right = items[max(0, at - WINDOW) : at], items[at + 1 : at + 1 + WINDOW]
        out.append(_Read(q, tuple(k for _, k in reversed(left)), tuple(k for _, k in right)))
    return out


def _reads(text: Normalized, lang: str) -> list[_Read]:
    reader: _Latin | _Korean = _Korean(text.text) if lang == "ko" else _Latin(text.text, lang)
    return reader.neighbours(reader.read())


def quantities_in(text: str | Normalized, lang: str) -> list[Quantity]:
    norm = text if isinstance(text, Normalized) else normalize(text)
    reader: _Latin | _Korean = _Korean(norm.text) if lang == "ko" else _Latin(norm.text, lang)
    return reader.read()


def _surface(text: Normalized, q: Quantity) -> str:
    start, end = text.span_to_original(q.start, q.end)
    return " ".join(text.original[start:end].split())


def _agrees(read: _Read, same: list[_Read], near: Callable[[_Read], float]) -> bool:
    """The claim's value is stated as near to it as any other value (`AGREE_SHARE`)."""
    equal = [t for t in same if t.quantity.value == read.quantity.value]
    other = [t for t in same if t.quantity.value != read.quantity.value]
    if not equal:
        return False
    closest_other = max((near(t) for t in other), default=None)
    return closest_other is None or max(near(t) for t in equal) >= AGREE_SHARE * closest_other


def compare_quantities(
    claim: str | Normalized, source: str | Normalized, *, lang: str, min_shared: int = MIN_SHARED
) -> QuantityCheck:
    """The claim's quantities against the source's (both in `lang`)."""
    ours_text = claim if isinstance(claim, Normalized) else normalize(claim)
    ours = [r for r in _reads(ours_text, lang) if not r.quantity.alone]
    if not ours:
        return QuantityCheck()
    theirs_text = source if isinstance(source, Normalized) else normalize(source)
    theirs = _reads(theirs_text, lang)
    agreed: list[str] = []
    differences: list[QuantityDifference] = []
    unbound: list[str] = []
    unstated: list[str] = []
    stated_values: set[str] = set()  # the claim's quantities the text agrees with, by value
    pending: list[tuple[str, QuantityDifference, str]] = []
    cases = bracket_cases(theirs_text.text, [t.quantity.start for t in theirs], lang)
    claim_keys = keys(ours_text.text, lang)
    for read in ours:
        q = read.quantity
        said = _surface(ours_text, q)
        stated = [t for t in theirs if t.quantity.measure == q.measure]
        # a value stated in brackets for another case ("90일(… 둘 이상 자녀를 임신한 경우에는 120일)") is
        # bound to the claim's number only when the claim names that case
        same = [t for t in stated if not cases.get(t.quantity.start) or cases[t.quantity.start] & claim_keys]
        if stated and not same:
            unbound.append(said)
            continue
        if not same:
            unstated.append(said)
            continue
        shares = sentence_shares([t.quantity.start for t in same], theirs_text.text, claim_keys, lang)

        def near(t: _Read, read: _Read = read, shares: dict[int, float] = shares) -> float:
            return read.closeness(t) * shares[t.quantity.start]

        if _agrees(read, same, near):
            agreed.append(said)
            stated_values.add(q.key)
            continue
        other = [t for t in same if t.quantity.value != q.value]
        closest_other = max(other, key=near, default=None)  # the first of equals: reading order
        if closest_other is None:
            unbound.append(said)
        elif (
            closest_other.quantity.alone
            or read.shared(closest_other) < min_shared
            or a_sum_of(q.value, [t.quantity.value for t in other if not t.quantity.alone])
        ):
            # "w ciągu tygodnia" says one week only in passing; or nothing in common; or a total the draft
            # computed ("three months in all" for "one month … extended by two further months")
            unbound.append(said)
        else:
            source_said = _surface(theirs_text, closest_other.quantity)
            difference = QuantityDifference(said, source_said, q.measure)
            pending.append((said, difference, closest_other.quantity.key))
    for said, difference, key in pending:
        # the text's value is the one another number of the claim states ("3인 이상이 공모하고 2인 이상이
        # 실행한" of 형법 제331조② "2명 이상이"): it is bound to that one; this one is about something else
        if key in stated_values:
            unbound.append(said)
        else:
            differences.append(difference)
    return QuantityCheck(tuple(agreed), tuple(differences), tuple(unbound), tuple(unstated))


__all__ = [
    "MIN_SHARED",
    "WINDOW",
    "Quantity",
    "QuantityCheck",
    "QuantityDifference",
    "compare_quantities",
    "quantities_in",
]

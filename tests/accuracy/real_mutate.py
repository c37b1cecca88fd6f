"""Mutations of real sentences: the hard-block side of the real-prose set.

Each takes a real citation (a sentence a court wrote, and the unit of the act it cites as in force on the
judgment's date) and makes ONE change that makes the sentence wrong about that unit:

    anchor   article_shift      the article number ±1 (an existing neighbour)
             article_missing    an article the act does not have
             case_number / case_date / case_court    a cited judgment's number, date or court changed
    meaning  number_digits / number_words    a number the unit states (3년 → 4년, trzech → czterech)
             negation_added / negation_removed   a predicate the unit states, negated or un-negated
             antonym            a word the unit uses swapped for its opposite (무효 → 유효, lawful → unlawful)
    quote    quote_word         a word of a quotation of the unit replaced

A meaning or quote mutation is made only when the changed words are the UNIT's words (they occur in its text
in the version checked) and, for a negation or an antonym, the replacement is not: then the mutated sentence
says what the source does not, and a block is owed. An article shift never lands on an article the sentence
cites anyway ("art. 23 i 24 k.p.").
Choices are deterministic: a seeded random generator per case id.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from tests.accuracy.real_extract import Found


@dataclass(frozen=True, slots=True)
class Mutation:
    cls: str
    group: str  # anchor | meaning | quote
    draft: str
    span: tuple[int, int]  # the citation in the mutated draft
    change: str  # "제750조 → 제751조"


def unit_key(article: str) -> str:
    """How the product's units name an article: 3의2 → 3-2, 353¹ → 353-1."""
    article = article.replace("의", "-")
    sup = {c: str(i) for i, c in enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹")}
    m = re.fullmatch(r"(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", article)
    return f"{m.group(1)}-{''.join(sup[c] for c in m.group(2))}" if m else article


def unit_text(document: Any, found: Found) -> str:
    """The text of the cited unit (the paragraph when one is cited and the document has it, else the
    article), "" when the document has no such article."""
    article = unit_key(found.article)
    best = ""
    for unit in document.units:
        path = dict(unit.path)
        if path.get("article") != article:
            continue
        if len(unit.path) == 1 and not best:
            best = document.text[unit.start : unit.end]
        if found.paragraph and path.get("paragraph") == found.paragraph and len(unit.path) == 2:
            return str(document.text[unit.start : unit.end])
    return best


def articles(document: Any) -> set[str]:
    return {dict(u.path).get("article", "") for u in document.units}


def _replace(
    draft: str, span: tuple[int, int], start: int, end: int, new: str
) -> tuple[str, tuple[int, int]]:
    """`draft` with [start, end) replaced; the citation span moved (or stretched, when inside it)."""
    out = draft[:start] + new + draft[end:]
    delta = len(new) - (end - start)
    s, e = span
    if end <= s:
        return out, (s + delta, e + delta)
    if start >= e:
        return out, span
    return out, (s, e + delta)


# ------------------------------------------------------------------------------------------------ anchor


def _article_in(found: Found) -> re.Match[str] | None:
    text = found.draft[found.span[0] : found.span[1]]
    pattern = {
        "kr": r"(?:제\s?)?(\d+)조(?:의\s?\d+)?",
        "pl": r"art\.\s?(\d+)[⁰¹²³⁴⁵⁶⁷⁸⁹]*",
        "eu": r"Article\s(\d+)",
    }[found.key.split(":")[0]]
    return re.search(pattern, text)


def anchor_mutations(found: Found, document: Any, rng: random.Random) -> Iterator[Mutation]:
    m = _article_in(found)
    if m is None:
        return
    start = found.span[0] + m.start(1)
    end = found.span[0] + m.end(1)
    number = int(m.group(1))
    have = articles(document)
    said = found.draft.split("\n\n", 1)[0]  # the sentence, not the act's words it sets out after a colon
    cited = {
        int(n) for n in re.findall(r"(?:제\s?|(?<=법 )|art\.\s?|Articles?\s|,\s|\bi\s|and\s)(\d+)", said)
    }
    for step in (1, -1) if rng.random() < 0.5 else (-1, 1):
        shifted = number + step
        # a neighbour the sentence cites anyway ("art. 23 i 24 k.p.") would make a correct citation of it
        if shifted > 0 and str(shifted) in have and shifted not in cited:
            draft, span = _replace(found.draft, found.span, start, end, str(shifted))
            yield Mutation("article_shift", "anchor", draft, span, f"{number} → {shifted}")
            break
    highest = max((int(a) for a in have if a.isdigit()), default=number)
    missing = highest + 1 + number % 17
    draft, span = _replace(found.draft, found.span, start, end, str(missing))
    yield Mutation(
        "article_missing", "anchor", draft, span, f"{number} → {missing} (the act ends at {highest})"
    )


COURTS_KO = ("서울고등법원", "부산지방법원", "헌법재판소")


def eu_precedent_mutations(found: Found, rng: random.Random) -> Iterator[Mutation]:
    text = found.draft[found.span[0] : found.span[1]]
    m = re.search(r"of\s(\d{1,2})\s[A-Z][a-z]+\s\d{4},.*?C[‑-](\d+)/\d{2}", text)
    if m is None:
        return
    base = found.span[0]
    number = int(m.group(2))
    other = number + rng.choice((1, 2, 3, 7))
    draft, span = _replace(found.draft, found.span, base + m.start(2), base + m.end(2), str(other))
    yield Mutation("case_number", "anchor", draft, span, f"C-{number} → C-{other}")
    day = int(m.group(1))
    moved = day + 1 if day < 28 else day - 1
    draft, span = _replace(found.draft, found.span, base + m.start(1), base + m.end(1), str(moved))
    yield Mutation("case_date", "anchor", draft, span, f"day {day} → {moved}")


def precedent_mutations(found: Found, rng: random.Random) -> Iterator[Mutation]:
    if found.key.startswith("eu:"):
        yield from eu_precedent_mutations(found, rng)
        return
    text = found.draft[found.span[0] : found.span[1]]
    m = re.match(r"대법원\s(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.\s선고\s(\d{2,4}[가-힣]{1,3})(\d+)", text)
    if m is None:
        return
    base = found.span[0]
    number = int(m.group(5))
    other = number + rng.choice((1, 2, 3, 7))
    draft, span = _replace(found.draft, found.span, base + m.start(5), base + m.end(5), str(other))
    yield Mutation("case_number", "anchor", draft, span, f"{m.group(4)}{number} → {m.group(4)}{other}")
    day = int(m.group(3))
    moved = day + 1 if day < 28 else day - 1
    draft, span = _replace(found.draft, found.span, base + m.start(3), base + m.end(3), str(moved))
    yield Mutation("case_date", "anchor", draft, span, f"day {day} → {moved}")
    court = rng.choice(COURTS_KO)
    draft, span = _replace(found.draft, found.span, base, base + len("대법원"), court)
    yield Mutation("case_court", "anchor", draft, span, f"대법원 → {court}")


# ----------------------------------------------------------------------------------------------- meaning

NUMBER_WORDS = {
    "pl": (
        ("jeden", "dwa"),
        ("jednego", "dwóch"),
        ("dwa", "trzy"),
        ("dwóch", "trzech"),
        ("trzy", "cztery"),
        ("trzech", "czterech"),
        ("cztery", "pięć"),
        ("pięć", "sześć"),
        ("pięciu", "sześciu"),
        ("sześć", "siedem"),
        ("siedem", "osiem"),
        ("dziesięć", "dwadzieścia"),
        ("dziesięciu", "dwudziestu"),
        ("dwa", "trzy"),
    ),
    "en": (
        ("one", "two"),
        ("two", "three"),
        ("three", "four"),
        ("four", "five"),
        ("five", "six"),
        ("six", "seven"),
        ("ten", "twenty"),
        ("twelve", "six"),
        ("thirty", "sixty"),
    ),
    "ko": (("1년", "2년"), ("반년", "1년")),
}
NUMBER_UNITS = {
    "ko": r"(?:년|개월|월|일|주|시간|세|분의|배|명|퍼센트|%|만원|원)",
    "pl": r"(?:lat|lata|rok|roku|miesięcy|miesiące|miesiąca|dni|dnia|tygodni|tygodnie|godzin|%|zł)",
    "en": r"(?:years?|months?|days?|hours?|weeks?|%|per\s?cent|euros?|EUR)",
}


def number_mutations(found: Found, unit: str, lang: str, rng: random.Random) -> Iterator[Mutation]:
    outside = _outside_citation(found)
    for m in re.finditer(rf"(?<![\d.,])(\d{{1,4}})\s?{NUMBER_UNITS[lang]}", found.draft):
        if not outside(m.start(1)) or not re.search(rf"(?<!\d){re.escape(m.group(0))}", unit):
            continue
        value = int(m.group(1))
        new = str(value + rng.choice((1, 2)) if value < 10 else value * 2)
        draft, span = _replace(found.draft, found.span, m.start(1), m.end(1), new)
        yield Mutation(
            "number_digits", "meaning", draft, span, f"{m.group(0)} → {new}{m.group(0)[len(m.group(1)) :]}"
        )
        break
    for word, other in NUMBER_WORDS[lang]:
        for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", found.draft):
            if outside(m.start()) and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", unit):
                draft, span = _replace(found.draft, found.span, m.start(), m.end(), other)
                yield Mutation("number_words", "meaning", draft, span, f"{word} → {other}")
                return


# (what the sentence says, the same negated); used both ways. A pair applies only where the unit itself says
# the first form: then the negated sentence contradicts it.
NEGATIONS = {
    "ko": (
        ("할 수 있다", "할 수 없다"),
        ("할 수 없다", "할 수 있다"),
        ("수 있다", "수 없다"),
        ("수 없다", "수 있다"),
        ("책임이 있다", "책임이 없다"),
        ("효력이 있다", "효력이 없다"),
        ("효력이 없다", "효력이 있다"),
        ("아니한다", "한다"),
        ("하여야 한다", "하지 아니하여도 된다"),
        ("무효로 한다", "무효로 하지 아니한다"),
        ("처벌한다", "처벌하지 아니한다"),
        ("벌하지 아니한다", "벌한다"),
    ),
    "pl": (
        ("nie może", "może"),
        ("może", "nie może"),
        ("nie jest", "jest"),
        ("jest", "nie jest"),
        ("nie ma", "ma"),
        ("są", "nie są"),
        ("nie są", "są"),
        ("powinien", "nie powinien"),
        ("obowiązany", "nieobowiązany"),
        ("nie odpowiada", "odpowiada"),
        ("odpowiada", "nie odpowiada"),
        ("nie przysługuje", "przysługuje"),
        ("przysługuje", "nie przysługuje"),
    ),
    "en": (
        ("shall not", "shall"),
        ("shall", "shall not"),
        ("may not", "may"),
        ("may", "may not"),
        ("does not", "does"),
        ("is not", "is"),
        ("must not", "must"),
        ("must", "must not"),
        ("is", "is not"),
    ),
}


def negation_mutations(found: Found, unit: str, lang: str) -> Iterator[Mutation]:
    outside = _outside_citation(found)
    boundary = "" if lang == "ko" else r"\b"
    for said, negated in NEGATIONS[lang]:
        pattern = rf"{boundary}{re.escape(said)}{boundary}"
        m = next((m for m in re.finditer(pattern, found.draft) if outside(m.start())), None)
        if m is None or not re.search(pattern, unit) or negated in unit:
            continue  # the unit must say the first form and not the second: then the change contradicts it
        cls = "negation_removed" if len(negated) < len(said) else "negation_added"
        draft, span = _replace(found.draft, found.span, m.start(), m.end(), negated)
        yield Mutation(cls, "meaning", draft, span, f"{said} → {negated}")
        return


def antonym_mutations(found: Found, unit: str, pairs: tuple[tuple[str, str], ...]) -> Iterator[Mutation]:
    outside = _outside_citation(found)
    for a, b in pairs:
        for word, other in ((a, b), (b, a)):
            if re.match(r"[가-힣]", word):
                # 효 in 무효 is no 유효: the unprefixed word must not follow a negative prefix
                pattern = rf"(?<![불무비미부]){re.escape(word)}" if word == a else re.escape(word)
            else:
                pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])"
            m = next((m for m in re.finditer(pattern, found.draft) if outside(m.start())), None)
            # the unit uses the word and never its opposite ("material or non-material" gives no antonym)
            if m is not None and re.search(pattern, unit) and other not in unit:
                draft, span = _replace(found.draft, found.span, m.start(), m.end(), other)
                yield Mutation("antonym", "meaning", draft, span, f"{word} → {other}")
                return


# ------------------------------------------------------------------------------------------------- quote

QUOTES = re.compile(
    r"“([^”]{12,400})”|\"([^\"]{12,400})\"|‘([^’]{12,400})’|'([^']{12,400})'|「([^」]{12,400})」|„([^”]{12,400})”"
)
SWAP_IN = {
    "ko": ("채권자", "채무자", "임대인", "임차인", "사용자", "근로자", "제3자", "피해자"),
    "pl": ("wierzyciel", "dłużnik", "pracodawca", "pracownik", "sprzedawca", "najemca"),
    "en": ("controller", "processor", "recipient", "supervisory authority", "third party"),
}


def _squash(text: str) -> str:
    return re.sub(r"[\s\W_]+", "", text)


def quote_mutations(found: Found, unit: str, lang: str, rng: random.Random) -> Iterator[Mutation]:
    squashed_unit = _squash(unit)
    for m in QUOTES.finditer(found.draft):
        index = next(i for i in range(1, 7) if m.group(i) is not None)
        quote = m.group(index)
        if not _squash(quote) or _squash(quote) not in squashed_unit:
            continue
        words = [w for w in re.finditer(r"[^\W\d_]{2,}", quote) if w.group(0) not in SWAP_IN[lang]]
        if not words:
            continue
        word = rng.choice(words)
        other = rng.choice([w for w in SWAP_IN[lang] if w not in quote])
        start = m.start(index) + word.start()
        draft, span = _replace(found.draft, found.span, start, start + len(word.group(0)), other)
        yield Mutation("quote_word", "quote", draft, span, f"quoted {word.group(0)!r} → {other!r}")
        return


def _outside_citation(found: Found) -> Any:
    s, e = found.span
    return lambda at: not s <= at < e


# --------------------------------------------------------------------------------------------- antonyms

# Candidate pairs: a word and its negative-prefixed form (불/무/비/미/부-, nie-, un-/in-/il-/ir-) or a pair of
# opposites in legal usage. `antonym_pairs` keeps those whose BOTH members occur in the statutes and judgments
# of the corpus (the derivation the build prints), so no pair is taken from a general dictionary alone.
CANDIDATES = {
    "ko": (
        ("유효", "무효"),
        ("적법", "위법"),
        ("가능", "불가능"),
        ("필요", "불필요"),
        ("성년", "미성년"),
        ("허용", "불허"),
        ("합법", "불법"),
        ("작위", "부작위"),
        ("공개", "비공개"),
        ("공정", "불공정"),
        ("정당", "부당"),
        ("유죄", "무죄"),
        ("선의", "악의"),
        ("고의", "과실"),
        ("이행", "불이행"),
        ("동의", "부동의"),
        ("완성", "미완성"),
    ),
    "pl": (
        ("ważny", "nieważny"),
        ("ważna", "nieważna"),
        ("ważność", "nieważność"),
        ("dopuszczalny", "niedopuszczalny"),
        ("dopuszczalne", "niedopuszczalne"),
        ("zgodny", "sprzeczny"),
        ("zgodne", "sprzeczne"),
        ("odpłatnie", "nieodpłatnie"),
        ("należyte", "nienależyte"),
        ("należytego", "nienależytego"),
        ("wykonanie", "niewykonanie"),
        ("dobrej wiary", "złej wiary"),
        ("zawinione", "niezawinione"),
        ("uzasadniony", "nieuzasadniony"),
        ("określony", "nieokreślony"),
    ),
    "en": (
        ("lawful", "unlawful"),
        ("lawfulness", "unlawfulness"),
        ("valid", "invalid"),
        ("legal", "illegal"),
        ("legitimate", "illegitimate"),
        ("adequate", "inadequate"),
        ("necessary", "unnecessary"),
        ("material", "non-material"),
        ("authorised", "unauthorised"),
        ("possible", "impossible"),
        ("compatible", "incompatible"),
        ("admissible", "inadmissible"),
        ("direct", "indirect"),
    ),
}


@cache
def antonym_pairs(lang: str, corpus_text: str) -> tuple[tuple[str, str], ...]:
    return tuple((a, b) for a, b in CANDIDATES[lang] if a in corpus_text and b in corpus_text)


def mutations(
    found: Found, document: Any | None, pairs: tuple[tuple[str, str], ...], seed: str
) -> list[Mutation]:
    rng = random.Random(seed)
    lang = {"kr": "ko", "pl": "pl", "eu": "en"}[found.key.split(":")[0]]
    if found.kind == "precedent":
        return list(precedent_mutations(found, rng))
    if document is None:
        return []
    out = list(anchor_mutations(found, document, rng))
    unit = unit_text(document, found)
    if unit:
        out += number_mutations(found, unit, lang, rng)
        out += negation_mutations(found, unit, lang)
        out += antonym_mutations(found, unit, pairs)
        out += quote_mutations(found, unit, lang, rng)
    return out

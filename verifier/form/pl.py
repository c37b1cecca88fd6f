"""Polish citation form: a judgment as the courts' reasons cite one ("wyrok SN z dnia 5 lipca 2002 r.,
III CZP 36/02"; short "wyrok SN z 5.07.2002 r., III CZP 36/02"), a provision by its units and the act's
abbreviation ("art. 58 § 2 pkt 1 k.c.", Zasady techniki prawodawczej § 55 ust. 3, § 57)."""

from __future__ import annotations

import re

from verifier.form.note import SourceFacts, Unit
from verifier.form.parts import Located, Part, first, group
from verifier.months import PL_GENITIVE

MONTHS = PL_GENITIVE
# the courts as the practice abbreviates them; the seat follows as the court names it ("w Katowicach")
_COURTS = (
    ("Sąd Najwyższy", "SN"),
    ("Naczelny Sąd Administracyjny", "NSA"),
    ("Trybunał Konstytucyjny", "TK"),
    ("Wojewódzki Sąd Administracyjny", "WSA"),
    ("Sąd Apelacyjny", "SA"),
    ("Sąd Okręgowy", "SO"),
    ("Sąd Rejonowy", "SR"),
)
# the codes' abbreviations (an act not listed here is cited by its name, which the draft keeps)
CODES = (
    ("Kodeks postępowania cywilnego", "k.p.c."),
    ("Kodeks postępowania karnego", "k.p.k."),
    ("Kodeks postępowania administracyjnego", "k.p.a."),
    ("Kodeks rodzinny i opiekuńczy", "k.r.o."),
    ("Kodeks spółek handlowych", "k.s.h."),
    ("Kodeks cywilny", "k.c."),
    ("Kodeks karny", "k.k."),
    ("Kodeks pracy", "k.p."),
    ("Kodeks wykroczeń", "k.w."),
)
_TYPES = {"wyrok": ("wyrok",), "postanowienie": ("postanowieni",), "uchwała": ("uchwał", "uchwal")}

_NOMINATIVE = frozenset({"wyrok", "postanowienie", "uchwała", "wyr.", "post.", "uchw."})
_TYPE = re.compile(r"(?i)\b(?P<type>wyrok\w*|postanowieni\w*|uchwa[łl]\w*|wyr\.|post\.|uchw\.)")
_COURT = re.compile(
    r"\b(?P<court>(?:SN|NSA|TK)\b|(?:WSA|S[AOR])\s+w[e]?\s+[A-ZŁŚŻŹĆ]\w+"
    r"|Sąd\w*\s+Najwyższ\w+|Naczeln\w+\s+Sąd\w*\s+Administracyjn\w+|Trybunał\w*\s+Konstytucyjn\w+"
    r"|(?:Wojewódzk\w+\s+)?Sąd\w*\s+(?:Apelacyjn|Okręgow|Rejonow|Administracyjn)\w+(?:\s+dla\s+[\w\s.-]+?)?"
    r"\s+w[e]?\s+[A-ZŁŚŻŹĆ][\w.]*)"
)
_DATE = re.compile(
    r"\bz\s+(?:dnia\s+)?\d{1,2}(?:\s+[a-ząćęłńóśźż]+\s+|\s*\.\s*\d{1,2}\s*\.\s*)\d{4}\s*(?:r\.|r\b|roku)?"
)
_SIGNATURE = re.compile(r"(?:\b[IVX]+\s+)?\b[A-Z][A-Za-z]{0,4}(?:\s+[A-Z][A-Za-z]{0,4})?\s+\d+/\d{2,4}\b")

_UNITS = re.compile(
    r"(?i)\bart\s*\.?\s*\d+[a-z]?(?:\s*[¹²³⁴⁵⁶⁷⁸⁹⁰]+)?(?:\s*§\s*\d+[a-z]?)?(?:\s*ust\s*\.?\s*\d+[a-z]?)?"
    r"(?:\s*pkt\s*\.?\s*\d+[a-z]?)?(?:\s*lit\s*\.?\s*[a-z]\b\)?)?"
)
_ABBREVIATION = re.compile(r"(?i)(?<![\w.])(?P<abbr>k\.?\s?[a-z](?:\.?\s?[a-z]){0,2}\.?)(?![\w])")
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def court_abbreviation(court: str) -> str:
    for name, short in _COURTS:
        if court.startswith(name):
            seat = court[len(name) :].strip()
            return f"{short} {seat}".strip()
    return court


def full_date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"z dnia {int(day)} {MONTHS[int(month) - 1]} {year} r."


def short_date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"z {int(day)}.{month}.{year} r."


def judgment_parts(facts: SourceFacts, written: str, style: str) -> tuple[list[Part], Located] | None:
    if not (facts.court and facts.date and facts.number and facts.decision_type in _TYPES):
        return None
    # A type inflected by the sentence ("Sąd Najwyższy w uchwale z dnia …", "wyrokiem z dnia …") is the object
    # of a sentence that names the court itself, before the citation or earlier in the paragraph.
    typed = group(_TYPE, written, "type")
    inflected = typed is not None and written[typed[0] : typed[1]].lower() not in _NOMINATIVE
    parts = [
        Part("type", str(facts.decision_type), "pl.judgment"),
        Part("court", court_abbreviation(facts.court), "pl.court", may_precede=inflected),
        Part("date", (short_date if style == "short" else full_date)(facts.date), "pl.judgment"),
        Part("signature", facts.number, "pl.judgment", sep=", "),
    ]
    located: dict[str, tuple[int, int]] = {}
    for role, pattern in (("type", _TYPE), ("court", _COURT)):
        span = group(pattern, written, role)
        if span:
            located[role] = span
    day = first(_DATE, written)
    if day:
        located["date"] = day
    signature = first(_SIGNATURE, written, day[1] if day else 0)
    if signature:
        located["signature"] = signature
    return parts, located


def same_type(written: str, part: Part) -> bool:
    """A type inflected by the sentence ("w wyroku", "uchwałą") is the same type written as it must be."""
    stems = _TYPES.get(part.text, ())
    return written.lower().startswith(stems) and not written.endswith(".")


def is_code(act: str) -> bool:
    return "kodeks" in act.lower()


def abbreviation(act: str) -> str | None:
    for name, short in CODES:
        if name.lower() in act.lower():
            return short
    return None


def units(unit: Unit, code: bool) -> str:
    out: list[str] = []
    if unit.article:
        number, _, branch = unit.article.partition("-")
        out.append(f"art. {number}" + (branch.translate(_SUPERSCRIPT) if branch else ""))
    if unit.paragraph:
        out.append(f"§ {unit.paragraph}" if code else f"ust. {unit.paragraph}")
    if unit.item:
        out.append(f"pkt {unit.item}")
    if unit.subitem:
        out.append(f"lit. {unit.subitem}")
    return " ".join(out)


def statute_parts(facts: SourceFacts, written: str) -> tuple[list[Part], Located] | None:
    if not facts.act or facts.unit is None or not facts.unit.article:
        return None
    located: dict[str, tuple[int, int]] = {}
    unit_span = first(_UNITS, written)
    if unit_span is None:
        return None
    located["unit"] = unit_span
    parts = [Part("unit", units(facts.unit, is_code(facts.act)), "pl.unit")]
    short = abbreviation(facts.act)
    abbr = group(_ABBREVIATION, written, "abbr", unit_span[1])
    if short and abbr:
        located["act"] = abbr
        parts.append(Part("act", short, "pl.act_abbreviation"))
    return parts, located


def same_unit(written: str, part: Part) -> bool:
    """'Art.' opening a sentence is the same 'art.' (the capital belongs to the sentence)."""
    words = " ".join(written.split())
    return words == part.text or (words[:1] == "A" and "a" + words[1:] == part.text)


def equal(written: str, part: Part) -> bool:
    if part.role == "type":
        return same_type(written, part)
    if part.role == "unit":
        return same_unit(written, part)
    return " ".join(written.split()) == part.text

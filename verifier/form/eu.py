"""EU citation form: a judgment by the Court's own method of citation (since 2014: "judgment of 16 July 2020,
Facebook Ireland and Schrems, C-311/18, EU:C:2020:559, paragraph 84"), an act by its type and number
("Article 6(1)(f) of Regulation (EU) 2016/679").

The Court's "usual name" of a case (Facebook Ireland and Schrems) is not among the facts a source gives (the
parties are: Data Protection Commissioner v Facebook Ireland Ltd, Maximillian Schrems), so the name is the
draft's own where it gives one, and the parties' where it gives none; it is never a difference."""

from __future__ import annotations

import re

from verifier.form.note import SourceFacts, Unit
from verifier.form.parts import Located, Part, first, group, same
from verifier.months import EN

MONTHS = EN
_MONTH = "|".join(MONTHS)
_WORD = re.compile(r"(?i)^\s*(?P<word>judgments?|order|opinion)\s+of\b")
_DATE = re.compile(rf"\b\d{{1,2}}\s+(?:{_MONTH})\s+\d{{4}}")
_CASE = re.compile(r"\b(?:Case\s+)?(?P<case>[CTF]\s*[-\u2010\u2011\u2012\u2013]\s*\d+/\d{2}(?:\s*P)?)")
_ECLI = re.compile(r"(?:ECLI:)?EU:[CTF]:\d{4}:\d+")
_PARAGRAPH = re.compile(r"\b(?:paragraphs?|paras?\.|para)\s*\d+(?:\s*(?:to|and|-|–)\s*\d+)?")
_NAME = re.compile(r"\d{4},\s*(?P<name>[^,]+?),\s*(?:Case\s+)?[CTF]\s*[-\u2010\u2011\u2012\u2013]\s*\d")

_ACT_TITLE = re.compile(
    r"(?i)\b(?P<type>REGULATION|DIRECTIVE|DECISION)\b\s*(?:\((?P<domain>EU|EC|EEC|EU, Euratom|CFSP)\)\s*)?"
    r"(?:No\s+)?(?P<number>\d+/\d+(?:/(?P<suffix>EC|EEC|EU|JHA|CFSP))?)"
)
_UNIT = re.compile(r"(?i)\b(?:Article|Art\.)\s*\d+[a-z]?(?:\s*\(\s*\w{1,4}\s*\))*")
_OF_ACT = re.compile(
    r"\s*(?P<of>of\s+)?(?P<act>(?:Council\s+|Commission\s+)?(?:Regulation|Directive|Decision)\b[^,;]*?\d+/\d+(?:/\w+)?"
    r"|the\s+[A-Z][A-Za-z]{1,9}\b|(?:that|this|the)\s+(?:regulation|directive|decision)|[A-Z]{3,6}\b)"
)
_ANAPHORA = re.compile(r"(?i)^(?:that|this|the)\s+(?:regulation|directive|decision)$")


def long_date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"{int(day)} {MONTHS[int(month) - 1]} {year}"


def _usual_name(facts: SourceFacts, written: str) -> str:
    named = _NAME.search(written)
    if named:
        return named.group("name").strip()
    rest = _CASE.sub("", _ECLI.sub("", _PARAGRAPH.sub("", written)))
    rest = re.sub(r"(?i)\b(?:judgments?|of|case|the court|cjeu)\b|[(),]", " ", rest)
    rest = _DATE.sub("", rest)
    name = " ".join(rest.split())
    return name or " v ".join(facts.parties)


def judgment_parts(facts: SourceFacts, written: str, style: str) -> tuple[list[Part], Located] | None:
    if not (facts.date and facts.number and facts.ecli):
        return None
    ecli = facts.ecli.removeprefix("ECLI:")
    paragraph = _PARAGRAPH.search(written)
    parts = [
        Part("word", "judgment of", "eu.judgment"),
        Part("date", long_date(facts.date), "eu.judgment"),
        Part("name", _usual_name(facts, written), "eu.judgment", sep=", "),
        Part("case", facts.number, "eu.judgment", sep=", "),
        Part("ecli", ecli, "eu.ecli", sep=", "),
    ]
    if paragraph:
        number = re.sub(r"^\D+", "", paragraph.group(0))
        plural = "paragraphs" if re.search(r"\d\D+\d", number) else "paragraph"
        parts.append(Part("paragraph", f"{plural} {number}", "eu.judgment", sep=", "))
    located: dict[str, tuple[int, int]] = {}
    word = group(_WORD, written, "word")
    if word:
        located["word"] = (word[0], word[1] + 3)  # "judgment of"
    for role, pattern in (("date", _DATE), ("ecli", _ECLI), ("paragraph", _PARAGRAPH)):
        span = first(pattern, written)
        if span:
            located[role] = span
    case = group(_CASE, written, "case")
    if case:
        located["case"] = case
    name = _NAME.search(written)
    if name:
        located["name"] = name.span("name")
    return parts, located


def equal(written: str, part: Part) -> bool:
    if part.role == "word":
        return written.lower().replace("judgments", "judgment") == part.text
    return same(written, part.text)


def act_name(title: str) -> str | None:
    """ "REGULATION (EU) 2016/679 OF THE EUROPEAN PARLIAMENT …" → "Regulation (EU) 2016/679"."""
    match = _ACT_TITLE.search(title)
    if match is None:
        return None
    kind = match.group("type").capitalize()
    domain = match.group("domain")
    number = match.group("number")
    if match.group("suffix"):  # Directive 95/46/EC: the domain follows the number (before 2015)
        return f"{kind} {number}"
    if domain == "EU":
        return f"{kind} (EU) {number}"
    if domain:
        return f"{kind} ({domain}) No {number}"
    return f"{kind} {number}"


def units(unit: Unit) -> str:
    out = f"Article {unit.article}"
    for sub in (unit.paragraph, unit.item, unit.subitem):
        if sub:
            out += f"({sub})"
    return out


def statute_parts(facts: SourceFacts, written: str, style: str) -> tuple[list[Part], Located] | None:
    name = act_name(facts.act or "")
    if name is None or facts.unit is None or not facts.unit.article:
        return None
    unit_span = first(_UNIT, written)
    if unit_span is None:
        return None
    located: dict[str, tuple[int, int]] = {"unit": unit_span}
    parts = [Part("unit", units(facts.unit), "eu.unit")]
    found = _OF_ACT.match(written, unit_span[1])
    if found:
        act = found.span("act")
        words = written[act[0] : act[1]]
        # an anaphor ("that regulation") is the practice's own; a defined short name (the GDPR) is the short
        # style's, the full style names the act by its number
        kept = _ANAPHORA.match(words) or (style == "short" and words.startswith("the "))
        located["act"] = act
        # "Article 6(1)(f) GDPR": the act's name takes the "of" the draft left out
        of = "" if found.group("of") else "of "
        parts.append(Part("act", words if kept else of + name, "eu.act", sep=" of " if not of else " "))
    return parts, located

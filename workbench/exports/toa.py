"""The table of authorities: every authority the draft cites, grouped the way each jurisdiction's practice
lists them, each with where it is cited (paragraph, line, footnote, from the finding's origin) and the
status of each citation.

  Korea, Poland:  statutes by act, then article;  judgments and decisions by court (highest first), then
                  date, then number.
  European Union: EU legislation by act, then article;  EU case law by court, then year and case number.

What a source's snapshot says (title, court, date) wins over what the draft says: the draft may misdate a
case, and a table filed with a brief must not repeat the error. Citations that could not be parsed are
listed apart, since they name no authority.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from verifier.model import STATUS_ICON, Jurisdiction, Kind, Status
from verifier.provenance import SUPPLIED_ORIGIN
from verifier.sources.eli.structure import article_label as pl_article
from verifier.sources.lawgokr.structure import article_label as kr_article
from workbench.form.notes import canonical_citation
from workbench.models import Finding, Review, SourceSnapshot
from workbench.words import jurisdiction_word, origin_word, status_word

JURISDICTION_ORDER = (Jurisdiction.KR, Jurisdiction.PL, Jurisdiction.EU, Jurisdiction.OTHER)
JUDGMENT_KINDS = (Kind.JUDGMENT, Kind.CONSTITUTIONAL_DECISION, Kind.INTERPRETATION)


@dataclass(frozen=True)
class Citing:
    """One place in the draft where an authority is cited."""

    finding_pk: int
    finding_id: str
    ordinal: int
    citation: str
    where: str  # "line 3", "footnote 1", in the reader's language
    status: str
    status_label: str
    icon: str


@dataclass
class Entry:
    title: str
    sort_key: tuple[Any, ...]
    detail: str = ""
    citings: list[Citing] = field(default_factory=list)


@dataclass
class Group:
    title: str
    sort_key: tuple[Any, ...]
    detail: str = ""
    entries: dict[Any, Entry] = field(default_factory=dict)

    @property
    def ordered(self) -> list[Entry]:
        return sorted(self.entries.values(), key=lambda e: e.sort_key)


@dataclass
class Section:
    title: str
    groups: dict[Any, Group] = field(default_factory=dict)

    @property
    def ordered(self) -> list[Group]:
        return sorted(self.groups.values(), key=lambda g: g.sort_key)


@dataclass
class Part:
    jurisdiction: str
    title: str
    sections: list[Section]


@dataclass
class Table:
    parts: list[Part]
    unread: list[Citing]  # citations that name no authority the verifier could parse

    @property
    def authorities(self) -> int:
        return sum(len(g.entries) for p in self.parts for s in p.sections for g in s.groups.values())


def as_of_line(review: Review) -> str:
    """The date the table's authorities were checked on (the review's as-of date): the wording in force that
    day."""
    return _("Law as of %(date)s: the wording in force on that day was checked.") % {
        "date": review.as_of.isoformat()
    }


# What the table reads of a finding and of its source: a snapshot's text and units (380 KB and 151 KB for
# k.c.) never, and every finding of one source shares one loaded row (a join gave each row its own copy:
# 2,000 findings took 2.9 GB).
TABLE_FIELDS = (
    "id", "review_id", "version", "ordinal", "citation", "jurisdiction", "kind", "origin", "status", "anchor",
    "anchor_key", "snapshot_id", "form",
)  # fmt: skip
SNAPSHOT_FIELDS = ("id", "origin", "title", "court", "date", "number", "parties")


def findings_for_table(review: Review) -> QuerySet[Finding]:
    return (
        review.findings.filter(version=review.version)
        .only(*TABLE_FIELDS)
        .prefetch_related(Prefetch("snapshot", queryset=SourceSnapshot.objects.only(*SNAPSHOT_FIELDS)))
        .order_by("ordinal")
    )


def build(findings: Iterable[Finding], style: str = "full") -> Table:
    """The table; each citing line writes its citation as the practice does in the matter's form (`style`)."""
    sections: dict[tuple[str, str], Section] = {}
    unread: list[Citing] = []
    for f in findings:
        if f.snapshot is not None and f.snapshot.origin == SUPPLIED_ORIGIN:
            # a text a user supplied names nothing in a filed table: the official source or the draft does
            # (a supplied text is evidence, not authority); the row is read only, never saved
            f.snapshot = None
        citing = _citing(f, style)
        anchor = f.anchor or {}
        if not anchor or not f.anchor_key:
            unread.append(citing)
            continue
        jurisdiction = f.jurisdiction if f.jurisdiction in {j.value for j in Jurisdiction} else "other"
        if f.kind == Kind.EU_ACT or (f.kind == Kind.STATUTE and f.jurisdiction == Jurisdiction.EU):
            _add_act(sections, "eu", _("EU legislation"), f, anchor, citing)
        elif f.kind == Kind.EU_CASE:
            _add_eu_case(sections, f, anchor, citing)
        elif f.kind == Kind.STATUTE:
            _add_act(sections, jurisdiction, _("Statutes"), f, anchor, citing)
        elif f.kind in JUDGMENT_KINDS:
            _add_judgment(sections, jurisdiction, f, anchor, citing)
        else:
            _other(sections, jurisdiction, f, citing)
    parts = []
    for jurisdiction in JURISDICTION_ORDER:
        mine = [s for (j, _title), s in sections.items() if j == jurisdiction.value]
        if mine:
            order = {t: i for i, t in enumerate(_section_order())}
            mine.sort(key=lambda s: order.get(s.title, 99))
            parts.append(Part(jurisdiction.value, jurisdiction_word(jurisdiction.value), mine))
    return Table(parts, unread)


def _section_order() -> tuple[str, ...]:
    return (_("Statutes"), _("Judgments and decisions"), _("EU legislation"), _("EU case law"), _("Other"))


def _section(sections: dict[tuple[str, str], Section], jurisdiction: str, title: str) -> Section:
    return sections.setdefault((jurisdiction, title), Section(title))


def _citing(f: Finding, style: str) -> Citing:
    return Citing(
        finding_pk=f.pk,
        finding_id=f.finding_id,
        ordinal=f.ordinal,
        citation=canonical_citation(f, style),
        where=origin_word(f.origin) if f.origin else _("the body of the draft"),
        status=f.status,
        status_label=status_word(f.status),
        icon=STATUS_ICON[Status(f.status)] if f.status else "…",
    )


# --- statutes and EU acts -----------------------------------------------------------------------------------


def _add_act(
    sections: dict[tuple[str, str], Section],
    jurisdiction: str,
    title: str,
    f: Finding,
    anchor: dict[str, Any],
    citing: Citing,
) -> None:
    section = _section(sections, jurisdiction, title)
    name = act_name(f, anchor)
    group = section.groups.setdefault(f.anchor_key, Group(name, (_fold(name), f.anchor_key)))
    if f.snapshot is not None and not group.detail and _fold(f.snapshot.title) != _fold(name):
        group.detail = f.snapshot.title
    pin = anchor.get("pinpoint") or {}
    article = str(pin.get("article") or "")
    if article:
        entry_title = article_title(jurisdiction, article)
        key: Any = article
        sort: tuple[Any, ...] = (0, *_number_key(article))
    else:
        entry_title, key, sort = _("the act as a whole"), "", (-1,)
    entry = group.entries.setdefault(key, Entry(entry_title, sort))
    entry.citings.append(citing)


def act_name(f: Finding, anchor: dict[str, Any]) -> str:
    key = f.anchor_key
    if key.startswith("eu:celex:"):
        derived = celex_name(key.removeprefix("eu:celex:"))
        if derived:
            return derived
    if key.startswith("pl:act:"):
        # The code's name sorts and reads better than the act's formal title ("Ustawa z dnia …").
        eli = key.removeprefix("pl:act:")
        named = _polish_code_name(eli)
        if named:
            return named
        if f.snapshot is not None and f.snapshot.title:
            return f.snapshot.title
        return _polish_act_from_citation(f.citation, eli)
    if f.snapshot is not None and f.snapshot.title:
        return f.snapshot.title
    if anchor.get("law"):
        return str(anchor["law"])
    return key.split(":", 2)[-1]


_PL_ARTICLE_HEAD = re.compile(r"^\s*art\.\s*\d+\S*(?:\s*(?:§|ust\.|pkt)\s*\S+)*\s*", re.IGNORECASE)
_DU = re.compile(r"^(DU|MP)/(\d{4})/(\d+)$")
_DECLINED_ACT = {
    **dict.fromkeys(("ustawa", "ustawy", "ustawie", "ustawę", "ustawą"), "Ustawa"),
    **dict.fromkeys(
        ("rozporządzenie", "rozporządzenia", "rozporządzeniu", "rozporządzeniem"), "Rozporządzenie"
    ),
}


def _polish_act_from_citation(citation: str, eli: str) -> str:
    """An act without a snapshot or a known code name: the words the draft names it by, and its
    publication as lawyers write it ("Prawa bankowego (Dz.U. 1997 poz. 939)")."""
    words = _PL_ARTICLE_HEAD.sub("", citation).strip()
    head, _, rest = words.partition(" ")
    if (
        head.casefold() in _DECLINED_ACT
    ):  # "ustawą z dnia …" as the sentence has it: listed as "Ustawa z dnia …"
        words = f"{_DECLINED_ACT[head.casefold()]} {rest}".strip()
    m = _DU.match(eli)
    where = f"{'Dz.U.' if m.group(1) == 'DU' else 'M.P.'} {m.group(2)} poz. {m.group(3)}" if m else eli
    return f"{words} ({where})" if words else where


_CELEX_ACT = re.compile(r"^3(\d{4})([RLD])(\d{4})$")
_CELEX_TYPES = {"R": "Regulation", "L": "Directive", "D": "Decision"}


def celex_name(celex: str) -> str:
    """32016R0679 → "Regulation (EU) 2016/679", 31995L0046 → "Directive 95/46/EC"; "" for anything else (a
    treaty, a consolidated text), which keeps its snapshot title or the citation's name."""
    from verifier.citations.eu import SHORT_NAMES

    m = _CELEX_ACT.match(celex)
    if not m:
        short = next((name for name, value in SHORT_NAMES.items() if value == celex), "")
        return short
    year, kind, number = int(m.group(1)), _CELEX_TYPES[m.group(2)], int(m.group(3))
    short = next((n for n, value in SHORT_NAMES.items() if value == celex and n.isupper()), "")
    name = f"{kind} (EU) {year}/{number}" if year >= 2015 else f"{kind} {year % 100:02d}/{number}/EC"
    return f"{name} ({short})" if short else name


def _polish_code_name(eli: str) -> str:
    from verifier.sources.eli.client import code_name

    return code_name(eli) or ""


def article_title(jurisdiction: str, article: str) -> str:
    if jurisdiction == Jurisdiction.KR:
        return kr_article(article)
    if jurisdiction == Jurisdiction.PL:
        return f"art. {pl_article(article)}"
    return f"Article {article}"


def _number_key(number: str) -> tuple[Any, ...]:
    """ "2-2" → (2, 2), "101" → (101, 0), "6a" → (6, 0, "a"): articles in the order the act has them."""
    parts = re.findall(r"\d+|[^\d\-]+", number)
    key: list[Any] = []
    for part in parts:
        key.append((0, int(part)) if part.isdigit() else (1, part))
    return tuple(key) or ((1, number),)


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


# --- judgments ---------------------------------------------------------------------------------------------

_KR_COURTS = (
    ("대법원", 0),
    ("헌법재판소", 1),
    ("고등법원", 2),
    ("특허법원", 3),
    ("지방법원", 4),
    ("법원", 5),
)
_PL_COURTS = (
    ("trybunał konstytucyjny", 0),
    ("sąd najwyższy", 1),
    ("naczelny sąd administracyjny", 2),
    ("sąd apelacyjny", 3),
    ("sąd okręgowy", 4),
    ("sąd rejonowy", 5),
    ("wojewódzki sąd administracyjny", 6),
)
_PL_ABBREVIATIONS = {
    "SN": "Sąd Najwyższy",
    "TK": "Trybunał Konstytucyjny",
    "NSA": "Naczelny Sąd Administracyjny",
    "SA": "Sąd Apelacyjny",
    "SO": "Sąd Okręgowy",
    "SR": "Sąd Rejonowy",
    "WSA": "Wojewódzki Sąd Administracyjny",
}
_PL_MONTHS = (
    "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca",
    "lipca", "sierpnia", "września", "października", "listopada", "grudnia",
)  # fmt: skip


def court_of(f: Finding, anchor: dict[str, Any]) -> str:
    if f.snapshot is not None and f.snapshot.court and f.snapshot.court != "CJEU":
        return f.snapshot.court
    court = str(anchor.get("court") or "")
    if f.jurisdiction == Jurisdiction.PL and court:
        head, _sep, rest = court.partition(" ")
        if head in _PL_ABBREVIATIONS:
            return f"{_PL_ABBREVIATIONS[head]} {rest}".strip()
    if not court and f.kind == Kind.CONSTITUTIONAL_DECISION and f.jurisdiction == Jurisdiction.KR:
        return "헌법재판소"
    return court


# How a Polish citation names the court: the supreme courts by their abbreviations, the others in the
# genitive ("wyrok Sądu Apelacyjnego we Wrocławiu").
_PL_GENITIVE = (
    ("Sąd Najwyższy", "SN"),
    ("Trybunał Konstytucyjny", "TK"),
    ("Naczelny Sąd Administracyjny", "NSA"),
    ("Wojewódzki Sąd Administracyjny", "Wojewódzkiego Sądu Administracyjnego"),
    ("Sąd Apelacyjny", "Sądu Apelacyjnego"),
    ("Sąd Okręgowy", "Sądu Okręgowego"),
    ("Sąd Rejonowy", "Sądu Rejonowego"),
)


def polish_court_genitive(court: str) -> str:
    for nominative, cited in _PL_GENITIVE:
        if court.startswith(nominative):
            return cited + court[len(nominative) :]
    return court


def court_rank(jurisdiction: str, court: str) -> int:
    if not court:
        return 99
    table = _KR_COURTS if jurisdiction == Jurisdiction.KR else _PL_COURTS
    folded = court.casefold()
    for name, rank in table:
        if name in folded:
            return rank
    return 50


def date_of(f: Finding, anchor: dict[str, Any]) -> date | None:
    raw = (f.snapshot.date if f.snapshot is not None else "") or str(anchor.get("date") or "")
    try:
        return date.fromisoformat(raw[:10]) if raw else None
    except ValueError:
        return None


def _decision_type(f: Finding, anchor: dict[str, Any]) -> str:
    if anchor.get("decision_type"):
        return str(anchor["decision_type"])
    if f.snapshot is not None and " — " in f.snapshot.title and f.jurisdiction == Jurisdiction.PL:
        return f.snapshot.title.split(" — ", 1)[0]
    return ""


def judgment_title(f: Finding, anchor: dict[str, Any], court: str, when: date | None) -> str:
    number = str(anchor.get("number") or f.anchor_key.split(":", 2)[-1])
    kind = _decision_type(f, anchor)
    if f.jurisdiction == Jurisdiction.KR:
        kind = kind or ("결정" if "헌" in number else "판결")
        pieces = [court, f"{when.year}. {when.month}. {when.day}. 선고" if when else "", number, kind]
        return " ".join(p for p in pieces if p)
    if f.jurisdiction == Jurisdiction.PL:
        kind = kind[:1].upper() + kind[1:] if kind else "Orzeczenie"
        head = " ".join(p for p in (kind, polish_court_genitive(court)) if p)
        on = f"z dnia {when.day} {_PL_MONTHS[when.month - 1]} {when.year} r." if when else ""
        return ", ".join(p for p in (" ".join(p for p in (head, on) if p), number) if p)
    return ", ".join(p for p in (court, when.isoformat() if when else "", number) if p)


def _add_judgment(
    sections: dict[tuple[str, str], Section],
    jurisdiction: str,
    f: Finding,
    anchor: dict[str, Any],
    citing: Citing,
) -> None:
    section = _section(sections, jurisdiction, _("Judgments and decisions"))
    court = court_of(f, anchor)
    heading = court or _("Court not named in the draft")
    group = section.groups.setdefault(
        _fold(court), Group(heading, (court_rank(jurisdiction, court), _fold(court)))
    )
    key = f.snapshot.number if f.snapshot is not None and f.snapshot.number else f.anchor_key
    entry = group.entries.get(key)
    if entry is None:
        when = date_of(f, anchor)
        number = str(anchor.get("number") or "")
        entry = Entry(
            judgment_title(f, anchor, court, when),
            (when is None, when or date.min, _number_key(number)),
            detail=f.snapshot.title if f.snapshot is not None and jurisdiction == Jurisdiction.KR else "",
        )
        group.entries[key] = entry
    entry.citings.append(citing)


_EU_CASE = re.compile(r"^(?P<court>[CTF])-(?P<number>\d+)/(?P<year>\d{2})")
_ECLI_EU = re.compile(r"^ECLI:EU:(?P<court>[CTF]):(?P<year>\d{4}):(?P<number>\d+)")


def _add_eu_case(
    sections: dict[tuple[str, str], Section], f: Finding, anchor: dict[str, Any], citing: Citing
) -> None:
    section = _section(sections, "eu", _("EU case law"))
    number = str(
        (f.snapshot.number if f.snapshot is not None and f.snapshot.number else "")
        or anchor.get("number")
        or ""
    )
    court_letter, year, sequence = "C", 9999, 0
    m = _EU_CASE.match(number)
    if m:
        court_letter = m["court"]
        short = int(m["year"])
        year, sequence = (1900 + short if short > 50 else 2000 + short), int(m["number"])
    else:
        e = _ECLI_EU.match(number)
        if e:
            court_letter, year, sequence = e["court"], int(e["year"]), int(e["number"])
    court = {"C": _("Court of Justice"), "T": _("General Court"), "F": _("Civil Service Tribunal")}[
        court_letter
    ]
    group = section.groups.setdefault(court_letter, Group(court, ("CTF".index(court_letter),)))
    entry = group.entries.get(number)
    if entry is None:
        parties = list(f.snapshot.parties) if f.snapshot is not None else list(anchor.get("parties") or [])
        when = date_of(f, anchor)
        title = f"Case {number}" if m else number
        if parties:
            title += ", " + " v ".join(str(p) for p in parties[:2])
        if when:
            title += f" ({when.isoformat()})"
        entry = Entry(title, (year, sequence, number))
        group.entries[number] = entry
    entry.citings.append(citing)


def _other(sections: dict[tuple[str, str], Section], jurisdiction: str, f: Finding, citing: Citing) -> None:
    section = _section(sections, jurisdiction, _("Other"))
    group = section.groups.setdefault("", Group(_("Other authorities"), (0,)))
    entry = group.entries.setdefault(f.anchor_key, Entry(f.citation, (_fold(f.citation),)))
    entry.citings.append(citing)

"""EU citations: CELEX numbers, ECLIs (EU and national), case numbers (C-362/14), acts (Regulation (EU)
2016/679, Directive 95/46/EC) and article references (Article 6(1)(f) GDPR, Articles 7, 8 and 47 of the
Charter).

A case number C-…/… becomes a CELEX key (6YYYYCJNNNN) only when the sentence calls it a judgment; otherwise
it stays `eu:case:C-362/14`, because the same number also names orders and Advocate General opinions.
A CELEX-shaped string of the wrong length is a `not_checked` citation rather than silence.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace

from verifier.citations.common import (
    Hit,
    alternation,
    data_table,
    iso_date,
    month_number,
    pinpoint_or_none,
)
from verifier.citations.ibid import FOLLOWS_IBID
from verifier.citations.quotes import find_quotes
from verifier.model import Anchor, Jurisdiction, Kind, Pinpoint, Span

SHORT_NAMES: dict[str, str] = dict(data_table("citations-eu-short-names.txt"))
KNOWN_ECLI: dict[str, str] = dict(data_table("citations-eu-ecli.txt"))  # ECLI → CELEX of the judgment

_CELEX = re.compile(r"([0-9CE](?<![\w/][0-9CE])(?:19|20)\d\d[A-Z]{1,2}\d{4})(?:\(\d{2}\))?(?![\w])")
_CELEX_LABELLED = re.compile(r"CELEX(?: number)?:? ?(?P<labelled>[0-9A-Z()]{4,16})(?![\w])")
_CELEX_SHAPE = re.compile(r"(?P<shape>[0-9CE](?<![\w/][0-9CE])(?:19|20)\d{1,3}[A-Z]{1,2}\d{2,6})(?![\w])")
_ECLI = re.compile(
    r"ECLI:([A-Z]{2}):([A-Z0-9]{1,7}):(\d{4}):([A-Za-z0-9.]{1,40})"
    # The Court of Justice prints its own ECLIs without the prefix: "C-311/18, EU:C:2020:559".
    r"|(EU)(?<![\w:]EU):([CTF]):(\d{4}):(\d{1,6})(?![\w:])"
)
_CASE = re.compile(
    r"(?P<court>[CTF])(?<![\w/-][CTF])[-–] ?(?P<num>\d{1,4})/(?P<yy>\d{2})(?P<p> ?P)?(?![\d/])"
)
_CASE_LABEL = re.compile(r"(?:Cases?|Joined Cases|sprawie|sprawach|sprawa|spr\.|Rechtssachen?|affaires?) \Z")
_JUDGMENT_CUE = re.compile(r"\b(?:[Jj]udgments?|[Ww]yrok\w*|Urteil\w*|arrêts?)\b")
_JUDGMENT_DATE = re.compile(
    # "judgments of 15 December 1995, Bosman, C-415/93, …; of 22 June 2021, …": the last date before a number.
    r"(?:\b(?:of|z(?: dnia)?|vom))\s(\d{1,2})\.? ?([A-Za-ząćęłńóśźż]+|\d{1,2}\.) ?(\d{4})"
)

_ORG = r"EU|EC|EEC|UE|WE|EWG|EG|Euratom"
_ACT_TYPES = {
    "regulation": "R",
    "rozporządzeni": "R",
    "verordnung": "R",
    "directive": "L",
    "dyrektyw": "L",
    "richtlinie": "L",
    "decision": "D",
    "decyzj": "D",
    "beschluss": "D",
}
_ACT_WORD = (
    r"(?P<type>Regulation|Directive|Decision|[Rr]ozporządzeni[a-zęą]*|[Dd]yrektyw[a-zęą]*|[Dd]ecyzj[a-zęą]*"
    r"|Verordnung|Richtlinie|Beschluss)"
)
_ACT_BY = (
    r"(?: (?:Delegated|Implementing|delegowane\w*|wykonawcze\w*))?"
    r"(?: (?:of the European Parliament and of the Council|Parlamentu Europejskiego i Rady|Komisji|Rady"
    r"|of the Commission|of the Council|\(?Commission\)?|des Europäischen Parlaments und des Rates))?"
)
_ACT = re.compile(
    _ACT_WORD
    + _ACT_BY
    + rf" ?(?:(?:\((?P<org>{_ORG})\) ?)?(?P<no>No |nr |Nr\. ?)?(?P<a>\d{{1,4}})/(?P<b>\d{{1,4}})"
    + rf"|(?:No |nr )?(?P<c>\d{{2,4}})/(?P<d>\d{{1,4}})/(?P<org2>{_ORG}))(?![\d/])"
)
_SHORT = re.compile(r"(?:the )?(?P<name>" + alternation(list(SHORT_NAMES)) + r")(?![\w-])")
_MENTION = re.compile(r"(?:" + alternation(list(SHORT_NAMES)) + r")(?![\w-])")
_THIS_ACT = re.compile(r"(?:this|that|the said|the same) (?:[Rr]egulation|[Dd]irective|[Dd]ecision)(?![\w])")

_ARTICLE = re.compile(r"A(?<![\w.]A)(?:rticles?|rt\.|rts\.)[ ]?(?=\d)")
# "6(1)(f)", and as other drafts write it: "6 (1) (f)", "6 para. 1 lit. f", "4 Paragraph 7", "6(1) point (f)"
# (the German "Art. 6 Abs. 1 lit. f DSGVO" is read by the Polish extractor's unit chain)
_EU_UNIT = re.compile(
    r"(?P<num>\d+[a-z]?)(?P<paren>(?: ?\((?:\d+[a-z]?|[a-z]{1,4})\)){0,3})"
    r"(?:,? (?:[Pp]ara(?:graph)?\.?) ?(?P<para>\d+[a-z]?)(?![\w(]))?"
    r"(?:,? (?:lit\.|[Pp]oint|letter) ?"
    r"(?:\((?P<plit>[a-z]{1,2}|\d{1,2})\)|(?P<lit>[a-z]{1,2}|\d{1,2}))(?![\w(]))?"
)
_PARENS = re.compile(r"(?:\((?:\d+[a-z]?|[a-z]{1,4})\)){1,3}")
_EU_CONNECTOR = re.compile(r"(?:, | and | or | to |-|–)(?:Articles? |Arts?\. )?(?=\d)")
# "Article 2(1) and (2) of the GDPR": a paragraph or point of the same article after a connector
_EU_SAME_ARTICLE = re.compile(r"(?:, | and | or | to )(?=\((?:\d+[a-z]?|[a-z]{1,4})\))")
_OF = re.compile(r" ?(?:of (?:the )?|der |des )?")
_CONTEXT_REACH = 1500


@dataclass(frozen=True, slots=True)
class ActRef:
    end: int
    celex: str


def _a_year(text: str) -> bool:
    return len(text) == 4 and text[:2] in ("19", "20")


def celex_for_act(
    kind_word: str, org: str | None, first: str, second: str, old_style: bool, numbered: bool = False
) -> str | None:
    """The CELEX of "Regulation (EU) 2016/679" (year first since 2015), "Regulation (EC) No 45/2001" (number
    first after "No"), "Directive 95/46/EC" (year first). `numbered`: "No" stands before the numbers."""
    letter = next((v for k, v in _ACT_TYPES.items() if kind_word.lower().startswith(k)), None)
    if letter is None:
        return None
    if old_style:
        year, number = first, second  # 95/46/EC: year first
    elif letter in ("L", "D") and not numbered and len(first) == 2:
        year, number = (
            first,
            second,
        )  # "Directive 95/46" without its /EC: directives and decisions put the year first
    elif numbered and _a_year(second):
        number, year = first, second  # (EC) No 45/2001, (EU) No 1215/2012
    elif _a_year(first):
        # (EU) 2016/679, (EU) 2022/2065: the year comes first whatever the number looks like (2065 is not
        # a year of Regulation (EU) 2022/2065)
        year, number = first, second
    else:
        number, year = first, second  # (EC) 45/2001
    if len(year) == 2:
        year = ("19" if int(year) >= 50 else "20") + year
    if len(year) != 4 or not number.isdigit():
        return None
    return f"3{year}{letter}{int(number):04d}"


def act_at(norm: str, pos: int) -> ActRef | None:
    """An EU act named at `pos`: a short name (GDPR, RODO, AI Act) or Regulation (EU) 2016/679."""
    m = _SHORT.match(norm, pos)
    if m:
        return ActRef(m.end(), SHORT_NAMES[m.group("name")])
    m = _ACT.match(norm, pos)
    if m:
        if m.group("a"):
            celex = celex_for_act(
                m.group("type"), m.group("org"), m.group("a"), m.group("b"), False, bool(m.group("no"))
            )
        else:
            celex = celex_for_act(m.group("type"), m.group("org2"), m.group("c"), m.group("d"), True)
        if celex:
            return ActRef(m.end(), celex)
    return None


def extract(norm: str) -> list[Hit]:
    hits = _celex(norm) + _ecli(norm) + _cases(norm) + _acts_and_articles(norm)
    hits.sort(key=lambda h: (h.start, h.end))
    return _ecli_after_case(norm, hits)


def _celex(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    valid: set[int] = set()
    for m in _CELEX.finditer(norm):
        celex = m.group(1)
        kind = Kind.EU_CASE if celex[0] == "6" else Kind.EU_ACT
        valid.add(m.start(1))
        hits.append(
            Hit(m.start(), m.end(), Jurisdiction.EU, kind, Anchor(key=f"eu:celex:{celex}", number=celex))
        )
    for m in [*_CELEX_LABELLED.finditer(norm), *_CELEX_SHAPE.finditer(norm)]:
        group = "labelled" if "labelled" in m.re.groupindex else "shape"
        if m.start(group) in valid or _CELEX.fullmatch(m.group(group)):
            continue
        hits.append(
            Hit(
                m.start(),
                m.end(),
                Jurisdiction.EU,
                Kind.OTHER,
                None,
                f"{m.group(group)!r} is not a valid CELEX number (sector, 4-digit year, type letters, "
                "4-digit number: e.g. 32016R0679)",
            )
        )
    return hits


def _ecli(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    for m in _ECLI.finditer(norm):
        ecli = m.group().rstrip(".")
        country = m.group(1) or m.group(5)
        if not ecli.startswith("ECLI:"):
            ecli = "ECLI:" + ecli
        jurisdiction = {"EU": Jurisdiction.EU, "PL": Jurisdiction.PL, "KR": Jurisdiction.KR}.get(
            country, Jurisdiction.OTHER
        )
        kind = Kind.EU_CASE if country == "EU" else Kind.JUDGMENT
        end = m.start() + len(m.group().rstrip("."))
        # a known ECLI names its judgment's CELEX; others are left to CELLAR's ecli/ space (the key says so)
        celex = KNOWN_ECLI.get(ecli)
        key = f"eu:celex:{celex}" if celex else f"eu:ecli:{ecli}"
        hits.append(Hit(m.start(), end, jurisdiction, kind, Anchor(key=key, number=ecli)))
    return hits


def _ecli_after_case(norm: str, hits: list[Hit]) -> list[Hit]:
    """ "C-300/21, EU:C:2023:370": an ECLI printed right after the judgment's case number names that
    judgment, so it takes the case's CELEX key when the table does not know it. And what the draft says of
    the case (its number, date, court, parties) it says of the judgment the ECLI names: an ECLI the table
    knows, printed after "judgment of 17 July 2020, …, C-314/18", is checked against that number and date
    (EU:C:2020:559 is C-311/18 of 16 July 2020: a mismatch the source itself shows)."""
    out: list[Hit] = []
    prev: Hit | None = None
    for h in hits:
        a = h.anchor
        if (
            a is not None
            and a.key.startswith(("eu:ecli:ECLI:EU:", "eu:celex:6"))
            and a.number is not None
            and a.number.startswith("ECLI:EU:")
            and prev is not None
            and prev.anchor is not None
            and prev.anchor.key.startswith("eu:celex:6")
            and re.fullmatch(r"[ ,]{1,3}", norm[prev.end : h.start]) is not None
        ):
            case = prev.anchor
            key = a.key if a.key.startswith("eu:celex:") else case.key
            said = replace(
                a, key=key, number=case.number, date=case.date, court=case.court, parties=case.parties
            )
            h = Hit(h.start, h.end, h.jurisdiction, h.kind, said)
        out.append(h)
        prev = h
    return out


# The EU court the draft names: "the General Court ruled in Case C-…" must be checked against the source's
# court, so the anchor's court is what the draft says, never what the case number's letter implies.
_EU_COURT = re.compile(
    r"(?P<gc>General Court|Court of First Instance|Sąd\w* (?:Unii Europejskiej|UE|Pierwszej Instancji)"
    r"|EU 일반법원|유럽연합 일반법원)"
    r"|(?P<cj>Court of Justice(?: of the European Union| of the European Communities)?|CJEU|ECJ|CJEC"
    r"|Trybunał\w* Sprawiedliwości(?: Unii Europejskiej| UE)?|TSUE|유럽사법재판소|유럽연합 사법재판소)"
)
_DATE_AFTER = re.compile(
    r"\s?[,(]\s?(?:[Jj]udgment|[Ww]yrok\w*|Urteil\w*|arrêt) (?:of|z(?: dnia)?|vom|du)\s(\d{1,2})\.? ?"
    r"([A-Za-ząćęłńóśźż]+|\d{1,2}\.) ?(\d{4})"
)
# "2020. 7. 16. C-311/18 사건 판결", "C-311/18 (2020. 7. 16.)": a Korean draft writes the judgment's date as
# year. month. day. right before the case number (선고/자 may follow the date) or in brackets right after it
_KR_DATE_BEFORE = re.compile(
    r"(\d{4}) ?\. ?(\d{1,2}) ?\. ?(\d{1,2}) ?\.?[ ]?(?:(?:선고|자)[ ]?)?(?:[,(][ ]?)?\Z"
)
_KR_DATE_AFTER = re.compile(r"[ ]?[,(][ ]?(\d{4}) ?\. ?(\d{1,2}) ?\. ?(\d{1,2}) ?\.")
# "Case C-311/18, Data Protection Commissioner v Facebook Ireland Ltd and Maximillian Schrems, …": the parties
# the draft names, right after the number (or right before it: "UI v Österreichische Post AG (C-300/21)")
_NAME = (
    r"[A-ZÀ-ÖØ-ÞĄĆĘŁŃŚŹŻ][\w’'.&-]*"
    r"(?: (?:[A-ZÀ-ÖØ-ÞĄĆĘŁŃŚŹŻ&][\w’'.&-]*|and|of|for|de|du|des|der|van|von|la|le|e|i|und|et))*"
)
_V = r" (?:v\.?|vs\.?|przeciwko) "
_PARTIES_AFTER = re.compile(rf",?[ ]?(?P<a>{_NAME}){_V}(?P<b>{_NAME})(?=[,;:)]|\.(?:\s|\Z)|\s[a-z]|\Z)")
_PARTIES_BEFORE = re.compile(
    rf"(?<![\w’'.&-])(?P<a>{_NAME}){_V}(?P<b>{_NAME}),?[ ]?\(?(?:Case |Sprawa |sprawa )?\Z"
)
# the sentence's own first word before parties named ahead of the number ("In UI v Österreichische Post AG")
_LEAD_WORD = re.compile(r"^(?:In|See|Cf\.|Also|As|Following|Under|W|Zob\.|Por\.|Zgodnie z) ")
_SENTENCE_START = re.compile(r"(?:[.!?;]\s+(?=[A-ZĄĆĘŁŃÓŚŹŻ„\"“(])|\n)")
_SENTENCE_END = re.compile(r"[.!?;](?=\s+[A-ZĄĆĘŁŃÓŚŹŻ„\"“(])|[.!?;]?\n|\Z")


def _blank(text: str, offset: int, quotes: list[Span], starts: list[int]) -> str:
    """`text` (starting at `offset` of the draft) with quoted words blanked: a date or court inside a quote
    ("the Court examined „… Decision 2010/87/EU of 5 February 2010 …”") is the quoted source's, not the
    draft's own. `starts`: the quotes' start offsets, for a bisect to the few that may overlap."""
    end = offset + len(text)
    i = max(0, bisect.bisect_right(starts, offset) - 1)
    while i < len(quotes) and quotes[i][0] < end:
        a, b = quotes[i]
        lo, hi = max(a, offset) - offset, min(b, end) - offset
        if lo < hi:
            text = text[:lo] + " " * (hi - lo) + text[hi:]
        i += 1
    return text


def _cases(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    quotes: list[Span] | None = None
    starts: list[int] = []
    for m in _CASE.finditer(norm):
        if quotes is None:
            quotes = [q.span for q in find_quotes(norm)]
            starts = [q[0] for q in quotes]
        court, num, yy = m.group("court"), m.group("num"), m.group("yy")
        number = f"{court}-{num}/{yy}"
        year = ("19" if int(yy) >= 50 else "20") + yy
        # the draft's own sentence around the number: "In its judgment of 4 May 2022 in Case C-300/21 …"
        lo = max(0, m.start() - 600)
        for sm in _SENTENCE_START.finditer(norm, lo, m.start()):
            lo = sm.end()
        end_m = _SENTENCE_END.search(norm, m.end(), min(len(norm), m.end() + 400))
        hi = end_m.start() if end_m is not None else min(len(norm), m.end() + 400)
        before = _blank(norm[lo : m.start()], lo, quotes, starts)
        after = _blank(norm[m.end() : hi], m.end(), quotes, starts)
        date = None
        dm = None
        cue = _JUDGMENT_CUE.search(before)
        before_dates = before[cue.start() :] if cue is not None else ""
        for dm in _JUDGMENT_DATE.finditer(before_dates):  # noqa: B007 - the last judgment date before the number
            pass
        # "Case C-311/18 (judgment of 16 July 2020)": the date written right after the number
        follows = _DATE_AFTER.match(after)
        if dm is None and follows is not None:
            dm = follows
        if dm is not None:
            month_text = dm.group(2).rstrip(".")
            month = month_number(month_text) if not month_text.isdigit() else int(month_text)
            if month is not None:
                date = iso_date(dm.group(3), month, dm.group(1))
        else:
            korean = _KR_DATE_BEFORE.search(before, max(0, len(before) - 24)) or _KR_DATE_AFTER.match(after)
            if korean is not None:
                date = iso_date(korean.group(1), korean.group(2), korean.group(3))
        judgment = cue is not None or follows is not None
        if court == "C" and not m.group("p") and judgment:
            key = f"eu:celex:6{year}CJ{int(num):04d}"
        else:
            key = f"eu:case:{number}"
        anchor = Anchor(
            key=key,
            number=number,
            date=date,
            court=_court_named(before, after),
            parties=_parties(before, after),
        )
        label = _CASE_LABEL.search(norm, max(0, m.start() - 14), m.start())
        start = label.start() if label else m.start()
        hits.append(Hit(start, m.end(), Jurisdiction.EU, Kind.EU_CASE, anchor))
    return hits


def _parties(before: str, after: str) -> tuple[str, ...]:
    """The two sides the draft names for the case, split at " v ", without a trailing legal-form period."""
    m = _PARTIES_AFTER.match(after) or _PARTIES_BEFORE.search(before, max(0, len(before) - 200))
    if m is None:
        return ()
    first = _LEAD_WORD.sub("", m.group("a").strip())
    return (first, m.group("b").strip().rstrip("."))


def _court_named(before: str, after: str) -> str | None:
    """The EU court the sentence names: the last one before the number, else the first one after it."""
    last = None
    for last in _EU_COURT.finditer(before):  # noqa: B007 - the one nearest the number
        pass
    found = last or _EU_COURT.search(after)
    if found is None:
        return None
    return "General Court" if found.group("gc") else "CJEU"


def _unit_pinpoint(u: re.Match[str]) -> Pinpoint:
    """The article, paragraph and point of one unit, however written: (1) or "para. 1", (f) or "lit. f"."""
    parts = re.findall(r"\(([^)]*)\)", u.group("paren"))
    paragraph = u.group("para") or next((p for p in parts if p[0].isdigit()), None)
    item = next((p for p in parts if not p[0].isdigit()), None)
    point = u.group("lit") or u.group("plit")
    if point is not None:
        if point.isdigit() and paragraph is None:
            paragraph = point  # "Article 4 point 7" is Article 4(7)
        else:
            item = point
    return Pinpoint(article=u.group("num"), paragraph=paragraph, item=item)


# "Regulation (EU) 2016/679 … (hereinafter ‘the Regulation’)", "Directive 95/46/EC (‘the Directive’)": the
# draft's own short name for the act named right before it
_ALIAS = re.compile(
    r"[^().;]{0,250}?\((?:hereinafter(?: referred to as| called)?[ :,]*)?[‘'“\"](?:[Tt]he )?"
    r"(?P<alias>[A-Z][\w .-]{1,40}?)[’'”\"]\)"
)


def _aliases(norm: str) -> dict[str, tuple[int, str]]:
    """Short names the draft defines for EU acts: alias → (where the definition ends, CELEX)."""
    found: dict[str, tuple[int, str]] = {}
    for m in _ACT.finditer(norm):
        ref = act_at(norm, m.start())
        alias = _ALIAS.match(norm, m.end()) if ref is not None else None
        if ref is None or alias is None or alias.group("alias") in SHORT_NAMES:
            continue
        found.setdefault(alias.group("alias"), (alias.end(), ref.celex))
    return found


def _alias_at(norm: str, pos: int, defined: dict[str, tuple[int, str]]) -> ActRef | None:
    for alias, (after, celex) in defined.items():
        m = re.compile(r"(?:the )?" + re.escape(alias) + r"(?![\w-])").match(norm, pos)
        if m is not None and after <= pos:
            return ActRef(m.end(), celex)
    return None


class _LastAct:
    """The act named last, for a bare "Article 78" after it, and the last of each CELEX type, for "that
    regulation" (C-311/18 names the Charter between the GDPR and "Article 45(2) of that regulation")."""

    def __init__(self) -> None:
        self.any: tuple[str, int] | None = None
        self.of_type: dict[str, tuple[str, int]] = {}

    def named(self, celex: str, end: int) -> None:
        self.any = (celex, end)
        # a secondary act's CELEX is 3YYYY + its type letter (32016R0679); the treaties' (12016P) have none
        if len(celex) > 5 and celex[0] == "3" and celex[5] in "RLD":
            self.of_type[celex[5]] = self.any

    def for_words(self, this: re.Match[str] | None) -> tuple[str, int] | None:
        """The act "that regulation" / "this directive" / "the said decision" names; any act for none."""
        if this is None:
            return self.any
        kind = this.group().split()[-1].lower()
        return self.of_type.get(next(v for k, v in _ACT_TYPES.items() if kind.startswith(k)))


def _acts_and_articles(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    defined = _aliases(norm) if "(" in norm else {}
    covered_until = -1
    last = _LastAct()
    events: list[tuple[int, str]] = [(m.start(), "article") for m in _ARTICLE.finditer(norm)]
    events += [(m.start(), "act") for m in _ACT.finditer(norm)]
    # "recital 146 of the GDPR … Article 82 of that regulation": a bare short name sets the context.
    events += [
        (m.start(), "mention")
        for m in _MENTION.finditer(norm)
        if m.start() == 0 or not (norm[m.start() - 1].isalnum() or norm[m.start() - 1] == "-")
    ]
    events.sort()
    for pos, what in events:
        if pos < covered_until:
            continue
        if what == "mention":
            short = _MENTION.match(norm, pos)
            if short is not None:
                last.named(SHORT_NAMES[short.group()], short.end())
            continue
        if what == "act":
            ref = act_at(norm, pos)
            if ref is None:
                continue
            hits.append(Hit(pos, ref.end, Jurisdiction.EU, Kind.EU_ACT, Anchor(key=f"eu:celex:{ref.celex}")))
            last.named(ref.celex, ref.end)
            covered_until = ref.end
            continue
        label = _ARTICLE.match(norm, pos)
        assert label is not None
        units: list[tuple[int, int, Pinpoint]] = []
        cursor = label.end()
        while True:
            u = _EU_UNIT.match(norm, cursor)
            if u is None:
                break
            pin = _unit_pinpoint(u)
            units.append((u.start() if units else pos, u.end(), pin))
            cursor = u.end()
            while (same := _EU_SAME_ARTICLE.match(norm, cursor)) is not None:
                more = _PARENS.match(norm, same.end())
                if more is None:
                    break
                extra = re.findall(r"\(([^)]*)\)", more.group())
                pin = Pinpoint(
                    article=pin.article,
                    paragraph=next((p for p in extra if p[0].isdigit()), None),
                    item=next((p for p in extra if not p[0].isdigit()), None),
                )
                units.append((more.start(), more.end(), pin))
                cursor = more.end()
            c = _EU_CONNECTOR.match(norm, cursor)
            if c is None or _EU_UNIT.match(norm, c.end()) is None:
                break
            cursor = c.end()
        if not units:
            continue
        of = _OF.match(norm, cursor)
        ref = act_at(norm, of.end() if of else cursor) or _alias_at(norm, of.end() if of else cursor, defined)
        end = cursor
        celex: str | None = None
        if ref is not None:
            celex, end = ref.celex, ref.end
            last.named(celex, ref.end)
        else:
            this = _THIS_ACT.match(norm, of.end() if of else cursor)
            # "ibid., Article 7": the act of the citation before, like "of that regulation"
            ibid = FOLLOWS_IBID.search(norm, max(0, pos - 10), pos) is not None
            structured = (
                this is not None or ibid or len(units) > 1 or any(p.paragraph or p.item for _, _, p in units)
            )
            reach = 2 * _CONTEXT_REACH if this is not None or ibid else _CONTEXT_REACH
            # A bare "Article 78" borrows the act only from its own paragraph, and only from close by.
            close = (
                last.any is not None and pos - last.any[1] <= 400 and "\n\n" not in norm[last.any[1] : pos]
            )
            carried = last.for_words(this)
            if (structured or close) and carried is not None and pos - carried[1] <= reach:
                celex = carried[0]
                if this:
                    end = this.end()
            elif this or any(p.paragraph or p.item for _, _, p in units):
                for start, uend, _pin in units:
                    hits.append(
                        Hit(
                            start,
                            uend,
                            Jurisdiction.EU,
                            Kind.EU_ACT,
                            None,
                            "article cited without naming the act",
                        )
                    )
                covered_until = cursor
                continue
            else:
                continue  # a bare "Article 5" with no act anywhere near is not worth a finding
        for i, (start, uend, pin) in enumerate(units):
            span_end = end if i == len(units) - 1 else uend
            fixed = pinpoint_or_none(pin)
            hits.append(
                Hit(
                    start,
                    span_end,
                    Jurisdiction.EU,
                    Kind.EU_ACT,
                    Anchor(key=f"eu:celex:{celex}", pinpoint=fixed),
                )
            )
        covered_until = end
        last.named(celex, end)  # "Article 77 of that regulation …, while Article 78 …" keeps the act alive
    return hits

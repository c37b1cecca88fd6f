"""Polish citations: case signatures (II CSK 123/19, II SA/Wa 123/20, K 1/20) with the decision type,
court and date written before them, and statute references (art. 5 § 1 pkt 2 lit. a k.c., art. 385¹ § 1
k.c., art. 32 ustawy z dnia … (Dz. U. z 2023 r. poz. 1610), art. 6 ust. 1 lit. f RODO).

A chain of units gives one citation per leaf: `art. 58 § 1 i 2 k.c.` is § 1 and § 2 of art. 58, the act
written after the last one applying to all. An article with no act after it takes the act named shortly
before ("tej ustawy" or plain context); with no act in sight a bare `art. 5` is not a citation at all
(it may be anything), while `art. 5 ust. 1` becomes `not_checked`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.citations import eu
from verifier.citations.common import (
    Hit,
    branch_number,
    data_lines,
    data_table,
    pinpoint_or_none,
)
from verifier.citations.ibid import FOLLOWS_IBID
from verifier.citations.pl_signatures import DATE, SENTENCE_END, date_from, signatures
from verifier.model import Anchor, Jurisdiction, Kind, Pinpoint

_ACTS: list[tuple[str, str]] = data_table("citations-pl-acts.txt")


def _titles() -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for line in data_lines("citations-pl-titles.txt"):
        date, title, key = (part.strip() for part in line.split("\t"))
        out.setdefault(date, []).append((title, key))
    return out


_TITLES = _titles()


def _designation_pattern(name: str) -> str:
    # "k.c." also written "k. c."; a dot may be followed by one space. The last dot of an abbreviation is
    # dropped in real judgments ("art. 451§3 k.c w zw. z art. 481§1 kc", SR, 2013): still the code.
    parts = [re.escape(p) for p in name.split(".")]
    pattern = r"\.[ ]?".join(parts).removesuffix(r"[ ]?")
    return pattern + "?" if len(parts) > 2 and pattern.endswith(r"\.") else pattern


_ACT_ALT = "|".join(
    f"(?P<a{i}>{_designation_pattern(name)})"
    for i, (name, _) in sorted(enumerate(_ACTS), key=lambda r: -len(r[1][0]))
)
_ACT_DESIGNATION = re.compile(rf"[ \n]?(?:{_ACT_ALT})(?![\w])")
_ACT_KEYS = {f"a{i}": key for i, (_, key) in enumerate(_ACTS)}

_DZU = (
    r"(?:\( ?(?:t\. ?j\. ?|tekst jedn\.:? ?|j\.t\. ?|jedn\. ?tekst:? ?|jednolity\s?tekst:? ?)?"
    r"(?:Dz\. ?U\. ?"
    r"(?:(?:z ?)?(?P<duy>\d{4}) ?r\.,? ?|(?P<duy2>\d{4}) ?)?,? ?"
    r"(?:Nr\s?\d+ ?,?\s?)?poz\.\s?(?P<poz>\d+)"
    # the same in an English draft: "(Journal of Laws of 2019, item 1781)", "(Journal of Laws 1964 No 16,
    # item 93)"
    r"|Journal of Laws,? (?:of )?(?P<jly>\d{4}),? (?:No\.? ?\d+,? )?items? (?P<jlp>\d+))"
    r"[^()]{0,40}?\)"
    # after a comma instead of in parentheses: "o własności lokali, Dz. U. z 2000 r. Nr 80, poz. 903 ze zm."
    r"|, Dz\. ?U\. ?(?:z ?)?(?P<cdy>\d{4}) ?r\.,? ?(?:Nr\s?\d+ ?,?\s?)?poz\.\s?(?P<cdp>\d+)(?: ze zm\.)?)"
)
_NAMED_ACT = re.compile(
    r"\s?(?P<word>[Uu]staw[a-zęą]*|[Rr]ozporządzeni[a-zęą]*|[Kk]odeks[a-z]*|[Dd]ekret[a-z]*|Act)"
    # The title runs from the date or "o …"/"– Prawo …" to the Dz. U. parenthesis; it may wrap lines but
    # never contains another article or act word, so a lazy match cannot swallow the next citation.
    rf"(?:\s(?:z |of )?(?:dnia )?(?:{DATE}) ?(?:r\.)?|(?=\s(?:o|–|-|Prawo|Kodeks|on)\s))"
    r"(?:(?!art\.|\?|[Uu]staw[a-zęą]* z dnia)[^()]){0,250}?\s?" + _DZU
)
_CONTEXT_ACT = re.compile(
    r"[ ]?(?:tej|tejże|tego|tegoż|powołanej|powołanego|cyt\.|cytowanej|cytowanego|wymienionej|wskazanej"
    r"|przywołanej|niniejszej) "
    r"(?:ustawy|ustawie|ustawa|kodeksu|kodeksie|rozporządzenia|rozporządzeniu)(?![\w])"
)
_UNNAMED_ACT = re.compile(r"[ ]?(?:ustawy|ustawie|ustawa|rozporządzenia|rozporządzeniu)(?![\w])")
# an English draft on Polish law: "art. 10 ust. 7 of the same Act", "art. 5 of that Code"
_CONTEXT_ACT_EN = re.compile(r"[ ]?of (?:the same|that|this|the said|the) (?:Act|Code|Law|Statute)(?![\w])")
# "Its art. 2", "this Act's art. 5": the act named before is the one meant
_ITS = re.compile(r"(?<![\w])(?:[Ii]ts|[Tt]he [Aa]ct's|[Tt]his [Aa]ct's|[Tt]he [Cc]ode's) \Z")

_NUM = r"\d+[a-z]{0,2}(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\d+)?"
# Hard-wrapped judgments break lines anywhere, also between "art." and its number.
# "Article 10 § 1 of the Civil Code": an English draft on Polish law; only with a § (EU and Korean law have
# none), so that "Article 6(1) GDPR" and "Article 103 of the Civil Code" (민법) stay the others'
_ART = re.compile(
    r"[aA](?<![\w.][aA])(?:rt\.|rtykuł[a-zó]*)[ \n]?(?=\d)|Articles? (?=\d+[a-z]{0,2}[⁰¹²³⁴⁵⁶⁷⁸⁹]* §)"
)
_PL_UNIT = re.compile(
    r"(?P<lab>art\.|Articles?(?= \d+[a-z]{0,2}[⁰¹²³⁴⁵⁶⁷⁸⁹]* §)|Art\.|artykuł[a-zó]*|Artykuł[a-zó]*|§"
    r"|ust\.|Abs\.|pkt|Nr\.|lit\.|zd\.|Satz|UAbs\.)?[ \n]?"
    rf"(?P<val>{_NUM}|(?<=lit\. )[a-z]{{1,2}}\)?|(?<=lit\.)[a-z]{{1,2}}\)?)(?![\w/])"
)
_PL_CONNECTOR = re.compile(
    r"(?:, ale (?:również|także|też) |, lecz (?:również|także) |, jak i |, ?| i | oraz | lub | albo "
    r"| and | or | a także | ?[-–] ?| w zw\. z | w związku z )"
)
_LEVEL = {
    "art.": 0,
    "Art.": 0,
    "§": 1,
    "ust.": 1,
    "Abs.": 1,
    "pkt": 2,
    "Nr.": 2,
    "lit.": 3,
    "zd.": 4,
    "Satz": 4,
    "UAbs.": 4,
}

_ACT_WORD = re.compile(
    r"(?<![\w])(?:[Uu]staw[a-zęą]*|[Rr]ozporządzeni[a-zęą]*|[Kk]odeks[a-z]*|[Dd]ekret[a-z]*|Act)(?![\w])"
)
_SIGN_NO_YEAR = re.compile(
    r"(?P<sig>[IVX](?<![\w/][IVX])[IVX]{0,4} "
    r"(?:CSK|CZP|CKN|CNP|CK|ACa|ACz|AUa|Ca|Cz|UK|PK|KK|KZP|OSK|FSK|GSK|SA/[A-Z][a-z]{1,2})"
    r" \d{1,6})(?![\d/\w])"
)
_SYGN_PLACEHOLDER = re.compile(r"sygn\. ?(?:akt ?)?:? ?(?P<what>\[[^\]\n]{0,40}\]|\.{3}|…|_{2,}|\?+|X+/X+)")
_BAD_ARTICLE = re.compile(r"a(?<![\w.]a)rt\. ?(?:\?+|…|\.\.\.|\[[^\]\n]{0,20}\]|_+)")

_CONTEXT_REACH = 1500
_EMPTY = re.compile("")
# an act word that starts a name of its own ("ustawy z 15 grudnia 2000 r. …", "ustawy o …", "ustawy –
# Prawo …"), unlike a bare "ustawy," that means the act in context
_NAMES_AN_ACT = re.compile(r"[ ]?(?:ustaw\w*|rozporządzeni\w*) (?:z |o |[–-] )")
_QUALIFIER = re.compile(
    r" (?:in fine|in principio|zd\. (?:pierwsze|drugie|1|2)|zdanie (?:pierwsze|drugie))(?= )"
)


@dataclass
class _Leaf:
    start: int
    end: int
    path: dict[int, str]


def extract(norm: str) -> list[Hit]:
    hits = signatures(norm) + _statutes(norm) + _named_acts(norm) + _not_checked(norm)
    hits.sort(key=lambda h: (h.start, h.end))
    return hits


def _chain(norm: str, pos: int) -> tuple[list[tuple[int, str, int, int]], int]:
    """(level, value, start, end) units from `pos`; a bare number after a connector repeats the last level."""
    units: list[tuple[int, str, int, int]] = []
    cursor = pos
    last_level = 0
    while True:
        u = _PL_UNIT.match(norm, cursor)
        if u is None:
            break
        label = u.group("lab")
        if label is None and not units and cursor == pos:
            break
        if label and (label.startswith(("art", "Art"))):
            level = 0
        elif label:
            level = _LEVEL[label]
        else:
            level = last_level
        value = u.group("val").rstrip(")")
        if level == 3 and value[0].isdigit():
            break
        if level != 3 and not value[0].isdigit():
            break
        units.append((level, value, u.start(), u.end()))
        last_level = level
        cursor = u.end()
        c = _PL_CONNECTOR.match(norm, cursor)
        nxt = _PL_UNIT.match(norm, c.end()) if c else None
        if c is None or nxt is None:
            # A unit may follow without a connector: "art. 5 § 1".
            sp = re.compile(r" ?").match(norm, cursor)
            nxt2 = _PL_UNIT.match(norm, sp.end()) if sp else None
            if nxt2 is not None and nxt2.group("lab") and not nxt2.group("lab").startswith(("art", "Art")):
                cursor = sp.end() if sp else cursor
                continue
            break
        if nxt.group("lab") is None and c.group().strip() in ("w zw. z", "w związku z"):
            break
        cursor = c.end()
    end = units[-1][3] if units else pos
    return units, end


def _leaves(units: list[tuple[int, str, int, int]], first_start: int) -> list[_Leaf]:
    out: list[_Leaf] = []
    path: dict[int, str] = {}
    start = first_start
    last_level = -1
    last_end = first_start
    for level, value, u_start, u_end in units:
        if last_level >= 0 and level <= last_level:
            out.append(_Leaf(start, last_end, dict(path)))
            start = u_start
        path = {lvl: v for lvl, v in path.items() if lvl < level}
        path[level] = value
        last_level = level
        last_end = u_end
    if last_level >= 0:
        out.append(_Leaf(start, last_end, path))
    return out


def _pinpoint(path: dict[int, str]) -> Pinpoint | None:
    def num(level: int) -> str | None:
        v = path.get(level)
        return branch_number(v) if v is not None else None

    return pinpoint_or_none(Pinpoint(num(0), num(1), num(2), path.get(3)))


# A draft may name an act once and then use its own abbreviation: "(Dz.U. Nr 71, poz. 733 – dalej
# "u.ochr.pr.lok.")", "(dalej: u.o.k.k.)".
_ALIAS = re.compile(r"dalej:?\s?[\"„“]?(?P<alias>[\w.]{2,30}?\.?)[\"”“]?\)")


def _aliases(norm: str, acts: list[Hit]) -> re.Pattern[str] | None:
    found: dict[str, str] = {}
    for h in acts:
        if h.anchor is None:
            continue
        # inside the Dz. U. parenthesis, or in one right after a title: "o spółdzielniach … (dalej: usm)"
        m = _ALIAS.search(norm, max(0, h.end - 60), min(len(norm), h.end + 40))
        if m is not None and m.start() > h.end + 3:
            m = None
        if m is not None and m.group("alias") not in ("ustawa", "ustawą", "ustawy", "ustawie"):
            found[m.group("alias")] = h.anchor.key
    if not found:
        return None
    names = sorted(found, key=len, reverse=True)
    alt = "|".join(f"(?P<x{i}>{_designation_pattern(n)})" for i, n in enumerate(names))
    pattern = re.compile(rf"[ \n]?(?:{alt})(?![\w])")
    _ALIAS_KEYS[pattern] = {f"x{i}": found[n] for i, n in enumerate(names)}
    return pattern


_ALIAS_KEYS: dict[re.Pattern[str], dict[str, str]] = {}


def _act_after(
    norm: str, pos: int, aliases: re.Pattern[str] | None = None, local: _Titles | None = None
) -> tuple[str | None, int, str | None]:
    """(key, end, problem) of the act designation right after a chain; key None when there is none."""
    qualifier = _QUALIFIER.match(norm, pos)
    if qualifier is not None:
        pos = qualifier.end()  # "art. 26 ust. 1 in fine usm"
    if aliases is not None:
        a = aliases.match(norm, pos)
        if a is not None:
            group = next(g for g, v in a.groupdict().items() if v is not None)
            return _ALIAS_KEYS[aliases][group], a.end(), None
    m = _ACT_DESIGNATION.match(norm, pos)
    if m:
        group = next(g for g, v in m.groupdict().items() if v is not None)
        return _ACT_KEYS[group], m.end(), None
    sp = re.compile(r" ?").match(norm, pos)
    after = sp.end() if sp else pos
    ref = eu.act_at(norm, after)
    if ref is not None:
        return f"eu:celex:{ref.celex}", ref.end, None
    named = _NAMED_ACT.match(norm, pos)
    if named:
        return _dzu_key(named)
    titled = _titled_act(norm, pos, local)
    if titled is not None:
        return titled[0], titled[1], None
    return None, pos, None


_DATED_ACT = re.compile(
    rf"[ \n]?(?:[Uu]staw[a-zęą]*|[Kk]odeks[a-z]*) (?:z )?(?:dnia )?(?:{DATE}) ?(?:r\.)? ?(?:[–-] )?"
)


type _Titles = dict[str, list[tuple[str, str]]]  # date → [(title, key)]


def _titled_act(norm: str, pos: int, local: _Titles | None = None) -> tuple[str, int] | None:
    """An act named by its date and title, without a Dz. U. reference: "ustawy z dnia 10 maja 2018 r. o
    ochronie danych osobowych" (key, end of the title) when the date and title are a known act — one the
    draft itself named with its Dz. U. reference before (`local`), or one of citations-pl-titles.txt. A
    later mention may shorten the draft's own title ("ustawy z dnia 21 czerwca 2001 r. o ochronie praw
    lokatorów"): with the same date, three words of it are enough."""
    m = _DATED_ACT.match(norm, pos)
    if m is None:
        return _undated_local(norm, pos, local)
    date = date_from(m)
    if date is None:
        return None
    rest = " ".join(norm[m.end() : m.end() + 260].split())
    candidates = [*((local or {}).get(date, ())), *_TITLES.get(date, ())]
    for title, key in sorted(candidates, key=lambda t: -len(t[0])):
        if rest.startswith(title):
            return key, _end_of(norm, m.end(), title)
    for title, key in (local or {}).get(date, ()):
        words = title.split()
        shared = 0
        for a, b in zip(words, rest.split(), strict=False):
            if a.rstrip(",") != b.rstrip(",;.)"):
                break
            shared += 1
        if shared >= 3:
            return key, _end_of(norm, m.end(), " ".join(w.rstrip(",") for w in words[:shared]))
    return None


_UNDATED_ACT = re.compile(r"[ \n]?[Uu]staw[a-zęą]* (?=o )")


def _undated_local(norm: str, pos: int, local: _Titles | None) -> tuple[str, int] | None:
    """ "art. 66 ustawy o Trybunale Konstytucyjnym": an act the draft named in full before, now by its title
    alone — resolved only when one act of the draft has that title."""
    if not local:
        return None
    m = _UNDATED_ACT.match(norm, pos)
    if m is None:
        return None
    rest = " ".join(norm[m.end() : m.end() + 260].split())
    keys = {key for entries in local.values() for title, key in entries if rest.startswith(title)}
    if len(keys) != 1:
        return None
    title = max(
        (t for entries in local.values() for t, k in entries if k in keys and rest.startswith(t)), key=len
    )
    return keys.pop(), _end_of(norm, m.end(), title)


def _end_of(norm: str, start: int, title: str) -> int:
    """Where `title` (spaces normalized) ends in the draft from `start`: it may wrap lines."""
    end, seen = start, 0
    while seen < len(title) and end < len(norm):
        if not (norm[end].isspace() and (seen == 0 or title[seen - 1] == " ")):
            seen += 1
        end += 1
    return end


def _local_titles(norm: str, acts: list[Hit]) -> _Titles:
    """The titles of the acts a draft names with their Dz. U. reference, by date: "ustawy z dnia 15 grudnia
    2000 r. o spółdzielniach mieszkaniowych (Dz. U. …)" lets a later "ustawy z 15 grudnia 2000 r. o
    spółdzielniach mieszkaniowych" be the same act."""
    out: _Titles = {}
    for h in acts:
        if h.anchor is None:
            continue
        m = _DATED_ACT.match(norm, max(0, h.start - 1))
        date = date_from(m) if m is not None else None
        if m is None or date is None:
            continue
        ends = [i for i in (norm.find("(", m.end(), h.end), norm.find(", Dz", m.end(), h.end)) if i >= 0]
        title = " ".join(norm[m.end() : min(ends) if ends else h.end].split()).rstrip(" ,")
        if len(title.split()) >= 2:
            out.setdefault(date, []).append((title, h.anchor.key))
    return out


def _dzu_key(m: re.Match[str]) -> tuple[str | None, int, str | None]:
    year = (
        m.group("duy") or m.group("duy2") or m.group("jly") or m.group("cdy") or m.group("y") or m.group("iy")
    )
    if year is None:
        return None, m.end(), "Dz. U. reference without a year: the act cannot be identified"
    return f"pl:act:DU/{year}/{m.group('poz') or m.group('jlp') or m.group('cdp')}", m.end(), None


# Codes divide articles into paragraphs (§); ordinary statutes, the Constitution and EU acts into ust.
# An article written with ust. cannot borrow a code from the context, nor "tej ustawy" a code.
_CODES_WITH_PARAGRAPHS = frozenset(
    key
    for name, key in _ACTS
    if name.startswith(("k.", "K", "kodeks", "Kodeks", "p.p.s.a.")) and "Konstytuc" not in name
) - {"pl:act:DU/1997/483"}


def _statutes(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    last_act: tuple[str, int] | None = None
    named_hits = _named_acts(norm)
    aliases = _aliases(norm, named_hits)
    local = _local_titles(norm, named_hits)
    named = [(h.start, h.end, h.anchor.key) for h in named_hits if h.anchor is not None]
    named_i = 0
    pos = 0
    while True:
        m = _ART.search(norm, pos)
        if m is None:
            break
        while named_i < len(named) and named[named_i][1] <= m.start():
            last_act = (named[named_i][2], named[named_i][1])
            named_i += 1
        units, end = _chain(norm, m.start())
        if not units:
            pos = m.end()
            continue
        key, act_end, problem = _act_after(norm, end, aliases, local)
        if key is None and problem is None:
            ctx = _CONTEXT_ACT.match(norm, end) or _CONTEXT_ACT_EN.match(norm, end)
            if ctx is None and (
                _ITS.search(norm, max(0, m.start() - 16), m.start()) is not None
                or FOLLOWS_IBID.search(norm, max(0, m.start() - 10), m.start()) is not None
            ):
                ctx = _EMPTY.match(norm, end)
            # A lone "art. 5" with nothing after it is too weak to borrow the act in context ("Wystawa
            # art. 5 w galerii"); "art. 5 ust. 1" or "art. 5 tej ustawy" is not.
            structured = ctx is not None or len(units) > 1
            uses_ust = "ust." in norm[m.start() : end]
            fits = last_act is not None and not (
                last_act[0] in _CODES_WITH_PARAGRAPHS
                and (uses_ust or (ctx is not None and "ustaw" in ctx.group()))
            )
            # Without "tej ustawy" the act must have been named in the same sentence: borrowing it from
            # further away too often picks the wrong act, and a wrong act is worse than "not checked".
            near = last_act is not None and (
                m.start() - last_act[1] <= _CONTEXT_REACH
                if ctx is not None
                else m.start() - last_act[1] <= 400
                and SENTENCE_END.search(norm, last_act[1], m.start()) is None
            )
            # "art. 27 ust. 2 ustawy z 15 grudnia 2000 r. o …" names an act of its own: the act in context
            # (often the Constitution it is measured against) is not it
            names_another = ctx is None and _NAMES_AN_ACT.match(norm, end) is not None
            if structured and fits and near and last_act is not None and not names_another:
                key = last_act[0]
                act_end = ctx.end() if ctx else end
            elif ctx or _UNNAMED_ACT.match(norm, end) or len(units) > 1:
                # "art. 5 ust. 1 ustawy" names an act we cannot identify: say so rather than guess.
                act_end = ctx.end() if ctx else end
                problem = "article cited without an act that can be identified"
            else:
                pos = end
                continue
        leaves = _leaves(units, m.start())
        for i, leaf in enumerate(leaves):
            leaf_end = act_end if i == len(leaves) - 1 else leaf.end
            if problem is not None or key is None:
                hits.append(Hit(leaf.start, leaf_end, Jurisdiction.PL, Kind.STATUTE, None, problem))
                continue
            jurisdiction = Jurisdiction.EU if key.startswith("eu:") else Jurisdiction.PL
            kind = Kind.EU_ACT if key.startswith("eu:") else Kind.STATUTE
            anchor = Anchor(key=key, pinpoint=_pinpoint(leaf.path))
            hits.append(Hit(leaf.start, leaf_end, jurisdiction, kind, anchor))
        if key is not None:
            last_act = (key, act_end)
        pos = max(act_end, m.end())
    return hits


def _named_acts(norm: str) -> list[Hit]:
    """Acts cited whole: `ustawa z dnia 10 maja 2018 r. o ochronie danych osobowych (Dz. U. … poz. 1000)`."""
    hits: list[Hit] = []
    for m in re.finditer(r"Dz\. ?U\.|Journal of Laws", norm):
        paren = norm.rfind("(", max(0, m.start() - 30), m.start())
        if paren < 0:
            paren = norm.rfind(", ", max(0, m.start() - 2), m.start())  # ", Dz. U. z 2000 r. …"
        if paren < 0:
            continue
        window_start = max(0, paren - 260)
        # The act word that opens the title: the last one followed by its date ("ustawa z dnia …"), since
        # a title may itself contain "ustaw" ("o zmianie niektórych ustaw"); failing that, the last one.
        words = list(_ACT_WORD.finditer(norm, window_start, paren))
        dated = [w for w in words if norm.startswith(" z ", w.end())]
        word = dated[-1] if dated else (words[-1] if words else None)
        start = word.start() - 1 if word is not None else paren - 1
        named = _NAMED_ACT.match(norm, max(0, start))
        if named is None:
            continue
        key, end, problem = _dzu_key(named)
        begin = named.start("word")
        hits.append(
            Hit(
                begin,
                end,
                Jurisdiction.PL,
                Kind.STATUTE,
                Anchor(key=key) if key else None,
                problem,
            )
        )
    # acts named by date and title alone: "ustawa z dnia 10 maja 2018 r. o ochronie danych osobowych"
    local = _local_titles(norm, hits)
    for m in _ACT_WORD.finditer(norm):
        if not m.group().startswith(("ustaw", "Ustaw", "kodeks", "Kodeks")):
            continue
        if _DATED_ACT.match(norm, m.start()) is None:
            continue  # a title alone ("ustawy o najmie lokali") is a citation only after an article
        titled = _titled_act(norm, m.start(), local)
        if titled is not None and not any(h.start <= m.start() < h.end for h in hits[-3:]):
            hits.append(Hit(m.start(), titled[1], Jurisdiction.PL, Kind.STATUTE, Anchor(key=titled[0])))
    hits.sort(key=lambda h: (h.start, h.end))
    return hits


def _not_checked(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    for m in _SIGN_NO_YEAR.finditer(norm):
        hits.append(
            Hit(m.start(), m.end(), Jurisdiction.PL, Kind.JUDGMENT, None, "signature without its year (…/19)")
        )
    for m in _SYGN_PLACEHOLDER.finditer(norm):
        hits.append(
            Hit(
                m.start(),
                m.end(),
                Jurisdiction.PL,
                Kind.JUDGMENT,
                None,
                "signature is a placeholder, not a number",
            )
        )
    for m in _BAD_ARTICLE.finditer(norm):
        hits.append(Hit(m.start(), m.end(), Jurisdiction.PL, Kind.STATUTE, None, "article number is missing"))
    return hits

"""Korean citations: statutes (법령 제N조 제N항 제N호 가목) and precedents (대법원 … 선고 2004도4869 판결).

Statute chains are found from their units (`제103조`, `제1항`) and the law name is read backwards from the
first unit with a bounded scan, never with a regex that could backtrack over a long Hangul run. A chain
such as `형법 제59조 제1항, 제65조` gives one citation per leaf (제59조 제1항, then 제65조 of the same law).
`같은 법`/`동법` take the last named law, `같은 조`/`동조` the last cited article, and a chain that starts
with `제1항` takes the article in context. A bare `제5조` with no law nearby is a `not_checked` citation.

Precedents: `2004도4869`, with the court, date, 선고/자, 전원합의체 and 판결/결정 before and after it when
written. `2000므1257, 1264` (merged cases) gives two citations, the second spanning just `1264` and
sharing court and date. Case numbers are normalized by dropping spaces and hyphens; 2-digit and 단기 years
stay as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from verifier.citations.common import FOREIGN_ACT, Hit, alternation, data_lines, iso_date, pinpoint_or_none
from verifier.model import Anchor, Jurisdiction, Kind, Pinpoint

_CODES = data_lines("citations-kr-case-codes.txt")
# The five middle dots drafts write inside law names (표시·광고, 표시ㆍ광고, 표시‧광고, 표시•광고,
# 표시・광고); law.go.kr's official names use U+318D, so every one is read as that.
MIDDLE_DOTS = "\u00b7\u318d\u2027\u2022\u30fb"
_ONE_DOT = str.maketrans({d: "\u318d" for d in MIDDLE_DOTS})


def law_name(name: str) -> str:
    """A law name as compared and keyed: its middle dot law.go.kr's (U+318D)."""
    return name.translate(_ONE_DOT)


_KNOWN_LAWS = frozenset(law_name(n) for n in data_lines("citations-kr-laws.txt"))
# Proper endings of known names ("보호법" of 개인정보보호법): only a word among them may need its spaced
# predecessors joined on.
_KNOWN_ENDINGS = frozenset(name[i:] for name in _KNOWN_LAWS for i in range(1, len(name)))
_LAW_SUFFIXES = ("법률", "법", "령", "규칙", "규정", "조례", "협정", "조약")
# Words that end like a law but are not one ("방법 제1조" does not occur, but "위법" may precede 제N조).
NOT_LAWS = frozenset(
    {"방법", "위법", "불법", "적법", "편법", "입법", "사법", "문법", "수법", "탈법", "합법", "어법"}
)
# endings of a word that is not part of a law's name ("…에 관한", "…에서", "…으로서"); a noun ending in 서
# (전자문서) or 이 (…) is, so 서 counts only after 에/로
_PARTICLE_END = (*"은는을를이가도며고", "에서", "로서")
_SUBORDINATE = ("시행령", "시행규칙")

_UNIT = re.compile(r"제 ?(\d+) ?(조|항|호)(?: ?의 ?(\d+))?|([가나다라마바사아자차카타파하]) ?목")
# "형법 331조 2항": units without 제, read only in a chain that starts right after a law's name
_UNIT_NO_JE = re.compile(r"(?:제 ?)?(\d+) ?(조|항|호)(?: ?의 ?(\d+))?|([가나다라마바사아자차카타파하]) ?목")
_NO_JE_START = r"(?<![\d제.,])\d{1,4} ?조(?![원억])"
_CONNECTOR = re.compile(
    r"[ \t]{0,3}(?:(?:[,~" + MIDDLE_DOTS + r"]|및|또는|내지|부터|와|과|이나|나)[ \t]{0,3})?"
)
_SPACES_ONLY = re.compile(r"[ \t]{0,3}")
_UNIT_SRC = r"(?:제 ?\d+ ?(?:조|항|호)(?: ?의 ?\d+)?|[가나다라마바사아자차카타파하] ?목)"
# A whole run of units in one C-level match: how far a chain reaches, without parsing it unit by unit.
_RUN = re.compile(
    _UNIT_SRC
    + r"(?:[ \t]{0,3}(?:(?:[,~"
    + MIDDLE_DOTS
    + r"]|및|또는|내지|부터|와|과|이나|나)[ \t]{0,3})?"
    + _UNIT_SRC
    + ")*"
)
# 같은 법 / 같은 법률 / 동법 (not the 동법 of 노동법), 같은 조 / 동조 (not 같은 조건, 협동조합, 동조하다): the
# anaphora stands as a word of its own, followed by a space, a unit, a particle or punctuation
_AFTER_ANAPHORA = r"(?=[ \t,.)]|제|에|의|는|은|을|를|와|과|도|\Z)"
# 같은 조 / 같은 조문 / 같은 항 / 같은 호 / 같은 조항 (동조, 동항, 동호): the unit the citation before
# named, at that level; 조항 ("the same provision") is the whole unit the citation before named, whatever
# its level
_SAME_UNIT_SRC = rf"(?:같은 ?(?P<unit>조항|조문|조|항|호)|동(?P<short>조|항|호)){_AFTER_ANAPHORA}"
_CHAIN_START = re.compile(
    r"제 ?\d+ ?(?:조|항)|" + _NO_JE_START + r"|(?<![가-힣])(?:같은 ?법(?:률)?|동 ?법(?:률)?)(?=[ \t]|시행)"
    rf"|(?<![가-힣]){_SAME_UNIT_SRC.replace('?P<unit>', '?:').replace('?P<short>', '?:')}"
)
_SAME_LAW = re.compile(r"(같은 ?법(?:률)?|동 ?법(?:률)?)(?: ?(시행령|시행규칙))?(?![가-힣])")
_SAME_ARTICLE = re.compile(_SAME_UNIT_SRC)
# how deep the unit a same-unit anaphora names goes: 조 → the article, 항 → its paragraph, 호 → its item
_SAME_DEPTH = {"조": 0, "조문": 0, "항": 1, "호": 2}
_BRACKETED_LAW = re.compile(r"[「『]([^」』\n]{1,80})[」』]")
_KNOWN_MENTION = re.compile(
    # "(" for a 구법 parenthetical before the particle: "구 근로기준법(… 개정되기 전의 것)은 제30조에서"
    "(?:" + alternation(sorted(_KNOWN_LAWS)) + ")(?=[은는이가을를의에과와도 ,.)」(]|$)"
)
# A law the list does not know, named as the topic of a lead-in: "부동산 실권리자명의 등기에 관한 법률은 제4조
# 제1항에서 …", "구 ○○법(… 개정되기 전의 것)은 제5조에서 …"
_LEAD_IN = re.compile(
    r"(?<![가-힣])(?P<word>[가-힣" + MIDDLE_DOTS + r"]{0,30}(?:법|법률))(?:\([^()\n]{0,160}\))?(?=(?:은|는) )"
)
# words that end like a law but name none, or name the draft's own reference to some law
_NOT_LEAD_IN = frozenset(data_lines("citations-kr-not-lead-in.txt"))
_CRIME_NAME = re.compile(r"(?<![가-힣])([가-힣" + MIDDLE_DOTS + r"]{1,40}(?:법률|법))위반")
_BAD_ARTICLE = re.compile(r"제 ?[?？○◯OX×]+ ?(?:조|항|호)")

_COURTS = (
    r"대법원|대법|헌법재판소|헌재|특허법원|서울행정법원|서울가정법원|서울회생법원|"
    r"(?:서울(?:중앙|동부|서부|남부|북부)?|부산|대구|광주|대전|수원|인천|울산|창원|청주|춘천|전주|제주|의정부)"
    r"(?:고등법원|고법|지방법원|지법|가정법원|가법|행정법원)(?: ?[가-힣]{1,5}지원)?"
)
_BEFORE_CASE = re.compile(
    rf"(?:(?P<court>{_COURTS})[ ]{{0,2}})?"
    r"(?:(?P<y>\d{4}) ?\. ?(?P<m>\d{1,2}) ?\. ?(?P<d>\d{1,2}) ?\.?[ ]?)?"
    r"(?:(?P<how>선고|자)[ ]?)?\Z"
)
# The case number is found first (a pattern that starts with a digit scans fast); what stands before it
# (court, date, 선고/자) is read from a short window that must end where the number starts.
_PRECEDENT = re.compile(
    r"(?P<cy>\d(?<!\d\d)\d(?:\d\d)?)"
    rf"[ ]?-?[ ]?(?P<code>{alternation(_CODES)})[ ]?-?[ ]?(?P<cn>\d{{1,7}})(?!\d)"
    r"(?:[ ]?,[ ]?(?P<more>\d{1,7})(?![\d.,가-힣]))?"
    r"(?P<plenary>[ ]?전원합의체)?"
    r"(?:[ ]?(?P<dtype>판결|결정))?"
)
_BAD_CASE = re.compile(
    rf"(?:(?:선고|자)[ ]?)(?P<a>(?:19|20)\d\d[ ]?(?:{alternation(_CODES)}))(?![ ]?-?[ ]?\d)"
    rf"|(?P<b>(?:19|20)(?<!\d..)\d\d[ ]?(?:{alternation(_CODES)}))(?=[ ]?(?:판결|결정|전원합의체|사건))"
)

# What may stand between two precedents of one list: a reporter reference such as (공1983, 841) and a comma.
_BETWEEN_CASES = re.compile(r"[ ]?(?:\([^()\n]{0,30}\))?[ ]?[,;·ㆍ][ ]?")

_LEVELS = {"조": 0, "항": 1, "호": 2, "목": 3}
_LIST_GAP = re.compile(r"\s*,\s*")
_CONTEXT_REACH = 1500  # how far back a bare 제N조 may look for its law


@dataclass
class _Context:
    law: str | None = None
    law_end: int = -1
    article: str | None = None
    article_law: str | None = None
    article_end: int = -1
    path: dict[int, str] | None = None  # the whole unit the last citation named (같은 항/호/조항 read it)


def extract(norm: str) -> list[Hit]:
    hits = _statutes(norm) + _precedents(norm) + _not_checked(norm)
    hits.sort(key=lambda h: (h.start, h.end))
    return hits


def _law_key(law: str) -> str:
    return "kr:law:" + re.sub(r"\s+", "", law_name(law))


# "주택임대차보호법(이하 '주택임대차법'이라 한다)", "구 근로기준법(2007. 4. 11. … 개정되기 전의 것, 이하
# '구법'이라 한다)": the draft's own short name for the law named right before the parenthesis
_ALIAS = re.compile(
    r"\((?:[^()\n]{0,160}?[,.] ?)?이하 ?(?:['‘\"“](?P<q>[^'’\"”()\n]{1,30})['’\"”]|(?P<b>[가-힣]{1,20}))"
    r" ?(?:이)?라(?:고)? ?(?:한다|함)\)"
)


def aliases(norm: str) -> dict[str, tuple[int, str]]:
    """The short names the draft defines for laws: alias → (where the definition ends, the law's name)."""
    found: dict[str, tuple[int, str]] = {}
    if "이하" not in norm:
        return found
    for m in _ALIAS.finditer(norm):
        alias = (m.group("q") or m.group("b") or "").strip()
        if not alias or alias.startswith(("같은", "동법", "이 사건")) or not alias.endswith(_LAW_SUFFIXES):
            continue  # 같은 법 is read as an anaphora anyway; '이 사건 부동산' names no law
        named = _law_before(norm, m.start())
        if named is not None and named[1] != alias:
            found[alias] = (m.end(), named[1])
    return found


def defined_same_law(norm: str) -> tuple[int, str] | None:
    """The law a draft names "같은 법" itself ("주택임대차보호법(이하 ‘같은 법’이라 한다)", 2004다26133):
    (where the definition ends, the law). Every 같은 법 after it is that law, whatever law was named last."""
    if "이하" not in norm:
        return None
    for m in _ALIAS.finditer(norm):
        alias = re.sub(r"\s", "", m.group("q") or m.group("b") or "")
        if alias in ("같은법", "같은법률", "동법"):
            named = _law_before(norm, m.start())
            if named is not None:
                return m.end(), named[1]
    return None


_NOT_FIRST = frozenset({"같은", "해당", "상기", "본", "동", "위의", "그의", "이러한", "그러한"})


def _lead_ins(norm: str) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    for m in _LEAD_IN.finditer(norm):
        word = m.group("word")
        if word in NOT_LAWS or law_name(word) in _KNOWN_LAWS:
            continue  # a known name is a mention already
        start, name = _extend_spaced(norm, m.start("word"), word)
        first = norm[start : m.end("word")].split(" ", 1)[0]
        if name in _NOT_LEAD_IN or name in _LAW_SUFFIXES or first in _FREE_BEFORE or first in _NOT_FIRST:
            continue
        out.append((start, m.end(), name))
    return out


def _mentions(norm: str, defined: dict[str, tuple[int, str]]) -> list[tuple[int, int, str]]:
    """Law names written without an article ("변호사법은 …", a short name the draft defined: "주택임대차법은
    …"): they set the context for bare 제N조."""
    found = [(m.start(), m.end(), m.group()) for m in _KNOWN_MENTION.finditer(norm)]
    found += [(m.start(), m.end(), m.group(1).strip()) for m in _BRACKETED_LAW.finditer(norm)]
    found += _lead_ins(norm)
    # the name of a crime names its law: "폭력행위등처벌에관한법률위반의 점에 관하여 … 같은 법 제2조"
    found += [
        (m.start(1), m.end(1), m.group(1)) for m in _CRIME_NAME.finditer(norm) if m.group(1) not in NOT_LAWS
    ]
    for alias, (after, law) in defined.items():
        for m in re.finditer(re.escape(alias) + r"(?=[은는이가을를의에과와도 ,.)])", norm[after:]):
            found.append((after + m.start(), after + m.end(), law))
    found.sort()
    return found


def _law_before(norm: str, pos: int) -> tuple[int, str] | None:
    """The law named right before `pos` (a chain's first unit), as (start, name), or None.

    Walks back over: spaces, one parenthetical `(… 개정되기 전의 것)`, 시행령/시행규칙, then either
    「name」 or one Hangul word ending like a law, extended over spaced words when the joined name is
    known."""
    i = pos
    while i > 0 and norm[i - 1] in " \t":
        i -= 1
    if i > 0 and norm[i - 1] == ")":
        open_at = norm.rfind("(", max(0, i - 160), i - 1)
        if open_at < 0 or "\n" in norm[open_at:i]:
            return None
        i = open_at
        while i > 0 and norm[i - 1] in " \t":
            i -= 1
    sub = ""
    for suffix in _SUBORDINATE:
        if norm.endswith(suffix, max(0, i - len(suffix)), i):
            sub = suffix
            i -= len(suffix)
            while i > 0 and norm[i - 1] in " \t":
                i -= 1
            break
    if i > 0 and norm[i - 1] in "」』":
        open_at = norm.rfind("「" if norm[i - 1] == "」" else "『", max(0, i - 82), i - 1)
        if open_at < 0:
            return None
        name = norm[open_at + 1 : i - 1].strip()
        if not name or name in _LAW_SUFFIXES:
            return None
        return open_at, name + sub
    j = i
    while j > 0 and i - j < 40 and _is_word_char(norm[j - 1]):
        j -= 1
    word = norm[j:i]
    if sub and not word:
        return None
    if not word.endswith(_LAW_SUFFIXES) or word in NOT_LAWS or len(word) < 2:
        if sub and word:
            # 근로기준법 시행령 is "<law> 시행령"; a bare "시행령 제3조" is not a citation on its own.
            return None
        return None
    start, name = _extend_spaced(norm, j, word)
    if name in _LAW_SUFFIXES or name in ("특별법", "특례법"):
        return None  # "이 법률 제3조", "법 시행규칙": a bare 법률 is never a law's name
    if norm.endswith("구 ", max(0, start - 2), start) and (
        start - 2 == 0 or not _is_word_char(norm[start - 3])
    ):
        start -= 2
    return start, name + sub


def _is_word_char(ch: str) -> bool:
    return "가" <= ch <= "힣" or ch in MIDDLE_DOTS or (ch.isascii() and ch.isalnum())


def _bare_subject(word: str) -> bool:
    """ "등에관한법률" needs the words before it; "방문판매등에관한법률", written without spaces, is a whole
    name: the words before it are the sentence's ("형법 제347조 제1항의 사기죄와 방문판매등에관한법률")."""
    if not word.endswith("관한법률"):
        return False
    subject = word.removesuffix("관한법률").removesuffix("에").removesuffix("등")
    return len(subject) < 2


def _extend_spaced(norm: str, start: int, word: str) -> tuple[int, str]:
    """`보호법` preceded by `개인정보 ` is `개인정보보호법` when that is a known name; `… 등에 관한 법률`
    takes its preceding words up to a word that ends in a particle."""
    generic = word.startswith("관한") or word in ("법률", "법", "특별법", "특례법") or _bare_subject(word)
    if law_name(word) not in _KNOWN_ENDINGS and not generic:
        return start, word
    tokens: list[tuple[int, str]] = []
    i = start
    while len(tokens) < 7 and i > 1 and norm[i - 1] == " " and _is_word_char(norm[i - 2]):
        j = i - 1
        while j > 0 and i - 1 - j < 30 and _is_word_char(norm[j - 1]):
            j -= 1
        tokens.append((j, norm[j : i - 1]))
        i = j
    best = (start, word)
    joined = word
    for tok_start, tok in tokens:
        joined = tok + joined
        if law_name(joined) in _KNOWN_LAWS:
            best = (tok_start, joined)
    if best[0] != start or law_name(word) in _KNOWN_LAWS:
        return best
    # "협동조합 기본법": a word that only ends known names ("기본법") is no name alone; the spaced words
    # before it are part of it, as for "… 등에 관한 법률"
    generic = generic or tokens != []
    if generic:
        joined = word
        for tok_start, tok in tokens:
            if (tok.endswith(_PARTICLE_END) or tok in ("구",)) and not joined.startswith(("및", "등")):
                break
            joined = tok + joined
            best = (tok_start, joined)
    return best


@dataclass
class _Unit:
    level: int
    value: str
    start: int
    end: int


def _chain(norm: str, pos: int, *, no_je: bool = False) -> tuple[list[_Unit], int]:
    """Units from `pos` joined by connectors; returns them and where the chain ends. `no_je`: the chain
    started after a law's name without 제 ("형법 331조 2항"), and its units may leave 제 out too."""
    unit_re = _UNIT_NO_JE if no_je else _UNIT
    units: list[_Unit] = []
    end = pos
    while True:
        m = unit_re.match(norm, pos)
        if m is None:
            break
        if m.group(4):
            if not units or units[-1].level < 2:
                break  # 가목 only makes sense below a 호
            units.append(_Unit(3, m.group(4), m.start(), m.end()))
        else:
            value = m.group(1) + (f"-{m.group(3)}" if m.group(3) else "")
            units.append(_Unit(_LEVELS[m.group(2)], value, m.start(), m.end()))
        end = m.end()
        # "제2호 나목" continues without a connector; only then try "제15조나 제17조" (나 = or).
        bare = _SPACES_ONLY.match(norm, end)
        pos = bare.end() if bare else end
        if unit_re.match(norm, pos) is None:
            conn = _CONNECTOR.match(norm, end)
            pos = conn.end() if conn else end
    return units, end


def _leaves(
    units: list[_Unit], first_start: int, base: dict[int, str]
) -> list[tuple[int, int, dict[int, str]]]:
    """One (start, end, path) per leaf of a chain: a unit at the same or a higher level closes the last."""
    out: list[tuple[int, int, dict[int, str]]] = []
    path = dict(base)
    start = first_start
    last_level = -1
    last_end = first_start
    for u in units:
        if last_level >= 0 and u.level <= last_level:
            out.append((start, last_end, dict(path)))
            start = u.start
        path = {lvl: v for lvl, v in path.items() if lvl < u.level}
        path[u.level] = u.value
        last_level = u.level
        last_end = u.end
    if last_level >= 0:
        out.append((start, last_end, path))
    return out


def _pinpoint(path: dict[int, str]) -> Pinpoint | None:
    return pinpoint_or_none(Pinpoint(path.get(0), path.get(1), path.get(2), path.get(3)))


def _statutes(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    ctx = _Context()
    defined = aliases(norm)
    same_defined = defined_same_law(norm)
    mentions = _mentions(norm, defined)
    mention_i = 0
    pos = 0
    while True:
        m = _CHAIN_START.search(norm, pos)
        if m is None:
            break
        while mention_i < len(mentions) and mentions[mention_i][1] <= m.start():
            ctx.law, ctx.law_end = mentions[mention_i][2], mentions[mention_i][1]
            mention_i += 1
        start = m.start()
        law: str | None = None
        inferred = False
        base: dict[int, str] = {}
        problem: str | None = None
        same_law = _SAME_LAW.match(norm, start)
        same_article = _SAME_ARTICLE.match(norm, start)
        if same_article:
            law, base, problem = _same_unit(norm, ctx, same_article)
            first = _CONNECTOR.match(norm, same_article.end())
            units, end = _chain(norm, first.end() if first else same_article.end())
            if not units or units[0].level <= max(base, default=-1):
                # "같은 항에 따르면", "같은 조, 제5조": the anaphora alone names the unit
                units, end = [], same_article.end()
            end = max(end, same_article.end())
        elif same_law:
            law, problem = _same_law(norm, ctx, same_law, same_defined)
            nxt = re.compile(r"[ ]?").match(norm, same_law.end())
            units, end = _chain(norm, nxt.end() if nxt else same_law.end())
            if not units or units[0].level != 0:
                pos = same_law.end()
                continue
        elif norm[start].isdigit() and (no_je := _without_je(norm, start, defined)) is not None:
            start, law, units, end = no_je  # otherwise the branch below finds no 제 chain and moves on
        else:
            named = _law_before(norm, start)
            run = _RUN.match(norm, start)
            if run is None:
                pos = m.end()
                continue
            if (
                named is None
                and _UNIT.match(norm, start) is not None
                and norm.startswith("조", _unit_kind_at(norm, start))
            ):
                bare_law_ok = ctx.law is not None and _same_paragraph(norm, ctx.law_end, start)
                if not bare_law_ok and not _owned_by_other_document(norm, start):
                    # A bare article with no law in reach: one finding for the whole run, whatever its length.
                    hits.append(
                        Hit(
                            start,
                            run.end(),
                            Jurisdiction.KR,
                            Kind.STATUTE,
                            None,
                            "article cited without a law name",
                        )
                    )
                    pos = run.end()
                    continue
            units, end = _chain(norm, start)
            if not units:
                pos = m.end()
                continue
            if named is not None:
                start, law = named
                problem = FOREIGN_ACT if _FOREIGN.search(norm, max(0, start - 8), start) else None
                if law in defined and defined[law][0] <= start:
                    law = defined[law][1]
            elif _owned_by_other_document(norm, start):
                pos = end
                continue  # 이용약관 제7조, 정관 제5조: a clause of a contract or bylaws, not of a statute
            elif units[0].level == 0:
                law, inferred, problem = _carried_law(norm, ctx, start)
            elif units[0].level == 1:
                if (
                    ctx.article is not None
                    and ctx.article_law
                    and _same_paragraph(norm, ctx.article_end, start)
                ):
                    law, base = ctx.article_law, {0: ctx.article}
                else:
                    pos = end
                    continue  # a lone 제1항 with nothing to hang it on is not worth a finding
            if named is not None and units[0].level != 0:
                pos = end
                continue  # 법률 제4591호: a law's promulgation number, not an item
        if problem is not None:
            hits.append(Hit(start, end, Jurisdiction.KR, Kind.STATUTE, None, problem))
            pos = max(end, m.end())
            continue
        assert law is not None
        leaves = _leaves(units, start, base) if units else [(start, end, base)]
        for leaf_start, leaf_end, path in leaves:
            anchor = Anchor(key=_law_key(law), law=law_name(law), pinpoint=_pinpoint(path))
            hits.append(
                Hit(leaf_start, leaf_end, Jurisdiction.KR, Kind.STATUTE, anchor, law_inferred=inferred)
            )
            if 0 in path and not _is_cross_reference(norm, start):
                ctx.article, ctx.article_law, ctx.article_end = path[0], law, leaf_end
                ctx.path = dict(path)
        if not _is_cross_reference(norm, start):
            ctx.law, ctx.law_end = law, end
        pos = max(end, m.end())
    return hits


# "중화민국 민법 제1146조", "일본 민법 제709조": another country's act of the same name, not the Korean one
_FOREIGN = re.compile(
    r"(?:중화민국|대만|중국|일본|독일|프랑스|미국|영국|스위스|오스트리아|이탈리아|외국)(?:의)?\s?\Z"
)


# what may stand between a named citation and a bare 제N조 of the same list ("주택임대차보호법 제8조, 제3조",
# "민법 제103조 및 제104조", "제3조의2 제2항 또는 제8조")
_LISTED_AFTER = re.compile(r"[ ,·]*(?:및|또는|와|과|내지|이나|나)?[ ,·]*")


def _carried_law(norm: str, ctx: _Context, start: int) -> tuple[str | None, bool, str | None]:
    """(the act a bare 제N조 is read with, whether that act is inferred from another clause, the problem
    when there is none): the act named last in the same paragraph."""
    if ctx.law is None or not _same_paragraph(norm, ctx.law_end, start):
        return None, False, "article cited without a law name"
    return ctx.law, _LISTED_AFTER.fullmatch(norm, ctx.law_end, start) is None, None


def _same_law(
    norm: str, ctx: _Context, same_law: re.Match[str], same_defined: tuple[int, str] | None
) -> tuple[str | None, str | None]:
    """(the law 같은 법 / 동법 names, or the problem why none): the law the draft defined as 같은 법, else
    the law named last in the same paragraph."""
    sub = same_law.group(2) or ""
    start = same_law.start()
    if same_defined is not None and same_defined[0] <= start:
        return (_base_law(same_defined[1]) + sub if sub else same_defined[1]), None
    if ctx.law is None or not _same_block(norm, ctx.law_end, start):
        # a law named before a paragraph break is not "the same law": a wrong law is worse than none
        return None, "같은 법/동법 with no law named before it in the same paragraph"
    return (_base_law(ctx.law) + sub if sub else ctx.law), None


def _without_je(
    norm: str, start: int, defined: dict[str, tuple[int, str]]
) -> tuple[int, str, list[_Unit], int] | None:
    """ "형법 331조 2항": a chain with 제 left out, read only right after a law's name (never "5조 원"):
    (where the citation starts, its law, its units, where it ends)."""
    named = _law_before(norm, start)
    if named is None:
        return None
    units, end = _chain(norm, start, no_je=True)
    if not units or units[0].level != 0:
        return None
    law_start, law = named
    if law in defined and defined[law][0] <= law_start:
        law = defined[law][1]
    return law_start, law, units, end


# Words that may stand right before a bare 제N조 without making it somebody else's article.
_FREE_BEFORE = frozenset({"및", "또는", "위", "현행", "구", "각", "이", "그", "전", "후", "즉"})
_PARTICLE_ENDINGS = tuple("은는이가을를에의도와과로며고면서인및")


def _owned_by_other_document(norm: str, start: int) -> bool:
    """True when a bare chain hangs on a preceding noun that is not a law (약관, 정관, 계약서 …)."""
    if start < 2 or norm[start - 1] != " " or not _is_word_char(norm[start - 2]):
        return False
    j = start - 1
    while j > 0 and start - 1 - j < 20 and _is_word_char(norm[j - 1]):
        j -= 1
    word = norm[j : start - 1]
    return not (word in _FREE_BEFORE or word.endswith(_PARTICLE_ENDINGS) or word.isdigit())


def _is_cross_reference(norm: str, start: int) -> bool:
    """`(현행 제83조 제3항 참조)`: a pointer to the current numbering, which must not become the context
    that a following bare `제4항` hangs on."""
    return norm.endswith("(현행 ", max(0, start - 4), start) or norm.endswith(
        "(현행", max(0, start - 3), start
    )


def _unit_kind_at(norm: str, start: int) -> int:
    """Offset of the 조/항/호 letter of the unit at `start`."""
    m = _UNIT.match(norm, start)
    return m.start(2) if m is not None and m.group(2) else start


def _same_paragraph(norm: str, a: int, b: int) -> bool:
    """A bare 제N조 borrows its law only from the same paragraph (a line, in Korean judgments), or from the
    item before it in a list ("민법 제103조\n, \n\n 제104조", as 참조조문 are laid out)."""
    if not 0 <= b - a <= _CONTEXT_REACH:
        return False
    return "\n" not in norm[a:b] or _LIST_GAP.fullmatch(norm, a, b) is not None


def _same_block(norm: str, a: int, b: int) -> bool:
    """같은 법/같은 조 refer back only within one paragraph: no blank line between, and not too far."""
    return 0 <= b - a <= _CONTEXT_REACH and re.search(r"\n[ \t]*\n", norm[a:b]) is None


def _same_unit(norm: str, ctx: _Context, m: re.Match[str]) -> tuple[str | None, dict[int, str], str | None]:
    """(law, path, problem) of 같은 조/조문/항/호/조항 at `m`: the unit the last citation named, cut to the
    anaphora's level. A 같은 항 after a citation of a whole article has no paragraph to name: not checked,
    never a guess."""
    word = m.group("unit") or m.group("short")
    if (
        ctx.article is None
        or ctx.article_law is None
        or ctx.path is None
        or not _same_block(norm, ctx.article_end, m.start())
    ):
        return None, {}, f"같은 {word} with no unit cited before it in the same paragraph"
    depth = _SAME_DEPTH.get(word)
    path = dict(ctx.path) if depth is None else {k: v for k, v in ctx.path.items() if k <= depth}
    if depth is not None and depth not in path:
        return None, {}, f"같은 {word}: the citation before it names no {word}"
    return ctx.article_law, path, None


def _base_law(law: str) -> str:
    for suffix in _SUBORDINATE:
        if law.endswith(suffix):
            return law[: -len(suffix)].rstrip()
    return law


def _precedents(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    last: Hit | None = None
    for m in _PRECEDENT.finditer(norm):
        year = m.group("cy")
        if len(year) == 4 and year[:2] not in ("19", "20", "42", "43"):
            continue  # 4280 is a 단기 year; 5123 is no year at all
        code = m.group("code")
        number = f"{year}{code}{m.group('cn')}"
        window_start = max(0, m.start() - 48, norm.rfind("\n", max(0, m.start() - 48), m.start()) + 1)
        pre = _BEFORE_CASE.search(norm, window_start, m.start())
        start = m.start()
        court = date = None
        if pre is not None and pre.start() < pre.end():
            court = pre.group("court")
            date = iso_date(pre.group("y"), pre.group("m"), pre.group("d")) if pre.group("y") else None
            start = pre.start()
        if (
            court is None
            and last is not None
            and last.anchor is not None
            and _BETWEEN_CASES.fullmatch(norm, last.end, start)
        ):
            court = last.anchor.court  # "대법원 … 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결"
        dtype = m.group("dtype")
        if m.group("plenary") and dtype:
            dtype = "전원합의체 " + dtype
        constitutional = code.startswith("헌")
        kind = Kind.CONSTITUTIONAL_DECISION if constitutional else Kind.JUDGMENT
        key = ("kr:detc:" if constitutional else "kr:prec:") + number
        anchor = Anchor(key=key, number=number, date=date, court=court, decision_type=dtype)
        if not m.group("more"):
            hits.append(Hit(start, m.end(), Jurisdiction.KR, kind, anchor))
        else:
            # Merged cases share year and code: 2000므1257, 1264 is also 2000므1264. Each gets its own
            # citation so that both numbers are checked; the second spans just "1264".
            other = f"{m.group('cy')}{code}{m.group('more')}"
            second = replace(anchor, key=key.removesuffix(number) + other, number=other)
            hits.append(Hit(start, m.end("cn"), Jurisdiction.KR, kind, anchor))
            hits.append(Hit(m.start("more"), m.end("more"), Jurisdiction.KR, kind, second))
        last = hits[-1]
    return hits


def _not_checked(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    for m in _BAD_CASE.finditer(norm):
        group = "a" if m.group("a") else "b"
        hits.append(
            Hit(
                m.start(group),
                m.end(group),
                Jurisdiction.KR,
                Kind.JUDGMENT,
                None,
                "case number without its serial number (e.g. 2023다 instead of 2023다302036)",
            )
        )
    for m in _BAD_ARTICLE.finditer(norm):
        hits.append(Hit(m.start(), m.end(), Jurisdiction.KR, Kind.STATUTE, None, "article number is missing"))
    return hits

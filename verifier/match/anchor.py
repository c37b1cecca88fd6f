"""EXISTENCE level: does what the draft says of a source (number, date, court, parties) match what the
resolver returned?

A real signature attached to a different case is a forgery, not a typo: a different date, court or set of
parties is a hard mismatch (🔴). Cosmetic differences are not: "II CSK 123/19" ≡ "II CSK 123/19." ≡
"IICSK123/19", "96다47951" ≡ "1996다 47951", "SN" ≡ "Sąd Najwyższy", "12 marca 2019 r." ≡ "2019-03-12".
Anonymised parties ("A. R.", "(...)") are never a mismatch: the database hides names, the draft may not.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from verifier.model import Anchor, Jurisdiction, Kind, SourceDocument
from verifier.text import normalize

PARTY_HARD = 0.30
PARTY_SOFT = 0.50
DANGI_OFFSET = 2333  # 단기 year − 2333 = AD year (단기 4294 = 1961)


@dataclass(frozen=True, slots=True)
class AnchorIssue:
    """One difference between the draft's anchor and the resolved source."""

    field: str  # "number" | "date" | "court" | "parties" | "law"
    claimed: str
    resolved: str
    detail: str = ""  # e.g. "jaccard 0.25"

    def describe(self, lang: str) -> str:
        template = _ISSUE_TEXT.get(lang, _ISSUE_TEXT["en"])[self.field]
        return template.format(claimed=self.claimed, resolved=self.resolved, detail=self.detail)


_ISSUE_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "number": "the draft cites {claimed}, the source is {resolved}",
        "date": "the draft dates it {claimed}, the source is dated {resolved}",
        "court": "the draft names the court {claimed}, the source is from {resolved}",
        "parties": "the draft names the parties {claimed}, the source's parties are {resolved} ({detail})",
        "law": "the draft names the act {claimed}, the source is {resolved}",
    },
    "pl": {
        "number": "projekt powołuje {claimed}, źródło to {resolved}",
        "date": "projekt podaje datę {claimed}, źródło ma datę {resolved}",
        "court": "projekt wskazuje sąd {claimed}, źródło pochodzi z {resolved}",
        "parties": "projekt wskazuje strony {claimed}, strony w źródle to {resolved} ({detail})",
        "law": "projekt wskazuje akt {claimed}, źródło to {resolved}",
    },
    "ko": {
        "number": "초안의 사건번호는 {claimed}이나, 원문의 사건번호는 {resolved}입니다",
        "date": "초안의 선고일은 {claimed}이나, 원문의 선고일은 {resolved}입니다",
        "court": "초안의 법원은 {claimed}이나, 원문의 법원은 {resolved}입니다",
        "parties": "초안의 당사자는 {claimed}이나, 원문의 당사자는 {resolved}입니다 ({detail})",
        "law": "초안의 법령명은 {claimed}이나, 원문의 법령명은 {resolved}입니다",
    },
}


@dataclass(frozen=True, slots=True)
class AnchorResult:
    hard: tuple[AnchorIssue, ...] = ()
    soft: tuple[AnchorIssue, ...] = ()
    checked: tuple[str, ...] = ()  # fields compared (both sides present)

    @property
    def ok(self) -> bool:
        return not self.hard


# --- signatures and case numbers -------------------------------------------------------------------

_SIGNATURE_PREFIX = re.compile(r"^\s*(?:sygn\.?\s*akt|sygn\.?|sygnatura|case|sprawa|사건번호)\s*:?\s*", re.I)
# the year is never followed by a dot (that is a date: "2015. 7. 23. 선고"), the code is never a word
# of the citation around it
_KR_CASE = re.compile(r"(?<!\d)(\d{4}|\d{2})(?![\d.])\s*-?\s*([가-힣]{1,4})\s*-?\s*(\d+)")
_KR_NOT_CODES = frozenset({"선고", "판결", "결정", "자", "일", "년", "월", "호", "조", "항"})


def normalize_signature(s: str) -> str:
    """A signature / case number / CELEX / ECLI for comparison: case, dashes and quotes folded, the
    "sygn. akt" prefix, dots and spaces removed. "II CSK 123/19." → "iicsk123/19"."""
    if not s.strip():
        raise ValueError("an empty signature cannot be compared")
    text = normalize(_SIGNATURE_PREFIX.sub("", unicodedata.normalize("NFKC", s))).text
    return re.sub(r"[\s.]", "", text)


def normalize_kr_case_number(s: str) -> str:
    """A Korean case number in law.go.kr's form: no spaces or hyphens, 2-digit years before 2000 and
    단기 years converted. "1996 다 47951" → "96다47951", "4294민상123" → "61민상123",
    "2015다-200111" → "2015다200111"."""
    m = next(
        (m for m in _KR_CASE.finditer(unicodedata.normalize("NFKC", s)) if m.group(2) not in _KR_NOT_CODES),
        None,
    )
    if m is None:
        raise ValueError(f"not a Korean case number (year, case code, serial): {s!r}")
    year_text, code, serial = m.groups()
    year = int(year_text)
    if len(year_text) == 4:
        if year >= 4000:
            year -= DANGI_OFFSET
        year_text = f"{year % 100:02d}" if year < 2000 else str(year)
    return f"{year_text}{code}{int(serial)}"


_EU_CASE = re.compile(r"^(?:case\s+)?([CTF])\s*[-\u2010-\u2015]\s*(\d{1,4})\s*/\s*(\d{2}|\d{4})$", re.I)
_EU_CELEX_CASE = re.compile(r"^6(\d{4})([CTF])[A-Z](\d{4})$", re.I)
_ECLI = re.compile(r"^ECLI:", re.I)


def eu_case_key(number: str) -> str | None:
    """A CJEU/General Court case in one form whichever way it is written: "C-300/21", "Case C‑300/21" and
    its judgment's CELEX "62021CJ0300" are all "C-300/2021". None when it is neither."""
    text = unicodedata.normalize("NFKC", number).strip()
    m = _EU_CASE.match(text)
    if m is not None:
        court, serial, year_text = m.group(1).upper(), int(m.group(2)), m.group(3)
        year = int(year_text)
        if len(year_text) == 2:
            year += 1900 if year >= 54 else 2000  # the Court began in 1954
        return f"{court}-{serial}/{year}"
    m = _EU_CELEX_CASE.match(text)
    if m is not None:
        return f"{m.group(2).upper()}-{int(m.group(3))}/{int(m.group(1))}"
    return None


def _comparable_numbers(claimed: str, resolved: SourceDocument) -> tuple[str, str] | None:
    """The two numbers in one form, or None when they are different kinds of identifier (an ECLI and a
    CELEX cannot be compared without a lookup; the resolver was asked for the one the draft gave)."""
    assert resolved.number is not None
    if resolved.jurisdiction is Jurisdiction.EU:
        a, b = eu_case_key(claimed), eu_case_key(resolved.number)
        if a is not None and b is not None:
            return a, b
        if (a is None) != (b is None) or bool(_ECLI.match(claimed)) != bool(_ECLI.match(resolved.number)):
            return None
    return _number_key(claimed, resolved), _number_key(resolved.number, resolved)


def _number_key(number: str, resolved: SourceDocument) -> str:
    korean = resolved.jurisdiction is Jurisdiction.KR or re.search(r"[가-힣]", number) is not None
    if korean and resolved.kind is not Kind.STATUTE:
        try:
            return normalize_kr_case_number(number)
        except ValueError:
            pass
    return normalize_signature(number)


# --- dates ----------------------------------------------------------------------------------------

_PL_MONTHS = {
    "stycz": 1,
    "lut": 2,
    "mar": 3,
    "kwie": 4,
    "maj": 5,
    "maja": 5,
    "czerw": 6,
    "lip": 7,
    "sierp": 8,
    "wrze": 9,
    "paź": 10,
    "październik": 10,
    "listopad": 11,
    "grud": 12,
}
_EN_MONTHS = {
    m: i
    for i, m in enumerate(
        (
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ),
        start=1,
    )
}


def _month(word: str) -> int | None:
    w = word.casefold().rstrip(".")
    if w in _EN_MONTHS:
        return _EN_MONTHS[w]
    if len(w) >= 3:
        for full, number in _EN_MONTHS.items():
            if full.startswith(w):
                return number
    for prefix, number in sorted(_PL_MONTHS.items(), key=lambda kv: -len(kv[0])):
        if w.startswith(prefix):
            return number
    return None


_DATE_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{4})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일"), "ymd"),
    (re.compile(r"(\d{4})\s*\.\s*(\d{1,2})\s*\.\s*(\d{1,2})\.?"), "ymd"),
    (re.compile(r"(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})"), "dmy"),
    (re.compile(r"(\d{1,2})\s+([^\W\d_]{3,})\.?\s+(\d{4})"), "d-month-y"),
    (re.compile(r"([^\W\d_]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})"), "month-d-y"),
)


def parse_date(s: str) -> datetime.date | None:
    """A date as Polish, Korean, EU and ISO texts write it: 12.03.2019, 12 marca 2019 r., 2019-03-12,
    2019. 3. 12., 2019년 3월 12일, 16 July 2020, July 16, 2020. None when there is none or it is invalid."""
    text = unicodedata.normalize("NFKC", s)
    for pattern, order in _DATE_PATTERNS:
        m = pattern.search(text)
        if m is None:
            continue
        a, b, c = m.groups()
        month: int | None
        if order == "ymd":
            year, month, day = int(a), int(b), int(c)
        elif order == "dmy":
            day, month, year = int(a), int(b), int(c)
        elif order == "d-month-y":
            day, month, year = int(a), _month(b), int(c)
        else:
            month, day, year = _month(a), int(b), int(c)
        if month is None:
            continue
        try:
            return datetime.date(year, month, day)
        except ValueError:
            return None
    return None


# --- courts ---------------------------------------------------------------------------------------

_COURT_ABBREVIATIONS = {
    "sn": "sąd najwyższy",
    "nsa": "naczelny sąd administracyjny",
    "wsa": "wojewódzki sąd administracyjny",
    "tk": "trybunał konstytucyjny",
    "sa": "sąd apelacyjny",
    "so": "sąd okręgowy",
    "sr": "sąd rejonowy",
    "tsue": "trybunał sprawiedliwości unii europejskiej",
    "cjeu": "court of justice of the european union",
    "ecj": "court of justice of the european union",
    "etsi": "trybunał sprawiedliwości unii europejskiej",
    "대법": "대법원",
    "헌재": "헌법재판소",
}
_KR_COURT_SUFFIXES = (("고법", "고등법원"), ("지법", "지방법원"), ("행법", "행정법원"), ("가법", "가정법원"))

# The kind of court, whatever the case of the noun: "Sądu Najwyższego" is the SN.
_COURT_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("NSA", re.compile(r"naczeln\w* s[aą]d\w* administr")),
    ("WSA", re.compile(r"wojew[oó]dzk\w* s[aą]d\w* administr")),
    ("SN", re.compile(r"s[aą]d\w* najwy[zż]sz|supreme court of poland")),
    ("TK", re.compile(r"trybuna\w* konstytuc|constitutional tribunal")),
    ("SA", re.compile(r"s[aą]d\w* apelac|court of appeal")),
    ("SO", re.compile(r"s[aą]d\w* okr[eę]g|regional court")),
    ("SR", re.compile(r"s[aą]d\w* rejon|district court")),
    ("CJEU", re.compile(r"court of justice|trybuna\w* sprawiedliw")),
    ("GC", re.compile(r"general court|s[aą]d\w* unii europejsk")),
    ("KR-CC", re.compile(r"헌법재판소")),
    ("KR-SC", re.compile(r"대법원")),
    ("KR-HIGH", re.compile(r"고등법원")),
    ("KR-ADMIN", re.compile(r"행정법원")),
    ("KR-FAMILY", re.compile(r"가정법원")),
    ("KR-DIST", re.compile(r"지방법원")),
)
_PL_SEAT = re.compile(r"\bwe? ([^\W\d_]{3,})")
_KR_SEAT = re.compile(r"([가-힣]+?)(?:고등|지방|행정|가정)법원")


def expand_court(s: str) -> str:
    """The court's name with abbreviations written out, normalized: "SN" → "sąd najwyższy",
    "SA w Krakowie" → "sąd apelacyjny w krakowie", "TSUE"/"CJEU" → the Court of Justice, "헌재" →
    "헌법재판소", "서울고법" → "서울고등법원"."""
    text = normalize(s).text
    out = []
    for token in text.split():
        bare = token.strip(".,;:()")
        expanded = _COURT_ABBREVIATIONS.get(bare)
        if expanded is None:
            for short, full in _KR_COURT_SUFFIXES:
                if bare.endswith(short):
                    expanded = bare[: -len(short)] + full
                    break
        out.append(expanded if expanded is not None else token)
    return " ".join(out)


def court_kind(s: str) -> str | None:
    expanded = expand_court(s)
    for kind, pattern in _COURT_KINDS:
        if pattern.search(expanded):
            return kind
    return None


def _seat(expanded: str) -> str | None:
    m = _KR_SEAT.search(expanded) or _PL_SEAT.search(expanded)
    return m.group(1) if m is not None else None


def _same_word(a: str, b: str) -> bool:
    """Equal up to inflection: Kowalski/Kowalskiego, Krakowie/Kraków."""
    if a == b:
        return True
    shorter, longer = sorted((len(a), len(b)))
    prefix = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        prefix += 1
    if prefix == shorter >= 3 and longer - shorter <= 4:
        return True  # Jan/Jana, Kraków → Krakowa after the stem
    return shorter >= 4 and prefix >= max(4, shorter - 2)


def _compare_court(claimed: str, resolved: str) -> tuple[bool, bool]:
    """(hard mismatch, soft note)."""
    c_exp, r_exp = expand_court(claimed), expand_court(resolved)
    c_kind, r_kind = court_kind(claimed), court_kind(resolved)
    if c_kind and r_kind:
        if c_kind != r_kind:
            return True, False
        c_seat, r_seat = _seat(c_exp), _seat(r_exp)
        if c_seat and r_seat and not _same_word(c_seat, r_seat):
            return True, False  # an I ACa signature exists at every court of appeal: the seat decides
        return False, False
    c_words, r_words = set(c_exp.split()), set(r_exp.split())
    overlap = any(_same_word(a, b) for a in c_words for b in r_words)
    return False, not overlap


# --- parties --------------------------------------------------------------------------------------

_PARTY_STOP = frozenset(
    " ".join(
        (
            "przeciwko p-ko v v. vs vs. versus and & i oraz inni innym others other et al al.",
            "sp. sp z z o.o. o.o oo spółka spółki spółką spółce akcyjna akcyjnej akcyjną ograniczoną",
            "ograniczona ograniczonej odpowiedzialnością odpowiedzialności komandytowa komandytowo-akcyjna",
            "jawna partnerska s.a. sa s.k. sp.k. sp.j.",
            "s.c. gmbh ag ltd ltd. limited inc inc. plc llc corp corp. co co. company bv nv srl sarl kg ohg",
            "powód powódka pozwany pozwana wnioskodawca wnioskodawczyni uczestnik skarżący skarżąca",
            "applicant applicants defendant defendants claimant respondent appellant",
            "주식회사 (주) ㈜ 유한회사 유한책임회사 합자회사 원고 피고 상고인 피상고인 항소인 피항소인",
            "신청인 피신청인 외 등",
        )
    ).split()
)
_ANONYMISED = re.compile(r"\(\s*\.{2,}\s*\)|\[\s*\.{2,}\s*\]|\*{2,}|…|\bn\.\s?n\.")
_FOLD = str.maketrans("łŁ", "lL")


def _folded(word: str) -> str:
    """Without diacritics: "Spolka z ograniczona odpowiedzialnoscia" is the same legal form as "Spółka z
    ograniczoną odpowiedzialnością", as drafts typed without Polish letters write it."""
    decomposed = unicodedata.normalize("NFKD", word.translate(_FOLD))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_PARTY_STOP_FOLDED = frozenset(_folded(w) for w in _PARTY_STOP)


def party_tokens(parties: Iterable[str]) -> list[str]:
    """Carrier tokens of party names: legal forms, roles and initials (anonymisation) removed."""
    tokens: list[str] = []
    for party in parties:
        if _ANONYMISED.search(party):
            continue
        for raw in normalize(party).text.replace(",", " ").split():
            token = raw.strip('.,;:()"')
            if not token or raw in _PARTY_STOP or token in _PARTY_STOP or token + "." in _PARTY_STOP:
                continue
            if _folded(token) in _PARTY_STOP_FOLDED or _folded(token) + "." in _PARTY_STOP_FOLDED:
                continue
            if len(token) == 1 or re.fullmatch(r"(?:[^\W\d_]\.)+[^\W\d_]?\.?", raw):
                continue  # initials: A. R. is how the database anonymises a name
            tokens.append(token)
    return tokens


def party_jaccard(claimed: Iterable[str], resolved: Iterable[str]) -> float | None:
    """Jaccard of the carrier tokens, inflection-tolerant; None when either side has nothing to compare
    (anonymised or only legal forms), which is never a mismatch."""
    a = list(dict.fromkeys(party_tokens(claimed)))
    b = list(dict.fromkeys(party_tokens(resolved)))
    if not a or not b or len(set(a) | set(b)) < 2:
        return None
    unmatched = list(b)
    matched = 0
    for token in a:
        for other in unmatched:
            if _same_word(token, other):
                unmatched.remove(other)
                matched += 1
                break
    return matched / (len(a) + len(b) - matched)


_SIDES = re.compile(r"\s+(?:v\.?|vs\.?|versus|przeciwko|p-ko)\s+", re.IGNORECASE)
_QUALIFIERS: tuple[tuple[str, str], ...] = tuple(
    (stem, fields[0])
    for line in (Path(__file__).resolve().parent.parent / "data" / "party-qualifiers.txt")
    .read_text(encoding="utf-8")
    .splitlines()
    if (fields := line.split("#", 1)[0].split())
    for stem in fields[1:]
)


def _country(token: str) -> str | None:
    folded = _folded(token)
    return next((code for stem, code in _QUALIFIERS if folded.startswith(stem)), None)


def _one_party(name: str) -> tuple[list[str], set[str]] | None:
    """A party's name core (its other words) and the countries its qualifiers name; None: anonymised."""
    tokens = party_tokens([name])
    if not tokens:
        return None
    countries = {code for token in tokens if (code := _country(token)) is not None}
    return [t for t in tokens if _country(t) is None], countries


def _fits(claimed: tuple[list[str], set[str]], resolved: tuple[list[str], set[str]]) -> bool:
    (c_core, c_countries), (r_core, r_countries) = claimed, resolved
    if c_countries and r_countries and not c_countries & r_countries:
        return False  # Deutsche Post is not Österreichische Post
    if not c_core or not r_core:
        return bool(c_countries & r_countries) or not (c_core or r_core)
    return any(_same_word(a, b) for a in c_core for b in r_core)


def party_not_in_case(claimed: Iterable[str], resolved: Iterable[str]) -> str | None:
    """A party the draft names, of two words or more, that fits none of the case's parties: its name core
    is another ("Google Ireland" where the case has "Facebook Ireland") or its country is ("Deutsche Post"
    for "Österreichische Post"). Pooling every party's words hid it: the shared "Data Protection
    Commissioner" and "Ireland" gave a Jaccard of 0.50. One word is too little to tell a shortened or
    translated name from another party (the seed's "Nowicka" / "Zieliński": soft, never hard). Only in
    place of a party of the case: when every party of the case is named too, the one more is one the
    database left out (SAOS often lists no Skarb Państwa), a soft note at most."""
    theirs = [p for name in resolved for side in _SIDES.split(name) if (p := _one_party(side)) is not None]
    if not theirs:
        return None
    ours = [(side.strip(), _one_party(side)) for name in claimed for side in _SIDES.split(name)]
    named = [party for _, party in ours if party is not None]
    if all(any(_fits(party, other) for party in named) for other in theirs):
        return None  # every party of the case is there: a party more is one the database did not list
    for side, party in ours:
        if party is None or len(party[0]) + len(party[1]) < 2:
            continue
        if not any(_fits(party, other) for other in theirs):
            return side
    return None


def party_band(claimed: Iterable[str], resolved: Iterable[str], score: float) -> str:
    """ "hard" (another case's parties: Jaccard below 0.30), "soft" (0.30–0.50: a person confirms) or "match".
    One name on each side that differ is too little to call a forgery ("Nowicka" / "Zieliński": a surname
    the draft shortened, a party the database lists first): soft, never hard."""
    if score < PARTY_HARD:
        single = len(set(party_tokens(claimed))) == 1 and len(set(party_tokens(resolved))) == 1
        return "soft" if single else "hard"
    return "soft" if score < PARTY_SOFT else "match"


# --- the comparison -------------------------------------------------------------------------------


def compare_anchor(claimed: Anchor, resolved: SourceDocument) -> AnchorResult:
    """Compare what the draft asserts about a source with the source the resolver returned."""
    hard: list[AnchorIssue] = []
    soft: list[AnchorIssue] = []
    checked: list[str] = []

    if claimed.number and resolved.number:
        pair = _comparable_numbers(claimed.number, resolved)
        if pair is not None:
            checked.append("number")
            if pair[0] != pair[1]:
                hard.append(AnchorIssue("number", claimed.number, resolved.number))

    if claimed.date and resolved.date:
        c_date, r_date = parse_date(claimed.date), parse_date(resolved.date)
        if c_date is not None and r_date is not None:
            checked.append("date")
            if c_date != r_date:
                hard.append(AnchorIssue("date", c_date.isoformat(), r_date.isoformat()))

    if claimed.court and resolved.court:
        checked.append("court")
        is_hard, is_soft = _compare_court(claimed.court, resolved.court)
        if is_hard:
            hard.append(AnchorIssue("court", claimed.court, resolved.court))
        elif is_soft:
            soft.append(AnchorIssue("court", claimed.court, resolved.court))

    if claimed.parties and resolved.parties:
        score = party_jaccard(claimed.parties, resolved.parties)
        if score is not None:
            checked.append("parties")
            issue = AnchorIssue(
                "parties", "; ".join(claimed.parties), "; ".join(resolved.parties), f"jaccard {score:.2f}"
            )
            band = party_band(claimed.parties, resolved.parties, score)
            stranger = None if band == "hard" else party_not_in_case(claimed.parties, resolved.parties)
            if stranger is not None:
                band = "hard"
                issue = AnchorIssue(
                    "parties",
                    "; ".join(claimed.parties),
                    "; ".join(resolved.parties),
                    f"jaccard {score:.2f}; {stranger}",
                )
            if band == "hard":
                hard.append(issue)
            elif band == "soft":
                soft.append(issue)

    if claimed.law and resolved.kind is Kind.STATUTE and resolved.jurisdiction is Jurisdiction.KR:
        checked.append("law")
        c_law = re.sub(r"\s", "", normalize(claimed.law).text)
        r_law = re.sub(r"\s", "", normalize(resolved.title).text)
        if c_law not in r_law and r_law not in c_law:
            soft.append(AnchorIssue("law", claimed.law, resolved.title))

    return AnchorResult(hard=tuple(hard), soft=tuple(soft), checked=tuple(checked))


__all__ = [
    "AnchorIssue",
    "AnchorResult",
    "compare_anchor",
    "court_kind",
    "eu_case_key",
    "expand_court",
    "normalize_kr_case_number",
    "normalize_signature",
    "parse_date",
    "party_band",
    "party_jaccard",
    "party_not_in_case",
    "party_tokens",
]

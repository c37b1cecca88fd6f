"""Polish case signatures (II CSK 123/19, II SA/Wa 123/20, K 1/20, Ts 59/05) with the decision type, court,
date and parties written around them; the date patterns the statute references share."""

from __future__ import annotations

import re

from verifier.citations.common import (
    MONTH_NAMES,
    Hit,
    iso_date,
    month_number,
)
from verifier.model import Anchor, Jurisdiction, Kind

MONTHS = "|".join(sorted(MONTH_NAMES, key=len, reverse=True))
# month names in any case: "18 October 2006", "18 OCTOBER 2006", "18 października 2005"
DATE = (
    rf"(?P<d>\d{{1,2}}) ?(?:\. ?(?P<mo>\d{{1,2}}) ?\. ?|\s(?P<mon>(?i:{MONTHS}))\s)(?P<y>\d{{4}})"
    r"|(?P<iy>\d{4})-(?P<im>\d\d)-(?P<id>\d\d)"
)

SENTENCE_END = re.compile(r"(?<![A-Z]\.[A-Z])(?<!\b[a-z])[.;] (?=[A-ZŁŚŻŹĆ„])")
_SIGNATURE = re.compile(
    r"(?:(?P<dept>[IVX](?<![\w/.][IVX])[IVX]{0,4})\s(?P<rep>[A-Z][A-Za-z]{0,5}(?:/[A-ZŁŚ][a-zł]{1,2})?)"
    # the department glued to the repertory ("sygn. akt VIICa 66/05"): only right after "sygn. (akt)"
    r"|(?P<gdept>(?:(?<=sygn\. akt )|(?<=sygn\. )|(?<=sygn\. akt: ))[IVX]{1,5})"
    r"(?P<grep>A?C[a-z]{0,2}|[A-Z][a-z]{1,3})"
    r"|(?P<tk>SK|Kp|Ts|Tw|Pp|Kpt|K|P|U))"
    r"\s(?P<num>\d{1,6})/(?P<yr>\d{2}(?:\d{2})?)(?![\d/])"
)
_COURT = (
    r"SN|NSA|TK|WSA(?: we? [A-ZŁŚŻŹĆ]\w+)?|SA(?: we? [A-ZŁŚŻŹĆ]\w+)?|SO(?: we? [A-ZŁŚŻŹĆ]\w+)?"
    r"|SR(?: (?:w|we|dla) [\w-]+(?: w \w+)?)?"
    r"|Sąd\w* Najwyższ\w*|Naczeln\w* Sąd\w* Administracyjn\w*|Trybunał\w* Konstytucyjn\w*"
    r"|Wojewódzki\w* Sąd\w* Administracyjn\w*(?: we? [A-ZŁŚŻŹĆ]\w+)?"
    r"|Sąd\w* (?:Apelacyjn|Okręgow|Rejonow)\w*"
    r"(?: (?:w|we|dla) [A-ZŁŚŻŹĆ][\w-]*(?: [A-ZŁŚŻŹĆ][\w-]*)?(?: w [A-ZŁŚŻŹĆ]\w+)?)?"
)
_BEFORE_SIGNATURE = re.compile(
    r"(?P<dtype>[Ww]yrok\w*|[Pp]ostanowieni\w*|[Uu]chwa[łl]\w*|[Oo]rzeczeni\w*|[Dd]ecyzj\w*"
    r"|[Jj]udgment|[Dd]ecision|[Rr]esolution)?\s?"
    r"(?:(?:składu (?:siedmiu|pięciu|trzech) sędziów|pełnego składu|całej Izby|Izby \w+(?: \w+)?) )?"
    rf"(?P<court>{_COURT})?\s?"
    rf"(?:(?:z |of )?(?:dnia )?(?P<date>{DATE}) ?(?:r\.)?)?"
    r" ?(?P<sep>[,(])? ?(?P<sygn>sygn\. ?(?:akt ?)?:? ?)?\Z"
)
# "Sąd Apelacyjny w Krakowie w wyroku z …, III AUa 271/12": the court as the sentence's subject, right before
# the locative of the decision ("w wyroku", "w postanowieniu", "w uchwale"), is the decision's court
_COURT_BEFORE_LOCATIVE = re.compile(rf"(?<![\w-])(?P<court>{_COURT}),? we? \Z")
# "W wyroku z 19 lutego 2014 r., I ACa 927/13, Sąd Apelacyjny w Katowicach oddalił …": after a decision
# named in the locative, the court right after the signature is the sentence's subject and the decision's
# court — unless it opens another citation ("…, Sąd Najwyższy w wyroku z …")
_LOCATIVE = frozenset({"wyroku", "postanowieniu", "uchwale", "orzeczeniu"})
_COURT_AFTER = re.compile(rf"\)?,?[ ](?P<court>{_COURT})(?=[ ](?!w |we |z |dnia )[a-ząćęłńóśźż])")


def _court_follows(before_dtype: str, dtype_word: str) -> bool:
    return dtype_word.lower() in _LOCATIVE and before_dtype.endswith(("W ", "w "))


_PARTIES = re.compile(
    r"(?P<a>[A-ZŁŚŻŹĆ][\w.-]*(?: [A-ZŁŚŻŹĆ&][\w.-]*){0,4}) przeciwko "
    r"(?P<b>[A-ZŁŚŻŹĆ][\w-]*(?: (?:S\.A\.|sp\. ?z ?o\.o\.|[A-ZŁŚŻŹĆ&][\w-]*\.?)){0,5})"
)


def date_from(m: re.Match[str]) -> str | None:
    if m.group("iy"):
        return iso_date(m.group("iy"), m.group("im"), m.group("id"))
    if m.group("y") is None:
        return None
    month = month_number(m.group("mon")) if m.group("mon") else m.group("mo")
    if month is None:
        return None
    return iso_date(m.group("y"), month, m.group("d"))


_DTYPE_STEMS = (
    ("wyrok", "wyrok"),
    ("postanowieni", "postanowienie"),
    ("uchwał", "uchwała"),
    ("uchwal", "uchwała"),  # "w uchwale"
    ("orzeczeni", "orzeczenie"),
    ("decyzj", "decyzja"),
    ("judgment", "wyrok"),
    ("decision", "postanowienie"),
    ("resolution", "uchwała"),
)


def signatures(norm: str) -> list[Hit]:
    hits: list[Hit] = []
    for m in _SIGNATURE.finditer(norm):
        if m.group("tk") and m.start() > 0 and (norm[m.start() - 1].isalnum() or norm[m.start() - 1] in "/."):
            continue
        if m.group("tk"):
            signature = f"{m.group('tk')} {m.group('num')}/{m.group('yr')}"
        elif m.group("gdept"):
            signature = f"{m.group('gdept')} {m.group('grep')} {m.group('num')}/{m.group('yr')}"
        else:
            signature = f"{m.group('dept')} {m.group('rep')} {m.group('num')}/{m.group('yr')}"
        start, end = m.start(), m.end()
        window_start = max(0, start - 140, norm.rfind("\n\n", max(0, start - 140), start) + 1)
        window = norm[window_start:start]
        pre = _before_signature(window)
        dtype = court = date = None
        if pre is not None and any(pre.group(g) for g in ("dtype", "court", "date", "sygn")):
            dtype_word = pre.group("dtype")
            if dtype_word:
                low = dtype_word.lower()
                dtype = next((v for k, v in _DTYPE_STEMS if low.startswith(k)), None)
            court = pre.group("court")
            date = date_from(pre) if pre.group("date") else None
            first = next(pre.start(g) for g in ("dtype", "court", "date", "sygn") if pre.group(g))
            polish_word = dtype_word is not None and dtype_word[0].lower() in "wpuo"
            if court is None and polish_word and first == pre.start("dtype"):
                subject = _COURT_BEFORE_LOCATIVE.search(window, 0, first)
                if subject is not None:
                    court = subject.group("court")
                elif dtype_word is not None and _court_follows(window[:first], dtype_word):
                    after = _COURT_AFTER.match(norm, end)
                    court = after.group("court") if after is not None else None
            start = window_start + first
            if pre.group("sep") == "(" and norm.startswith(")", end):
                end += 1
        elif m.group("tk") and not re.search(r"(?:sygn\.|TK|Trybunał\w*|Tribunal)[^.\n]{0,80}\Z", window):
            # K 1/20 with nothing around it that says Constitutional Tribunal is too weak to report.
            continue
        if (m.group("tk") and court is None) or (court and ("TK" in court or "Trybunał" in court)):
            kind = Kind.CONSTITUTIONAL_DECISION
        else:
            kind = Kind.JUDGMENT
        parties = _parties_near(norm, m.start(), m.end())
        anchor = Anchor(
            key=f"pl:case:{signature}",
            number=signature,
            date=date,
            court=court,
            parties=parties,
            decision_type=dtype,
        )
        hits.append(Hit(start, end, Jurisdiction.PL, kind, anchor))
    return hits


# Where the words before a signature may start; trying only these keeps the anchored match cheap.
_PRE_START = re.compile(
    r"[WwPpUuOoDd](?:yrok|ostanowieni|chwał|chwal|rzeczeni|ecyzj)|[Jj]udgment|[Dd]ecision|[Rr]esolution"
    r"|S[NAOR]\b|NSA|TK|WSA|Sąd|Naczeln|Trybunał|Wojewódzk|z |dnia|(?<![\d/])\d{1,2}[. ]|(?<!\d)\d{4}-|sygn"
)


_ENDS_WITH_SIGNATURE = re.compile(r"/\d{2}(?:\d{2})?[ ,;(]*\Z")


def _before_signature(window: str) -> re.Match[str] | None:
    if _ENDS_WITH_SIGNATURE.search(window, max(0, len(window) - 12)):
        return None  # the previous item of a list of signatures: nothing of this one's own precedes it
    for cand in _PRE_START.finditer(window):
        m = _BEFORE_SIGNATURE.match(window, cand.start())
        if m is not None:
            return m
    return None


def _parties_near(norm: str, start: int, end: int) -> tuple[str, ...]:
    # Bounded searches: an unbounded rfind per signature would make a long line quadratic.
    lo = max(0, start - 250, norm.rfind("\n", max(0, start - 250), start) + 1)
    nl = norm.find("\n", end, end + 150)
    hi = min(len(norm), end + 150, nl if nl >= 0 else len(norm))
    if "przeciwko" not in norm[lo:hi]:
        return ()
    # Parties belong to the sentence of the signature: stop at the sentence ends around it.
    for b in SENTENCE_END.finditer(norm, lo, start):
        lo = b.end()
    after = SENTENCE_END.search(norm, end, hi)
    if after is not None:
        hi = after.start() + 1
    best: tuple[int, tuple[str, ...]] | None = None
    for p in _PARTIES.finditer(norm, lo, hi):
        distance = min(abs(p.start() - end), abs(start - p.end()))
        candidate = (p.group("a").strip(), p.group("b").strip().rstrip(",;"))
        if best is None or distance < best[0]:
            best = (distance, candidate)
    return best[1] if best else ()

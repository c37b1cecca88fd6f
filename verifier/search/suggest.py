"""Suggestions for a 🔴/⛔ finding, computed without being asked and never applied without a click.

    statute_suggestions(law_document, claim_text, law_name=…, citation=…, cited=path, ai_hits=(…))
        -> list[Suggestion]: the articles/paragraphs of the cited law that say what the draft claims — the
        law's own text ranked by overlap with the claim, with a bonus where law.go.kr's aiSearch agrees
    case_lookup(anchor, jurisdiction) -> CaseLookup | None    the identifier-only search for the decisions a
        wrong case number may have meant: same court, same day, same year and case type ("2015두")
    defined_names(draft_text, parties) -> frozenset[str]    the names a draft defines or uses as parties
    draft_words(claim_text, citation, names) -> list[str]   topic words of a claim for a search the user asks
        for: outside quotes and the citation, never a name of the draft

A suggestion is a pointer for the reviewer ("did you mean 제17조 제1항?"), never evidence: the scores only
order candidates, and a candidate the cited unit already beats is not proposed.

What may leave the machine without being asked (CONTRACT §3): identifiers only. The statute suggestions
rank the law's own stored text here; `case_lookup` sends the court, the date and the year and case type of
the cited number. Words of the draft are sent only by a search the user sees and submits (`draft_words`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from verifier.model import Anchor, SourceDocument, SourceUnit
from verifier.search.results import Hit

MIN_SCORE = 0.3  # cosine of character pairs (claim vs unit) below which a unit says something else
AI_BONUS = 0.1  # law.go.kr's semantic search agreeing on the article is worth this much
NEAR_BEST = 0.85  # propose only units close to the best one: a suggestion list is not a reading list
_STOP_KO = frozenset(
    {
        *("대법원", "판결", "결정", "선고", "사건", "참조", "취지", "경우", "것으로", "있다", "한다"),
        *("하였다",),
        *("것이다", "이는", "또한", "따라", "의하면", "규정", "같은", "동법", "본조", "해당", "위반", "이유"),
        *("판시", "하여", "대하여", "관한", "있는", "없는", "그러나", "있어"),
    }
)
_STOP_PL = frozenset(
    {
        "oraz",
        "przez",
        "jest",
        "który",
        "która",
        "które",
        "tego",
        "tej",
        "się",
        "art",
        "ust",
        "pkt",
        "sąd",
        "wyroku",
        "uznał",
    }
)


@dataclass(frozen=True, slots=True)
class Suggestion:
    label: str  # "제17조 제1항"
    law: str
    reason: str  # "aiSearch" | "article text"
    score: float
    excerpt: str
    unit_path: tuple[tuple[str, str], ...] = ()


def _pairs(text: str) -> set[str]:
    squashed = re.sub(r"[\s\W_]+", "", text.casefold())
    return {squashed[i : i + 2] for i in range(len(squashed) - 1)}


def _without_citation(claim_text: str, citation: str | None) -> str:
    text = claim_text.replace(citation, " ") if citation else claim_text
    # Article references in the claim would make every unit that mentions "제17조" look relevant.
    return re.sub(r"제\s*\d+\s*조(의\s*\d+)?(\s*제\s*\d+\s*[항호])*", " ", text)


def _score(claim: set[str], unit_text: str) -> float:
    # Cosine over sets rather than containment: containment favours the longest articles (a list of
    # penalties contains every word of every claim).
    pairs = _pairs(unit_text)
    if not claim or not pairs:
        return 0.0
    return len(claim & pairs) / math.sqrt(len(claim) * len(pairs))


def _children(document: SourceDocument) -> dict[tuple[tuple[str, str], ...], list[SourceUnit]]:
    found: dict[tuple[tuple[str, str], ...], list[SourceUnit]] = {}
    for unit in document.units:
        if len(unit.path) > 1:
            found.setdefault(tuple(unit.path[:-1]), []).append(unit)
    return found


def _unit_score(claim: set[str], text: str, unit: SourceUnit, children: list[SourceUnit]) -> float:
    """The best of the unit as a whole and of its lead sentence with each one of its items: a claim usually
    restates the lead and one item (제15조 제1항 + 제1호), and the other six items would drown it."""
    best = _score(claim, text[unit.start : unit.end])
    inside = [c for c in children if unit.start <= c.start < unit.end]
    if inside:
        lead = text[unit.start : min(c.start for c in inside)]
        for child in inside:
            best = max(best, _score(claim, lead + text[child.start : child.end]))
    return best


def _ranked_units(document: SourceDocument) -> list[SourceUnit]:
    # Articles and paragraphs: a paragraph is what a lawyer cites; items are too small to stand alone.
    return [u for u in document.units if 1 <= len(u.path) <= 2 and u.path[0][0] == "article"]


def statute_suggestions(
    document: SourceDocument | None,
    claim_text: str,
    *,
    law_name: str,
    citation: str | None = None,
    cited: Sequence[tuple[str, str]] = (),
    ai_hits: Iterable[Hit] = (),
    limit: int = 3,
) -> list[Suggestion]:
    """`cited` is the path of the unit the draft cites (("article", "15"), ("paragraph", "1")): it is never
    proposed, and a unit must score clearly above it. With the law's text, its articles and paragraphs are
    ranked (those aiSearch also names get a bonus); without it, aiSearch's articles are used as they are."""
    claim = _pairs(_without_citation(claim_text, citation))
    cited_article = dict(cited).get("article")
    squashed_law = re.sub(r"\s+", "", law_name)
    ai = [h for h in ai_hits if re.sub(r"\s+", "", h.meta.get("법령명", "")) == squashed_law]
    if document is None:
        # Without the text, law.go.kr's own ranking is the best order there is; scores only filter.
        candidates = _from_ai_search(claim, ai, law_name, cited_article)
        return [c for c in candidates if c.score - AI_BONUS >= MIN_SCORE][:limit]
    ai_articles = {h.meta.get("조문", "") for h in ai} - {""}
    candidates, cited_score = _from_text(claim, document, law_name, tuple(cited), ai_articles)
    candidates.sort(key=lambda s: -s.score)
    if not candidates:
        return []
    floor = max(MIN_SCORE, cited_score + 0.1, candidates[0].score * NEAR_BEST)
    return _most_precise(candidates, floor)[:limit]


def _from_text(
    claim: set[str],
    document: SourceDocument,
    law_name: str,
    cited_path: tuple[tuple[str, str], ...],
    ai_articles: set[str],
) -> tuple[list[Suggestion], float]:
    """Every unit of the law scored against the claim, and the score of the unit the draft cites."""
    cited_article = dict(cited_path).get("article")
    candidates: list[Suggestion] = []
    cited_score = 0.0
    children = _children(document)
    for unit in _ranked_units(document):
        text = document.text[unit.start : unit.end]
        score = _unit_score(claim, document.text, unit, children.get(tuple(unit.path), []))
        if tuple(unit.path) == cited_path or (len(unit.path) == 1 and unit.path[0][1] == cited_article):
            cited_score = max(cited_score, score)
            continue
        bonus = AI_BONUS if unit.path[0][1] in ai_articles else 0.0
        reason = "aiSearch + article text" if bonus else "article text"
        candidates.append(
            Suggestion(unit.label, law_name, reason, round(score + bonus, 3), text[:200], tuple(unit.path))
        )
    return candidates, cited_score


def _from_ai_search(
    claim: set[str], ai: list[Hit], law_name: str, cited_article: str | None
) -> list[Suggestion]:
    candidates: list[Suggestion] = []
    for hit in ai:
        article = hit.meta.get("조문", "")
        if not article or article == cited_article:
            continue
        score = _score(claim, hit.meta.get("조문내용", hit.snippet)) + AI_BONUS
        label = hit.number or article
        candidates.append(
            Suggestion(
                label, law_name, "aiSearch", round(score, 3), hit.snippet[:200], (("article", article),)
            )
        )
    return candidates


def _most_precise(candidates: list[Suggestion], floor: float) -> list[Suggestion]:
    """The best-scoring units at or above `floor`; a paragraph replaces its own article (the more precise
    pointer is the useful one)."""
    chosen: list[Suggestion] = []
    for suggestion in candidates:
        if suggestion.score < floor:
            break
        mine = dict(suggestion.unit_path).get("article")
        same = [c for c in chosen if dict(c.unit_path).get("article") == mine]
        if any(len(c.unit_path) >= len(suggestion.unit_path) for c in same):
            continue
        chosen = [c for c in chosen if c not in same]
        chosen.append(suggestion)
    return chosen


def topic_words(claim_text: str, citation: str | None, *, limit: int = 4) -> list[str]:
    text = claim_text.replace(citation, " ") if citation else claim_text
    text = re.sub(r"\d+[가-힣]{1,3}\d+|\d{4}\.\s*\d{1,2}\.\s*\d{1,2}\.?|[IVX]+\s+\w+\s+\d+/\d+", " ", text)
    words = re.findall(r"[가-힣]{2,}|(?<!\w)[a-zà-žąćęłńóśźż][A-Za-zÀ-žąćęłńóśźżĄĆĘŁŃÓŚŹŻ]{3,}", text)
    seen: list[str] = []
    for word in words:
        # Korean particles glued to a noun: keep the noun (손해배상책임을 → 손해배상책임).
        base = re.sub(r"(은|는|이|가|을|를|의|에|에서|으로|로|와|과|도|만|에게|이다|하여|한다)$", "", word)
        # Korean predicates (판시하였다, 인정한다) end in 다; they say what the court did, not about what.
        if len(base) < 2 or base in _STOP_KO or base.casefold() in _STOP_PL or re.search(r"[가-힣]다$", base):
            continue
        if base not in seen:
            seen.append(base)
    return sorted(seen, key=len, reverse=True)[:limit]


_PARTICLES = re.compile(r"(은|는|이|가|을|를|의|에|에서|에게|으로|로|와|과|도|만|이다|이라|라)$")
_QUOTED = re.compile(
    r"\"[^\"\n]*\"|“[^”\n]*”|„[^”“\"\n]*[”“\"]|«[^»\n]*»|「[^」\n]*」|『[^』\n]*』|‘[^’\n]*’|(?<!\w)'[^'\n]*'(?!\w)"
)
_OPEN_Q, _CLOSE_Q = "\"“„«「『‘'", "\"”“»」』’'"
_NAME = rf"[{_OPEN_Q}]\s*([^{_CLOSE_Q}\n]{{1,60}}?)\s*[{_CLOSE_Q}]"
# Where a draft says "this is a name": definitions, company forms, party roles.
_NAMING = (
    re.compile(rf"\(\s*이하\s*{_NAME}"),
    re.compile(rf"\(\s*(?:hereinafter|the)\s*[:,]?\s*{_NAME}", re.I),
    re.compile(rf"\(\s*dalej\s*[:\-–]?\s*{_NAME}", re.I),
    re.compile(rf"zwan\w*\s+dalej\s*{_NAME}", re.I),
    re.compile(r"(?:주식회사|유한회사|합자회사|합명회사|㈜|\(주\))\s*([가-힣A-Za-z]{2,20})"),
    # "삼성전자 주식회사", but not the object before it ("정보를 주식회사 …").
    re.compile(r"([가-힣A-Za-z]{2,20})(?<![을를은는의에])\s*(?:주식회사|유한회사|㈜|\(주\))"),
    re.compile(
        r"(?:원고|피고|신청인|피신청인|청구인|피청구인|대표이사|이사|감사|대표자|채권자|채무자)\s+([가-힣]{2,5})"
    ),
    # "퀵소트팩스의 대표이사": only an organisation has one.
    re.compile(r"([가-힣A-Za-z]{2,20})의\s*(?:대표이사|대표자|임원|직원|이사회|주주|최대주주)"),
    re.compile(
        r"((?:[A-ZĄĆĘŁŃÓŚŹŻ][\w'’-]+\s+){0,3}[A-ZĄĆĘŁŃÓŚŹŻ][\w'’-]+)\s+"
        r"(?:sp\.\s*z\s*o\.\s*o\.|S\.A\.|sp\.\s*k\.|Ltd|GmbH|Inc|LLC|plc|SE|AG)(?![\w])"
    ),
)
# A capitalised word inside a sentence is a name (Latin scripts): "… z Vantablorn S.A., którą …".
_CAPITALISED = re.compile(r"(?<=[\w,;:)\]–-] )[A-ZĄĆĘŁŃÓŚŹŻÀ-Þ][\w'’-]{2,}")


def without_quotes(text: str) -> str:
    return _QUOTED.sub(" ", text)


def _base(word: str) -> str:
    return _PARTICLES.sub("", word) if re.fullmatch(r"[가-힣]+", word) and len(word) > 2 else word


def defined_names(draft_text: str, parties: Iterable[str] = ()) -> frozenset[str]:
    """The names the draft gives (parties, companies, people, defined terms), each word on its own and
    casefolded: what a search the user asks for must never carry."""
    names: set[str] = set()
    phrases = [*parties]
    for pattern in _NAMING:
        phrases += [m.group(1) for m in pattern.finditer(draft_text)]
    phrases += [m.group(0) for m in _CAPITALISED.finditer(draft_text)]
    for phrase in phrases:
        for word in re.findall(r"[\w'’-]{2,}", phrase):
            names.add(_base(word).casefold())
    return frozenset(names)


def draft_words(claim_text: str, citation: str | None, names: Iterable[str], *, limit: int = 4) -> list[str]:
    """Topic words for a search with words of the draft, which runs only when the user submits it: the claim
    without its citation and its quotes (a quote may carry anything), and without any name of the draft."""
    banned = {n.casefold() for n in names}

    def named(word: str) -> bool:
        folded = _base(word).casefold()
        return any(folded == n or (len(n) >= 2 and (n in folded or folded in n)) for n in banned)

    text = claim_text.replace(citation, " ") if citation else claim_text
    words = topic_words(without_quotes(text), None, limit=50)
    return [w for w in words if not named(w)][:limit]


@dataclass(frozen=True, slots=True)
class CaseLookup:
    """An identifier-only search for the decisions a wrong case number may have meant."""

    collection: str  # "prec" (law.go.kr) or "saos"
    query: str  # "2015두": the year and case type of the cited number (Korea); "" for SAOS
    court: str  # as cited ("대법원", "SN"); "" when the citation names none
    date: str  # ISO day of the decision as cited
    repertory: str  # "두", "CSK": hits of the same case type come first


_KR_NUMBER = re.compile(r"(\d{4})\s*([가-힣]{1,3})\s*\d+")
_PL_NUMBER = re.compile(r"^[IVXL]+\s+([A-Za-zżź]{1,6})\s+\d+/\d{2,4}")


def case_lookup(anchor: Anchor, jurisdiction: str) -> CaseLookup | None:
    """None when the citation gives too little to look anything up by identifiers (no date)."""
    if not anchor.date or not anchor.number:
        return None
    if jurisdiction == "kr":
        m = _KR_NUMBER.search(anchor.number)
        if m is None:
            return None
        return CaseLookup("prec", m.group(1) + m.group(2), anchor.court or "", anchor.date, m.group(2))
    if jurisdiction == "pl":
        m = _PL_NUMBER.match(anchor.number.strip())
        return CaseLookup("saos", "", anchor.court or "", anchor.date, m.group(1) if m else "")
    return None

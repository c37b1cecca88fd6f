"""Suggestions for a 🔴/⛔ finding, computed without being asked and never applied without a click.

    statute_suggestions(text_of_law, claim_text, cited=None, ai_hits=(), limit=3) -> list[Suggestion]
        the articles/paragraphs of the cited law that say what the draft claims: aiSearch hits for the law
        first (law.go.kr's own semantic search), then the law's own text ranked by word overlap
    case_query(anchor, claim_text) -> CaseQuery          what to search for a case the draft got wrong:
        its parties, its date and its topic words (the citation itself removed)

A suggestion is a pointer for the reviewer ("did you mean 제17조 제1항?"), never evidence: the scores only
order candidates, and a candidate the cited unit already beats is not proposed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from verifier.model import Anchor, SourceDocument, SourceUnit
from verifier.search.results import Hit

MIN_SCORE = 0.3  # share of the claim's character pairs a unit must contain to be worth proposing
_STOP_KO = frozenset(
    {
        *("대법원", "판결", "결정", "선고", "사건", "참조", "취지", "경우", "것으로", "있다", "한다"),
        *("하였다",),
        *("것이다", "이는", "또한", "따라", "의하면", "규정", "같은", "동법", "본조", "해당", "위반", "이유"),
        *("판시", "하여", "대하여", "관한", "있는", "없는", "그러나", "있어"),
    }
)
_STOP_PL = frozenset(
    {"oraz", "przez", "jest", "który", "która", "które", "tego", "tej", "się", "art", "ust", "pkt", "sąd"}
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
    if not claim:
        return 0.0
    return len(claim & _pairs(unit_text)) / len(claim)


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
    proposed, and a unit must score above it to be proposed."""
    claim = _pairs(_without_citation(claim_text, citation))
    cited_article = dict(cited).get("article")
    out: list[Suggestion] = []
    squashed_law = re.sub(r"\s+", "", law_name)
    for hit in ai_hits:
        if re.sub(r"\s+", "", hit.meta.get("법령명", "")) != squashed_law:
            continue
        article = hit.meta.get("조문", "")
        if not article or article == cited_article:
            continue
        label = hit.number or article
        out.append(
            Suggestion(
                label=label,
                law=law_name,
                reason="aiSearch",
                score=_score(claim, hit.meta.get("조문내용", hit.snippet)),
                excerpt=hit.snippet[:200],
                unit_path=(("article", article),),
            )
        )
    if document is not None:
        cited_score = 0.0
        scored: list[tuple[float, SourceUnit]] = []
        for unit in _ranked_units(document):
            text = document.text[unit.start : unit.end]
            score = _score(claim, text)
            if cited and tuple(unit.path) == tuple(cited):
                cited_score = score
                continue
            scored.append((score, unit))
        scored.sort(key=lambda pair: (-pair[0], len(pair[1].path) == 1))
        for score, unit in scored:
            if score < max(MIN_SCORE, cited_score + 0.05):
                break
            if cited_article and unit.path[0][1] == cited_article and len(unit.path) == 1:
                continue  # the whole cited article is no news
            out.append(
                Suggestion(
                    label=unit.label,
                    law=law_name,
                    reason="article text",
                    score=round(score, 3),
                    excerpt=document.text[unit.start : unit.end][:200],
                    unit_path=tuple(unit.path),
                )
            )
    chosen: list[Suggestion] = []
    for suggestion in sorted(out, key=lambda s: (s.reason != "aiSearch", -s.score)):
        mine = dict(suggestion.unit_path).get("article")
        same = [c for c in chosen if c.label == suggestion.label or dict(c.unit_path).get("article") == mine]
        if any(c.label == suggestion.label or len(c.unit_path) >= len(suggestion.unit_path) for c in same):
            continue
        # A paragraph replaces its own article: the more precise pointer is the useful one.
        chosen = [c for c in chosen if c not in same]
        chosen.append(suggestion)
    unique = chosen
    return unique[:limit]


@dataclass(frozen=True, slots=True)
class CaseQuery:
    words: str  # topic words, for a full-text search
    parties: tuple[str, ...]
    date: str | None
    court: str | None


def topic_words(claim_text: str, citation: str | None, *, limit: int = 4) -> list[str]:
    text = claim_text.replace(citation, " ") if citation else claim_text
    text = re.sub(r"\d+[가-힣]{1,3}\d+|\d{4}\.\s*\d{1,2}\.\s*\d{1,2}\.?|[IVX]+\s+\w+\s+\d+/\d+", " ", text)
    words = re.findall(r"[가-힣]{2,}|[A-Za-zÀ-žąćęłńóśźżĄĆĘŁŃÓŚŹŻ]{4,}", text)
    seen: list[str] = []
    for word in words:
        # Korean particles glued to a noun: keep the noun (손해배상책임을 → 손해배상책임).
        base = re.sub(r"(은|는|이|가|을|를|의|에|에서|으로|로|와|과|도|만|에게|이다|하여|한다)$", "", word)
        if len(base) < 2 or base in _STOP_KO or base.casefold() in _STOP_PL:
            continue
        if base not in seen:
            seen.append(base)
    return sorted(seen, key=len, reverse=True)[:limit]


def case_query(anchor: Anchor, claim_text: str, citation: str | None = None) -> CaseQuery:
    return CaseQuery(
        words=" ".join(topic_words(claim_text, citation)),
        parties=tuple(p for p in anchor.parties if p.strip()),
        date=anchor.date,
        court=anchor.court,
    )

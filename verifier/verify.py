"""verify_claim: one claim of a draft against what its resolver returned → one Finding.

The order is the gradient's: EXISTENCE (the anchor matches the source, the pinpoint exists), then CONTENT
(the source carries the claim), then FRAGMENT (the quoted words are there). Failing to obtain the source is
⛔ no_source, never 🔴: only the source itself can contradict a draft.
"""

from __future__ import annotations

import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass

from verifier.gradient import Decision, decide, no_source, not_checked, rationale
from verifier.match.anchor import compare_anchor
from verifier.match.content import LANGUAGES as CONTENT_LANGUAGES
from verifier.match.content import ContentResult, content_coverage
from verifier.match.fragment import FragmentResult, FragmentStatus, find_quote
from verifier.model import (
    Claim,
    Finding,
    Found,
    Jurisdiction,
    Kind,
    Level,
    MatchEvidence,
    Misconfigured,
    NotFound,
    Pinpoint,
    Resolution,
    SourceDocument,
    SourceRef,
    SourceUnit,
    Status,
    Unavailable,
)
from verifier.text import Normalized, normalize

_CACHE_SIZE = 32
_cache: OrderedDict[bytes, Normalized] = OrderedDict()
_by_identity: dict[int, tuple[str, Normalized]] = {}
_SUMMARY_CHARS = 160
# below this share of the claim's terms in the headnote, and without CONTENT in the full text, the case is
# about something else (a single shared word such as 위반 is not a shared topic)
_TOPIC_OVERLAP = 0.3
_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})
_PRECEDENT_KINDS = frozenset({Kind.JUDGMENT, Kind.CONSTITUTIONAL_DECISION, Kind.EU_CASE})
_SUBSTANTIVE = frozenset({"verbatim_quote", "pinpoint", "court_holding", "paraphrase"})
_POLISH_LETTERS = re.compile(r"[ąćęłńóśźż]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def normalized_source(text: str) -> Normalized:
    """The normalized text of a source, computed once per distinct text (LRU keyed by sha256), so a
    hundred claims against one judgment normalize it once."""
    hit = _by_identity.get(id(text))
    if hit is not None and hit[0] is text:
        return hit[1]
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    found = _cache.get(key)
    if found is None:
        found = normalize(text)
        _cache[key] = found
        while len(_cache) > _CACHE_SIZE:
            _, evicted = _cache.popitem(last=False)
            _by_identity.pop(id(evicted.original), None)
    else:
        _cache.move_to_end(key)
    _by_identity[id(text)] = (text, found)
    return found


def clear_cache() -> None:
    _cache.clear()
    _by_identity.clear()


# --- pinpoints ------------------------------------------------------------------------------------

_LEVELS = ("article", "paragraph", "item", "subitem")


def _wanted(pinpoint: Pinpoint) -> list[tuple[str, str]]:
    values = (pinpoint.article, pinpoint.paragraph, pinpoint.item, pinpoint.subitem)
    return [(name, value) for name, value in zip(_LEVELS, values, strict=True) if value is not None]


def _unit_matching(units: tuple[SourceUnit, ...], wanted: list[tuple[str, str]]) -> SourceUnit | None:
    target = tuple(wanted)
    for unit in units:
        if unit.path == target:
            return unit
    # "제15조 제2호" of an article with a single paragraph: the item sits under paragraph 1
    loose = [u for u in units if u.path[-1:] == target[-1:] and all(step in u.path for step in target)]
    return loose[0] if len(loose) == 1 else None


@dataclass(frozen=True, slots=True)
class _PinpointCheck:
    unit: SourceUnit | None
    missing: str | None  # "article" | "paragraph" | "item" | "subitem"
    article_unit: SourceUnit | None


def check_pinpoint(units: tuple[SourceUnit, ...], pinpoint: Pinpoint) -> _PinpointCheck:
    """The unit the pinpoint names, or the first level that does not exist."""
    wanted = _wanted(pinpoint)
    article = _unit_matching(units, wanted[:1]) if wanted else None
    for depth in range(1, len(wanted) + 1):
        unit = _unit_matching(units, wanted[:depth])
        if unit is None:
            return _PinpointCheck(None, wanted[depth - 1][0], article)
    return _PinpointCheck(_unit_matching(units, wanted), None, article)


def _unit_label(level: str, value: str, jurisdiction: Jurisdiction) -> str:
    if jurisdiction is Jurisdiction.KR:
        base, _, branch = value.partition("-")
        suffix = {"article": "조", "paragraph": "항", "item": "호", "subitem": "목"}[level]
        if level == "subitem":
            return f"{value}목"
        return f"제{base}{suffix}" + (f"의{branch}" if branch else "")
    if jurisdiction is Jurisdiction.PL:
        return {"article": f"art. {value}", "paragraph": f"§ {value}", "item": f"pkt {value}"}.get(
            level, f"lit. {value}"
        )
    return {"article": f"Article {value}", "paragraph": f"({value})", "item": f"({value})"}.get(
        level, f"({value})"
    )


def kr_statute_evidence(law: str, article: str) -> str:
    """The seed's statute evidence reference: law.go.kr/법령/<법령명>/<조>."""
    return f"law.go.kr/법령/{law}/{_unit_label('article', article, Jurisdiction.KR)}"


def kr_precedent_note(document: SourceDocument) -> str | None:
    """The seed's plain-language precedent note; never a constructed link."""
    serial = document.meta.get("판례일련번호") or document.meta.get("prec_id")
    if serial is None:
        m = re.search(r"(\d+)(?!.*\d)", document.id)
        serial = m.group(1) if m else None
    if serial is None:
        return None
    return f"law.go.kr 판례 검색 결과 ID {serial} (전문 제공 여부가 일정하지 않을 수 있습니다.)"


# --- languages ------------------------------------------------------------------------------------


def source_language(document: SourceDocument, draft_lang: str) -> str:
    if document.jurisdiction is Jurisdiction.KR:
        return "ko"
    if document.jurisdiction is Jurisdiction.PL:
        return "pl"
    declared = document.meta.get("lang") or document.meta.get("language")
    if declared in CONTENT_LANGUAGES:
        return declared
    sample = document.text[:20000]
    if _HANGUL.search(sample) and len(_HANGUL.findall(sample)) > len(sample) // 10:
        return "ko"
    if len(_POLISH_LETTERS.findall(sample.casefold())) > len(sample) // 200:
        return "pl"
    return "en"


def _draft_language(claim: Claim, lang: str) -> str:
    if lang in CONTENT_LANGUAGES:
        return lang
    text = claim.claim_text
    if _HANGUL.search(text):
        return "ko"
    return "pl" if _POLISH_LETTERS.search(text.casefold()) else "en"


# --- evidence -------------------------------------------------------------------------------------


def _shift(evidence: MatchEvidence, offset: int) -> MatchEvidence:
    if not offset:
        return evidence
    return MatchEvidence(
        start=evidence.start + offset,
        end=evidence.end + offset,
        excerpt=evidence.excerpt,
        similarity=evidence.similarity,
        diff=evidence.diff,
        rules=evidence.rules,
        segments=tuple((s + offset, e + offset) for s, e in evidence.segments),
    )


def _changes(diff: tuple[tuple[str, str], ...]) -> str:
    parts = []
    for op, words in diff:
        if op == "delete":
            parts.append(f"−{words}")
        elif op == "insert":
            parts.append(f"+{words}")
    return ", ".join(parts) or "—"


def _summary(document: SourceDocument) -> str:
    text = " ".join((document.summary or document.title).split())
    return text if len(text) <= _SUMMARY_CHARS else text[: _SUMMARY_CHARS - 1] + "…"


@dataclass
class _Outcome:
    decision: Decision
    match: MatchEvidence | None = None
    nearest: tuple[MatchEvidence, ...] = ()
    coverage: float | None = None
    notes: tuple[str, ...] = ()


def _levels(
    claim: Claim,
    document: SourceDocument,
    region: tuple[int, int] | None,
    *,
    lang: str,
    pinpointed: bool,
    korean_precedent: bool,
) -> _Outcome:
    """CONTENT and FRAGMENT inside the region (the pinpointed unit, or the whole text)."""
    required = claim.claim_type.required_level
    offset = region[0] if region else 0
    src = normalize(document.text[region[0] : region[1]]) if region else normalized_source(document.text)
    draft_lang = _draft_language(claim, lang)
    src_lang = source_language(document, draft_lang)
    notes: list[str] = []
    achieved = Level.EXISTENCE
    content: ContentResult | None = None
    fragment: FragmentResult | None = None
    values: dict[str, object] = {"summary": _summary(document)}

    if required >= Level.CONTENT and claim.claim_text.strip():
        if draft_lang == src_lang:
            content = content_coverage(claim.claim_text, src, lang=src_lang)
            values["pct"] = round(content.coverage * 100)
            values["missing"] = ", ".join(content.missing[:8]) or "—"
            if content.reached:
                achieved = Level.CONTENT
            if content.scattered:
                notes.append(rationale("scattered", lang, terms=", ".join(content.found[:8])))
        else:
            notes.append(rationale("cross_language", lang, draft=draft_lang, source=src_lang))

    if claim.quote and claim.quote.strip() and _has_words(claim.quote):
        fragment = find_quote(claim.quote, src)
        if fragment.found:
            achieved = Level.FRAGMENT
            values["start"] = (fragment.start or 0) + offset
            values["changes"] = _changes(fragment.diff)
        elif fragment.meaning_change is not None:
            closest = fragment.nearest[0]
            values["change"] = fragment.meaning_change
            values["changes"] = _changes(closest.diff)
            text = rationale("absent_meaning", lang, **values)
            return _Outcome(
                decision=decide(required, achieved, lang=lang, hard_block=text),
                nearest=tuple(_shift(n, offset) for n in fragment.nearest),
                coverage=content.coverage if content else None,
                notes=tuple(notes),
            )
    elif required is Level.FRAGMENT and pinpointed and achieved is Level.CONTENT:
        # a pinpoint thesis without a quote: the named unit itself carries the claim
        achieved = Level.FRAGMENT
        values["start"] = offset

    cross_language = content is None and required >= Level.CONTENT and draft_lang != src_lang
    if cross_language and achieved is Level.EXISTENCE:
        # words in one language cannot be counted in another: a person compares them, the tool does not
        # block; a quote that is not there verbatim is at best a translation, so it is calibrated
        status = Status.NEEDS_JUDGEMENT if required is Level.CONTENT else Status.CALIBRATION
        text = rationale("cross_language", lang, draft=draft_lang, source=src_lang)
        decision = Decision(status, text, required, Level.EXISTENCE)
        notes = [n for n in notes if n != text]
    else:
        key = None
        if korean_precedent and achieved is Level.CONTENT and required is Level.CONTENT:
            key = "precedent_check_text"
        modified = fragment is not None and fragment.status is FragmentStatus.MODIFIED
        decision = decide(required, achieved, lang=lang, modified=modified, rationale_key=key, values=values)

    match: MatchEvidence | None = None
    nearest: tuple[MatchEvidence, ...] = ()
    if fragment is not None and fragment.found:
        evidence = fragment.evidence()
        match = _shift(evidence, offset) if evidence else None
    elif content is not None and content.evidence() is not None:
        evidence = content.evidence()
        assert evidence is not None
        if decision.status in (Status.NEEDS_JUDGEMENT, Status.VERIFIED):
            match = _shift(evidence, offset)
        else:
            nearest = (_shift(evidence, offset),)
    if fragment is not None and not fragment.found:
        nearest = tuple(_shift(n, offset) for n in fragment.nearest) + nearest
    return _Outcome(
        decision=decision,
        match=match,
        nearest=nearest,
        coverage=content.coverage if content else None,
        notes=tuple(notes),
    )


def _has_words(text: str) -> bool:
    return any(c.isalnum() for c in text)


def verify_claim(claim: Claim, resolution: Resolution | None, *, finding_id: str, lang: str) -> Finding:
    """The verdict on one claim. `lang` is the draft's language (rationales are written in it)."""
    citation = claim.citation
    anchor = citation.anchor
    required = claim.claim_type.required_level
    source_ref: SourceRef | None = None
    supporting: list[str] = []
    suggestions: tuple[str, ...] = ()
    notes: list[str] = []
    outcome: _Outcome

    if citation.problem is not None or anchor is None:
        problem = citation.problem or "no anchor could be read from the citation"
        outcome = _Outcome(not_checked(problem, lang=lang, required=required))
    elif resolution is None:
        outcome = _Outcome(no_source("the source was not resolved", lang=lang, required=required))
    elif isinstance(resolution, Unavailable | Misconfigured):
        local = "local" in resolution.reason.casefold() or "lokal" in resolution.reason.casefold()
        outcome = _Outcome(no_source(resolution.reason, lang=lang, required=required, local_only=local))
        if lang == "ko":
            notes.append(resolution.reason)
    elif isinstance(resolution, NotFound):
        key = "not_found_law" if citation.kind in _STATUTE_KINDS else "not_found"
        text = rationale(key, lang, reason=resolution.reason)
        outcome = _Outcome(decide(required, Level.NONE, lang=lang, hard_block=text))
        suggestions = resolution.suggestions
    else:
        assert isinstance(resolution, Found)
        document = resolution.document
        source_ref = SourceRef(
            document.id, document.title, document.url, document.fetched_at, document.sha256
        )
        outcome, supporting = _verify_found(claim, document, lang=lang)

    decision = outcome.decision
    return Finding(
        id=finding_id,
        span=citation.span,
        citation=citation.text,
        jurisdiction=citation.jurisdiction,
        kind=citation.kind,
        claim_type=claim.claim_type,
        claim_text=claim.claim_text,
        quote=claim.quote,
        required_level=required,
        achieved_level=decision.achieved,
        status=decision.status,
        rationale=decision.rationale,
        supporting_urls=tuple(supporting),
        source=source_ref,
        match=outcome.match,
        origin=claim.origin,
        notes=tuple(notes) + outcome.notes,
        suggestions=suggestions,
        nearest=outcome.nearest if decision.status in (Status.CALIBRATION, Status.UNVERIFIED) else (),
        coverage=outcome.coverage,
        anchor_key=anchor.key if anchor is not None else None,
    )


def _verify_found(claim: Claim, document: SourceDocument, *, lang: str) -> tuple[_Outcome, list[str]]:
    anchor = claim.citation.anchor
    assert anchor is not None
    required = claim.claim_type.required_level
    supporting: list[str] = []
    notes: list[str] = []

    compared = compare_anchor(anchor, document)
    notes.extend(issue.describe(lang) for issue in compared.soft)
    if not compared.ok:
        issues = "; ".join(issue.describe(lang) for issue in compared.hard)
        text = rationale("anchor_mismatch", lang, issues=issues)
        return _Outcome(
            decide(required, Level.NONE, lang=lang, hard_block=text), notes=tuple(notes)
        ), supporting

    korean = document.jurisdiction is Jurisdiction.KR
    region: tuple[int, int] | None = None
    pinpoint = anchor.pinpoint
    pinpointed = False
    if pinpoint is not None and pinpoint.article is not None and document.kind in _STATUTE_KINDS:
        if korean:
            law = anchor.law or document.title
            supporting_url = kr_statute_evidence(law, pinpoint.article)
        else:
            supporting_url = document.url if document.url.startswith(("https://", "http://")) else ""
        if not document.units:
            notes.append(rationale("no_structure", lang))
        else:
            check = check_pinpoint(document.units, pinpoint)
            if check.unit is None:
                assert check.missing is not None
                value = (
                    dict(
                        zip(
                            _LEVELS,
                            (pinpoint.article, pinpoint.paragraph, pinpoint.item, pinpoint.subitem),
                            strict=True,
                        )
                    )[check.missing]
                    or ""
                )
                text = rationale(
                    f"{check.missing}_missing",
                    lang,
                    law=anchor.law or document.title,
                    unit=_unit_label(check.missing, value, document.jurisdiction),
                )
                if check.article_unit is not None and supporting_url:
                    supporting.append(supporting_url)  # the article was retrieved; only its part is missing
                outcome = _Outcome(
                    decide(required, Level.NONE, lang=lang, hard_block=text), notes=tuple(notes)
                )
                return outcome, supporting
            region = (check.unit.start, check.unit.end)
            pinpointed = True
        if supporting_url:
            supporting.append(supporting_url)
    elif korean and document.kind in _PRECEDENT_KINDS:
        note = kr_precedent_note(document)
        if note is not None:
            supporting.append(note)
    elif document.url.startswith(("https://", "http://")):
        supporting.append(document.url)  # a corpus or upload reference is not a link to offer

    korean_precedent = korean and document.kind in _PRECEDENT_KINDS
    if korean_precedent and document.summary and claim.claim_type.value in _SUBSTANTIVE:
        mismatch = _topic_mismatch(claim, document)
        if mismatch:
            text = rationale("precedent_topic_mismatch", lang, summary=_summary(document))
            outcome = _Outcome(
                decide(required, Level.EXISTENCE, lang=lang, hard_block=text), notes=tuple(notes)
            )
            return outcome, supporting

    if required is Level.EXISTENCE:
        key = "precedent_exists" if korean_precedent else None
        decision = decide(
            required, Level.EXISTENCE, lang=lang, rationale_key=key, values={"summary": _summary(document)}
        )
        return _Outcome(decision, notes=tuple(notes)), supporting

    outcome = _levels(
        claim, document, region, lang=lang, pinpointed=pinpointed, korean_precedent=korean_precedent
    )
    outcome.notes = tuple(notes) + outcome.notes
    return outcome, supporting


def _topic_mismatch(claim: Claim, document: SourceDocument) -> bool:
    """Protocol B, on the headnote (판시사항/판결요지) and then the full text rather than the title alone:
    clearly disjoint topics contradict the claim; any overlap leaves it to the later levels."""
    assert document.summary is not None
    if not _HANGUL.search(claim.claim_text):
        return False  # a claim in another language cannot be compared word for word: never a 🔴 here
    in_summary = content_coverage(claim.claim_text, document.summary, lang="ko")
    if not in_summary.terms or in_summary.coverage >= _TOPIC_OVERLAP:
        return False
    in_text = content_coverage(claim.claim_text, normalized_source(document.text), lang="ko")
    return not in_text.reached


__all__ = [
    "check_pinpoint",
    "clear_cache",
    "kr_precedent_note",
    "kr_statute_evidence",
    "normalized_source",
    "verify_claim",
]

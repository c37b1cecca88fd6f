"""verify_claim: one claim of a draft against what its resolver returned → one Finding.

The order is the gradient's: EXISTENCE (the anchor matches the source, the pinpoint exists), then CONTENT
(the source carries the claim), then FRAGMENT (the quoted words are there). Failing to obtain the source is
⛔ no_source, never 🔴: only the source itself can contradict a draft.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from verifier.citations.substance import claim_substance
from verifier.gradient import Decision, decide, no_source, not_checked, rationale
from verifier.match.anchor import compare_anchor
from verifier.match.content import LANGUAGES as CONTENT_LANGUAGES
from verifier.match.content import ContentResult, content_coverage
from verifier.match.fragment import FragmentResult, FragmentStatus, find_quote
from verifier.model import (
    Claim,
    ClaimType,
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
_cache_lock = threading.Lock()
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
    hundred claims against one judgment normalize it once — also when they arrive on parallel threads."""
    hit = _by_identity.get(id(text))
    if hit is not None and hit[0] is text:
        return hit[1]
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    with _cache_lock:  # one thread normalizes, the others wait for its result instead of redoing it
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


_SUBORDINATE = frozenset({"item", "subitem"})


def reading_spans(units: tuple[SourceUnit, ...], unit: SourceUnit) -> list[tuple[int, int]]:
    """The text a pinpointed unit is read with, as spans of the source in reading order.

    A 호 / pkt / point is not a sentence of its own: "2. 법률에 특별한 규정이 있거나 …
    불가피한 경우" only means something after its paragraph's lead-in ("개인정보처리자는 다음
    각 호의 어느 하나에 해당하는 경우에는 개인정보를 수집할 수 있으며 …"). So an item is read as the
    lead of its paragraph + the item, a 목 / lit. as the paragraph's lead + the item's lead + the subitem.
    Only the leads: the sibling items are not part of the unit, and a claim about 제1호 must not pass on
    the words of 제2호."""
    spans = [(unit.start, unit.end)]
    node = unit
    by_path = {u.path: u for u in units}
    while node.path and node.path[-1][0] in _SUBORDINATE and len(node.path) > 1:
        parent = by_path.get(node.path[:-1])
        if parent is None:
            break
        depth = len(parent.path) + 1
        children = [u.start for u in units if len(u.path) == depth and u.path[:-1] == parent.path]
        lead_end = min([parent.end, *children])
        if lead_end > parent.start:
            spans.insert(0, (parent.start, lead_end))
        node = parent
    return spans


class _Pieces:
    """Offsets in the text read for a claim (pieces of the source joined by newlines) → source offsets."""

    def __init__(self, text: str, spans: list[tuple[int, int]] | None) -> None:
        self.spans = spans if spans else [(0, len(text))]
        self.text = "\n".join(text[s:e] for s, e in self.spans)
        self.starts: list[int] = []
        position = 0
        for s, e in self.spans:
            self.starts.append(position)
            position += e - s + 1

    def to_source(self, position: int, *, end: bool = False) -> int:
        for (s, e), at in zip(reversed(self.spans), reversed(self.starts), strict=True):
            if position > at or (position == at and not end):
                return min(s + position - at, e)
        return self.spans[0][0]

    def shift(self, evidence: MatchEvidence) -> MatchEvidence:
        if self.spans == [(0, len(self.text))]:
            return evidence
        return MatchEvidence(
            start=self.to_source(evidence.start),
            end=self.to_source(evidence.end, end=True),
            excerpt=evidence.excerpt,
            similarity=evidence.similarity,
            diff=evidence.diff,
            rules=evidence.rules,
            segments=tuple((self.to_source(s), self.to_source(e, end=True)) for s, e in evidence.segments),
        )


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


def _content(claim: Claim, src: Normalized, lang: str) -> ContentResult:
    return content_coverage(claim_substance(claim), src, lang=lang)


def _levels(
    claim: Claim,
    document: SourceDocument,
    spans: list[tuple[int, int]] | None,
    *,
    lang: str,
    pinpointed: bool,
    korean_precedent: bool,
) -> _Outcome:
    """CONTENT and FRAGMENT inside the text read for the claim (the pinpointed unit with its leads, or the
    whole text)."""
    required = claim.claim_type.required_level
    pieces = _Pieces(document.text, spans)
    src = normalize(pieces.text) if spans else normalized_source(document.text)
    draft_lang = _draft_language(claim, lang)
    src_lang = source_language(document, draft_lang)
    notes: list[str] = []
    achieved = Level.EXISTENCE
    content: ContentResult | None = None
    fragment: FragmentResult | None = None
    values: dict[str, object] = {"summary": _summary(document)}

    if required >= Level.CONTENT and claim.claim_text.strip():
        if draft_lang == src_lang:
            content = _content(claim, src, src_lang)
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
            values["start"] = pieces.to_source(fragment.start or 0)
            values["changes"] = _changes(fragment.diff)
        elif fragment.meaning_change is not None:
            closest = fragment.nearest[0]
            values["change"] = fragment.meaning_change
            values["changes"] = _changes(closest.diff)
            text = rationale("absent_meaning", lang, **values)
            return _Outcome(
                decision=decide(required, achieved, lang=lang, hard_block=text),
                nearest=tuple(pieces.shift(n) for n in fragment.nearest),
                coverage=content.coverage if content else None,
                notes=tuple(notes),
            )
    elif required is Level.FRAGMENT and pinpointed and achieved is Level.CONTENT:
        # a pinpoint thesis without a quote: the named unit itself carries the claim
        achieved = Level.FRAGMENT
        values["start"] = pieces.to_source(0)

    cross_language = content is None and required >= Level.CONTENT and draft_lang != src_lang
    if cross_language and achieved is Level.EXISTENCE:
        # words in one language cannot be counted in another: a person compares them, the tool does not
        # block; a quote that is not there verbatim is at best a translation, so it is calibrated
        status = Status.NEEDS_JUDGEMENT if required is Level.CONTENT else Status.CALIBRATION
        text = rationale("cross_language", lang, draft=draft_lang, source=src_lang)
        decision = Decision(status, text, required, Level.EXISTENCE)
        notes = [n for n in notes if n != text]
    elif (
        content is not None
        and not content.terms
        and required is Level.CONTENT
        and achieved is Level.EXISTENCE
    ):
        # "Art. 58 k.c. stanowi tak samo.": nothing of its own to find in the source; its meaning lies in
        # the sentences around it, which a person reads — not a 🔴 for words the claim never had
        decision = Decision(Status.NEEDS_JUDGEMENT, rationale("no_terms", lang), required, Level.EXISTENCE)
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
        match = pieces.shift(evidence) if evidence else None
    elif content is not None and content.evidence() is not None:
        evidence = content.evidence()
        assert evidence is not None
        if decision.status in (Status.NEEDS_JUDGEMENT, Status.VERIFIED):
            match = pieces.shift(evidence)
        else:
            nearest = (pieces.shift(evidence),)
    if fragment is not None and not fragment.found:
        nearest = tuple(pieces.shift(n) for n in fragment.nearest) + nearest
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
        failed = no_source(
            resolution.reason, lang=lang, required=required, local_only=local, key=resolution.key
        )
        if lang == "ko" and not local:
            # the seed's Korean wording ("원문 조회 실패") says nothing of why, and the findings JSON has no
            # notes: the cause follows it, so a lawyer knows whether to retry or attach the document
            failed = replace(failed, rationale=f"{failed.rationale} ({resolution.reason})")
        outcome = _Outcome(failed)
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
    spans: list[tuple[int, int]] | None = None
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
            spans = reading_spans(document.units, check.unit)
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

    paragraph = case_paragraph(claim) if document.kind in _PRECEDENT_KINDS and document.units else None
    if paragraph is not None:
        outcome = _paragraph_levels(claim, document, paragraph, lang=lang, korean_precedent=korean_precedent)
    else:
        outcome = _levels(
            claim, document, spans, lang=lang, pinpointed=pinpointed, korean_precedent=korean_precedent
        )
    outcome.notes = tuple(notes) + outcome.notes
    return outcome, supporting


# a paragraph of a judgment named right after its citation: "C-300/21, para. 42", "pkt 3", "Rn. 12"
# (pages, "s. 12", cannot be found in a text without page breaks and are not checked)
_CASE_PARAGRAPH = re.compile(
    r"\s?[,(]?\s?(?:para\.|paras\.|paragraphs?|pkt|punkt|nb\.|Rn\.|Rz\.|§)\s?\[?(\d{1,4})\b", re.IGNORECASE
)
_FOUND = (Status.VERIFIED, Status.MODIFIED)


def case_paragraph(claim: Claim) -> str | None:
    """The paragraph a pinpoint claim names after a judgment's citation, if any."""
    if claim.claim_type is not ClaimType.PINPOINT:
        return None
    after = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= after <= len(claim.claim_text):
        return None
    m = _CASE_PARAGRAPH.match(claim.claim_text, after)
    return m.group(1) if m else None


def _paragraph_levels(
    claim: Claim, document: SourceDocument, paragraph: str, *, lang: str, korean_precedent: bool
) -> _Outcome:
    """A pinpoint into a judgment: the quote must be in the named paragraph. Found elsewhere in the same
    judgment it is real words at a wrong place: 🟠, correct the pinpoint (the seed's calibration)."""
    unit = next((u for u in document.units if u.path == (("paragraph", paragraph),)), None)
    if unit is not None:
        at_pinpoint = _levels(
            claim,
            document,
            [(unit.start, unit.end)],
            lang=lang,
            pinpointed=True,
            korean_precedent=korean_precedent,
        )
        if at_pinpoint.decision.status in _FOUND or not claim.quote:
            return at_pinpoint
    anywhere = _levels(claim, document, None, lang=lang, pinpointed=False, korean_precedent=korean_precedent)
    if anywhere.decision.status not in _FOUND or anywhere.match is None:
        return at_pinpoint if unit is not None else anywhere
    start = anywhere.match.start
    found = next(
        (u.path[-1][1] for u in document.units if len(u.path) == 1 and u.start <= start < u.end), None
    )
    key = "pinpoint_elsewhere" if found is not None else "pinpoint_missing"
    text = rationale(key, lang, unit=paragraph, found=found or "")
    required = claim.claim_type.required_level
    return _Outcome(
        decision=Decision(Status.CALIBRATION, text, required, Level.CONTENT),
        nearest=(anywhere.match,),
        coverage=anywhere.coverage,
        notes=anywhere.notes,
    )


def _mostly_korean(text: str) -> bool:
    hangul = len(_HANGUL.findall(text))
    latin = sum(1 for c in text if c.isascii() and c.isalpha())
    return hangul > 0 and hangul >= latin


def _topic_mismatch(claim: Claim, document: SourceDocument) -> bool:
    """Protocol B, on the headnote (판시사항/판결요지) and then the full text rather than the title alone:
    clearly disjoint topics contradict the claim; any overlap leaves it to the later levels."""
    assert document.summary is not None
    substance = claim_substance(claim)
    if not _mostly_korean(substance):
        # A claim in another language (an English memo on a Korean case) cannot be compared word for word
        # with a Korean headnote: never a 🔴 here; the Korean citation inside it does not make it Korean.
        return False
    in_summary = content_coverage(substance, document.summary, lang="ko")
    if not in_summary.terms or in_summary.coverage >= _TOPIC_OVERLAP:
        return False
    in_text = content_coverage(substance, normalized_source(document.text), lang="ko")
    return not in_text.reached


__all__ = [
    "case_paragraph",
    "check_pinpoint",
    "clear_cache",
    "kr_precedent_note",
    "kr_statute_evidence",
    "normalized_source",
    "reading_spans",
    "verify_claim",
]

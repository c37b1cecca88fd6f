"""The gradient: claim type → required level; achieved level → status (CONTRACT §2), with the rationale a
lawyer reads, in the draft's language.

The calibration rule: a claim stronger than its verification (a verbatim quote whose words are not there,
though the source is on topic) is not a lie and not a pass: 🟠, soften it. A claim that reaches no level
(the quote is absent, the terms are not in the source, the anchor contradicts the source) is 🔴. A source
that could not be fetched is ⛔, never 🔴: our failure is not the author's hallucination.

Korean rationales keep the wording of the Korean verifier protocol (korean-law-verifier seed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from verifier.model import REQUIRED_LEVEL, ClaimType, Level, Status

LANGS = ("en", "pl", "ko")

# The Polish seed's claim-type names, accepted wherever ours are.
SEED_CLAIM_TYPES: Mapping[str, ClaimType] = {
    "cytat_doslowny": ClaimType.VERBATIM_QUOTE,
    "teza_pinpoint": ClaimType.PINPOINT,
    "stanowisko_sadu": ClaimType.COURT_HOLDING,
    "parafraza": ClaimType.PARAPHRASE,
    "fakt_proceduralny": ClaimType.PROCEDURAL_FACT,
    "powolanie": ClaimType.BARE_CITATION,
}


def claim_type_from_name(name: str) -> ClaimType:
    """Our name (`verbatim_quote`) or the seed's (`cytat_doslowny`)."""
    key = name.strip().lower()
    if key in SEED_CLAIM_TYPES:
        return SEED_CLAIM_TYPES[key]
    try:
        return ClaimType(key)
    except ValueError:
        known = ", ".join([*SEED_CLAIM_TYPES, *(t.value for t in ClaimType)])
        raise ValueError(f"unknown claim_type {name!r}; expected one of: {known}") from None


def required_level(claim_type: ClaimType) -> Level:
    return REQUIRED_LEVEL[claim_type]


RATIONALES: Mapping[str, Mapping[str, str]] = {
    "verified_fragment": {
        "en": "The quoted words are in the source verbatim (character {start}).",
        "pl": "Cytat znaleziony dosłownie w źródle (znak {start}).",
        "ko": "인용문이 원문에서 그대로 확인되었습니다.",
    },
    "modified": {
        "en": "The quote is in the source with small differences ({changes}); "
        "correct the quote to the source.",
        "pl": "Cytat jest w źródle z drobnymi różnicami ({changes}) - popraw cytat według źródła.",
        "ko": "인용문이 원문과 일부 다릅니다 ({changes}). 원문대로 수정하십시오.",
    },
    "verified_content": {
        "en": "The source contains the claim's words verbatim.",
        "pl": "Źródło zawiera tezę dosłownie.",
        "ko": "원문이 주장의 내용을 그대로 포함하고 있습니다.",
    },
    "needs_judgement": {
        "en": "Carrier terms {pct}% found in the source; a person must confirm the substance.",
        "pl": "Terminy {pct}% - potwierdź substancję.",
        "ko": "원문에서 주요 용어가 {pct}% 확인됩니다. 주장의 정확한 내용은 원문 확인을 권장합니다.",
    },
    "verified_existence": {
        "en": "The source exists and matches the citation.",
        "pl": "Kotwica zgodna ze źródłem.",
        "ko": "원문에서 인용이 확인되었습니다.",
    },
    "calibration": {
        "en": "The quoted words are not literally in the source, though its subject is: "
        "soften the claim to a paraphrase or mark the pinpoint provisional.",
        "pl": "Cytatu nie ma dosłownie w źródle, temat jest pokryty - "
        "złagodź do parafrazy lub oznacz pinpoint jako prowizoryczny.",
        "ko": "인용문이 원문에 그대로 있지는 않으나 주제는 일치합니다. 의역으로 완화하거나 인용 위치를 잠정 "
        "표시하십시오.",
    },
    "absent": {
        "en": "The quoted words are not in the source: likely invented. Blocked until corrected or removed.",
        "pl": "Brak w źródle - BLOKADA.",
        "ko": "인용문이 원문에서 확인되지 않습니다.",
    },
    "absent_meaning": {
        "en": "The source says something different ({change}): {changes}. Blocked until corrected.",
        "pl": "Źródło mówi co innego ({change}): {changes} - BLOKADA.",
        "ko": "원문의 내용과 다릅니다 ({change}): {changes}.",
    },
    "no_content": {
        "en": "The source does not carry the claim: only {pct}% of its terms are there (missing: {missing}). "
        "Likely a misstatement; blocked.",
        "pl": "Źródło nie potwierdza tezy: terminy {pct}% (brak: {missing}) - BLOKADA.",
        "ko": "원문에서 주장의 주요 용어를 확인할 수 없습니다 ({pct}%).",
    },
    "anchor_mismatch": {
        "en": "The citation does not match the source: {issues}. A real number attached to another case is "
        "a likely forgery; blocked.",
        "pl": "Rozbieżna kotwica: {issues} - możliwe fałszerstwo, BLOKADA.",
        "ko": "{issues}.",
    },
    "not_found": {
        "en": "The database reports no such source ({reason}): likely invented. Blocked.",
        "pl": "Baza nie zna takiego źródła ({reason}) - możliwe fałszerstwo, BLOKADA.",
        "ko": "해당 사건번호를 확인할 수 없습니다.",
    },
    "not_found_law": {
        "en": "The database reports no such act ({reason}): likely invented. Blocked.",
        "pl": "Baza nie zna takiego aktu ({reason}) - możliwe fałszerstwo, BLOKADA.",
        "ko": "법령을 식별하지 못했습니다.",
    },
    "article_missing": {
        "en": "{law} has no {unit}.",
        "pl": "W akcie {law} nie ma {unit}.",
        "ko": "{law}에 {unit}는 존재하지 않습니다.",
    },
    "paragraph_missing": {
        "en": "The article exists, but it has no paragraph {unit}.",
        "pl": "Artykuł istnieje, ale nie ma w nim jednostki {unit}.",
        "ko": "조문은 확인되지만, 해당 항은 존재하지 않습니다.",
    },
    "item_missing": {
        "en": "The article exists, but it has no item {unit}.",
        "pl": "Artykuł istnieje, ale nie ma w nim punktu {unit}.",
        "ko": "조문은 확인되지만, 해당 호는 존재하지 않습니다.",
    },
    "subitem_missing": {
        "en": "The article exists, but it has no subitem {unit}.",
        "pl": "Artykuł istnieje, ale nie ma w nim litery {unit}.",
        "ko": "조문은 확인되지만, 해당 목은 존재하지 않습니다.",
    },
    "precedent_exists": {
        "en": 'The case number is confirmed. (Headnote: "{summary}")',
        "pl": "Sygnatura potwierdzona. (Teza: „{summary}”)",
        "ko": '사건번호가 확인되었습니다. (판례 요지: "{summary}")',
    },
    "precedent_topic_mismatch": {
        "en": 'The case number is confirmed, but the case decides a different issue. (Headnote: "{summary}")',
        "pl": "Sygnatura się zgadza, ale sprawa dotyczy innego zagadnienia. (Teza: „{summary}”)",
        "ko": '사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다. (판례 요지: "{summary}")',
    },
    "precedent_check_text": {
        "en": "The case number is confirmed. Check the exact holding in the full text. "
        '(Headnote: "{summary}")',
        "pl": "Sygnatura potwierdzona. Dokładne stanowisko sądu sprawdź w pełnym tekście. "
        "(Teza: „{summary}”)",
        "ko": "사건번호는 확인됩니다. 판례의 정확한 판시 내용은 원문 확인을 권장합니다. "
        '(판례 요지: "{summary}")',
    },
    "no_source": {
        "en": "The source could not be obtained ({reason}). Attach the document to verify this citation.",
        "pl": "BRAK ŹRÓDŁA ({reason}) - dołącz dokument, aby zweryfikować powołanie.",
        "ko": "원문 조회 실패",
    },
    "local_only": {
        "en": "Local-only mode: {anchor} was not looked up outside this machine. "
        "Attach the document to verify this citation.",
        "pl": "Tryb lokalny: {anchor} nie był wyszukiwany poza tym komputerem - dołącz dokument, aby "
        "zweryfikować powołanie.",
        "ko": "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다.",
    },
    "scattered": {
        "en": "The terms are in the source but nowhere together ({terms}): check that the source says what "
        "the draft claims, not just the same words.",
        "pl": "Terminy są w źródle, ale rozproszone ({terms}) - sprawdź, czy źródło mówi to, co teza, "
        "a nie tylko tymi samymi słowami.",
        "ko": "주요 용어가 원문에 있으나 한곳에 모여 있지 않습니다 ({terms}). "
        "주장과 같은 취지인지 확인하십시오.",
    },
    "cross_language": {
        "en": "The draft ({draft}) and the source ({source}) are in different languages: the substance "
        "cannot be checked mechanically; a person must compare them.",
        "pl": "Projekt ({draft}) i źródło ({source}) są w różnych językach - treści nie da się sprawdzić "
        "mechanicznie, porównaj ręcznie.",
        "ko": "초안({draft})과 원문({source})의 언어가 달라 내용을 기계적으로 대조할 수 없습니다. "
        "직접 확인하십시오.",
    },
    "pinpoint_elsewhere": {
        "en": "The quoted words are in the judgment, but in paragraph {found}, not paragraph {unit}: correct "
        "the pinpoint.",
        "pl": "Cytat jest w orzeczeniu, ale w pkt {found}, nie w pkt {unit} - popraw pinpoint.",
        "ko": "인용문은 판결에 있으나 {unit} 단락이 아니라 {found} 단락에 있습니다. 인용 위치를 고치십시오.",
    },
    "pinpoint_missing": {
        "en": "The judgment has no paragraph {unit}, though the quoted words are in it: correct the "
        "pinpoint.",
        "pl": "Orzeczenie nie ma pkt {unit}, choć cytat w nim jest - popraw pinpoint.",
        "ko": "판결에 {unit} 단락은 없으나 인용문은 판결에 있습니다. 인용 위치를 고치십시오.",
    },
    "no_terms": {
        "en": "The sentence says nothing of its own beyond the citation that could be compared with the "
        "source: a person must read it with the sentences around it.",
        "pl": "Zdanie poza powołaniem nie zawiera treści do porównania ze źródłem - oceń je w kontekście.",
        "ko": "인용 외에 원문과 대조할 주장 내용이 없습니다. 앞뒤 문맥과 함께 직접 확인하십시오.",
    },
    "no_structure": {
        "en": "The source came without its article structure: the pinpoint was not checked, only the text.",
        "pl": "Źródło nie ma struktury jednostek - pinpoint nie został sprawdzony, tylko tekst.",
        "ko": "원문의 조문 구조를 확인할 수 없어 조·항·호는 대조하지 못했습니다.",
    },
    "not_checked": {
        "en": "This looks like a citation but could not be parsed: {problem}.",
        "pl": "To wygląda na powołanie, ale nie dało się go odczytać: {problem}.",
        "ko": "한국 법률 인용 구조를 충분히 식별하지 못했습니다.",
    },
}


class _Defaults(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "…"


def rationale(key: str, lang: str, **values: object) -> str:
    """The rationale `key` in `lang` (English when the language has no text), with `values` filled in."""
    texts = RATIONALES[key]
    template = texts.get(lang) or texts["en"]
    return template.format_map(_Defaults({k: str(v) for k, v in values.items()}))


@dataclass(frozen=True, slots=True)
class Decision:
    status: Status
    rationale: str
    required: Level
    achieved: Level

    @property
    def label(self) -> str:
        return self.status.label


def decide(
    required: Level,
    achieved: Level,
    *,
    lang: str = "en",
    modified: bool = False,
    hard_block: str | None = None,
    rationale_key: str | None = None,
    values: Mapping[str, object] | None = None,
) -> Decision:
    """Status and rationale from the required and achieved levels.

    `modified`: the FRAGMENT match needed folding beyond normalization (a diff exists) → 🟡 modified.
    `hard_block`: an already-worded reason that blocks whatever the levels say (anchor contradicts the
    source, article missing) → 🔴. `rationale_key` overrides the default wording for the outcome."""
    vals = dict(values or {})

    def make(status: Status, key: str) -> Decision:
        text = rationale(rationale_key or key, lang, **vals)
        return Decision(status=status, rationale=text, required=required, achieved=achieved)

    if hard_block is not None:
        return Decision(Status.UNVERIFIED, hard_block, required, achieved)
    if achieved >= required:
        if required is Level.FRAGMENT:
            return (
                make(Status.MODIFIED, "modified") if modified else make(Status.VERIFIED, "verified_fragment")
            )
        if required is Level.CONTENT:
            if achieved is Level.FRAGMENT:
                return make(Status.VERIFIED, "verified_content")
            return make(Status.NEEDS_JUDGEMENT, "needs_judgement")
        return make(Status.VERIFIED, "verified_existence")
    # the calibration rule: a quote claimed verbatim that only reaches the topic
    if required is Level.FRAGMENT and achieved is Level.CONTENT:
        return make(Status.CALIBRATION, "calibration")
    if required is Level.FRAGMENT:
        return make(Status.UNVERIFIED, "absent")
    if required is Level.CONTENT:
        return make(Status.UNVERIFIED, "no_content")
    return make(Status.UNVERIFIED, "anchor_mismatch")


def no_source(
    reason: str, *, lang: str, required: Level, local_only: bool = False, key: str | None = None
) -> Decision:
    """⛔: the source could not be obtained. Never 🔴: a fetch failure says nothing about the draft.

    In local-only mode the reason is the mode itself, so the rationale names the source once (`key`, the
    anchor key) instead of repeating the resolver's own "local-only mode: … not looked up"."""
    if local_only:
        text = rationale("local_only", lang, anchor=key or reason)
    else:
        text = rationale("no_source", lang, reason=reason)
    return Decision(Status.NO_SOURCE, text, required, Level.NONE)


def not_checked(problem: str, *, lang: str, required: Level) -> Decision:
    """⚪: it looks like a citation but could not be parsed; listed so nothing passes silently."""
    return Decision(Status.NOT_CHECKED, rationale("not_checked", lang, problem=problem), required, Level.NONE)


__all__ = [
    "RATIONALES",
    "SEED_CLAIM_TYPES",
    "Decision",
    "claim_type_from_name",
    "decide",
    "no_source",
    "not_checked",
    "rationale",
    "required_level",
]

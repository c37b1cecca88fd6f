"""The gradient's decision table (CONTRACT §2) and the rationales a lawyer reads."""

from __future__ import annotations

import pytest

from verifier.gradient import claim_type_from_name, decide, no_source, not_checked, rationale, required_level
from verifier.model import ClaimType, Level, Status

F, C, E, N = Level.FRAGMENT, Level.CONTENT, Level.EXISTENCE, Level.NONE

# (required, achieved, quote needed folding beyond normalization, expected status)
TABLE = [
    (F, F, False, Status.VERIFIED),
    (F, F, True, Status.MODIFIED),
    (F, C, False, Status.CALIBRATION),  # the calibration rule: quote not there, topic is
    (F, E, False, Status.UNVERIFIED),  # seed C3: FRAGMENT→ISTNIENIE, not in the source
    (F, N, False, Status.UNVERIFIED),
    (C, F, False, Status.VERIFIED),
    (C, C, False, Status.NEEDS_JUDGEMENT),  # seed C2: TREŚĆ→TREŚĆ, a person confirms the substance
    (C, E, False, Status.UNVERIFIED),
    (C, N, False, Status.UNVERIFIED),
    (E, F, False, Status.VERIFIED),
    (E, C, False, Status.VERIFIED),
    (E, E, False, Status.VERIFIED),
    (E, N, False, Status.UNVERIFIED),  # seed C5: ISTNIENIE→BRAK, diverging signature
]


@pytest.mark.parametrize(("required", "achieved", "modified", "status"), TABLE)
def test_it_turns_levels_into_the_contract_status(
    required: Level, achieved: Level, modified: bool, status: Status
) -> None:
    decision = decide(required, achieved, modified=modified, values={"pct": 86, "start": 4821})
    assert decision.status is status
    assert decision.rationale


def test_a_hard_block_wins_over_any_level() -> None:
    decision = decide(F, F, hard_block="the source is dated 2019-03-12, the draft says 2018-03-12")
    assert decision.status is Status.UNVERIFIED
    assert decision.status.is_hard_block
    assert decision.label == "contradicted"
    assert "2019-03-12" in decision.rationale


def test_a_fetch_failure_is_no_source_never_unverified() -> None:
    decision = no_source("law.go.kr timed out after 3 retries", lang="en", required=F)
    assert decision.status is Status.NO_SOURCE
    assert decision.status.is_hard_block
    assert decision.label == "unknown"
    assert "timed out" in decision.rationale


def test_an_unparsed_citation_is_listed_not_checked() -> None:
    decision = not_checked("no case number after 'sygn.'", lang="pl", required=E)
    assert decision.status is Status.NOT_CHECKED
    assert not decision.status.is_hard_block
    assert "sygn." in decision.rationale


# The Korean verifier protocol's own sentences, word for word.
KOREAN = [
    ("article_missing", {"law": "민법", "unit": "제1200조"}, "민법에 제1200조는 존재하지 않습니다."),
    ("paragraph_missing", {}, "조문은 확인되지만, 해당 항은 존재하지 않습니다."),
    ("item_missing", {}, "조문은 확인되지만, 해당 호는 존재하지 않습니다."),
    ("not_found", {}, "해당 사건번호를 확인할 수 없습니다."),
    ("no_source", {"reason": "timeout"}, "원문 조회 실패"),
    ("not_found_law", {}, "법령을 식별하지 못했습니다."),
    ("local_only", {}, "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다."),
    ("not_checked", {}, "한국 법률 인용 구조를 충분히 식별하지 못했습니다."),
    (
        "precedent_topic_mismatch",
        {"summary": "반사회적 법률행위"},
        '사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다. (판례 요지: "반사회적 법률행위")',
    ),
    (
        "precedent_check_text",
        {"summary": "성공보수약정"},
        "사건번호는 확인됩니다. 판례의 정확한 판시 내용은 원문 확인을 권장합니다. "
        '(판례 요지: "성공보수약정")',
    ),
    ("precedent_exists", {"summary": "부당이득금"}, '사건번호가 확인되었습니다. (판례 요지: "부당이득금")'),
]


@pytest.mark.parametrize(("key", "values", "expected"), KOREAN)
def test_it_words_korean_rationales_as_the_protocol_does(
    key: str, values: dict[str, str], expected: str
) -> None:
    assert rationale(key, "ko", **values) == expected


@pytest.mark.parametrize(
    ("lang", "fragment"),
    [("pl", "złagodź do parafrazy"), ("en", "soften the claim"), ("ko", "의역으로 완화")],
)
def test_it_tells_the_lawyer_how_to_calibrate_in_the_drafts_language(lang: str, fragment: str) -> None:
    assert fragment in decide(F, C, lang=lang).rationale


def test_it_falls_back_to_english_for_another_language() -> None:
    assert decide(F, C, lang="de").rationale == decide(F, C, lang="en").rationale


@pytest.mark.parametrize(
    ("name", "claim_type", "level"),
    [
        ("cytat_doslowny", ClaimType.VERBATIM_QUOTE, F),
        ("teza_pinpoint", ClaimType.PINPOINT, F),
        ("stanowisko_sadu", ClaimType.COURT_HOLDING, C),
        ("parafraza", ClaimType.PARAPHRASE, C),
        ("fakt_proceduralny", ClaimType.PROCEDURAL_FACT, E),
        ("powolanie", ClaimType.BARE_CITATION, E),
        ("verbatim_quote", ClaimType.VERBATIM_QUOTE, F),
        ("Bare_Citation", ClaimType.BARE_CITATION, E),
    ],
)
def test_it_reads_claim_types_in_the_seeds_names_and_ours(
    name: str, claim_type: ClaimType, level: Level
) -> None:
    assert claim_type_from_name(name) is claim_type
    assert required_level(claim_type) is level


def test_it_rejects_an_unknown_claim_type_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="cytat_doslowny"):
        claim_type_from_name("rumour")

"""Still good law offline: the recorded 연혁 versions of the shipped corpus
(demo/corpus/kr/statutes/*/history, byte-identical legalize-kr history, demo/PROVENANCE.md)
answer which wording was in force on a day, with no law.go.kr key and nothing leaving the
machine; the same engine reads them as reads law.go.kr's."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from verifier.citations import extract_claims
from verifier.history.lookup import HistoryLookup
from verifier.model import Pinpoint, Status
from verifier.sources.local_history import RecordedStatuteHistory, recorded_history
from verifier.sources.router import build_router
from verifier.sources.versions import NotChecked, QuoteCheck
from verifier.verify import verify_claim

CORPUS = Path(__file__).resolve().parents[3] / "demo" / "corpus"
TODAY = dt.date(2026, 12, 1)

# (law, pinpoint, a quote of an earlier wording, a day inside its period, its period, the wording of today)
QUOTES = [
    (
        "개인정보 보호법",
        Pinpoint("15", "1", "4"),
        "정보주체와의 계약의 체결 및 이행을 위하여 불가피하게 필요한 경우",
        "2020-01-01",
        ("2011-09-30", "2023-09-14"),
    ),
    # every 민법 version is shipped: the 1958 wording of 제4조 is found back to 1960 (the test corpus holds
    # only six versions, so its period there starts in 2009)
    ("민법", Pinpoint("4"), "만20세로 성년이 된다.", "1990-06-01", ("1960-01-01", "2013-06-30")),
    (
        "근로기준법",
        Pinpoint("43-6", "2"),
        "제1항제4호에 따른 월평균보수 및 피보험자격 취득에 관한 자료를 제공받기 위하여",
        "2026-12-01",
        ("2025-10-23", "2026-12-31"),
    ),
]


@pytest.fixture(scope="module")
def history() -> RecordedStatuteHistory:
    recorded = recorded_history(CORPUS, today=lambda: TODAY)
    assert recorded is not None
    return recorded


def checked(answer: QuoteCheck | NotChecked) -> QuoteCheck:
    assert isinstance(answer, QuoteCheck), answer
    return answer


@pytest.mark.parametrize(("law", "pinpoint", "quote", "inside", "period"), QUOTES)
def test_it_finds_an_earlier_wording_in_the_recorded_versions(
    history: RecordedStatuteHistory,
    law: str,
    pinpoint: Pinpoint,
    quote: str,
    inside: str,
    period: tuple[str, str],
) -> None:
    assert checked(history.check_quote(law, pinpoint, quote, as_of=inside)).matches_in_force
    full = checked(history.check_quote(law, pinpoint, quote, as_of="2026-12-01", scope="all"))
    [match] = [m for m in full.matches if m.fragment.status.value == "exact"]
    assert [(p.start, p.last_day) for p in match.wording.periods] == [period]


def test_it_lists_every_recorded_version_and_says_up_to_when(history: RecordedStatuteHistory) -> None:
    listed = history.history("민법")
    assert not isinstance(listed, NotChecked)
    assert len(listed.versions) == 37
    assert listed.law_id == "001706"
    assert any("recorded in the offline corpus" in note for note in listed.notes)


def test_a_law_it_does_not_record_is_not_checked_with_the_reason(history: RecordedStatuteHistory) -> None:
    answer = history.in_force("상법", "2020-01-01")
    assert isinstance(answer, NotChecked)
    assert "상법" in answer.why


@pytest.mark.parametrize(
    ("as_of", "expected"),
    [("2012-06-01", {Status.VERIFIED}), ("2020-01-01", {Status.UNVERIFIED, Status.CALIBRATION})],
)
def test_a_local_only_review_answers_still_good_law_from_the_recorded_versions(
    as_of: str, expected: set[Status]
) -> None:
    router = build_router(
        lawgokr_oc=None,
        lawgokr_base_url="http://unused",
        saos_base_url="http://unused",
        eli_base_url="http://unused",
        cellar_base_url="http://unused",
        timeout=1,
        local_only=True,
        corpus_dir=CORPUS,
    )
    lookup = HistoryLookup.for_resolver(router, corpus_dir=CORPUS, today=lambda: TODAY)
    [claim] = extract_claims('민법 제4조는 "만20세로 성년이 된다."라고 규정한다.', lang="ko")
    assert claim.citation.anchor is not None
    resolution = router.resolve(claim.citation.anchor)
    history = lookup.lookup(claim, resolution, as_of=as_of)
    assert history is not None
    assert not history.not_checked, history
    assert history.quote is not None, history
    finding = verify_claim(claim, resolution, finding_id="C1", lang="en", history=history)
    assert finding.status in expected, finding


def test_without_a_corpus_a_local_only_review_still_says_not_checked() -> None:
    router = build_router(
        lawgokr_oc=None,
        lawgokr_base_url="http://unused",
        saos_base_url="http://unused",
        eli_base_url="http://unused",
        cellar_base_url="http://unused",
        timeout=1,
        local_only=True,
    )
    assert HistoryLookup.for_resolver(router).kr is None

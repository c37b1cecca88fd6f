"""Is it still good law? The rows of Polish and EU later treatment and of a repealed EU act, table-driven, on
what the clients measured from real texts (tests/verifier/sources/saos/test_treatment.py and
cellar/test_treatment.py):
SO Bydgoszcz II Ca 174/13 changed SR Bydgoszcz I C 4147/12 on 10 October 2013; SN III CZP 76/10 is cited by
three regional courts; C-311/18 is cited by C-300/21; Article 94(1) GDPR repealed Directive 95/46/EC with
effect from 25 May 2018. The departure row is fed a real sentence recorded from SAOS by a public client
(I C 3346/24 of 2025-03-05, SAOS id 543228: "Sąd odstąpił od poglądu wyrażonego we wskazanej wyżej
uchwale"); the client would call that common-court text "cited" (only the SN's departure counts), so the
row is given the relation, as a measurement."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from fakes import cellar, saos
from tests.verifier.builders import measurement
from verifier.decide import decide
from verifier.history.keep import history_check
from verifier.history.lookup import HistoryMeasure
from verifier.model import ClaimType, Status
from verifier.sources.cellar.client import CellarResolver
from verifier.sources.cellar.history import Repeal
from verifier.sources.cellar.treatment import EuJudgmentTreatment
from verifier.sources.http import SourceHTTP
from verifier.sources.saos.client import SaosResolver
from verifier.sources.saos.treatment import PolishJudgmentTreatment
from verifier.sources.treatment import LaterDecision, Treatment

DATA = Path(__file__).resolve().parents[2] / "data"
TODAY = dt.date(2026, 12, 1)


def http_for(app) -> SourceHTTP:
    return SourceHTTP(transport=httpx.WSGITransport(app=app), sleep=lambda _: None, max_retries=0)


@pytest.fixture(scope="module")
def polish() -> PolishJudgmentTreatment:
    resolver = SaosResolver(
        http_for(saos.make_app(DATA / "corpus", DATA / "recorded")), base_url="http://s/api"
    )
    return PolishJudgmentTreatment(resolver, today=lambda: TODAY)


@pytest.fixture(scope="module")
def changed(polish: PolishJudgmentTreatment) -> Treatment:
    result = polish.later_treatment("I C 4147/12", decided="2012-12-18")
    assert isinstance(result, Treatment)
    return result


@pytest.fixture(scope="module")
def cited(polish: PolishJudgmentTreatment) -> Treatment:
    result = polish.later_treatment("III CZP 76/10", court="Sąd Najwyższy")
    assert isinstance(result, Treatment)
    return result


@pytest.fixture(scope="module")
def eu_cited() -> Treatment:
    resolver = CellarResolver(
        http_for(cellar.make_app(DATA / "corpus", DATA / "recorded")), base_url="http://c"
    )
    result = EuJudgmentTreatment(resolver, sparql_url="http://c/sparql", today=lambda: TODAY).later_treatment(
        "62018CJ0311"
    )
    assert isinstance(result, Treatment)
    return result


DEPARTED = LaterDecision(
    number="I C 3346/24",
    court="?",
    date="2025-03-05",
    serial="543228",
    title="",
    relation="departed",
    excerpt="Sąd odstąpił od poglądu wyrażonego we wskazanej wyżej uchwale",
    full_bench=None,
    url="https://www.saos.org.pl/judgments/543228",
)
REPEAL = Repeal("32016R0679", "2016-04-27", "https://eur-lex.europa.eu/…", "2018-05-24")


def test_the_rows(changed: Treatment, cited: Treatment, eu_cited: Treatment) -> None:
    bare = measurement(ClaimType.BARE_CITATION)
    departed = replace(changed, decisions=(DEPARTED,))

    def pl(treatment: Treatment, as_of: str) -> HistoryMeasure:
        return HistoryMeasure(as_of, False, "saos", treatment=treatment)

    rows = [
        # (why, history, status, rationale key, words in the English rationale)
        ("no history: the table's verdict", None, Status.VERIFIED, "verified_existence", ""),
        (
            "changed on appeal before as-of: 🟠",
            pl(changed, "2026-12-01"),
            Status.CALIBRATION,
            "treatment_negative",
            "Negative treatment: confirm it is still good law. "
            "II Ca 174/13 (Sąd Okręgowy w Bydgoszczy, 2013-10-10)",
        ),
        (
            "changed only after as-of: 🟠, said so",
            pl(changed, "2013-01-01"),
            Status.CALIBRATION,
            "treatment_later",
            "only after the review's date (2013-01-01)",
        ),
        (
            "cited by later courts only: no change",
            pl(cited, "2026-12-01"),
            Status.VERIFIED,
            "verified_existence",
            "",
        ),
        (
            "an SN departure before as-of: 🔴",
            pl(departed, "2026-12-01"),
            Status.UNVERIFIED,
            "treatment_departed",
            "expressly departed from this judgment's view before the review's date (2026-12-01)",
        ),
        (
            "a departure after as-of: 🟠",
            pl(departed, "2020-01-01"),
            Status.CALIBRATION,
            "treatment_later",
            "I C 3346/24",
        ),
        (
            "EU: cited, CELLAR cannot say how: no change",
            HistoryMeasure("2026-12-01", False, "cellar", treatment=eu_cited),
            Status.VERIFIED,
            "verified_existence",
            "",
        ),
        (
            "an EU act repealed before as-of: 🔴 with the date",
            HistoryMeasure("2026-12-01", True, "cellar", repeal=REPEAL, act="31995L0046"),
            Status.UNVERIFIED,
            "act_repealed",
            "repealed by CELEX 32016R0679 with effect from 2018-05-25",
        ),
        (
            "repealed by an act CELLAR gives no date for: a note, status kept",
            HistoryMeasure("2026-12-01", True, "cellar", repeal=replace(REPEAL, end=None), act="31995L0046"),
            Status.VERIFIED,
            "verified_existence",
            "",
        ),
        (
            "SAOS down: the status stands (the finding's history says why)",
            HistoryMeasure(
                "2026-12-01", False, "saos", not_checked="SAOS could not be searched for I C 4147/12"
            ),
            Status.VERIFIED,
            "verified_existence",
            "",
        ),
    ]
    for why, history, status, key, words in rows:
        decision = decide(replace(bare, history=history))
        assert (decision.status, decision.reason.key) == (status, key), why
        assert words in decision.rationale("en"), why
        for lang in ("pl", "ko"):
            assert "{" not in decision.rationale(lang), why
    undated = decide(replace(bare, history=rows[8][1]))
    assert [n.key for n in undated.notes] == ["act_repealed_undated"]
    assert "adopted 2016-04-27" in undated.notes[0].render("en")


@pytest.mark.parametrize(
    ("service", "as_of", "kinds", "note", "scanned"),
    [
        ("changed", "2026-12-01", ["negative"], "treatment_negative", "scanned_treatment_pl"),
        ("cited", "2026-12-01", ["cited", "cited", "cited"], "treatment_cited_only", "scanned_treatment_pl"),
        ("departed", "2026-12-01", ["overruled"], "treatment_departed", "scanned_treatment_pl"),
        ("departed", "2020-01-01", ["negative"], "treatment_later", "scanned_treatment_pl"),
        ("eu", "2026-12-01", ["cited"], "treatment_eu_cited", "scanned_treatment_eu"),
    ],
)
def test_what_the_finding_keeps(changed, cited, eu_cited, service, as_of, kinds, note, scanned) -> None:
    treatment = {
        "changed": changed,
        "cited": cited,
        "departed": replace(changed, decisions=(DEPARTED,)),
        "eu": eu_cited,
    }[service]
    h = HistoryMeasure(as_of, False, "cellar" if service == "eu" else "saos", treatment=treatment)
    kept = history_check(h, None)
    assert kept is not None
    assert kept.checked is True
    assert [t.kind for t in kept.treatment] == kinds
    assert kept.note is not None
    assert kept.note.key == note
    assert kept.scanned is not None
    assert kept.scanned.key == scanned
    text = kept.scanned.render("en")
    if service == "eu":
        assert "not whether the Court departed from it, so “overruled” cannot be told" in text
    else:
        assert text.startswith(
            "Treatment checked in SAOS (common courts and the Supreme Court as SAOS holds them; not the "
            "administrative courts)"
        )


def test_not_checked_treatment_is_a_visible_note_in_the_finding() -> None:
    h = HistoryMeasure("2026-12-01", False, "saos", not_checked="SAOS could not be searched for I C 4147/12")
    kept = history_check(h, None)
    assert kept is not None
    assert kept.checked is False
    assert kept.note is not None
    assert (
        kept.note.render("en") == "Later treatment not checked: SAOS could not be searched for I C 4147/12."
    )


@pytest.mark.parametrize("service", ["eli", "cellar"])
def test_offline_a_polish_or_eu_act_says_plainly_why_its_version_was_not_checked(service) -> None:
    h = HistoryMeasure(
        "2020-01-01",
        True,
        service,
        not_checked="local-only mode: the versions were not looked up outside this machine",
        local_only=True,
    )
    kept = history_check(h, None)
    assert kept is not None
    assert kept.checked is False
    assert kept.note is not None
    assert kept.note.key == "version_not_checked_one_wording"
    assert kept.note.render("en") == (
        "Version not checked offline: this machine holds one wording of the act and no list of its versions, "
        "so which wording was in force on 2020-01-01 cannot be told here."
    )
    assert "2020-01-01" in kept.note.render("pl")
    assert "2020-01-01" in kept.note.render("ko")
    assert "offline" in kept.note.render("pl")
    assert "오프라인" in kept.note.render("ko")


def test_offline_a_korean_statute_keeps_its_local_only_note() -> None:
    h = HistoryMeasure("2020-01-01", True, "law.go.kr", not_checked="local-only mode", local_only=True)
    kept = history_check(h, None)
    assert kept is not None
    assert kept.note is not None
    assert kept.note.key == "version_not_checked_local"

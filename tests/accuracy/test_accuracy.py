"""The accuracy ratchet: the annotated set and the peers' suites run through the product, and no figure may be
worse than `tests/data/accuracy/baseline.json`. Whoever improves a verdict raises the baseline
(`python -m tests.accuracy.evaluate --write-baseline`) in the same commit, so the next change is measured
against the better figure. Below it, the arithmetic of the figures and the consistency of the data files.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.accuracy import evaluate, peers
from tests.accuracy.cases import (
    CLASSES,
    CORPUS,
    HARD,
    ISSUE26,
    LANGUAGES,
    DataError,
    allowed,
    load_cases,
    parse_case,
)
from tests.accuracy.scoring import Figures, Outcome, figures, regressions, summarize, worse

PUBLIC = [f"P{n}" for n in range(1, 24)]


@pytest.fixture(scope="module")
def cases():
    return load_cases()


@pytest.fixture(scope="module")
def outcomes(cases):
    return evaluate.run(cases)


@pytest.fixture(scope="module")
def baseline():
    return evaluate.read_baseline()


# ------------------------------------------------------------------------------------------ the ratchet


def test_the_baseline_was_measured_on_these_data_files(baseline) -> None:
    assert baseline["data_sha256"] == evaluate.data_fingerprint(), (
        "tests/data/accuracy or tests/data/peers changed since the baseline was written: run "
        "`python -m tests.accuracy.evaluate --write-baseline` and commit baseline.json with the data"
    )


def test_no_figure_is_worse_than_the_baseline(outcomes, baseline) -> None:
    summary = summarize(outcomes)
    problems = evaluate.compare_with_baseline(summary, {}, {**baseline, "peers": {}})
    assert not problems, "worse than tests/data/accuracy/baseline.json:\n" + "\n".join(problems)


def test_no_peer_case_that_passed_at_the_baseline_fails_now(baseline) -> None:
    results = peers.as_baseline(peers.run_all())
    problems = [
        f"{suite} {case_id}"
        for suite, then in baseline["peers"].items()
        for case_id in set(then["passed"]) - set(results.get(suite, {}).get("passed", []))
    ]
    assert not problems, "peer cases that passed at the baseline fail now: " + ", ".join(sorted(problems))


def test_the_command_prints_the_table_and_the_failures() -> None:
    out = io.StringIO()
    assert evaluate.main(["-k", "P10"], out=out) == 0
    text = out.getvalue()
    assert "hard-block recall" in text
    assert "by class" in text
    assert "quantity" in text
    assert "P10#1" in text or "no failing citation" in text


def test_the_command_prints_the_figures_of_each_class_of_issue_26() -> None:
    out = io.StringIO()
    assert evaluate.main(["-k", "ko-ext-05", "--brief"], out=out) == 0
    text = out.getvalue()
    assert "by class of issue 26" in text
    assert "same_unit" in text


# ----------------------------------------------------------------------------------- the arithmetic


def outcome(status: str | None, expect: str, *, faulty: bool, names: tuple[str, ...] = (), text: str = ""):
    return Outcome(
        case_id="X",
        index=0,
        cls="quantity",
        lang="en",
        memo="en",
        citation="Article 33(1) GDPR",
        expect=(expect,),
        allowed=allowed(expect),
        faulty=faulty,
        must_block=faulty and allowed(expect) <= HARD,
        found=None if status is None else "Article 33(1) GDPR",
        status=status,
        rationale=text,
        names=names,
    )


def test_recall_counts_only_faulty_citations_that_must_be_blocked() -> None:
    f = figures(
        [
            outcome("unverified", "red", faulty=True),
            outcome("no_source", "hard_block", faulty=True),
            outcome("needs_judgement", "red", faulty=True),
            outcome(None, "red", faulty=True),  # an extraction miss is a miss
            outcome("needs_judgement", "never_green", faulty=True),  # may stay 🟡: not in recall
        ]
    )
    assert (f.caught, f.must_block) == (2, 4)
    assert f.hard_block_recall == 0.5
    assert f.faulty == 5
    assert f.faulty_blocked == 2


def test_a_false_alarm_is_a_block_the_correct_citation_does_not_allow() -> None:
    f = figures(
        [
            outcome("unverified", "not_red", faulty=False),
            outcome("no_source", "no_source", faulty=False),  # the honest ⛔ of an absent source
            outcome("verified", "not_red", faulty=False),
            outcome("unverified", "red", faulty=True),
        ]
    )
    assert (f.false_alarms, f.correct) == (1, 3)
    assert f.false_alarm_rate == pytest.approx(1 / 3)
    assert f.hard_block_precision == 0.5  # one faulty block, one false alarm


def test_false_greens_status_accuracy_and_extraction() -> None:
    f = figures(
        [
            outcome("verified", "red", faulty=True),
            outcome("verified", "verified", faulty=False),
            outcome(None, "not_red", faulty=False),
            outcome("modified", "never_green", faulty=True),
        ]
    )
    assert f.false_green_rate == 0.5
    assert (f.satisfied, f.labels) == (2, 4)
    assert f.extraction_recall == 0.75


def test_naming_needs_every_value_with_alternatives() -> None:
    named = outcome(
        "unverified", "red", faulty=True, names=("72", "48"), text="draft 48 hours; source 72 hours"
    )
    half = outcome("unverified", "red", faulty=True, names=("72", "48"), text="draft says 48 hours")
    either = outcome("unverified", "red", faulty=True, names=("trzech|3",), text="źródło: lat trzech")
    assert (named.named, half.named, either.named) == (True, False, True)
    assert outcome("unverified", "red", faulty=True).named is None
    assert figures([named, half, either]).naming == pytest.approx(2 / 3)


def test_empty_denominators_are_none_and_never_a_regression() -> None:
    f = Figures()
    assert f.hard_block_recall is None
    assert f.status_accuracy is None
    assert not worse("hard_block_recall", None, 0.9)
    assert not worse("false_alarm_rate", 0.1, None)


def test_the_ratchet_knows_which_way_each_figure_improves() -> None:
    assert worse("hard_block_recall", 0.70, 0.72)
    assert not worse("hard_block_recall", 0.75, 0.72)
    assert worse("false_alarm_rate", 0.09, 0.08)
    assert not worse("false_alarm_rate", 0.05, 0.08)
    assert worse("false_green_rate", 0.2, 0.1)
    assert not worse("status_accuracy", 0.8, 0.8)


def test_regressions_name_the_scope_and_both_values() -> None:
    then = summarize(
        [outcome("unverified", "red", faulty=True), outcome("verified", "not_red", faulty=False)]
    )
    now = summarize(
        [outcome("needs_judgement", "red", faulty=True), outcome("verified", "not_red", faulty=False)]
    )
    lines = regressions(now.as_dict(), then.as_dict())
    assert "overall: hard_block_recall 1.0 → 0.0" in lines
    assert any(line.startswith("quantity: status_accuracy") for line in lines)
    assert regressions(then.as_dict(), then.as_dict()) == []


def test_a_group_missing_from_the_run_is_reported() -> None:
    then = summarize([outcome("unverified", "red", faulty=True)]).as_dict()
    now = {**then, "classes": {}}
    assert "class quantity: gone from the run" in regressions(now, then)


# ------------------------------------------------------------------------------- the data files


def test_the_set_is_large_enough_and_holds_the_public_sentences(cases) -> None:
    assert len(cases) >= 240
    ids = {c.id for c in cases}
    assert set(PUBLIC) <= ids
    assert {c.cls for c in cases} == set(CLASSES)


def test_every_class_has_correct_and_faulty_cases_in_equal_numbers_within_one(cases) -> None:
    counts = Counter((c.cls, c.faulty) for c in cases)
    for cls in CLASSES:
        assert counts[cls, True], cls
        assert counts[cls, False], cls
        assert abs(counts[cls, True] - counts[cls, False]) <= 1, (cls, counts[cls, True], counts[cls, False])


def test_within_each_class_every_language_is_balanced_within_one(cases) -> None:
    counts = Counter((c.cls, c.lang, c.faulty) for c in cases)
    for cls in CLASSES:
        for lang in LANGUAGES:
            assert abs(counts[cls, lang, True] - counts[cls, lang, False]) <= 1, (cls, lang)


def test_every_class_of_issue_26_has_correct_and_faulty_cases_in_equal_numbers(cases) -> None:
    """Issue 26, "Done when": every class of §2, §3 and §5 has cases in the annotated set, correct and faulty
    in equal numbers."""
    counts = Counter((tag, c.faulty) for c in cases for tag in c.issue26)
    for tag in ISSUE26:
        correct, faulty = counts[tag, False], counts[tag, True]
        assert correct + faulty >= 2, f"{tag}: {correct} correct and {faulty} faulty cases"
        assert correct == faulty, f"{tag}: {correct} correct and {faulty} faulty cases"


def test_a_case_with_its_own_date_is_run_as_of_it(cases, outcomes) -> None:
    dated = [c for c in cases if c.as_of]
    assert dated, "the §5 classes (superseded, not yet in force, older source) need cases dated"
    by_key = {o.key: o for o in outcomes}
    # 민법 제14조의2 (법률 제10429호) is in force from 2013-07-01: as of 2014-01-01 it is read
    assert by_key["ko-pin-31c#1"].status not in HARD


def test_expected_outcomes_fit_correct_and_faulty(cases) -> None:
    for case in cases:
        for label in case.labels:
            if label.faulty:
                assert "verified" not in label.allowed, f"{case.id}: a faulty citation cannot accept 🟢"
            else:
                assert "unverified" not in label.allowed, f"{case.id}: a correct citation cannot expect 🔴"
                if "no_source" in label.allowed and label.allowed <= HARD:
                    assert case.absent, f"{case.id}: ⛔ for a correct citation only when its source is absent"


def test_every_source_a_case_names_is_in_the_corpus(cases) -> None:
    for case in cases:
        assert case.sources or case.supplied, case.id
        for source in case.sources:
            assert (CORPUS / source).is_file(), f"{case.id}: {source} is not in tests/data/corpus"


def test_a_source_the_product_could_not_find_is_declared_absent(cases, outcomes) -> None:
    by_id = {c.id: c for c in cases}
    for o in outcomes:
        if o.status == "no_source" and o.satisfied:
            assert by_id[o.case_id].absent, f"{o.key}: ⛔ expected and given, but the case does not say why"


_PASSAGE = re.compile(
    r"Art\.|art\.|Article|제\d+조|§|paragraph|operative|heading|판시|판결요지|\d+/\d{2}\b|\d{2,4}[다도두모]\d+|"
    r"ECLI|\.(?:json|md|sql|txt|html)\b"
)


def test_every_case_says_why_naming_a_source_passage(cases) -> None:
    for case in cases:
        assert _PASSAGE.search(case.why), f"{case.id}: 'why' names no article, paragraph, case or file"


def test_the_loader_refuses_an_unknown_issue_26_class_and_a_malformed_date() -> None:
    raw = {
        "id": "Z",
        "class": "scope",
        "lang": "en",
        "faulty": False,
        "draft": "See Article 82(1) GDPR.",
        "labels": [{"citation": "Article 82(1) GDPR", "expect": "not_red"}],
        "why": "x",
        "sources": [],
    }
    assert parse_case({**raw, "issue26": "antonym"}, "t:1").issue26 == ("antonym",)
    both = parse_case({**raw, "issue26": ["antonym", "application"]}, "t:1")
    assert both.issue26 == ("antonym", "application")
    with pytest.raises(DataError, match="unknown issue26 tag"):
        parse_case({**raw, "issue26": "antonyms"}, "t:1")
    with pytest.raises(DataError, match="'as_of' is a day"):
        parse_case({**raw, "as_of": "1.12.2026"}, "t:1")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"id": "Z", "class": "nope"}, "unknown class"),
        (
            {
                "id": "Z",
                "class": "scope",
                "lang": "en",
                "faulty": True,
                "draft": "See Article 82(1) GDPR.",
                "labels": [{"citation": "Article 82(1) GDPR", "expect": "red", "faulty": False}],
                "why": "x",
                "sources": [],
            },
            "a faulty case has a faulty label",
        ),
        (
            {
                "id": "Z",
                "class": "scope",
                "lang": "en",
                "faulty": False,
                "draft": "See Article 82(1) GDPR.",
                "labels": [{"citation": "Article 99 GDPR", "expect": "not_red"}],
                "why": "x",
                "sources": [],
            },
            "does not occur",
        ),
        (
            {
                "id": "Z",
                "class": "scope",
                "lang": "en",
                "faulty": False,
                "draft": "See Article 82(1) GDPR.",
                "labels": [{"citation": "Article 82(1) GDPR", "expect": "green"}],
                "why": "x",
                "sources": [],
            },
            "unknown outcome",
        ),
    ],
)
def test_the_loader_refuses_malformed_cases(raw, message) -> None:
    with pytest.raises(DataError, match=message):
        parse_case(raw, "test.jsonl:1")


def test_outcome_words_are_the_documented_sets() -> None:
    assert allowed("not_red") == {"verified", "modified", "needs_judgement", "calibration"}
    assert allowed("hard_block") == {"unverified", "no_source"}
    assert "verified" not in allowed("never_green")
    assert "unverified" in allowed("never_green")
    assert allowed(["no_source", "not_red"]) == allowed("not_red") | {"no_source"}


def test_every_peer_file_names_where_it_was_read_and_every_case_what_it_exercises() -> None:
    suites = peers.load_suites()
    assert len(suites) >= 5
    for name, data in suites.items():
        assert data["repository"], name
        assert data["path"], name
        assert data["commit"] is None or len(data["commit"]) == 40, name
    for case in peers.load_cases():
        assert case.exercises, case.id
        assert case.peer, case.id
        assert case.differs is None or isinstance(case.differs, str)


def test_the_baseline_file_is_well_formed(baseline) -> None:
    assert set(baseline["classes"]) == set(CLASSES)
    assert set(baseline["languages"]) == set(LANGUAGES)
    assert set(baseline["issue26"]) == set(ISSUE26)
    assert json.loads(Path(evaluate.BASELINE).read_text(encoding="utf-8")) == baseline

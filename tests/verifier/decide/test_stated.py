"""Issue 15's public sentences of classes 4 and 5, through the product's own path (ingest → claims → the
offline corpus → measure → decide): each gives its status with a rationale that names what differs.

The drafts are those of tests/data/accuracy/public.jsonl (verbatim from the issue); P1's second sentence is
run on its own, since the first sentence's quote is given to it until the claim's scope is cut right (class
1, another change).
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.accuracy.cases import Case, load_cases
from tests.accuracy.evaluate import corpus_router, run_case
from verifier.ingest import ingest_text
from verifier.model import Finding, Status
from verifier.pipeline import verify_document


@cache
def public() -> dict[str, Case]:
    return {case.id: case for case in load_cases() if case.id.startswith("P")}


def finding(draft: str, citation: str, *, lang: str) -> Finding:
    report = verify_document(ingest_text(draft, name="public"), corpus_router(), lang=lang, workers=1)
    return next(f for f in report.findings if f.citation == citation)


# (sentence, status, the rationale word for word)
BLOCKED = [
    (
        "P10",
        "A number differs from the source: the draft says 48 hours; Article 33(1) GDPR says 72 hours. "
        "Blocked until corrected.",
    ),
    ("P11", "수치가 원문과 다릅니다 (초안: 5년 / 민법 제766조 제1항: 3년)."),
    (
        "P12",
        "Liczba różni się od źródła: projekt podaje lat dwadzieścia jeden, a art. 10 § 1 k.c. – lat "
        "osiemnaście - BLOKADA.",
    ),
    (
        "P14",
        "The source says the opposite: the draft says “affects”; Article 7(3) GDPR says “shall not affect”. "
        "Blocked until corrected.",
    ),
    (
        "P15",
        "Źródło stanowi odwrotnie: projekt: „jest uważane”, a art. 8 k.p.: „nie jest uważane”; projekt: "
        "„korzysta”, a art. 8 k.p.: „nie korzysta” - BLOKADA.",
    ),
    (
        "P16",
        "원문은 반대로 규정합니다 (초안: “수집할 수 없다” / 개인정보 보호법 제22조의2 제2항: "
        "“수집할 수 있다”).",
    ),
]


@pytest.mark.parametrize(("case_id", "rationale"), BLOCKED)
def test_a_public_sentence_that_misstates_its_statute_is_red_naming_both(
    case_id: str, rationale: str
) -> None:
    case = public()[case_id]
    (outcome,) = run_case(case)
    assert (outcome.status, outcome.rationale) == ("unverified", rationale)


@pytest.mark.parametrize("case_id", ["P13", "P9"])
def test_the_controls_are_not_red(case_id: str) -> None:
    (outcome,) = run_case(public()[case_id])
    assert outcome.status not in ("unverified", "no_source"), outcome.rationale


def test_p1s_sentence_on_16_years_states_the_articles_number() -> None:
    draft = (
        "Under Article 8(1) GDPR the processing of a child's data is lawful where the child is at least 16 "
        "years old."
    )
    found = finding(draft, "Article 8(1) GDPR", lang="en")
    assert found.status is Status.NEEDS_JUDGEMENT
    assert not any("number" in note for note in found.notes), found.notes


def test_p17_a_reversed_judgment_is_a_note_never_green() -> None:
    (outcome,) = run_case(public()["P17"])
    assert outcome.status == "needs_judgement"
    assert "„nie mogą być uwzględnione”" in outcome.rationale
    assert "sprawdź, czy teza nie jest odwrócona" in outcome.rationale

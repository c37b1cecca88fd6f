"""A finding the worker verifies is read back from its row: the claim it stands for must be the claim the
draft makes, with how its sentence was read (quotes that are someone else's words, who owns the sentence's
quote, a citation inside another court's quotation, a named amendment, the provision it is read with, the
holding it is reported in). Read back without it, the workbench could judge the same words otherwise than
`manage.py verify` does: another citation's quote would be read as the statute's, a partner "w zw. z" a
claim would be 🟢, and a citation inside a quotation of no named source became "not checked" instead of
context.

The drafts are real judgments' sentences from the measured set (tests/data/real/cases.jsonl)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.workbench.factories import unsent_review
from verifier.citations import extract_claims
from workbench.models import Finding
from workbench.pipeline import worker
from workbench.pipeline.records import claim_of, document_of_review

CASES = Path(__file__).resolve().parents[2] / "data" / "real" / "cases.jsonl"

# each way a sentence around a citation is read that a row must keep, and how a claim shows it
READINGS = {
    "someone else's quoted words": lambda c: bool(c.other_quotes),
    "the sentence's quote is another citation's": lambda c: c.quote_owner is not None,
    "cited inside a quotation": lambda c: c.inside_quotation_of is not None,
    "the sentence names the amendment": lambda c: c.amended_wording,
    "read with the provision before it": lambda c: c.read_with is not None,
    "reported as what a court held": lambda c: c.held_in is not None,
}
SEEN_IN = [(reading, lang) for reading in list(READINGS)[:3] for lang in ("ko", "en")] + [
    ("the sentence names the amendment", "pl"),
    ("read with the provision before it", "pl"),
    ("reported as what a court held", "pl"),
]


def _drafts_showing(shows: Any, lang: str) -> list[str]:
    """Real drafts of the set in this language in which some citation is read that way, a few of each."""
    found: list[str] = []
    for line in CASES.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if case["group"] != "real" or case["lang"] != lang or case["draft"] in found:
            continue
        if any(shows(c) for c in extract_claims(case["draft"], lang=lang)):
            found.append(case["draft"])
        if len(found) == 3:
            break
    return found


@pytest.mark.django_db
@pytest.mark.parametrize(("reading", "lang"), SEEN_IN)
def test_a_claim_read_back_from_its_row_is_the_claim_the_draft_makes(people, reading: str, lang: str) -> None:
    drafts = _drafts_showing(READINGS[reading], lang)
    assert drafts, f"the real set holds no {lang} sentence read as {reading!r}"
    for n, draft in enumerate(drafts):
        review = unsent_review(people, draft, title=f"{reading} {n}")
        worker.extract_findings(review.pk)
        review.refresh_from_db()
        rows = Finding.objects.filter(review=review).order_by("ordinal")
        document = document_of_review(review)
        expected = extract_claims(document.text, lang=review.language, origin_at=document.origin_at)
        assert any(READINGS[reading](c) for c in expected)
        assert [claim_of(row) for row in rows] == expected

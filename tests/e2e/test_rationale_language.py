"""A rationale in the reader's language, in Chromium: an English memo with a Polish quote is reviewed by a
Korean, a Polish and an English reader in turn, and each reads the same finding's rationale in their own
language (the draft's language no longer decides it)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_words import choose_language, open_finding
from tests.integration.fixtures import wait_for
from verifier.ingest import ingest_text

pytestmark = pytest.mark.e2e

# English prose around a Polish quote of art. 58 § 1 k.c. (tests/data/corpus/pl/statutes/eli/DU_1964_93) with
# one word changed ("nieważna" → "ważna"): the source says the opposite.
MEMO = (
    "Memorandum for the client on the validity of the supply contract\n\n"
    "The question is whether the contract can be enforced by the seller, and which of the terms of the "
    "contract remain binding on the buyer if one of them is found to breach the law. Under art. 58 § 1 k.c., "
    "„Czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy jest ważna\u201d, and the "
    "contract therefore stands in full for both of the parties to it.\n"
)
EXPECTED = {
    "ko": re.compile(r"원문"),
    "pl": re.compile(r"[Źź]ródło|BLOKADA"),
    "en": re.compile(r"source"),
}


def test_each_reader_reads_the_rationale_in_their_own_language(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, settings
):
    from workbench.models import Review
    from workbench.reviews import services

    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    review = services.create_review(
        user=people["associate"], matter=people["matter"], title="Art. 58", document=ingest_text(MEMO)
    )
    wait_for(lambda: Review.objects.get(pk=review.pk).status == Review.Status.DONE)
    assert Review.objects.get(pk=review.pk).language == "en"
    login("alice", "alice-pass-1")
    seen: dict[str, str] = {}
    for language in ("ko", "pl", "en"):
        choose_language(page, language)
        page.goto(f"{live_server.url}/reviews/{review.pk}/")
        open_finding(page, "C1")
        rationale = page.locator("#evidence p.rationale")
        expect(rationale).to_have_text(EXPECTED[language])
        seen[language] = rationale.inner_text()
        page.screenshot(path=str(SCREENSHOTS / f"rationale-{language}.png"), full_page=True)
    assert len(set(seen.values())) == 3, seen

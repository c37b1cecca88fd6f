"""The review's as-of date in Chromium (issue 17): set on the new-review form, shown in the page header,
changed on the page (the review is checked again); and the evidence view's timeline of the provision, the
version in force on the review's date marked in words, and each version's wording on demand.

Through the real pipeline: the worker asks the fake law.go.kr (over a socket) for the act and its 연혁, which
it serves from the real versions in tests/data/corpus/kr/statutes/개인정보보호법/history (PROVENANCE §1.3)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from fakes.server import FakeSources
from tests.conftest import DATA
from tests.e2e.conftest import SCREENSHOTS
from tests.workbench.history_data import OLD_WORDING
from workbench.models import Finding, Review

pytestmark = pytest.mark.e2e


@pytest.fixture
def sources(settings, tmp_path) -> Iterator[FakeSources]:
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router

    with FakeSources(data_dir=DATA) as fake:
        for name, value in fake.base_urls.items():
            setattr(settings, name, value)
        settings.LAWGOKR_OC = "tester-oc"
        settings.WORKBENCH_LOCAL_ONLY = False
        settings.WORKBENCH_HISTORY_DIR = tmp_path / "history"
        reset_router()
        cache.clear()
        yield fake
        reset_router()
        cache.clear()


# 개인정보 보호법 제15조 제1항 제4호 quoted as it read before the 2023 amendment (법률 제19234호)
DRAFT = f"1. 개인정보 보호법 제15조 제1항 제4호는 개인정보를 수집할 수 있는 경우로 “{OLD_WORDING}”를 든다.\n"


def test_the_as_of_date_on_the_page_and_the_timeline_in_the_evidence_view(
    people, sources, celery_worker_real, login, page, live_server
):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    login("alice", "alice-pass-1")
    page.goto(f"{live_server.url}/reviews/new/")
    expect(page.get_by_text("the date of the facts, of the contract or of the filing")).to_be_visible()
    page.get_by_label("Title").fill("개인정보 검토")
    page.get_by_label("Law as of").fill("2021-06-01")
    page.get_by_label("Paste the draft").fill(DRAFT)
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    expect(page.locator("#review-as-of")).to_have_text("Law as of: 2021-06-01")
    review = Review.objects.get(title="개인정보 검토")
    assert review.as_of.isoformat() == "2021-06-01"
    # on 2021-06-01 the draft's words were the law: 🟢, though today's text reads otherwise
    first = Finding.objects.get(review=review)
    assert first.status == "verified", first.rationale
    assert first.history is not None
    assert first.history["note"]["key"] == "version_verified_as_of"

    # The associate changes the date: the version is checked again, and the page says the new date.
    page.get_by_text("Change the date the law is checked on").click()
    page.locator("#as-of-input").fill("2024-01-01")
    page.get_by_role("button", name="Check again as of this date").click()
    expect(page.get_by_text("The law is now checked as of 2024-01-01")).to_be_visible()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    page.reload()
    expect(page.locator("#review-as-of")).to_have_text("Law as of: 2024-01-01")
    assert review.audit_events.filter(kind="as_of_changed", payload__to="2024-01-01").count() == 1

    finding = Finding.objects.get(review=review, version=review.version)
    assert finding.history is not None
    assert finding.history["as_of"] == "2024-01-01"
    page.goto(f"{live_server.url}/reviews/{review.pk}/?finding={finding.pk}")
    assert finding.status == "unverified", finding.rationale  # on 2024-01-01 the law reads otherwise
    history = page.locator("#evidence section.history")
    expect(history).to_contain_text("Good law as of 2024-01-01?")
    expect(history.locator(".history-note")).to_contain_text(
        "The draft quotes the wording in force from 2011-09-30 until 2023-09-14"
    )
    expect(history.locator(".history-note")).to_contain_text("정보주체와 체결한 계약을 이행하거나")
    versions = history.locator("ol.version-timeline > li")
    expect(versions).to_have_count(2)  # the wording of 제4호 before and since the 2023 amendment
    old, current = versions.nth(0), versions.nth(1)
    expect(old).to_contain_text("2011-09-30 – 2023-09-14")
    expect(old).to_contain_text("the draft's wording matches this version")
    expect(old).not_to_have_attribute("aria-current", "true")
    expect(current).to_have_attribute("aria-current", "true")
    expect(current).to_contain_text("since 2023-09-15")
    expect(current).to_contain_text("법률 제19234호")
    expect(current).to_contain_text("in force on 2024-01-01: checked")
    expect(current).to_contain_text("the draft's wording does not match this version")
    expect(history.locator("li.version-checked")).to_have_count(1)
    expect(history.locator(".history-scanned")).to_contain_text("looked up in law.go.kr")
    # the wording of a version is there on demand
    excerpt = old.locator("details.version-excerpt blockquote")
    expect(excerpt).to_be_hidden()
    old.get_by_text("Wording in this version").click()
    expect(excerpt).to_be_visible()
    expect(excerpt).to_contain_text(OLD_WORDING)
    page.screenshot(path=str(SCREENSHOTS / "as-of-timeline.png"), full_page=True)

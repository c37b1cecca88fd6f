"""The search panel through the browser, against the fake sources: a 🔴 Korean statute finding shows the
paragraph the draft really quotes; the associate opens the search panel, filters precedents by court and date,
previews one with the query marked, attaches it, and sees the finding verified again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from fakes.server import FakeSources
from tests.conftest import DATA
from tests.e2e.conftest import SCREENSHOTS
from tests.workbench.factories import PIPA_MISQUOTE, checked_review

pytestmark = pytest.mark.e2e


@pytest.fixture
def sources(settings) -> Iterator[FakeSources]:
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router

    with FakeSources(data_dir=DATA) as fake:
        for name, url in fake.base_urls.items():
            setattr(settings, name, url)
        settings.LAWGOKR_OC = "tester-oc"
        settings.WORKBENCH_LOCAL_ONLY = False
        reset_router()
        cache.clear()
        yield fake
        reset_router()
        cache.clear()


def test_an_associate_finds_attaches_and_reverifies_from_the_search_panel(
    people, sources, login, page, live_server
) -> None:
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(PIPA_MISQUOTE, name="memo.md"), title="PIPA memo")
    finding = review.findings.get()
    assert finding.status == "unverified"

    login("alice", "alice-pass-1")
    page.goto(f"{live_server.url}/reviews/{review.pk}/findings/{finding.pk}/")

    # Suggested without asking, and not applied.
    expect(page.locator(".search-suggestions")).to_contain_text("Did you mean 제17조 제1항?", timeout=30_000)
    expect(page.locator("#ev-title")).to_contain_text("unverified")

    page.get_by_role("link", name="Search the sources").click()
    form = page.locator("form.search-form")
    expect(form).to_be_visible()
    form.get_by_label("Collection").select_option("prec")
    form.get_by_label("Search for").fill("부당해고구제재심판정취소")
    form.locator("summary").click()
    form.get_by_label("Court").fill("대법원")
    form.get_by_label("Decided from").fill("2015-11-01")
    form.get_by_label("to", exact=True).fill("2015-12-31")
    form.get_by_role("button", name="Search").click()

    hits = page.locator("#search-results .search-hit")
    expect(hits).to_have_count(1, timeout=30_000)
    expect(hits.first).to_contain_text("2015두48136")
    expect(page.locator("#search-results")).not_to_contain_text("2015두41401")

    hits.first.get_by_role("link", name="Preview").click()
    preview = page.locator("#search-preview")
    expect(preview.locator("mark").first).to_be_visible(timeout=30_000)
    expect(preview).to_contain_text("2015두48136")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "search-panel-preview.png"), full_page=True)

    preview.get_by_role("button", name=re.compile("Use as source for C1")).click()
    expect(page.get_by_role("status").first).to_contain_text("verified again", timeout=30_000)
    expect(page.locator(".facts").last).to_contain_text("부당해고구제재심판정취소")

    finding.refresh_from_db()
    assert finding.snapshot is not None
    assert finding.snapshot.number == "2015두48136"
    kinds = list(review.audit_events.order_by("seq").values_list("kind", flat=True))
    assert "source_search" in kinds
    assert kinds.index("source_search_chosen") < len(kinds) - 1
    assert kinds[kinds.index("source_search_chosen") + 1] == "finding_computed"
    page.screenshot(path=str(SCREENSHOTS / "search-panel-reverified.png"), full_page=True)

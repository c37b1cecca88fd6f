"""The search panel off the network, in Chromium (issues 18 §1 and 19): in local-only mode a 🔴 case citation
offers a search with words of the draft, showing the words and sending nothing until asked; asked, it
searches this machine's corpus and says so; the panel starts from the citation's own case number."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import DATA
from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

CASE_DRAFT = (
    '# 주식회사 퀵소트팩스(이하 "퀵소트팩스"라 한다) 검토\n\n'
    "2. 대법원은 퀵소트팩스 사건과 유사한 부당해고구제재심판정취소 사건에서 시용근로관계에서 본 근로계약 "
    "체결 거부사유를 서면으로 통지하여야 한다고 판시하였다(대법원 2015. 11. 27. 선고 2015두48999 판결).\n"
)


def test_offline_the_panel_searches_this_machine_and_asks_before_sending_words(
    people, login, page, live_server, settings
) -> None:
    from django.core.cache import cache

    from tests.workbench.factories import checked_review
    from verifier.ingest import ingest_text
    from workbench.pipeline.corpus import import_corpus
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    cache.clear()
    import_corpus(DATA / "corpus")
    review = checked_review(people, ingest_text(CASE_DRAFT, name="memo.md"), title="Labour memo")
    finding = review.findings.exclude(anchor={}).get()

    login("alice", "alice-pass-1")
    page.goto(f"{live_server.url}/reviews/{review.pk}/findings/{finding.pk}/")
    offered = page.locator("form.draft-words-search")
    expect(offered).to_be_visible(timeout=30_000)
    expect(offered).to_contain_text("Nothing of the draft has been sent")
    words = offered.get_by_label("Words sent")
    proposed = words.input_value()
    assert "부당해고구제재심판정취소" in proposed
    assert "퀵소트팩스" not in proposed  # the name the draft defines is left out
    words.fill("부당해고구제재심판정취소")  # the user edits before sending
    offered.get_by_role("button", name="Send this search").click()
    results = page.locator(f"#draft-words-results-{finding.pk}")
    expect(results.locator(".search-hit").first).to_contain_text("2015두48136", timeout=30_000)
    expect(results).to_contain_text("Searched this machine only")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "search-offline-draft-words.png"), full_page=True)

    page.get_by_role("link", name="Search the sources").click()
    form = page.locator(f"#search-panel-body-{finding.pk} form.search-form")
    expect(form.get_by_label("Search for")).to_have_value("2015두48999", timeout=30_000)
    form.get_by_label("Search for").fill("2015두48136")
    form.get_by_role("button", name="Search").click()
    hits = page.locator(f"#search-panel-body-{finding.pk} .search-hit")
    expect(hits.first).to_contain_text("2015두48136", timeout=30_000)
    hits.first.get_by_role("link", name="Preview").click()
    expect(page.locator("#search-preview").last).to_contain_text("2015두48136", timeout=30_000)
    page.screenshot(path=str(SCREENSHOTS / "search-offline-panel.png"), full_page=True)
    reset_router()

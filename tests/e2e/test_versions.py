"""A revised draft in Chromium: "What changed" names the corrected citation once (not as both new and
removed), the redline shows the words deleted and inserted, the earlier version can be opened; and a status
chip keeps the chosen sort."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.workbench.factories import PIPA_MISQUOTE

pytestmark = pytest.mark.e2e

FIRST = PIPA_MISQUOTE + "2. 민법 제103조는 반사회질서의 법률행위를 무효로 한다.\n"
REVISED = (
    '1. 개인정보 보호법 제15조 제1항은 "개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는 '
    '개인정보를 수집할 수 있으며 그 수집 목적의 범위에서 이용할 수 있다."라고 규정한다.\n'
    "2. 민법 제750조에 따라 고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는 그 손해를 배상할 "
    "책임이 있다.\n"
)


def test_what_changed_the_redline_and_the_earlier_version(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, settings
):
    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    login("alice", "alice-pass-1")
    page.goto(f"{live_server.url}/reviews/new/")
    page.get_by_label("Title").fill("개인정보 검토")
    page.get_by_label("Paste the draft").fill(FIRST)
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    review_url = page.url.split("?")[0]

    # A status chip keeps the sort that was chosen (once the finish has settled: the exports and the
    # actions it brings are still coming in when "Done" shows).
    page.wait_for_load_state("networkidle")
    page.locator("#f-sort").select_option("risk")
    expect(page).to_have_url(re.compile(r"sort=risk"))
    page.locator("a.count[data-status=unverified]").click()
    expect(page).to_have_url(re.compile(r"status=unverified"))
    expect(page).to_have_url(re.compile(r"sort=risk"))
    expect(page.locator("#f-sort")).to_have_value("risk")

    page.goto(review_url)
    page.get_by_text("Upload a revised draft").click()
    page.locator("#review-actions textarea[name=text]").fill(REVISED)
    page.get_by_role("button", name="Check the new version").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    changes = page.locator("section.changes")
    expect(changes).to_contain_text("What changed in version 2")
    expect(changes).to_contain_text("Same citation, claim or quote changed: 개인정보 보호법 제15조 제1항")
    expect(changes).to_contain_text("New citations: 민법 제750조")
    expect(changes).to_contain_text("Removed citations: 민법 제103조")
    assert changes.inner_text().count("제15조") == 1
    page.screenshot(path=str(SCREENSHOTS / "what-changed.png"), full_page=True)

    page.get_by_role("link", name="See the redline").click()
    redline = page.locator(".redline")
    expect(redline.locator("del").first).to_be_visible()
    expect(redline.locator("ins").first).to_be_visible()
    deleted = " ".join(redline.locator("del").all_inner_texts())
    inserted = " ".join(redline.locator("ins").all_inner_texts())
    assert "제3자에게" in deleted
    assert "수집할" in inserted
    assert "제750조" in inserted
    assert "제103조" in deleted
    # the words both versions share are not marked
    assert "개인정보 보호법" not in deleted + inserted
    page.screenshot(path=str(SCREENSHOTS / "redline.png"), full_page=True)

    page.get_by_role("link", name="open version 1").click()
    expect(page.locator("main h1")).to_contain_text("Version 1")
    document = page.locator("article.document")
    expect(document).to_contain_text("제3자에게 제공")
    expect(document.locator("span.cite.st-unverified")).to_contain_text("개인정보 보호법 제15조 제1항")
    page.screenshot(path=str(SCREENSHOTS / "earlier-version.png"), full_page=True)

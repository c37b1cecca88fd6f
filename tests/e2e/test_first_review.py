"""The first slice through the browser: log in, paste a draft, the worker checks it, the table shows rows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e


def test_an_associate_pastes_a_draft_and_sees_coloured_findings(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, data_dir, settings
):
    settings.WORKBENCH_LOCAL_ONLY = True
    login("alice", "alice-pass-1")
    page.get_by_role("link", name="New review").first.click()
    page.get_by_label("Matter").select_option(label="M-1 Kowalski v Bank")
    page.get_by_label("Title").fill("Data memo")
    page.get_by_label("Paste the draft").fill((data_dir / "memos" / "memo-ko.md").read_text(encoding="utf-8"))
    page.get_by_role("button", name="Check citations").click()

    expect(page.get_by_role("status").first).to_contain_text(re.compile("Done"), timeout=90_000)
    rows = page.locator("tr[data-finding]")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 5
    # Each row says its status in words (not by colour alone, nor as a code word like needs_judgement).
    labels = rows.locator("td.status .label").all_inner_texts()
    assert all(
        label
        in {
            "verified",
            "modified",
            "needs judgement",
            "calibration",
            "unverified",
            "no source",
            "not checked",
        }
        for label in labels
    ), labels
    assert "unverified" in labels
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "first-review-table.png"), full_page=True)

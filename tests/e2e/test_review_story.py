"""The whole story in Chromium with the demo roles: an associate checks a draft with every status, works the
findings, attaches a missing source; a partner approves, overrides a 🔴 with a reason and signs off; the
review is then read-only."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

SCHREMS_I = (
    "JUDGMENT OF THE COURT (Grand Chamber) 6 October 2015. "
    "Maximillian Schrems v Data Protection Commissioner. "
    "Case C-362/14. ECLI:EU:C:2015:650. Commission Decision 2000/520/EC on the adequacy of the protection "
    "provided by the safe harbour privacy principles is invalid."
)


def row(page: Page, status: str):
    return page.locator(f"tr[data-finding].st-{status}")


def open_finding(page: Page, status: str) -> None:
    link = row(page, status).first.locator("a.fid")
    finding_id = link.inner_text()
    link.click()
    # The panel may still show the previous finding: wait for this one.
    expect(page.locator("#evidence #ev-title")).to_contain_text(finding_id)


def test_the_review_story_from_draft_to_sign_off(
    people, corpus_snapshots, celery_worker_real, login, page, browser, live_server, data_dir, settings
):
    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    # The associate pastes a draft with every status and waits for the worker.
    login("alice", "alice-pass-1")
    page.goto(f"{live_server.url}/reviews/new/")
    page.get_by_label("Matter").select_option(label="M-1 Kowalski v Bank")
    page.get_by_label("Title").fill("GDPR compensation memo")
    page.get_by_label("Paste the draft").fill(
        (data_dir / "memos" / "every-status.md").read_text(encoding="utf-8")
    )
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    review_url = page.url.replace(live_server.url, "")
    page.reload()
    for status in (
        "verified",
        "modified",
        "needs_judgement",
        "calibration",
        "unverified",
        "no_source",
        "not_checked",
    ):
        expect(row(page, status).first).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "review-table.png"), full_page=True)

    # Filter to 🟡 modified: only the table is swapped and the URL can be shared.
    page.locator("a.count[data-status=modified]").click()
    expect(page).to_have_url(re.compile(r"status=modified"))
    expect(page.locator("tr[data-finding]")).to_have_count(row(page, "modified").count())
    open_finding(page, "modified")
    panel = page.locator("#evidence")
    expect(panel.locator("mark.m-match")).to_be_visible()
    expect(panel.locator(".diff del").first).to_be_visible()
    expect(panel.locator(".diff ins").first).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "evidence-modified.png"), full_page=True)

    # 🟠 calibration: propose a softened wording.
    page.locator("a.count[data-status=calibration]").click()
    expect(page).to_have_url(re.compile(r"status=calibration"))
    open_finding(page, "calibration")
    page.locator("#propose-form select[name=action]").select_option("soften")
    page.locator("#propose-form textarea[name=text]").fill(
        "the Court held that a mere infringement is not sufficient to confer a right to compensation"
    )
    page.locator("#propose-form button[type=submit]").click()
    expect(page.locator("#evidence .confirmation")).to_contain_text("accept with softened wording")

    # ⛔ no source: attach the judgment and see the finding verified again.
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="GDPR compensation memo").click()
    open_finding(page, "no_source")
    page.locator("#attach-form textarea[name=text]").fill(SCHREMS_I)
    page.locator("#attach-form button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("Source attached")
    expect(page.locator("article.evidence h2")).not_to_contain_text("no source")

    # The partner works the queue, approves, overrides the 🔴 with a reason, and signs off.
    partner = browser.new_context(viewport={"width": 1400, "height": 900})
    p = partner.new_page()
    p.goto(f"{live_server.url}/login/")
    p.get_by_label("Username").fill("paula")
    p.get_by_label("Password").fill("paula-pass-1")
    p.get_by_role("button", name="Log in").click()
    p.goto(f"{live_server.url}/queue/")
    expect(p.locator("main")).to_contain_text("calibration")
    p.goto(f"{live_server.url}{review_url}")
    for status, action in (
        ("calibration", "approve"),
        ("modified", "approve"),
        ("needs_judgement", "approve"),
        ("unverified", "override"),
        ("no_source", "override"),
    ):
        while row(p, status).filter(has_not_text=re.compile("approved|overridden")).count():
            row(p, status).filter(has_not_text=re.compile("approved|overridden")).first.locator(
                "a.fid"
            ).click()
            expect(p.locator("#evidence #decide-form")).to_be_visible()
            p.locator("#decide-form select[name=action]").select_option(action)
            p.locator("#decide-form textarea[name=comment]").fill(
                "Checked against the judgment; wording accepted."
                if action == "approve"
                else "The draft will cite the Korean Personal Information Protection Act instead."
            )
            p.locator("#decide-form button[type=submit]").click()
            expect(p.locator("#evidence .confirmation")).to_contain_text("Decision recorded")
            p.goto(f"{live_server.url}{review_url}")
    p.get_by_role("link", name="Sign off the review…").click()
    p.get_by_label("I have read the findings and understand that sign-off is final.").check()
    p.get_by_role("button", name="Sign off — final").click()
    expect(p.locator(".signed")).to_contain_text("Signed off by paula")
    p.screenshot(path=str(SCREENSHOTS / "review-signed-off.png"), full_page=True)
    partner.close()

    # The associate can no longer change anything.
    page.goto(f"{live_server.url}{review_url}")
    expect(page.locator(".signed")).to_be_visible()
    open_finding(page, "modified")
    expect(page.locator("#propose-form")).to_have_count(0)
    expect(page.locator("#attach-form")).to_have_count(0)
    status = page.evaluate(
        """async (url) => {
            const token = document.querySelector('input[name=csrfmiddlewaretoken]').value;
            const r = await fetch(url, {method: 'POST', headers: {'X-CSRFToken': token},
                                        body: new URLSearchParams({action: 'accept'})});
            return r.status;
        }""",
        page.locator("tr[data-finding].st-modified a.fid").first.get_attribute("href") + "propose/",
    )
    assert status == 403

"""Working a review without leaving it, in Chromium: the associate proposes and the workspace moves to the
next open finding; the partner sees the proposed wording in the queue, is refused sign-off with the
blocking findings listed as links, approves both 🟡 with one reason, decides the rest finding after finding
in the workspace, confirms the final sign-off, and reads the audit trail (filtered by finding, downloaded)
and the table of authorities."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS
from tests.integration.fixtures import wait_for
from verifier.ingest import ingest_text

pytestmark = pytest.mark.e2e


def finished_review(people, data_dir):
    from workbench.models import Review
    from workbench.reviews import services

    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="GDPR compensation memo",
        document=ingest_text((data_dir / "memos" / "every-status.md").read_text(encoding="utf-8")),
    )
    wait_for(lambda: Review.objects.get(pk=review.pk).status == Review.Status.DONE)
    return Review.objects.get(pk=review.pk)


def row(page: Page, finding_id: str):
    return page.locator("tr[data-finding]").filter(has=page.locator(f"a.fid:text-is('{finding_id}')"))


def test_propose_decide_bulk_approve_sign_off_and_read_the_record(
    people, corpus_snapshots, celery_worker_real, login, page, browser, live_server, data_dir, settings
):
    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    review = finished_review(people, data_dir)
    url = f"{live_server.url}/reviews/{review.pk}/"

    # The associate proposes on C2 (🟡 modified) and stays in the workspace, now on C3.
    login("alice", "alice-pass-1")
    page.goto(url)
    page.evaluate("window.stillTheSamePage = true")
    row(page, "C2").locator("a.fid").click()
    expect(page.locator("#evidence #ev-title")).to_contain_text("C2")
    page.locator("#propose-form select[name=action]").select_option("correct")
    page.locator("#propose-form textarea[name=text]").fill("legitimate interests pursued by the controller")
    page.locator("#propose-form button[type=submit]").click()
    confirmation = page.locator("#evidence .confirmation")
    expect(confirmation).to_contain_text("Proposal recorded for C2: corrected quote.")
    expect(confirmation).to_contain_text("Next open finding: C3.")
    expect(page.locator("#evidence #ev-title")).to_contain_text("C3")
    expect(row(page, "C2").locator("td.state")).to_have_text("proposed")  # the table refreshed itself
    expect(page).to_have_url(re.compile(r"finding=\d+"))
    assert page.evaluate("window.stillTheSamePage") is True
    page.screenshot(path=str(SCREENSHOTS / "next-open-finding.png"), full_page=True)

    partner = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    p = partner.new_page()
    p.goto(f"{live_server.url}/login/")
    p.get_by_label("Username").fill("paula")
    p.get_by_label("Password").fill("paula-pass-1")
    p.get_by_role("button", name="Log in").click()

    # The reviews list: open hard blocks and open 🟠/🟡 at a glance, with the owner and the last change.
    p.goto(f"{live_server.url}/")
    listed = p.locator("table.reviews tr[data-review]").filter(has_text="GDPR compensation memo")
    expect(listed.locator("td.hard")).to_have_text("3")
    expect(listed.locator("td.judged")).to_have_text("3")
    expect(listed).to_contain_text("alice")
    p.screenshot(path=str(SCREENSHOTS / "reviews-list.png"), full_page=True)

    # The queue shows what the associate proposed, in her words.
    p.goto(f"{live_server.url}/queue/")
    proposal = p.locator("table.queue td.proposal").first
    expect(proposal).to_contain_text("corrected quote")
    expect(proposal).to_contain_text("legitimate interests pursued by the controller")
    p.screenshot(path=str(SCREENSHOTS / "partner-queue-proposals.png"), full_page=True)

    # Sign-off is refused with every blocking finding named, each a link into the workspace.
    p.goto(url)
    p.get_by_role("link", name="Sign off the review…").click()
    refusal = p.locator(".refusal")
    expect(refusal).to_contain_text("6 findings still block it")
    links = refusal.locator("ul.blocking-list a")
    expect(links).to_have_text(["C2", "C3", "C4", "C5", "C6", "C7"])
    expect(p.get_by_role("button", name="Sign off — final")).to_have_count(0)
    p.screenshot(path=str(SCREENSHOTS / "sign-off-refused.png"), full_page=True)
    links.filter(has_text="C5").click()
    expect(p.locator("#evidence #ev-title")).to_contain_text("C5")

    # Both 🟡 approved with one reason.
    p.locator("#bulk-approve summary").click()
    bulk = p.locator("#bulk-approve")
    expect(bulk.locator("input[name=finding]")).to_have_count(2)
    bulk.locator("input[name=finding]").nth(0).check()
    bulk.locator("input[name=finding]").nth(1).check()
    bulk.locator("textarea[name=comment]").fill("Both checked against the judgment and the Regulation.")
    p.screenshot(path=str(SCREENSHOTS / "bulk-approval.png"), full_page=True)
    bulk.get_by_role("button", name="Approve the chosen findings").click()
    expect(p.locator(".messages")).to_contain_text("2 findings approved with one reason: C2, C3.")
    expect(row(p, "C2").locator("td.state")).to_have_text("approved")
    expect(row(p, "C3").locator("td.state")).to_have_text("approved")

    # The rest, one after the other without leaving the workspace: 🟠 approved, then 🔴/⛔ overridden.
    row(p, "C4").locator("a.fid").click()
    for expected, action, reason, following in (
        ("C4", "approve", "The softened reading is what the Court held.", "C5"),
        (
            "C5",
            "override",
            "The draft will cite the Korean Personal Information Protection Act instead.",
            "C6",
        ),
        ("C6", "override", "Schrems I is cited from the official report we hold.", "C7"),
        ("C7", "override", "Same judgment as C6, by its ECLI.", None),
    ):
        expect(p.locator("#evidence #ev-title")).to_contain_text(expected)
        p.locator("#decide-form select[name=action]").select_option(action)
        p.locator("#decide-form textarea[name=comment]").fill(reason)
        p.locator("#decide-form button[type=submit]").click()
        confirmation = p.locator("#evidence .confirmation")
        expect(confirmation).to_contain_text(f"Decision recorded for {expected}")
        if following:
            expect(confirmation).to_contain_text(f"Next open finding: {following}.")
        else:
            expect(confirmation).to_contain_text("No open finding is left")

    # Now the confirmation step: the box must be ticked; the sign-off is final.
    p.goto(url)
    p.get_by_role("link", name="Sign off the review…").click()
    expect(p.locator(".refusal")).to_have_count(0)
    expect(p.locator(".signoff-confirm")).to_contain_text("Sign-off is final")
    expect(p.locator(".signoff-confirm")).to_contain_text("Hard blocks you are overriding")
    p.get_by_label("Sign-off comment").fill("Ready to file.")
    p.get_by_role("button", name="Sign off — final").click()
    expect(p).to_have_url(re.compile(r"/sign-off/confirm/$"))  # the unticked box keeps the form here
    p.get_by_label("I have read the findings and understand that sign-off is final.").check()
    p.screenshot(path=str(SCREENSHOTS / "sign-off-confirmation.png"), full_page=True)
    p.get_by_role("button", name="Sign off — final").click()
    expect(p.locator(".signed")).to_contain_text("Signed off by paula")

    # The audit trail: the chain's status, every event, one finding's events, a download.
    p.get_by_role("link", name="Audit trail").first.click()
    expect(p.locator(".chain-status")).to_contain_text("The hash chain is intact")
    expect(p.locator("tr.ev-signed_off")).to_have_count(1)
    p.get_by_label("Finding").select_option("C3")
    p.get_by_role("button", name="Show").click()
    events = p.locator("table.timeline tbody tr")
    expect(events.filter(has_text="Approved together with one reason")).to_have_count(1)
    approved = events.filter(has=p.locator("b:text-is('Approved')"))
    expect(approved).to_have_count(1)
    expect(approved.locator(".reason")).to_have_text("Both checked against the judgment and the Regulation.")
    assert all("C3" in t for t in events.locator("td:nth-child(5)").all_inner_texts())
    p.screenshot(path=str(SCREENSHOTS / "audit-timeline.png"), full_page=True)
    with p.expect_download() as download:
        p.get_by_role("link", name="Download the audit trail (CSV)").click()
    content = download.value.path().read_bytes().decode("utf-8-sig")
    table = list(csv.DictReader(io.StringIO(content)))
    assert [r["event"] for r in table][-1] == "signed_off"
    assert any(r["event"] == "decision_override" and r["reason"].startswith("Schrems I") for r in table)

    # The table of authorities of the same review, and its Word export.
    p.goto(url)
    p.get_by_role("link", name="Table of authorities").first.click()
    expect(p.locator(".toa-part h2")).to_have_text(["Korea", "European Union"])
    expect(p.locator(".toa-part[data-jurisdiction=eu] .toa-group-title").first).to_contain_text(
        "Regulation (EU) 2016/679"
    )
    expect(p.locator(".toa-entry").filter(has_text="Case C-300/21").locator(".cited-at li")).to_have_count(2)
    p.screenshot(path=str(SCREENSHOTS / "table-of-authorities.png"), full_page=True)
    with p.expect_download() as download:
        p.locator(".exports").get_by_role("link", name="Word").click()
    assert download.value.suggested_filename.endswith("authorities.docx")
    partner.close()

"""Issue 16's scenario in Chromium, on the demo (`manage.py demo`): as associate, on the demo review's 🔴
민법 제1200조, attach a pasted text that has the article. The finding is at most 🟡, says it was checked
against text pasted by associate — not an official source — and that the official 민법 has no such article,
and it still blocks sign-off; 제103조 in the same review stays 🟢 against the official text; a new review in
the matter is unaffected. The partner cannot approve it without a reason; with one, it no longer blocks, and
the approval is in the audit trail."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS
from verifier.provenance import Day

pytestmark = pytest.mark.e2e

PASTE = "민법\n\n제1200조(데이터 공유) 데이터 공유 약정은 서면으로 하여야 한다."
REASON = "The client's own draft code; the memo will say it is not 민법."


def row(page: Page, finding_id: str):
    return page.locator("tr[data-finding]").filter(has=page.locator(f"a.fid:text-is('{finding_id}')"))


def open_finding(page: Page, finding_id: str) -> None:
    row(page, finding_id).locator("a.fid").click()
    expect(page.locator("#evidence #ev-title")).to_contain_text(finding_id)


def test_a_pasted_source_is_evidence_not_authority(
    transactional_db, celery_worker_real, login, page, browser, live_server, settings, capsys
):
    from workbench.models import Review

    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    call_command("demo", "--force")  # the demo users, matter, corpus and sample review
    capsys.readouterr()
    demo = Review.objects.get(title__startswith="Sample review")
    today = Day(datetime.now(UTC).isoformat()).describe("en")

    login("associate", "associate")
    page.goto(f"{live_server.url}/reviews/{demo.pk}/")
    expect(row(page, "C7")).to_have_class(re.compile(r"st-unverified"))
    expect(row(page, "C5")).to_have_class(re.compile(r"st-verified"))
    open_finding(page, "C7")
    evidence = page.locator("#evidence")
    expect(evidence.locator(".rationale")).to_contain_text("민법 has no 제1200조")
    attach = page.locator("#attach-form")
    expect(attach).to_contain_text("Also use it for the other citation of this act in this review")
    expect(attach.locator("fieldset.also")).to_contain_text("C5 · 민법 제103조")
    attach.locator("textarea[name=text]").fill(PASTE)
    attach.locator("button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("evidence, not an official text")
    panel = page.locator("article.evidence")
    expect(panel.locator("h2")).to_contain_text("needs judgement")
    expect(panel.locator(".provenance")).to_have_text(
        f"Checked against text pasted by associate on {today}, not an official source."
    )
    expect(panel.locator(".rationale")).to_contain_text(
        "The official source disagrees: 민법 has no 제1200조."
    )
    expect(panel.locator(".supplied-block")).to_contain_text("a partner approves it with a written reason")
    expect(panel.locator(".supplied")).to_contain_text("serves only the citations it was chosen for")
    page.screenshot(path=str(SCREENSHOTS / "supplied-source-capped.png"), full_page=True)

    # 제103조 in the same review: still 🟢 against the official text
    page.goto(f"{live_server.url}/reviews/{demo.pk}/")
    expect(row(page, "C7")).to_have_class(re.compile(r"st-needs_judgement"))
    expect(row(page, "C5")).to_have_class(re.compile(r"st-verified"))
    open_finding(page, "C5")
    expect(page.locator("#evidence .provenance")).to_contain_text("offline corpus")
    expect(page.locator("#evidence .provenance")).not_to_contain_text("pasted")

    # a new review in the matter: the paste is not there
    page.goto(f"{live_server.url}/reviews/new/")
    page.get_by_label("Title").fill("Second memo")
    page.get_by_label("Paste the draft").fill(demo.draft_text)
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    page.reload()
    expect(row(page, "C7")).to_have_class(re.compile(r"st-unverified"))
    expect(row(page, "C5")).to_have_class(re.compile(r"st-verified"))
    open_finding(page, "C7")
    expect(page.locator("#evidence .provenance")).not_to_contain_text("pasted")

    # the partner: no approval without a reason; with one, it no longer blocks, and the trail has it
    partner = browser.new_context(viewport={"width": 1400, "height": 900})
    p = partner.new_page()
    p.goto(f"{live_server.url}/login/")
    p.get_by_label("Username").fill("partner")
    p.get_by_label("Password").fill("partner")
    p.get_by_role("button", name="Log in").click()
    p.goto(f"{live_server.url}/queue/")
    expect(p.locator("#supplied-only")).to_contain_text("민법 제1200조")
    expect(p.locator("#supplied-only")).to_contain_text("official source: unverified")
    p.goto(f"{live_server.url}/reviews/{demo.pk}/sign-off/confirm/")
    expect(p.locator(".blocking-list")).to_contain_text("민법 제1200조")
    p.goto(f"{live_server.url}/reviews/{demo.pk}/")
    open_finding(p, "C7")
    p.locator("#decide-form select[name=action]").select_option("approve")
    p.locator("#decide-form button[type=submit]").click()
    expect(p.locator("#evidence .error")).to_contain_text("approve it with a written reason")
    p.goto(f"{live_server.url}/reviews/{demo.pk}/")
    open_finding(p, "C7")
    p.locator("#decide-form select[name=action]").select_option("approve")
    p.locator("#decide-form textarea[name=comment]").fill(REASON)
    p.locator("#decide-form button[type=submit]").click()
    expect(p.locator("#evidence .confirmation")).to_contain_text("Decision recorded for C7: approve")
    p.goto(f"{live_server.url}/reviews/{demo.pk}/sign-off/confirm/")
    expect(p.locator(".blocking-list")).to_be_visible()  # the demo's other findings still block
    expect(p.locator(".blocking-list")).not_to_contain_text("민법 제1200조")
    p.goto(f"{live_server.url}/reviews/{demo.pk}/audit/?finding=C7")
    trail = p.locator("main")
    expect(trail).to_contain_text("Source attached")
    expect(trail).to_contain_text(f"text pasted by associate on {today}")
    expect(trail).to_contain_text("Approved")
    expect(trail).to_contain_text(REASON)
    expect(trail).to_contain_text("passes only against a supplied source")
    p.screenshot(path=str(SCREENSHOTS / "supplied-source-approved-trail.png"), full_page=True)
    partner.close()

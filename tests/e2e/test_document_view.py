"""The draft as the lawyer wrote it, in Chromium: a Word memo whose citations sit in footnotes, endnotes and a
table is shown with its notes under their numbers, every citation in its status colour with its claim
underlined; j/k move through the citations and open the same evidence panel; the URL keeps the view and
the finding, so a reload (or a link sent to a partner) shows the same place; "only what blocks" leaves the
rest of the draft unhighlighted; table and document side by side on a wide screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e


def upload_memo(page: Page, live_server, data_dir) -> str:
    page.goto(f"{live_server.url}/reviews/new/")
    # Alice is in one matter: the form has it chosen already, the first submit succeeds.
    expect(page.get_by_label("Matter")).to_have_value(re.compile(r"\d+"))
    page.get_by_label("Title").fill("Opinia z przypisami")
    page.locator("input[type=file][name=file]").set_input_files(
        str(data_dir / "drafts" / "memo_footnotes.docx")
    )
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text("Done", timeout=90_000)
    return page.url.split("?")[0]


def evidence_title(page: Page):
    return page.locator("#evidence #ev-title")


def test_the_draft_with_its_footnotes_citations_highlighted_and_navigable(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, data_dir, settings
):
    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    login("alice", "alice-pass-1")
    review_url = upload_memo(page, live_server, data_dir)

    page.locator("a.view-switch[data-view=document]").click()
    expect(page).to_have_url(re.compile(r"view=document"))
    document = page.locator("#document")
    expect(document).to_be_visible()
    # The body, then the notes under the numbers the reader sees, each with its own citation.
    footnotes = document.locator(".doc-footnotes li.doc-note")
    expect(footnotes.locator(".note-label")).to_have_text(["1", "2", "*", "3", "–"])
    expect(document.locator(".doc-endnotes li.doc-note .note-label")).to_have_text(["i", "ii"])
    expect(footnotes.nth(0).locator("a.cite")).to_have_text(
        "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12"
    )
    expect(document.locator(".doc-endnotes li.doc-note").nth(1).locator("a.cite")).to_contain_text(
        "IX U 1823/11"
    )
    expect(document.locator("table.doc-table a.cite")).to_have_text("III AUa 271/12")
    # The body paragraph of art. 56 Prawa bankowego is not followed by the notes' text.
    body = document.locator("p.doc-p")
    expect(body.filter(has_text="Prawa bankowego")).to_have_count(1)
    expect(body.filter(has_text="Wyrok Sądu Apelacyjnego")).to_have_count(0)
    # Every citation in its status colour, its claim underlined.
    cites = document.locator("a.cite[data-finding]")
    assert cites.count() == 10
    classes = cites.evaluate_all("els => els.map(e => e.className)")
    assert all(
        re.search(
            r"\bst-(verified|modified|needs_judgement|calibration|unverified|no_source|not_checked)\b", c
        )
        for c in classes
    ), classes
    claim = document.locator("span.claim-line").first
    assert "underline" in claim.evaluate("e => getComputedStyle(e).textDecorationLine")
    colour = document.locator("a.cite.st-unverified").first.evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent")
    page.screenshot(path=str(SCREENSHOTS / "document-view.png"), full_page=True)

    # j opens the first citation of the draft, j again the next, k goes back: the same evidence panel.
    page.locator("main h1").click()
    page.keyboard.press("j")
    expect(evidence_title(page)).to_contain_text("C1")
    page.keyboard.press("j")
    expect(evidence_title(page)).to_contain_text("C2")
    expect(document.locator("a.cite.selected")).to_have_text("III AUa 271/12")
    page.keyboard.press("k")
    expect(evidence_title(page)).to_contain_text("C1")
    # A click on a footnote's citation opens that one.
    footnotes.nth(0).locator("a.cite").click()
    expect(evidence_title(page)).to_contain_text("C4")
    expect(page.locator("#evidence .citation-line")).to_contain_text("footnote 1")
    expect(page).to_have_url(re.compile(r"finding=\d+"))
    page.screenshot(path=str(SCREENSHOTS / "document-view-evidence.png"), full_page=True)

    # The URL keeps the place: a reload shows the document with the same finding open.
    page.reload()
    expect(page.locator("#document")).to_be_visible()
    expect(evidence_title(page)).to_contain_text("C4")
    expect(page.locator("#document a.cite.selected")).to_have_count(1)

    # Only what blocks: the verified citations stay in the text, unhighlighted, and j skips them.
    page.locator("a.blocking-filter").click()
    expect(page).to_have_url(re.compile(r"blocking=1"))
    expect(page).to_have_url(re.compile(r"finding=\d+"))  # the open finding stays in the URL
    expect(page.locator("#document a.cite.quiet").first).to_be_visible()
    quiet = page.locator("#document a.cite.quiet").count()
    navigable = page.locator("#document a.cite[data-finding]").count()
    assert quiet > 0
    assert navigable > 0
    assert quiet + navigable == 10
    assert page.locator("#document a.cite.quiet[data-finding]").count() == 0
    page.screenshot(path=str(SCREENSHOTS / "document-view-only-blocking.png"), full_page=True)

    # Side by side on a wide screen: the table and the document of the same review.
    page.set_viewport_size({"width": 1800, "height": 1000})
    page.goto(f"{review_url}?view=both")
    table_box = page.locator("table.findings").bounding_box()
    document_box = page.locator("#document").bounding_box()
    assert table_box
    assert document_box
    assert document_box["x"] >= table_box["x"] + table_box["width"], (table_box, document_box)
    page.locator("#findings-table tr[data-finding] a.fid").nth(2).click()
    expect(evidence_title(page)).to_contain_text("C3")
    expect(page.locator("#document a.cite.selected")).to_have_count(1)
    page.screenshot(path=str(SCREENSHOTS / "table-and-document-side-by-side.png"), full_page=True)

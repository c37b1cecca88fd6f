"""Every word in the reader's language, in Chromium: status names, claim types, where a citation is and what
was checked read as words (not `needs_judgement`, `verbatim_quote`, "(line 3)", "fragment → fragment") in
English, Polish and Korean; the search panel's headings are translated; the Korean review-state column does
not wrap one syllable per line; a match in a judgment says which paragraph of the judgment it is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS
from tests.integration.fixtures import wait_for
from verifier.ingest import ingest_text

pytestmark = pytest.mark.e2e

CODE_WORDS = re.compile(
    r"\b(needs_judgement|no_source|not_checked|verbatim_quote|court_holding|bare_citation)\b"
)


def checked(people, data_dir, memo: str, title: str):
    from workbench.models import Review
    from workbench.reviews import services

    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title=title,
        document=ingest_text((data_dir / "memos" / memo).read_text(encoding="utf-8"), name=memo),
    )
    wait_for(lambda: Review.objects.get(pk=review.pk).status == Review.Status.DONE)
    return review


def choose_language(page: Page, code: str) -> None:
    page.locator("#ui-language").select_option(code)
    page.locator("form.lang button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", code)


def visible_text(page: Page) -> str:
    return page.locator("main").inner_text()


def open_finding(page: Page, finding_id: str) -> None:
    page.locator("tr[data-finding] a.fid", has_text=re.compile(f"^{finding_id}$")).click()
    expect(page.locator("#evidence #ev-title")).to_contain_text(finding_id)


def test_status_claim_type_place_and_check_in_english_polish_and_korean(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, data_dir, settings
):
    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    english = checked(people, data_dir, "every-status.md", "Every status")
    polish = checked(people, data_dir, "opinia-pl.md", "Opinia")
    korean = checked(people, data_dir, "memo-ko.md", "검토 의견서")
    login("alice", "alice-pass-1")

    # English: words, and the place in the judgment by its paragraph number.
    page.goto(f"{live_server.url}/reviews/{english.pk}/")
    expect(page.locator("a.count[data-status=needs_judgement]")).to_contain_text("needs judgement")
    expect(page.locator("tr.st-verified td.levels").first).to_have_text("quote checked word for word")
    assert not CODE_WORDS.search(visible_text(page))
    open_finding(page, "C3")
    expect(page.locator("#evidence .facts").first).to_contain_text("court's holding")
    expect(page.locator("#evidence h3 .place")).to_have_text(re.compile(r"^paragraph \d+ of the judgment$"))
    expect(page.locator("#evidence .citation-line")).to_contain_text("(line 7)")
    assert not CODE_WORDS.search(page.locator("#evidence").inner_text())
    page.screenshot(path=str(SCREENSHOTS / "words-en.png"), full_page=True)

    # Polish.
    choose_language(page, "pl")
    page.goto(f"{live_server.url}/reviews/{polish.pk}/")
    expect(page.locator("a.count[data-status=no_source]")).to_contain_text("brak źródła")
    expect(page.locator("table.findings thead")).to_contain_text("Co sprawdzono")
    open_finding(page, "C6")  # the misdated III CZP 36/02 (C5 is the act the SN's words cite on line 3)
    evidence = page.locator("#evidence")
    expect(evidence.locator(".citation-line")).to_contain_text("(wiersz 7)")
    expect(evidence.locator(".status-word")).to_have_text("niezweryfikowane")
    expect(evidence.locator(".facts").first).to_contain_text("Rodzaj twierdzenia")
    expect(evidence.locator(".search-panel h3")).to_have_text("Znajdź właściwe źródło")
    expect(evidence.get_by_role("link", name="Przeszukaj źródła")).to_be_visible()
    assert not CODE_WORDS.search(visible_text(page))
    page.screenshot(path=str(SCREENSHOTS / "words-pl.png"), full_page=True)

    # Korean, in a narrower window, where the review-state column used to wrap one syllable a line.
    page.set_viewport_size({"width": 1100, "height": 900})
    choose_language(page, "ko")
    page.goto(f"{live_server.url}/reviews/{korean.pk}/")
    expect(page.locator("a.count[data-status=needs_judgement]")).to_contain_text("판단 필요")
    header = page.locator("table.findings th", has_text="검토 상태")
    state = page.locator("tr[data-finding] td.state").first
    for cell in (header, state):
        lines = cell.evaluate(
            "e => { const r = document.createRange(); r.selectNodeContents(e);"
            " return new Set(Array.from(r.getClientRects(), b => Math.round(b.top))).size; }"
        )
        assert lines == 1, (cell.inner_text(), lines)
    open_finding(page, "C1")
    evidence = page.locator("#evidence")
    expect(evidence.locator(".citation-line")).to_contain_text("(3행)")
    expect(evidence.locator(".status-word")).to_have_text("검증됨")
    expect(evidence.locator(".check-word")).to_have_text("인용문을 문언 그대로 확인함")
    expect(evidence.locator(".search-panel h3")).to_have_text("올바른 법령·판례 찾기")
    expect(evidence.get_by_role("link", name="출처 검색")).to_be_visible()
    assert not CODE_WORDS.search(visible_text(page))
    page.screenshot(path=str(SCREENSHOTS / "words-ko.png"), full_page=True)

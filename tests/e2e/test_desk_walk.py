"""The lawyer's desk, walked in Chromium on the shipped corpus (demo/corpus, what `make run` imports),
offline: a Korean, a Polish and an English memo pasted and a Word memo with its citations in footnotes
uploaded. No ⛔ for a text the corpus holds, a Korean statute's versions answered from the recorded 연혁 and a
Polish and an EU act's from the versions the corpus holds, the footnote numbers in the body, side by side at
1440 px, the Word export's comments in the footnotes and in words, no English in a Polish or Korean
rationale, and axe-core (WCAG 2.1 AA) finding nothing serious or critical on any page in en/pl/ko.
Screenshots in var/screenshots/."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.conf import settings as conf
from playwright.sync_api import Page, expect

from tests.e2e.axe import described, violations
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.footnoted_docx import footnoted_memo
from tests.e2e.test_words import choose_language
from verifier.model import Anchor, Found

pytestmark = pytest.mark.e2e

CORPUS = conf.BASE_DIR / "demo" / "corpus"
# English a Polish or Korean rationale must not carry: the clients' own sentences, codes, errnos
ENGLISH = re.compile(r"\b(?:the|could not|is not set|not found|Errno|local-only mode|looked up)\b")
# what a sentence quotes (the draft's or the source's words, in any language) is not the reader's sentence
QUOTED = re.compile(r"[„“\"«'][^”\"»']*[”\"»']")


@pytest.fixture
def shipped_corpus(transactional_db, settings):
    from verifier.sources.local import CorpusResolver
    from workbench.pipeline.corpus import import_corpus
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    settings.WORKBENCH_CORPUS_DIR = CORPUS
    reset_router()
    import_corpus(CORPUS)
    yield CorpusResolver(CORPUS)
    reset_router()


def paste(page: Page, url: str, title: str, text: str) -> None:
    page.goto(f"{url}/reviews/new/")
    page.get_by_label("Matter").select_option(label="M-1 Kowalski v Bank")
    page.get_by_label("Title").fill(title)
    page.get_by_label("Paste the draft").fill(text)
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text(re.compile("Done"), timeout=180_000)


def upload(page: Page, url: str, title: str, name: str, content: bytes) -> None:
    page.goto(f"{url}/reviews/new/")
    page.get_by_label("Matter").select_option(label="M-1 Kowalski v Bank")
    page.get_by_label("Title").fill(title)
    page.locator("input[type=file]").set_input_files(
        {"name": name, "mimeType": "application/octet-stream", "buffer": content}
    )
    page.get_by_role("button", name="Check citations").click()
    expect(page.locator("#progress")).to_contain_text(re.compile("Done"), timeout=180_000)


def held_but_without_source(review, corpus) -> list[str]:
    """The ⛔ findings whose source the shipped corpus holds: each is a failure of the embedded default."""
    held = []
    for f in review.findings.filter(status="no_source"):
        if f.anchor_key and isinstance(corpus.resolve(Anchor(key=f.anchor_key)), Found):
            held.append(f"{f.finding_id} {f.anchor_key}")
    return held


def keyboard_walk(page: Page) -> None:
    """Keys only: j opens the first finding's evidence, a footnote number leads to its note with Enter, and
    the note's back link returns to the number; every step is reachable from the keyboard."""
    page.locator("body").press("j")
    expect(page.locator("#evidence #ev-title")).to_contain_text("C1")
    mark = page.locator("#document sup.note-ref a").first
    mark.focus()
    page.keyboard.press("Enter")
    expect(page.locator("li.doc-note:target")).to_have_count(1)
    back = page.locator("li.doc-note:target a.note-back")
    back.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#footnote-\d+-ref$"))
    tabbed = [page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 60)")]
    for _ in range(12):  # the page's controls are in the tab order, one after another
        page.keyboard.press("Tab")
        tabbed.append(
            page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 60)")
        )
    assert len(set(tabbed)) > 6, tabbed


def check_axe(page: Page, where: str, seen: dict[str, str]) -> None:
    found = violations(page)
    if found:
        seen[where] = described(found)


def test_the_desk_walk_offline_on_the_shipped_corpus(
    people, shipped_corpus, celery_worker_real, login, page, live_server, data_dir
):
    from workbench.models import Review

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    url = live_server.url
    login("alice", "alice-pass-1")
    memos = {
        "ko": ("검토 의견서", (data_dir / "memos" / "memo-ko.md").read_text(encoding="utf-8")),
        "pl": ("Opinia", (data_dir / "memos" / "opinia-pl.md").read_text(encoding="utf-8")),
        "en": ("GDPR memo", (data_dir / "memos" / "memo-eu.md").read_text(encoding="utf-8")),
    }
    for title, text in memos.values():
        paste(page, url, title, text)
    upload(page, url, "Footnoted memo", "footnoted.docx", footnoted_memo())
    reviews = {r.title: r for r in Review.objects.all()}
    for review in reviews.values():
        assert review.status == Review.Status.DONE, review.title
        assert held_but_without_source(review, shipped_corpus) == [], review.title

    # Still good law, offline: a Korean statute quote is checked against the recorded versions.
    korean = reviews["검토 의견서"]
    notes = [f.history["note"]["key"] for f in korean.findings.all() if f.history and f.history.get("note")]
    statute_notes = [n for n in notes if n.startswith("version")]
    assert statute_notes, notes
    assert not all(n.startswith("version_not_checked") for n in statute_notes), statute_notes

    # … and a Polish and an EU act's from the versions the corpus holds: the GDPR from its Article 99, k.c. in
    # its 1964 wording "with the amendments after it not held offline" — said on the page, never "checked"
    for title, key, words in (
        ("Opinia", "version_original_only", "the amendments after it are not held offline"),
        ("GDPR memo", "version_eu_held", "applied (from 2018-05-25, its Article 99)"),
    ):
        review = reviews[title]
        noted = [
            f
            for f in review.findings.order_by("ordinal")
            if (f.history or {}).get("note", {}).get("key") == key
        ]
        assert noted, [(f.finding_id, f.history) for f in review.findings.all()]
        page.goto(f"{url}/reviews/{review.pk}/findings/{noted[0].pk}/")
        expect(page.locator("#history .history-note")).to_contain_text(words)
        expect(page.locator("#history")).not_to_contain_text("Version not checked")
        page.screenshot(path=str(SCREENSHOTS / f"desk-good-law-offline-{key}.png"), full_page=True)

    # The footnoted memo: numbers in the body, side by side at 1440 px.
    word = reviews["Footnoted memo"]
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{url}/reviews/{word.pk}/?view=both")
    marks = page.locator("#document sup.note-ref a")
    expect(marks).to_have_count(3)
    table = page.locator("#findings-table").bounding_box()
    document = page.locator("#document").bounding_box()
    assert table
    assert document
    assert document["x"] > table["x"] + table["width"] - 1, (table, document)  # beside, not below
    page.screenshot(path=str(SCREENSHOTS / "desk-side-by-side-1440.png"), full_page=True)
    keyboard_walk(page)

    # The Word export: a comment in each footnote, in words.
    exported = page.request.get(f"{url}/reviews/{word.pk}/export/docx/").body()
    with zipfile.ZipFile(io.BytesIO(exported)) as package:
        comments = package.read("word/comments.xml").decode()
        footnotes = package.read("word/footnotes.xml").decode()
    assert footnotes.count("<w:commentReference ") == word.findings.count() > 0
    for code in ("needs_judgement", "no_source", "→", "Errno"):
        assert code not in comments, code

    # Every page, in every language: the reader's words, and nothing serious for axe (which does see a
    # violation where there is one: an image without a text alternative is critical).
    probe = page.context.new_page()
    probe.set_content("<html lang='en'><head><title>t</title></head><body><img src='x.png'></body></html>")
    assert "image-alt" in [v["id"] for v in violations(probe)]
    probe.close()
    problems: dict[str, str] = {}
    for language in ("en", "pl", "ko"):
        choose_language(page, language)
        for title, review in reviews.items():
            page.goto(f"{url}/reviews/{review.pk}/")
            check_axe(page, f"{language} review table {title}", problems)
            first = review.findings.order_by("ordinal").first()
            page.goto(f"{url}/reviews/{review.pk}/?view=document&finding={first.pk}")
            check_axe(page, f"{language} document + evidence {title}", problems)
            page.screenshot(
                path=str(SCREENSHOTS / f"desk-{language}-{review.pk}-document.png"), full_page=True
            )
            if language != "en":
                for f in review.findings.all():
                    page.goto(f"{url}/reviews/{review.pk}/findings/{f.pk}/")
                    # the reader's words: rationale, notes and the history panel but its quoted wordings
                    said = page.locator("p.rationale, p.note, #history > p").all_inner_texts()
                    english = [s for s in said if ENGLISH.search(QUOTED.sub("", s))]
                    assert not english, (language, title, f.finding_id, english)
        any_review = reviews["Opinia"]
        for where in ("", f"reviews/{any_review.pk}/authorities/", f"reviews/{any_review.pk}/audit/"):
            page.goto(f"{url}/{where}")
            check_axe(page, f"{language} /{where}", problems)
        page.goto(f"{url}/reviews/new/")
        page.evaluate("document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        page.locator("main form button[type=submit]").last.click()  # sent empty: the server's errors
        expect(page.locator("main").get_by_role("alert").first).to_be_visible()
        check_axe(page, f"{language} new review with errors", problems)
        page.screenshot(path=str(SCREENSHOTS / f"desk-form-errors-{language}.png"), full_page=True)
    page.context.clear_cookies()
    login("paula", "paula-pass-1")
    for language in ("en", "pl", "ko"):
        choose_language(page, language)
        page.goto(f"{url}/queue/")
        check_axe(page, f"{language} partner queue", problems)
    assert problems == {}, "\n".join(f"{k}:\n{v}" for k, v in problems.items())

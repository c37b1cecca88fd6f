"""A file attached as a finding's source in Chromium, on the demo: the request stores it and the page shows it
waiting or being read, the panel polls until the worker has read it in the parse sandbox, then says the
finding was checked again against it, and the finding shows it as a file the associate supplied."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_supplied_source import PASTE, open_finding

pytestmark = pytest.mark.e2e


def test_an_attached_file_is_read_by_the_worker_while_the_page_shows_its_state(
    transactional_db, celery_worker_real, login, page, live_server, settings, tmp_path, capsys, monkeypatch
):
    import time

    from workbench.models import Review
    from workbench.supplied import reading

    real_read = reading.read_within

    def slow_read(*args, **kwargs):  # long enough for the page to show the file being read
        time.sleep(2)
        return real_read(*args, **kwargs)

    monkeypatch.setattr(reading, "read_within", slow_read)  # the worker runs on threads of this process

    settings.WORKBENCH_LOCAL_ONLY = True
    settings.MEDIA_ROOT = tmp_path / "uploads"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    call_command("demo", "--force")
    capsys.readouterr()
    demo = Review.objects.get(title__startswith="Sample review")

    login("associate", "associate")
    page.goto(f"{live_server.url}/reviews/{demo.pk}/")
    open_finding(page, "C7")
    attach = page.locator("#attach-form")
    attach.locator("input[type=file]").set_input_files(
        {"name": "minbeop.txt", "mimeType": "text/plain", "buffer": PASTE.encode()}
    )
    attach.locator("button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("The file is stored and waits to be read")
    item = page.locator("#source-files li.source-file")
    expect(item).to_contain_text("minbeop.txt")
    expect(item.locator(".source-file-state")).to_have_text(re.compile(r"waiting to be read|being read"))
    expect(item).to_have_attribute("data-state", "reading")  # the panel polls: the worker took it
    expect(item.locator(".source-file-state")).to_have_text("being read")
    expect(item).to_have_attribute("data-state", "read", timeout=30_000)
    expect(item).to_contain_text("The finding was checked again against it.")
    page.screenshot(path=str(SCREENSHOTS / "attached-file-read.png"), full_page=True)
    item.get_by_role("link", name="Show the finding as checked now").click()
    panel = page.locator("article.evidence")
    expect(panel.locator("h2")).to_contain_text("needs judgement")
    expect(panel.locator(".provenance")).to_contain_text("associate")
    expect(panel.locator(".provenance")).to_contain_text("not an official source")

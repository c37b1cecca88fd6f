"""The citation form beside the verdict, in Chromium (issue 29 §1): the Polish opinion cites the Supreme
Court's resolution as "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02"; its finding shows the
form the practice writes ("uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02") and nothing to change (the
sentence names the court), and the status word is the one the finding had. A partner switches the matter to
the short form on the matter page and the same finding then reads "uchwała SN z 5.07.2002 r., III CZP 36/02",
with the date's form as the difference and the rule behind it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_words import checked, open_finding

pytestmark = pytest.mark.e2e


def test_the_form_note_is_shown_beside_the_verdict_in_the_matters_form(
    people, corpus_snapshots, celery_worker_real, login, page, live_server, data_dir, settings
):
    from workbench.models import AuditEvent, Finding

    settings.WORKBENCH_LOCAL_ONLY = True
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    review = checked(people, data_dir, "opinia-pl.md", "Opinia")
    row = Finding.objects.get(review=review, citation__startswith="uchwale z dnia 5 lipca 2002")
    status = row.status
    login("paula", "paula-pass-1")
    page.goto(f"{live_server.url}/reviews/{review.pk}/")
    open_finding(page, row.finding_id)
    note = page.locator("#evidence section.form-note")
    expect(note.locator(".canonical-citation")).to_have_text(
        "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02"
    )
    expect(note.locator("ul.form-differences li")).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / "citation-form-full.png"), full_page=True)

    page.goto(f"{live_server.url}/matters/{people['matter'].pk}/")
    page.locator("#citation-form input[value=short]").check()
    page.get_by_role("button", name="Save the citation form").click()
    expect(page.locator("#citation-form input[value=short]")).to_be_checked()
    assert AuditEvent.objects.filter(review=None, kind="citation_style_set").count() == 1

    page.goto(f"{live_server.url}/reviews/{review.pk}/")
    open_finding(page, row.finding_id)
    expect(note.locator(".canonical-citation")).to_have_text("uchwała SN z 5.07.2002 r., III CZP 36/02")
    expect(note.locator("ul.form-differences li")).to_contain_text("pl.judgment")
    page.screenshot(path=str(SCREENSHOTS / "citation-form-short.png"), full_page=True)
    assert Finding.objects.get(pk=row.pk).status == status  # a note beside the verdict, never a change of it

"""The matter's citation form (issue 29 §1): a partner of the matter chooses between the full and the short
form, with an event in the firm's audit chain; nobody else can, and not without the CSRF token. The table of
authorities writes each citation in the matter's form."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from verifier.ingest import ingest_text
from workbench.exports import toa
from workbench.models import AuditEvent, Matter

pytestmark = pytest.mark.django_db

# The first sentence of the project's Polish opinion (tests/data/memos/opinia-pl.md) with its citation
# rewritten as a lawyer in a hurry writes it: the court named in words, the date in digits.
DRAFT = (
    "1. Zgodnie z uchwałą Sądu Najwyższego z 5.07.2002 r., III CZP 36/02, „Przepis art. 691 "
    "k.c. w brzmieniu nadanym ustawą z dnia 21 czerwca 2001 r. o ochronie praw lokatorów, mieszkaniowym "
    "zasobie gminy i o zmianie Kodeksu cywilnego […] nie ma zastosowania dla oceny przesłanek wstąpienia w "
    "stosunek najmu po najemcy zmarłym przed wejściem w życie tej ustawy”.\n"
)


def _post(client: Client, matter: Matter, style: str):
    return client.post(f"/matters/{matter.pk}/citation-form/", {"style": style})


def test_a_partner_sets_the_short_form_and_the_firm_chain_records_it(client_for, people) -> None:
    response = _post(client_for("partner"), people["matter"], "short")
    assert response.status_code == 302
    assert Matter.objects.get(pk=people["matter"].pk).citation_style == "short"
    event = AuditEvent.objects.get(review=None, kind="citation_style_set")
    assert event.actor == people["partner"]
    assert (event.payload["from"], event.payload["to"]) == ("full", "short")


def test_an_associate_may_not_change_the_form(client_for, people) -> None:
    response = _post(client_for("associate"), people["matter"], "short")
    assert response.status_code == 403
    assert Matter.objects.get(pk=people["matter"].pk).citation_style == "full"
    assert not AuditEvent.objects.filter(kind="citation_style_set").exists()


def test_a_partner_of_another_matter_does_not_see_it(client_for, people) -> None:
    assert _post(client_for("outside_partner"), people["matter"], "short").status_code == 404
    assert Matter.objects.get(pk=people["matter"].pk).citation_style == "full"


def test_a_form_that_is_neither_is_refused_and_nothing_is_recorded(client_for, people) -> None:
    _post(client_for("partner"), people["matter"], "bluebook")
    assert Matter.objects.get(pk=people["matter"].pk).citation_style == "full"
    assert not AuditEvent.objects.filter(kind="citation_style_set").exists()


def test_without_the_csrf_token_the_change_is_refused(people) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(people["partner"])
    assert _post(client, people["matter"], "short").status_code == 403
    assert Matter.objects.get(pk=people["matter"].pk).citation_style == "full"


def _citings(review, style: str) -> list[str]:
    table = toa.build(toa.findings_for_table(review), style)
    return [
        c.citation
        for part in table.parts
        for section in part.sections
        for group in section.groups.values()
        for entry in group.entries.values()
        for c in entry.citings
    ]


@pytest.mark.django_db(transaction=True)
def test_the_table_of_authorities_writes_the_citation_in_the_matters_form(
    people, corpus_snapshots, settings
) -> None:
    from workbench.models import Review
    from workbench.pipeline import worker
    from workbench.reviews import services

    settings.WORKBENCH_LOCAL_ONLY = True
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="Opinia",
        document=ingest_text(DRAFT),
        enqueue=False,
    )
    worker.verify_findings(worker.extract_findings(review.pk))
    review = Review.objects.get(pk=review.pk)
    assert "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02" in _citings(review, "full")
    assert "uchwała SN z 5.07.2002 r., III CZP 36/02" in _citings(review, "short")


@pytest.mark.django_db(transaction=True)
def test_the_json_export_gives_the_form_in_the_matters_choice(people, corpus_snapshots, settings) -> None:
    from workbench.exports.report import export_json
    from workbench.form.services import set_citation_style
    from workbench.models import Review
    from workbench.pipeline import worker
    from workbench.reviews import services

    settings.WORKBENCH_LOCAL_ONLY = True
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="Opinia",
        document=ingest_text(DRAFT),
        enqueue=False,
    )
    worker.verify_findings(worker.extract_findings(review.pk))

    def forms() -> list[str]:
        data = json.loads(export_json(Review.objects.get(pk=review.pk)))
        return [f["form"]["canonical"] for f in data["documents"][0]["findings"] if f["form"]]

    assert "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02" in forms()
    set_citation_style(user=people["partner"], matter=people["matter"], style="short")
    assert "uchwała SN z 5.07.2002 r., III CZP 36/02" in forms()


@pytest.mark.django_db(transaction=True)
def test_the_pdf_report_writes_the_citation_as_the_practice_does(
    people, corpus_snapshots, settings, tmp_path
) -> None:
    import subprocess

    from workbench.exports.report import export_pdf
    from workbench.models import Review
    from workbench.pipeline import worker
    from workbench.reviews import services

    settings.WORKBENCH_LOCAL_ONLY = True
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="Opinia",
        document=ingest_text(DRAFT),
        enqueue=False,
    )
    worker.verify_findings(worker.extract_findings(review.pk))
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(export_pdf(Review.objects.get(pk=review.pk), "en"))
    text = " ".join(
        subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True
        ).stdout.split()
    )
    assert "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02" in text

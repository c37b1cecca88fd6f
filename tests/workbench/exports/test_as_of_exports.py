"""The review's as-of date in every export a firm files — the CSV, the PDF report, the Word draft,
the table of authorities (page, PDF, Word) — and each finding's version/treatment note with it, in the
export's language."""

from __future__ import annotations

import csv
import io
import subprocess

import docx
import pypdf
import pytest
from django.urls import reverse
from django.utils import translation

from tests.workbench.evidence.test_history_view import add_finding, make_review
from tests.workbench.history_data import overruled_history, pipa_history
from workbench.exports import record as record_exports
from workbench.exports import report as exports

PIPA_NOTE_EN = "The draft quotes the wording in force until 2023-09-14"


@pytest.fixture
def review(people):
    review = make_review(people, "2024-01-01")
    add_finding(
        review, 1, "개인정보 보호법 제15조 제1항 제4호", "statute", "unverified", pipa_history("2024-01-01")
    )
    add_finding(
        review,
        2,
        "대법원 2009. 7. 9. 선고 2009다21249 판결",
        "judgment",
        "unverified",
        overruled_history("2024-01-01"),
    )
    return review


def pdf_text(content: bytes) -> str:
    # pypdf reads fpdf2's two-byte CID text with a NUL before each glyph
    pages = pypdf.PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text().replace("\x00", "").split()) for page in pages)


def test_the_csv_has_the_date_and_each_findings_note_in_the_readers_language(review):
    rows = list(csv.DictReader(io.StringIO(exports.export_csv(review, "pl").decode("utf-8-sig"))))
    assert list(rows[0])[-2:] == ["as_of", "history_note"]
    assert [r["as_of"] for r in rows] == ["2024-01-01", "2024-01-01"]
    assert rows[0]["history_note"].startswith("Projekt cytuje brzmienie obowiązujące do 2023-09-14")
    assert "2015다200111" in rows[1]["history_note"]
    english = list(csv.DictReader(io.StringIO(exports.export_csv(review, "en").decode("utf-8-sig"))))
    assert english[0]["history_note"].startswith(PIPA_NOTE_EN)


def test_the_pdf_report_says_the_date_and_each_findings_note(review):
    text = pdf_text(exports.export_pdf(review, "en"))
    assert "Law as of: 2024-01-01" in text
    assert f"As of 2024-01-01: {PIPA_NOTE_EN}" in text
    assert "정보주체와 체결한 계약을 이행하거나" in text  # the wording in force, Hangul kept


def test_the_word_draft_says_the_date_in_the_document_and_in_every_comment(review):
    document = docx.Document(io.BytesIO(exports.export_docx(review, "en")))
    assert "Law as of: 2024-01-01" in [p.text for p in document.paragraphs]
    assert document.core_properties.subject == "Citation review, law as of 2024-01-01"
    comments = list(document.comments)
    assert len(comments) == 2
    assert all("law as of 2024-01-01" in c.text for c in comments)
    assert PIPA_NOTE_EN in comments[0].text
    assert "expressly changed this judgment's view" in comments[1].text


def test_the_table_of_authorities_says_the_date_on_the_page_and_in_both_files(review, client_for):
    line = "Law as of 2024-01-01: the wording in force on that day was checked."
    c = client_for("associate")
    page = c.get(reverse("review_authorities", args=[review.pk])).content.decode()
    assert f'<p class="as-of" id="toa-as-of">{line}</p>' in page
    korean = c.get(reverse("review_authorities", args=[review.pk]), headers={"accept-language": "ko"})
    assert "법령 기준일 2024-01-01: 그날 시행 중이던 문언으로 확인했습니다." in korean.content.decode()
    with translation.override("en"):
        word, pdf = record_exports.toa_docx(review), record_exports.toa_pdf(review)
    paragraphs = [p.text for p in docx.Document(io.BytesIO(word)).paragraphs]
    assert paragraphs[:4][-1] == line
    layer = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    assert line in " ".join(layer.split())


@pytest.mark.parametrize("fmt", ["json", "csv", "pdf", "docx", "toa-pdf", "toa-docx"])
def test_each_downloaded_export_carries_the_date(review, client_for, fmt):
    response = client_for("associate").get(reverse("review_export", args=[review.pk, fmt]), {"lang": "pl"})
    assert response.status_code == 200
    content = b"".join(response.streaming_content)  # exports stream
    if fmt in ("csv", "json"):
        text = content.decode("utf-8-sig")
    elif fmt.endswith("pdf"):
        text = pdf_text(content)
    else:
        document = docx.Document(io.BytesIO(content))
        text = "\n".join([p.text for p in document.paragraphs] + [c.text for c in document.comments])
    assert "2024-01-01" in text
    assert review.audit_events.filter(kind="exported", payload__format=fmt).count() == 1


def test_the_json_says_the_date_and_carries_each_history_as_the_contract_has_it(review):
    import json
    from pathlib import Path

    import jsonschema

    schema = json.loads((Path(__file__).resolve().parents[3] / "docs" / "findings.schema.json").read_text())
    data = json.loads(exports.export_json(review))
    jsonschema.validate(data, schema)
    assert data["schema"] == "citation-findings/5"
    (document,) = data["documents"]
    assert document["as_of"] == "2024-01-01"
    first, second = document["findings"]
    assert first["history"] == review.findings.get(ordinal=1).history
    assert first["history"]["timeline"][2]["checked"] is True
    assert first["history"]["note"]["text"]["en"].startswith(PIPA_NOTE_EN)
    assert second["history"]["treatment"][0]["number"] == "2015다200111"

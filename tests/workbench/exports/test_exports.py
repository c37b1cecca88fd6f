"""Exports: the contract JSON (validated against docs/findings.schema.json), CSV for Excel, the PDF a partner
files, the draft as .docx with a comment per citation; permission-checked, audited and reproducible."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import docx
import jsonschema
import pypdf
import pytest
from django.urls import reverse

from tests.workbench.factories import review_with_findings
from workbench.exports import report as exports
from workbench.models import Decision, Finding
from workbench.pipeline import worker
from workbench.reviews import services

ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = ROOT / "var" / "screenshots"


@pytest.fixture
def review(people):
    return review_with_findings(people)


def test_the_json_export_validates_against_the_contract_schema(review):
    schema = json.loads((ROOT / "docs" / "findings.schema.json").read_text(encoding="utf-8"))
    data = json.loads(exports.export_json(review))
    jsonschema.validate(data, schema)
    document = data["documents"][0]
    assert [f["id"] for f in document["findings"]] == ["C1", "C2", "C3"]
    assert document["summary"]["hard_blocks"] == 1
    assert data["review"]["audit_chain"][0]["kind"] == "review_created"


def test_the_csv_opens_in_excel_with_polish_and_korean_text(review):
    raw = exports.export_csv(review, "en")
    assert raw.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert [r["id"] for r in rows] == ["C1", "C2", "C3"]
    assert rows[0]["snapshot_sha256"]
    assert rows[0]["source_url"] == "https://www.law.go.kr/법령/민법"
    assert "zażółć gęślą jaźń" in rows[1]["claim_text"]


def test_the_docx_has_one_comment_per_finding_on_the_citation(review):
    document = docx.Document(io.BytesIO(exports.export_docx(review, "en")))
    comments = list(document.comments)
    assert len(comments) == review.findings.count()
    anchored = []
    body = document.element.body
    for comment in comments:
        start = body.xpath(f'.//w:commentRangeStart[@w:id="{comment.comment_id}"]')[0]
        texts, node = [], start.getnext()
        while node is not None and node.tag.split("}")[1] != "commentRangeEnd":
            texts.extend(t.text or "" for t in node.iter("{*}t"))
            node = node.getnext()
        anchored.append("".join(texts))
    assert anchored == [f.citation for f in review.findings.order_by("ordinal")]
    # the status and the check in words, never the codes
    assert "⛔ no source · source not found" in comments[2].text
    assert not any(code in c.text for c in comments for code in ("no_source", "needs_judgement", "→"))


def test_the_pdf_report_keeps_every_id_hangul_and_polish_letters(review, people):
    content = exports.export_pdf(review, "en")
    # pypdf reads fpdf2's two-byte CID text with a NUL before each glyph (poppler's pdftotext does not).
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages).replace(
        "\x00", ""
    )
    for finding in review.findings.all():
        assert finding.finding_id in text
    assert "민법 제103조" in text
    assert "한글" in text
    assert "zażółć gęślą jaźń" in text
    assert "NOT SIGNED OFF" in text


def test_a_signed_off_reviews_exports_are_reproducible(review, people):
    Finding.objects.filter(review=review).exclude(status__in=["verified"]).update(
        state=Finding.State.APPROVED
    )
    Finding.objects.filter(review=review, status="no_source").update(state=Finding.State.OVERRIDDEN)
    Decision.objects.create(
        finding=review.findings.get(ordinal=3),
        action="override",
        comment="Judgment supplied on paper",
        user=people["partner"],
        role="partner",
    )
    services.sign_off(user=people["partner"], review=review)
    review.refresh_from_db()
    for fmt in exports.FORMATS:
        first = services.export_review(user=people["partner"], review=review, fmt=fmt).content
        second = services.export_review(user=people["partner"], review=review, fmt=fmt).content
        assert first == second, fmt
    assert review.audit_events.filter(kind="exported").count() == 2 * len(exports.FORMATS)


def test_a_rendered_pdf_page_is_saved_for_a_person_to_look_at(review):
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (poppler-utils) is required; make test installs it")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdf_path = SCREENSHOTS / "report.pdf"
    pdf_path.write_bytes(exports.export_pdf(review, "en"))
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "80",
            "-f",
            "1",
            "-l",
            "1",
            str(pdf_path),
            str(SCREENSHOTS / "report-page"),
        ],
        check=True,
    )
    assert any(SCREENSHOTS.glob("report-page*.png"))


@pytest.mark.parametrize("fmt", exports.FORMATS)
def test_every_export_url_is_404_outside_the_matter(client_for, review, fmt):
    response = client_for("outsider").get(reverse("review_export", args=[review.pk, fmt]))
    assert response.status_code == 404
    assert not review.audit_events.filter(kind="exported").exists()


@pytest.mark.parametrize("fmt", exports.FORMATS)
def test_a_member_downloads_each_export_and_it_is_audited(client_for, review, fmt):
    response = client_for("associate").get(reverse("review_export", args=[review.pk, fmt]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'.{fmt}"')
    event = review.audit_events.get(kind="exported")
    assert event.payload["format"] == fmt
    assert event.actor_name == "alice"


def test_a_docx_draft_gets_its_comments_in_a_copy_of_the_original(people, data_dir):
    from verifier.ingest import ingest_bytes

    original = (data_dir / "drafts" / "memo_tracked.docx").read_bytes()
    document = ingest_bytes(original, "memo_tracked.docx")
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="docx",
        document=document,
        original=original,
        enqueue=False,
    )
    worker.extract_findings(review.pk)
    review.refresh_from_db()
    content = exports.export_docx(review, "en")
    exported = docx.Document(io.BytesIO(content))
    # every finding has its comment, a footnote's in the footnote, as Word puts it
    assert len(list(exported.comments)) == review.findings.count() > 0
    in_notes = [f for f in review.findings.all() if f.origin.startswith(("footnote", "endnote"))]
    assert in_notes
    with zipfile.ZipFile(io.BytesIO(content)) as package:
        names = {"word/footnotes.xml", "word/endnotes.xml"} & set(package.namelist())
        notes_xml = b"".join(package.read(n) for n in sorted(names))
    assert notes_xml.count(b"<w:commentRangeStart ") == len(in_notes)
    assert notes_xml.count(b"<w:commentReference ") == len(in_notes)
    # It is the original file with comments added: the tracked changes are still there for the author.
    xml = exported.element.xml
    assert "w:ins" in xml
    assert "w:del" in xml


def test_the_csv_label_of_a_modified_quote_is_not_verified(review):
    review.findings.filter(ordinal=1).update(status="modified")
    rows = list(csv.DictReader(io.StringIO(exports.export_csv(review, "en").decode("utf-8-sig"))))
    by_id = {row["id"]: row for row in rows}
    assert by_id["C1"]["status"] == "modified"
    assert by_id["C1"]["label"] == "unknown"

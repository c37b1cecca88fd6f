"""The draft "with suggested changes": the user's own .docx (or a .docx of the pasted text) with every fix a
finding stands behind as a Word revision, in the body and in the footnotes. Accepted in full, the draft is
checked again: the findings that were fixed come back 🟢 and nothing else changed.

The sentences are the test memos' (tests/data/memos, each citing texts of tests/data/corpus), with the
mistakes the fixes are for: a quote with a changed word (민법 제103조 "무효이다" for "무효로 한다"; GDPR
"interest" for "interests"), 제15조 제1항 제1호 cited for what 제2호 says, and a judgment's date a day or a
month off (대법원 2014다235080 of 2016. 8. 17.; SN III CZP 36/02 of 5 lipca 2002 r.).
"""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile

import docx
import pypdf
import pytest
from django.urls import reverse
from docx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from lxml import etree

from tests.workbench.factories import checked_review
from verifier.fixes import Fix, applied
from verifier.ingest import ingest_bytes, ingest_text
from workbench.exports import draft_changes, suggested
from workbench.models import Decision, Finding
from workbench.reviews import services

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = {"w": W}

QUOTE_KO = (
    '민법 제103조는 "선량한 풍속 기타 사회질서에 위반한 사항을 '
    '내용으로 하는 법률행위는 무효이다."라고 규정한다.'
)
KEPT = '민법 제2조 제2항은 "권리는 남용할 수 없다."라고 정한다.'  # 🟠 calibration: no fix is offered for it
PINPOINT_QUOTE = (
    'Article 21(2) GDPR provides: "Where the data subject objects to processing for direct marketing '
    'purposes, the personal data shall no longer be processed for such purposes."'
)
PINPOINT = (
    "개인정보 보호법 제15조 제1항 제1호는 법률에 특별한 규정이 있거나 "
    "법령상 의무를 준수하기 위하여 불가피한 경우에 개인정보를 수집할 수 있다고 규정한다."
)
DATE_PL = (
    "Sąd Najwyższy w uchwale z dnia 5 sierpnia 2002 r., III CZP 36/02, stwierdził: „Przepis art. 691 "
    "k.c. w brzmieniu nadanym ustawą z dnia 21 czerwca 2001 r. o ochronie praw lokatorów, mieszkaniowym "
    "zasobie gminy i o zmianie Kodeksu cywilnego […] nie ma zastosowania dla oceny przesłanek wstąpienia "
    "w stosunek najmu po najemcy zmarłym przed wejściem w życie tej ustawy”."
)
# in footnotes
QUOTE_EU = (
    'Under Article 6(1)(f) GDPR, processing is lawful where "processing is necessary for the purposes of the '
    'legitimate interest pursued by the controller or by a third party".'
)
DATE_KO = (
    '대법원 2016. 8. 18. 선고 2014다235080 판결은 "이미 공개된 개인정보를 '
    "정보주체의 동의가 있었다고 객관적으로 인정되는 범위 내에서 수집·이용·제공 등 "
    '처리를 할 때는 정보주체의 별도의 동의는 불필요하다고 보아야 하고"라고 판시하였다.'
)
FIXED = {
    "무효이다.": "무효로 한다.",
    "Article 21(2)": "Article 21(3)",
    "제15조 제1항 제1호": "제15조 제1항 제2호",
    "5 sierpnia 2002": "5 lipca 2002",
    "legitimate interest pursued": "legitimate interests pursued",
    "2016. 8. 18.": "2016. 8. 17.",
    # the citation form (issue 29 §1): the act by its number where the draft has not defined "GDPR"
    "Article 21(2) GDPR": "Article 21(3) of Regulation (EU) 2016/679",
    "Article 6(1)(f) GDPR": "Article 6(1)(f) of Regulation (EU) 2016/679",
}

# The findings in draft order: the six fixed ones (two also in their citation form), the 🟠 left as it is,
# and the two citations inside the SN's quoted words (an act the quote names: ⚪ context, never the
# draft's citation).
BEFORE = [
    "modified", "calibration", "unverified", "unverified", "unverified", "not_checked", "not_checked",
    "modified", "unverified",
]  # fmt: skip
AFTER = [
    "verified", "calibration", "verified", "needs_judgement", "verified", "not_checked", "not_checked",
    "verified", "verified",
]  # fmt: skip


@pytest.fixture
def corpus(data_dir, settings, db):
    from workbench.pipeline.corpus import import_corpus

    settings.WORKBENCH_LOCAL_ONLY = True
    import_corpus(data_dir / "corpus")


# --- a .docx with footnotes, written as Word writes them -------------------------------------------------


def _run(text: str) -> str:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f'<w:r><w:t xml:space="preserve">{escaped}</w:t></w:r>'


def _footnotes(notes: dict[int, str]) -> bytes:
    body = [
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>',
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
        "</w:footnote>",
    ]
    for number, text in notes.items():
        body.append(
            f'<w:footnote w:id="{number}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
            f"<w:footnoteRef/></w:r>{_run(' ' + text)}</w:p></w:footnote>"
        )
    declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    return f'{declaration}<w:footnotes xmlns:w="{W}">{"".join(body)}</w:footnotes>'.encode()


def memo_docx() -> bytes:
    """Four body paragraphs, the last two with a footnote each; the sentence of a run split as Word splits
    runs (a bold first word), so a fix crosses run edges."""
    document = docx.Document()
    document.add_paragraph("검토 의견서")
    first = document.add_paragraph()
    first.add_run(QUOTE_KO[:6]).bold = True
    first.add_run(QUOTE_KO[6:])
    document.add_paragraph(KEPT)
    document.add_paragraph(PINPOINT_QUOTE)
    document.add_paragraph(PINPOINT)
    for text, note in ((DATE_PL, 1), ("Zob. też przypis.", 2)):
        paragraph = parse_xml(
            f'<w:p xmlns:w="{W}">{_run(text)}<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
            f'<w:footnoteReference w:id="{note}"/></w:r></w:p>'
        )
        document.element.body.sectPr.addprevious(paragraph)
    part = Part(
        PackURI("/word/footnotes.xml"),
        CONTENT_TYPE.WML_FOOTNOTES,
        _footnotes({1: QUOTE_EU, 2: DATE_KO}),
        document.part.package,
    )
    document.part.relate_to(part, RELATIONSHIP_TYPE.FOOTNOTES)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def uploaded_review(people, original: bytes):
    from workbench.models import Review
    from workbench.pipeline import worker

    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="memo.docx",
        document=ingest_bytes(original, "memo.docx"),
        original=original,
        enqueue=False,
    )
    worker.verify_findings(worker.extract_findings(review.pk))
    return Review.objects.get(pk=review.pk)


# --- accepting every revision, as Word's "Accept All Changes" does -----------------------------------------


def accepted(content: bytes) -> bytes:
    """The package with every w:del removed and every w:ins unwrapped, in the body and the notes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(content)) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename in ("word/document.xml", "word/footnotes.xml", "word/endnotes.xml"):
                root = etree.fromstring(data)
                for deleted in root.xpath("//w:del[not(ancestor::w:rPr)]", namespaces=NS):
                    deleted.getparent().remove(deleted)
                for inserted in root.xpath("//w:ins[not(ancestor::w:rPr)]", namespaces=NS):
                    parent, at = inserted.getparent(), inserted.getparent().index(inserted)
                    for offset, child in enumerate(list(inserted)):
                        parent.insert(at + offset, child)
                    parent.remove(inserted)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            target.writestr(item, data)
    return out.getvalue()


def revisions(content: bytes) -> list[tuple[str, str, str, str]]:
    """(kind, author, date, text) of every revision of the body and the notes."""
    out = []
    with zipfile.ZipFile(io.BytesIO(content)) as package:
        for name in sorted({"word/document.xml", "word/footnotes.xml"} & set(package.namelist())):
            root = etree.fromstring(package.read(name))
            for element in root.xpath("//w:ins | //w:del", namespaces=NS):
                text = "".join(element.xpath(".//w:t/text() | .//w:delText/text()", namespaces=NS))
                kind = etree.QName(element).localname
                out.append((kind, element.get(f"{{{W}}}author"), element.get(f"{{{W}}}date"), text))
    return out


def statuses(review) -> list[tuple[str, str]]:
    return list(
        review.findings.filter(version=review.version).order_by("ordinal").values_list("citation", "status")
    )


# --- the round trip -------------------------------------------------------------------------------------


def test_an_uploaded_drafts_fixes_are_word_revisions_and_accepted_they_come_back_green(people, corpus):
    review = uploaded_review(people, memo_docx())
    before = statuses(review)
    assert [s for _c, s in before] == BEFORE

    content, made = draft_changes.export_docx_changes(review, "en")

    # every fix a revision by "Citation review", dated, in the body and in the footnotes
    changes = revisions(content)
    assert {(kind, author) for kind, author, _d, _t in changes} == {
        ("del", "Citation review"),
        ("ins", "Citation review"),
    }
    assert all(date and date.endswith("Z") for _k, _a, date, _t in changes)
    with zipfile.ZipFile(io.BytesIO(content)) as package:
        notes = package.read("word/footnotes.xml").decode()
    assert "<w:ins " in notes
    assert "<w:del " in notes
    assert len(made) == 8  # the six of the verdicts and two of the citation form
    # python-docx opens it; the draft's text, the comments beside the changes
    opened = docx.Document(io.BytesIO(content))
    assert opened.paragraphs[0].text == "검토 의견서"  # the draft itself: no report heading before it
    texts = [c.text for c in opened.comments]
    assert len(texts) == len(before)
    assert any(
        "Suggested change (tracked in the text): “제15조 제1항 제1호” → “제15조 제1항 제2호”" in t
        for t in texts
    )

    final = accepted(content)
    again = uploaded_review(people, final)
    text = again.draft_text
    for old, new in FIXED.items():
        assert old not in text, old
        assert new in text, new
    assert applied(review.draft_text, suggested.fixes_of(review, "en")) == text  # nothing else changed
    assert [s for _c, s in statuses(again)] == AFTER


def test_a_pasted_draft_becomes_a_docx_of_its_text_with_the_fixes_tracked(people, corpus):
    draft = "\n\n".join((QUOTE_KO, KEPT, PINPOINT_QUOTE, PINPOINT, DATE_PL, QUOTE_EU, DATE_KO)) + "\n"
    review = checked_review(people, ingest_text(draft, name="memo.md"), title="memo.md")
    content, made = draft_changes.export_docx_changes(review, "en")
    assert len(made) == 8  # the six of the verdicts and two of the citation form
    final = accepted(content)
    reread = ingest_bytes(final, "memo.docx")
    assert reread.text.strip() == applied(draft, made).strip()
    again = checked_review(people, reread, title="accepted")
    assert [s for _c, s in statuses(again)] == AFTER


def test_libreoffice_opens_and_converts_the_exported_draft(people, corpus, tmp_path):
    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.fail("LibreOffice (Debian's libreoffice-writer-nogui) is required; make test installs it")
    review = uploaded_review(people, memo_docx())
    content, _made = draft_changes.export_docx_changes(review, "en")
    path = tmp_path / "suggested.docx"
    path.write_bytes(content)
    run = subprocess.run(
        [soffice, "--headless", f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to", "pdf",
         "--outdir", str(tmp_path), str(path)],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    pdf = tmp_path / "suggested.pdf"
    assert pdf.exists()
    assert pdf.stat().st_size > 1000
    shown = "".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    # LibreOffice shows the revisions as Word does: both the deleted and the inserted words, marked
    assert "III CZP 36/02" in shown
    assert "lipca" in shown
    assert "sierpnia" in shown


def test_fixes_from_elsewhere_are_written_the_same_way_insertions_and_deletions_too(people, corpus):
    """The citation form's fixes (issue 29 §1) are "replace [start, end) by X, because …" too: a part the
    draft leaves out is an insertion, a part it should not write a deletion; their reason joins the
    comment."""
    draft = DATE_PL + "\n"
    review = checked_review(people, ingest_text(draft, name="memo.md"), title="memo.md")
    c1 = review.findings.order_by("ordinal").first().finding_id
    court, date, year_mark = draft.index("uchwale"), draft.index("5 sierpnia 2002"), draft.index(" r., III")
    fixes = [
        Fix(court, court, "(SN) ", c1, "C1: the court is named."),
        Fix(date, date + len("5 sierpnia 2002"), "5.08.2002", c1, "C1: the short form."),
        Fix(year_mark, year_mark + len(" r."), "", c1, "C1: no 'r.' here."),
    ]
    content, made = draft_changes.export_docx_changes(review, "en", fixes)
    assert len(made) == 3
    reread = ingest_bytes(accepted(content), "memo.docx")
    assert reread.text.strip() == applied(draft, fixes).strip()
    assert "Sąd Najwyższy w (SN) uchwale z dnia 5.08.2002, III CZP 36/02" in reread.text
    (comment,) = [c.text for c in docx.Document(io.BytesIO(content)).comments if c.text.startswith("C1 ")]
    assert "the court is named." in comment
    assert "“5 sierpnia 2002” → “5.08.2002”" in comment


def test_a_citation_in_a_table_row_gets_its_fix_in_its_cell(people, corpus):
    """Ingestion reads a table row as one line, its cells joined by a tab: the fix finds the cell."""
    document = docx.Document()
    table = document.add_table(rows=1, cols=2)
    table.cell(0, 0).text = "1."
    table.cell(0, 1).text = QUOTE_EU
    buffer = io.BytesIO()
    document.save(buffer)
    review = uploaded_review(people, buffer.getvalue())
    assert [s for _c, s in statuses(review)] == ["modified"]
    content, made = draft_changes.export_docx_changes(review, "en")
    assert len(made) == 2  # the quote's word and the act's name in the citation form
    assert [(kind, text) for kind, _a, _d, text in revisions(content)] == [
        ("del", "GDPR"),
        ("ins", "of Regulation (EU) 2016/679"),
        ("del", "interest"),
        ("ins", "interests"),
    ]
    again = uploaded_review(people, accepted(content))
    assert [s for _c, s in statuses(again)] == ["verified"]


def test_a_fix_the_file_has_no_place_for_is_said_in_the_comment_not_guessed(people, corpus):
    """The quote stands in the author's own tracked insertion (read as accepted): a change inside it is the
    author's to make, so it is not made in the file, and the citation's comment says what to change."""
    document = docx.Document()
    document.element.body.sectPr.addprevious(
        parse_xml(
            f'<w:p xmlns:w="{W}"><w:ins w:id="901" w:author="Associate" w:date="2026-01-05T10:00:00Z">'
            f"{_run(QUOTE_EU)}</w:ins></w:p>"
        )
    )
    buffer = io.BytesIO()
    document.save(buffer)
    review = uploaded_review(people, buffer.getvalue())
    assert [s for _c, s in statuses(review)] == ["modified"]
    content, made = draft_changes.export_docx_changes(review, "en")
    assert made == []
    assert [author for _k, author, _d, _t in revisions(content)] == ["Associate"]
    (comment,) = [c.text for c in docx.Document(io.BytesIO(content)).comments]
    assert "Suggested change not made in the file" in comment
    assert "“interest” → “interests”" in comment


# --- what people decided comes first ----------------------------------------------------------------------


def test_a_finding_overridden_rejected_or_approved_as_is_is_not_changed(people, corpus):
    draft = "\n\n".join((QUOTE_KO, PINPOINT, DATE_PL, QUOTE_EU)) + "\n"
    review = checked_review(people, ingest_text(draft, name="memo.md"), title="memo.md")
    quote_ko, pinpoint, date_pl, *_in_the_quote, quote_eu = review.findings.order_by("ordinal")
    partner, associate = people["partner"], people["associate"]
    # the partner keeps the draft's pinpoint (a hard block, overridden with a reason)
    services.decide(
        user=partner, finding=pinpoint, action=Decision.Action.OVERRIDE, comment="제1호 is meant."
    )
    # the draft's Korean quote approved as it is
    services.propose(user=associate, finding=quote_ko, action=Decision.Action.ACCEPT, comment="Paraphrased.")
    services.decide(user=partner, finding=Finding.objects.get(pk=quote_ko.pk), action=Decision.Action.APPROVE)
    # a correction of the GDPR quote rejected by the partner
    wording = "processing is necessary for the legitimate interests of the controller"
    services.propose(user=associate, finding=quote_eu, action=Decision.Action.CORRECT, text=wording)
    services.decide(user=partner, finding=Finding.objects.get(pk=quote_eu.pk), action=Decision.Action.REJECT)

    fixes = suggested.fixes_of(review, "en")
    assert [f.finding for f in fixes] == [date_pl.finding_id]  # only the finding nobody decided on
    content, _made = draft_changes.export_docx_changes(review, "en")
    assert [text for kind, _a, _d, text in revisions(content) if kind == "ins"] == ["lipca"]


def test_an_approved_corrected_quote_is_written_as_approved(people, corpus):
    review = checked_review(people, ingest_text(QUOTE_EU + "\n", name="memo.md"), title="memo.md")
    finding = review.findings.get()
    wording = "processing is necessary for the purposes of the legitimate interests pursued by the controller"
    services.propose(user=people["associate"], finding=finding, action=Decision.Action.CORRECT, text=wording)
    services.decide(user=people["partner"], finding=Finding.objects.get(pk=finding.pk), action="approve")
    fixes = suggested.fixes_of(review, "en")
    assert applied(review.draft_text, fixes) == QUOTE_EU.replace(finding.quote, wording) + "\n"


# --- the export as every export: the matter, the role, the audit trail -----------------------------------


def test_the_export_is_404_outside_the_matter_and_audited_with_the_fixes_it_offers(
    people, corpus, client_for
):
    review = checked_review(people, ingest_text(QUOTE_EU + "\n" + KEPT + "\n", name="memo.md"), title="memo")
    url = reverse("review_export", args=[review.pk, "docx-changes"])
    assert client_for("outsider").get(url).status_code == 404
    assert not review.audit_events.filter(kind="exported").exists()
    response = client_for("associate").get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('-suggested-changes.docx"')
    event = review.audit_events.get(kind="exported")
    assert event.payload["format"] == "docx-changes"
    assert event.payload["changes"] == ["C1"]


def test_the_server_command_writes_it_and_records_it_as_a_system_export(people, corpus, tmp_path):
    from django.core.management import call_command

    review = checked_review(people, ingest_text(QUOTE_EU + "\n", name="memo.md"), title="memo")
    output = tmp_path / "draft.docx"
    call_command(
        "export_review", review.pk, "--format", "docx-changes", "--output", str(output), stdout=io.StringIO()
    )
    assert [text for kind, _a, _d, text in revisions(output.read_bytes()) if kind == "ins"] == [
        "of Regulation (EU) 2016/679",
        "interests",
    ]
    event = review.audit_events.get(kind="exported")
    assert (event.payload["format"], event.payload["changes"], event.payload["via"]) == (
        "docx-changes", ["C1"], "manage.py export_review"
    )  # fmt: skip


def test_the_review_page_offers_the_export_in_the_readers_language(people, corpus, client_for):
    from django.utils import translation

    review = checked_review(people, ingest_text(QUOTE_EU + "\n", name="memo.md"), title="memo")
    url = reverse("review_export", args=[review.pk, "docx-changes"])
    for lang, words in (("en", "Word with suggested changes"), ("pl", "Word z proponowanymi zmianami"),
                        ("ko", "수정 제안을 변경 내용으로 표시한 Word")):  # fmt: skip
        with translation.override(lang):
            page = client_for("associate").get(reverse("review", args=[review.pk]), HTTP_ACCEPT_LANGUAGE=lang)
        html = page.content.decode()
        assert f'href="{url}"' in html
        assert words in html, lang

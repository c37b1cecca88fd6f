"""A Word memo whose citations sit in footnotes, written here from the corpus's real texts: Article 6(1)(f)
GDPR (demo/corpus/eu/legislation/32016R0679), C-300/21 Österreichische Post and C-311/18 (demo/corpus/eu/
case_law). python-docx writes the package; the footnotes part is added as Word stores it (ECMA-376 §17.11)."""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

import docx

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
BODY_AND_NOTES = [
    (
        "Compensation under the GDPR needs more than a breach of it.",
        "Case C-300/21 Österreichische Post, where the Court held that \u201cthe mere infringement of the "
        "provisions of that regulation is not sufficient to confer a right to compensation\u201d.",
    ),
    (
        "The controller may rely on its legitimate interests.",
        "Article 6(1)(f) GDPR: processing is lawful where \u201cprocessing is necessary for the purposes of "
        "the legitimate interests pursued by the controller or by a third party\u201d.",
    ),
    (
        "Transfers to the United States were examined by the Court in 2020.",
        "Case C-311/18 Facebook Ireland and Schrems, ECLI:EU:C:2020:559.",
    ),
]


def _run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r>'


def _reference(note_id: int) -> str:
    return (
        f'<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="{note_id}"/></w:r>'
    )


def footnoted_memo() -> bytes:
    document = docx.Document()
    document.add_heading("Memo: compensation and transfers under the GDPR", level=1)
    for _ in BODY_AND_NOTES:
        document.add_paragraph("PLACEHOLDER")
    buffer = io.BytesIO()
    document.save(buffer)
    notes = [
        f'<w:footnote w:type="separator" w:id="-1"><w:p>{"<w:r><w:separator/></w:r>"}</w:p></w:footnote>',
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r>'
        "</w:p></w:footnote>",
    ]
    for n, (_, note) in enumerate(BODY_AND_NOTES, start=1):
        notes.append(f'<w:footnote w:id="{n}"><w:p>{_run(" " + note)}</w:p></w:footnote>')
    footnotes = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="{W}">'
    footnotes += "".join(notes) + "</w:footnotes>"
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "word/document.xml":
                xml = data.decode("utf-8")
                for n, (body, _) in enumerate(BODY_AND_NOTES, start=1):
                    placeholder = "<w:r><w:t>PLACEHOLDER</w:t></w:r>"
                    assert placeholder in xml
                    xml = xml.replace(placeholder, _run(body) + _reference(n), 1)
                data = xml.encode("utf-8")
            elif item.filename == "word/_rels/document.xml.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdFootnotes" Type="http://schemas.openxmlformats.org/officeDocument/'
                    b'2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>',
                )
            elif item.filename == "[Content_Types].xml":
                data = data.replace(
                    b"</Types>",
                    b'<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-'
                    b'officedocument.wordprocessingml.footnotes+xml"/></Types>',
                )
            target.writestr(item, data)
        target.writestr("word/footnotes.xml", footnotes.encode("utf-8"))
    return out.getvalue()

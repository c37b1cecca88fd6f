"""Regenerate the sample draft files in this folder (see PROVENANCE.md for what each one is).

    .venv/bin/python tests/data/drafts/make_drafts.py

The sentences are real ones from tests/data/corpus (quoted in SENTENCES below); the framing around them
(the memo wording, the citation lines in the notes, the tracked edits) is constructed. The Word files get
their footnotes, endnotes and tracked changes as raw WordprocessingML, since python-docx cannot write
them; the PDFs are drawn with fpdf2, line by line, so that the line breaks (and hyphenations) are exactly
the ones the tests expect.
"""

from __future__ import annotations

import datetime
import io
import pathlib
import zipfile

import docx
from docx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from fpdf import FPDF
from PIL import Image
from pypdf import PdfReader, PdfWriter

HERE = pathlib.Path(__file__).resolve().parent
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NSDECL = f'xmlns:w="{W_NS}"'

# Real sentences, verbatim, from tests/data/corpus (file given in PROVENANCE.md).
SENTENCES = {
    # pl/judgments/common_courts/contentField1961.txt (III AUa 271/12, SA Wrocław)
    "pl_absolute": "Obowiązek ten ma charakter bezwzględny i nie są przewidziane żadne okoliczności "
    "zwalniające z jego stosowania.",
    "pl_heirs": "W ocenie Sądu Apelacyjnego, osobami uprawnionymi do wypłaty po śmierci dysponenta rachunku "
    "bankowego są spadkobiercy ustawowi lub testamentowi prawa spadkowego oraz osoby uprawnione z tzw. "
    "„zapisu bankowego” uregulowanego w art. 56 Prawa bankowego.",
    "pl_dismissed": "Mając powyższe na uwadze, uznając argumentację i zarzuty zawarte w apelacji za "
    "nieuzasadnione, Sąd Apelacyjny oddalił apelację na podstawie art. 385 kpc.",
    "pl_mandate": "W ocenie Sądu wypłata dokonana po śmierci posiadacza rachunku na podstawie dyspozycji "
    "złożonych przez właścicielkę rachunku za jej życia nie stanowi wypłaty dokonanej „innej uprawnionej "
    "osobie”, o której mowa w art. 55 ust. 3 ustawy – Prawo Bankowe, bowiem w dacie śmierci właścicielki "
    "rachunku umocowanie wygasło, zgodnie z art. 101 § 2 kc.",
    "pl_signature": "Sygn. akt III AUa 271/12",
    "pl_lower_court": "z dnia 12 grudnia 2011 r. sygn. akt IX U 1823/11",
    "pl_judge": "SSA Irena Różańska-Dorosz (spr.)",
    # kr/statutes/민법/법률.md, 제750조
    "kr_750": "고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는 그 손해를 배상할 책임이 있다.",
    # eu/legislation/32016R0679/EU_document.txt, Article 6(1)
    "eu_art6": "Processing shall be lawful only if and to the extent that at least one of the following "
    "applies:",
}


# --- Word ---------------------------------------------------------------------------------------------


def _run(text: str) -> str:
    return f'<w:r><w:t xml:space="preserve">{_escape(text)}</w:t></w:r>'


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _ins(text: str) -> str:
    return f'<w:ins w:id="901" w:author="Reviewer" w:date="2026-01-05T10:00:00Z">{_run(text)}</w:ins>'


def _del(text: str) -> str:
    return (
        '<w:del w:id="902" w:author="Reviewer" w:date="2026-01-05T10:00:00Z">'
        f'<w:r><w:delText xml:space="preserve">{_escape(text)}</w:delText></w:r></w:del>'
    )


def _note_ref(kind: str, note_id: int, custom_mark: str | None = None) -> str:
    tag = "footnoteReference" if kind == "footnote" else "endnoteReference"
    if custom_mark:
        return (
            f'<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
            f'<w:{tag} w:customMarkFollows="1" w:id="{note_id}"/><w:t>{custom_mark}</w:t></w:r>'
        )
    return f'<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:{tag} w:id="{note_id}"/></w:r>'


def _paragraph(inner: str, mark_deleted: bool = False) -> str:
    properties = ""
    if mark_deleted:
        properties = (
            '<w:pPr><w:rPr><w:del w:id="903" w:author="Reviewer" w:date="2026-01-05T10:00:00Z"/>'
            "</w:rPr></w:pPr>"
        )
    return f"<w:p {NSDECL}>{properties}{inner}</w:p>"


def _notes_xml(kind: str, notes: dict[int, str]) -> bytes:
    ref = "footnoteRef" if kind == "footnote" else "endnoteRef"
    body = [
        f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{kind}>',
        f'<w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
        f"</w:{kind}>",
    ]
    for note_id, inner in notes.items():
        body.append(
            f'<w:{kind} w:id="{note_id}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
            f"<w:{ref}/></w:r>{inner}</w:p></w:{kind}>"
        )
    declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    xml = f"{declaration}<w:{kind}s {NSDECL}>{''.join(body)}</w:{kind}s>"
    return xml.encode("utf-8")


def _attach_notes(document: docx.document.Document, kind: str, notes: dict[int, str]) -> None:
    content_type = CONTENT_TYPE.WML_FOOTNOTES if kind == "footnote" else CONTENT_TYPE.WML_ENDNOTES
    reltype = RELATIONSHIP_TYPE.FOOTNOTES if kind == "footnote" else RELATIONSHIP_TYPE.ENDNOTES
    part = Part(PackURI(f"/word/{kind}s.xml"), content_type, _notes_xml(kind, notes), document.part.package)
    document.part.relate_to(part, reltype)


def _body_append(document: docx.document.Document, xml: str) -> None:
    # Before the final w:sectPr, which must stay last in the body.
    document.element.body.sectPr.addprevious(parse_xml(xml))


def _table(rows: list[tuple[list[str], bool]]) -> str:
    xml_rows = []
    for cells, deleted in rows:
        properties = (
            '<w:trPr><w:del w:id="904" w:author="Reviewer" w:date="2026-01-05T10:00:00Z"/></w:trPr>'
            if deleted
            else ""
        )
        xml_cells = "".join(f"<w:tc><w:p>{_run(cell)}</w:p></w:tc>" for cell in cells)
        xml_rows.append(f"<w:tr>{properties}{xml_cells}</w:tr>")
    return f"<w:tbl {NSDECL}><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>{''.join(xml_rows)}</w:tbl>"


def make_memo_footnotes() -> bytes:
    """A memo whose citations sit only in notes and in a table: the body paragraphs cite nothing."""
    s = SENTENCES
    document = docx.Document()
    document.add_paragraph("Opinia prawna")
    _body_append(document, _paragraph(_run(s["pl_absolute"]) + _note_ref("footnote", 1)))
    _body_append(document, _paragraph(_run(s["pl_heirs"]) + _note_ref("footnote", 2)))
    _body_append(document, _paragraph(_run(s["kr_750"]) + _note_ref("footnote", 3, custom_mark="*")))
    _body_append(document, _paragraph(_run(s["eu_art6"]) + _note_ref("footnote", 4)))
    _body_append(
        document,
        _table([(["Sygnatura", "Sąd"], False), (["III AUa 271/12", "Sąd Apelacyjny we Wrocławiu"], False)]),
    )
    _body_append(document, _paragraph(_run(s["pl_dismissed"]) + _note_ref("endnote", 1)))
    _body_append(document, _paragraph(_run("Koniec opinii.") + _note_ref("endnote", 2)))
    _attach_notes(
        document,
        "footnote",
        {
            1: _run(" Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12."),
            2: _run(" Por. art. 56 ustawy z dnia 29 sierpnia 1997 r. – Prawo bankowe."),
            3: _run(" 민법 제750조."),
            4: _run(" Article 6(1) of Regulation (EU) 2016/679."),
            # A note no reference points at: Word would not show it, the review still reads it.
            7: _run(" Art. 101 § 2 kc."),
        },
    )
    _attach_notes(
        document,
        "endnote",
        {1: _run(" Art. 385 kpc."), 2: _run(" " + s["pl_lower_court"] + ".")},
    )
    return _save(document)


def make_memo_tracked() -> bytes:
    """A memo under review with tracked changes everywhere a citation can hide."""
    s = SENTENCES
    document = docx.Document()
    head, tail = s["pl_dismissed"].split("art. 385 kpc")
    # An inserted citation (kept) next to the one it replaced (dropped).
    _body_append(document, _paragraph(_run(head) + _del("art. 386 kpc") + _ins("art. 385 kpc") + _run(tail)))
    # A whole paragraph deleted, mark included: its citation must disappear.
    _body_append(document, _paragraph(_del(s["pl_lower_court"]), mark_deleted=True))
    # A paragraph split by mistake and rejoined by deleting the paragraph mark.
    first, second = s["pl_heirs"].split(" są spadkobiercy", 1)
    _body_append(document, _paragraph(_run(first), mark_deleted=True))
    _body_append(document, _paragraph(_run(" są spadkobiercy" + second)))
    # Text moved within the paragraph: read once, at its new place.
    _body_append(
        document,
        _paragraph(
            '<w:moveFrom w:id="905" w:author="Reviewer" w:date="2026-01-05T10:00:00Z">'
            '<w:r><w:t xml:space="preserve">III AUa 271/12 </w:t></w:r></w:moveFrom>'
            + _run("Wyrok z dnia 17 maja 2012 r., ")
            + '<w:moveTo w:id="906" w:author="Reviewer" w:date="2026-01-05T10:00:00Z">'
            + '<w:r><w:t xml:space="preserve">III AUa 271/12</w:t></w:r></w:moveTo>'
        ),
    )
    # A content control, a hyperlink and a field: python-docx's Paragraph.text drops all three.
    _body_append(
        document,
        f"<w:sdt {NSDECL}><w:sdtPr/><w:sdtContent><w:p>{_run(s['pl_mandate'])}</w:p></w:sdtContent></w:sdt>",
    )
    _body_append(
        document,
        _paragraph(
            _run("Zob. ")
            + '<w:hyperlink w:anchor="x">'
            + _run(s["pl_signature"])
            + "</w:hyperlink>"
            + _run(", ")
            + '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            + '<w:r><w:instrText xml:space="preserve"> REF art_4153 \\h </w:instrText></w:r>'
            + '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
            + _run("art. 55 ust. 3")
            + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
            + _run(" Prawa bankowego.")
            + _note_ref("footnote", 1)
        ),
    )
    _body_append(
        document,
        _table(
            [
                (["Sygnatura", "Data"], False),
                (["IX U 1823/11", "12 grudnia 2011 r."], True),
                (["III AUa 271/12", "17 maja 2012 r."], False),
            ]
        ),
    )
    _attach_notes(
        document,
        "footnote",
        {
            1: _run(" Wyrok SA we Wrocławiu z dnia 17 maja 2012 r., ")
            + _del("III AUa 217/12")
            + _ins("III AUa 271/12")
        },
    )
    return _save(document)


def _save(document: docx.document.Document) -> bytes:
    buffer = io.BytesIO()
    document.core_properties.author = "make_drafts.py"
    document.save(buffer)
    return _normalise_zip(buffer.getvalue())


def _normalise_zip(data: bytes) -> bytes:
    # Fixed timestamps so that regenerating an unchanged fixture gives the same bytes.
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2026, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(fixed, source.read(info.filename))
    return out.getvalue()


# --- PDF ----------------------------------------------------------------------------------------------


def _pdf(font_path: str, pages: list[list[str]], image_pages: frozenset[int] = frozenset()) -> FPDF:
    pdf = FPDF(format="A4")
    pdf.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))  # reproducible bytes
    pdf.add_font("Body", "", font_path)
    pdf.set_font("Body", size=11)
    for index, lines in enumerate(pages):
        pdf.add_page()
        if index in image_pages:
            pdf.image(_grey_image(), x=20, y=20, w=170)
        for line in lines:
            pdf.cell(0, 7, line, new_x="LMARGIN", new_y="NEXT")
    return pdf


def _grey_image() -> Image.Image:
    # Stands in for a scanned page: pixels only, no text layer.
    image = Image.new("L", (400, 560), color=235)
    for y in range(60, 520, 24):
        for x in range(40, 360):
            if (x // 7 + y) % 5:
                image.putpixel((x, y), 40)
    return image


# Line breaks as a typesetter would make them: "upraw-|nionymi" and "świad-|czenia" (across the page break)
# are hyphenated words, "Różańska-|Dorosz" is a double surname broken at its own hyphen.
PL_PAGES = [
    [
        "Sąd Apelacyjny we Wrocławiu",
        "W ocenie Sądu Apelacyjnego, osobami upraw-",
        "nionymi do wypłaty po śmierci dysponenta rachunku",
        "bankowego są spadkobiercy ustawowi lub testamentowi",
        "prawa spadkowego oraz osoby uprawnione z tzw. „zapisu",
        "bankowego” uregulowanego w art. 56 Prawa bankowego.",
        "SSA Irena Różańska-",
        "Dorosz (spr.)",
        "Wyrokiem z dnia 12 grudnia 2011 r. Sąd Okręgowy we Wrocławiu oddalił",
        "odwołanie od decyzji zobowiązującej wnioskodawcę do zwrotu nienależnie wypłaconego świad-",
    ],
    [
        "czenia za okres od 1 czerwca 2011 r. do 30 czerwca 2011 r. w kwocie 435 zł.",
        "Sygn. akt III AUa 271/12",
        "Mając powyższe na uwadze, uznając argumentację i zarzuty zawarte w apelacji za",
        "nieuzasadnione, Sąd Apelacyjny oddalił apelację na podstawie art. 385 kpc.",
    ],
]

KR_PAGES = [
    [
        "민법 제750조 (불법행위의 내용)",
        "고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는",
        "그 손해를 배상할 책임이 있다.",
    ]
]


def make_pdfs() -> dict[str, bytes]:
    files = {
        "memo_pl.pdf": bytes(_pdf(DEJAVU, PL_PAGES).output()),
        "memo_ko.pdf": bytes(_pdf(NOTO_CJK, KR_PAGES).output()),
        "scanned.pdf": bytes(_pdf(DEJAVU, [[]], image_pages=frozenset({0})).output()),
        "partly_scanned.pdf": bytes(
            _pdf(DEJAVU, [PL_PAGES[1], [], [], PL_PAGES[1]], frozenset({1, 2})).output()
        ),
    }
    files["password.pdf"] = _encrypted(files["memo_pl.pdf"], user_password="tajne")
    files["owner_only.pdf"] = _encrypted(files["memo_pl.pdf"], user_password="")
    return files


def _encrypted(data: bytes, user_password: str) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    # RC4 needs no optional dependency; pypdf reads and writes it in pure Python.
    writer.encrypt(user_password=user_password, owner_password="wlasciciel", algorithm="RC4-128")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


# --- plain text ---------------------------------------------------------------------------------------


def make_texts() -> dict[str, bytes]:
    s = SENTENCES
    polish = f"{s['pl_signature']}\r\n\r\n{s['pl_mandate']}\r\n{s['pl_heirs']}\r\n"
    return {
        "memo_cp1250.txt": polish.encode("cp1250"),
        # ISO-8859-2 has no „ ” –, so this one gets the sentences without them.
        "memo_iso8859_2.txt": f"{s['pl_absolute']}\n{s['pl_dismissed']}\n".encode("iso8859_2"),
        "memo_euc_kr.txt": f"민법 제750조\n{s['kr_750']}\n".encode("euc_kr"),
        "memo_utf8_bom.md": ("\ufeff# Opinia\n\n" + s["pl_dismissed"] + "\n").encode("utf-8"),
        "memo_utf16.txt": (s["pl_absolute"] + "\n" + s["kr_750"] + "\n").encode("utf-16"),
        # Constructed (no French or German text is in the corpus): accented Western letters that
        # Windows-1250 would turn into other letters (à → ŕ, è → č).
        "memo_cp1252.txt": "Données à caractère personnel : règle générale, für Zwecke.\n".encode("cp1252"),
    }


def main() -> None:
    files = {"memo_footnotes.docx": make_memo_footnotes(), "memo_tracked.docx": make_memo_tracked()}
    files.update(make_pdfs())
    files.update(make_texts())
    for name, data in sorted(files.items()):
        (HERE / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()

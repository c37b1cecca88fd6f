"""What every export shares: the formats' content types, the status colours, the date written into documents,
reproducible zips, and a PDF set up with fonts that cover Polish and Korean in regular and bold."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from workbench.models import Review

CONTENT_TYPES = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}
STATUS_RGB = {
    "verified": (30, 125, 50),
    "modified": (179, 134, 0),
    "needs_judgement": (179, 134, 0),
    "calibration": (194, 94, 0),
    "unverified": (179, 38, 30),
    "no_source": (92, 26, 138),
    "not_checked": (122, 127, 133),
}


@dataclass(frozen=True)
class Export:
    content: bytes
    filename: str
    content_type: str


def reference_time(review: Review) -> datetime:
    """The date written into documents: the sign-off, else the end of the check, else creation."""
    if review.is_signed_off:
        return review.signoff.signed_at
    return review.finished_at or review.created_at


FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/opentype/noto"))


def fonts() -> tuple[Path, Path, Path, Path]:
    """DejaVu Sans for Latin with every Polish diacritic, Noto Sans CJK KR for Hangul: each in regular and
    bold, because fpdf2 takes a missing glyph from a fallback font of the same weight only (without a bold
    Korean face, bold headings lost their Hangul: "2014다235080" printed as "2014235080")."""
    fonts = (
        FONT_DIRS[0] / "DejaVuSans.ttf",
        FONT_DIRS[0] / "DejaVuSans-Bold.ttf",
        FONT_DIRS[1] / "NotoSansCJK-Regular.ttc",
        FONT_DIRS[1] / "NotoSansCJK-Bold.ttc",
    )
    for font in fonts:
        if not font.exists():
            raise RuntimeError(
                f"PDF export needs the font {font} (Debian packages fonts-dejavu-core, fonts-noto-cjk)."
            )
    return fonts


def new_pdf(title: str, when: datetime) -> Any:
    """An A4 fpdf2 document dated `when`, with the "body" font (DejaVu Sans) falling back to Noto Sans CJK
    KR for Hangul, both in regular and bold."""
    from fpdf import FPDF

    regular, bold, cjk, cjk_bold = fonts()
    pdf = FPDF(format="A4")
    pdf.set_creation_date(when)
    pdf.set_title(title)
    pdf.set_author("Citation review workbench")
    pdf.add_font("body", "", str(regular))
    pdf.add_font("body", "B", str(bold))
    pdf.add_font("cjk", "", str(cjk), collection_font_number=1)  # face 1 of the collection is Korean
    pdf.add_font("cjk", "B", str(cjk_bold), collection_font_number=1)
    pdf.set_fallback_fonts(["cjk"])
    pdf.set_auto_page_break(auto=True, margin=15)
    return pdf


def fixed_zip(data: bytes, when: datetime) -> bytes:
    """Rewrite a zip with a fixed timestamp on every entry, so the same content gives the same bytes."""
    stamp = when.astimezone(UTC).timetuple()[:6]
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for item in source.infolist():
            info = zipfile.ZipInfo(item.filename, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            target.writestr(info, source.read(item.filename))
    return out.getvalue()


# One comment as Word writes it: the "CommentText" paragraph opening with the annotation mark.
_COMMENT_XML = (
    '<w:comment {nsdecls} w:id="{id}" w:author="">'
    '<w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr>'
    '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r></w:p>'
    "</w:comment>"
)


class Comments:
    """Word comments added to a document, numbered from one counter: python-docx's `add_comment` looks for the
    highest id among every comment already there (an XPath over all of them), which made 2,000 comments cost
    2,000² id reads (3.8 s of the 6.7 s export). Each comment is dated `when` (python-docx dates it now),
    so the same review exports the same bytes."""

    def __init__(self, document: Any, when: datetime, *, author: str, initials: str) -> None:
        self.part = document.part._comments_part  # created when the document has none yet
        self.element = self.part.element
        used = [int(x) for x in self.element.xpath("./w:comment/@w:id")]
        self.next_id = max(used, default=-1) + 1
        self.when = when.astimezone(UTC)
        self.author, self.initials = author, initials

    def add(self, runs: list[Any], text: str) -> None:
        from docx.comments import Comment
        from docx.oxml.ns import nsdecls
        from docx.oxml.parser import parse_xml

        element = parse_xml(_COMMENT_XML.format(nsdecls=nsdecls("w"), id=self.next_id))
        self.element.append(element)
        element.author, element.initials, element.date = self.author, self.initials, self.when
        comment = Comment(element, self.part)
        first, *rest = text.split("\n")
        comment.paragraphs[0].add_run(first)
        for line in rest:
            comment.add_paragraph(text=line)
        runs[0].mark_comment_range(runs[-1], self.next_id)
        self.next_id += 1

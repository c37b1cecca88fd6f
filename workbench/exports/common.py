"""What every export shares: the formats' content types, the status colours, the date written into documents,
reproducible zips, and a PDF set up with fonts that cover Polish and Korean in regular and bold."""

from __future__ import annotations

import hashlib
import io
import tempfile
import weakref
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, cast

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
# The status colour of words (a status printed in its colour in the PDF report, the table of authorities):
# the bar colours above, darkened where they were under WCAG's 4.5:1 against white paper (the yellow was
# 3.3:1, the orange and the grey 4.3:1), so that the word stays readable and not only its colour.
STATUS_TEXT_RGB = {
    **STATUS_RGB,
    "modified": (133, 100, 0),
    "needs_judgement": (133, 100, 0),
    "calibration": (160, 72, 0),
    "not_checked": (95, 99, 104),
}


# A claim, quote, source excerpt, diff or decision comment longer than this is shortened in the PDF report
# and in a .docx comment (the findings JSON and the CSV keep it whole): what a document holds per finding is
# bounded, whatever a draft or a source brings.
DOCUMENT_TEXT_CHARS = 1500


def bounded(text: str, limit: int = DOCUMENT_TEXT_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


SPOOL_BYTES = 1024 * 1024  # an export bigger than this waits for its download in an unnamed temporary file
CHUNK_BYTES = 64 * 1024  # what a streamed export hands on at a time


@dataclass(frozen=True)
class Export:
    """An export as it was written, chunk by chunk, into a temporary file (in memory up to SPOOL_BYTES, on
    disk beyond, never named, 0600, gone when closed), with the size and hash its audit event records: the
    download streams from the file, so no export is held whole in memory twice."""

    file: IO[bytes]
    size: int
    sha256: str
    filename: str
    content_type: str
    # what the export's audit event records beside its format, size and hash (the fixes it offers)
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def spooled(
        cls,
        chunks: Iterable[bytes],
        *,
        filename: str,
        content_type: str,
        details: dict[str, Any] | None = None,
    ) -> Export:
        file: IO[bytes] = io.BytesIO()
        digest, size = hashlib.sha256(), 0
        for chunk in chunks:
            if size + len(chunk) > SPOOL_BYTES and isinstance(file, io.BytesIO):
                spilled = tempfile.TemporaryFile()  # noqa: SIM115 (the response, or `content`, closes it)
                spilled.write(file.getbuffer())
                file = spilled
            file.write(chunk)
            digest.update(chunk)
            size += len(chunk)
        file.seek(0)
        return cls(file, size, digest.hexdigest(), filename, content_type, details or {})

    @property
    def content(self) -> bytes:
        """The whole export, read once (tests, small callers): the file is closed after."""
        with self.file:
            self.file.seek(0)
            return self.file.read()


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
    # fpdf2 closes the font files and empties its glyph caches in output(); a report that fails before it
    # (a bug, a killed request) left four files open and the fonts alive in those caches for the life of the
    # process. When the document goes, whatever it did not close is closed.
    weakref.finalize(pdf, close_fonts, pdf.fonts)
    return pdf


def close_fonts(fonts: dict[str, Any]) -> None:
    """What fpdf2's output() does for each font it embeds: forget its glyphs, close its file (twice is
    harmless)."""
    for font in fonts.values():
        subset = getattr(font, "subset", None)
        for name in ("pick", "get_glyph"):
            cache_clear = getattr(getattr(subset, name, None), "cache_clear", None)
            if callable(cache_clear):
                cache_clear()
        if callable(getattr(font, "close", None)):
            font.close()


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

    def add(self, runs: list[Any], text: str) -> Any:
        from docx.comments import Comment
        from docx.oxml.comments import CT_Comment
        from docx.oxml.ns import nsdecls
        from docx.oxml.parser import parse_xml

        element = cast(CT_Comment, parse_xml(_COMMENT_XML.format(nsdecls=nsdecls("w"), id=self.next_id)))
        self.element.append(element)
        element.author, element.initials, element.date = self.author, self.initials, self.when
        comment = Comment(element, self.part)
        first, *rest = text.split("\n")
        comment.paragraphs[0].add_run(first)
        for line in rest:
            comment.add_paragraph(text=line)
        runs[0].mark_comment_range(runs[-1], self.next_id)
        self.next_id += 1
        return comment


class Lines:
    """Text wrapped to a column and written line by line, in time that grows with the text: fpdf2's
    `multi_cell` measures its whole current line again for every character it adds (a 1,000-finding report
    took 26 s, 40 million width look-ups). A character's width in a font, style and size is looked up once
    (the fallback font's for Hangul); a line is broken at spaces, or between characters when one word is
    wider than the column, as `multi_cell` does."""

    def __init__(self, pdf: Any) -> None:
        self.pdf = pdf
        self.widths: dict[tuple[str, str, float], dict[str, float]] = {}

    def width(self, text: str) -> float:
        pdf = self.pdf
        table = self.widths.setdefault((pdf.font_family, pdf.font_style, pdf.font_size_pt), {})
        total = 0.0
        for char in text:
            w = table.get(char)
            if w is None:
                w = table[char] = pdf.get_string_width(char)
            total += w
        return total

    def wrap(self, text: str, width: float) -> list[str]:
        lines: list[str] = []
        space = self.width(" ")
        for paragraph in text.split("\n"):
            line, line_width = "", 0.0
            for position, word in enumerate(paragraph.split(" ")):
                word_width = self.width(word)
                if position and line_width + space + word_width <= width:
                    line, line_width = f"{line} {word}", line_width + space + word_width
                    continue
                if position:
                    lines.append(line)
                line, line_width = word, word_width
                while line_width > width and len(line) > 1:  # a word wider than the column
                    cut, cut_width = 1, self.width(line[0])
                    while cut < len(line) and cut_width + self.width(line[cut]) <= width:
                        cut_width += self.width(line[cut])
                        cut += 1
                    lines.append(line[:cut])
                    line = line[cut:]
                    line_width = self.width(line)
            lines.append(line)
        return lines

    def write(self, width: float, height: float, text: str, *, indent: float = 0.0) -> None:
        """What `multi_cell(width, height, text, new_x="LMARGIN", new_y="NEXT", align="L")` writes at the
        left margin plus `indent`."""
        pdf = self.pdf
        for line in self.wrap(text, width - 2 * pdf.c_margin):
            pdf.set_x(pdf.l_margin + indent)
            self.cell(width, height, line)

    def cell(self, width: float, height: float, text: str, **kwargs: Any) -> None:
        """`pdf.cell`; a text the current font covers whole skips fpdf2's look for a fallback font for every
        character (the same glyphs, in one run instead of several)."""
        pdf = self.pdf
        options = {"new_x": "LMARGIN", "new_y": "NEXT", "align": "L", **kwargs}
        cmap = pdf.current_font.cmap
        if not all(ord(char) in cmap for char in text):
            pdf.cell(width, height, text, **options)
            return
        fallback, pdf._fallback_font_ids = pdf._fallback_font_ids, []
        try:
            pdf.cell(width, height, text, **options)
        finally:
            pdf._fallback_font_ids = fallback


# --- streaming ----------------------------------------------------------------------------------------


class Streamed(list[Any]):
    """A list the JSON encoder writes item by item as `produce()` yields them, without holding them: the
    encoder asks a list whether it is empty (`len`) and then iterates it, and `json.dumps` with an indent is
    that same encoder, so the bytes are those of the whole list."""

    def __init__(self, count: int, produce: Callable[[], Iterator[Any]]) -> None:
        super().__init__()
        self._length, self._produce = count, produce

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Any]:
        return self._produce()


def streamed_list(count: int, produce: Callable[[], Iterator[Any]], *, streamed: bool) -> list[Any]:
    return Streamed(count, produce) if streamed else list(produce())


def joined(pieces: Iterable[str]) -> Iterator[bytes]:
    """Many small pieces of text (the JSON encoder's) as UTF-8 chunks of about CHUNK_BYTES."""
    buffer: list[str] = []
    size = 0
    for piece in pieces:
        buffer.append(piece)
        size += len(piece)
        if size >= CHUNK_BYTES:
            yield "".join(buffer).encode()
            buffer, size = [], 0
    if buffer:
        yield "".join(buffer).encode()


def drained(buffer: io.StringIO) -> bytes:
    """What a csv.writer wrote into `buffer` so far, as UTF-8; the buffer is emptied for the next rows."""
    data = buffer.getvalue().encode("utf-8")
    buffer.seek(0)
    buffer.truncate()
    return data

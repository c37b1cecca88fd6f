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

"""Exports beside the review report (`workbench.exports.report`): the table of authorities as DOCX and PDF, to
file with the brief, and the audit trail as CSV. They are reached through `exports.render`, so they pass the
same permission check and leave the same "exported" audit event as every other export.

Like the other exports they are reproducible: dates are the review's reference time and zip entries carry
fixed timestamps.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.utils.translation import gettext as _

from workbench.exports import timeline, toa
from workbench.exports.common import (
    CONTENT_TYPES,
    STATUS_TEXT_RGB,
    Export,
    fixed_zip,
    new_pdf,
    reference_time,
)
from workbench.form.notes import style_of
from workbench.models import Review

FORMATS = ("toa-pdf", "toa-docx", "audit-csv")
TYPES = {
    "toa-pdf": CONTENT_TYPES["pdf"],
    "toa-docx": CONTENT_TYPES["docx"],
    "audit-csv": CONTENT_TYPES["csv"],
}
NAMES = {"toa-pdf": "authorities.pdf", "toa-docx": "authorities.docx", "audit-csv": "audit.csv"}


def render(review: Review, fmt: str) -> Export:
    content = {"toa-pdf": toa_pdf, "toa-docx": toa_docx, "audit-csv": audit_csv}[fmt](review)
    return Export.spooled(
        [content],
        filename=f"review-{review.pk}-v{review.version}-{NAMES[fmt]}",
        content_type=TYPES[fmt],
    )


def heading_lines(review: Review) -> list[str]:
    return [
        _("Table of authorities"),
        review.title,
        _("Matter: %(ref)s %(name)s · draft %(draft)s, version %(v)s")
        % {
            "ref": review.matter.reference,
            "name": review.matter.name,
            "draft": review.draft_name,
            "v": review.version,
        },
        toa.as_of_line(review),
    ]


def toa_docx(review: Review) -> bytes:
    import docx
    from docx.shared import RGBColor

    table = toa.build(toa.findings_for_table(review), style_of(review.matter))
    when = reference_time(review)
    document = docx.Document()
    title, name, matter, as_of = heading_lines(review)
    document.add_heading(title, level=0)
    document.add_paragraph(name)
    document.add_paragraph(matter)
    document.add_paragraph(as_of)
    for part in table.parts:
        document.add_heading(part.title, level=1)
        for section in part.sections:
            document.add_heading(section.title, level=2)
            for group in section.ordered:
                document.add_heading(group.title, level=3)
                if group.detail:
                    document.add_paragraph().add_run(group.detail).italic = True
                for entry in group.ordered:
                    paragraph = document.add_paragraph()
                    paragraph.add_run(entry.title).bold = True
                    if entry.detail:
                        paragraph.add_run(f" — {entry.detail}")
                    for citing in entry.citings:
                        line = document.add_paragraph(style="List Bullet")
                        line.add_run(f"{citing.where}: ")
                        status = line.add_run(f"{citing.icon} {citing.status_label}")
                        status.font.color.rgb = RGBColor(*STATUS_TEXT_RGB.get(citing.status, (0, 0, 0)))
                        line.add_run(f" · {citing.finding_id} · {citing.citation}")
    if table.unread:
        document.add_heading(_("Citations that could not be read"), level=1)
        for citing in table.unread:
            document.add_paragraph(
                f"{citing.citation} — {citing.where} ({citing.finding_id})", style="List Bullet"
            )
    props = document.core_properties
    props.title = f"{title}: {review.title}"
    props.created = props.modified = props.last_printed = when.replace(tzinfo=None)
    props.revision = 1
    props.author = props.last_modified_by = "Citation review workbench"
    buffer = io.BytesIO()
    document.save(buffer)
    return fixed_zip(buffer.getvalue(), when)


def toa_pdf(review: Review) -> bytes:
    table = toa.build(toa.findings_for_table(review), style_of(review.matter))
    when = reference_time(review)
    title, name, matter, as_of = heading_lines(review)
    pdf = new_pdf(f"{title}: {review.title}", when)
    pdf.add_page()
    width = pdf.w - pdf.l_margin - pdf.r_margin

    def line(text: str, size: float = 9.5, style: str = "", height: float = 5.0, indent: float = 0) -> None:
        pdf.set_font("body", style, size)
        pdf.set_x(pdf.l_margin + indent)
        pdf.multi_cell(width - indent, height, text, new_x="LMARGIN", new_y="NEXT", align="L")

    line(title, 16, "B", 8)
    line(name, 12, "B", 6)
    line(matter)
    line(as_of, 9.5, "B")
    pdf.ln(3)
    for part in table.parts:
        line(part.title, 13, "B", 7)
        for section in part.sections:
            line(section.title, 11.5, "B", 6)
            for group in section.ordered:
                line(group.title, 10.5, "B", 5.5, indent=2)
                if group.detail:
                    line(group.detail, 8.5, indent=2)
                for entry in group.ordered:
                    line(entry.title + (f" — {entry.detail}" if entry.detail else ""), 9.5, "B", 5, indent=5)
                    for citing in entry.citings:
                        pdf.set_text_color(*STATUS_TEXT_RGB.get(citing.status, (0, 0, 0)))
                        line(f"{citing.where}: {citing.status_label}", 8.5, "", 4.5, indent=9)
                        pdf.set_text_color(0, 0, 0)
                        line(f"{citing.finding_id} · {citing.citation}", 8, "", 4.2, indent=12)
            pdf.ln(1)
    if table.unread:
        line(_("Citations that could not be read"), 12, "B", 7)
        for citing in table.unread:
            line(f"{citing.citation} — {citing.where} ({citing.finding_id})", 9, indent=2)
    return bytes(pdf.output())


AUDIT_COLUMNS = (
    "seq", "at", "actor", "event", "what", "findings", "snapshot_sha256", "detail", "reason",
    "prev_hash", "hash",
)  # fmt: skip


def _cell(value: Any) -> str:
    """A cell Excel will not run: text starting with = + - @ (a comment, a wording) becomes literal."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def audit_csv(review: Review) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(AUDIT_COLUMNS)
    for e in timeline.timeline(review):
        writer.writerow(
            [
                e.seq,
                e.at.isoformat(),
                _cell(e.actor),
                e.kind,
                _cell(e.what),
                " ".join(e.findings),
                e.snapshot,
                _cell(e.detail),
                _cell(e.reason),
                e.prev_hash,
                e.hash,
            ]
        )
    return "\ufeff".encode() + buffer.getvalue().encode("utf-8")

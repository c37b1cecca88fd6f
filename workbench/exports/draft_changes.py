"""The draft "with suggested changes": the draft itself — the user's own .docx where one was uploaded, a
.docx of the pasted text otherwise — with every fix a finding stands behind as a Word revision the lawyer
accepts or rejects (`suggested.py` says which, `docx_revisions.py` writes them), and today's comment at
each citation beside them, saying what the change is and why. Nothing else of the draft is touched: its
properties, styles, headers and footnotes are the author's; no report heading, no sign-off section is added.

Fixes from elsewhere plug in as they are: the citation form's differences (issue 29 §1, `verifier/form`)
are each `Fix(d.start, d.end, d.canonical_part, finding_id, d.message rendered in the reader's language)`,
passed as `fixes` with the findings' own (`suggested.fixes_of`); an empty span inserts, an empty text
deletes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext

from verifier.fixes import Fix
from workbench.exports import suggested
from workbench.exports.common import CONTENT_TYPES, Export, bounded, fixed_zip
from workbench.exports.docx_comments import all_paragraphs
from workbench.exports.docx_revisions import Revisions
from workbench.exports.report import draft_docx, last_decision, provenance_line, rows_of, snapshots_of
from workbench.exports.text import comment_text
from workbench.models import Review
from workbench.pipeline.drafts import truncation_text

FORMATS = ("docx-changes",)


def export_docx_changes(
    review: Review, lang: str, fixes: Sequence[Fix] | None = None
) -> tuple[bytes, list[Fix]]:
    """The .docx and the fixes it offers; `fixes`: these instead of the findings' own (`suggested.fixes_of`),
    so that fixes from elsewhere (the citation form, issue 29 §1) are written the same way."""
    fixes = suggested.fixes_of(review, lang) if fixes is None else list(fixes)
    document, notes, anchored, comments, when, original = draft_docx(review, heading=False)
    if original:
        anchored = at_note_marks(document, anchored)
    commented = {}
    for f in rows_of(review, snapshots_of(review)):
        runs = anchored.get(f.pk)
        if runs:
            provenance = provenance_line(f.snapshot, lang) if f.snapshot else ""
            text = comment_text(f, review, lang, last_decision(f), provenance)
            commented[f.finding_id] = (comments.add(runs, text), text)
    paragraphs = list(all_paragraphs(document)) + (notes.paragraphs() if notes is not None else [])
    placed = Revisions(document, paragraphs, when).write(review.draft_text, fixes)
    for fix in fixes:
        if fix.finding not in commented:
            continue
        comment, text = commented[fix.finding]
        comment.add_paragraph(text=_change_line(review.draft_text, fix, placed.get(fix, False)))
        if fix.why and fix.why.split(": ", 1)[-1] not in text:  # a fix with its own reason (the form's)
            comment.add_paragraph(text=bounded(fix.why))
    if notes is not None:
        notes.save()
    if review.truncated:  # past WORKBENCH_MAX_CITATIONS: never a silent skip
        document.add_paragraph(truncation_text(review))
    if not original:
        props = document.core_properties
        props.title = review.title
        props.created = props.modified = when.replace(tzinfo=None)
        props.last_printed = when.replace(tzinfo=None)
        props.revision = 1
        props.author = props.last_modified_by = "Citation review workbench"
    buffer = io.BytesIO()
    document.save(buffer)
    return fixed_zip(buffer.getvalue(), when), [fix for fix in fixes if placed.get(fix)]


def at_note_marks(document: Any, anchored: dict[int, list[Any]]) -> dict[int, list[Any]]:
    """A citation of a footnote or endnote gets its comment on the note's mark in the body, not inside the
    note: LibreOffice (7.4) refuses to open a .docx with a comment inside a note ("source file could not be
    loaded"), and this file is the draft the lawyer works on in whatever they use. The fix itself is tracked
    inside the note, and the comment beside the mark says what it is."""
    from docx.text.run import Run

    body = document.element.body
    out: dict[int, list[Any]] = {}
    for pk, runs in anchored.items():
        note = next(iter(runs[0]._r.xpath("ancestor::w:footnote | ancestor::w:endnote")), None)
        if note is None:
            out[pk] = runs
            continue
        kind = etree_name(note)
        marks = body.xpath(f'.//w:r[w:{kind}Reference[@w:id="{note.get(qn_id())}"]]')
        if marks:
            out[pk] = [Run(marks[0], runs[0]._parent)]
    return out


def etree_name(element: Any) -> str:
    from lxml import etree

    return str(etree.QName(element).localname)


def qn_id() -> str:
    from docx.oxml.ns import qn

    return str(qn("w:id"))


def _change_line(draft: str, fix: Fix, placed: bool) -> str:
    words = {"old": bounded(draft[fix.start : fix.end], 300), "new": bounded(fix.text, 300)}
    if placed:
        return gettext("Suggested change (tracked in the text): “%(old)s” → “%(new)s”") % words
    return (
        gettext(
            "Suggested change not made in the file (its words are not where the draft's text has them): "
            "make it by hand: “%(old)s” → “%(new)s”"
        )
        % words
    )


def render(review: Review, fmt: str, *, lang: str = "en") -> Export:
    """The export in the reader's language `lang`; its audit event names the findings it changes. Called
    beside `report.render` (this module reads report's helpers, so report cannot call it back)."""
    if fmt not in FORMATS:
        raise ValueError(f"Unknown export format {fmt!r}")
    with translation.override(lang):
        content, made = export_docx_changes(review, lang)
    return Export.spooled(
        [content],
        filename=f"review-{review.pk}-v{review.version}-suggested-changes.docx",
        content_type=CONTENT_TYPES["docx"],
        details={"changes": list(dict.fromkeys(fix.finding for fix in made))},  # a finding once
    )

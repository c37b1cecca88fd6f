"""The draft as the lawyer wrote it: headings, paragraphs, table rows, pages, then footnotes and endnotes
under their numbers, with every citation highlighted in its status colour and the claim it carries underlined.

Built from the review's `draft_text` and `draft_parts` ([[start, end, origin]], the origins ingestion gave:
"line 3", "paragraph 12", "table 1 row 2", "page 4", "footnote 3", "endnote ii"), so a .docx's footnote
citations sit in their footnotes. The HTML is made here, in one place, because a long memo has thousands
of segments (the template engine costs ~0.2 ms each); every character of the draft goes through escape()
exactly as {{ }} would: drafts are untrusted.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from workbench.reviews.blocking import is_blocking
from workbench.words import note_of, origin_word, status_word

type Part = tuple[int, int, str]

_HEADING = re.compile(r"^(#{1,6})[ \t]+")
_LINE = re.compile(r"^line \d+$")


def escape(value: object) -> str:
    return html.escape(str(value))


@dataclass(frozen=True, slots=True)
class Mark:
    """One citation of the draft with its claim, as the document view needs it."""

    pk: int
    ordinal: int
    start: int
    end: int
    claim_start: int
    claim_end: int
    status: str
    state: str
    risk: int
    citation: str

    @property
    def blocks(self) -> bool:
        return is_blocking(self.status, self.state)


MARK_FIELDS = (
    "pk",
    "ordinal",
    "span_start",
    "span_end",
    "claim_start",
    "claim_end",
    "status",
    "state",
    "risk",
    "citation",
)


def marks_of(rows: Iterable[dict[str, Any]]) -> list[Mark]:
    return [
        Mark(
            pk=r["pk"],
            ordinal=r["ordinal"],
            start=r["span_start"],
            end=r["span_end"],
            claim_start=r["claim_start"],
            claim_end=r["claim_end"],
            status=r["status"] or "",
            state=r["state"],
            risk=r["risk"],
            citation=r["citation"],
        )
        for r in rows
    ]


@dataclass
class _Block:
    kind: str  # "heading" | "paragraph" | "table" | "page" | "note"
    pieces: list[tuple[int, int]]  # spans of the draft text this block shows
    level: int = 0  # heading level
    label: str = ""  # note number, page number
    note_kind: str = ""  # footnote | endnote
    rows: list[tuple[int, int]] = field(default_factory=list)  # table rows (spans)
    origin: str = ""  # a .docx paragraph is split where a note's mark is: its pieces are one block
    refs: list[tuple[int, str, str]] = field(default_factory=list)  # (offset, note kind, label) of marks


def blocks_of(text: str, parts: Sequence[Sequence[Any]]) -> list[_Block]:
    """The draft's blocks in reading order: body first (as the parts come), notes last."""
    if not parts:  # an earlier version keeps only its text: read it line by line
        parts = list(_lines(text))
    body: list[_Block] = []
    notes: list[_Block] = []
    paragraph: list[tuple[int, int]] = []

    def close_paragraph() -> None:
        if paragraph:
            last_start, last_end = paragraph[-1]
            paragraph[-1] = (last_start, _trimmed(text, last_start, last_end))
            body.append(_Block("paragraph", list(paragraph)))
            paragraph.clear()

    for raw in parts:
        start, end, origin = int(raw[0]), int(raw[1]), str(raw[2])
        reference = note_of(origin.removesuffix(" reference")) if origin.endswith(" reference") else None
        if reference is not None:  # where Word prints the note's number, in the block read last
            if body:
                body[-1].refs.append((start, reference[0], reference[1]))
            continue
        note = note_of(origin)
        if note is not None:
            close_paragraph()
            notes.append(_Block("note", [(start, end)], label=note[1], note_kind=note[0]))
        elif _LINE.match(origin):
            line = text[start:end]
            heading = _HEADING.match(line)
            if not line.strip():
                close_paragraph()
            elif heading:
                close_paragraph()
                body.append(
                    _Block("heading", [(start, _trimmed(text, start, end))], level=len(heading.group(1)))
                )
            else:
                paragraph.append((start, end))
        elif origin.startswith("table "):
            close_paragraph()
            table = origin.split(" row ")[0]
            if body and body[-1].kind == "table" and body[-1].label == table:
                body[-1].rows.append((start, end))
            else:
                body.append(_Block("table", [], label=table, rows=[(start, end)]))
        elif origin.startswith("page "):
            close_paragraph()
            body.append(_Block("page", [(start, end)], label=origin.removeprefix("page ")))
        elif body and body[-1].kind == "paragraph" and body[-1].origin == origin and not paragraph:
            body[-1].pieces.append((start, end))  # the rest of a paragraph after a note's mark
        else:  # "paragraph N" of a .docx, or anything a reader names another way
            close_paragraph()
            body.append(_Block("paragraph", [(start, end)], origin=origin))
    close_paragraph()
    return body + notes


def _trimmed(text: str, start: int, end: int) -> int:
    """The end of a line without its line break: the block's own edge shows it."""
    while end > start and text[end - 1] in "\r\n":
        end -= 1
    return end


def _lines(text: str) -> Iterable[Part]:
    start = 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        yield start, start + len(line), f"line {number}"
        start += len(line)


@dataclass(frozen=True)
class Document:
    html: SafeString
    navigable: int  # how many citations j/k moves through


def render(
    text: str,
    parts: Sequence[Sequence[Any]],
    marks: list[Mark],
    *,
    finding_base: str,
    shown: set[int] | None = None,
    linked: bool = True,
) -> Document:
    """The document view's HTML. `shown`: the findings the filters let through (None: all); the others stay
    in the text, unhighlighted and skipped by j/k. `linked`: False for an earlier version, whose findings
    have no evidence panel any more."""
    writer = _Writer(text, marks, finding_base, shown, linked)
    out: list[str] = []
    blocks = blocks_of(text, parts)
    refs = _NoteRefs(blocks)
    notes_open = ""
    for index, block in enumerate(blocks):
        if block.kind == "note":
            if block.note_kind != notes_open:
                if notes_open:
                    out.append("</ol></section>")
                notes_open = block.note_kind
                title = _("Footnotes") if block.note_kind == "footnote" else _("Endnotes")
                out.append(f'<section class="doc-notes doc-{block.note_kind}s"><h3>{escape(title)}</h3><ol>')
            start, end = block.pieces[0]
            label = block.label or "–"
            name = origin_word(f"{block.note_kind} {block.label or '(not referenced in the text)'}")
            out.append(
                f'<li class="doc-note" id="{refs.note_id(block, index)}">'
                f'<span class="note-label" title="{escape(name)}">{escape(label)}</span> '
                f'<span class="note-text">{writer.span(start, end)}</span>{refs.back(block)}</li>'
            )
            continue
        if block.kind == "heading":
            start, end = block.pieces[0]
            marker = _HEADING.match(text[start:end])
            cut = start + (marker.end() if marker else 0)
            level = min(block.level + 2, 6)  # the page's own h1/h2 stay above the draft's headings
            out.append(
                f'<h{level} class="doc-heading">'
                f'<span class="md-mark" aria-hidden="true">{escape(text[start:cut])}</span>'
                f"{writer.span(cut, end)}</h{level}>"
            )
        elif block.kind == "paragraph":
            inner = "".join(writer.span(s, e) + refs.marks(block, s, e) for s, e in block.pieces)
            out.append(f'<p class="doc-p">{inner}</p>')
        elif block.kind == "page":
            start, end = block.pieces[0]
            page = escape(origin_word(f"page {block.label}"))
            out.append(
                f'<div class="doc-page"><span class="page-label">{page}</span>'
                f'<p class="doc-p">{writer.span(start, end)}</p></div>'
            )
        elif block.kind == "table":
            out.append('<table class="doc-table"><tbody>')
            for start, end in block.rows:
                cells = []
                cursor = start
                for cell in text[start:end].split("\t"):
                    marks_here = refs.marks(block, cursor, cursor + len(cell))
                    cells.append(f"<td>{writer.span(cursor, cursor + len(cell))}{marks_here}</td>")
                    cursor += len(cell) + 1
                out.append(f"<tr>{''.join(cells)}</tr>")
            out.append("</tbody></table>")
    if notes_open:
        out.append("</ol></section>")
    return Document(mark_safe("".join(out)), writer.navigable)  # noqa: S308 - escaped in _Writer


class _NoteRefs:
    """The superscript number of each note where Word prints it, and the note linked back to it: a reader
    sees which sentence a footnote supports, and goes from one to the other (both ways, by keyboard too)."""

    def __init__(self, blocks: list[_Block]) -> None:
        self.ids: dict[tuple[str, str], str] = {}
        for index, block in enumerate(blocks):
            if block.kind == "note" and block.label:
                self.ids.setdefault((block.note_kind, block.label), f"{block.note_kind}-{index}")
        self.referenced = {(kind, label) for b in blocks for _, kind, label in b.refs}
        self.printed: set[str] = set()

    def note_id(self, block: _Block, index: int) -> str:
        return self.ids.get((block.note_kind, block.label), f"note-{index}")

    def marks(self, block: _Block, lo: int, hi: int) -> str:
        """The marks printed right after the text lo..hi of `block` (its pieces end where a mark is)."""
        out = []
        for offset, kind, label in block.refs:
            target = self.ids.get((kind, label))
            if target is None or not lo < offset <= hi:
                continue
            name = escape(origin_word(f"{kind} {label}"))
            first = target not in self.printed
            self.printed.add(target)
            anchor_id = f' id="{target}-ref"' if first else ""
            out.append(
                f'<sup class="note-ref"><a href="#{target}"{anchor_id} aria-label="{name}" title="{name}">'
                f"{escape(label)}</a></sup>"
            )
        return "".join(out)

    def back(self, block: _Block) -> str:
        if (block.note_kind, block.label) not in self.referenced:
            return ""
        target = self.ids[(block.note_kind, block.label)]
        name = escape(origin_word(f"{block.note_kind} {block.label}"))
        words = escape(_("Back to the text"))
        return f' <a class="note-back" href="#{target}-ref" aria-label="{words}: {name}">↩</a>'


class _Writer:
    """Cuts stretches of the draft at citation and claim edges and writes each piece, escaped."""

    def __init__(
        self, text: str, marks: list[Mark], finding_base: str, shown: set[int] | None, linked: bool
    ) -> None:
        self.text = text
        self.linked = linked
        self.marks = sorted(marks, key=lambda m: (m.start, m.ordinal))
        self.finding_base = finding_base
        self.shown = shown
        self.seen: set[int] = set()
        self.navigable = 0
        # Claims drawn: under a filter, only those of the findings it lets through.
        self.claims = [m for m in self.marks if m.claim_end > m.claim_start and self.is_shown(m)]

    def is_shown(self, m: Mark) -> bool:
        return self.shown is None or m.pk in self.shown

    def span(self, lo: int, hi: int) -> str:
        if hi <= lo:
            return ""
        cuts = {lo, hi}
        citations = [m for m in self.marks if m.start < hi and m.end > lo]
        claims = [m for m in self.claims if m.claim_start < hi and m.claim_end > lo]
        for m in citations:
            cuts.update((max(m.start, lo), min(m.end, hi)))
        for m in claims:
            cuts.update((max(m.claim_start, lo), min(m.claim_end, hi)))
        points = sorted(cuts)
        out = []
        for a, b in itertools.pairwise(points):
            piece = escape(self.text[a:b])
            citation = next((m for m in citations if m.start <= a and b <= m.end), None)
            under = [m for m in claims if m.claim_start <= a and b <= m.claim_end]
            if citation is not None:
                piece = self.anchor(citation, piece)
            if under:
                worst = min(under, key=lambda m: (m.risk, m.ordinal))
                piece = f'<span class="claim-line u-{escape(worst.status or "pending")}">{piece}</span>'
            out.append(piece)
        return "".join(out)

    def anchor(self, m: Mark, inner: str) -> str:
        status = escape(m.status or "pending")
        label = escape(f"C{m.ordinal} · {status_word(m.status)}")
        if not self.linked:
            return f'<span class="cite st-{status}" title="{label}">{inner}</span>'
        link = escape(f"{self.finding_base}{m.pk}/")
        first = m.pk not in self.seen
        self.seen.add(m.pk)
        quiet = not self.is_shown(m)
        classes = f"cite st-{status}" + (" quiet" if quiet else "") + (" blocks" if m.blocks else "")
        attributes = f' id="cite-{m.pk}" data-finding' if first and not quiet else ""
        if first and not quiet:
            self.navigable += 1
        return (
            f'<a class="{classes}" href="{link}" hx-get="{link}" hx-target="#evidence" hx-swap="innerHTML"'
            f' data-pk="{m.pk}" data-ordinal="{m.ordinal}" title="{label}"{attributes}>{inner}</a>'
        )

"""Where each finding's Word comment sits in the .docx export: the runs of its citation, in a draft written
out paragraph by paragraph, or in a copy of the original .docx (runs split at the citation's edges)."""

from __future__ import annotations

import bisect
import itertools
from typing import Any, cast

from workbench.models import Finding


def write_draft_with_runs(document: Any, text: str, findings: list[Finding]) -> dict[int, list[Any]]:
    """Write the draft paragraph by paragraph, cutting runs at citation spans: each comment gets its runs."""
    anchored: dict[int, list[Any]] = {}
    spans = sorted((f.span_start, f.span_end, f.pk) for f in findings)
    offset = 0
    for paragraph_text in text.split("\n"):
        start, end = offset, offset + len(paragraph_text)
        offset = end + 1
        paragraph = document.add_paragraph()
        cursor = start
        for s, e, pk in spans:
            if e <= start or s >= end or s < cursor:
                continue
            if s > cursor:
                paragraph.add_run(text[cursor:s])
            anchored[pk] = [paragraph.add_run(text[s:e])]
            cursor = e
        if cursor < end:
            paragraph.add_run(text[cursor:end])
    return anchored


class NoteParts:
    """The footnotes and endnotes of a .docx, whose paragraphs a comment can be anchored in as in the body:
    python-docx keeps these parts as bytes, so they are parsed here and written back by `save()` once the
    comments are marked in them."""

    RELS = ("/footnotes", "/endnotes")

    def __init__(self, document: Any) -> None:
        from docx.oxml.parser import parse_xml

        self.parent = document._body  # a note's runs are only split and marked: any story parent serves
        self.parts = [
            (rel.target_part, parse_xml(rel.target_part.blob))
            for rel in document.part.rels.values()
            if not rel.is_external and rel.reltype.endswith(self.RELS)
        ]
        # footnotes before endnotes, as ingestion reads them (draft order)
        self.parts.sort(key=lambda pair: "endnotes" in pair[0].partname)

    def paragraphs(self) -> list[Any]:
        from docx.oxml.ns import qn
        from docx.text.paragraph import Paragraph

        # parse_xml gives w:p its python-docx class (CT_P), which Paragraph needs
        return [Paragraph(cast(Any, p), self.parent) for _, root in self.parts for p in root.iter(qn("w:p"))]

    def save(self) -> None:
        from lxml import etree

        for part, root in self.parts:
            part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def comment_runs_in_docx(
    document: Any, findings: list[Finding], notes: NoteParts | None = None
) -> dict[int, list[Any]]:
    """In a copy of the original .docx, find each citation's text and split runs so the comment sits on it:
    in the body, then in the footnotes and endnotes (`notes`), where a memo's citations often are. Findings
    are matched in draft order, so the second "III AUa 271/12" gets the second occurrence."""
    anchored: dict[int, list[Any]] = {}
    paragraphs = list(all_paragraphs(document)) + (notes.paragraphs() if notes is not None else [])
    # Every paragraph's visible text, read once (splitting runs at a citation does not change it), joined
    # with NULs into one string searched in C: the first paragraph holding a citation past what earlier
    # findings claimed there is found without trying each paragraph in turn (2,000 × 2,000 searches).
    texts = ["".join(r.text for r in visible_runs(p)) for p in paragraphs]
    starts = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    joined_text = "\0".join(texts)
    used: dict[int, int] = {}  # paragraph index -> offset up to which text was already claimed
    searched: dict[str, int] = {}  # citation -> where in joined_text it can still be found
    for f in findings:
        at = searched.get(f.citation, 0)
        while f.citation and (hit := joined_text.find(f.citation, at)) >= 0:
            index = bisect.bisect_right(starts, hit) - 1
            claimed = starts[index] + used.get(index, 0)
            if hit < claimed:  # an earlier finding holds this occurrence
                at = claimed
                continue
            paragraph = paragraphs[index]
            runs = _isolate(paragraph, f.citation, start=used.get(index, 0))
            if not runs:
                at = hit + 1
                continue
            anchored[f.pk] = runs
            used[index] = _offset_after(paragraph, runs[-1])
            at = starts[index] + used[index]
            break
        else:
            at = len(joined_text)  # no free occurrence is left for this citation
        searched[f.citation] = at
    return anchored


def all_paragraphs(document: Any) -> Any:
    """Every paragraph of the body in document order: tables and content controls included."""
    from docx.text.paragraph import Paragraph

    for p in document.element.body.xpath(".//w:p"):
        yield Paragraph(p, document._body)


def visible_runs(paragraph: Any) -> list[Any]:
    """Every run a reader sees: inside tracked insertions and hyperlinks too, never inside deletions."""
    from docx.text.run import Run

    return [
        Run(r, paragraph)
        for r in paragraph._p.xpath(".//w:r[not(ancestor::w:del) and not(ancestor::w:moveFrom)]")
        if r.getparent() is not None
    ]


def _offset_after(paragraph: Any, last_run: Any) -> int:
    offset = 0
    for run in visible_runs(paragraph):
        offset += len(run.text)
        if run._r is last_run._r:
            return offset
    return offset


def _isolate(paragraph: Any, needle: str, *, start: int = 0) -> list[Any]:
    """Return the runs that hold exactly `needle` (at or after `start`), splitting runs at its edges."""
    runs = visible_runs(paragraph)
    text = "".join(r.text for r in runs)
    at = text.find(needle, start)
    if at < 0:
        return []
    end = at + len(needle)
    out = []
    position = 0
    for run in runs:
        run_start, run_end = position, position + len(run.text)
        position = run_end
        if run_end <= at or run_start >= end:
            continue
        inner_start, inner_end = max(at, run_start) - run_start, min(end, run_end) - run_start
        original = run.text
        before, middle, after = original[:inner_start], original[inner_start:inner_end], original[inner_end:]
        run.text = middle
        if before:
            new = clone_run_before(run)
            new.text = before
        if after:
            new = clone_run_after(run)
            new.text = after
        out.append(run)
    return out


def clone_run_before(run: Any) -> Any:
    import copy

    from docx.text.run import Run

    element = copy.deepcopy(run._r)
    run._r.addprevious(element)
    return Run(element, run._parent)


def clone_run_after(run: Any) -> Any:
    import copy

    from docx.text.run import Run

    element = copy.deepcopy(run._r)
    run._r.addnext(element)
    return Run(element, run._parent)

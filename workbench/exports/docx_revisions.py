"""Fixes written into a .docx as Word revisions (`w:del` of the draft's words, `w:ins` of the new ones,
author "Citation review", dated), which the lawyer accepts or rejects in Word: in the body, in tables and in
footnotes and endnotes alike.

A fix is given in offsets of the review's draft text, which ingestion read paragraph by paragraph (body,
then footnotes, then endnotes: `verifier/ingest/docx.py`). Each line of that text is found again among the
file's paragraphs, in order, by its visible text (a note's text read without its leading space), and the fix
is placed at the same offset in that paragraph, its runs split at the fix's edges; a table row, read as one
line of its cells joined by tabs, is found as those cells' paragraphs in a row. A fix whose place cannot be
found (a quote across two paragraphs, words inside the author's own tracked insertion) is not made: the
finding's comment says so and what to change by hand.
"""

from __future__ import annotations

import bisect
import copy
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from verifier.fixes import Fix
from workbench.exports.docx_comments import clone_run_after, clone_run_before, visible_runs

AUTHOR = "Citation review"
_NOTE_BLANKS = " \t"


class Revisions:
    """The revisions of one document, numbered past every id the file already uses."""

    def __init__(self, document: Any, paragraphs: Sequence[Any], when: datetime) -> None:
        from docx.oxml.ns import qn

        self.paragraphs = list(paragraphs)
        self.date = when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        used = [
            int(value)
            for p in self.paragraphs
            for value in p._p.xpath(".//@w:id")
            if str(value).lstrip("-").isdigit()
        ]
        used += [int(v) for v in document.element.xpath(".//@w:id") if str(v).lstrip("-").isdigit()]
        self.next_id = max(used, default=0) + 1
        self.qn = qn

    def write(self, draft: str, fixes: Sequence[Fix]) -> dict[Fix, bool]:
        """Place each fix; the answer says which were placed."""
        lines = _line_starts(draft)
        found = self._paragraphs_of_lines(
            draft, lines, {bisect.bisect_right(lines, fix.start) - 1 for fix in fixes}
        )
        placed: dict[Fix, bool] = {}
        # the last fix of a paragraph first: splitting runs never moves an offset still to be placed
        for fix in sorted(fixes, key=lambda f: f.start, reverse=True):
            line = bisect.bisect_right(lines, fix.start) - 1
            start, end = fix.start - lines[line], fix.end - lines[line]
            segment = next((s for s in found.get(line, ()) if s.at <= start and end <= s.at + s.length), None)
            if segment is None:
                placed[fix] = False
                continue
            start += segment.shift - segment.at
            placed[fix] = self._replace(segment.paragraph, start, start + fix.end - fix.start, fix.text)
        return placed

    def _paragraphs_of_lines(
        self, draft: str, lines: list[int], wanted: set[int]
    ) -> dict[int, list[Segment]]:
        """Each draft line that holds a fix → the paragraphs it was read from: one, or a table row's cells
        (ingestion joins them with a tab). Every line is matched in order, so two equal lines find their own
        paragraphs."""
        texts = ["".join(r.text for r in visible_runs(p)) for p in self.paragraphs]
        exact: dict[str, list[int]] = {}
        stripped: dict[str, list[int]] = {}
        for position, text in enumerate(texts):
            exact.setdefault(text, []).append(position)
            stripped.setdefault(text.lstrip(_NOTE_BLANKS), []).append(position)
        out: dict[int, list[Segment]] = {}
        cursor = 0
        for number, start in enumerate(lines):
            end = lines[number + 1] - 1 if number + 1 < len(lines) else len(draft)
            line = draft[start:end]
            if not line.strip():
                continue
            index = _next(exact.get(line, []), cursor)
            if index is None:
                index = _next(stripped.get(line, []), cursor)
            if index is not None:
                cursor = index + 1
                if number in wanted:
                    text = texts[index]
                    shift = 0 if text == line else len(text) - len(line)
                    out[number] = [Segment(self.paragraphs[index], 0, len(line), shift)]
                continue
            row = _row(line.split("\t"), texts, exact, cursor) if "\t" in line else None
            if row is not None:
                cursor = row + line.count("\t") + 1
                if number in wanted:
                    out[number] = _cells(
                        line, [self.paragraphs[row + k] for k in range(line.count("\t") + 1)]
                    )
        return out

    def _replace(self, paragraph: Any, start: int, end: int, text: str) -> bool:
        """Strike [start, end) and write `text` after it; an empty span is an insertion at `start` (a part
        of a citation the draft leaves out), an empty text a deletion."""
        qn = self.qn
        if start == end:
            return self._insert(paragraph, start, text)
        runs = _runs_between(paragraph, start, end)
        if not runs or any(r._r.getparent().tag == qn("w:ins") for r in runs):
            return False  # a change inside the author's own tracked insertion is left to the author
        last = None
        for run in runs:
            deleted = self._mark("w:del")
            run._r.addprevious(deleted)
            deleted.append(run._r)
            for t in run._r.findall(qn("w:t")):
                t.tag = qn("w:delText")
            for instr in run._r.findall(qn("w:instrText")):
                instr.tag = qn("w:delInstrText")
            last = deleted
        if text and last is not None:
            last.addnext(self._inserted(runs[0]._r, text))
        return True

    def _insert(self, paragraph: Any, at: int, text: str) -> bool:
        if not text:
            return False
        after = _runs_between(paragraph, at, at + 1)  # the run that starts at `at`, split off
        if after and after[0]._r.getparent().tag != self.qn("w:ins"):
            after[0]._r.addprevious(self._inserted(after[0]._r, text))
            return True
        before = _runs_between(paragraph, at - 1, at) if at > 0 else []  # at the paragraph's end
        if before and before[-1]._r.getparent().tag != self.qn("w:ins"):
            before[-1]._r.addnext(self._inserted(before[-1]._r, text))
            return True
        return False

    def _inserted(self, like: Any, text: str) -> Any:
        """A w:ins holding one run of `text`, formatted as the run `like` (bold stays bold)."""
        qn = self.qn
        inserted = self._mark("w:ins")
        new_run = copy.deepcopy(like)
        for child in list(new_run):
            if child.tag != qn("w:rPr"):
                new_run.remove(child)
        t = new_run.makeelement(qn("w:t"), {})
        t.text = text
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        new_run.append(t)
        inserted.append(new_run)
        return inserted

    def _mark(self, tag: str) -> Any:
        from docx.oxml import OxmlElement

        element = OxmlElement(tag)
        element.set(self.qn("w:id"), str(self.next_id))
        element.set(self.qn("w:author"), AUTHOR)
        element.set(self.qn("w:date"), self.date)
        self.next_id += 1
        return element


@dataclass(frozen=True, slots=True)
class Segment:
    """A stretch of a draft line read from one paragraph: `at` and `length` in the line, `shift` the
    paragraph's leading blanks ingestion dropped (a note's space after its number)."""

    paragraph: Any
    at: int
    length: int
    shift: int


def _row(cells: list[str], texts: list[str], exact: dict[str, list[int]], cursor: int) -> int | None:
    """The first paragraph of consecutive ones that read as a table row's cells, at or after `cursor`."""
    candidates = exact.get(cells[0], [])
    at = bisect.bisect_left(candidates, cursor)
    for first in candidates[at:]:
        if texts[first : first + len(cells)] == cells:
            return first
    return None


def _cells(line: str, paragraphs: list[Any]) -> list[Segment]:
    segments, at = [], 0
    for paragraph, cell in zip(paragraphs, line.split("\t"), strict=True):
        segments.append(Segment(paragraph, at, len(cell), 0))
        at += len(cell) + 1
    return segments


def _line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def _next(indices: list[int], cursor: int) -> int | None:
    at = bisect.bisect_left(indices, cursor)
    return indices[at] if at < len(indices) else None


def _runs_between(paragraph: Any, start: int, end: int) -> list[Any]:
    """The runs holding exactly the paragraph's visible text [start, end), split at its edges; a run with
    no text inside (a footnote's reference, a comment's mark) is never among them."""
    out = []
    position = 0
    for run in visible_runs(paragraph):
        original = run.text
        run_start, run_end = position, position + len(original)
        position = run_end
        if not original or run_end <= start or run_start >= end:
            continue
        inner_start, inner_end = max(start, run_start) - run_start, min(end, run_end) - run_start
        before, middle, after = original[:inner_start], original[inner_start:inner_end], original[inner_end:]
        if before or after:
            run.text = middle
            if before:
                clone_run_before(run).text = before
            if after:
                clone_run_after(run).text = after
        out.append(run)
    return out

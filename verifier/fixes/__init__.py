"""Fixes of a draft, each resting on a finding: "replace the draft's text at [start, end) by `text`, because
`why`". What builds one (a 🟡 quote's source words, the unit the act says it in, a date or court read from the
source, a citation's canonical form) only says where and what; the .docx export writes each as a Word
revision the lawyer accepts or rejects (`workbench/exports/docx_revisions.py`).

    Fix(start, end, text, finding="C3", why="…")   offsets into the draft's text (the review's draft_text)
    applied(text, fixes) -> str                     the draft with every fix accepted
    without_overlaps(fixes) -> list[Fix]            in draft order; a fix overlapping an earlier one dropped
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fix:
    """One change of the draft's text and the finding behind it."""

    start: int
    end: int
    text: str
    finding: str  # the finding's id ("C3"): its comment sits beside the change
    why: str  # the finding's reason, in the reader's language

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"a fix's span must be ordered and non-negative: {self.start}, {self.end}")


def without_overlaps(fixes: Iterable[Fix]) -> list[Fix]:
    """The fixes in draft order; one that overlaps a fix kept before it is dropped (two findings cannot both
    rewrite the same words: the first, in draft order, is offered)."""
    kept: list[Fix] = []
    for fix in sorted(fixes, key=lambda f: (f.start, f.end)):
        if kept and fix.start < kept[-1].end:
            continue
        kept.append(fix)
    return kept


def applied(text: str, fixes: Iterable[Fix]) -> str:
    """The draft as it reads once every fix is accepted."""
    out: list[str] = []
    cursor = 0
    for fix in without_overlaps(fixes):
        out.append(text[cursor : fix.start])
        out.append(fix.text)
        cursor = fix.end
    out.append(text[cursor:])
    return "".join(out)

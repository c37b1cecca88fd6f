"""Earlier versions of a draft, the redline between two versions (what was deleted and inserted, word by word
inside changed paragraphs) and which citations a new version added, changed, removed and kept."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass

from workbench.models import Review
from workbench.pipeline.records import same_claim_key

# Word-level diffing is quadratic in the worst case: changed stretches longer than this are shown as one
# deletion and one insertion instead (a rewritten section, where words would not help anyway).
WORD_DIFF_LIMIT = 4000
_TOKENS = re.compile(r"\s+|\w+|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Piece:
    op: str  # "equal" | "delete" | "insert"
    text: str


@dataclass(frozen=True)
class Redline:
    pieces: list[Piece]
    deleted_words: int
    inserted_words: int


def redline(old: str, new: str) -> Redline:
    old_lines = old.splitlines(keepends=True)
    new_lines = new.splitlines(keepends=True)
    pieces: list[Piece] = []
    lines = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for op, a0, a1, b0, b1 in lines.get_opcodes():
        if op == "equal":
            pieces.append(Piece("equal", "".join(old_lines[a0:a1])))
        elif op == "delete":
            pieces.append(Piece("delete", "".join(old_lines[a0:a1])))
        elif op == "insert":
            pieces.append(Piece("insert", "".join(new_lines[b0:b1])))
        else:
            pieces.extend(_words("".join(old_lines[a0:a1]), "".join(new_lines[b0:b1])))
    merged: list[Piece] = []
    for piece in pieces:
        if not piece.text:
            continue
        if merged and merged[-1].op == piece.op:
            merged[-1] = Piece(piece.op, merged[-1].text + piece.text)
        else:
            merged.append(piece)
    return Redline(
        merged,
        sum(_count(p.text) for p in merged if p.op == "delete"),
        sum(_count(p.text) for p in merged if p.op == "insert"),
    )


def _words(old: str, new: str) -> list[Piece]:
    a, b = _TOKENS.findall(old), _TOKENS.findall(new)
    if len(a) + len(b) > WORD_DIFF_LIMIT:
        return [Piece("delete", old), Piece("insert", new)]
    out = []
    for op, a0, a1, b0, b1 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(Piece("equal", "".join(a[a0:a1])))
        else:
            if a1 > a0:
                out.append(Piece("delete", "".join(a[a0:a1])))
            if b1 > b0:
                out.append(Piece("insert", "".join(b[b0:b1])))
    return out


def _count(text: str) -> int:
    return len(re.findall(r"\w+", text))


def version_changes(review: Review) -> dict[str, list[str]]:
    """Citations added, changed (same citation, its claim or quote edited), removed and kept between the
    previous version and the current one.

    The claim key holds the sentence and the quote, so an edited sentence under an unchanged citation has a
    key only the new version has and one only the old version has: compared by key alone, it was listed as
    both new and removed. What is left over after the keys are matched is paired by the citation's words.
    Counts, not dicts: a citation made twice with the same claim is two citations."""
    if review.version < 2:
        return {"added": [], "changed": [], "removed": [], "kept": []}
    old = list(review.findings.filter(version=review.version - 1).order_by("ordinal"))
    new = list(review.findings.filter(version=review.version).order_by("ordinal"))
    unmatched_old = Counter(same_claim_key(f) for f in old)
    kept, fresh = [], []
    for f in new:
        if unmatched_old[same_claim_key(f)]:
            unmatched_old[same_claim_key(f)] -= 1
            kept.append(f.citation)
        else:
            fresh.append(f)
    gone: dict[str, list[str]] = {}
    for f in old:
        if unmatched_old[same_claim_key(f)]:
            unmatched_old[same_claim_key(f)] -= 1
            gone.setdefault(" ".join(f.citation.split()), []).append(f.citation)
    added, changed = [], []
    for f in fresh:
        words = " ".join(f.citation.split())
        if gone.get(words):
            gone[words].pop(0)
            changed.append(f.citation)
        else:
            added.append(f.citation)
    removed = [citation for citations in gone.values() for citation in citations]
    return {"added": added, "changed": changed, "removed": removed, "kept": kept}

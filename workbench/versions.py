"""Earlier versions of a draft and the redline between two versions: what was deleted and inserted, word by
word inside changed paragraphs."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

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

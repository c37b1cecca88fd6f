"""Documents a user supplies for an anchor (an uploaded file or pasted text), read as a source.

document_from_upload(anchor, text, name) -> SourceDocument   structured into units where the text allows
UploadResolver                                              attached documents by anchor key
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence

from verifier.model import (
    Anchor,
    Cause,
    Found,
    Jurisdiction,
    Kind,
    Misconfigured,
    Resolution,
    SourceDocument,
    SourceUnit,
)
from verifier.sources.stamps import fetched_now, text_sha256
from verifier.sources.structure_eu import (
    judgment_paragraphs,
    parse_eurlex_text,
)
from verifier.sources.structure_pl import (
    article_label,
)


def _namespace(key: str) -> tuple[Jurisdiction, Kind]:
    if key.startswith("kr:law:"):
        return Jurisdiction.KR, Kind.STATUTE
    if key.startswith("kr:detc:"):
        return Jurisdiction.KR, Kind.CONSTITUTIONAL_DECISION
    if key.startswith("kr:expc:"):
        return Jurisdiction.KR, Kind.INTERPRETATION
    if key.startswith("kr:"):
        return Jurisdiction.KR, Kind.JUDGMENT
    if key.startswith("pl:act:"):
        return Jurisdiction.PL, Kind.STATUTE
    if key.startswith("pl:"):
        return Jurisdiction.PL, Kind.JUDGMENT
    if key.startswith("eu:celex:3") or key.startswith("eu:celex:1"):
        return Jurisdiction.EU, Kind.EU_ACT
    if key.startswith("eu:"):
        return Jurisdiction.EU, Kind.EU_CASE
    return Jurisdiction.OTHER, Kind.OTHER


_PL_LINE_UNITS: Sequence[tuple[re.Pattern[str], str, str]] = (
    (re.compile(r"^\s*Art\.\s*(\d+[a-z]{0,3})\s*([¹²³⁴⁵⁶⁷⁸⁹⁰]*)\s*\."), "article", "art."),
    (re.compile(r"^\s*§\s*(\d+[a-z]?)\s*\."), "paragraph", "§"),
    (re.compile(r"^\s*(\d+[a-z]?)\.\s"), "paragraph", "ust."),
    (re.compile(r"^\s*(\d+[a-z]?)\)\s"), "item", "pkt"),
    (re.compile(r"^\s*([a-z])\)\s"), "subitem", "lit."),
)
_KR_ARTICLE_LINE = re.compile(r"^\s*제(\d+)조(?:의(\d+))?\s*(?:\(([^)]*)\))?")
_SUPERSCRIPT_DIGITS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")


def _plain_pl_units(text: str) -> tuple[SourceUnit, ...]:
    """Units of a Polish act pasted or extracted as plain text: one provision marker at each line start."""
    open_: dict[str, tuple[tuple[tuple[str, str], ...], str, int]] = {}
    order = ["article", "paragraph", "item", "subitem"]
    units: list[SourceUnit] = []
    offset = 0

    def close(level: str, end: int) -> None:
        for name in order[order.index(level) :][::-1]:
            if name in open_:
                path, label, start = open_.pop(name)
                units.append(SourceUnit(path, label, start, end))

    for line in text.split("\n"):
        for pattern, level, word in _PL_LINE_UNITS:
            m = pattern.match(line)
            if not m or (level != "article" and "article" not in open_):
                continue
            number = m.group(1)
            if level == "article" and m.group(2):
                number += "-" + m.group(2).translate(_SUPERSCRIPT_DIGITS)
            close(level, offset - 1 if offset else 0)
            parent = next((open_[n] for n in reversed(order[: order.index(level)]) if n in open_), None)
            path = (*(parent[0] if parent else ()), (level, number))
            shown = article_label(number) if level == "article" else number
            label = f"{parent[1]} {word} {shown}" if parent else f"{word} {shown}"
            open_[level] = (path, label, offset)
            break
        offset += len(line) + 1
    close("article", len(text))
    return tuple(sorted(units, key=lambda u: (u.start, -u.end)))


def _plain_kr_units(text: str) -> tuple[SourceUnit, ...]:
    starts = []
    offset = 0
    for line in text.split("\n"):
        m = _KR_ARTICLE_LINE.match(line)
        if m:
            number = m.group(1) + (f"-{m.group(2)}" if m.group(2) else "")
            label = f"제{m.group(1)}조" + (f"의{m.group(2)}" if m.group(2) else "")
            starts.append((offset, number, label, m.group(3)))
        offset += len(line) + 1
    units = []
    for i, (start, number, label, title) in enumerate(starts):
        end = starts[i + 1][0] - 1 if i + 1 < len(starts) else len(text)
        units.append(SourceUnit((("article", number),), label, start, max(start, end), title))
    return tuple(units)


def document_from_upload(anchor: Anchor, ingested_text: str, name: str) -> SourceDocument:
    """A source the user attached for `anchor` (already ingested to text like a draft), used as is.

    Its text is the user's file; units are found where the text has recognisable provision markers. The
    document asserts nothing about date, court or parties: the user supplied the file, not its metadata.
    """
    text = ingested_text
    if not text.strip():
        raise ValueError(f"the uploaded source {name!r} has no text")
    jurisdiction, kind = _namespace(anchor.key)
    units: tuple[SourceUnit, ...] = ()
    if kind is Kind.STATUTE and jurisdiction is Jurisdiction.PL:
        units = _plain_pl_units(text)
    elif kind is Kind.STATUTE and jurisdiction is Jurisdiction.KR:
        units = _plain_kr_units(text)
    elif kind is Kind.EU_ACT:
        units = parse_eurlex_text(text).units
    elif kind is Kind.EU_CASE:
        units = judgment_paragraphs(text)
    digest = text_sha256(text)
    return SourceDocument(
        id=f"upload:{digest[:16]}",
        key=anchor.key,
        jurisdiction=jurisdiction,
        kind=kind,
        title=name,
        text=text,
        url=f"upload:{name}",
        version=digest[:16],
        sha256=digest,
        fetched_at=fetched_now(),
        origin="upload",
        number=anchor.number,
        units=units,
        meta={"uploaded_as": name},
    )


class UploadResolver:
    """Sources attached by the user, one per anchor key; a later attachment for the same key replaces it."""

    def __init__(self, documents: Iterable[SourceDocument] = ()) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[str, SourceDocument] = {d.key: d for d in documents}

    def add(self, document: SourceDocument) -> None:
        with self._lock:
            self._by_key[document.key] = document

    def attach(self, anchor: Anchor, ingested_text: str, name: str) -> SourceDocument:
        document = document_from_upload(anchor, ingested_text, name)
        self.add(document)
        return document

    def resolve(self, anchor: Anchor) -> Resolution:
        with self._lock:
            document = self._by_key.get(anchor.key)
        if document is None:
            return Misconfigured(
                anchor.key, f"no source was attached for {anchor.key}", cause=Cause.NOT_ATTACHED
            )
        return Found(document)

    def keys(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._by_key)

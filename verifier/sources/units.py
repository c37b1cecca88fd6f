"""What every structure parser shares: `UnitTextBuilder`, the small writer that lays a document out as text
while recording where each structural unit (article, paragraph, item…) starts and ends; `unit_for`, the unit
a pinpoint names; `clean_space`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from verifier.model import Pinpoint, SourceUnit

_WS = re.compile(r"\s+")


def clean_space(text: str) -> str:
    return _WS.sub(" ", text.replace("\xa0", " ")).strip()


@dataclass(slots=True)
class _OpenUnit:
    path: tuple[tuple[str, str], ...]
    label: str
    start: int
    title: str | None
    level: int


@dataclass(slots=True)
class UnitTextBuilder:
    """Appends blocks of text line by line and records SourceUnits over what was written.

    Units are opened with `open_unit` and closed either explicitly or implicitly when a unit of the same or
    a higher level opens (lenient HTML parsers nest siblings inside unclosed divs; the text order is still
    right). The first unit recorded for a path wins: later ones (a duplicated "Art. 538.") are text only.
    """

    parts: list[str] = field(default_factory=list)
    length: int = 0
    units: list[SourceUnit] = field(default_factory=list)
    _open: list[_OpenUnit] = field(default_factory=list)
    _seen: set[tuple[tuple[str, str], ...]] = field(default_factory=set)
    _line_open: bool = False
    _content_end: int = 0  # just after the last non-blank character: units never end in blank lines

    def line(self, text: str) -> tuple[int, int] | None:
        """Start a new line with `text`; returns its span."""
        if not text:
            return None
        if self.length:
            self.write("\n")
        start = self.length
        self.write(text)
        self._line_open = True
        return start, self.length

    def append(self, text: str) -> None:
        """Continue the current line (a unit's first sentence follows its number: "§ 1. Kodeks …")."""
        if not text:
            return
        if self._line_open:
            self.write(" ")
            self.write(text)
        else:
            self.line(text)

    def write(self, text: str) -> None:
        """Raw text, as is (for layouts that keep the input unchanged)."""
        self.parts.append(text)
        if text.strip():
            self._content_end = self.length + len(text.rstrip())
        self.length += len(text)

    def open_unit(
        self,
        path: tuple[tuple[str, str], ...],
        label: str,
        level: int,
        title: str | None = None,
        *,
        start: int | None = None,
    ) -> None:
        """Open a unit at `start`, by default where the next `line` will begin."""
        self.close_from(level)
        if start is None:
            start = self.length + (1 if self.length else 0)
        self._open.append(_OpenUnit(path, label, start, title, level))

    def retitle(self, path: tuple[tuple[str, str], ...], title: str) -> None:
        for unit in self._open:
            if unit.path == path:
                unit.title = title

    def close_from(self, level: int) -> None:
        while self._open and self._open[-1].level >= level:
            self._close(self._open.pop())

    def close_unit(self, path: tuple[tuple[str, str], ...]) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i].path == path:
                while len(self._open) > i:
                    self._close(self._open.pop())
                return

    def _close(self, unit: _OpenUnit) -> None:
        end = self._content_end
        if unit.path in self._seen or end <= unit.start:
            return
        self._seen.add(unit.path)
        self.units.append(SourceUnit(unit.path, unit.label, unit.start, end, unit.title))

    def finish(self) -> tuple[str, tuple[SourceUnit, ...]]:
        self.close_from(0)
        units = sorted(self.units, key=lambda u: (u.start, -u.end))
        return "".join(self.parts), tuple(units)


def unit_for(units: Iterable[SourceUnit], pinpoint: Pinpoint) -> SourceUnit | None:
    """The deepest unit the pinpoint names, or None when that unit does not exist."""
    want: list[tuple[str, str]] = []
    for name, value in (
        ("article", pinpoint.article),
        ("paragraph", pinpoint.paragraph),
        ("item", pinpoint.item),
        ("subitem", pinpoint.subitem),
    ):
        if value is not None:
            want.append((name, value))
    target = tuple(want)
    for unit in units:
        if unit.path == target:
            return unit
    return None

"""The units a statute's unit refers to inside its own article: "w związku z okolicznościami określonymi w
§ 1 pkt 2" (art. 133 § 2 k.p.), "전항의 의사표시" (민법 제108조 제2항), "referred to in paragraph 1".

    referenced_units(units, unit, text) -> [(unit referred to, its reading spans)]

A claim may say what the cross-reference means ("godziny nadliczbowe z powodu szczególnych potrzeb zakładu
pracy" for art. 133 § 2): read alone, the unit lacks those words. The gradient never passes a claim on the
referred unit's words, and never blocks it for lacking them either: a person reads the two together.
"""

from __future__ import annotations

import re

from verifier.model import SourceUnit
from verifier.pinpoint import reading_spans

_MAX_REFERENCES = 3
_PL = re.compile(r"(?<![\w.])(?:§|ust\.)\s?(\d+[a-z]?)(?:\s+pkt\s+(\d+[a-z]?))?")
_EN = re.compile(r"\bparagraphs?\s+(\d+[a-z]?)(?:,?\s+point\s+\(?([a-z0-9]+)\)?)?", re.I)
_KO = re.compile(r"제(\d+)항(?:\s?제(\d+)호)?")
_KO_PREVIOUS = re.compile(r"전항")


def _paths(text: str) -> list[tuple[str, str | None]]:
    found = [(m.group(1), m.group(2)) for pattern in (_PL, _EN, _KO) for m in pattern.finditer(text)]
    return list(dict.fromkeys(found))


def referenced_units(
    units: tuple[SourceUnit, ...], unit: SourceUnit, text: str
) -> list[tuple[SourceUnit, list[tuple[int, int]]]]:
    """The paragraphs (and items) of the same article that `unit`'s text names, with the spans each is read
    with; never the unit itself or one that contains it."""
    if not unit.path or unit.path[0][0] != "article":
        return []
    article = unit.path[:1]
    by_path = {u.path: u for u in units}
    own = text[unit.start : unit.end]
    wanted = _paths(own)
    if _KO_PREVIOUS.search(own) and len(unit.path) > 1 and unit.path[1][0] == "paragraph":
        number = unit.path[1][1]
        if number.isdigit() and int(number) > 1:
            wanted.append((str(int(number) - 1), None))
    out: list[tuple[SourceUnit, list[tuple[int, int]]]] = []
    for paragraph, item in wanted:
        path = (*article, ("paragraph", paragraph))
        if item is not None and (*path, ("item", item)) in by_path:
            path = (*path, ("item", item))
        target = by_path.get(path)
        if target is None or target.path == unit.path[: len(target.path)]:
            continue  # not in this article, or the unit itself / one of its parents
        if any(target is seen for seen, _ in out):
            continue
        out.append((target, reading_spans(units, target)))
        if len(out) == _MAX_REFERENCES:
            break
    return out


__all__ = ["referenced_units"]

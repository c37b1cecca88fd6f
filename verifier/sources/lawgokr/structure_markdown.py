"""legalize-kr's Markdown of a Korean statute (the offline corpus's form) → KrLaw: `##### 제N조(제목)`
headings, `**①**` paragraphs, `1.` items, `가.` subitems, a YAML front matter with 법령MST and 시행일자."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from verifier.sources.lawgokr.structure import (
    CIRCLED,
    KrArticle,
    KrItem,
    KrLaw,
    KrParagraph,
    KrSubitem,
    StructureError,
    article_number,
    circled_to_int,
    clean,
    iso_day,
)

_MD_ARTICLE = re.compile(r"^#{5}\s*제\s*(\d+)\s*조(?:\s*의\s*(\d+))?\s*(?:\((.*)\))?\s*$")
_MD_HEADING = re.compile(r"^#{1,6}\s")
_MD_PARA = re.compile(rf"^\*\*([{CIRCLED}])\*\*\s*(.*)$")
_MD_ITEM = re.compile(r"^ {1,3}(\d+)(?:의(\d+))?\\?\.\s+(.*)$")
_MD_SUBITEM = re.compile(r"^ {4,}([가-힣])\\?\.\s+(.*)$")
_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>])")


@dataclass
class _Building:
    number: str
    title: str | None
    body: list[str] = field(default_factory=list)
    paragraphs: list[
        tuple[int | None, list[str], list[tuple[str, list[str], list[tuple[str, list[str]]]]]]
    ] = field(default_factory=list)

    def freeze(self) -> KrArticle:
        paragraphs = tuple(
            KrParagraph(
                pnum,
                clean("\n".join(ptext)),
                tuple(
                    KrItem(
                        inum,
                        clean("\n".join(itext)),
                        tuple(KrSubitem(s, clean("\n".join(t))) for s, t in subs),
                    )
                    for inum, itext, subs in items
                ),
            )
            for pnum, ptext, items in self.paragraphs
        )
        return KrArticle(self.number, self.title, clean("\n".join(self.body)), paragraphs)


def _front_matter(lines: list[str]) -> tuple[dict[str, str], int]:
    meta: dict[str, str] = {}
    if not lines or lines[0].strip() != "---":
        return meta, 0
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return meta, i + 1
        key, sep, value = lines[i].partition(":")
        if sep and not key.startswith((" ", "-")):
            meta[key.strip()] = value.strip().strip("'\"")
    raise StructureError("front matter opened with --- is never closed")


def law_from_markdown(md: str) -> KrLaw:
    """A legalize-kr statute file. Text before the first article and the 부칙 section are not part of the
    articles; the 부칙's own 제1조… belong to the addenda and would collide with the main articles."""
    lines = md.replace("\r\n", "\n").split("\n")
    meta, start = _front_matter(lines)
    articles: list[KrArticle] = []
    current: _Building | None = None
    name = meta.get("제목", "")
    for raw in lines[start:]:
        line = _MD_ESCAPE.sub(r"\1", raw) if "\\" in raw else raw
        if m := _MD_ARTICLE.match(line):
            if current:
                articles.append(current.freeze())
            current = _Building(article_number(m.group(1), m.group(2)), (m.group(3) or "").strip() or None)
            continue
        if _MD_HEADING.match(line):
            if current:
                articles.append(current.freeze())
                current = None
            if re.match(r"^#{1,6}\s*부칙", line):
                break
            if not name and line.startswith("# "):
                name = line[2:].strip()
            continue
        if current is None or not line.strip():
            continue
        if m := _MD_PARA.match(line):
            current.paragraphs.append((circled_to_int(m.group(1)), [m.group(2)], []))
        elif m := _MD_ITEM.match(line):
            if not current.paragraphs:
                current.paragraphs.append((None, [], []))
            current.paragraphs[-1][2].append((article_number(m.group(1), m.group(2)), [m.group(3)], []))
        elif (m := _MD_SUBITEM.match(line)) and current.paragraphs and current.paragraphs[-1][2]:
            current.paragraphs[-1][2][-1][2].append((m.group(1), [m.group(2)]))
        elif current.paragraphs:
            _append_continuation(current, line)
        else:
            current.body.append(line)
    if current:
        articles.append(current.freeze())
    if not articles:
        raise StructureError("no `##### 제N조` article headings found in the Markdown")
    return KrLaw(
        name=name,
        articles=tuple(articles),
        law_id=meta.get("법령ID") or None,
        mst=meta.get("법령MST") or None,
        effective_date=iso_day(meta.get("시행일자")),
        promulgation_date=iso_day(meta.get("공포일자")),
        promulgation_number=meta.get("공포번호") or None,
        kind=meta.get("법령구분") or None,
    )


def _append_continuation(current: _Building, line: str) -> None:
    """A plain line after a 항/호/목 continues the deepest open unit (e.g. the sentence after a list)."""
    _, ptext, items = current.paragraphs[-1]
    if items:
        _, itext, subs = items[-1]
        (subs[-1][1] if subs else itext).append(line)
    else:
        ptext.append(line)

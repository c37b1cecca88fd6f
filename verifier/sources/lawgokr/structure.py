"""Korean statute structure (조/항/호/목) from every shape we get it in, rendered one way.

    parse_law_xml(xml: bytes, *, mst=None) -> KrLaw       law.go.kr lawService.do target=law|eflaw|*josub XML
    parse_law_json(data: bytes, *, mst=None) -> KrLaw     the same in type=JSON
    law_from_markdown(md: str) -> KrLaw                   legalize-kr Markdown (`##### 제N조 (제목)`, `**①**`)
    KrLaw.render() -> (text, units)                       the text judged against and its SourceUnits
    jo_code("제2조의2") -> "000202"                        the DRF JO parameter
    parse_article_ref("제15조 제1항 제2호 가목") -> Pinpoint | None
    circled_to_int("⑫") -> 12, int_to_circled(12) -> "⑫"
    strip_revision_notes(text) -> text                    `<개정 …>`, `[본조신설 …]` removed, for matching

All three parsers produce the same `KrLaw`, and `render` lays it out the same way whatever the source, so
the offline corpus and the live API answer a citation with the same units and labels. Branch numbers use
'-' (제2조의2 → "2-2", 8의2. → "8-2"), as in `verifier.model.Pinpoint`. 전문 rows (편/장/절 headings) are
skipped. Revision notes stay in the rendered text because a lawyer reading the source wants them; matchers
call `strip_revision_notes` first.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from verifier.model import Pinpoint, SourceUnit


class StructureError(ValueError):
    """The input is not a statute body in any shape we know (malformed XML/JSON, wrong root)."""


# ①..⑳ and ㉑..㊿ live in three separate Unicode runs; a parser that only knows the first one silently loses
# 제21항 and above.
_CIRCLED_RUNS = ((1, 0x2460, 20), (21, 0x3251, 15), (36, 0x32B1, 15))
_CIRCLED_TO_INT = {chr(start + i): first + i for first, start, count in _CIRCLED_RUNS for i in range(count)}
_INT_TO_CIRCLED = {v: k for k, v in _CIRCLED_TO_INT.items()}
CIRCLED = "".join(_CIRCLED_TO_INT)


def circled_to_int(mark: str) -> int:
    mark = mark.strip()
    if mark not in _CIRCLED_TO_INT:
        raise ValueError(f"not a circled paragraph number (①…㊿): {mark!r}")
    return _CIRCLED_TO_INT[mark]


def int_to_circled(number: int) -> str:
    if number not in _INT_TO_CIRCLED:
        raise ValueError(f"paragraph numbers are written ①…㊿ (1–50), got {number}")
    return _INT_TO_CIRCLED[number]


# ------------------------------------------------------------------------------------------------ model


@dataclass(frozen=True, slots=True)
class KrSubitem:
    number: str  # "가"
    text: str  # without the "가." marker


@dataclass(frozen=True, slots=True)
class KrItem:
    number: str  # "1", "8-2"
    text: str  # without the "8의2." marker
    subitems: tuple[KrSubitem, ...] = ()


@dataclass(frozen=True, slots=True)
class KrParagraph:
    number: int | None  # None: the article's items hang directly under it (no ① marker)
    text: str  # without the ① marker
    items: tuple[KrItem, ...] = ()


@dataclass(frozen=True, slots=True)
class KrArticle:
    number: str  # "15", "2-2"
    title: str | None
    body: str  # text after the heading when the article has no numbered 항 (or before its items)
    paragraphs: tuple[KrParagraph, ...] = ()
    note: str | None = None  # 조문참고자료: [본조신설 …], [전문개정 …]

    @property
    def label(self) -> str:
        return article_label(self.number)

    @property
    def heading(self) -> str:
        return f"{self.label}({self.title})" if self.title else self.label


@dataclass(frozen=True, slots=True)
class KrLaw:
    name: str
    articles: tuple[KrArticle, ...]
    law_id: str | None = None
    mst: str | None = None
    effective_date: str | None = None  # ISO
    promulgation_date: str | None = None  # ISO
    promulgation_number: str | None = None
    abbreviation: str | None = None
    kind: str | None = None  # 법률 / 대통령령 / …
    _rendered: list[tuple[str, tuple[SourceUnit, ...]]] = field(
        default_factory=list, compare=False, repr=False
    )

    def article(self, number: str) -> KrArticle | None:
        for article in self.articles:
            if article.number == number:
                return article
        return None

    def render(self) -> tuple[str, tuple[SourceUnit, ...]]:
        """The law as one text (articles separated by a blank line, one line per 항/호/목) and a SourceUnit
        per 조/항/호/목 whose start/end index that text."""
        if not self._rendered:
            self._rendered.append(_render(self.articles))
        return self._rendered[0]


def article_label(number: str) -> str:
    main, _, branch = number.partition("-")
    return f"제{main}조의{branch}" if branch else f"제{main}조"


def _item_mark(number: str) -> str:
    main, _, branch = number.partition("-")
    return f"{main}의{branch}" if branch else main


def _item_label(number: str) -> str:
    main, _, branch = number.partition("-")
    return f"제{main}호의{branch}" if branch else f"제{main}호"


def _render(articles: Sequence[KrArticle]) -> tuple[str, tuple[SourceUnit, ...]]:
    parts: list[str] = []
    units: list[SourceUnit] = []
    pos = 0

    def emit(line: str) -> tuple[int, int]:
        nonlocal pos
        if parts:
            parts.append("\n")
            pos += 1
        start = pos
        parts.append(line)
        pos += len(line)
        return start, pos

    for index, article in enumerate(articles):
        if index:
            parts.append("\n")
            pos += 1
        apath: tuple[tuple[str, str], ...] = (("article", article.number),)
        head = f"{article.heading} {article.body}" if article.body else article.heading
        a_start, a_end = emit(head)
        a_unit = len(units)
        units.append(SourceUnit(apath, article.label, a_start, a_end, article.title))
        for paragraph in article.paragraphs:
            ppath = apath
            plabel = article.label
            p_unit = None
            if paragraph.number is not None:
                ppath = (*apath, ("paragraph", str(paragraph.number)))
                plabel = f"{article.label} 제{paragraph.number}항"
                mark = int_to_circled(paragraph.number)
                line = f"{mark} {paragraph.text}" if paragraph.text else mark
                p_start, a_end = emit(line)
                p_unit = len(units)
                units.append(SourceUnit(ppath, plabel, p_start, a_end))
            elif paragraph.text:
                _, a_end = emit(paragraph.text)
            for item in paragraph.items:
                ipath = (*ppath, ("item", item.number))
                ilabel = f"{plabel} {_item_label(item.number)}"
                i_start, a_end = emit(f"{_item_mark(item.number)}. {item.text}")
                i_unit = len(units)
                units.append(SourceUnit(ipath, ilabel, i_start, a_end))
                for sub in item.subitems:
                    s_start, a_end = emit(f"{sub.number}. {sub.text}")
                    units.append(
                        SourceUnit(
                            (*ipath, ("subitem", sub.number)), f"{ilabel} {sub.number}목", s_start, a_end
                        )
                    )
                units[i_unit] = _with_end(units[i_unit], a_end)
            if p_unit is not None:
                units[p_unit] = _with_end(units[p_unit], a_end)
        units[a_unit] = _with_end(units[a_unit], a_end)
    return "".join(parts), tuple(units)


def _with_end(unit: SourceUnit, end: int) -> SourceUnit:
    return SourceUnit(unit.path, unit.label, unit.start, end, unit.title)


# ------------------------------------------------------------------------------------------ text helpers

_WS = re.compile(r"[^\S\n]+")
_ARTICLE_HEAD = re.compile(r"^\s*제\s*(\d+)\s*조(?:\s*의\s*(\d+))?\s*")
_ITEM_MARK = re.compile(r"^\s*(\d+)\s*(?:의\s*(\d+))?\s*\.\s*")
_SUBITEM_MARK = re.compile(r"^\s*([가-힣])\s*\.\s*")
_PARA_MARK = re.compile(rf"^\s*([{CIRCLED}])\s*")
# A revision note is an angle- or square-bracketed group carrying a date: <개정 2013.3.23, 2014.1.14>,
# <신설 2016.2.3>, 삭제 <2016.2.3>, [본조신설 2014.5.28], [전문개정 2009.12.31], [종전 제5조는 …].
_REVISION_NOTE = re.compile(
    r"\s*(?:<[^<>\n]*\d{4}\s*\.\s*\d{1,2}\s*\.\s*\d{1,2}[^<>\n]*>"
    r"|\[(?:본조신설|전문개정|본조제목개정|제목개정|종전|시행일)[^\[\]\n]*\])"
)


def clean(text: str) -> str:
    """Whitespace as the official text prints it: runs of spaces, tabs and ideographic spaces → one space."""
    return "\n".join(line for line in (_WS.sub(" ", ln).strip() for ln in text.split("\n")) if line)


def strip_revision_notes(text: str) -> str:
    return _REVISION_NOTE.sub("", text).strip()


def split_heading(content: str, title: str | None) -> str:
    """조문내용 repeats the heading `제2조의2(제목)` before the body; return only the body."""
    content = clean(content)
    m = _ARTICLE_HEAD.match(content)
    if not m:
        return content
    rest = content[m.end() :]
    if title is not None and rest.startswith(f"({title})"):
        return rest[len(title) + 2 :].strip()
    if rest.startswith("("):
        depth = 0
        for i, ch in enumerate(rest):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                return rest[i + 1 :].strip()
    return rest.strip()


def article_number(main: int | str, branch: int | str | None) -> str:
    main = int(main)
    branch = int(branch) if branch not in (None, "", "0", "00", 0) else 0
    return f"{main}-{branch}" if branch else str(main)


def item_parts(content: str, number: str | None = None, branch: str | None = None) -> tuple[str, str]:
    content = clean(content)
    m = _ITEM_MARK.match(content)
    if m:
        return article_number(m.group(1), m.group(2)), content[m.end() :]
    if number:
        digits = re.sub(r"\D", "", number)
        if digits:
            return article_number(digits, branch), content
    raise StructureError(f"호 without a number: {content[:60]!r}")


def subitem_parts(content: str, number: str | None = None) -> tuple[str, str]:
    content = clean(content)
    m = _SUBITEM_MARK.match(content)
    if m:
        return m.group(1), content[m.end() :]
    if number and _SUBITEM_MARK.match(number):
        return number.strip().rstrip("."), content
    raise StructureError(f"목 without a letter: {content[:60]!r}")


def paragraph_parts(content: str, number: str | None) -> tuple[int | None, str]:
    content = clean(content)
    m = _PARA_MARK.match(content)
    if m:
        return circled_to_int(m.group(1)), content[m.end() :]
    if number and number.strip():
        return circled_to_int(number), content
    return None, content


def iso_day(date: str | None) -> str | None:
    if not date:
        return None
    digits = re.sub(r"\D", "", date)
    if len(digits) != 8:
        return None
    return f"{digits[:4]}-{digits[4:6]}-{digits[6:]}"


# ----------------------------------------------------------------------------------------------- XML


def _text(el: Element | None) -> str:
    if el is None:
        return ""
    return "".join(el.itertext())


def _child_text(el: Element, tag: str) -> str | None:
    child = el.find(tag)
    if child is None:
        return None
    value = _text(child).strip()
    return value or None


def parse_law_xml(xml: bytes, *, mst: str | None = None) -> KrLaw:
    try:
        root = SafeET.fromstring(xml)
    except Exception as exc:  # defusedxml raises ParseError and its own DTD/entity errors
        raise StructureError(f"statute XML does not parse: {exc}") from None
    if root.tag != "법령":
        raise StructureError(f"expected a <법령> document, got <{root.tag}>: {_text(root).strip()[:80]!r}")
    info = root.find("기본정보")
    if info is None:
        raise StructureError("statute XML has no <기본정보>")
    articles: list[KrArticle] = []
    for unit in root.iterfind("조문/조문단위"):
        if (_child_text(unit, "조문여부") or "") == "전문":
            continue
        articles.append(_xml_article(unit))
    return KrLaw(
        name=_child_text(info, "법령명_한글") or "",
        articles=tuple(articles),
        law_id=_child_text(info, "법령ID"),
        mst=mst,
        effective_date=iso_day(_child_text(info, "시행일자")),
        promulgation_date=iso_day(_child_text(info, "공포일자")),
        promulgation_number=_child_text(info, "공포번호"),
        abbreviation=_child_text(info, "법령명약칭"),
        kind=_child_text(info, "법종구분"),
    )


def _xml_article(unit: Element) -> KrArticle:
    number = _unit_number(
        unit.get("조문키"), _child_text(unit, "조문번호"), _child_text(unit, "조문가지번호")
    )
    title = _child_text(unit, "조문제목")
    body = split_heading(_text(unit.find("조문내용")), title)
    paragraphs: list[KrParagraph] = []
    for hang in unit.iterfind("항"):
        items = []
        for ho in hang.iterfind("호"):
            inum, itext = item_parts(
                _text(ho.find("호내용")), _child_text(ho, "호번호"), _child_text(ho, "호가지번호")
            )
            subs = tuple(
                KrSubitem(*subitem_parts(_text(mok.find("목내용")), _child_text(mok, "목번호")))
                for mok in ho.iterfind("목")
            )
            items.append(KrItem(inum, itext, subs))
        pnum, ptext = paragraph_parts(_text(hang.find("항내용")), _child_text(hang, "항번호"))
        loose = [
            KrSubitem(*subitem_parts(_text(mok.find("목내용")), _child_text(mok, "목번호")))
            for mok in hang.iterfind("목")
        ]
        items, ptext = _place_loose_subitems(items, loose, ptext)
        paragraphs.append(KrParagraph(pnum, ptext, tuple(items)))
    return KrArticle(number, title, body, tuple(paragraphs), _child_text(unit, "조문참고자료"))


def _unit_number(key: str | None, number: str | None, branch: str | None) -> str:
    if key and re.fullmatch(r"\d{7}", key):
        return article_number(key[:4], key[4:6])
    if number and number.strip().isdigit():
        return article_number(number, branch)
    raise StructureError(f"조문단위 without a usable number (조문키={key!r}, 조문번호={number!r})")


# ---------------------------------------------------------------------------------------------- JSON


def _as_list(value: Any) -> list[Any]:
    if value is None or value == "":
        return []
    return value if isinstance(value, list) else [value]


def _jtext(value: Any) -> str:
    """JSON text fields: a string, an attribute object {"content": …}, or (목내용) nested lists of lines."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return _jtext(value.get("content"))
    if isinstance(value, list):
        return "\n".join(_jtext(v) for v in value)
    return str(value)


def _jopt(obj: dict[str, Any], key: str) -> str | None:
    value = _jtext(obj.get(key)).strip()
    return value or None


def parse_law_json(data: bytes | str, *, mst: str | None = None) -> KrLaw:
    try:
        doc = json.loads(data)
    except ValueError as exc:
        raise StructureError(f"statute JSON does not parse: {exc}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("법령"), dict):
        shown = json.dumps(doc, ensure_ascii=False)[:80] if isinstance(doc, dict | list) else repr(doc)[:80]
        raise StructureError(f"expected {{'법령': …}}, got {shown}")
    law: dict[str, Any] = doc["법령"]
    info = law.get("기본정보")
    if not isinstance(info, dict):
        raise StructureError("statute JSON has no 기본정보")
    articles: list[KrArticle] = []
    jo = law.get("조문")
    for unit in _as_list(jo.get("조문단위") if isinstance(jo, dict) else None):
        if not isinstance(unit, dict) or _jopt(unit, "조문여부") == "전문":
            continue
        articles.append(_json_article(unit))
    return KrLaw(
        name=_jopt(info, "법령명_한글") or "",
        articles=tuple(articles),
        law_id=_jopt(info, "법령ID"),
        mst=mst,
        effective_date=iso_day(_jopt(info, "시행일자")),
        promulgation_date=iso_day(_jopt(info, "공포일자")),
        promulgation_number=_jopt(info, "공포번호"),
        abbreviation=_jopt(info, "법령명약칭"),
        kind=_jopt(info, "법종구분"),
    )


def _json_article(unit: dict[str, Any]) -> KrArticle:
    number = _unit_number(_jopt(unit, "조문키"), _jopt(unit, "조문번호"), _jopt(unit, "조문가지번호"))
    title = _jopt(unit, "조문제목")
    body = split_heading(_jtext(unit.get("조문내용")), title)
    paragraphs: list[KrParagraph] = []
    for hang in _as_list(unit.get("항")):
        items = []
        for ho in _as_list(hang.get("호")):
            inum, itext = item_parts(_jtext(ho.get("호내용")), _jopt(ho, "호번호"), _jopt(ho, "호가지번호"))
            subs = tuple(
                KrSubitem(*subitem_parts(_jtext(mok.get("목내용")), _jopt(mok, "목번호")))
                for mok in _as_list(ho.get("목"))
            )
            items.append(KrItem(inum, itext, subs))
        pnum, ptext = paragraph_parts(_jtext(hang.get("항내용")), _jopt(hang, "항번호"))
        loose = [
            KrSubitem(*subitem_parts(_jtext(mok.get("목내용")), _jopt(mok, "목번호")))
            for mok in _as_list(hang.get("목"))
            if isinstance(mok, dict)
        ]
        items, ptext = _place_loose_subitems(items, loose, ptext)
        paragraphs.append(KrParagraph(pnum, ptext, tuple(items)))
    return KrArticle(number, title, body, tuple(paragraphs), _jopt(unit, "조문참고자료"))


_MENTIONS_SUBITEMS = re.compile(r"각\s*목|목의|다음\s*목")


def _place_loose_subitems(
    items: list[KrItem], loose: list[KrSubitem], ptext: str
) -> tuple[list[KrItem], str]:
    """law.go.kr's JSON sometimes gives a 항's 목 as one array beside its 호 instead of inside each 호. A run
    restarts at 가 for each 호 that has 목; the runs go, in order, to the 호 that announce them ("다음 각 목의
    어느 하나"), or one to each 호 when there are as many runs as 호. Otherwise the runs that have no 호 to
    go to are kept under the last one that announces 목, so that no 목 is lost (a missing 목 would be a false
    "subitem missing")."""
    if not loose:
        return items, ptext
    runs: list[list[KrSubitem]] = []
    for sub in loose:
        if sub.number == "가" or not runs:
            runs.append([])
        runs[-1].append(sub)
    if not items:
        lines = [ptext, *(f"{s.number}. {s.text}" for run in runs for s in run)]
        return items, "\n".join(line for line in lines if line)
    announcing = [i for i, it in enumerate(items) if not it.subitems and _MENTIONS_SUBITEMS.search(it.text)]
    if len(announcing) == len(runs):
        targets = announcing
    elif len(runs) == len(items):
        targets = list(range(len(items)))
    else:
        last = announcing[-1] if announcing else len(items) - 1
        targets = (announcing + [last] * len(runs))[: len(runs)] if announcing else [last] * len(runs)
    placed = list(items)
    for run, i in zip(runs, targets, strict=True):
        it = placed[i]
        placed[i] = KrItem(it.number, it.text, (*it.subitems, *run))
    return placed, ptext


# ------------------------------------------------------------------------------------- references


def jo_code(ref: str) -> str:
    """The DRF `JO` parameter: 4-digit article + 2-digit branch. 제2조의2 → 000202, 제10조 → 001000."""
    ref = ref.strip()
    m = re.fullmatch(r"(?:제\s*)?(\d+)\s*(?:조)?\s*(?:(?:의|-)\s*(\d+))?", ref)
    if not m:
        raise ValueError(f"not an article reference like 제2조의2 or 2-2: {ref!r}")
    main, branch = int(m.group(1)), int(m.group(2) or 0)
    if main > 9999 or branch > 99:
        raise ValueError(f"article number out of range for JO (max 9999의99): {ref!r}")
    return f"{main:04d}{branch:02d}"


_REF = re.compile(
    r"제?\s*(?P<art>\d+)\s*조(?:\s*의\s*(?P<artb>\d+))?"
    r"(?:\s*제?\s*(?P<para>\d+)\s*항)?"
    r"(?:\s*제?\s*(?P<item>\d+)\s*호(?:\s*의\s*(?P<itemb>\d+))?)?"
    r"(?:\s*(?P<sub>[가-힣])\s*목)?"
)


def parse_article_ref(text: str) -> Pinpoint | None:
    """The first 조[항[호[목]]] reference in `text`: '제15조 제1항 제2호 가목', '제15조제1항제2호',
    '제2조의2', '제8호의2'. None when there is no article number."""
    m = _REF.search(text)
    if not m:
        return None
    item = m.group("item")
    return Pinpoint(
        article=article_number(m.group("art"), m.group("artb")),
        paragraph=str(int(m.group("para"))) if m.group("para") else None,
        item=article_number(item, m.group("itemb")) if item else None,
        subitem=m.group("sub"),
    )

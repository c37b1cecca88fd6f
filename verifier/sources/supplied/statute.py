"""A statute a user pasted or uploaded, read like an official one: its ordinary printed form laid out in the
lines the official structure parsers read, and parsed by them.

    structured_statute(text, jurisdiction) -> (text, units) | None

- Korea: `제15조(개인정보의 수집ㆍ이용) ① … 1. … 가. … ② …` → legalize-kr Markdown →
  `lawgokr.structure_markdown.law_from_markdown` → `KrLaw.render()`: the text and 조/항/호/목 units
  an official 민법 has.
- Poland: `Art. 5. § 1. … 1) … a) …` (or `Art. 5. 1. …` with ust.) → ELI-shaped HTML →
  `eli.structure.parse_eli_html`: art./§/ust./pkt/lit. units labelled as the Sejm's own text is.
- EU: `Article 6 Lawfulness of processing 1. … (a) …` → EUR-Lex plain lines →
  `cellar.structure.parse_eurlex_text`.

A marker is read as one only where the printed form puts it: an article heading at a line's start (or after
a sentence, with its title), a paragraph, item or point in sequence (① then ②; 1. then 2.; (a) then (b)).
What looks like a marker out of sequence — a date "2016. 8. 17.", a reference "in § 1." — stays text. Text
before the first article and after the addenda (부칙) is kept as it is, unstructured; None when no article
heading is found (the caller keeps the text as it came, with no units).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from verifier.model import Jurisdiction, SourceUnit
from verifier.sources.cellar.structure import parse_eurlex_text
from verifier.sources.eli.structure import parse_eli_html
from verifier.sources.lawgokr.structure import CIRCLED, circled_to_int
from verifier.sources.lawgokr.structure_markdown import law_from_markdown

type Laid = tuple[str, tuple[SourceUnit, ...]]


def structured_statute(text: str, jurisdiction: Jurisdiction) -> Laid | None:
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if jurisdiction is Jurisdiction.KR:
        return _korean(text)
    if jurisdiction is Jurisdiction.PL:
        return _polish(text)
    if jurisdiction is Jurisdiction.EU:
        return _eu(text)
    return None


# ------------------------------------------------------------------------------------------- shared


@dataclass
class _Marker:
    start: int  # where the marker starts in the chunk
    end: int  # where its text starts
    number: str


def _mask_notes(text: str) -> str:
    """The text with revision notes (<개정 2013. 3. 23.>, [본조신설 …]) blanked out, same length: a date in
    a note is never read as an item number."""
    return re.sub(r"<[^<>\n]*>|\[[^\[\]\n]*\]", lambda m: " " * len(m.group(0)), text)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _shifted(units: tuple[SourceUnit, ...], by: int) -> tuple[SourceUnit, ...]:
    return tuple(SourceUnit(u.path, u.label, u.start + by, u.end + by, u.title) for u in units)


def _framed(before: str, laid: Laid, after: str) -> Laid:
    """Text before the first article and after the last, kept around the laid-out articles."""
    text, units = laid
    head = before.strip()
    prefix = f"{head}\n\n" if head else ""
    tail = after.strip()
    return prefix + text + (f"\n\n{tail}" if tail else ""), _shifted(units, len(prefix))


type Follows = Callable[[str | None, str, str, re.Match[str]], bool]


def _in_sequence(chunk: str, pattern: re.Pattern[str], follows: Follows) -> list[_Marker]:
    """The markers of `pattern` in `chunk` that continue their sequence (`follows(previous, number, …)`)."""
    found: list[_Marker] = []
    previous: str | None = None
    for m in pattern.finditer(chunk):
        number = m.group(1)
        if follows(previous, number, chunk, m):
            found.append(_Marker(m.start(), m.end(), number))
            previous = number
    return found


def _spans(length: int, markers: list[_Marker]) -> tuple[int, list[tuple[str, int, int]]]:
    """Where the text before the first marker ends, and (number, start, end) of each marker's text."""
    spans = [
        (marker.number, marker.end, markers[i + 1].start if i + 1 < len(markers) else length)
        for i, marker in enumerate(markers)
    ]
    return (markers[0].start if markers else length), spans


def _split(chunk: str, markers: list[_Marker]) -> tuple[str, list[tuple[str, str]]]:
    """The text before the first marker, and (number, text) for each marker."""
    lead, spans = _spans(len(chunk), markers)
    return chunk[:lead], [(number, chunk[start:end]) for number, start, end in spans]


# ------------------------------------------------------------------------------------------- Korea

_KR_HEAD = re.compile(r"제\s*(\d+)\s*조(?:\s*의\s*(\d+))?(?:\s*\(([^()\n]{1,80})\))?")
_KR_PARA = re.compile(rf"(?<!\S)([{CIRCLED}])")
_KR_ITEM = re.compile(r"(?<!\S)(\d+(?:\s*의\s*\d+)?)\s*\.(?=\s)")
_KR_SUBITEM = re.compile(r"(?<!\S)([가-힣])\s*\.(?=\s)")
_KR_LETTERS = "가나다라마바사아자차카타파하"
_KR_ADDENDA = re.compile(r"^\s*부\s*칙\b", re.MULTILINE)
_KR_MARKDOWN = re.compile(r"^#{5}\s*제\s*\d+\s*조", re.MULTILINE)


def _kr_heads(masked: str) -> Iterator[re.Match[str]]:
    for m in _KR_HEAD.finditer(masked):
        after = masked[m.end() : m.end() + 1]
        if after and not (after.isspace() or after in CIRCLED):
            continue  # 제15조제1항…, 제15조에 따라: a reference, not a heading
        line_start = masked.rfind("\n", 0, m.start()) + 1
        if not masked[line_start : m.start()].strip():
            yield m
            continue
        before = masked[: m.start()].rstrip()
        if m.group(3) and before and before[-1] in ".>]":
            yield m  # "… 한다. 제16조(개인정보의 수집 제한) ① …": the next article on the same line


def _kr_paragraph_follows(previous: str | None, mark: str, chunk: str, m: re.Match[str]) -> bool:
    expected = 1 if previous is None else circled_to_int(previous) + 1
    return circled_to_int(mark) == expected


def _kr_item_number(raw: str) -> tuple[int, int]:
    main, _, branch = raw.replace(" ", "").partition("의")
    return int(main), int(branch or 0)


_DATE_BEFORE = re.compile(r"\d{4}\s*\.\s*(?:\d{1,2}\s*\.\s*)?$")


def _kr_item_follows(previous: str | None, raw: str, chunk: str, m: re.Match[str]) -> bool:
    if _DATE_BEFORE.search(chunk[: m.start()]):
        return False  # the month or the day of "2016. 8. 17."
    main, branch = _kr_item_number(raw)
    if previous is None:
        return (main, branch) == (1, 0)
    last_main, last_branch = _kr_item_number(previous)
    return (main, branch) in {(last_main + 1, 0), (last_main, last_branch + 1 if last_branch else 2)}


def _kr_subitem_follows(previous: str | None, letter: str, chunk: str, m: re.Match[str]) -> bool:
    expected = 0 if previous is None else _KR_LETTERS.find(previous) + 1
    return 0 <= expected < len(_KR_LETTERS) and letter == _KR_LETTERS[expected]


def _korean(text: str) -> Laid | None:
    if _KR_MARKDOWN.search(text):
        return law_from_markdown(text).render()  # a legalize-kr file, as the corpus keeps them
    addenda = _KR_ADDENDA.search(text)
    body, rest = (text[: addenda.start()], text[addenda.start() :]) if addenda else (text, "")
    masked = _mask_notes(body)
    heads = list(_kr_heads(masked))
    if not heads:
        return None
    preamble = body[: heads[0].start()]
    name = next((ln.strip() for ln in preamble.split("\n") if ln.strip()), "")
    lines = [f"# {name}" if name and len(name) <= 60 else "#", ""]
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(body)
        branch = f"의{head.group(2)}" if head.group(2) else ""
        title = f"({head.group(3).strip()})" if head.group(3) else ""
        lines += [f"##### 제{head.group(1)}조{branch}{title}", ""]
        lines += _kr_article_lines(body[head.end() : end], masked[head.end() : end])
    law = law_from_markdown("\n".join(lines))
    return _framed(preamble, law.render(), rest)


def _kr_article_lines(chunk: str, masked: str) -> list[str]:
    markers = _in_sequence(masked, _KR_PARA, _kr_paragraph_follows)
    lead, paragraphs = _spans(len(chunk), markers)
    lines = _kr_items(chunk[:lead], masked[:lead], None)
    for mark, start, end in paragraphs:
        lines += _kr_items(chunk[start:end], masked[start:end], mark)
    return lines


def _kr_items(text: str, masked: str, paragraph: str | None) -> list[str]:
    lead, items = _spans(len(text), _in_sequence(masked, _KR_ITEM, _kr_item_follows))
    lead_line = _one_line(text[:lead]).lstrip("#*")
    lines: list[str] = []
    if paragraph is not None:
        lines.append(f"**{paragraph}** {lead_line}".rstrip())
    elif lead_line:
        lines.append(lead_line)
    for number, start, end in items:
        item_lead, subitems = _spans(
            end - start, _in_sequence(masked[start:end], _KR_SUBITEM, _kr_subitem_follows)
        )
        lines.append(f"  {number.replace(' ', '')}. {_one_line(text[start : start + item_lead])}")
        lines += [
            f"      {letter}. {_one_line(text[start + s_start : start + s_end])}"
            for letter, s_start, s_end in subitems
        ]
    return lines


# ------------------------------------------------------------------------------------------ Poland

_SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹⁰"
_TO_DIGITS = str.maketrans(_SUPERSCRIPTS, "1234567890")
_PL_HEAD = re.compile(rf"(?<!\S)Art\.\s*(\d+[a-z]{{0,3}}(?:\s*[{_SUPERSCRIPTS}]+|\^\d+)?)\s*\.(?=\s|$)")
_PL_SECTION = re.compile(rf"(?<!\S)§\s*(\d+[a-z]?(?:[{_SUPERSCRIPTS}]+)?)\s*\.(?=\s)")
_PL_NUMBERED = re.compile(r"(?<!\S)(\d+[a-z]?)\.(?=\s)")
_PL_POINT = re.compile(r"(?<!\S)(\d+[a-z]?)\)(?=\s)")
_PL_LETTER = re.compile(r"(?<!\S)([a-z])\)(?=\s)")


def _pl_number(raw: str) -> tuple[int, str]:
    digits = re.match(r"\d+", raw)
    return (int(digits.group(0)) if digits else 0), raw[digits.end() if digits else 0 :]


def _pl_follows(previous: str | None, raw: str, chunk: str, m: re.Match[str]) -> bool:
    """1, 2, 3 — and the inserted 2a, 2¹ after 2 (amendments insert units that way)."""
    number, suffix = _pl_number(raw)
    if previous is None:
        return (number, suffix) == (1, "")
    last, _ = _pl_number(previous)
    return (number == last + 1 and not suffix) or (number == last and bool(suffix))


def _pl_letter_follows(previous: str | None, letter: str, chunk: str, m: re.Match[str]) -> bool:
    return letter == ("a" if previous is None else chr(ord(previous) + 1))


def _pl_heads(text: str) -> Iterator[re.Match[str]]:
    for m in _PL_HEAD.finditer(text):
        before = text[: m.start()].rstrip(" \t")
        if not before or before.endswith("\n") or before[-1] in ".;:":
            yield m


def _pl_data_id(prefix: str, raw: str) -> str:
    number = raw.replace(" ", "").replace("^", "-")
    main = re.match(r"\d+[a-z]*", number)
    sup = number[main.end() :] if main else ""
    if sup and sup[0] in _SUPERSCRIPTS:
        sup = "-" + sup.translate(_TO_DIGITS)
    return f"{prefix}_{(main.group(0) if main else number)}{sup.replace('-', '_')}"


def _pl_shown(raw: str) -> str:
    """How the header prints the number: 385¹ as 385<sup>1</sup> (the ELI text's own markup)."""
    number = raw.replace(" ", "")
    main = re.match(r"\d+[a-z]*", number)
    sup = number[main.end() :].lstrip("^").translate(_TO_DIGITS) if main else ""
    shown = html.escape(main.group(0) if main else number)
    return f"{shown}<sup>{sup}</sup>" if sup else shown


def _unit(kind: str, data_id: str, header: str, lead: str, inner: list[str]) -> str:
    text = f"<div>{html.escape(_one_line(lead))}</div>" if lead.strip() else ""
    return (
        f'<div class="unit unit_{kind}" data-id="{data_id}"><h3>{header}</h3>'
        f'<div class="unit-inner">{text}{"".join(inner)}</div></div>'
    )


def _polish(text: str) -> Laid | None:
    heads = list(_pl_heads(text))
    if not heads:
        return None
    preamble = text[: heads[0].start()]
    parts = ["<html><body>"]
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        raw = head.group(1)
        chunk = text[head.end() : end]
        sections = _in_sequence(chunk, _PL_SECTION, _pl_follows)
        kind, header = ("para", "§ {}.") if sections else ("pass", "{}.")
        if not sections and re.match(r"\s*1\.\s", chunk):
            sections = _in_sequence(chunk, _PL_NUMBERED, _pl_follows)
        lead, paragraphs = _split(chunk, sections)
        inner = _pl_points(lead) if not paragraphs else [f"<div>{html.escape(_one_line(lead))}</div>"]
        for number, para_text in paragraphs:
            p_lead, p_inner = _pl_points_split(para_text)
            inner.append(
                _unit(kind, _pl_data_id(kind, number), header.format(html.escape(number)), p_lead, p_inner)
            )
        parts.append(_unit("arti", _pl_data_id("arti", raw), f"Art. {_pl_shown(raw)}.", "", inner))
    parts.append("</body></html>")
    act = parse_eli_html("".join(parts))
    return _framed(preamble, (act.text, act.units), "")


def _pl_points(text: str) -> list[str]:
    lead, inner = _pl_points_split(text)
    return ([f"<div>{html.escape(_one_line(lead))}</div>"] if lead.strip() else []) + inner


def _pl_points_split(text: str) -> tuple[str, list[str]]:
    lead, points = _split(text, _in_sequence(text, _PL_POINT, _pl_follows))
    inner = []
    for number, point_text in points:
        p_lead, letters = _split(point_text, _in_sequence(point_text, _PL_LETTER, _pl_letter_follows))
        inner.append(
            _unit(
                "pint",
                _pl_data_id("pint", number),
                f"{html.escape(number)})",
                p_lead,
                [_unit("lett", f"lett_{letter}", f"{letter})", lit, []) for letter, lit in letters],
            )
        )
    return lead, inner


# --------------------------------------------------------------------------------------------- EU

_EU_HEAD = re.compile(r"(?<!\S)Article\s+(\d+[a-z]?)(?=\s|$)")
_EU_PARAGRAPH = re.compile(r"(?<!\S)(\d+)\.(?=\s)")
_EU_POINT = re.compile(r"(?<!\S)\(([a-z]{1,4}|\d{1,2})\)(?=\s)")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def _eu_heads(text: str) -> Iterator[re.Match[str]]:
    for m in _EU_HEAD.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if not text[line_start : m.start()].strip():
            yield m
            continue
        before = text[: m.start()].rstrip()
        after = text[m.end() :].lstrip(" \t")
        if before[-1:] in ".;:" and re.match(r"(?:1\.\s|[A-Z])", after):
            yield m  # "… Article 6 Lawfulness of processing 1. …" on one line


def _eu_paragraph_follows(previous: str | None, number: str, chunk: str, m: re.Match[str]) -> bool:
    return int(number) == (1 if previous is None else int(previous) + 1)


@dataclass
class _EuPoints:
    """Points in order: (a) (b) … and, inside a lettered point, (i) (ii) …"""

    letter: str | None = None
    roman: int = -1

    def follows(self, previous: str | None, point: str, chunk: str, m: re.Match[str]) -> bool:
        before = chunk[: m.start()].rstrip()
        introduced = not before or before[-1] in ":;" or re.search(r"[;,]\s*(?:and|or)$", before) is not None
        if not introduced:
            return False  # "point (a) of paragraph 1": a reference
        if self.letter is not None and self.roman + 1 < len(_ROMAN) and point == _ROMAN[self.roman + 1]:
            self.roman += 1  # (i) under (a); parse_eurlex_text tells a sub-point from the letter i
            return True
        if len(point) == 1 and point.isalpha() and (self.letter is None or point > self.letter):
            # later letters only: an excerpt may leave points out ("(a) …; (f) …")
            self.letter, self.roman = point, -1
            return True
        return False


def _eu(text: str) -> Laid | None:
    heads = list(_eu_heads(text))
    if not heads:
        return None
    preamble = text[: heads[0].start()]
    lines: list[str] = []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        chunk = text[head.end() : end]
        lead, paragraphs = _split(chunk, _in_sequence(chunk, _EU_PARAGRAPH, _eu_paragraph_follows))
        lines.append(f"Article {head.group(1)}")
        title, body = _eu_title(lead, has_paragraphs=bool(paragraphs))
        if title:
            lines.append(title)
        lines += _eu_points(body)
        for number, para_text in paragraphs:
            p_lines = _eu_points(para_text)
            lines.append(f"{number}.   {p_lines[0] if p_lines else ''}".rstrip())
            lines += p_lines[1:]
        lines.append("")
    parsed = parse_eurlex_text("\n".join(lines).rstrip())
    return _framed(preamble, (parsed.text, parsed.units), "")


def _eu_title(lead: str, *, has_paragraphs: bool) -> tuple[str, str]:
    """The article's title: its own line in a paste that keeps lines, else the words before paragraph 1."""
    lines = [ln.strip() for ln in lead.strip().split("\n") if ln.strip()]
    if len(lines) > 1 and len(lines[0]) <= 120:
        return lines[0], "\n".join(lines[1:])
    one = _one_line(lead)
    if has_paragraphs and one and len(one) <= 120 and not re.search(r"[.;:]$", one):
        return one, ""
    return "", lead


def _eu_points(text: str) -> list[str]:
    """Paragraph text, then each point's marker on its own line and its text on the next (EUR-Lex's lines)."""
    lead, points = _split(text, _in_sequence(text, _EU_POINT, _EuPoints().follows))
    lines = [_one_line(lead)] if lead.strip() else [""]
    for point, point_text in points:
        lines += [f"({point})", _one_line(point_text)]
    return lines if any(lines) else []


__all__ = ["structured_statute"]

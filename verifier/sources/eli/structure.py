"""Polish act structure: the Sejm ELI `text.html` and plain provision texts → one text plus
art./§/ust./pkt/lit. units pointing into it.

Conventions (verifier.model.Pinpoint): superscript articles are written with '-' in paths (art. 385¹ →
"385-1", data-id `arti_385_1`), letters stay (art. 9a → "9a"); § and ust. are both "paragraph", pkt is
"item", lit. is "subitem".
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import lxml.html
from lxml.etree import ParserError, _Element

from verifier.model import SourceUnit
from verifier.sources.units import UnitTextBuilder, clean_space

SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_WS = re.compile(r"\s+")


class EmptyActText(ValueError):
    """`text.html` came back with no content (ELI serves 0 bytes when an act has no HTML rendering)."""


def article_label(number: str) -> str:
    """'385-1' → '385¹' (how the article is printed and cited)."""
    base, sep, sup = number.partition("-")
    return base + sup.translate(SUPERSCRIPT) if sep and sup.isdigit() else number


# ---------------------------------------------------------------- ELI text.html

_UNIT_KIND = {"arti": "article", "para": "paragraph", "pass": "paragraph", "pint": "item", "lett": "subitem"}
_UNIT_LEVEL = {"arti": 1, "para": 2, "pass": 2, "pint": 3, "lett": 4}
_HEADING_UNITS = {"part", "book", "titl", "bran", "chpt", "schp", "sect"}
_INLINE_TAGS = {"span", "a", "b", "i", "em", "strong", "sup", "sub", "font", "u", "br", "small"}


@dataclass(frozen=True, slots=True)
class PlAct:
    title: str
    text: str
    units: tuple[SourceUnit, ...]

    def articles(self) -> tuple[str, ...]:
        return tuple(u.path[0][1] for u in self.units if len(u.path) == 1)


def _unit_kind(el: _Element) -> str | None:
    for cls in (el.get("class") or "").split():
        if cls.startswith("unit_"):
            return cls[5:]
    return None


def _number_from_data_id(data_id: str) -> str:
    """`arti_385_1` → '385-1', `arti_9a` → '9a', `lett_a` → 'a'."""
    _, _, rest = data_id.partition("_")
    return rest.replace("_", "-")


def _text_of(el: _Element) -> str:
    """Visible text with <sup> turned into superscript digits (art. 77<sup>5</sup> → 77⁵)."""
    pieces: list[str] = []

    def walk(node: _Element) -> None:
        if node.text:
            is_sup = isinstance(node.tag, str) and node.tag.lower() == "sup"
            pieces.append(node.text.translate(SUPERSCRIPT) if is_sup else node.text)
        for child in node:
            if isinstance(child.tag, str):
                walk(child)
            if child.tail:
                pieces.append(child.tail)

    walk(el)
    return clean_space("".join(pieces))


def _has_unit_inside(el: _Element) -> bool:
    return any(_unit_kind(d) is not None for d in el.iterdescendants("div"))


def parse_eli_html(html: str | bytes) -> PlAct:
    """Parse a Sejm ELI `text.html` into text and art./§/ust./pkt/lit. units.

    Articles quoted inside another article (an amending provision giving another act's new wording,
    `pro-rplc-text`) are kept as text but not indexed: they are not this act's articles.
    """
    # Decoded here: the ELI <meta> says "charset=UTF-8; charset=UTF-8", which lxml misreads as Latin-1.
    source = html.decode("utf-8", errors="replace") if isinstance(html, bytes) else html
    source = re.sub(r"^\s*<\?xml[^>]*\?>", "", source)
    if not source.strip():
        raise EmptyActText("ELI text.html is empty (the act has no HTML rendering)")
    try:
        root = lxml.html.fromstring(source)
    except (ParserError, ValueError) as exc:
        raise ValueError(f"ELI text.html could not be parsed: {exc}") from None
    h1 = root.find(".//h1")
    title = clean_space(" ".join(str(t) for t in h1.itertext())) if h1 is not None else ""
    title = re.split(r"\s\d+\)\s", title)[0]  # a footnote marker "1) Niniejsza ustawa …" is not the title
    body = root.find(".//body")
    builder = UnitTextBuilder()
    if title:
        builder.line(title)
    _walk_eli(body if body is not None else root, builder, (), "", quoted=False)
    text, units = builder.finish()
    if not units and not text.strip():
        raise EmptyActText("ELI text.html has no act text in it")
    return PlAct(title=title, text=text, units=units)


def _walk_eli(
    el: _Element, b: UnitTextBuilder, path: tuple[tuple[str, str], ...], label: str, *, quoted: bool
) -> None:
    for child in el:
        if not isinstance(child.tag, str):
            continue
        tag = child.tag.lower()
        if child.get("id") == "toc" or tag in {"h1", "script", "style"}:
            continue
        kind = _unit_kind(child) if tag == "div" else None
        if kind is not None:
            _eli_unit(child, kind, b, path, label, quoted=quoted)
        elif _has_unit_inside(child):
            _walk_eli(child, b, path, label, quoted=quoted)
        elif tag in _INLINE_TAGS:
            b.append(_text_of(child))
        else:
            b.line(_text_of(child))


def _eli_unit(
    el: _Element,
    kind: str,
    b: UnitTextBuilder,
    path: tuple[tuple[str, str], ...],
    label: str,
    *,
    quoted: bool,
) -> None:
    header_el = next((c for c in el if isinstance(c.tag, str) and c.tag.lower() == "h3"), None)
    header = _text_of(header_el) if header_el is not None else ""
    inner = next(
        (c for c in el if isinstance(c.tag, str) and "unit-inner" in (c.get("class") or "").split()), None
    )
    if kind in _HEADING_UNITS or kind not in _UNIT_KIND:
        b.line(header)
        if inner is not None:
            _walk_eli(inner, b, path, label, quoted=quoted)
        return
    nested_article = kind == "arti" and any(k == "article" for k, _ in path)
    quoted = quoted or nested_article or "pro-rplc-text" in (el.get("class") or "")
    number = _number_from_data_id(el.get("data-id") or "")
    unit_path = (*path, (_UNIT_KIND[kind], number)) if not nested_article else path
    unit_label = label if nested_article else _pl_label(label, kind, number)
    if not quoted and number:
        b.open_unit(unit_path, unit_label, _UNIT_LEVEL[kind])
    first_part, first_offset = len(b.parts), b.length
    b.line(header)
    if inner is not None:
        first = True
        for child in inner:
            if not isinstance(child.tag, str):
                continue
            child_kind = _unit_kind(child) if child.tag.lower() == "div" else None
            if child_kind is None and not _has_unit_inside(child):
                text = _text_of(child)
                b.append(text) if first else b.line(text)
                first = first and not text
            else:
                first = False
                wrapper = child if child_kind is None else None
                if wrapper is not None:
                    _walk_eli(wrapper, b, unit_path, unit_label, quoted=quoted)
                else:
                    _eli_unit(child, child_kind or "", b, unit_path, unit_label, quoted=quoted)
    if not quoted and number:
        b.close_unit(unit_path)
        if kind == "arti":
            _inline_paragraphs(b, unit_path, unit_label, first_part, first_offset)


def _inline_paragraphs(
    b: UnitTextBuilder, path: tuple[tuple[str, str], ...], label: str, first_part: int, first_offset: int
) -> None:
    """An article whose paragraphs ELI prints inline ("Art. 129. § 1. Czas pracy … § 2. Rada Ministrów …")
    instead of as `unit_para` divs gets its § units from the text, as the seed JSON form does: without them
    "art. 129 § 1 k.p." would come back "§ 1 missing", a false hard block."""
    if any(len(u.path) > len(path) and u.path[: len(path)] == path for u in b.units[-200:]):
        return  # the HTML has its own paragraph units
    text = "".join(b.parts[first_part:])
    # paragraph labels run § 1, § 2, … in order; a "§ 2." out of that run is a reference ("art. 5 § 2. …")
    marks: list[re.Match[str]] = []
    last = 0
    for m in _PARA.finditer(text):
        numbered = re.fullmatch(r"(\d+)([a-z]?)", m.group(1))
        if numbered is None:
            continue
        n, letter = int(numbered.group(1)), numbered.group(2)
        if (n == last + 1 and not letter) or (n == last and last and letter):
            marks.append(m)  # § 1, § 2, § 2a, § 3 …
            last = n
    if not marks:
        return
    end = len(text.rstrip())
    for i, m in enumerate(marks):
        stop = marks[i + 1].start() if i + 1 < len(marks) else end
        p_path = (*path, ("paragraph", m.group(1)))
        if p_path in b._seen:
            continue
        b._seen.add(p_path)
        b.units.append(
            SourceUnit(
                p_path,
                f"{label} § {m.group(1)}",
                first_offset + m.start(),
                first_offset + len(text[:stop].rstrip()),
            )
        )


_LABEL_PREFIX = {"arti": "art.", "para": "§", "pass": "ust.", "pint": "pkt", "lett": "lit."}


def _pl_label(parent: str, kind: str, number: str) -> str:
    """How a lawyer writes the unit: "art. 5 § 1 pkt 2 lit. a" (codes use §, other statutes ust.)."""
    shown = article_label(number) if kind == "arti" else number
    return f"{parent} {_LABEL_PREFIX[kind]} {shown}".strip()


# ------------------------------------------------------- plain provision texts

_PARA = re.compile(r"(?:(?<=\s)|^)§\s*(\d+[a-z]?)\.\s")
_ART_HEADER = re.compile(r"Art\.\s*(\d+)(?:\s+(\d+))?\s*([a-z]{0,3})\s*\.\s*")


@dataclass(frozen=True, slots=True)
class Provision:
    article: str  # "385-1"
    text: str  # the article's text without its "Art. N." header


def act_from_provisions(title: str, provisions: Sequence[Provision]) -> PlAct:
    """Lay out provision texts (one per article) as "Art. N. …" lines with § units found by pattern."""
    b = UnitTextBuilder()
    b.line(title)
    for prov in provisions:
        path = (("article", prov.article),)
        b.open_unit(path, f"art. {article_label(prov.article)}", 1)
        span = b.line(f"Art. {article_label(prov.article)}.")
        assert span is not None
        b.append(prov.text)
        body_start = span[1] + 1
        paragraphs = list(_PARA.finditer(prov.text))
        for i, m in enumerate(paragraphs):
            end = paragraphs[i + 1].start() if i + 1 < len(paragraphs) else len(prov.text)
            p_path = (*path, ("paragraph", m.group(1)))
            if p_path not in {u.path for u in b.units}:
                b.units.append(
                    SourceUnit(
                        p_path,
                        f"art. {article_label(prov.article)} § {m.group(1)}",
                        body_start + m.start(),
                        body_start + len(prov.text[:end].rstrip()),
                    )
                )
        b.close_unit(path)
    text, units = b.finish()
    return PlAct(title=title, text=text, units=units)


def split_quoted_articles(quoted: str) -> Iterator[Provision]:
    """Split an amendment's quoted wording ("Art. 385 1 . § 1. … Art. 385 2 . …") into provisions.

    The seed texts render superscripts as a separate number ("385 1"); that is read as 385¹.
    """
    headers = [m for m in _ART_HEADER.finditer(quoted) if m.start() == 0 or quoted[m.start() - 1] in " „\n"]
    for i, m in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(quoted)
        number = m.group(1) + (m.group(3) or "") + (f"-{m.group(2)}" if m.group(2) else "")
        body = clean_space(quoted[m.end() : end])
        if body:
            yield Provision(number, body)


_AMEND_BLOCK = re.compile(
    r"(?:po\s+art\.\s*[\d\s]+?\s+dodaje\s+się\s+art\.[^„]*?|art\.[^„;]*?otrzymuj[eą]\s+brzmienie)\s*:?\s*"
    r"(?:w\s+brzmieniu\s*:?\s*)?„(?P<body>[^”]*)”",
)


def amended_articles(amendment_text: str) -> Iterator[Provision]:
    """Whole articles an amending provision inserts ("po art. 384 dodaje się art. 384 1 w brzmieniu: „…”") or
    replaces ("art. 385 otrzymuje brzmienie: „…”"). Partial edits ("wyrazy … skreśla się", "§ 2 otrzymuje
    brzmienie") are not whole articles and are skipped; a quote cut off by truncation has no closing ” and
    is skipped too."""
    for m in _AMEND_BLOCK.finditer(amendment_text):
        body = m.group("body").strip()
        if body.startswith("Art."):
            yield from split_quoted_articles(body)

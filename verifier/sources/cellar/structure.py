"""EU act and judgment structure: CELLAR XHTML, EUR-Lex plain text and CJEU judgment Markdown → one text
plus Article/paragraph/point units; and the identifier arithmetic that is safe to do (case number → CELEX).

Paths follow verifier.model.Pinpoint: Article 6(1)(f) → (("article", "6"), ("paragraph", "1"),
("item", "f")); sub-points (i), (ii) under a lettered point are "subitem". Judgment paragraphs (the
numbered marginal paragraphs of a CJEU judgment) are ("paragraph", "N") with no article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html
from lxml.etree import ParserError, _Element

from verifier.model import SourceUnit
from verifier.sources.units import UnitTextBuilder, clean_space


@dataclass(frozen=True, slots=True)
class EuText:
    title: str
    text: str
    units: tuple[SourceUnit, ...]


_ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"}
_PARA_START = re.compile(r"^(\d+[a-z]?)\.\s+")
_POINT = re.compile(r"^\(([a-z]{1,4}|\d{1,2})\)$")
_ARTICLE = re.compile(r"^Article\s+(\d+[a-z]?)$")


def _label(article: str, paragraph: str | None, item: str | None, subitem: str | None) -> str:
    label = f"Article {article}"
    for part in (paragraph, item, subitem):
        if part is not None:
            label += f"({part})"
    return label


class _EuUnits:
    """Tracks the Article → paragraph → point → sub-point context while text is laid out."""

    def __init__(self, builder: UnitTextBuilder, *, raw: bool = False) -> None:
        self.b = builder
        self.raw = raw  # raw layouts write the line themselves: units start at the current end
        self.article: str | None = None
        self.paragraph: str | None = None
        self.item: str | None = None
        self.last_letter: str | None = None

    def open_article(self, number: str, title: str | None = None) -> None:
        self.article, self.paragraph, self.item, self.last_letter = number, None, None, None
        self.b.open_unit((("article", number),), f"Article {number}", 1, title, start=self._start())

    def open_paragraph(self, number: str) -> None:
        if self.article is None:
            return
        self.paragraph, self.item, self.last_letter = number, None, None
        path = (("article", self.article), ("paragraph", number))
        self.b.open_unit(path, _label(self.article, number, None, None), 2, start=self._start())

    def open_point(self, point: str) -> None:
        if self.article is None:
            return
        expected_next = chr(ord(self.last_letter) + 1) if self.last_letter else "a"
        is_sub = point in _ROMAN and self.last_letter is not None and point != expected_next
        head: tuple[tuple[str, str], ...] = (("article", self.article),)
        if self.paragraph is not None:
            head = (*head, ("paragraph", self.paragraph))
        if is_sub and self.item is not None:
            path = (*head, ("item", self.item), ("subitem", point))
            self.b.open_unit(
                path, _label(self.article, self.paragraph, self.item, point), 4, start=self._start()
            )
            return
        self.item = point
        if point.isalpha():
            self.last_letter = point
        self.b.open_unit(
            (*head, ("item", point)),
            _label(self.article, self.paragraph, point, None),
            3,
            start=self._start(),
        )

    def _start(self) -> int | None:
        return self.b.length if self.raw else None

    def end_points(self) -> None:
        """Text after a list of points belongs to the paragraph, not to the last point."""
        if self.item is not None:
            self.b.close_from(3)
            self.item = None

    def end_article(self) -> None:
        self.b.close_from(1)
        self.article = None


# ------------------------------------------------------------ EUR-Lex plain text


def parse_eurlex_text(text: str) -> EuText:
    """EUR-Lex text copied as plain lines ("Article 6", title line, "1.   …", "(a)" on its own line …).

    The document text is the input unchanged, so offsets are offsets into the file.
    """
    b = UnitTextBuilder()
    ctx = _EuUnits(b, raw=True)
    lines = text.split("\n")
    title = next((ln.strip() for ln in lines if ln.strip()), "")
    in_articles = False
    pending_title_for: str | None = None
    point_lines = 2  # text lines seen since the last point marker; 2+ means "not inside a point"
    for i, line in enumerate(lines):
        stripped = line.strip()
        if i:
            b.write("\n")
        if not stripped:
            b.write(line)
            continue
        m = _ARTICLE.match(stripped)
        if m:
            in_articles = True
            ctx.open_article(m.group(1))
            pending_title_for = m.group(1)
        elif in_articles and re.match(r"^(CHAPTER|Section|SECTION)\s+[IVXLC\d]+$", stripped):
            ctx.end_article()
        elif in_articles and pending_title_for is not None and not _PARA_START.match(stripped):
            _retitle(b, pending_title_for, stripped)
            pending_title_for = None
        elif in_articles and (pm := _PARA_START.match(stripped)):
            pending_title_for = None
            ctx.open_paragraph(pm.group(1))
            point_lines = 2
        elif in_articles and (pt := _POINT.match(stripped)):
            pending_title_for = None
            ctx.open_point(pt.group(1))
            point_lines = 0
        else:
            pending_title_for = None
            point_lines += 1
            if point_lines == 2:
                # a line after the point's own text ("Point (f) of the first subparagraph shall not …")
                # belongs to the paragraph again
                ctx.end_points()
        b.write(line)
    laid_out, units = b.finish()
    if laid_out != text:
        raise AssertionError("EUR-Lex text layout must keep the text unchanged")
    return EuText(title=title, text=laid_out, units=units)


def _retitle(b: UnitTextBuilder, article: str, title: str) -> None:
    b.retitle((("article", article),), title)


# ------------------------------------------------------------------ CELLAR XHTML

_INLINE = {"span", "a", "b", "i", "em", "strong", "sup", "sub", "br", "img", "q"}


def _text(el: _Element) -> str:
    return clean_space("".join(str(t) for t in el.itertext()))


def _classes(el: _Element) -> set[str]:
    return set((el.get("class") or "").split())


def parse_cellar_xhtml(xhtml: str | bytes) -> EuText:
    """CELLAR/OJ XHTML (`div.eli-subdivision#art_N`, `p.oj-ti-art`, `p.oj-sti-art`, paragraph divs `001.001`
    whose text starts "1.   ", points as two-column tables "(a)" | text) → text and units.

    Parsed leniently: CELLAR excerpts are not always well-formed, and an unclosed article div must not
    swallow the next article, so a new `art_` subdivision always closes the previous one.
    """
    source = xhtml.decode("utf-8", errors="replace") if isinstance(xhtml, bytes) else xhtml
    source = re.sub(r"^\s*<\?xml[^>]*\?>", "", source)
    if not source.strip():
        raise ValueError("CELLAR answered an empty document")
    try:
        root = lxml.html.fromstring(source)
    except (ParserError, ValueError) as exc:
        raise ValueError(f"CELLAR XHTML could not be parsed: {exc}") from None
    body = root.find(".//body")
    if body is None:
        body = root
    b = UnitTextBuilder()
    ctx = _EuUnits(b)
    title_el = next((e for e in body.iter() if isinstance(e.tag, str) and "oj-doc-ti" in _classes(e)), None)
    head_title = root.find(".//title")
    title = _text(title_el) if title_el is not None else (_text(head_title) if head_title is not None else "")
    _walk_cellar(body, b, ctx)
    text, units = b.finish()
    if not text.strip():
        raise ValueError("CELLAR document has no text")
    return EuText(title=title, text=text, units=units)


def _walk_cellar(el: _Element, b: UnitTextBuilder, ctx: _EuUnits) -> None:
    for child in el:
        if not isinstance(child.tag, str):
            continue  # comments, processing instructions
        tag = child.tag.lower()
        if tag in {"script", "style", "head", "title"}:
            continue
        classes = _classes(child)
        ident = child.get("id") or ""
        if tag == "div" and "eli-subdivision" in classes and re.match(r"^art_\d+[a-z]?$", ident):
            ctx.open_article(ident[4:])
            _walk_cellar(child, b, ctx)
            continue
        if tag == "div" and re.match(r"^(cpt|anx)_", ident):
            ctx.end_article()
            _walk_cellar(child, b, ctx)
            continue
        if tag == "p" and "oj-ti-art" in classes:
            b.line(_text(child))
            continue
        if tag == "p" and "oj-sti-art" in classes:
            if ctx.article is not None:
                _retitle(b, ctx.article, _text(child))
            b.line(_text(child))
            continue
        if tag == "p" and classes & {"oj-ti-section-1", "oj-ti-section-2", "oj-doc-ti"}:
            ctx.end_article()
            b.line(_text(child))
            continue
        if tag == "tr":
            _cellar_row(child, b, ctx)
            continue
        if tag == "p" and "oj-normal" in classes:
            text = _text(child)
            pm = _PARA_START.match(text)
            if pm and re.match(r"^\d{3}\.\d{3}$", el.get("id") or "") and child is _first_p(el):
                ctx.open_paragraph(pm.group(1))
            else:
                ctx.end_points()
            b.line(text)
            continue
        if tag in _INLINE:
            b.append(_text(child))
        elif any(isinstance(c.tag, str) and c.tag.lower() not in _INLINE for c in child):
            # a block with blocks inside: its own words before and between them are text too
            if child.text and child.text.strip():
                b.line(clean_space(child.text))
            _walk_cellar(child, b, ctx)
        else:
            # a paragraph with only inline children ("4 May 2023 <a>(*1)</a>") is one line: its first
            # words are its own text, not a child's, and must not be lost (the judgment's date is there)
            b.line(_text(child))
        if child.tail and child.tail.strip():
            b.append(clean_space(child.tail))


def _first_p(el: _Element) -> _Element | None:
    return next((c for c in el if isinstance(c.tag, str) and c.tag.lower() == "p"), None)


def _cellar_row(tr: _Element, b: UnitTextBuilder, ctx: _EuUnits) -> None:
    cells = [c for c in tr if isinstance(c.tag, str) and c.tag.lower() == "td"]
    texts = [_text(c) for c in cells]
    marker = next((t for t in texts if t), "")
    pm = _POINT.match(marker)
    if pm:
        ctx.open_point(pm.group(1))
    b.line(" ".join(t for t in texts if t))


# --------------------------------------------------------- CJEU judgment Markdown

_MD_LINK = re.compile(r"\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)")
_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])")
_CASE_IN_TEXT = re.compile(r"\bIn (?:Joined )?Cases?\s+([CT])[\-‑‐–]\s?(\d+)/(\d{2})")
_JUDGMENT_PARA = re.compile(r"^(\d{1,3}) (?=\S)")


@dataclass(frozen=True, slots=True)
class CjeuJudgment:
    celex: str | None
    case_number: str | None  # "C-311/18", hyphen normalised
    date: str | None  # ISO
    court: str
    title: str
    parties: tuple[str, ...]
    text: str
    units: tuple[SourceUnit, ...]


_MONTHS = {
    "January": 1, "February": 2, "March": 3, "April": 4, "May": 5, "June": 6,
    "July": 7, "August": 8, "September": 9, "October": 10, "November": 11, "December": 12,
}  # fmt: skip


def markdown_to_text(md: str) -> str:
    """The judgment as it reads: links reduced to their text, Markdown escapes removed."""
    text = _MD_LINK.sub(lambda m: m.group(1), md)
    return _MD_ESCAPE.sub(r"\1", text)


def parse_cjeu_markdown(md: str) -> CjeuJudgment:
    """A CJEU judgment as EUR-Lex Markdown (first line the CELEX, then "JUDGMENT OF THE COURT (…)", the date,
    "In Case C‑311/18", the parties, numbered paragraphs "1 This request …")."""
    text = markdown_to_text(md)
    lines = text.split("\n")
    nonblank = [ln.strip() for ln in lines if ln.strip()]
    celex = nonblank[0] if nonblank and re.fullmatch(r"6\d{4}[A-Z]{2}\d{4}", nonblank[0]) else None
    court = next((ln for ln in nonblank[:5] if ln.startswith(("JUDGMENT", "ORDER", "OPINION"))), "")
    date = None
    for ln in nonblank[:8]:
        dm = re.match(r"^(\d{1,2})\s([A-Z][a-z]+)\s(\d{4})", ln)
        if dm and dm.group(2) in _MONTHS:
            date = f"{int(dm.group(3)):04d}-{_MONTHS[dm.group(2)]:02d}-{int(dm.group(1)):02d}"
            break
    cm = _CASE_IN_TEXT.search(text[:5000])
    case_number = f"{cm.group(1)}-{cm.group(2)}/{cm.group(3)}" if cm else None
    parties = _parties(nonblank)
    units = judgment_paragraphs(text)
    laid_out = text
    heading = re.sub(r"^(JUDGMENT|ORDER|OPINION) OF THE (COURT|GENERAL COURT)", _heading_case, court)
    title = f"{heading or 'Judgment'} of {date or 'unknown date'}, {case_number or celex or ''}".strip(", ")
    if parties:
        title += f", {' v '.join(parties[:2])}"
    return CjeuJudgment(celex, case_number, date, court, title, parties, laid_out, units)


def judgment_paragraphs(text: str) -> tuple[SourceUnit, ...]:
    """The numbered paragraphs of a judgment ("1 This request …", "2 …") as units over `text`, which is
    left unchanged; numbering must start at 1 and runs until "Costs"/"On those grounds"."""
    b = UnitTextBuilder()
    started = False
    for i, line in enumerate(text.split("\n")):
        if i:
            b.write("\n")
        pm = _JUDGMENT_PARA.match(line)
        if pm and (started or pm.group(1) == "1"):
            started = True
            b.open_unit((("paragraph", pm.group(1)),), f"paragraph {pm.group(1)}", 1, start=b.length)
        elif started and line.startswith(("On those grounds", "Costs")):
            b.close_from(1)
        b.write(line)
    return b.finish()[1]


def _heading_case(m: re.Match[str]) -> str:
    return f"{m.group(1).capitalize()} of the {m.group(2).title()}"


def _parties(nonblank: list[str]) -> tuple[str, ...]:
    """The names between "in the proceedings" and "THE COURT", split at the lone "v"."""
    try:
        start = next(i for i, ln in enumerate(nonblank) if ln.endswith("in the proceedings"))
    except StopIteration:
        return ()
    names: list[list[str]] = [[]]
    for ln in nonblank[start + 1 :]:
        if ln.startswith(("THE COURT", "intervening parties", "composed of")):
            break
        if ln == "v":
            names.append([])
        else:
            names[-1].append(ln.rstrip(","))
    return tuple(", ".join(group) for group in names if group)


# ---------------------------------------------------------------- identifiers

_CASE_NUMBER = re.compile(r"^([CT])[\-‑‐–]\s?(\d{1,4})/(\d{2})$")


def celex_for_case(case_number: str, document: str = "J") -> str | None:
    """C-311/18 → 62018CJ0311 (the judgment). `document` 'J' judgment, 'C' AG opinion, 'O' order.

    Only plain single case numbers are derivable; joined cases and appeals (P) are left to a lookup.
    Years 54–99 are 19xx (the Court began in 1954), 00–53 are 20xx.
    """
    m = _CASE_NUMBER.match(case_number.strip())
    if not m:
        return None
    court, number, yy = m.group(1), int(m.group(2)), int(m.group(3))
    year = 1900 + yy if yy >= 54 else 2000 + yy
    return f"6{year}{court}{document}{number:04d}"


def is_celex(value: str) -> bool:
    return re.fullmatch(r"\d[A-Z0-9()\-]{4,30}", value) is not None

""".docx → text: body paragraphs and tables in document order, then footnotes, then endnotes.

Legal memos put their citations in footnotes, so notes are first-class: each becomes its own part whose
origin is "footnote N" with N the number the reader sees. Tracked changes are read as if accepted
(insertions kept, deletions dropped), because the lawyer will send the accepted version.

python-docx opens the package and finds the parts; the text is read by walking the XML ourselves, since
python-docx's `Paragraph.text` silently drops tracked insertions, content controls and fields.
The zip and the XML are checked before any parser sees them (zip bombs, entity bombs): every member that an
XML parser could read — whatever its name (a content-type override makes any part the main document) and its
encoding — is run through defusedxml's expat reader first, which refuses a DTD and entity declarations.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from defusedxml import DefusedXmlException
from defusedxml.expatreader import create_parser
from lxml import etree

from verifier.ingest.base import IngestError, PartsBuilder, TextPart, name_of

# A real .docx is mostly compressed images; 100 MB of unpacked content is far beyond any memo.
MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024
MAX_MEMBERS = 5_000
# XML compresses ~10-30×; a bomb compresses thousands of times. Only large members are judged by ratio so
# that a tiny, very regular part cannot trip it.
MAX_RATIO = 200
RATIO_CHECK_FROM = 1024 * 1024

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
_FOOTNOTES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes"
_ENDNOTES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes"
# What an XML parser would take for XML: "<" first (after a BOM or blanks) in an encoding parsers detect on
# their own. UTF-32 and EBCDIC are on the list because lxml reads them, though Word never writes them.
_XML_SNIFF = ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "cp500")
_XML_BLANKS = " \t\r\n\ufeff\x00"
_DOCTYPE_MARKS = frozenset("<!DOCTYPE".encode(codec) for codec in _XML_SNIFF)
_DECLARED = re.compile(r"""<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']""")
_TRUE = frozenset({"1", "true", "on"})


def read_docx(data: bytes, display: str) -> tuple[str, tuple[TextPart, ...], tuple[str, ...]]:
    """Text, parts and warnings of a .docx given as bytes; IngestError for anything unreadable."""
    check_package(data, display)
    try:
        import docx  # imported late so that .txt uploads never pay for it

        document = docx.Document(io.BytesIO(data))
        body = document.element.body
        settings = document.settings.element
        notes_xml = {
            kind: rel.target_part.blob
            for rel in document.part.rels.values()
            if not rel.is_external
            for kind, reltype in (("footnote", _FOOTNOTES_REL), ("endnote", _ENDNOTES_REL))
            if rel.reltype == reltype
        }
    except (IngestError, MemoryError):  # out of memory is the budget's to report, not damage
        raise
    except Exception:  # python-docx signals damage with anything from KeyError to XMLSyntaxError
        raise IngestError(
            f"{display} is damaged or is not a Word document that can be opened; open it in Word, "
            "save it again as .docx and upload the new file.",
            "docx_unopenable",
            name=name_of(display),
        ) from None
    if body is None:
        raise IngestError(
            f"{display} has no document body Word could show; open it in Word, save it again as .docx "
            "and upload the new file.",
            "docx_no_body",
            name=name_of(display),
        )
    try:
        return _Extraction(display).run(body, settings, notes_xml)
    except (IngestError, MemoryError):  # out of memory is the budget's to report, not damage
        raise
    except Exception:  # XML that is well-formed yet nothing Word would write
        raise IngestError(
            f"{display} has a structure Word does not produce and cannot be read; open it in Word, "
            "save it again as .docx and upload the new file.",
            "docx_structure",
            name=name_of(display),
        ) from None


# --- package safety -----------------------------------------------------------------------------------


def _damaged(display: str) -> IngestError:
    return IngestError(
        f"{display} is damaged (its zip container is broken); save it again in Word and re-upload it.",
        "zip_damaged",
        name=name_of(display),
    )


def _bomb(display: str) -> IngestError:
    return IngestError(
        f"{display} unpacks to far more data than a Word document holds (a “zip bomb”); it was not opened.",
        "zip_bomb",
        name=name_of(display),
    )


def check_container(data: bytes, display: str) -> None:
    """The checks of the zip's directory alone (no member is unpacked, so a web request may run them): a
    zip at all, not too many members, declared sizes and ratios of a document rather than a bomb, nothing
    encrypted."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except Exception:  # zipfile has many ways to say "not a zip"
        raise _damaged(display) from None
    with archive:
        _check_directory(archive.infolist(), display)


def _check_directory(members: list[zipfile.ZipInfo], display: str) -> None:
    bomb = _bomb(display)
    if len(members) > MAX_MEMBERS:
        raise IngestError(
            f"{display} holds {len(members):,} files inside; a Word document has far fewer.",
            "zip_members",
            name=name_of(display),
            count=len(members),
        )
    if sum(member.file_size for member in members) > MAX_UNCOMPRESSED_BYTES:
        raise bomb
    for member in members:
        if member.flag_bits & 0x1:
            raise IngestError(
                f"{display} is encrypted; remove the password in Word and upload it again.",
                "docx_encrypted",
                name=name_of(display),
            )
        packed = max(member.compress_size, 1)
        if member.file_size > RATIO_CHECK_FROM and member.file_size > MAX_RATIO * packed:
            raise bomb


def check_package(data: bytes, display: str) -> None:
    """Refuse zip bombs, encrypted members, damaged members and XML with a DTD before parsing anything."""
    damaged = _damaged(display)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except Exception:  # zipfile has many ways to say "not a zip"
        raise damaged from None
    bomb = _bomb(display)
    with archive:
        members = archive.infolist()
        _check_directory(members, display)
        total = 0
        for member in members:
            checker: _XmlCheck | None = None
            try:
                with archive.open(member) as stream:
                    # The declared sizes above may lie; count what actually comes out.
                    while chunk := stream.read(1 << 16):
                        total += len(chunk)
                        if total > MAX_UNCOMPRESSED_BYTES:
                            raise bomb
                        if checker is None and looks_like_xml(chunk):
                            checker = _XmlCheck(display, chunk)
                        if checker is not None:
                            checker.feed(chunk)
                if checker is not None:
                    checker.close()
            except (IngestError, MemoryError):  # out of memory is the budget's to report, not damage
                raise
            except Exception:  # bad CRC, zlib errors, unsupported or encrypted compression
                raise damaged from None


def looks_like_xml(head: bytes) -> bool:
    """True when some XML parser would read these first bytes as the start of a document."""
    for codec in _XML_SNIFF:
        # "replace", not "ignore": a binary's undecodable first byte must not vanish and bare a "<" behind it.
        text = head[:256].decode(codec, errors="replace").lstrip(_XML_BLANKS)
        if text.startswith("<"):
            return True
    return False


class _XmlCheck:
    """defusedxml's expat reader, fed as the member unpacks, refuses a DTD, entity declarations and external
    references. Where expat cannot read a part (UTF-32, EBCDIC, an encoding it lacks, broken markup) — lxml
    may still read it — the part's bytes are searched for "<!DOCTYPE" in every encoding an XML parser detects
    and in the one the part declares. Broken markup is left for the reader to report as damage."""

    def __init__(self, display: str, head: bytes) -> None:
        self.display = display
        self.marks = set(_DOCTYPE_MARKS)
        for codec in _XML_SNIFF:
            declared = _DECLARED.search(head[:512].decode(codec, errors="replace"))
            if declared:
                with contextlib.suppress(LookupError, ValueError):
                    self.marks.add("<!DOCTYPE".encode(codecs.lookup(declared.group(1)).name))
        self.parser = create_parser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
        self.parsing = True
        self.tail = b""

    def feed(self, chunk: bytes) -> None:
        window = self.tail + chunk
        if any(mark in window for mark in self.marks):
            self._refuse()
        self.tail = window[-64:]
        if self.parsing:
            self._parse(self.parser.feed, chunk)

    def close(self) -> None:
        if self.parsing:
            self._parse(lambda _: self.parser.close(), b"")

    def _parse(self, step: Callable[[bytes], object], chunk: bytes) -> None:
        try:
            step(chunk)
        except DefusedXmlException:
            self._refuse()
        except Exception:
            self.parsing = False  # not readable by expat: the byte search above goes on to the end

    def _refuse(self) -> None:
        raise IngestError(
            f"{self.display} contains XML with a document type declaration, which Word never writes and "
            "which can hide an attack; it was not opened.",
            "docx_dtd",
            name=name_of(self.display),
        )


def _parse_xml(blob: bytes) -> etree._Element:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    return etree.fromstring(blob, parser=parser)


# --- the XML walk -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Paragraph:
    text: str
    mark_deleted: bool  # a tracked deletion of the paragraph mark: accepted, it joins the next paragraph
    # the note references in it: (offset into `text`, index into _Extraction.references)
    refs: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class _Table:
    rows: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _NoteReference:
    kind: str  # "footnote" | "endnote"
    note_id: str
    custom_mark: str | None  # a symbol such as "*" the author typed instead of a number
    offset: int = 0  # where Word prints its mark, in the text of the paragraph read so far


class _Extraction:
    def __init__(self, display: str) -> None:
        self.display = display
        self.references: list[_NoteReference] = []
        self.warnings: list[str] = []
        self.note_origins: dict[tuple[str, str], str] = {}  # (kind, note id) → "footnote 3"

    def run(
        self, body: etree._Element, settings: etree._Element, notes_xml: dict[str, bytes]
    ) -> tuple[str, tuple[TextPart, ...], tuple[str, ...]]:
        builder = PartsBuilder()
        paragraph_number = table_number = 0
        marks: list[tuple[int, int]] = []  # (offset into the text, index into self.references)
        for index, block in enumerate(_merge_deleted_marks(self._blocks(body))):
            if index:
                builder.separator("\n")
            if isinstance(block, _Paragraph):
                if block.text.strip():
                    paragraph_number += 1
                    marks.extend((builder.length + offset, ref) for offset, ref in block.refs)
                    builder.add(block.text, f"paragraph {paragraph_number}")
                else:
                    builder.separator(block.text)
            else:
                table_number += 1
                for row_number, row in enumerate(block.rows, start=1):
                    if row_number > 1:
                        builder.separator("\n")
                    builder.add(row, f"table {table_number} row {row_number}")
        body_references = list(self.references)
        for kind in ("footnote", "endnote"):
            if kind in notes_xml:
                self._add_notes(builder, kind, notes_xml[kind], body_references, body, settings)
        text, parts = builder.build()
        return text, self._with_marks(parts, marks, body_references), tuple(self.warnings)

    def _with_marks(
        self, parts: tuple[TextPart, ...], marks: list[tuple[int, int]], references: list[_NoteReference]
    ) -> tuple[TextPart, ...]:
        """The parts with an empty part "footnote 3 reference" where Word prints the note's mark, the body
        paragraph split around it: a reader sees which sentence the note belongs to."""
        at: dict[int, list[str]] = {}
        for offset, ref in marks:
            reference = references[ref]
            origin = self.note_origins.get((reference.kind, reference.note_id))
            if origin is not None:
                at.setdefault(offset, []).append(f"{origin} reference")
        if not at:
            return parts
        out: list[TextPart] = []
        for part in parts:
            cursor = part.start
            for offset in sorted(o for o in at if part.start < o <= part.end):
                if offset > cursor:
                    out.append(TextPart(cursor, offset, part.origin))
                out.extend(TextPart(offset, offset, origin) for origin in at[offset])
                cursor = offset
            if cursor < part.end or cursor == part.start:
                out.append(TextPart(cursor, part.end, part.origin))
        return tuple(out)

    # Notes -------------------------------------------------------------------------------------------

    def _add_notes(
        self,
        builder: PartsBuilder,
        kind: str,
        blob: bytes,
        references: list[_NoteReference],
        body: etree._Element,
        settings: etree._Element,
    ) -> None:
        try:
            root = _parse_xml(blob)
        except etree.XMLSyntaxError:
            raise IngestError(
                f"The {kind}s of {self.display} are damaged and cannot be read; save it again in Word.",
                "docx_notes_damaged",
                name=name_of(self.display),
                kind=kind,
            ) from None
        notes: dict[str, etree._Element] = {}
        for note in root.iter(f"{W}{kind}"):
            if note.get(f"{W}type") in (None, "normal"):
                notes.setdefault(note.get(f"{W}id", ""), note)
        number_format, number = _numbering(kind, body, settings)
        labelled: list[tuple[str, etree._Element]] = []
        for reference in references:
            if reference.kind != kind or reference.note_id not in notes:
                continue
            if reference.custom_mark is not None:
                label = reference.custom_mark
            else:
                label = _format_number(number, number_format)
                number += 1
            self.note_origins[(kind, reference.note_id)] = f"{kind} {label}"
            labelled.append((f"{kind} {label}", notes.pop(reference.note_id)))
        for note in notes.values():
            labelled.append((f"{kind} (not referenced in the text)", note))
            self.warnings.append(
                f"A {kind} of {self.display} is not referenced anywhere in the text; "
                "it was read all the same."
            )
        for origin, note in labelled:
            text = "\n".join(_flatten(_merge_deleted_marks(self._blocks(note)))).lstrip(" \t")
            if text.strip():
                builder.separator("\n\n")
                builder.add(text, origin)

    # Block level -------------------------------------------------------------------------------------

    def _blocks(self, container: etree._Element) -> Iterator[_Paragraph | _Table]:
        for child in container:
            tag = child.tag
            if tag == f"{W}p":
                first = len(self.references)
                text = self._inline_text(child)
                refs = tuple((r.offset, first + i) for i, r in enumerate(self.references[first:]))
                yield _Paragraph(text, _mark_is_deleted(child), refs)
            elif tag == f"{W}tbl":
                yield _Table(tuple(self._rows(child)))
            elif tag == f"{W}sdt":
                content = child.find(f"{W}sdtContent")
                if content is not None:
                    yield from self._blocks(content)
            elif tag in (f"{W}customXml", f"{W}ins", f"{W}moveTo"):
                yield from self._blocks(child)
            elif tag == f"{MC}AlternateContent":
                yield from self._blocks(_chosen_branch(child))
            elif tag == f"{W}altChunk":
                self.warnings.append(
                    f"{self.display} embeds another document (altChunk) that could not be read; "
                    "open it in Word and save it again so that its text becomes part of the draft."
                )

    def _rows(self, table: etree._Element) -> Iterator[str]:
        for child in table:
            if child.tag == f"{W}tr":
                properties = child.find(f"{W}trPr")
                if properties is not None and properties.find(f"{W}del") is not None:
                    continue
                yield "\t".join(self._cells(child))
            elif child.tag in (f"{W}sdt", f"{W}customXml"):
                content = child.find(f"{W}sdtContent") if child.tag == f"{W}sdt" else child
                if content is not None:
                    yield from self._rows(content)

    def _cells(self, row: etree._Element) -> Iterator[str]:
        for child in row:
            if child.tag == f"{W}tc":
                yield "\n".join(_flatten(_merge_deleted_marks(self._blocks(child))))
            elif child.tag in (f"{W}sdt", f"{W}customXml"):
                content = child.find(f"{W}sdtContent") if child.tag == f"{W}sdt" else child
                if content is not None:
                    yield from self._cells(content)

    # Inline level ------------------------------------------------------------------------------------

    def _inline_text(self, paragraph: etree._Element) -> str:
        out: list[str] = []
        self._inline(paragraph, out)
        return "".join(out)

    def _inline(self, container: etree._Element, out: list[str]) -> None:
        for child in container:
            tag = child.tag
            if tag == f"{W}r":
                self._run(child, out)
            elif tag in _TRANSPARENT:
                self._inline(child, out)
            elif tag == f"{W}sdt":
                content = child.find(f"{W}sdtContent")
                if content is not None:
                    self._inline(content, out)
            elif tag == f"{MC}AlternateContent":
                self._inline(_chosen_branch(child), out)
            elif tag in (f"{M}oMath", f"{M}oMathPara"):
                out.extend(text.text or "" for text in child.iter(f"{M}t"))
            # w:del, w:moveFrom (deleted text), w:pPr, bookmarks, comments: nothing the reader sees.

    def _run(self, run: etree._Element, out: list[str]) -> None:
        children = list(run)
        for position, child in enumerate(children):
            tag = child.tag
            if tag == f"{W}t":
                out.append(child.text or "")
            elif tag in (f"{W}tab", f"{W}ptab"):
                out.append("\t")
            elif tag in (f"{W}br", f"{W}cr"):
                out.append("\n")
            elif tag == f"{W}noBreakHyphen":
                out.append("\u2011")
            elif tag == f"{W}softHyphen":
                out.append("\u00ad")
            elif tag == f"{W}sym":
                out.append(_symbol(child))
            elif tag in (f"{W}footnoteReference", f"{W}endnoteReference"):
                # The superscript number is not put into the text: "art. 415" followed by note 3 must
                # not read as "art. 4153".
                custom = None
                if (child.get(f"{W}customMarkFollows") or "").lower() in _TRUE:
                    following = [c.text or "" for c in children[position + 1 :] if c.tag == f"{W}t"]
                    custom = following[0].strip() if following and following[0].strip() else "*"
                kind = "footnote" if tag == f"{W}footnoteReference" else "endnote"
                offset = sum(len(piece) for piece in out)
                self.references.append(_NoteReference(kind, child.get(f"{W}id", ""), custom, offset))
            elif tag in (f"{W}drawing", f"{W}pict", f"{W}object", f"{MC}AlternateContent"):
                self._text_boxes(child, out)
            elif tag == f"{W}ruby":
                base = child.find(f"{W}rubyBase")
                if base is not None:
                    self._inline(base, out)

    def _text_boxes(self, graphic: etree._Element, out: list[str]) -> None:
        # A text box sits inside a run but holds whole paragraphs; Word stores it twice (a modern
        # mc:Choice and a VML fallback), so only one branch is read.
        root = _chosen_branch(graphic) if graphic.tag == f"{MC}AlternateContent" else graphic
        seen: set[int] = set()
        for box in root.iter(f"{W}txbxContent"):
            if any(id(ancestor) in seen for ancestor in box.iterancestors()):
                continue
            seen.add(id(box))
            text = "\n".join(_flatten(_merge_deleted_marks(self._blocks(box))))
            if text.strip():
                out.append(f"\n{text}\n")


_TRANSPARENT = frozenset(
    f"{W}{name}"
    for name in ("ins", "moveTo", "hyperlink", "smartTag", "customXml", "fldSimple", "bdo", "dir")
)


def _chosen_branch(alternate: etree._Element) -> etree._Element:
    choice = alternate.find(f"{MC}Choice")
    if choice is not None:
        return choice
    fallback = alternate.find(f"{MC}Fallback")
    return fallback if fallback is not None else alternate


def _mark_is_deleted(paragraph: etree._Element) -> bool:
    return paragraph.find(f"{W}pPr/{W}rPr/{W}del") is not None


def _merge_deleted_marks(blocks: Iterator[_Paragraph | _Table]) -> Iterator[_Paragraph | _Table]:
    pending: _Paragraph | None = None
    for block in blocks:
        if isinstance(block, _Paragraph):
            if pending is not None:
                shifted = tuple((offset + len(pending.text), ref) for offset, ref in block.refs)
                block = _Paragraph(pending.text + block.text, block.mark_deleted, pending.refs + shifted)
                pending = None
            if block.mark_deleted:
                pending = block
                continue
        elif pending is not None:
            yield _Paragraph(pending.text, mark_deleted=False, refs=pending.refs)
            pending = None
        yield block
    if pending is not None:
        yield _Paragraph(pending.text, mark_deleted=False, refs=pending.refs)


def _flatten(blocks: Iterator[_Paragraph | _Table]) -> Iterator[str]:
    for block in blocks:
        if isinstance(block, _Paragraph):
            yield block.text
        else:
            yield from block.rows


def _symbol(element: etree._Element) -> str:
    try:
        code = int(element.get(f"{W}char", ""), 16)
    except ValueError:
        return ""
    return chr(code) if 0 < code < 0xD800 or 0xE000 <= code <= 0x10FFFF else ""


# --- note numbering as the reader sees it -------------------------------------------------------------

# ECMA-376 §17.11: without explicit settings Word numbers footnotes 1, 2, 3 and endnotes i, ii, iii.
_DEFAULT_FORMAT = {"footnote": "decimal", "endnote": "lowerRoman"}


def _numbering(kind: str, body: etree._Element, settings: etree._Element) -> tuple[str, int]:
    number_format, start = _DEFAULT_FORMAT[kind], 1
    # Document-wide settings first, then the (last) section's own, which wins.
    for properties in (settings.find(f"{W}{kind}Pr"), body.find(f"{W}sectPr/{W}{kind}Pr")):
        if properties is None:
            continue
        format_element = properties.find(f"{W}numFmt")
        if format_element is not None and format_element.get(f"{W}val"):
            number_format = format_element.get(f"{W}val", number_format)
        start_element = properties.find(f"{W}numStart")
        if start_element is not None:
            with contextlib.suppress(ValueError):
                start = max(1, int(start_element.get(f"{W}val", "1")))
    return number_format, start


def _format_number(number: int, number_format: str) -> str:
    if number_format in ("lowerRoman", "upperRoman"):
        roman = _roman(number)
        return roman if number_format == "upperRoman" else roman.lower()
    if number_format in ("lowerLetter", "upperLetter"):
        # Word repeats the letter: a … z, aa … zz.
        letter = chr(ord("a") + (number - 1) % 26) * ((number - 1) // 26 + 1)
        return letter.upper() if number_format == "upperLetter" else letter
    if number_format == "chicago":
        symbols = "*†‡§"
        return symbols[(number - 1) % 4] * ((number - 1) // 4 + 1)
    return str(number)


def _roman(number: int) -> str:
    digits = (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    )  # fmt: skip
    result = []
    for value, letters in digits:
        count, number = divmod(number, value)
        result.append(letters * count)
    return "".join(result)

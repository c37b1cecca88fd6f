"""Word drafts: body, tables, footnotes and endnotes, tracked changes accepted, hostile files refused.

The samples are tests/data/drafts/memo_footnotes.docx and memo_tracked.docx (see PROVENANCE.md there);
hostile variants are built here from them, so each test shows exactly how its input was made.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import struct
import zipfile
from collections.abc import Callable

import pytest

from tests.verifier.ingest.helpers import civil_code_article, draft, judgment_passage
from verifier.ingest import IngestedDocument, IngestError, ingest_bytes

ABSOLUTE = judgment_passage("Obowiązek ten ma charakter", "z jego stosowania.")
HEIRS = judgment_passage("W ocenie Sądu Apelacyjnego, osobami", "Prawa bankowego.")
MANDATE = judgment_passage("W ocenie Sądu wypłata", "art. 101 § 2 kc.")
DISMISSED = judgment_passage("Mając powyższe na uwadze", "art. 385 kpc.")
ART_750 = civil_code_article("750")


@pytest.fixture(scope="module")
def footnoted() -> IngestedDocument:
    return ingest_bytes(draft("memo_footnotes.docx"), "memo_footnotes.docx")


@pytest.fixture(scope="module")
def tracked() -> IngestedDocument:
    return ingest_bytes(draft("memo_tracked.docx"), "memo_tracked.docx")


def origin_of(document: IngestedDocument, needle: str) -> str | None:
    assert document.text.count(needle) == 1, f"{needle!r} should occur once in {document.text!r}"
    return document.origin_at(document.text.index(needle))


def part_text(document: IngestedDocument, origin: str) -> str:
    """The text of the part(s) from `origin`: a paragraph is split where Word prints a note's mark."""
    pieces = [part for part in document.parts if part.origin == origin]
    assert pieces, origin
    assert all(a.end == b.start for a, b in itertools.pairwise(pieces))
    return document.text[pieces[0].start : pieces[-1].end]


def read_origins(document: IngestedDocument) -> list[str]:
    """The origins in reading order, a split paragraph once, without the marks of the notes."""
    origins: list[str] = []
    for part in document.parts:
        if not part.origin.endswith(" reference") and (not origins or origins[-1] != part.origin):
            origins.append(part.origin)
    return origins


@pytest.mark.parametrize(
    ("citation", "origin"),
    [
        ("III AUa 271/12.", "footnote 1"),
        ("art. 56 ustawy z dnia 29 sierpnia 1997 r. – Prawo bankowe", "footnote 2"),
        ("민법 제750조.", "footnote *"),  # the author's own mark; it does not use up a number
        ("Article 6(1) of Regulation (EU) 2016/679", "footnote 3"),
        ("Art. 101 § 2 kc.", "footnote (not referenced in the text)"),
        ("Art. 385 kpc.", "endnote i"),  # Word numbers endnotes i, ii, iii unless told otherwise
        ("sygn. akt IX U 1823/11", "endnote ii"),
        ("III AUa 271/12\tSąd Apelacyjny we Wrocławiu", "table 1 row 2"),
        ("art. 385 kpc.", "paragraph 6"),
    ],
)
def test_it_says_which_footnote_endnote_or_table_row_a_citation_came_from(footnoted, citation, origin):
    assert origin_of(footnoted, citation) == origin


@pytest.mark.parametrize(
    ("origin", "text"),
    [
        # The superscript note numbers are not glued onto the sentence ("stosowania.1").
        ("paragraph 2", ABSOLUTE),
        ("paragraph 3", HEIRS),
        ("paragraph 4", ART_750 + "*"),
        ("footnote 1", "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12."),
        ("table 1 row 1", "Sygnatura\tSąd"),
    ],
)
def test_it_keeps_body_and_note_text_exactly_as_written(footnoted, origin, text):
    assert part_text(footnoted, origin) == text


def test_it_puts_the_body_first_and_each_note_after_it_in_reading_order(footnoted):
    origins = read_origins(footnoted)
    assert origins == [
        *(f"paragraph {n}" for n in range(1, 6)),
        "table 1 row 1",
        "table 1 row 2",
        "paragraph 6",
        "paragraph 7",
        "footnote 1",
        "footnote 2",
        "footnote *",
        "footnote 3",
        "footnote (not referenced in the text)",
        "endnote i",
        "endnote ii",
    ]
    # Notes are separated from the body and from each other by a blank line, which no part owns.
    first_note = next(part for part in footnoted.parts if part.origin == "footnote 1")
    assert footnoted.text[first_note.start - 2 : first_note.start] == "\n\n"
    assert footnoted.origin_at(first_note.start - 1) is None


def test_it_warns_about_a_footnote_nothing_refers_to(footnoted):
    assert footnoted.warnings == (
        "A footnote of “memo_footnotes.docx” is not referenced anywhere in the text; "
        "it was read all the same.",
    )


@pytest.mark.parametrize(
    ("settings_xml", "expected_origins"),
    [
        ("", ["footnote 1", "footnote 2", "footnote *", "footnote 3", "endnote i", "endnote ii"]),
        (
            '<w:endnotePr><w:numFmt w:val="decimal"/></w:endnotePr>',
            ["footnote 1", "footnote 2", "footnote *", "footnote 3", "endnote 1", "endnote 2"],
        ),
        (
            '<w:footnotePr><w:numFmt w:val="lowerLetter"/><w:numStart w:val="5"/></w:footnotePr>',
            ["footnote e", "footnote f", "footnote *", "footnote g", "endnote i", "endnote ii"],
        ),
        (
            '<w:footnotePr><w:numFmt w:val="upperRoman"/></w:footnotePr>'
            '<w:endnotePr><w:numFmt w:val="chicago"/></w:endnotePr>',
            ["footnote I", "footnote II", "footnote *", "footnote III", "endnote *", "endnote †"],
        ),
    ],
)
def test_it_numbers_notes_the_way_word_shows_them(settings_xml, expected_origins):
    data = rewrite(
        draft("memo_footnotes.docx"),
        {
            "word/settings.xml": lambda xml: xml.replace(
                b"</w:settings>", settings_xml.encode() + b"</w:settings>"
            )
        },
    )
    origins = read_origins(ingest_bytes(data, "memo.docx"))
    assert [
        origin for origin in origins if origin.startswith(("footnote", "endnote")) and "(" not in origin
    ] == (expected_origins)


@pytest.mark.parametrize(
    ("must_contain", "origin"),
    [
        (DISMISSED, "paragraph 1"),  # "art. 386 kpc" deleted, "art. 385 kpc" inserted
        (HEIRS, "paragraph 2"),  # two paragraphs joined by deleting the paragraph mark
        ("Wyrok z dnia 17 maja 2012 r., III AUa 271/12", "paragraph 3"),  # moved text, read once
        (MANDATE, "paragraph 4"),  # inside a content control
        ("Zob. Sygn. akt III AUa 271/12, art. 55 ust. 3 Prawa bankowego.", "paragraph 5"),  # link + field
        ("III AUa 271/12\t17 maja 2012 r.", "table 1 row 2"),  # the row before it was deleted
        ("Wyrok SA we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12", "footnote 1"),
    ],
)
def test_it_reads_tracked_changes_as_accepted(tracked, must_contain, origin):
    assert part_text(tracked, origin) == must_contain


@pytest.mark.parametrize(
    "rejected",
    [
        "art. 386 kpc",  # replaced by a tracked insertion
        "IX U 1823/11",  # in a deleted paragraph and in a deleted table row
        "III AUa 217/12",  # the typo corrected in the footnote
        "REF art_4153",  # field code, not field result
        "III AUa 271/12 Wyrok",  # moved-away copy
    ],
)
def test_it_drops_what_the_reviewer_deleted(tracked, rejected):
    assert rejected not in tracked.text


# --- hostile and broken files -------------------------------------------------------------------------


def rewrite(
    data: bytes, changes: dict[str, Callable[[bytes], bytes]], extra: dict[str, bytes] | None = None
) -> bytes:
    """A copy of the zip `data` with some members transformed and others added."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            target.writestr(info.filename, changes.get(info.filename, lambda x: x)(content))
        for name, content in (extra or {}).items():
            target.writestr(name, content)
    return out.getvalue()


def with_zero_member(data: bytes, size: int) -> bytes:
    """Add word/media/image1.png holding `size` zero bytes, written in chunks to keep memory low."""
    out = io.BytesIO(data)
    with (
        zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED, compresslevel=1) as target,
        target.open("word/media/image1.png", "w", force_zip64=True) as member,
    ):
        chunk = bytes(1 << 20)
        for _ in range(size >> 20):
            member.write(chunk)
    return out.getvalue()


def lying_about_size(data: bytes) -> bytes:
    """Add a 3 MB member whose headers claim 100 bytes, as a bomb hiding from a size check would."""
    out = io.BytesIO(data)
    with zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED) as target:
        target.writestr("word/media/image1.png", bytes(3 << 20))
    patched = bytearray(out.getvalue())
    local = patched.rfind(b"PK\x03\x04")
    struct.pack_into("<I", patched, local + 22, 100)
    central = patched.rfind(b"PK\x01\x02")
    struct.pack_into("<I", patched, central + 24, 100)
    return bytes(patched)


def with_encrypted_flag(data: bytes) -> bytes:
    patched = bytearray(data)
    for match in re.finditer(rb"PK\x01\x02", bytes(patched)):
        flags = struct.unpack_from("<H", patched, match.start() + 8)[0]
        struct.pack_into("<H", patched, match.start() + 8, flags | 0x1)
    return bytes(patched)


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<w:footnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:footnote w:id="1"><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:footnote></w:footnotes>"""


def _odt() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        target.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        target.writestr("content.xml", "<office:document-content/>")
    return out.getvalue()


def _zip_of(names: list[str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name in names:
            target.writestr(name, "x")
    return out.getvalue()


FOOTNOTED = draft("memo_footnotes.docx")
FOOTNOTED_MEMBERS = len(zipfile.ZipFile(io.BytesIO(FOOTNOTED)).namelist())

HOSTILE = [
    pytest.param(lambda: with_zero_member(FOOTNOTED, 110 << 20), "a “zip bomb”", id="110 MB of zeros"),
    pytest.param(lambda: with_zero_member(FOOTNOTED, 8 << 20), "a “zip bomb”", id="8 MB at a ratio of 1000"),
    pytest.param(
        lambda: lying_about_size(FOOTNOTED), "is damaged (its zip container is broken)", id="lying sizes"
    ),
    pytest.param(
        lambda: rewrite(FOOTNOTED, {}, {f"word/media/{n}.png": b"" for n in range(5_001)}),
        f"holds {FOOTNOTED_MEMBERS + 5_001:,} files inside",
        id="too many members",
    ),
    pytest.param(
        lambda: rewrite(FOOTNOTED, {"word/document.xml": lambda _: BILLION_LAUGHS}),
        "contains XML with a document type declaration",
        id="billion laughs",
    ),
    pytest.param(
        lambda: rewrite(FOOTNOTED, {"word/footnotes.xml": lambda _: EXTERNAL_ENTITY}),
        "contains XML with a document type declaration",
        id="external entity in footnotes",
    ),
    pytest.param(
        lambda: rewrite(FOOTNOTED, {"word/document.xml": lambda _: BILLION_LAUGHS.decode().encode("utf-16")}),
        "contains XML with a document type declaration",
        id="billion laughs in UTF-16",
    ),
    pytest.param(lambda: with_encrypted_flag(FOOTNOTED), "is encrypted", id="zip encryption flag"),
    pytest.param(lambda: FOOTNOTED[: len(FOOTNOTED) // 2], "is damaged", id="truncated"),
    pytest.param(
        lambda: FOOTNOTED[:2000] + bytes(200) + FOOTNOTED[2200:], "is damaged", id="overwritten in the middle"
    ),
    pytest.param(
        lambda: rewrite(FOOTNOTED, {"word/document.xml": lambda xml: xml[: len(xml) // 2]}),
        "is damaged or is not a Word document that can be opened",
        id="document.xml cut short",
    ),
    pytest.param(
        lambda: rewrite(FOOTNOTED, {"word/footnotes.xml": lambda xml: xml[:-20]}),
        "The footnotes of “memo.docx” are damaged",
        id="footnotes.xml cut short",
    ),
    pytest.param(
        lambda: _zip_of(["[Content_Types].xml"]),
        "is damaged or is not a Word document",
        id="no document part",
    ),
    pytest.param(
        lambda: rewrite(
            FOOTNOTED,
            {
                "word/document.xml": lambda xml: xml.replace(b"<w:body>", b"<w:x><w:body>").replace(
                    b"</w:body>", b"</w:body></w:x>"
                )
            },
        ),
        "has no document body Word could show",
        id="body hidden one level down",
    ),
    pytest.param(
        lambda: (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
            + bytes(100)
            + "EncryptionInfo".encode("utf-16-le")
            + bytes(400)
        ),
        "is really a password-protected Word document; remove the password in Word",
        id="password-protected Word",
    ),
    pytest.param(
        lambda: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
        "is really an old-format Word (.doc) or other Office file; open it in Word and save it as .docx",
        id="old .doc renamed",
    ),
    pytest.param(
        lambda: _zip_of(["[Content_Types].xml", "xl/workbook.xml"]), "is really an Excel workbook", id="xlsx"
    ),
    pytest.param(_odt, "is really an OpenDocument file; save it as .docx", id="odt"),
    pytest.param(lambda: _zip_of(["memo.txt"]), "is really a zip archive", id="plain zip"),
    pytest.param(
        lambda: draft("memo_pl.pdf"), "is named like a Word (.docx) document but is really a PDF", id="pdf"
    ),
    pytest.param(
        lambda: b"<!DOCTYPE html><html><body>Error 404</body></html>", "really a web page (HTML)", id="html"
    ),
    pytest.param(lambda: ABSOLUTE.encode(), "is really a plain text file; rename it to .txt", id="text"),
    pytest.param(  # random bytes are not "a plain text file" to rename
        lambda: random.Random(28).randbytes(3000),
        "is really unreadable bytes (no text and no known file format); the file is damaged",
        id="random bytes",
    ),
]


@pytest.mark.parametrize(("make", "message_contains"), HOSTILE)
def test_it_refuses_a_broken_or_hostile_word_file_with_one_clear_sentence(make, message_contains):
    with pytest.raises(IngestError) as refusal:
        ingest_bytes(make(), "memo.docx", max_bytes=30 << 20)
    message = str(refusal.value)
    assert message_contains in message
    assert message.startswith(("“memo.docx”", "The footnotes of “memo.docx”"))
    assert "\n" not in message


def test_it_reads_a_docx_with_no_notes_at_all():
    import docx

    document = docx.Document()
    document.add_paragraph(DISMISSED)
    buffer = io.BytesIO()
    document.save(buffer)
    ingested = ingest_bytes(buffer.getvalue(), "plain.docx")
    assert ingested.text == DISMISSED
    assert [part.origin for part in ingested.parts] == ["paragraph 1"]


def test_it_refuses_a_word_file_with_nothing_written_in_it():
    import docx

    buffer = io.BytesIO()
    docx.Document().save(buffer)
    with pytest.raises(IngestError, match=r"“empty\.docx” contains no text; there is nothing to review"):
        ingest_bytes(buffer.getvalue(), "empty.docx")


def test_it_marks_where_word_prints_each_note_number(footnoted):
    """An empty part "footnote N reference" sits where the superscript number is, right after the words the
    note supports, so the document view can print the number there and link it with its note."""
    marks = [(part.start, part.origin) for part in footnoted.parts if part.origin.endswith(" reference")]
    assert [origin for _, origin in marks] == [
        "footnote 1 reference",
        "footnote 2 reference",
        "footnote * reference",
        "footnote 3 reference",
        "endnote i reference",
        "endnote ii reference",
    ]
    for start, origin in marks:
        assert footnoted.origin_at(start - 1).startswith(("paragraph", "table")), origin
    star = next(start for start, origin in marks if origin == "footnote * reference")
    assert footnoted.text[:star].rstrip().endswith("그 손해를 배상할 책임이 있다.")

"""Plain-text drafts (.txt, .md, pasted): the text is the file's text exactly as decoded, whatever the
encoding the lawyer's editor used, and every refusal is one sentence naming the file."""

from __future__ import annotations

import hashlib

import pytest

from tests.verifier.ingest.helpers import DRAFTS, civil_code_article, draft, judgment_passage
from verifier.ingest import (
    DEFAULT_MAX_BYTES,
    IngestedDocument,
    IngestError,
    TextPart,
    ingest_bytes,
    ingest_path,
    ingest_text,
)

MANDATE = judgment_passage("W ocenie Sądu wypłata", "art. 101 § 2 kc.")
HEIRS = judgment_passage("W ocenie Sądu Apelacyjnego, osobami", "Prawa bankowego.")
ABSOLUTE = judgment_passage("Obowiązek ten ma charakter", "z jego stosowania.")
DISMISSED = judgment_passage("Mając powyższe na uwadze", "art. 385 kpc.")
ART_750 = civil_code_article("750")


@pytest.mark.parametrize(
    ("file", "expected_text", "expected_format"),
    [
        ("memo_cp1250.txt", f"Sygn. akt III AUa 271/12\r\n\r\n{MANDATE}\r\n{HEIRS}\r\n", "txt"),
        ("memo_iso8859_2.txt", f"{ABSOLUTE}\n{DISMISSED}\n", "txt"),
        ("memo_euc_kr.txt", f"민법 제750조\n{ART_750}\n", "txt"),
        ("memo_utf16.txt", f"{ABSOLUTE}\n{ART_750}\n", "txt"),
        ("memo_utf8_bom.md", f"# Opinia\n\n{DISMISSED}\n", "md"),
        ("memo_cp1252.txt", "Données à caractère personnel : règle générale, für Zwecke.\n", "txt"),
    ],
)
def test_it_decodes_each_encoding_a_lawyers_editor_may_save_in(file, expected_text, expected_format):
    data = draft(file)
    document = ingest_bytes(data, file)
    assert document.text == expected_text
    assert document.format == expected_format
    assert document.sha256 == hashlib.sha256(data).hexdigest()
    assert document.name == file


@pytest.mark.parametrize(
    ("text", "offset_of", "origin"),
    [
        (f"Sygn. akt III AUa 271/12\r\n\r\n{MANDATE}\r\n", "art. 101 § 2 kc.", "line 3"),
        (f"{ABSOLUTE}\n{DISMISSED}", "art. 385 kpc.", "line 2"),
        (f"민법 제750조\r{ART_750}\r", "배상할 책임", "line 2"),  # old Mac line ends
        (f"{ABSOLUTE}\n\n\n{HEIRS}", "art. 56 Prawa bankowego", "line 4"),
    ],
)
def test_it_maps_a_citation_in_a_text_file_to_the_line_an_editor_shows(text, offset_of, origin):
    document = ingest_bytes(text.encode("utf-8"), "memo.txt")
    assert document.text == text
    assert document.origin_at(text.index(offset_of)) == origin
    assert document.origin_at(text.index(offset_of) + len(offset_of) - 1) == origin


def test_it_keeps_pasted_text_exactly_as_pasted():
    pasted = f"  {MANDATE}\r\n\t{ART_750}  "
    document = ingest_text(pasted)
    assert document.text == pasted
    assert document.format == "pasted"
    assert document.name == "pasted text"
    assert document.sha256 == hashlib.sha256(pasted.encode("utf-8")).hexdigest()
    assert document.origin_at(pasted.index("배상할")) == "line 2"


@pytest.mark.parametrize(
    ("data", "filename", "message_contains"),
    [
        (b"", "memo.txt", "“memo.txt” is empty"),
        (b" \r\n\t\n", "memo.md", "“memo.md” contains no text"),
        ("\ufeff\n".encode(), "memo.txt", "contains no text"),
        (ABSOLUTE.encode() + b"\x00\x00\x01", "memo.txt", "contains binary data"),
        (
            bytes(range(128, 256)) * 8 + b"\x81\x8d\x8f\x90\x9d",
            "memo.txt",
            "not readable text in any encoding",
        ),
        (b"\xff\xfe\x00\xd8", "memo.txt", "not readable text"),  # UTF-16 BOM, then a lone surrogate
        (ABSOLUTE.encode(), "memo.doc", "“.doc” files cannot be reviewed"),
        (ABSOLUTE.encode(), "memo.rtf", "save it as .docx"),
        (ABSOLUTE.encode(), "memo", "Files without an extension cannot be reviewed"),
        (ABSOLUTE.encode(), "C:\\drafts\\memo.txt.exe", "“.exe” files cannot be reviewed (“memo.txt.exe”)"),
        (draft("memo_pl.pdf"), "memo.txt", "“memo.txt” is named like a plain text file but is really a PDF"),
        (draft("memo_footnotes.docx"), "memo.md", "is really a Word (.docx) document"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600), "memo.txt", "old-format Word (.doc)"),
        (b"{\\rtf1\\ansi " + ABSOLUTE.encode() + b"}", "memo.txt", "is really an RTF document"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "memo.txt", "is really an image"),
    ],
)
def test_it_refuses_a_text_file_it_cannot_review_with_one_clear_sentence(data, filename, message_contains):
    with pytest.raises(IngestError) as refusal:
        ingest_bytes(data, filename)
    message = str(refusal.value)
    assert message_contains in message
    assert "\n" not in message
    assert "Traceback" not in message


def test_it_reads_html_in_a_markdown_draft_as_text():
    # Markdown may hold HTML; only a .pdf or .docx that is really HTML is a mistake.
    text = f"<p>{DISMISSED}</p>\n"
    assert ingest_bytes(f"<!DOCTYPE html><html>{text}".encode(), "memo.md").text.endswith(text)


@pytest.mark.parametrize(
    ("size", "max_bytes", "refused"),
    [
        (DEFAULT_MAX_BYTES, DEFAULT_MAX_BYTES, False),
        (DEFAULT_MAX_BYTES + 1, DEFAULT_MAX_BYTES, True),
        (1001, 1000, True),
        (1000, 1000, False),
    ],
)
def test_it_refuses_files_over_the_size_cap_before_reading_them(size, max_bytes, refused, tmp_path):
    data = (b"art. 385 kpc. " * (size // 14 + 1))[:size]
    path = tmp_path / "memo.txt"
    path.write_bytes(data)
    from_memory = lambda: ingest_bytes(data, "memo.txt", max_bytes=max_bytes)  # noqa: E731
    from_disk = lambda: ingest_path(path, max_bytes=max_bytes)  # noqa: E731
    for call in (from_memory, from_disk):
        if refused:
            with pytest.raises(IngestError, match=r"“memo\.txt” is .* more than the .* limit"):
                call()
        else:
            assert len(call().text) == size


def test_it_says_the_limit_in_megabytes():
    with pytest.raises(IngestError, match=r"is 20\.0 MB, more than the 20\.0 MB limit") as refusal:
        ingest_bytes(b"x" * (DEFAULT_MAX_BYTES + 1), "memo.txt")
    assert "split the draft" in str(refusal.value)


@pytest.mark.parametrize("max_bytes", [0, -1, True, 2.5, "20MB"])
def test_it_rejects_a_nonsensical_size_cap_as_a_programming_error(max_bytes):
    with pytest.raises(ValueError, match="max_bytes must be a positive number of bytes") as refusal:
        ingest_bytes(b"art. 5 k.c.", "memo.txt", max_bytes=max_bytes)
    assert not isinstance(refusal.value, IngestError)


def test_it_reads_a_draft_from_disk_under_its_own_name(tmp_path):
    path = tmp_path / "opinia.txt"
    path.write_bytes(draft("memo_cp1250.txt"))
    document = ingest_path(path)
    assert document.name == "opinia.txt"
    assert MANDATE in document.text


@pytest.mark.parametrize(
    ("make_path", "message_contains"),
    [
        (lambda tmp: tmp / "missing.txt", "There is no file at"),
        (lambda tmp: tmp, "is a folder, not a draft file"),
    ],
)
def test_it_refuses_a_path_it_cannot_read(make_path, message_contains, tmp_path):
    with pytest.raises(IngestError, match=message_contains):
        ingest_path(make_path(tmp_path))


def test_it_finds_the_origin_of_any_offset_by_bisection():
    text = "ab\ncd\n\nef"
    document = IngestedDocument(
        "x.txt",
        text,
        "0" * 64,
        "txt",
        (TextPart(0, 3, "line 1"), TextPart(3, 6, "line 2"), TextPart(7, 9, "line 4")),
    )
    assert [document.origin_at(i) for i in range(-1, len(text) + 1)] == [
        None,
        "line 1",
        "line 1",
        "line 1",
        "line 2",
        "line 2",
        "line 2",
        None,
        "line 4",
        "line 4",
        None,
    ]


@pytest.mark.parametrize(
    "parts",
    [
        (TextPart(0, 5, "a"), TextPart(4, 6, "b")),  # overlapping
        (TextPart(3, 5, "a"), TextPart(0, 2, "b")),  # out of order
        (TextPart(0, 99, "a"),),  # past the end
        (TextPart(4, 2, "a"),),  # backwards
    ],
)
def test_it_refuses_to_build_a_document_whose_map_is_wrong(parts):
    with pytest.raises(ValueError, match="parts must be ordered, non-overlapping and inside the text"):
        IngestedDocument("x.txt", "abcdefgh", "0" * 64, "txt", parts)


def test_the_sample_drafts_folder_documents_where_its_files_come_from():
    provenance = (DRAFTS / "PROVENANCE.md").read_text(encoding="utf-8")
    samples = sorted(
        path.name
        for path in DRAFTS.iterdir()
        if path.suffix in (".txt", ".md", ".docx", ".pdf") and path.name != "PROVENANCE.md"
    )
    assert samples
    assert [name for name in samples if f"`{name}`" not in provenance] == []

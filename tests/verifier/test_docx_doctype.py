"""The DOCTYPE guard of .docx reading (issue 18 §5) checks every part of the package, whatever its name and
encoding: Office never writes a DTD, and a part python-docx parses need not be called `*.xml` (a content-type
override names any part the main document) nor be in UTF-8 or UTF-16."""

from __future__ import annotations

import io
import zipfile

import pytest

from verifier.ingest import IngestError, ingest_bytes

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
BODY = f"<w:document {W}><w:body><w:p><w:r><w:t>Art. 58 k.c.</w:t></w:r></w:p></w:body></w:document>"
DTD = '<!DOCTYPE w:document [<!ENTITY x SYSTEM "file:///etc/passwd">]>'


def package(main_name: str, main: bytes, extra: dict[str, bytes] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            f'<Override PartName="/{main_name}" ContentType="{MAIN}"/></Types>',
        )
        z.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
            f'2006/relationships/officeDocument" Target="{main_name}"/></Relationships>',
        )
        z.writestr(main_name, main)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return buffer.getvalue()


def xml(text: str, codec: str, *, bom: bytes = b"") -> bytes:
    return bom + f'<?xml version="1.0" encoding="{codec}"?>{text}'.encode(codec)


def test_a_plain_package_still_reads() -> None:
    document = ingest_bytes(package("word/document.xml", BODY.encode()), "memo.docx")
    assert "Art. 58 k.c." in document.text


def test_a_main_part_named_otherwise_reads_too() -> None:
    document = ingest_bytes(package("word/document.bin", BODY.encode()), "memo.docx")
    assert "Art. 58 k.c." in document.text


@pytest.mark.parametrize(
    ("main_name", "main", "extra"),
    [
        # The main document under another name: python-docx parses it, the name-based guard never looked.
        ("word/document.bin", (DTD + BODY).encode(), None),
        ("word/document", (DTD + BODY).encode(), None),
        # Encodings other than UTF-8/16 that an XML parser reads.
        ("word/document.xml", xml(DTD + BODY, "utf-32-le", bom=b"\xff\xfe\x00\x00"), None),
        ("word/document.xml", xml(DTD + BODY, "utf-32-be", bom=b"\x00\x00\xfe\xff"), None),
        ("word/document.xml", xml(DTD + BODY, "cp500"), None),  # EBCDIC
        # A part no relationship points at, with no extension at all.
        ("word/document.xml", BODY.encode(), {"customXml/item9": (DTD + "<a/>").encode()}),
        ("word/document.xml", BODY.encode(), {"word/media/image1.png": (DTD + "<svg/>").encode("utf-16")}),
    ],
    ids=["main.bin", "main-no-ext", "utf-32le", "utf-32be", "ebcdic", "stray-part", "utf16-as-png"],
)
def test_a_dtd_anywhere_refuses_the_file(main_name: str, main: bytes, extra: dict[str, bytes] | None) -> None:
    with pytest.raises(IngestError, match="document type declaration"):
        ingest_bytes(package(main_name, main, extra), "memo.docx")


def test_a_binary_image_is_not_mistaken_for_xml() -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
    document = ingest_bytes(
        package("word/document.xml", BODY.encode(), {"word/media/image1.png": png}), "m.docx"
    )
    assert "Art. 58 k.c." in document.text

"""Hostile drafts built in the test, as issue 18 §2 found them: small files whose parsing costs minutes or
gigabytes. Each is a few tens of kilobytes on the wire.

    one_page_of_text_operators()   one page, ~8 MB of text-showing operators, deflated to ~28 KB
    pages_sharing_one_stream()     500 pages that all draw one 1 MB content stream (~82 KB)
    docx_of_citations(n)           a .docx whose paragraphs carry `n` citations in all
"""

from __future__ import annotations

import io
import zipfile
import zlib


def _pdf(objects: list[bytes]) -> bytes:
    """A PDF of the given objects (1-based, object 1 the catalog), with a correct xref table."""
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def _stream(data: bytes) -> bytes:
    packed = zlib.compress(data, 9)
    return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream"


_FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
_SHOW = b"BT /F1 10 Tf 72 720 Td (art. 58 k.c. ) Tj ET\n"


def one_page_of_text_operators(megabytes: float = 8.0) -> bytes:
    """One page whose content stream repeats a text-showing operator `megabytes` MB long."""
    content = _SHOW * int(megabytes * 1024 * 1024 // len(_SHOW))
    return _pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> "
            b"/Contents 5 0 R >>",
            _FONT,
            _stream(content),
        ]
    )


def pages_sharing_one_stream(pages: int = 500, megabytes: float = 1.0) -> bytes:
    """`pages` pages whose /Contents all point at one content stream of `megabytes` MB."""
    content = _SHOW * int(megabytes * 1024 * 1024 // len(_SHOW))
    first_page = 5
    kids = b" ".join(b"%d 0 R" % (first_page + i) for i in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
        _FONT,
        _stream(content),
    ]
    for _ in range(pages):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
            b"/Contents 4 0 R >>"
        )
    return _pdf(objects)


_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx_of_citations(citations: int = 1_000_000, per_paragraph: int = 10) -> bytes:
    """A .docx of short paragraphs, each citing art. 58 k.c. `per_paragraph` times: `citations` in all."""
    # Varied article numbers keep the deflate ratio that of real XML, under the zip-bomb guard's.
    number = 7
    paragraphs = []
    for _ in range(citations // per_paragraph):
        sentences = []
        for _ in range(per_paragraph):
            number = (number * 7919 + 13) % 1087
            sentences.append(f"Art. {number + 1} k.c. stosuje się. ")
        paragraphs.append(f"<w:p><w:r><w:t>{''.join(sentences)}</w:t></w:r></w:p>")
    body = "".join(paragraphs)
    head = f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{_W}">'
    document = f"{head}<w:body>{body}</w:body></w:document>"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        z.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        )
        z.writestr("word/document.xml", document)
    return buffer.getvalue()

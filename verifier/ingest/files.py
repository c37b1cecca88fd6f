"""Draft files → one text, with a map from every stretch of that text back to where it came from.

The verifier only ever sees `IngestedDocument.text`; `parts` let a finding say "footnote 3" or "page 4" so
the lawyer can find the citation in the file they uploaded. Every way a file can be unusable ends in one
`IngestError` whose message is a sentence a lawyer can act on: an empty or half-read review is worse than
a refusal, because it looks like a clean bill of health.

Formats: .txt/.md (text exactly as decoded), .docx (body, tables, footnotes, endnotes; tracked changes
accepted), .pdf (text layer). The heavy parsers (python-docx, pypdf) are imported only when needed.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata

import charset_normalizer

from verifier.ingest.base import IngestedDocument, IngestError, OverBudget, TextPart, name_of

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
SUPPORTED_EXTENSIONS = (".txt", ".md", ".docx", ".pdf")

# Legacy encodings a Polish, Korean or EU draft may plausibly arrive in. Keeping the list short stops the
# detector from "succeeding" on binary junk with some exotic code page.
_LEGACY_ENCODINGS = ("cp1250", "iso8859_2", "cp1252", "cp949")


def ingest_text(text: str, name: str = "pasted text") -> IngestedDocument:
    """A draft pasted into the form: the text is kept exactly as given."""
    if not isinstance(text, str):
        raise TypeError(f"ingest_text takes a str, not {type(text).__name__}")
    _refuse_blank(text, "The pasted text is empty; paste the draft you want reviewed.", "pasted_empty")
    return IngestedDocument(
        name=name,
        text=text,
        sha256=hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest(),
        format="pasted",
        parts=_line_parts(text),
    )


def ingest_path(path: str | os.PathLike[str], *, max_bytes: int = DEFAULT_MAX_BYTES) -> IngestedDocument:
    """Read a draft from disk (the `manage.py verify` command); see `ingest_bytes`."""
    _check_max_bytes(max_bytes)
    name = os.path.basename(os.fspath(path))
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > max_bytes:
                raise _too_big_error(_display_name(name), size, max_bytes)
            # Read one byte more than allowed so a file that grew after fstat is still refused.
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise IngestError(f"There is no file at {os.fspath(path)!r}.") from None
    except IsADirectoryError:
        raise IngestError(f"{os.fspath(path)!r} is a folder, not a draft file.") from None
    except PermissionError:
        raise IngestError(f"The file {os.fspath(path)!r} cannot be opened: permission denied.") from None
    except OSError as error:
        raise IngestError(f"The file {os.fspath(path)!r} cannot be read ({error.strerror}).") from None
    return ingest_bytes(data, name, max_bytes=max_bytes)


def ingest_bytes(
    data: bytes, filename: str, *, max_bytes: int = DEFAULT_MAX_BYTES, max_chars: int | None = None
) -> IngestedDocument:
    """Turn an uploaded draft into text. The extension says what the file should be; the content must agree.

    Raises IngestError, and nothing else, for any file that cannot be reviewed completely; OverBudget (an
    IngestError) when the text is longer than `max_chars`. This reads the file in the calling process with no
    bound on time or memory: for a file from a user, `verifier.ingest.sandbox.ingest_within` runs it in a
    child process under a budget.
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"ingest_bytes takes bytes, not {type(data).__name__}")
    data = bytes(data)
    kind = check_upload(data, filename, max_bytes=max_bytes)
    display = _display_name(filename)
    sha256 = hashlib.sha256(data).hexdigest()
    if kind in ("txt", "md"):
        text = decode_text(data, display)
        _refuse_blank(text, f"{display} contains no text; there is nothing to review.", "no_text", display)
        _check_chars(text, display, max_chars, kind)
        return IngestedDocument(filename, text, sha256, kind, _line_parts(text))

    if kind == "docx":
        from verifier.ingest.docx import read_docx  # python-docx only when a .docx comes

        text, parts, warnings = read_docx(data, display)
        _refuse_blank(text, f"{display} contains no text; there is nothing to review.", "no_text", display)
        _check_chars(text, display, max_chars, kind)
        return IngestedDocument(filename, text, sha256, "docx", parts, warnings)

    from verifier.ingest.pdf import read_pdf  # pypdf only when a .pdf comes

    text, parts, warnings = read_pdf(data, display, max_chars=max_chars)
    return IngestedDocument(filename, text, sha256, "pdf", parts, warnings)


def _check_chars(text: str, display: str, max_chars: int | None, kind: str) -> None:
    if max_chars is not None and len(text) > max_chars:
        raise OverBudget(display, limit="chars", amount=max_chars, format=kind)


def check_upload(data: bytes, filename: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The cheap checks of an upload, done before anything parses it: a supported extension, not empty, not
    over `max_bytes`, and content (magic bytes) that agrees with the extension. Returns the format ("txt",
    "md", "docx" or "pdf"); IngestError with the lawyer's sentence otherwise. Costs a few milliseconds for
    any file (a .docx is only listed, not unpacked), so a web request may run it."""
    _check_max_bytes(max_bytes)
    display = _display_name(filename)
    extension = _extension(filename)
    if extension not in SUPPORTED_EXTENSIONS:
        shown = f"“{extension}” files" if extension else "Files without an extension"
        advice = "upload the draft as .txt, .md, .docx or .pdf"
        if extension in (".doc", ".rtf", ".odt", ".pages"):
            advice = "open it in Word and save it as .docx, then upload that"
        raise IngestError(
            f"{shown} cannot be reviewed ({display}); {advice}.",
            "unsupported",
            name=name_of(display),
            extension=extension,
        )
    if len(data) > max_bytes:
        raise _too_big_error(display, len(data), max_bytes)
    if not data:
        raise IngestError(f"{display} is empty; there is nothing to review.", "empty", name=name_of(display))

    actual = sniff(data)
    if actual == "text" and extension in (".docx", ".pdf") and _looks_binary(data):
        actual = "binary"  # "rename it to .txt" would be bad advice for random or damaged bytes
    if extension in (".txt", ".md"):
        if actual not in ("text", "html"):
            raise _mismatch(display, extension, actual)
    elif extension == ".docx":
        if actual != "docx":
            raise _mismatch(display, extension, actual)
        from verifier.ingest.docx import check_container  # the zip's directory only: nothing is unpacked

        check_container(data, display)
    elif actual != "pdf":
        raise _mismatch(display, extension, actual)
    return extension[1:]


# --- what the bytes really are ------------------------------------------------------------------------

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_IMAGE_MAGICS = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"II*\x00", b"MM\x00*")
_HTML_START = re.compile(
    rb"\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.I | re.S
)

_KIND_DESCRIPTION = {
    "pdf": "a PDF document",
    "docx": "a Word (.docx) document",
    "doc-encrypted": "a password-protected Word document",
    "doc": "an old-format Word (.doc) or other Office file",
    "xlsx": "an Excel workbook",
    "pptx": "a PowerPoint presentation",
    "odt": "an OpenDocument file",
    "zip": "a zip archive",
    "rtf": "an RTF document",
    "image": "an image",
    "html": "a web page (HTML)",
    "text": "a plain text file",
    "binary": "unreadable bytes (no text and no known file format)",
}
# Control characters no text file holds (tab, line breaks, form feed and escape aside): random or damaged
# bytes have ~10 % of them, a text in any encoding none.
_CONTROL = frozenset(range(0x09)) | frozenset(range(0x0E, 0x1B)) | frozenset(range(0x1C, 0x20))


def _looks_binary(data: bytes) -> bool:
    head = data[:4096]
    return sum(byte in _CONTROL for byte in head) > len(head) // 50


def sniff(data: bytes) -> str:
    """What the content is, whatever the file is called: one of the keys of `_KIND_DESCRIPTION`."""
    if b"%PDF-" in data[:1024]:
        return "pdf"
    if data.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return _sniff_zip(data)
    if data.startswith(_OLE_MAGIC):
        # An encrypted .docx is an OLE container with an "EncryptionInfo" stream named in UTF-16.
        return "doc-encrypted" if "EncryptionInfo".encode("utf-16-le") in data else "doc"
    if data.startswith(b"{\\rtf"):
        return "rtf"
    if data.startswith(_IMAGE_MAGICS):
        return "image"
    head = data[:4096]
    for bom, codec in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if head.startswith(bom):
            head = head[2:].decode(codec, errors="ignore").encode("utf-8")
    if _HTML_START.match(head.removeprefix(b"\xef\xbb\xbf")):
        return "html"
    return "text"


def _sniff_zip(data: bytes) -> str:
    import io
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist()[:10_000])
    except Exception:
        # Damaged zip: judge it by what the extension promised; the reader will report the damage.
        return "docx"
    if "mimetype" in names and any(name.startswith("content.xml") for name in names):
        return "odt"
    prefixes = {name.split("/", 1)[0] for name in names}
    if "xl" in prefixes:
        return "xlsx"
    if "ppt" in prefixes:
        return "pptx"
    if "word" in prefixes or "[Content_Types].xml" in names:
        return "docx"
    return "zip"


def _mismatch(display: str, extension: str, actual: str) -> IngestError:
    wanted = {".txt": "a plain text file", ".md": "a Markdown text file", ".docx": "a Word (.docx) document"}
    wanted[".pdf"] = "a PDF document"
    real = _KIND_DESCRIPTION[actual]
    advice = {
        "html": "download the real file again (this one is probably a browser page or a failed download).",
        "doc-encrypted": "remove the password in Word (File → Info → Protect Document) and upload it again.",
        "doc": "open it in Word and save it as .docx, then upload it again.",
        "odt": "save it as .docx and upload it again.",
        "rtf": "save it as .docx and upload it again.",
        "binary": "the file is damaged or is not your draft: check that you picked the right file.",
    }.get(actual, "check that you picked the right file.")
    if actual == "text" and extension in (".docx", ".pdf"):
        advice = "rename it to .txt if it is your draft, or check that you picked the right file."
    return IngestError(
        f"{display} is named like {wanted[extension]} but is really {real}; {advice}",
        "mismatch",
        name=name_of(display),
        extension=extension,
        actual=actual,
    )


# --- plain text ---------------------------------------------------------------------------------------


def decode_text(data: bytes, display: str) -> str:
    """UTF-8 (with or without BOM) or UTF-16 with a BOM; else a legacy code page chosen by detection."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise IngestError(_undecodable(display), "undecodable", name=name_of(display)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = _decode_legacy(data, display)
    if "\x00" in text:
        raise IngestError(
            f"{display} contains binary data, not text; check that you picked the right file.",
            "binary_text",
            name=name_of(display),
        )
    return text


def _decode_legacy(data: bytes, display: str) -> str:
    # One detector run per code page: given several at once, charset-normalizer skips code pages it deems
    # "similar" to one that already failed, and so misses ISO-8859-2 Polish after Windows-1250 fails.
    candidates: list[tuple[int, int, str]] = []
    for preference, encoding in enumerate(_LEGACY_ENCODINGS):
        if charset_normalizer.from_bytes(data, cp_isolation=[encoding]).best() is None:
            continue
        try:
            decoded = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        candidates.append((_plausibility(decoded), -preference, decoded))
    if not candidates:
        raise IngestError(_undecodable(display), "undecodable", name=name_of(display))
    return max(candidates)[2]


_POLISH_AND_WESTERN = frozenset("ąćęłńóśźżĄĆĘŁŃÓŚŹŻéèêëàâäçîïôöûüùßñÉÈÊÀÂÄÇÎÔÖÛÜÑ")
_NORMAL_PUNCTUATION = frozenset("„”“‘’«»–—…§·•°€")


def _plausibility(text: str) -> int:
    """How much `text` looks like a real draft rather than mojibake.

    The detector alone cannot tell cp1250 from cp1252 on Polish text (both decode without errors, into
    "Sπd" vs "Sąd"); the wrong code page turns letters into stray symbols such as ¹ ³ ¿ ±, so count those.
    """
    score = 0
    for char in text:
        if char.isascii():
            continue
        if char in _POLISH_AND_WESTERN or "\uac00" <= char <= "\ud7a3":
            score += 1
        elif char in _NORMAL_PUNCTUATION:
            continue
        elif unicodedata.category(char)[0] in "SNPC":
            score -= 2
    return score


def _undecodable(display: str) -> str:
    return (
        f"{display} is not readable text in any encoding we recognise (UTF-8, UTF-16, Windows-1250, "
        "ISO-8859-2, Windows-1252, EUC-KR); save it as UTF-8 or upload the Word file."
    )


_LINE_END = re.compile(r"\r\n?|\n")


def _line_parts(text: str) -> tuple[TextPart, ...]:
    # Line numbers are what a text editor shows, so they are the way back into a .txt or .md draft.
    parts: list[TextPart] = []
    start = 0
    for match in _LINE_END.finditer(text):
        parts.append(TextPart(start, match.end(), f"line {len(parts) + 1}"))
        start = match.end()
    if start < len(text):
        parts.append(TextPart(start, len(text), f"line {len(parts) + 1}"))
    return tuple(parts)


# --- small helpers ------------------------------------------------------------------------------------


def _check_max_bytes(max_bytes: int) -> None:
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes <= 0:
        raise ValueError(f"max_bytes must be a positive number of bytes, not {max_bytes!r}")


def _display_name(filename: str) -> str:
    name = re.split(r"[\\/]", str(filename))[-1].strip()
    name = "".join(char for char in name if char.isprintable())[:200]
    return f"“{name}”" if name else "The file"


def _extension(filename: str) -> str:
    name = re.split(r"[\\/]", str(filename))[-1].strip().rstrip(".")
    dot = name.rfind(".")
    return name[dot:].lower() if dot > 0 else ""


def _too_big_error(display: str, size: int, max_bytes: int) -> IngestError:
    return IngestError(
        f"{display} is {_megabytes(size)}, more than the {_megabytes(max_bytes)} limit; "
        "split the draft or remove embedded images and upload it again.",
        "too_big",
        name=name_of(display),
        size=size,
        limit=max_bytes,
    )


def _megabytes(size: int) -> str:
    if size < 1024 * 1024:
        return f"{size:,} bytes"
    return f"{size / (1024 * 1024):.1f} MB"


def _refuse_blank(text: str, message: str, key: str, display: str = "") -> None:
    if not text.strip():
        raise IngestError(message, key, name=name_of(display))

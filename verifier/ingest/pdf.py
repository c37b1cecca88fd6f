""".pdf → text: the text layer, page by page, with words hyphenated at a line end joined again.

A PDF is only as good as its text layer. A scan has none, and reviewing it would produce an empty,
reassuring report, so a PDF without text is refused; a PDF with some image-only pages is read with a
warning naming those pages.
"""

from __future__ import annotations

import io
import logging
import re
import threading
import unicodedata
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pypdf.generic import StreamObject

from verifier.ingest.base import IngestError, OverBudget, PartsBuilder, TextPart, name_of

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader

MAX_PAGES = 5_000

# "praw-\nnik" → "prawnik": a hyphen (ASCII, soft or Unicode) right after a letter, at the end of a line,
# followed on the next line by a lowercase letter. An uppercase letter or a digit after the break means a
# real hyphen ("Różańska-\nDorosz") or no word at all, so those stay as they are.
_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])[-\u00ad\u2010][ \t]*\r?\n[ \t]*(?=[^\W\d_])")


def dehyphenate(text: str) -> str:
    return _LINE_END_HYPHEN.sub(lambda match: "" if text[match.end()].islower() else match.group(), text)


def read_pdf(
    data: bytes, display: str, *, max_chars: int | None = None
) -> tuple[str, tuple[TextPart, ...], tuple[str, ...]]:
    """Text, parts ("page N") and warnings of a PDF given as bytes; IngestError for anything unreadable.

    `max_chars`: stop (OverBudget "chars") as soon as the pages read so far hold more text than that, instead
    of reading the remaining pages of a file that will be refused anyway (pages can share one huge stream)."""
    damaged = (
        f"{display} is damaged and its text cannot be read; open it and save or print it to a new PDF, "
        "or upload the Word file."
    )
    trouble = _TroubleCounter()
    pypdf_log = logging.getLogger("pypdf")
    pypdf_log.addHandler(trouble)
    try:
        from pypdf import PdfReader  # only PDF uploads pay for pypdf

        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            _unlock(reader, display)
        _check_page_count(reader, display)
        labels = _page_labels(reader, len(reader.pages))
        reads = _read_pages(reader.pages, trouble, display, max_chars)
    except (IngestError, MemoryError):  # out of memory is the budget's to report, not damage
        raise
    except Exception:  # pypdf reports damage with anything from PdfReadError to KeyError and RecursionError
        raise IngestError(damaged, "pdf_damaged", name=name_of(display)) from None
    finally:
        pypdf_log.removeHandler(trouble)
    _refuse_unreadable(reads, display)
    text, parts = _assemble(reads.texts, labels)
    return text, parts, _warnings(reads, display)


@dataclass
class _PageReads:
    """What reading each page gave: its text, and the pages (numbered from 1) that need saying."""

    texts: list[str] = field(default_factory=list)
    image_only: list[int] = field(default_factory=list)
    damaged: list[int] = field(default_factory=list)
    shaky: list[int] = field(default_factory=list)


def _check_page_count(reader: Any, display: str) -> None:
    pages = reader.pages
    if len(pages) == 0:
        raise IngestError(
            f"{display} has no pages; check that you picked the right file.",
            "pdf_no_pages",
            name=name_of(display),
        )
    if len(pages) > MAX_PAGES:
        raise IngestError(
            f"{display} has {len(pages):,} pages, more than the {MAX_PAGES:,} we can review.",
            "pdf_too_many_pages",
            name=name_of(display),
            count=len(pages),
            limit=MAX_PAGES,
        )
    declared = _declared_page_count(reader)
    if declared is not None and declared != len(pages):
        # The page tree promises more pages than can be found: some were lost to damage.
        raise IngestError(
            f"{display} is damaged: it should have {declared:,} pages but only {len(pages):,} can be "
            "read; open it and save or print it to a new PDF, or upload the Word file.",
            "pdf_lost_pages",
            name=name_of(display),
            declared=declared,
            count=len(pages),
        )


def _read_pages(pages: Any, trouble: _TroubleCounter, display: str, max_chars: int | None) -> _PageReads:
    reads = _PageReads()
    total = 0
    for number, page in enumerate(pages, start=1):
        before = trouble.count
        # Some embedded CID fonts come out with a NUL before every character; NUL is never text.
        text = (page.extract_text() or "").replace("\x00", "")
        reads.texts.append(text)
        total += len(text)
        if max_chars is not None and total > max_chars:
            raise OverBudget(display, limit="chars", amount=max_chars, format="pdf")
        # pypdf, being lenient, skips a stream it cannot decode and only logs it; a page that then
        # reads as empty was not empty, and a page that reads as half may be missing the rest.
        if not _contents_intact(page):
            reads.damaged.append(number)
        elif trouble.count > before:
            (reads.shaky if text.strip() else reads.damaged).append(number)
        elif not text.strip():
            # Empty is only believable for a page that draws no text at all; one whose content says
            # "show this string" yet yields nothing has lost its fonts or streams to damage.
            if _draws_text(page):
                reads.damaged.append(number)
            elif _has_images(page):
                reads.image_only.append(number)
    return reads


def _refuse_unreadable(reads: _PageReads, display: str) -> None:
    if reads.damaged:
        raise IngestError(
            f"{_pages_phrase(reads.damaged)} of {display} {_verb(reads.damaged)} damaged and cannot be read; "
            "open the PDF and save or print it to a new file, or upload the Word file.",
            "pdf_damaged_pages",
            name=name_of(display),
            pages=_page_list(reads.damaged),
        )
    garbled = [number for number, text in enumerate(reads.texts, start=1) if _unreadable_share(text) > 0.3]
    if garbled:
        raise IngestError(
            f"The text layer of {display} is unreadable on {_pages_phrase(garbled).lower()} (its fonts carry "
            "no character map); upload the Word file or a PDF exported from it.",
            "pdf_garbled",
            name=name_of(display),
            pages=_page_list(garbled),
        )
    if not any(text.strip() for text in reads.texts):
        raise IngestError(
            f"{display} has no text layer (it is a scanned document); run OCR on it or upload the Word file.",
            "pdf_no_text",
            name=name_of(display),
        )


def _warnings(reads: _PageReads, display: str) -> tuple[str, ...]:
    warnings: list[str] = []
    odd = [number for number, text in enumerate(reads.texts, start=1) if _unreadable_share(text) > 0]
    if odd:
        warnings.append(
            f"{_pages_phrase(odd)} of {display} {_verb(odd, 'has', 'have')} characters that could not be "
            "decoded; check the citations there by eye."
        )
    if reads.image_only:
        warnings.append(
            f"{_pages_phrase(reads.image_only)} of {display} {_verb(reads.image_only, 'has', 'have')} no "
            "text layer (scanned images); citations on them were not read."
        )
    if reads.shaky:
        warnings.append(
            f"{_pages_phrase(reads.shaky)} of {display} {_verb(reads.shaky, 'is', 'are')} partly damaged; "
            "some of the text there may be missing, so check those pages by eye."
        )
    return tuple(warnings)


class _TroubleCounter(logging.Handler):
    """Counts the problems pypdf logs (instead of raising) while this thread reads one PDF."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.thread = threading.get_ident()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.count += 1


def _verb(numbers: list[int], one: str = "is", many: str = "are") -> str:
    return one if len(numbers) == 1 else many


def _unlock(reader: PdfReader, display: str) -> None:
    protected = (
        f"{display} is password-protected; remove the password (or print it to a new PDF) and upload again."
    )
    try:
        # Many PDFs are "encrypted" only to restrict printing or copying and open with an empty password.
        unlocked = reader.decrypt("")
    except Exception:  # pypdf without the `cryptography` package cannot even try AES
        raise IngestError(protected, "pdf_protected", name=name_of(display)) from None
    if not unlocked:
        raise IngestError(protected, "pdf_protected", name=name_of(display))


def _page_labels(reader: PdfReader, count: int) -> list[str]:
    try:
        labels = [str(label) for label in reader.page_labels]
    except Exception:  # a broken /PageLabels tree should not cost the review; fall back to page numbers
        return [str(number) for number in range(1, count + 1)]
    if len(labels) != count:
        return [str(number) for number in range(1, count + 1)]
    return labels


def _declared_page_count(reader: PdfReader) -> int | None:
    try:
        trailer: Any = reader.trailer  # pypdf's types do not model indexing through references
        return int(trailer["/Root"]["/Pages"]["/Count"])
    except Exception:  # no usable /Count: nothing to compare against
        return None


# Far more than any page's drawing instructions; past this a stream is treated as damaged (or a bomb).
_MAX_CONTENT_BYTES = 64 * 1024 * 1024


def _contents_intact(page: PageObject) -> bool:
    """Whether every content stream of the page is whole.

    pypdf recovers what it can from a corrupt or cut-short Flate stream and says nothing, so a page can
    come out with its first lines only. zlib knows better: an intact stream inflates without error to
    its end marker.
    """
    if "/Contents" not in page:
        return True  # a blank page
    contents: Any = page["/Contents"].get_object()
    streams = [item.get_object() for item in contents] if isinstance(contents, list) else [contents]
    for stream in streams:
        if not isinstance(stream, StreamObject):
            return False
        filters: Any = stream.get("/Filter")
        if isinstance(filters, list) and len(filters) == 1:
            filters = filters[0]
        if filters != "/FlateDecode":
            continue  # other filters are rare for page content, and pypdf reports their failures
        raw = getattr(stream, "_data", b"")  # the encoded bytes; pypdf has no public accessor
        if not _inflates_completely(raw if isinstance(raw, bytes) else b""):
            return False
    return True


def _inflates_completely(raw: bytes) -> bool:
    inflater = zlib.decompressobj()
    produced = 0
    pending = raw
    try:
        while pending and not inflater.eof:
            produced += len(inflater.decompress(pending, 1 << 20))
            if produced > _MAX_CONTENT_BYTES:
                return False
            pending = inflater.unconsumed_tail
    except zlib.error:
        return False
    return inflater.eof


# A text-showing operator with a non-empty string operand: "(…) Tj", "<…> Tj", "[…] TJ", "(…) '".
_SHOWS_TEXT = re.compile(rb"\((?:[^()\\]|\\.)+\)\s*(?:Tj|'|\")|<[0-9A-Fa-f\s]+>\s*Tj|\]\s*TJ")


def _draws_text(page: PageObject) -> bool:
    contents = page.get_contents()
    if contents is None:
        return False
    data = contents.get_data()
    if _SHOWS_TEXT.search(data):
        return True
    # Content streams are operators and numbers in ASCII. Mostly binary means a stream whose filter
    # was lost to damage, read raw; whatever it drew, nothing of it can be read.
    binary = sum(1 for byte in data[:4096] if byte > 126 or (byte < 32 and byte not in b"\t\n\r\f"))
    return bool(data) and binary > 0.3 * min(len(data), 4096)


def _has_images(page: PageObject) -> bool:
    resources = page.get("/Resources")
    if resources is None:
        return False
    resources = resources.get_object()
    xobjects = resources.get("/XObject") if hasattr(resources, "get") else None
    return bool(xobjects is not None and len(xobjects.get_object()) > 0)


def _unreadable_share(text: str) -> float:
    visible = [char for char in text if not char.isspace()]
    if not visible:
        return 0.0
    bad = sum(1 for char in visible if char == "\ufffd" or unicodedata.category(char) in ("Co", "Cc", "Cs"))
    return bad / len(visible)


def _assemble(texts: list[str], labels: list[str]) -> tuple[str, tuple[TextPart, ...]]:
    pages = [dehyphenate(text) for text in texts]
    joins = ["\n"] * len(pages)
    # A word hyphenated across a page break: pages usually end in a running footer, but when the text
    # runs straight on, join it like any other line end.
    previous = None
    for index, page in enumerate(pages):
        if not page.strip():
            continue
        if previous is not None:
            tail, head = pages[previous].rstrip(), page.lstrip()
            if re.search(r"[^\W\d_][-\u00ad\u2010]$", tail) and head[:1].islower():
                pages[previous], pages[index], joins[index] = tail[:-1], head, ""
        previous = index
    builder = PartsBuilder()
    first = True
    for index, page in enumerate(pages):
        if not page.strip():
            continue
        if not first:
            builder.separator(joins[index])
        first = False
        number = str(index + 1)
        origin = f"page {number}" if labels[index] == number else f"page {number} (numbered {labels[index]})"
        builder.add(page, origin)
    return builder.build()


def _page_list(numbers: list[int]) -> str:
    """The pages as a reader of any language writes them: "3, 5–7"."""
    return _pages_phrase(numbers).split(" ", 1)[1]


def _pages_phrase(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"Page {numbers[0]}"
    ranges: list[str] = []
    start = end = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == end + 1:
            end = number
            continue
        ranges.append(str(start) if start == end else f"{start}–{end}")
        if number is not None:
            start = end = number
    return "Pages " + ", ".join(ranges)

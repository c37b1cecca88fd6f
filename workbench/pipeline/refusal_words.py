"""Why a file cannot be reviewed, in the reader's language.

The engine (verifier.ingest) refuses a file with an English sentence for the CLI and the logs and, beside
it, a key and parameters (`IngestError.key`, `.params`); the form and the failed review's page say the same
thing from these in the active language. A refusal without a key (none is raised for an upload) keeps the
engine's sentence.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from verifier.ingest import IngestError

_MESSAGES = {
    "pasted_empty": gettext_lazy("The pasted text is empty; paste the draft you want reviewed."),
    "empty": gettext_lazy("%(name)s is empty; there is nothing to review."),
    "no_text": gettext_lazy("%(name)s contains no text; there is nothing to review."),
    "too_big": gettext_lazy(
        "%(name)s is %(size)s, more than the %(limit)s limit; split the draft or remove embedded images and "
        "upload it again."
    ),
    "mismatch": gettext_lazy("%(name)s is named like %(wanted)s but is really %(actual)s; %(advice)s"),
    "undecodable": gettext_lazy(
        "%(name)s is not readable text in any encoding we recognise (UTF-8, UTF-16, Windows-1250, "
        "ISO-8859-2, Windows-1252, EUC-KR); save it as UTF-8 or upload the Word file."
    ),
    "binary_text": gettext_lazy(
        "%(name)s contains binary data, not text; check that you picked the right file."
    ),
    "docx_unopenable": gettext_lazy(
        "%(name)s is damaged or is not a Word document that can be opened; open it in Word, save it again as "
        ".docx and upload the new file."
    ),
    "docx_no_body": gettext_lazy(
        "%(name)s has no document body Word could show; open it in Word, save it again as .docx and upload "
        "the new file."
    ),
    "docx_structure": gettext_lazy(
        "%(name)s has a structure Word does not produce and cannot be read; open it in Word, save it again "
        "as .docx and upload the new file."
    ),
    "zip_damaged": gettext_lazy(
        "%(name)s is damaged (its zip container is broken); save it again in Word and upload it again."
    ),
    "zip_bomb": gettext_lazy(
        "%(name)s unpacks to far more data than a Word document holds (a “zip bomb”); it was not opened."
    ),
    "zip_members": gettext_lazy("%(name)s holds %(count)s files inside; a Word document has far fewer."),
    "docx_encrypted": gettext_lazy("%(name)s is encrypted; remove the password in Word and upload it again."),
    "docx_dtd": gettext_lazy(
        "%(name)s contains XML with a document type declaration, which Word never writes and which can hide "
        "an attack; it was not opened."
    ),
    "pdf_damaged": gettext_lazy(
        "%(name)s is damaged and its text cannot be read; open it and save or print it to a new PDF, or "
        "upload the Word file."
    ),
    "pdf_no_pages": gettext_lazy("%(name)s has no pages; check that you picked the right file."),
    "pdf_too_many_pages": gettext_lazy(
        "%(name)s has %(count)s pages, more than the %(limit)s one review reads."
    ),
    "pdf_lost_pages": gettext_lazy(
        "%(name)s is damaged: it should have %(declared)s pages but only %(count)s can be read; open it and "
        "save or print it to a new PDF, or upload the Word file."
    ),
    "pdf_damaged_pages": gettext_lazy(
        "Pages %(pages)s of %(name)s are damaged and cannot be read; open the PDF and save or print it to a "
        "new file, or upload the Word file."
    ),
    "pdf_garbled": gettext_lazy(
        "The text layer of %(name)s cannot be read on pages %(pages)s (its fonts carry no character map); "
        "upload the Word file or a PDF exported from it."
    ),
    "pdf_no_text": gettext_lazy(
        "%(name)s has no text layer (it is a scanned document); run OCR on it or upload the Word file."
    ),
    "pdf_protected": gettext_lazy(
        "%(name)s is password-protected; remove the password (or print it to a new PDF) and upload it again."
    ),
    "reader_stopped": gettext_lazy(
        "%(name)s could not be read (the reader stopped unexpectedly); save it again as .docx or PDF/A and "
        "upload that."
    ),
}

_NOTES_DAMAGED = {
    "footnote": gettext_lazy(
        "The footnotes of %(name)s are damaged and cannot be read; save it again in Word."
    ),
    "endnote": gettext_lazy(
        "The endnotes of %(name)s are damaged and cannot be read; save it again in Word."
    ),
}

_UNSUPPORTED = gettext_lazy(
    "“%(extension)s” files cannot be reviewed (%(name)s); upload the draft as .txt, .md, .docx or .pdf."
)
_UNSUPPORTED_OLD = gettext_lazy(
    "“%(extension)s” files cannot be reviewed (%(name)s); open it in Word, save it as .docx and upload that."
)
_NO_EXTENSION = gettext_lazy(
    "Files without an extension cannot be reviewed (%(name)s); upload the draft as .txt, .md, .docx or .pdf."
)
_OLD_FORMATS = (".doc", ".rtf", ".odt", ".pages")

# What a file is named like (its extension) and what its bytes really are (verifier.ingest.files.sniff)
_NAMED_LIKE = {
    ".txt": gettext_lazy("a plain text file"),
    ".md": gettext_lazy("a Markdown text file"),
    ".docx": gettext_lazy("a Word (.docx) document"),
    ".pdf": gettext_lazy("a PDF document"),
}
_REALLY = {
    "pdf": gettext_lazy("a PDF document"),
    "docx": gettext_lazy("a Word (.docx) document"),
    "doc-encrypted": gettext_lazy("a password-protected Word document"),
    "doc": gettext_lazy("an old-format Word (.doc) or other Office file"),
    "xlsx": gettext_lazy("an Excel workbook"),
    "pptx": gettext_lazy("a PowerPoint presentation"),
    "odt": gettext_lazy("an OpenDocument file"),
    "zip": gettext_lazy("a zip archive"),
    "rtf": gettext_lazy("an RTF document"),
    "image": gettext_lazy("an image"),
    "html": gettext_lazy("a web page (HTML)"),
    "text": gettext_lazy("a plain text file"),
    "binary": gettext_lazy("unreadable bytes (no text and no known file format)"),
}
_ADVICE = {
    "html": gettext_lazy(
        "download the real file again (this one is probably a browser page or a failed download)."
    ),
    "doc-encrypted": gettext_lazy(
        "remove the password in Word (File → Info → Protect Document) and upload it again."
    ),
    "doc": gettext_lazy("open it in Word and save it as .docx, then upload it again."),
    "odt": gettext_lazy("save it as .docx and upload it again."),
    "rtf": gettext_lazy("save it as .docx and upload it again."),
    "binary": gettext_lazy("the file is damaged or is not your draft: check that you picked the right file."),
}
_CHECK_THE_FILE = gettext_lazy("check that you picked the right file.")
_RENAME = gettext_lazy("rename it to .txt if it is your draft, or check that you picked the right file.")
_THE_FILE = pgettext_lazy("a refused upload without a name", "The file")


def refusal_text(exc: IngestError) -> str:
    """`exc` in the active language; the engine's English sentence only for a refusal without a key."""
    return refusal_from(exc.key, exc.params) or str(exc)


def refusal_from(key: str, params: Mapping[str, str | int]) -> str:
    """The refusal `key` with `params` in the active language, or "" for a key this module does not know
    (a refusal stored before keys were kept: its English sentence is all there is)."""
    name = f"“{params['name']}”" if params.get("name") else str(_THE_FILE)
    values: dict[str, str] = {"name": name}
    for field in ("count", "limit", "declared"):
        if isinstance(params.get(field), int):
            values[field] = number_format(params[field], force_grouping=True)
    if key == "unsupported":
        return _unsupported(str(params.get("extension") or ""), values)
    if key == "mismatch":
        return _mismatch(str(params.get("extension") or ""), str(params.get("actual") or ""), values)
    if key == "too_big":
        values["size"] = _megabytes(int(params.get("size") or 0))
        values["limit"] = _megabytes(int(params.get("limit") or 0))
    if key == "docx_notes_damaged":
        return str(_NOTES_DAMAGED.get(str(params.get("kind")), _NOTES_DAMAGED["footnote"])) % values
    if key in ("pdf_damaged_pages", "pdf_garbled"):
        values["pages"] = str(params.get("pages") or "")
    message = _MESSAGES.get(key)
    return str(message) % values if message is not None else ""


def _unsupported(extension: str, values: dict[str, str]) -> str:
    if not extension:
        return str(_NO_EXTENSION) % values
    chosen = _UNSUPPORTED_OLD if extension in _OLD_FORMATS else _UNSUPPORTED
    return str(chosen) % {**values, "extension": extension}


def _mismatch(extension: str, actual: str, values: dict[str, str]) -> str:
    if actual == "text" and extension in (".docx", ".pdf"):
        advice = _RENAME
    else:
        advice = _ADVICE.get(actual, _CHECK_THE_FILE)
    return str(_MESSAGES["mismatch"]) % {
        **values,
        "wanted": _NAMED_LIKE.get(extension, extension),
        "actual": _REALLY.get(actual, _REALLY["binary"]),
        "advice": advice,
    }


def _megabytes(size: int) -> str:
    if size < 1024 * 1024:
        return gettext("%(n)s bytes") % {"n": number_format(size, force_grouping=True)}
    return gettext("%(n)s MB") % {"n": number_format(round(size / (1024 * 1024), 1), decimal_pos=1)}

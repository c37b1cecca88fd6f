"""Draft files → one text, with a map from every stretch of that text back to where it came from.

    ingest_text(text, name) / ingest_path(path) / ingest_bytes(data, filename) -> IngestedDocument

Every way a file can be unusable ends in one `IngestError` whose message is a sentence a lawyer can act on.
`base` holds the records and the error; `files` sniffs, decodes and dispatches; `docx` and `pdf` are the
format readers (python-docx and pypdf are imported only when such a file comes).
"""

from verifier.ingest.base import IngestedDocument, IngestError, PartsBuilder, TextPart
from verifier.ingest.files import (
    DEFAULT_MAX_BYTES,
    SUPPORTED_EXTENSIONS,
    decode_text,
    ingest_bytes,
    ingest_path,
    ingest_text,
    sniff,
)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "SUPPORTED_EXTENSIONS",
    "IngestError",
    "IngestedDocument",
    "PartsBuilder",
    "TextPart",
    "decode_text",
    "ingest_bytes",
    "ingest_path",
    "ingest_text",
    "sniff",
]

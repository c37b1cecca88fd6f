"""The records ingestion produces, and the error it raises: what the format readers build on.

`IngestedDocument.text` is all the verifier ever sees; its `parts` map every stretch back to where it came
from ("footnote 3", "page 4") so a finding can say where the citation is in the uploaded file.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field


class IngestError(ValueError):
    """The file cannot be reviewed. `str(error)` is one sentence meant for the lawyer who uploaded it, in
    English (the CLI's and the logs' words); `key` and `params` say the same thing as data, so that the
    workbench can say it in the reader's language (workbench/pipeline/refusal_words.py). An error raised
    without a key is one no reader of a user's upload raises (a path that does not exist, say)."""

    def __init__(self, message: str, key: str = "", **params: str | int) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, str | int] = params


def name_of(display: str) -> str:
    """The file's name inside a display name (“memo.docx”), or "" for the display name of a nameless file."""
    return display[1:-1] if display.startswith("“") and display.endswith("”") else ""


class OverBudget(IngestError):
    """Reading the file needs more than one review may spend (`verifier.ingest.sandbox.Budget`).

    `limit` says which budget: "time" (`amount` seconds of CPU or of the clock), "memory" (`amount` MB) or
    "chars" (`amount` characters of extracted text); `format` is what the file is ("pdf", "docx", "txt"…),
    so that the advice can fit it. `str(error)` is the English sentence; the workbench renders its own in
    the reader's language from these fields."""

    def __init__(self, display: str, *, limit: str, amount: int, format: str) -> None:
        self.display = display
        self.limit = limit
        self.amount = amount
        self.format = format
        super().__init__(over_budget_sentence(display, limit, amount, format))


def over_budget_sentence(display: str, limit: str, amount: int, format: str) -> str:
    if limit == "chars":
        return (
            f"{display} holds more than {amount:,} characters of text, the most one review reads; split the "
            f"draft into parts of at most {amount:,} characters and review each part."
        )
    advice = {
        "pdf": "export it again as PDF/A or upload the .docx",
        "docx": "open it in Word, save it again as .docx (or as PDF/A) and upload that, or split it",
    }.get(format, "split the draft into smaller parts")
    if limit == "memory":
        return f"{display} could not be read within the {amount:,} MB memory budget; {advice}."
    return f"{display} could not be read within {amount:,} s; {advice}."


@dataclass(frozen=True, slots=True)
class TextPart:
    start: int
    end: int  # exclusive, into IngestedDocument.text
    origin: str  # "line 3", "paragraph 12", "table 1 row 2", "footnote 3", "endnote 1", "page 4"


@dataclass(frozen=True, slots=True)
class IngestedDocument:
    name: str  # the file name as given: for display only, never used as a path
    text: str
    sha256: str  # of the original bytes (for pasted text: of its UTF-8 encoding)
    format: str  # "txt" | "md" | "docx" | "pdf" | "pasted"
    parts: tuple[TextPart, ...]
    # Things a lawyer must know that do not stop the review, e.g. "page 5 has no text layer".
    warnings: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        previous_end = 0
        for part in self.parts:
            if not previous_end <= part.start <= part.end <= len(self.text):
                raise ValueError(
                    f"parts must be ordered, non-overlapping and inside the text; {part!r} is not "
                    f"(previous part ends at {previous_end}, text has {len(self.text)} characters)"
                )
            previous_end = part.end

    def origin_at(self, offset: int) -> str | None:
        """Where the character at `offset` came from, or None for a separator the extraction added."""
        index = bisect_right(self.parts, offset, key=lambda part: part.start) - 1
        if index >= 0 and offset < self.parts[index].end:
            return self.parts[index].origin
        return None


class PartsBuilder:
    """Concatenates extracted pieces while recording the origin of each; used by the format readers."""

    def __init__(self) -> None:
        self._chunks: list[str] = []
        self._length = 0
        self._parts: list[TextPart] = []

    @property
    def length(self) -> int:
        return self._length

    def separator(self, text: str) -> None:
        """Text the extraction adds between pieces (a newline, a blank line); it belongs to no part."""
        self._chunks.append(text)
        self._length += len(text)

    def add(self, text: str, origin: str) -> None:
        if not text:
            return
        self._chunks.append(text)
        self._parts.append(TextPart(self._length, self._length + len(text), origin))
        self._length += len(text)

    def build(self) -> tuple[str, tuple[TextPart, ...]]:
        return "".join(self._chunks), tuple(self._parts)

"""Whatever is uploaded, ingest either returns a consistent document or raises IngestError, and it does
so quickly: a traceback, a hang or a half-built document would each end up in front of a lawyer."""

from __future__ import annotations

import io
import time
import zipfile
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.verifier.ingest.helpers import draft
from verifier.ingest import SUPPORTED_EXTENSIONS, IngestedDocument, IngestError, ingest_bytes, ingest_text

# Per call, on random input of a few kilobytes; real drafts of megabytes are timed in the report.
SECONDS_PER_CALL = 5.0
FUZZ = settings(
    max_examples=120,
    deadline=timedelta(seconds=SECONDS_PER_CALL),
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FILENAMES = st.sampled_from([f"draft{ext}" for ext in SUPPORTED_EXTENSIONS] + ["DRAFT.PDF", "a.b.docx", "x"])
MAGIC = st.sampled_from(
    [
        b"",
        b"%PDF-1.7\n",
        b"PK\x03\x04",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        b"\xef\xbb\xbf",
        b"\xff\xfe",
        b"<html>",
    ]
)
SAMPLES = [
    draft(name)
    for name in ("memo_footnotes.docx", "memo_tracked.docx", "memo_pl.pdf", "memo_ko.pdf", "memo_cp1250.txt")
]


def ingest_checked(data: bytes, filename: str) -> IngestedDocument | None:
    """Ingest, allowing only IngestError, and check the document's map if one comes back."""
    started = time.monotonic()
    try:
        document = ingest_bytes(data, filename)
    except IngestError as refusal:
        message = str(refusal)
        assert message
        assert "\n" not in message
        document = None
    assert time.monotonic() - started < SECONDS_PER_CALL
    if document is not None:
        assert document.text.strip()
        for part in document.parts:
            assert 0 <= part.start < part.end <= len(document.text)
            assert document.origin_at(part.start) == part.origin
            assert document.origin_at(part.end - 1) == part.origin
    return document


@FUZZ
@given(data=st.binary(max_size=4096), magic=MAGIC, filename=FILENAMES)
def test_it_never_raises_anything_but_ingest_error_on_random_bytes(data, magic, filename):
    ingest_checked(magic + data, filename)


@FUZZ
@given(
    sample=st.sampled_from(SAMPLES),
    edits=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.binary(min_size=1, max_size=8)), max_size=4
    ),
    cut=st.floats(0.05, 1),
    filename=FILENAMES,
)
def test_it_never_raises_anything_but_ingest_error_on_damaged_real_drafts(sample, edits, cut, filename):
    data = bytearray(sample)
    for position, garbage in edits:
        at = int(position * len(data))
        data[at : at + len(garbage)] = garbage
    ingest_checked(bytes(data[: max(1, int(len(data) * cut))]), filename)


WORD_PARTS = st.sampled_from(
    [
        "[Content_Types].xml",
        "_rels/.rels",
        "word/document.xml",
        "word/_rels/document.xml.rels",
        "word/footnotes.xml",
    ]
)
XMLISH = st.one_of(
    st.binary(max_size=300),
    st.text(alphabet="<>/=\"' wpt:rbodyxmlns!DOCTYPE&;-", max_size=300).map(str.encode),
)


@FUZZ
@given(members=st.dictionaries(WORD_PARTS, XMLISH, max_size=5))
def test_it_never_raises_anything_but_ingest_error_on_zips_posing_as_word_files(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    ingest_checked(out.getvalue(), "memo.docx")


@FUZZ
@given(text=st.text(max_size=2000), extension=st.sampled_from([".txt", ".md"]))
def test_it_returns_utf8_text_exactly_as_written(text, extension):
    document = ingest_checked(text.encode("utf-8"), f"memo{extension}")
    written = text.removeprefix("\ufeff")  # a leading U+FEFF is the byte order mark, not text
    if document is None:
        assert not written.strip() or "\x00" in written
    else:
        assert document.text == written


@FUZZ
@given(text=st.text(max_size=2000))
def test_it_keeps_pasted_text_exactly_and_maps_every_line(text):
    try:
        document = ingest_text(text)
    except IngestError:
        assert not text.strip()
        return
    assert document.text == text
    covered = sum(part.end - part.start for part in document.parts)
    assert covered == len(text)  # for text, every character has a line

"""PDF drafts: the text layer page by page, words hyphenated at a line end joined, and every PDF that
would give an empty or partial review (scanned, password-protected, damaged, not a PDF) refused."""

from __future__ import annotations

import io
import re

import pytest

from tests.verifier.ingest.helpers import civil_code_article, draft, judgment_passage
from verifier.ingest import IngestedDocument, IngestError, ingest_bytes
from verifier.ingest.pdf import dehyphenate

HEIRS = judgment_passage("W ocenie Sądu Apelacyjnego, osobami", "Prawa bankowego.")
DISMISSED = judgment_passage("Mając powyższe na uwadze", "art. 385 kpc.")
JUDGE = judgment_passage("SSA Irena Różańska", "(spr.)")
ART_750 = civil_code_article("750")


@pytest.fixture(scope="module")
def polish() -> IngestedDocument:
    return ingest_bytes(draft("memo_pl.pdf"), "memo_pl.pdf")


def flat(text: str) -> str:
    """Line breaks read as spaces: how a sentence broken over lines compares with the corpus."""
    return re.sub(r"\s*\n\s*", " ", text)


@pytest.mark.parametrize(
    ("expected", "origin"),
    [
        (HEIRS, "page 1"),  # "upraw-" + "nionymi" joined back into "uprawnionymi"
        ("Sygn. akt III AUa 271/12", "page 2"),
        (DISMISSED, "page 2"),
    ],
)
def test_it_reads_the_text_layer_and_says_which_page_a_sentence_is_on(polish, expected, origin):
    text = flat(polish.text)
    assert expected in text
    assert polish.origin_at(polish.text.index(expected.split()[0] + " " + expected.split()[1])) == origin


def test_it_leaves_a_hyphen_before_a_capital_letter_alone(polish):
    # "Różańska-" at a line end, "Dorosz" on the next: a double surname, not a hyphenated word.
    assert JUDGE.replace("-", "-\n") in polish.text


def test_it_joins_a_word_hyphenated_across_the_page_break(polish):
    assert "wypłaconego świadczenia za okres" in flat(polish.text)
    assert polish.origin_at(polish.text.index("świadczenia")) == "page 1"
    assert polish.origin_at(polish.text.index("za okres od 1 czerwca")) == "page 2"


def test_it_reads_a_korean_pdf(polish):
    korean = ingest_bytes(draft("memo_ko.pdf"), "memo_ko.pdf")
    assert ART_750 in flat(korean.text)
    assert "\x00" not in korean.text
    assert korean.origin_at(korean.text.index("민법 제750조")) == "page 1"


def test_it_opens_a_pdf_locked_only_against_printing_and_copying(polish):
    assert ingest_bytes(draft("owner_only.pdf"), "owner_only.pdf").text == polish.text


def test_it_warns_which_pages_are_scans_when_others_have_text():
    document = ingest_bytes(draft("partly_scanned.pdf"), "partly_scanned.pdf")
    assert [part.origin for part in document.parts] == ["page 1", "page 4"]
    assert document.warnings == (
        "Pages 2–3 of “partly_scanned.pdf” have no text layer (scanned images); "
        "citations on them were not read.",
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("osobami upraw-\nnionymi do wypłaty", "osobami uprawnionymi do wypłaty"),
        ("osobami upraw- \n  nionymi", "osobami uprawnionymi"),  # stray spaces around the break
        ("świad\u00ad\nczenia", "świadczenia"),  # soft hyphen
        ("손해-\n배상", "손해-\n배상"),  # Hangul has no case: never a line-end hyphenation
        ("SSA Irena Różańska-\nDorosz", "SSA Irena Różańska-\nDorosz"),  # capital after: a real hyphen
        ("II CSK 123/19 -\nnastępnie", "II CSK 123/19 -\nnastępnie"),  # a dash after a space, not a hyphen
        ("art. 123-\n125 k.c.", "art. 123-\n125 k.c."),  # digits: a range, not a word
        ("Skarb Państwa-\nStation Fiscus", "Skarb Państwa-\nStation Fiscus"),
        ("biało-\nczerwony", "białoczerwony"),  # the accepted cost: a compound split at its own hyphen
    ],
)
def test_it_repairs_only_line_end_hyphenation_followed_by_a_lowercase_letter(text, expected):
    assert dehyphenate(text) == expected


def _truncated() -> bytes:
    data = draft("memo_pl.pdf")
    return data[: len(data) * 3 // 4]


def _stream_scrambled(index: int) -> bytes:
    """memo_pl.pdf with 30 bytes of its `index`-th stream XOR-ed: a disk or transfer error."""
    data = bytearray(draft("memo_pl.pdf"))
    start = [match.end() for match in re.finditer(rb"stream\r?\n", bytes(data))][index]
    for offset in range(start + 10, start + 40):
        data[offset] ^= 0x5A
    return bytes(data)


@pytest.mark.parametrize(
    ("make", "message_contains"),
    [
        pytest.param(
            lambda: draft("scanned.pdf"),
            "has no text layer (it is a scanned document); run OCR on it or upload the Word file",
            id="scanned",
        ),
        pytest.param(lambda: draft("password.pdf"), "is password-protected", id="password"),
        pytest.param(_truncated, "is damaged and its text cannot be read", id="truncated"),
        pytest.param(lambda: _stream_scrambled(0), "Page 1 of “memo.pdf” is damaged", id="page 1 stream"),
        pytest.param(
            lambda: _stream_scrambled(1), "should have 2 pages but only 1 can be read", id="page lost"
        ),
        pytest.param(lambda: _stream_scrambled(2), "Page 2 of “memo.pdf” is damaged", id="page 2 stream"),
        pytest.param(
            lambda: _stream_scrambled(3), "The text layer of “memo.pdf” is unreadable", id="font map"
        ),
        pytest.param(
            lambda: b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Expired</body></html>",
            "is named like a PDF document but is really a web page (HTML); download the real file again",
            id="html",
        ),
        pytest.param(
            lambda: "\n\n  <html lang='pl'><body>Brak dostępu</body></html>".encode(),
            "really a web page (HTML)",
            id="bare html",
        ),
        pytest.param(lambda: draft("memo_tracked.docx"), "is really a Word (.docx) document", id="docx"),
        pytest.param(lambda: DISMISSED.encode(), "is really a plain text file; rename it to .txt", id="text"),
        pytest.param(lambda: b"%PDF-1.7\n" + bytes(2000), "is damaged", id="header only"),
        pytest.param(lambda: b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF", "is damaged", id="no pages"),
    ],
)
def test_it_refuses_a_pdf_that_would_give_an_empty_or_partial_review(make, message_contains):
    with pytest.raises(IngestError) as refusal:
        ingest_bytes(make(), "memo.pdf")
    message = str(refusal.value)
    assert message_contains in message
    assert "memo.pdf" in message
    assert "\n" not in message


def _content_cut_short(fraction: float) -> bytes:
    """memo_pl.pdf with page 1's compressed content stream cut to `fraction` of its length.

    pypdf alone reads such a page as empty (0.2) or as its first few lines (0.7), without complaint.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, NumberObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(draft("memo_pl.pdf"))))
    stream = writer.pages[0]["/Contents"].get_object()
    stream._data = stream._data[: int(len(stream._data) * fraction)]
    stream[NameObject("/Length")] = NumberObject(len(stream._data))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize("fraction", [0.2, 0.5, 0.7, 0.95])
def test_it_refuses_a_page_whose_text_was_cut_short_instead_of_reviewing_half_of_it(fraction):
    with pytest.raises(IngestError, match=r"“memo\.pdf” is damaged|Page 1 of “memo\.pdf” is damaged"):
        ingest_bytes(_content_cut_short(fraction), "memo.pdf")

"""Every refusal of an upload carries a key and parameters beside its English sentence, so the workbench can
say it in the reader's language; they survive the child process that reads a file under a budget."""

from __future__ import annotations

import random

import pytest

from tests.verifier.ingest.helpers import DRAFTS
from verifier.ingest import IngestError, ingest_bytes
from verifier.ingest.sandbox import read_within

RANDOM_BYTES = random.Random(28).randbytes(3000)


@pytest.mark.parametrize(
    ("name", "data", "key", "params"),
    [
        (
            "memo.docx",
            RANDOM_BYTES,
            "mismatch",
            {"name": "memo.docx", "extension": ".docx", "actual": "binary"},
        ),
        (
            "memo.pdf",
            b"art. 58 k.c.\n",
            "mismatch",
            {"name": "memo.pdf", "extension": ".pdf", "actual": "text"},
        ),
        ("memo.xyz", b"art. 58 k.c.", "unsupported", {"name": "memo.xyz", "extension": ".xyz"}),
        ("memo.txt", b"", "empty", {"name": "memo.txt"}),
        ("memo.txt", b"   \n", "no_text", {"name": "memo.txt"}),
        ("memo.docx", b"PK\x03\x04" + b"\x00garbage" * 100, "zip_damaged", {"name": "memo.docx"}),
    ],
)
def test_it_gives_each_refusal_a_key_and_its_parameters(name, data, key, params):
    with pytest.raises(IngestError) as refused:
        ingest_bytes(data, name)
    assert refused.value.key == key
    assert refused.value.params == params


def test_it_keeps_the_key_of_a_refusal_made_in_the_child_process():
    with pytest.raises(IngestError) as refused:
        read_within((DRAFTS / "scanned.pdf").read_bytes(), "scan.pdf")
    assert refused.value.key == "pdf_no_text"
    assert refused.value.params == {"name": "scan.pdf"}
    assert "no text layer" in str(refused.value)

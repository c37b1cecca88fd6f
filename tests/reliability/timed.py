"""Run extraction on a generated input in a child process, so a catastrophic regex cannot hang the test run:
a regex stuck in C code ignores signals, but a child process can always be terminated."""

from __future__ import annotations

import time


def ingest_and_extract(unit: str, repeats: int, suffix: str = "") -> tuple[int, int, float]:
    """(characters, claims, seconds) for `unit * repeats + suffix`, through ingest and extraction."""
    from verifier.citations import extract_claims
    from verifier.ingest import IngestError, ingest_bytes

    text = unit * repeats + suffix
    started = time.monotonic()
    try:
        document = ingest_bytes(text.encode("utf-8"), "draft.txt")
    except IngestError:
        return len(text), -1, time.monotonic() - started
    claims = extract_claims(document.text, origin_at=document.origin_at)
    for claim in claims:
        start, end = claim.citation.span
        assert document.text[start:end] == claim.citation.text
    return len(text), len(claims), time.monotonic() - started

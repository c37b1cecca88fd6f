"""Figure 2: citation extraction speed over the corpus concatenated to 5 MB.

Baseline, same run, same text: one `finditer` pass of a single compiled regex for citation-shaped strings
in all three jurisdictions (Korean articles and case numbers, Polish articles and signatures, EU articles,
case numbers and CELEX/ECLI). It finds candidates only — no parsing, no anchors, no context — so it is the
floor of what any extractor has to pay to read the text once."""

from __future__ import annotations

import re
import statistics
import time

from bench.common import Figure
from bench.corpus import concatenated, corpus_texts
from verifier.citations import extract_citations

BASELINE_RE = re.compile(
    r"제\s?\d+조(?:의\s?\d+)?"
    r"|\d{2,4}\s?[가-힣]{1,3}\s?\d{1,7}"
    r"|\bart\.\s?\d+[a-z]?"
    r"|\b[IVX]{1,4}\s[A-Z][A-Za-z]{1,4}\s\d+/\d{2}"
    r"|\bArticle\s\d+(?:\(\d+\))*"
    r"|\b[CT]-\d+/\d{2}"
    r"|\bECLI:[A-Z]{2}:[A-Z]+:\d{4}:\d+"
    r"|\b3\d{4}[RLD]\d{4}"
)


def run(*, size_bytes: int = 5_000_000, repeats: int = 3) -> list[Figure]:
    text = concatenated(corpus_texts(), size_bytes)
    mb = len(text.encode("utf-8")) / 1e6
    extract_citations(text[:50_000])  # loads the name tables and compiles the patterns outside the timing
    times: list[float] = []
    count = 0
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        count = len(extract_citations(text))
        times.append(time.perf_counter() - start)
    t_extract = statistics.median(times)
    base_times: list[float] = []
    base_count = 0
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        base_count = sum(1 for _ in BASELINE_RE.finditer(text))
        base_times.append(time.perf_counter() - start)
    t_base = statistics.median(base_times)
    return [
        Figure(
            "extraction.mb_per_s",
            mb / t_extract,
            mb / t_base,
            "MB/s",
            "one finditer pass of a single compiled citation-shaped regex",
            target=">= 2 MB/s",
            met=mb / t_extract >= 2.0,
            note=f"{mb:.2f} MB in {t_extract:.2f} s (median of {len(times)}); baseline matched {base_count}",
        ),
        Figure(
            "extraction.citations_per_s",
            count / t_extract,
            base_count / t_base,
            "/s",
            "regex candidates per second",
            note=f"{count} citations extracted",
        ),
    ]


__all__ = ["BASELINE_RE", "run"]

"""Extraction stays linear: ten times the draft costs about ten times the CPU, and inputs built to make
regexes backtrack (a run of 제1조제1항, one endless line, quotes nested thousands deep) stay within a
per-call bound.

Times are CPU seconds of this process (time.process_time), so that a busy machine does not fail the test.
How fast extraction is belongs to `make bench` (figure `extraction.mb_per_s`); here the 1 MB draft is compared
with a tenth of itself measured in the same run, so a slower machine does not fail it and a quadratic pattern
(100 times the cost) does."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from verifier.citations import extract_citations, extract_claims

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus"
MB = 1_000_000
SIZE = 100_000
PATHOLOGICAL_BOUND = 3.0


def _cpu(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def _draft(size: int) -> str:
    parts = [
        CORPUS / "kr/precedents/민사/대법원/대법원_2015-07-23_2015다200111.md",
        CORPUS / "eu/case_law/C-300-21.md",
        CORPUS / "pl/judgments/common_courts/contentField41808.txt",
    ]
    text = "\n\n".join(p.read_text(encoding="utf-8") for p in parts)
    return (text * (size // len(text) + 1))[:size]


def test_a_megabyte_draft_costs_about_ten_times_a_tenth_of_it() -> None:
    text = _draft(MB)
    extract_citations(text[:1000])  # warm the compiled patterns
    # The least of a few runs: the one least disturbed by whatever else the machine does.
    tenth = min(_cpu(lambda: extract_citations(text[: MB // 10])) for _ in range(3))
    whole = min(_cpu(lambda: extract_citations(text)) for _ in range(2))
    # Linear is 10x; 20x leaves room for noise and is still far below the 100x of a quadratic pattern.
    assert whole < 20 * tenth, f"1 MB took {whole:.2f} s, 100 kB {tenth:.3f} s"


def _repeat(unit: str) -> str:
    return (unit * (SIZE // len(unit) + 1))[:SIZE]


PATHOLOGICAL = {
    "제1조제1항 run": _repeat("제1조제1항"),
    "spaced 제1조 제1항 run": _repeat("제1조 제1항 "),
    "one Hangul word": "가" * SIZE,
    "one line of digits": _repeat("1234567890"),
    "quotes nested deep": "„" * (SIZE // 2) + "”" * (SIZE // 2),
    "quotes never closed": _repeat('„“«‘「『"'),
    "article chain": _repeat("art. 5 § 1 pkt 2 lit. a, "),
    "signatures": _repeat("II CSK 123/19, "),
    "CELEX-like": _repeat("32016R0679 "),
    "Korean dates": _repeat("2023. 10. 1. "),
    "NBSP and statutes": _repeat("민법\u00a0제103조 "),
    "almost a case number": _repeat("2023다 "),
    "almost an ECLI": _repeat("ECLI:EU:C:"),
    "long run of spaces": " " * SIZE,
    "set-out quotes opened, never closed": _repeat("Article 5 provides:\n‘1. a point;\n"),
    "set-out quotes, each closed": _repeat("Article 5 provides:\n‘1. a point;\n2. another ‘x’.’\n"),
}


@pytest.mark.parametrize("text", PATHOLOGICAL.values(), ids=PATHOLOGICAL.keys())
def test_it_stays_linear_on_pathological_input(text: str) -> None:
    spent = _cpu(lambda: extract_citations(text))
    assert spent < PATHOLOGICAL_BOUND, f"extract_citations took {spent:.2f} s"
    spent = _cpu(lambda: extract_claims(text, lang="pl"))
    assert spent < PATHOLOGICAL_BOUND, f"extract_claims took {spent:.2f} s"


def test_it_reports_a_run_of_bare_articles_once() -> None:
    # 제1조제1항 a million times over is one unparseable run, not a million findings.
    cites = extract_citations(PATHOLOGICAL["제1조제1항 run"])
    assert len(cites) == 1
    assert cites[0].problem is not None

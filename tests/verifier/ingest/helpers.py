"""Shared helpers for the ingest tests (no tests here): the sample drafts, and real sentences from the corpus
that those drafts were built from, read from the corpus itself so the tests cannot drift from it."""

from __future__ import annotations

import html
import pathlib
import re

DATA = pathlib.Path(__file__).resolve().parents[2] / "data"
DRAFTS = DATA / "drafts"
CORPUS = DATA / "corpus"


def draft(name: str) -> bytes:
    return (DRAFTS / name).read_bytes()


def judgment_passage(start: str, end: str) -> str:
    """The passage of III AUa 271/12 (SA Wrocław) from `start` to `end` inclusive, as the corpus has it."""
    raw = (CORPUS / "pl/judgments/common_courts/contentField1961.txt").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", raw))
    index = text.index(start)
    return text[index : text.index(end, index) + len(end)]


def civil_code_article(number: str) -> str:
    """The text of 민법 제N조 from the corpus: the first non-empty line after its heading."""
    lines = (CORPUS / "kr/statutes/민법/법률.md").read_text(encoding="utf-8").splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith(f"##### 제{number}조 "))
    return next(line for line in lines[heading + 1 :] if line.strip())

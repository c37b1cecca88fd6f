"""Plain text out of the test corpus (tests/data/corpus), for building sources, drafts and big inputs.

Markup is stripped the way a lawyer would read the text: HTML judgments and the ELI act pages through lxml,
the SAOS JSON exports by their `textContent`. The SQL dump is left out: it holds the same kind of HTML as the
common-court files, escaped, and would mostly add escape noise."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from lxml import html as lxml_html

from bench.common import DATA_DIR

CORPUS = DATA_DIR / "corpus"
_BLANKS = re.compile(r"\n\s*\n\s*")


@dataclass(frozen=True)
class CorpusText:
    name: str  # path under tests/data/corpus, plus "#n" for one record of a JSON export
    language: str  # "ko", "pl", "en"
    text: str


def _language(rel: str) -> str:
    return {"kr": "ko", "pl": "pl", "eu": "en"}[rel.split("/", 1)[0]]


def _html_text(markup: str) -> str:
    if not markup.strip():
        return ""
    root = lxml_html.fromstring(markup)
    for bad in list(root.iter("script", "style")):
        parent = bad.getparent()
        if parent is not None:
            parent.remove(bad)
    text = "".join(str(piece) for piece in root.itertext())
    lines = [line.strip() for line in text.splitlines()]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()


def corpus_texts() -> list[CorpusText]:
    """Every readable text of the corpus, in a stable order."""
    out: list[CorpusText] = []
    for path in sorted(CORPUS.rglob("*")):
        if not path.is_file() or path.name == "PROVENANCE.md":
            continue
        rel = path.relative_to(CORPUS).as_posix()
        lang = _language(rel)
        raw = path.read_text(encoding="utf-8")
        if path.suffix == ".md" or rel.endswith("EU_document.txt"):
            out.append(CorpusText(rel, lang, raw))
        elif path.suffix in (".html", ".txt"):
            out.append(CorpusText(rel, lang, _html_text(raw)))
        elif path.suffix == ".json" and "judgments" in rel:
            for i, record in enumerate(json.loads(raw)):
                text = _html_text(str(record.get("textContent") or ""))
                if text:
                    out.append(CorpusText(f"{rel}#{i}", lang, text))
        elif path.suffix == ".json":
            data = json.loads(raw)
            body = "\n\n".join(
                f"Art. {p.get('section', '')}. {p.get('text', '')}" for p in data.get("provisions", [])
            )
            if body.strip():
                out.append(CorpusText(rel, lang, body))
    return out


def concatenated(texts: list[CorpusText], size_bytes: int) -> str:
    """The texts one after another (repeated if needed) until `size_bytes` of UTF-8, cut on a character."""
    if not texts:
        raise ValueError("no corpus texts to concatenate")
    parts: list[str] = []
    total = 0
    while total < size_bytes:
        for t in texts:
            chunk = t.text + "\n\n"
            parts.append(chunk)
            total += len(chunk.encode("utf-8"))
            if total >= size_bytes:
                break
    joined = "".join(parts).encode("utf-8")[:size_bytes]
    return joined.decode("utf-8", errors="ignore")


_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|(?<=다\.)\s*|\n+")


def sentences(text: str, *, min_chars: int = 60, max_chars: int = 220) -> list[str]:
    """Sentences of a text usable as quotes: whole (ending as a sentence does), of a quotable length,
    mostly letters."""
    found = []
    for piece in _SENTENCE_END.split(text):
        s = piece.strip().strip("*#>-|").strip()
        if not min_chars <= len(s) <= max_chars or s[-1] not in ".!?;:다":
            continue  # a line of a hyphenated paragraph ends mid-word: not a quotable sentence
        letters = sum(ch.isalpha() for ch in s)
        if letters < 0.6 * len(s) or '"' in s or "„" in s or "“" in s or "[" in s:
            continue
        found.append(s)
    return found

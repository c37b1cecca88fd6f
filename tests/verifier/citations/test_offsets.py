"""Every span indexes the ingested text exactly, over the whole corpus and under NFD, NBSP, soft hyphens and
U+2011 (the disguises legal text arrives in)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.citations import extract_citations, extract_claims

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus"
CORPUS_FILES = sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "PROVENANCE.md")
# Big files are checked on their first 300,000 characters: the property is local and the suite stays fast.
HEAD = 300_000


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_it_spans_every_citation_exactly_over_the_corpus(path: Path) -> None:
    text = path.read_text(encoding="utf-8")[:HEAD]
    for c in extract_citations(text):
        assert text[c.span[0] : c.span[1]] == c.text
        assert c.text.strip() == c.text, c.text
        assert (c.anchor is None) == (c.problem is not None)


def test_the_corpus_has_citations_to_span() -> None:
    counts = {p.name: len(extract_citations(p.read_text(encoding="utf-8")[:HEAD])) for p in CORPUS_FILES}
    assert sum(counts.values()) > 1000


# Real sentences, one per jurisdiction and citation shape, each carrying the anchors they must keep.
SENTENCES = [
    (
        "대법원 1995. 12. 22. 선고 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결 등 참조",
        ["kr:prec:95도2446", "kr:prec:2003도3768"],
    ),
    (
        "개인정보 보호법 제15조나 제17조를 위반한 것인지 여부",
        ["kr:law:개인정보보호법", "kr:law:개인정보보호법"],
    ),
    ("(wyrok SN z 4.10.2007 r., V CSK 221/07, niepubl.)", ["pl:case:V CSK 221/07"]),
    ("na podstawie art. 476 § 2 pkt 1 k.p.c. sprawą", ["pl:act:DU/1964/296"]),
    ("Bosman, C-415/93, EU:C:1995:463, paragraph 59", ["eu:case:C-415/93", "eu:celex:61993CJ0415"]),
    ("within the meaning of Article 82(1) of the GDPR", ["eu:celex:32016R0679"]),
]

_DISGUISES = {
    " ": ["\u00a0", "\u202f", " "],
    "-": ["\u2011", "-"],
}


@st.composite
def disguised(draw: st.DrawFn) -> tuple[str, list[str]]:
    text, keys = draw(st.sampled_from(SENTENCES))
    out: list[str] = []
    for ch in text:
        out.append(draw(st.sampled_from(_DISGUISES[ch])) if ch in _DISGUISES else ch)
        if ch.isalnum() and draw(st.integers(0, 9)) == 0:
            out.append("\u00ad")  # justified text leaves soft hyphens inside words and numbers
    result = "".join(out)
    if draw(st.booleans()):
        result = unicodedata.normalize("NFD", result)
    return result, keys


@settings(max_examples=150, deadline=None)
@given(disguised())
def test_it_finds_the_same_anchors_through_disguises(case: tuple[str, list[str]]) -> None:
    text, keys = case
    cites = extract_citations(text)
    assert [c.anchor.key if c.anchor else None for c in cites] == keys
    for c in cites:
        assert text[c.span[0] : c.span[1]] == c.text
    for claim in extract_claims(text):
        assert text[claim.claim_span[0] : claim.claim_span[1]] == claim.claim_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("II\u00a0CSK\u00a0123/19", "II\u00a0CSK\u00a0123/19", id="nbsp-in-signature"),
        pytest.param("C\u2011362/14", "C\u2011362/14", id="u2011-in-case-number"),
        pytest.param("art.\u00a05 §\u00a01 k.c.", "art.\u00a05 §\u00a01 k.c.", id="nbsp-in-article"),
        pytest.param("2004\u00ad도4869", "2004\u00ad도4869", id="soft-hyphen-in-case-number"),
        pytest.param(
            unicodedata.normalize("NFD", "민법 제103조"),
            unicodedata.normalize("NFD", "민법 제103조"),
            id="nfd",
        ),
    ],
)
def test_it_spans_the_original_characters(text: str, expected: str) -> None:
    (c,) = extract_citations(text)
    assert c.text == expected

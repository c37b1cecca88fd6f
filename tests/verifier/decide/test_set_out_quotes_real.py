"""A quote set out in paragraphs of its own, as the CJEU quotes an article ("Article 23 of the GDPR states:"
⏎⏎ "‘1. Union or Member State law …" ⏎⏎ "(a) national security;" … "… the restriction.’"), is the quote of
the citation that introduces it: checked against that unit (🟢 word for word, 🔴 when the draft names another
article), never a bare "exists" that leaves the quoted words unread. The heading the sentence gives the
article ("entitled ‘Right to compensation and liability’") is read first: one the article does not carry is
the evidence, however right the words set out; and the citations inside it ("Articles 12
to 22", "Article 5") are the quoted article's, shown as context (⚪), never blocked.

Each row is a paragraph of a real judgment in tests/data/corpus/eu/case_law/ (C-311/18, C-300/21), read from
the file as the court wrote it, or the same paragraph with the introducing article shifted by one, as
tests/accuracy/real_mutate.py shifts it; run through the product's path as of the judgment's date.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.accuracy.real_sources import AsOfResolver
from tests.verifier.decide.real_rows import BLOCKS, assert_row, finding_for
from verifier.citations.quotes import find_quotes
from verifier.ingest import ingest_text
from verifier.model import Status
from verifier.pipeline import verify_document

CASES = Path(__file__).resolve().parents[2] / "data" / "corpus" / "eu" / "case_law"


def paragraph(judgment: str, number: int) -> str:
    """The judgment's numbered paragraph with what it sets out, up to the next numbered paragraph, without
    its number."""
    text = (CASES / f"{judgment}.md").read_text(encoding="utf-8")
    start = re.search(rf"(?m)^{number} ", text)
    end = re.search(rf"(?m)^{number + 1} ", text)
    assert start is not None
    assert end is not None
    return text[start.end() : end.start()].strip()


C_311_18_11 = paragraph("C-311-18", 11)  # Article 23 of the GDPR states: ‘1. … (a) national security; …’
C_300_21_8 = paragraph("C-300-21", 8)  # Article 82 of the GDPR … states in paragraphs 1 and 2: ‘1. … 2. …’

# (why, as of, draft, the introducing citation, status and key | None)
ROWS = [
    (
        "C-311/18 ¶11: Article 23 set out word for word, points (a) to (j) and paragraph 2",
        "2020-07-16",
        C_311_18_11,
        "Article\xa023 of the GDPR",
        None,
        "",
    ),
    (
        "C-311/18 ¶11 introduced as Article 24: its words are Article 23's",
        "2020-07-16",
        C_311_18_11.replace("Article\xa023 of the GDPR states", "Article\xa024 of the GDPR states"),
        "Article\xa024 of the GDPR",
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    (
        "C-300/21 ¶8: Article 82(1) and (2) set out, the second cut short with …",
        "2023-05-04",
        C_300_21_8,
        "Article\xa082 of the GDPR",
        None,
        "",
    ),
    (
        "C-300/21 ¶8 introduced as Article 81: the heading it gives is Article 82's, which names the unit",
        "2023-05-04",
        C_300_21_8.replace("Article\xa082 of the GDPR", "Article\xa081 of the GDPR"),
        "Article\xa081 of the GDPR",
        Status.UNVERIFIED,
        "title_of_other_unit",
    ),
    (
        "C-300/21 ¶8 introduced as Article 81 without the heading: the quoted words are Article 82's",
        "2023-05-04",
        C_300_21_8.replace("Article\xa082 of the GDPR", "Article\xa081 of the GDPR").replace(
            ", entitled ‘Right to compensation and liability’,", ""
        ),
        "Article\xa081 of the GDPR",
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    (
        "C-300/21 ¶8 with Article 83's heading: the heading is read first, and names the other article",
        "2023-05-04",
        C_300_21_8.replace(
            "‘Right to compensation and liability’", "‘General conditions for imposing administrative fines’"
        ),
        "Article\xa082 of the GDPR",
        Status.UNVERIFIED,
        "title_of_other_unit",
    ),
    (
        "C-300/21 ¶8 with its heading reworded: the words set out are right, the heading is not the act's",
        "2023-05-04",
        C_300_21_8.replace("‘Right to compensation and liability’", "‘Right to damages and liability’"),
        "Article\xa082 of the GDPR",
        Status.CALIBRATION,
        "calibration",
    ),
    (
        "C-300/21 ¶8 with its heading right and a negation put into paragraph 1 as set out",
        "2023-05-04",
        C_300_21_8.replace("shall have the right", "shall not have the right"),
        "Article\xa082 of the GDPR",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_a_set_out_quote_is_checked_against_the_article_that_introduces_it(row: tuple) -> None:
    why, as_of, draft, citation, status, key = row
    finding = finding_for("en", as_of, draft, citation)
    assert finding.claim_type.value == "verbatim_quote", (why, finding.claim_type, finding.rationale)
    assert_row(finding, why, status, key)
    if status is None:
        assert finding.status is Status.VERIFIED, (why, finding.rationale)


def test_the_citations_inside_a_set_out_quote_are_its_own() -> None:
    report = verify_document(
        ingest_text(C_311_18_11, name="C-311/18"), AsOfResolver("2020-07-16"), lang="en", as_of="2020-07-16"
    )
    inside = [f for f in report.findings if not f.citation.startswith("Article\xa023")]
    assert {f.citation for f in inside} >= {"Articles\xa012", "Article\xa05"}
    for f in inside:
        assert f.status is Status.NOT_CHECKED, (f.citation, f.rationale)
        assert f.status not in BLOCKS
        assert "Article 23 of the GDPR" in f.rationale.replace("\xa0", " ")


# (why, text, the quotes found)
SHAPES = [
    (
        "set out after a colon, closed paragraphs later",
        "Article 1 provides:\n\n‘1. First point;\n\n(a) a letter;\n\n2. Second point.’\n\nThe Court held.",
        ["1. First point; (a) a letter; 2. Second point."],
    ),
    (
        "paragraphs one line break apart, as a .docx draft gives them",
        "Article 1 provides:\n‘1. First point;\n(a) a letter;\n2. Second point.’\nThe Court held.",
        ["1. First point; (a) a letter; 2. Second point."],
    ),
    (
        "closed in its own paragraph: an inline quote",
        "Article 1 provides:\n\n‘One paragraph only.’\n\nThe Court held.",
        ["One paragraph only."],
    ),
    (
        "no colon before it: not set out (a quote mark left open stays no quote)",
        "Article 1 applies.\n\n‘1. First point;\n\n2. Second point.’",
        [],
    ),
    (
        "never closed: no quote",
        "Article 1 provides:\n\n‘1. First point;\n\n2. Second point.\n\nThe Court held.",
        [],
    ),
    (
        "a term quoted inside it is part of it",
        "Article 4 provides:\n\n‘For the purposes of this Regulation:\n\n(1) “personal data” means any "
        "information; …’",
        ["For the purposes of this Regulation: (1) “personal data” means any information; …"],
    ),
]


@pytest.mark.parametrize(("why", "text", "quotes"), SHAPES, ids=[s[0] for s in SHAPES])
def test_a_quote_set_out_in_paragraphs_is_one_quote(why: str, text: str, quotes: list[str]) -> None:
    assert [q.text for q in find_quotes(text)] == quotes, why

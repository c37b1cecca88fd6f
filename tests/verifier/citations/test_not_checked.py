"""Strings that look like citations but cannot be parsed become not_checked citations with a reason, so a
reader sees them instead of silence."""

from __future__ import annotations

import pytest

from verifier.citations import extract_citations, extract_claims
from verifier.model import ClaimType

SC_DZU_WITHOUT_YEAR = (
    "art. 32 pkt 3 ustawy o zaopatrzeniu emerytalnym pracowników i ich rodzin "
    "(Dz. U. Nr\n40, poz. 267 ze zm.)"
)


@pytest.mark.parametrize(
    ("text", "flagged", "reason_word"),
    [
        pytest.param(
            "Umowa narusza art. ? k.c. i jest nieważna.", "art. ?", "missing", id="pl-article-placeholder"
        ),
        pytest.param(
            "Zob. wyrok SN z 12.03.2019 r., sygn. akt [uzupełnij].",
            "sygn. akt [uzupełnij]",
            "placeholder",
            id="pl-signature-placeholder-from-seed",
        ),
        pytest.param(
            "Por. wyrok SN II CSK 123 w tej sprawie.", "II CSK 123", "year", id="pl-signature-without-year"
        ),
        pytest.param(
            SC_DZU_WITHOUT_YEAR,
            SC_DZU_WITHOUT_YEAR,
            "year",
            id="real-sc-json-dzu-without-year",
        ),
        pytest.param("대법원 2023. 5. 18. 선고 2023다 판결", "2023다", "serial", id="kr-case-without-number"),
        pytest.param("민법 제?조에 따르면", "제?조", "missing", id="kr-article-placeholder"),
        pytest.param("제5조에 따라 해지할 수 있다.", "제5조", "law", id="kr-article-without-law"),
        pytest.param("같은 법 제3조를 적용한다.", "같은 법 제3조", "law", id="kr-same-law-without-law"),
        pytest.param(
            "CELEX: 3201R0679 is the regulation.", "CELEX: 3201R0679", "CELEX", id="eu-celex-short-year"
        ),
        pytest.param("see 32016R067 for the text", "32016R067", "CELEX", id="eu-celex-short-number"),
        pytest.param("Article 4(1) is the definition.", "Article 4(1)", "act", id="eu-article-without-act"),
    ],
)
def test_it_flags_what_it_cannot_parse(text: str, flagged: str, reason_word: str) -> None:
    problems = [c for c in extract_citations(text) if c.problem is not None]
    assert [c.text for c in problems] == [flagged]
    assert problems[0].anchor is None
    assert reason_word.lower() in problems[0].problem.lower()  # type: ignore[union-attr]


def test_it_gives_a_not_checked_citation_a_claim_like_any_other() -> None:
    text = "Umowa narusza art. ? k.c. i jest nieważna."
    claims = extract_claims(text, lang="pl")
    assert len(claims) == 1
    assert claims[0].claim_text == text
    assert claims[0].claim_type is ClaimType.BARE_CITATION

"""CELLAR judgment XHTML: the date line and the heading survive whatever inline markup the rendition wraps
them in (issue 15, class 7). Without the date the judgment's date guard is skipped, so a draft that dates
C-300/21 a year off would pass.

The bodies are built in the shape of the EUR-Lex/CELLAR HTML from which the corpus Markdown files were
converted (tests/data/corpus/eu/case_law/C-300-21.md and C-311-18.md keep its anchors: "4 May 2023 ( [*1](#t-
ECR_62021CJ0300_EN_01-E0001) )"), with the corpus's own header lines."""

from __future__ import annotations

import pytest

from verifier.sources.cellar.client import document_from_xhtml
from verifier.sources.cellar.structure import parse_cellar_xhtml


def _judgment(heading: str, date_line: str, case: str) -> str:
    return (
        "<html><head><title>judgment</title></head><body>"
        f'<p class="C01PointAltA">{heading}</p>'
        f'<p class="C02AlineaAltA">{date_line}</p>'
        f'<p class="C05Titre">{case}</p>'
        '<table><tr><td><p class="C09Marge0avecretrait">1</p></td>'
        '<td><p class="C01PointnumeroteAltN">This request for a preliminary ruling concerns the'
        " interpretation of Article&#160;82(1) of Regulation (EU) 2016/679.</p></td></tr></table>"
        "</body></html>"
    )


C300 = ("JUDGMENT OF THE COURT (Third Chamber)", "In Case C&#8209;300/21,", "62021CJ0300")
C311 = ("JUDGMENT OF THE COURT (Grand Chamber)", "In Case C&#8209;311/18,", "62018CJ0311")


@pytest.mark.parametrize(
    ("case", "date_line", "date"),
    [
        pytest.param(C300, "4 May 2023", "2023-05-04", id="plain"),
        pytest.param(
            C300,
            '4&#160;May 2023&#160;<a href="#t-ECR_62021CJ0300_EN_01-E0001">(<span class="C71Indicateur">*1'
            "</span>)</a>",
            "2023-05-04",
            id="C-300-21-date-then-footnote-link",
        ),
        pytest.param(
            C300,
            '4 May 2023 ( <a href="#t-ECR_62021CJ0300_EN_01-E0001">*1</a> )'
            ' ( <a href="#t-ECR_62021CJ0300_EN_01-E0002">i</a> )',
            "2023-05-04",
            id="C-300-21-two-markers",
        ),
        pytest.param(
            C311,
            '<span class="date">16 July 2020</span> <a href="#t-ECR_62018CJ0311_EN_01-E0001">*</a>',
            "2020-07-16",
            id="C-311-18-date-in-a-span",
        ),
    ],
)
def test_the_judgments_date_survives_inline_markup(
    case: tuple[str, str, str], date_line: str, date: str
) -> None:
    heading, case_line, celex = case
    body = _judgment(heading, date_line, case_line)
    doc = document_from_xhtml(body, key=f"eu:celex:{celex}", celex=celex)
    assert doc.date == date
    shown = {"2023-05-04": "4 May 2023", "2020-07-16": "16 July 2020"}[date]
    assert doc.text.split("\n")[1].startswith(shown)  # the date line itself is kept, not only its markers
    assert [u.label for u in doc.units] == ["paragraph 1"]


def test_words_between_inline_and_block_children_are_kept() -> None:
    body = (
        "<html><body><div>Registrar: A. Calot Escobar,<p>having regard to the written procedure,</p>"
        "after hearing <b>the Opinion</b> of the Advocate General</div></body></html>"
    )
    text = parse_cellar_xhtml(body).text
    for words in ("Registrar: A. Calot Escobar,", "having regard to the written procedure,", "the Opinion"):
        assert words in text
    assert "of the Advocate General" in text

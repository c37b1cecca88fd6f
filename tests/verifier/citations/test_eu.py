"""EU citations, eyecite style. "real" rows come from tests/data/corpus/eu (C-300/21, C-311/18, the GDPR)."""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found, only
from verifier.model import Jurisdiction, Kind

GDPR = "eu:celex:32016R0679"

ROWS = [
    pytest.param(
        "(Reference for a preliminary ruling – Protection of natural persons with regard to the processing of"
        " personal data – Regulation (EU) 2016/679 – Article\u00a082(1) – Right to compensation",
        [("Regulation (EU) 2016/679", GDPR, None), ("Article\u00a082(1)", GDPR, art("82", "1"))],
        id="real-C-300-21-heading",
    ),
    pytest.param(
        "REQUEST for a preliminary ruling under Article\u00a0267 TFEU from the Oberster Gerichtshof",
        [("Article\u00a0267 TFEU", "eu:celex:12016E/TXT", art("267"))],
        id="real-C-300-21-TFEU",
    ),
    pytest.param(
        "In Case C\u2011300/21,",
        [("Case C\u2011300/21", "eu:case:C-300/21", None)],
        id="real-C-300-21-case-with-U+2011",
    ),
    pytest.param(
        "(see, to that effect, judgments of 15\u00a0December 1995, Bosman, C\u2011415/93, EU:C:1995:463,"
        " paragraph\u00a059",
        [
            ("C\u2011415/93", "eu:celex:61993CJ0415", None),
            ("EU:C:1995:463", "eu:ecli:ECLI:EU:C:1995:463", None),
        ],
        id="real-C-300-21-judgment-and-ecli",
    ),
    pytest.param(
        "Article\u00a082 of Regulation 2016/679 must be interpreted as precluding a national rule",
        [("Article\u00a082 of Regulation 2016/679", GDPR, art("82"))],
        id="real-C-300-21-operative-part",
    ),
    pytest.param(
        "within the meaning of Article\u00a082 of the GDPR, the mere infringement",
        [("Article\u00a082 of the GDPR", GDPR, art("82"))],
        id="real-C-300-21-of-the-GDPR",
    ),
    pytest.param(
        "and repealing Directive 95/46/EC (General Data Protection Regulation)",
        [("Directive 95/46/EC", "eu:celex:31995L0046", None)],
        id="real-GDPR-title-old-directive",
    ),
    pytest.param(
        "Under Article 6(1)(f) GDPR the interest must be legitimate.",
        [("Article 6(1)(f) GDPR", GDPR, art("6", "1", "f"))],
        id="constructed-article-paragraph-point",
    ),
    pytest.param(
        "Articles 7, 8 and 47 of the Charter",
        [
            ("Articles 7", "eu:celex:12016P/TXT", art("7")),
            ("8", "eu:celex:12016P/TXT", art("8")),
            ("47 of the Charter", "eu:celex:12016P/TXT", art("47")),
        ],
        id="constructed-article-list",
    ),
    pytest.param(
        "CELEX 32016R0679 and 62014CJ0362; ECLI:EU:C:2015:650.",
        [
            ("32016R0679", GDPR, None),
            ("62014CJ0362", "eu:celex:62014CJ0362", None),
            ("ECLI:EU:C:2015:650", "eu:ecli:ECLI:EU:C:2015:650", None),
        ],
        id="constructed-celex-ecli",
    ),
    pytest.param(
        "See ECLI:PL:SN:2019:II.CSK.123.19.",
        [("ECLI:PL:SN:2019:II.CSK.123.19", "eu:ecli:ECLI:PL:SN:2019:II.CSK.123.19", None)],
        id="constructed-national-ecli",
    ),
    pytest.param(
        "In Case T-123/20 the General Court annulled the decision.",
        [("Case T-123/20", "eu:case:T-123/20", None)],
        id="constructed-general-court",
    ),
    pytest.param(
        "Article 4(1) of Regulation (EC) No 45/2001 and Article 5 of the AI Act",
        [
            ("Article 4(1) of Regulation (EC) No 45/2001", "eu:celex:32001R0045", art("4", "1")),
            ("Article 5 of the AI Act", "eu:celex:32024R1689", art("5")),
        ],
        id="constructed-old-regulation-and-AI-Act",
    ),
    pytest.param(
        "Art. 6 Abs. 1 lit. f DSGVO",
        [("Art. 6 Abs. 1 lit. f DSGVO", GDPR, art("6", "1", None, "f"))],
        id="constructed-DSGVO",
    ),
    pytest.param("The GDPR applies from 25 May 2018.", [], id="constructed-bare-short-name-is-no-citation"),
    pytest.param("Article 5 of the lease says otherwise.", [], id="constructed-article-of-a-contract"),
    pytest.param("Call +48 22 123 45 67 before 2023-10-01.", [], id="constructed-phone-date"),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_it_finds_eu_citations(text: str, expected: list[tuple[str, str, object]]) -> None:
    assert found(text) == expected


def test_it_dates_a_judgment_from_its_heading() -> None:
    c = only("judgment of 16 July 2020, Facebook Ireland and Schrems, C\u2011311/18")
    assert c.anchor is not None
    assert (c.anchor.key, c.anchor.date, c.kind, c.jurisdiction) == (
        "eu:celex:62018CJ0311",
        "2020-07-16",
        Kind.EU_CASE,
        Jurisdiction.EU,
    )


def test_it_keeps_a_case_number_without_judgment_cue_as_a_case_key() -> None:
    c = only("as the Advocate General observed in C-311/18")
    assert c.anchor is not None
    assert c.anchor.key == "eu:case:C-311/18"

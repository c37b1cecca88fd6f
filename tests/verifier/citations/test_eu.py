"""EU citations, eyecite style. "real" rows come from tests/data/corpus/eu (C-300/21, C-311/18, the GDPR)."""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found, only
from verifier.citations import extract_citations
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
            ("EU:C:1995:463", "eu:celex:61993CJ0415", None),
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
            ("ECLI:EU:C:2015:650", "eu:celex:62014CJ0362", None),
        ],
        id="constructed-celex-ecli",
    ),
    # an ECLI the table knows names its judgment's CELEX; one it does not is left to CELLAR's ecli/ space,
    # unless it is printed right after the judgment's case number
    pytest.param(
        "ECLI:EU:C:2023:370 (Österreichische Post).",
        [("ECLI:EU:C:2023:370", "eu:celex:62021CJ0300", None)],
        id="issue-23-known-ecli",
    ),
    pytest.param(
        "See ECLI:EU:C:2099:1.",
        [("ECLI:EU:C:2099:1", "eu:ecli:ECLI:EU:C:2099:1", None)],
        id="constructed-unknown-ecli-stays-an-ecli",
    ),
    pytest.param(
        "judgment of 22 June 2021, Latvijas Republikas Saeima (Penalty points), C\u2011439/19, EU:C:2021:504",
        [("C\u2011439/19", "eu:celex:62019CJ0439", None), ("EU:C:2021:504", "eu:celex:62019CJ0439", None)],
        id="real-C-300-21-ecli-after-its-case-number",
    ),
    pytest.param(
        "the judgment of 1 June 2099, C-1/99, EU:C:2099:1",
        [("C-1/99", "eu:celex:61999CJ0001", None), ("EU:C:2099:1", "eu:celex:61999CJ0001", None)],
        id="constructed-unknown-ecli-after-its-case-number-takes-the-case",
    ),
    # CELEX arithmetic: since 2015 the year comes first, whatever the number looks like
    pytest.param(
        "Regulation (EU) 2022/2065 of the European Parliament and of the Council",
        [("Regulation (EU) 2022/2065", "eu:celex:32022R2065", None)],
        id="issue-8-DSA-2022-2065-is-not-2065-2022",
    ),
    pytest.param(
        "Regulation (EC) No 45/2001 and Regulation (EU) No 1215/2012 and Directive 2002/58/EC",
        [
            ("Regulation (EC) No 45/2001", "eu:celex:32001R0045", None),
            ("Regulation (EU) No 1215/2012", "eu:celex:32012R1215", None),
            ("Directive 2002/58/EC", "eu:celex:32002L0058", None),
        ],
        id="constructed-numbered-old-style",
    ),
    pytest.param(
        "the transfer of personal data to third countries under Directive 95/46 was",
        [("Directive 95/46", "eu:celex:31995L0046", None)],
        id="real-C-311-18-directive-without-its-EC-puts-the-year-first",
    ),
    pytest.param(
        "9 Article\u00a02(1) and\u00a0(2) of the GDPR provides:",
        [
            ("Article\u00a02(1)", GDPR, art("2", "1")),
            ("(2) of the GDPR", GDPR, art("2", "2")),
        ],
        id="real-C-311-18-and-(2)-is-the-same-article",
    ),
    pytest.param(
        "the interpretation of the first indent of Article\u00a03(2), Articles\u00a025 and\u00a026 and"
        " Article\u00a028(3) of Directive 95/46/EC of the European Parliament",
        [
            ("Article\u00a03(2)", "eu:celex:31995L0046", art("3", "2")),
            ("25", "eu:celex:31995L0046", art("25")),
            ("26", "eu:celex:31995L0046", art("26")),
            ("28(3) of Directive 95/46/EC", "eu:celex:31995L0046", art("28", "3")),
        ],
        id="real-C-311-18-one-act-after-a-list-of-articles",
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


# (text, citation, the date the draft gives it, the court the draft names) — issue 15, class 7: the date
# comes from the draft's own sentence and never from inside a quote; the court from the draft's words, not
# from the case number's letter
ANCHORS = [
    pytest.param(
        "In its judgment of 4 May 2022 in Case C-300/21, Österreichische Post, the Court held that a mere"
        " infringement of the GDPR is not sufficient to confer a right to compensation.",
        "Case C-300/21",
        "2022-05-04",
        None,
        id="issue-18-the-draft's-date",
    ),
    pytest.param(
        "The General Court ruled in Case C-311/18 (judgment of 16 July 2020) that the EU-US Privacy Shield"
        " decision was invalid.",
        "Case C-311/18",
        "2020-07-16",
        "General Court",
        id="issue-19-the-draft's-court-and-a-date-after-the-number",
    ),
    pytest.param(
        'In its judgment in Case C-311/18 the Court examined "the interpretation and validity of Commission'
        ' Decision 2010/87/EU of 5 February 2010 on standard contractual clauses" and, in the same judgment'
        " (C-311/18), held that the standard contractual clauses remained valid.",
        "C-311/18",
        None,
        None,
        id="issue-20-a-date-inside-a-quote-is-not-the-draft's",
    ),
    pytest.param(
        "The judgment of 16 July 2020 was delivered in Luxembourg. In Case C-311/18 the Court of Justice held"
        " that the decision was invalid.",
        "Case C-311/18",
        None,
        "CJEU",
        id="constructed-a-date-of-another-sentence-is-not-the-draft's",
    ),
    pytest.param(
        "Trybunał Sprawiedliwości w wyroku z dnia 4 maja 2023 r. w sprawie C-300/21 uznał, że samo"
        " naruszenie RODO nie wystarcza.",
        "sprawie C-300/21",
        "2023-05-04",
        "CJEU",
        id="constructed-polish-court-and-date",
    ),
    # a Korean draft's date form (year. month. day.), before the number (with 선고) or in brackets after it
    pytest.param(
        "유럽연합 사법재판소는 2020. 7. 16. C-311/18 사건 판결에서 실드 결정을 무효라고 판단하였다.",
        "C-311/18",
        "2020-07-16",
        "CJEU",
        id="constructed-korean-date-before-the-number",
    ),
    pytest.param(
        "유럽사법재판소 2023. 5. 4. 선고 C-300/21 판결은 손해배상청구권에 관한 것이다.",
        "C-300/21",
        "2023-05-04",
        "CJEU",
        id="constructed-korean-date-with-seongo",
    ),
    pytest.param(
        "C-300/21 (2023. 5. 4.) 판결은 손해배상청구권에 관한 것이다.",
        "C-300/21",
        "2023-05-04",
        None,
        id="constructed-korean-date-in-brackets-after-the-number",
    ),
    pytest.param(
        "2020. 7. 16. 위원회가 결정을 내렸고, 그 뒤 C-311/18 사건이 제기되었다.",
        "C-311/18",
        None,
        None,
        id="constructed-a-korean-date-not-next-to-the-number-is-not-its",
    ),
    pytest.param(
        "judgments of 15\u00a0December 1995, Bosman, C\u2011415/93, EU:C:1995:463",
        "C\u2011415/93",
        "1995-12-15",
        None,
        id="real-C-300-21-the-Court-unnamed-is-no-court",
    ),
]


@pytest.mark.parametrize(("text", "citation", "date", "court"), ANCHORS)
def test_it_reads_the_drafts_own_date_and_court(
    text: str, citation: str, date: str | None, court: str | None
) -> None:
    (hit,) = [c for c in extract_citations(text) if c.text == citation]
    assert hit.anchor is not None
    assert (hit.anchor.date, hit.anchor.court) == (date, court)


# The parties the draft names for a CJEU case ("A v B" right after the number, or right before it), so that a
# real number given another case's parties is checked (issue 15, class 7). (text, citation, parties)
PARTIES = [
    pytest.param(
        "In Case C-311/18, Data Protection Commissioner v Facebook Ireland Ltd and Maximillian Schrems, the"
        " Court invalidated the Privacy Shield decision.",
        "Case C-311/18",
        ("Data Protection Commissioner", "Facebook Ireland Ltd and Maximillian Schrems"),
        id="real-C-311-18-heading-parties-after-the-number",
    ),
    pytest.param(
        "In UI v Österreichische Post AG (C-300/21) the Court held that",
        "C-300/21",
        ("UI", "Österreichische Post AG"),
        id="real-C-300-21-heading-parties-before-the-number",
    ),
    pytest.param(
        "The judgment in Case C-300/21 UI v Österreichische Post AG.",
        "Case C-300/21",
        ("UI", "Österreichische Post AG"),
        id="constructed-parties-at-the-sentence-end",
    ),
    pytest.param(
        "Trybunał w sprawie C-311/18 Data Protection Commissioner przeciwko Facebook Ireland Ltd i"
        " Maximillian Schrems uznał decyzję za nieważną.",
        "sprawie C-311/18",
        ("Data Protection Commissioner", "Facebook Ireland Ltd i Maximillian Schrems"),
        id="constructed-polish-przeciwko",
    ),
    pytest.param(
        "In Case C-300/21 the Court held that UI v Post is no authority.",
        "Case C-300/21",
        (),
        id="constructed-a-v-further-in-the-sentence-is-no-party",
    ),
    pytest.param(
        "See judgment of 16 July 2020, Facebook Ireland and Schrems, C-311/18, EU:C:2020:559.",
        "C-311/18",
        (),
        id="real-C-311-18-short-name-is-no-pair-of-parties",
    ),
]


@pytest.mark.parametrize(("text", "citation", "parties"), PARTIES)
def test_it_reads_the_parties_the_draft_names(text: str, citation: str, parties: tuple[str, ...]) -> None:
    (hit,) = [c for c in extract_citations(text) if c.text == citation]
    assert hit.anchor is not None
    assert hit.anchor.parties == parties

"""The table of authorities of the test drafts: grouped as each jurisdiction's practice groups them, in the
order a lawyer files them, each authority with where the draft cites it and the status of each citation;
the page and the DOCX/PDF exports show the same, through the export's permission check and audit event."""

from __future__ import annotations

import io
import subprocess

import docx
import pytest
from django.urls import reverse
from django.utils import translation

from tests.workbench.factories import checked_review
from verifier.ingest import ingest_bytes, ingest_text
from workbench.exports import toa
from workbench.models import AuditEvent


@pytest.fixture(autouse=True)
def in_english():
    # toa.build names sections in the active language; an earlier test may have left another active.
    with translation.override("en"):
        yield


@pytest.fixture
def corpus(data_dir, settings, db):
    from workbench.pipeline.corpus import import_corpus

    settings.WORKBENCH_LOCAL_ONLY = True
    import_corpus(data_dir / "corpus")


def review_of(people, data_dir, name):
    path = data_dir / name
    if name.endswith(".docx"):
        document = ingest_bytes(path.read_bytes(), path.name)
    else:
        document = ingest_text(path.read_text(encoding="utf-8"), name=path.name)
    return checked_review(people, document, title=path.name)


def outline(table):
    """[(jurisdiction, section, group, entry, [(where, id, status), …]), …] in the table's order."""
    return [
        (
            part.jurisdiction,
            section.title,
            group.title,
            entry.title,
            [(c.where, c.finding_id, c.status) for c in entry.citings],
        )
        for part in table.parts
        for section in part.sections
        for group in section.ordered
        for entry in group.ordered
    ]


def test_korean_statutes_by_act_then_article_and_judgments_by_court_then_date(people, data_dir, corpus):
    review = review_of(people, data_dir, "memos/memo-ko.md")
    table = toa.build(toa.findings_for_table(review))
    rows = outline(table)
    statutes = [(g, e, [w for w, _i, _s in c]) for j, s, g, e, c in rows if s == "Statutes"]
    assert statutes == [
        ("개인정보 보호법", "제15조", ["line 7", "line 9"]),
        # articles in the act's order (2 < 103 < 750 < 1200), not as strings
        ("민법", "제2조", ["line 5"]),
        ("민법", "제103조", ["line 3"]),
        ("민법", "제750조", ["line 11"]),
        ("민법", "제1200조", ["line 13"]),
    ]
    judgments = [(g, e) for j, s, g, e, c in rows if s == "Judgments and decisions"]
    assert judgments == [
        ("대법원", "대법원 2004. 10. 15. 선고 2004도4869 판결"),
        ("대법원", "대법원 2016. 8. 17. 선고 2014다235080 판결"),
        ("대법원", "대법원 2023. 6. 1. 선고 2023다302036 판결"),
    ]
    statuses = {e: c for j, s, g, e, c in rows}
    assert statuses["제15조"] == [("line 7", "C3", "needs_judgement"), ("line 9", "C4", "unverified")]
    assert [(c.citation, c.where) for c in table.unread] == [("2023다", "line 21")]


def test_polish_judgments_take_court_and_date_from_the_source_not_the_misdated_draft(
    people, data_dir, corpus
):
    review = review_of(people, data_dir, "memos/opinia-pl.md")
    rows = outline(toa.build(toa.findings_for_table(review)))
    assert [(g, e, [w for w, _i, _s in c]) for j, s, g, e, c in rows] == [
        ("Kodeks cywilny", "art. 58", ["line 11"]),
        ("Kodeks cywilny", "art. 691", ["line 3", "line 5"]),
        # cited inside the Supreme Court's words by its title, in the sentence's case ("ustawą z dnia …"):
        # listed as lawyers list it
        (
            "Ustawa z dnia 21 czerwca 2001 r. o ochronie praw lokatorów (Dz.U. 2001 poz. 733)",
            "the act as a whole",
            ["line 3"],
        ),
        # the draft dates it 6 lipca 2003 once; the judgment says 5 lipca 2002
        ("Sąd Najwyższy", "Uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02", ["line 3", "line 5", "line 7"]),
        ("Sąd Najwyższy", "Wyrok SN z dnia 12 marca 2019 r., II CSK 123/19", ["line 9"]),
    ]


def test_eu_acts_then_eu_cases_by_year_and_number(people, data_dir, corpus):
    review = review_of(people, data_dir, "memos/memo-eu.md")
    rows = outline(toa.build(toa.findings_for_table(review)))
    assert [(s, g, e) for j, s, g, e, c in rows] == [
        ("EU legislation", "Regulation (EU) 2016/679 (GDPR)", "Article 6"),
        ("EU case law", "Court of Justice", "Case C-362/14"),
        ("EU case law", "Court of Justice", "ECLI:EU:C:2015:650"),
        ("EU case law", "Court of Justice", "Case C-300/21, UI v Österreichische Post AG (2023-05-04)"),
    ]
    assert rows[0][4] == [("line 3", "C1", "verified"), ("line 5", "C2", "modified")]


def test_a_word_documents_citations_are_located_in_their_footnotes_endnotes_and_table(
    people, data_dir, corpus
):
    review = review_of(people, data_dir, "drafts/memo_footnotes.docx")
    table = toa.build(toa.findings_for_table(review))
    where = {(j, g, e): [w for w, _i, _s in c] for j, s, g, e, c in outline(table)}
    assert where == {
        ("kr", "민법", "제750조"): ["footnote *"],
        ("pl", "Kodeks cywilny", "art. 101"): ["a footnote not referenced in the text"],
        ("pl", "Kodeks postępowania cywilnego", "art. 385"): ["paragraph 6", "endnote i"],
        # footnote 2's "art. 56" is read as the same act's since the extraction reads its context
        ("pl", "Prawa bankowego (Dz.U. 1997 poz. 939)", "art. 56"): ["paragraph 3", "footnote 2"],
        (
            "pl",
            "Sąd Apelacyjny we Wrocławiu",
            "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12",
        ): ["table 1, row 2", "footnote 1"],
        ("pl", "Court not named in the draft", "Orzeczenie z dnia 12 grudnia 2011 r., IX U 1823/11"): [
            "endnote ii"
        ],
        ("eu", "Regulation (EU) 2016/679 (GDPR)", "Article 6"): ["footnote 3"],
    }
    assert [p.jurisdiction for p in table.parts] == ["kr", "pl", "eu"]
    groups = [g.title for p in table.parts if p.jurisdiction == "pl" for s in p.sections for g in s.ordered]
    # statutes by act name; then the appellate court before the one the draft does not name
    assert groups == [
        "Kodeks cywilny",
        "Kodeks postępowania cywilnego",
        "Prawa bankowego (Dz.U. 1997 poz. 939)",
        "Sąd Apelacyjny we Wrocławiu",
        "Court not named in the draft",
    ]
    # footnote 2's "art. 56" is read now (the act named in the paragraph before): nothing is left unread
    assert [(c.citation, c.where) for c in table.unread] == []


def test_the_page_lists_each_authority_with_links_to_where_it_is_cited(people, data_dir, corpus, client_for):
    review = review_of(people, data_dir, "drafts/memo_footnotes.docx")
    html = client_for("associate").get(reverse("review_authorities", args=[review.pk])).content.decode()
    assert html.index("Kodeks postępowania cywilnego") < html.index("Sąd Apelacyjny we Wrocławiu")
    finding = review.findings.get(ordinal=9)
    assert f"?finding={finding.pk}&amp;view=document" in html
    assert "endnote i" in html


def test_the_page_speaks_the_readers_language(people, data_dir, corpus, client_for):
    from workbench.models import Profile

    review = review_of(people, data_dir, "drafts/memo_footnotes.docx")
    Profile.objects.create(user=people["associate"], language="pl")
    html = client_for("associate").get(reverse("review_authorities", args=[review.pk])).content.decode()
    assert "Wykaz powołanych źródeł" in html
    assert "przypis 1" in html
    assert "przypis końcowy i" in html
    assert "Sąd nie został wskazany w projekcie" in html


def test_docx_and_pdf_exports_carry_the_table_and_are_audited(people, data_dir, corpus, client_for):
    review = review_of(people, data_dir, "drafts/memo_footnotes.docx")
    client = client_for("associate")
    response = client.get(reverse("review_export", args=[review.pk, "toa-docx"]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('authorities.docx"')
    text = [p.text for p in docx.Document(io.BytesIO(b"".join(response.streaming_content))).paragraphs]
    assert text[0] == "Table of authorities"
    assert text.index("Kodeks postępowania cywilnego") < text.index("Sąd Apelacyjny we Wrocławiu")
    assert any(t.startswith("endnote i: ") and "no source" in t for t in text)

    pdf = b"".join(client.get(reverse("review_export", args=[review.pk, "toa-pdf"])).streaming_content)
    assert pdf.startswith(b"%PDF")
    layer = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout
    words = layer.decode()
    assert "Table of authorities" in words
    assert words.index("Kodeks cywilny") < words.index("Sąd Apelacyjny we Wrocławiu")
    assert "footnote 1: verified" in words
    # Hangul in bold headings survives (the act 민법 and its article 제750조)
    assert "민법" in words
    assert "제750조" in words

    exported = AuditEvent.objects.filter(review=review, kind="exported").order_by("seq")
    assert [e.payload["format"] for e in exported] == ["toa-docx", "toa-pdf"]
    assert all(e.actor == people["associate"] for e in exported)


def test_an_outsider_cannot_see_or_export_the_table(people, data_dir, corpus, client_for):
    review = review_of(people, data_dir, "memos/memo-eu.md")
    outsider = client_for("outsider")
    assert outsider.get(reverse("review_authorities", args=[review.pk])).status_code == 404
    assert outsider.get(reverse("review_export", args=[review.pk, "toa-pdf"])).status_code == 404
    assert not AuditEvent.objects.filter(review=review, kind="exported").exists()

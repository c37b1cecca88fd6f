"""CELLAR: the recorded OJ XHTML excerpts, the EUR-Lex text of the GDPR, CELEX arithmetic, and the resolver
against the fake CELLAR (202 while rendering, 303 for ECLIs, 404, error pages)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from fakes.cellar import html_from_judgment_markdown, make_app, xhtml_from_eurlex_text
from verifier.match.anchor import compare_anchor
from verifier.model import Anchor, Found, Kind, Misconfigured, NotFound, Unavailable
from verifier.sources.cellar.client import CellarResolver, celex_of, document_from_xhtml
from verifier.sources.cellar.structure import celex_for_case, parse_cellar_xhtml, parse_eurlex_text
from verifier.sources.http import SourceHTTP

DATA = Path(__file__).resolve().parents[3] / "data"
RECORDED = DATA / "recorded" / "eu_eurlex_cellar"
GDPR_TEXT = DATA / "corpus" / "eu" / "legislation" / "32016R0679" / "EU_document.txt"
BASE = "http://cellar.test"

ART_6_1_F = (
    "processing is necessary for the purposes of the legitimate interests pursued by the controller or by a "
    "third party, except where such interests are overridden by the interests or fundamental rights and "
    "freedoms of the data subject which require protection of personal data, in particular where the data "
    "subject is a child."
)


def unit(doc, label: str):
    (found,) = [u for u in doc.units if u.label == label]
    return doc.text[found.start : found.end], found


# ------------------------------------------------------------------ recorded XHTML


def test_it_reads_articles_from_the_recorded_gdpr_excerpt_even_though_it_is_not_well_formed():
    parsed = parse_cellar_xhtml((RECORDED / "philrox_gdpr-32016R0679-abridged.xhtml").read_bytes())
    assert [u.label for u in parsed.units] == ["Article 1", "Article 1(1)", "Article 5"]
    text, _ = unit(parsed, "Article 1(1)")
    assert text == (
        "1. This Regulation lays down rules relating to the protection of natural persons with regard to the "
        "processing of personal data and rules relating to the free movement of personal data."
    )
    _, article_1 = unit(parsed, "Article 1")
    assert article_1.title == "Subject-matter and objectives"
    # the unclosed article 1 div must not swallow article 5
    _, article_5 = unit(parsed, "Article 5")
    assert article_5.start >= article_1.end
    assert "FIXTURE" not in parsed.text  # the recorder's comment is not text


def test_it_keeps_chapters_and_annexes_out_of_the_articles_of_the_recorded_ai_act():
    parsed = parse_cellar_xhtml((RECORDED / "philrox_aiact-32024R1689-abridged.xhtml").read_bytes())
    titles = {u.label: u.title for u in parsed.units if len(u.path) == 1}
    assert titles == {
        "Article 1": "Subject matter`",
        "Article 5": "Prohibited AI practices",
        "Article 6": "Classification rules for high-risk AI systems",
    }
    _, article_6 = unit(parsed, "Article 6")
    annex = parsed.text.index("ANNEX I")
    assert article_6.end <= annex


@pytest.mark.parametrize("body", [b"", b"   "])
def test_it_refuses_an_empty_rendition(body):
    with pytest.raises(ValueError, match="empty"):
        parse_cellar_xhtml(body)


# ------------------------------------------------------------------ EUR-Lex text and constructed XHTML


@pytest.mark.parametrize(
    ("label", "start"),
    [
        ("Article 6(1)(f)", "(f)\n\n" + ART_6_1_F),
        ("Article 5(1)(a)", "(a)\n\nprocessed lawfully, fairly and in a transparent manner"),
        ("Article 82(1)", "1.   Any person who has suffered material or non-material damage"),
        ("Article 4(1)", "(1)\n\n‘personal data’ means any information relating to an identified"),
    ],
)
def test_it_finds_paragraphs_and_points_in_the_gdpr_text(label, start):
    parsed = parse_eurlex_text(GDPR_TEXT.read_text(encoding="utf-8"))
    text, _ = unit(parsed, label)
    assert text.startswith(start)


def test_it_leaves_the_eurlex_text_unchanged_and_counts_99_articles():
    original = GDPR_TEXT.read_text(encoding="utf-8")
    parsed = parse_eurlex_text(original)
    assert parsed.text == original
    assert [u.path[0][1] for u in parsed.units if len(u.path) == 1] == [str(n) for n in range(1, 100)]


def test_the_constructed_xhtml_reads_back_to_the_same_units_as_the_text():
    original = GDPR_TEXT.read_text(encoding="utf-8")
    from_text = parse_eurlex_text(original)
    from_xhtml = parse_cellar_xhtml(xhtml_from_eurlex_text(original, title="32016R0679"))
    assert {u.label for u in from_xhtml.units} == {u.label for u in from_text.units}
    text, _ = unit(from_xhtml, "Article 6(1)(f)")
    assert text == f"(f) {ART_6_1_F}"


@pytest.mark.parametrize(
    ("case_number", "celex"),
    [
        ("C-311/18", "62018CJ0311"),
        ("C‑362/14", "62014CJ0362"),  # the non-breaking hyphen of EUR-Lex texts
        ("C-6/64", "61964CJ0006"),
        ("T-1/99", "61999TJ0001"),
        ("C-300/21", "62021CJ0300"),
        ("C-295/04 to C-298/04", None),  # joined cases need a lookup
        ("311/18", None),
    ],
)
def test_it_derives_a_judgments_celex_from_its_case_number(case_number, celex):
    assert celex_for_case(case_number) == celex


@pytest.mark.parametrize(
    ("anchor", "celex"),
    [
        (Anchor("eu:celex:32016R0679"), "32016R0679"),
        (Anchor("eu:case:C-311/18"), "62018CJ0311"),
        (Anchor("eu:ecli:ECLI:EU:C:2020:559"), None),  # not arithmetic: CELLAR's ecli/ space is used
        (Anchor("eu:celex:not a celex"), None),
    ],
)
def test_it_knows_when_a_celex_can_be_derived(anchor, celex):
    assert celex_of(anchor) == celex


# ------------------------------------------------------------------ the resolver on the fake


def resolver(app=None, **options) -> CellarResolver:
    app = app or make_app(DATA / "corpus", DATA / "recorded")
    http = SourceHTTP(transport=httpx.WSGITransport(app=app), sleep=lambda _s: None, **options)
    return CellarResolver(http, base_url=BASE)


def test_it_fetches_the_gdpr_with_its_articles():
    answer = resolver().resolve(Anchor("eu:celex:32016R0679"))
    assert isinstance(answer, Found)
    doc = answer.document
    assert doc.kind is Kind.EU_ACT
    assert doc.url == "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679"
    assert doc.title.startswith("REGULATION (EU) 2016/679")
    text, _ = unit(doc, "Article 6(1)(f)")
    assert text.endswith("in particular where the data subject is a child.")


@pytest.mark.parametrize("key", ["eu:case:C-311/18", "eu:ecli:ECLI:EU:C:2020:559", "eu:celex:62018CJ0311"])
def test_it_fetches_schrems_ii_however_it_is_cited(key):
    answer = resolver().resolve(Anchor(key))
    assert isinstance(answer, Found), answer
    doc = answer.document
    assert doc.key == key
    assert doc.id == "celex:62018CJ0311"
    assert doc.kind is Kind.EU_CASE
    assert doc.date == "2020-07-16"
    assert doc.parties[0] == "Data Protection Commissioner"
    text, _ = unit(doc, "paragraph 1")
    assert text.startswith("1 This reference for a preliminary ruling, in essence, concerns:")


def test_it_waits_out_the_202_while_cellar_renders():
    app = make_app(DATA / "corpus", DATA / "recorded", pending_first=2)
    answer = resolver(app).resolve(Anchor("eu:celex:32024R1689"))
    assert isinstance(answer, Found)
    assert answer.document.retries == 2


def test_it_gives_up_on_a_rendition_that_never_comes_as_unavailable():
    app = make_app(DATA / "corpus", DATA / "recorded", pending_first=10)
    answer = resolver(app, max_retries=2).resolve(Anchor("eu:celex:32024R1689"))
    assert isinstance(answer, Unavailable)
    assert "202" in answer.reason


@pytest.mark.parametrize(
    ("key", "outcome"),
    [
        ("eu:celex:32099R9999", NotFound),
        ("eu:ecli:ECLI:EU:C:2099:1", NotFound),
        ("eu:case:C-295/04 to C-298/04", Misconfigured),
    ],
)
def test_it_separates_unknown_documents_from_underivable_identifiers(key, outcome):
    assert isinstance(resolver().resolve(Anchor(key)), outcome)


@pytest.mark.parametrize(
    "body",
    [
        b"<html><body><h1>Service temporarily unavailable</h1></body></html>",
        b"<html><head><script>awswaf challenge</script></head></html>",
        b'{"not": "html"}',
    ],
)
def test_it_never_judges_against_an_error_page_served_as_200(body):
    http = SourceHTTP(
        transport=httpx.MockTransport(lambda r: httpx.Response(200, content=body)),
        sleep=lambda _s: None,
        max_retries=1,
    )
    answer = CellarResolver(http, base_url=BASE).resolve(Anchor("eu:celex:32016R0679"))
    assert isinstance(answer, Unavailable)


def test_it_asks_for_english_xhtml():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(404)

    CellarResolver(SourceHTTP(transport=httpx.MockTransport(handler)), base_url=BASE).resolve(
        Anchor("eu:celex:32016R0679")
    )
    assert seen[0].url.path == "/celex/32016R0679"
    assert "application/xhtml+xml" in seen[0].headers["Accept"]
    assert seen[0].headers["Accept-Language"] == "eng"


@pytest.mark.parametrize(
    ("celex", "court"),
    [("62018CJ0311", "CJEU"), ("62018TJ0311", "General Court")],
    ids=["court-of-justice", "general-court"],
)
def test_a_judgments_court_is_its_celexs(celex: str, court: str) -> None:
    # issue 15, class 7: the source's court, against which "the General Court ruled in Case C-…" is checked
    body = (DATA / "corpus" / "eu" / "case_law" / "C-311-18.md").read_text(encoding="utf-8")
    doc = document_from_xhtml(html_from_judgment_markdown(body), key=f"eu:celex:{celex}", celex=celex)
    assert doc.court == court
    claimed = Anchor(key=f"eu:celex:{celex}", number="C-311/18", court="General Court")
    mismatched = {i.field for i in compare_anchor(claimed, doc).hard}
    assert ("court" in mismatched) is (court != "General Court")

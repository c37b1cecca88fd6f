"""SAOS: the recorded search answer, date sanity, coverage (what SAOS cannot answer is not a "no"), and the
resolver against the fake SAOS served through a WSGI transport."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import httpx
import pytest

from fakes.saos import make_app
from verifier.model import Anchor, Found, Kind, Misconfigured, NotFound, Unavailable
from verifier.sources.http import SourceHTTP
from verifier.sources.saos.client import (
    SaosResolver,
    court_matches,
    date_problem,
    html_to_text,
    judgment_document,
    not_covered_reason,
    parse_judgment,
    parse_search,
    public_judgment_url,
)

DATA = Path(__file__).resolve().parents[3] / "data"
RECORDED_SEARCH = (
    DATA / "recorded" / "poland_saos" / "search_judgments_all-zona_sortJUDGMENT_DATE_DESC_pageSize10.json"
)
BASE = "http://saos.test/api"


@pytest.fixture(scope="module")
def saos_app():
    return make_app(DATA / "corpus", DATA / "recorded")


def resolver_for(app, **http_options) -> SaosResolver:
    http = SourceHTTP(transport=httpx.WSGITransport(app=app), sleep=lambda _s: None, **http_options)
    return SaosResolver(http, base_url=BASE)


# ------------------------------------------------------------------ recorded search answer


def test_it_reads_every_hit_of_the_recorded_search_answer():
    search = parse_search(RECORDED_SEARCH.read_text(encoding="utf-8"))
    assert search.total == 48371
    assert [h.id for h in search.hits][:3] == [31345, 227221, 484393]
    assert search.hits[0].case_numbers == ("I ACa 772/13",)
    assert search.hits[0].court == "Sąd Apelacyjny w Łodzi"
    assert search.hits[0].division == "I Wydział Cywilny"


@pytest.mark.parametrize(
    ("signature", "recorded_date", "suspect"),
    [
        ("I ACa 772/13", "3013-12-04", True),  # a year 3013 judgment: data-entry error in SAOS
        ("II K 84/16", "2101-04-14", True),
        ("IV Ka 810/22", "2023-12-30", False),
        ("II Ca 785/23", "2023-07-27", False),
    ],
)
def test_it_flags_the_impossible_dates_the_recorded_answer_really_contains(signature, recorded_date, suspect):
    hit = next(
        h for h in parse_search(RECORDED_SEARCH.read_text("utf-8")).hits if signature in h.case_numbers
    )
    assert hit.date == recorded_date
    assert (date_problem(hit.date, today=dt.date(2026, 11, 1)) is not None) is suspect


def test_it_rejects_a_search_answer_that_is_not_a_search_answer():
    with pytest.raises(ValueError, match="items"):
        parse_search(json.dumps({"error": {"httpStatus": "400"}}))
    with pytest.raises(ValueError, match="not valid JSON"):
        parse_search("<html>maintenance</html>")


# ------------------------------------------------------------------ coverage and courts


@pytest.mark.parametrize(
    ("signature", "date", "covered"),
    [
        ("II SA/Wa 123/24", None, False),  # WSA: SAOS has no administrative courts
        ("I OSK 1234/19", None, False),  # NSA
        ("II FSK 55/18", None, False),
        ("II GSK 9/20", None, False),
        ("II SAB/Kr 12/21", None, False),
        ("II CSK 123/19", None, False),  # SN after SAOS's SN data ends (mid-2016)
        ("III CZP 36/02", None, True),  # SN, covered
        ("V CSK 480/18", "2019-03-01", False),
        ("K 24/04", None, True),  # TK 2004, covered
        ("SK 7/19", None, False),  # TK after 2015
        ("I ACa 772/13", None, True),  # common courts: current
        ("IV Ka 810/22", None, True),
        ("II Cz 517/14", None, True),  # regional-court "Cz" is not SN "CZ"
    ],
)
def test_it_knows_which_signatures_saos_cannot_answer_for(signature, date, covered):
    assert (not_covered_reason(signature, date) is None) is covered


@pytest.mark.parametrize(
    ("as_cited", "saos_court", "same"),
    [
        ("SA w Łodzi", "Sąd Apelacyjny w Łodzi", True),
        ("Sąd Apelacyjny w Łodzi", "Sąd Apelacyjny w Łodzi", True),
        ("SA w Lodzi", "Sąd Apelacyjny w Łodzi", True),  # diacritics dropped by the drafter
        ("SA w Krakowie", "Sąd Apelacyjny w Łodzi", False),
        ("SO w Łodzi", "Sąd Apelacyjny w Łodzi", False),
        ("SN", "Sąd Najwyższy", True),
        ("Sąd Okręgowy w Piotrkowie Trybunalskim", "Sąd Okręgowy w Piotrkowie Trybunalskim", True),
    ],
)
def test_it_compares_the_cited_court_with_the_saos_court(as_cited, saos_court, same):
    assert court_matches(as_cited, saos_court) is same


def test_it_turns_common_court_html_into_lines_and_keeps_the_anonymisation():
    html = (DATA / "corpus" / "pl" / "judgments" / "common_courts" / "contentField1961.txt").read_text(
        "utf-8"
    )
    text = html_to_text(html)
    lines = text.split("\n")
    assert lines[0] == "Sygn. akt III AUa 271/12"
    assert "Sąd Apelacyjny we Wrocławiu Wydział III" in lines
    assert "sprawy z wniosku Banku (...) S.A." in text
    assert "<" not in text


# ------------------------------------------------------------------ the resolver on the fake


def test_it_finds_a_supreme_court_resolution_with_its_full_text(saos_app):
    answer = resolver_for(saos_app).resolve(Anchor("pl:case:III CZP 36/02", number="III CZP 36/02"))
    assert isinstance(answer, Found), answer
    doc = answer.document
    assert doc.number == "III CZP 36/02"
    assert doc.date == "2002-07-05"
    assert doc.court == "Sąd Najwyższy"
    assert doc.kind is Kind.JUDGMENT
    assert doc.meta["decision_type"] == "uchwała"
    assert "Gerard Bieniek" in doc.meta["judges"]
    assert doc.parties == ()  # SAOS publishes anonymised judgments
    assert doc.text.startswith("Uchwała z dnia 5 lipca 2002 r., III CZP 36/02")
    assert doc.url.startswith("http://saos.test/judgments/")  # the page, not the API


def test_it_never_passes_an_impossible_saos_date_on_as_the_judgment_date(saos_app):
    answer = resolver_for(saos_app).resolve(Anchor("pl:case:I ACa 772/13"))
    assert isinstance(answer, Found)
    assert answer.document.date is None
    assert "3013-12-04" in answer.document.meta["date_problem"]
    assert answer.document.court == "Sąd Apelacyjny w Łodzi"


@pytest.mark.parametrize(
    ("key", "outcome", "phrase"),
    [
        ("pl:case:I C 999/19", NotFound, "no judgment with the signature I C 999/19"),
        ("pl:case:II SA/Wa 123/24", Misconfigured, "not covered by SAOS"),
        ("pl:case:II CSK 123/19", Misconfigured, "not covered by SAOS"),
        ("pl:act:DU/1964/93", Misconfigured, "only pl:case:"),
    ],
)
def test_it_separates_no_from_cannot_know(saos_app, key, outcome, phrase):
    answer = resolver_for(saos_app).resolve(Anchor(key))
    assert isinstance(answer, outcome)
    assert phrase in answer.reason


def test_it_sends_only_documented_parameters_and_asks_for_json():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path.endswith("/search/judgments"):
            return httpx.Response(200, json={"items": [], "info": {"totalResults": 0}})
        return httpx.Response(404)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _s: None)
    answer = SaosResolver(http, base_url=BASE).resolve(Anchor("pl:case:IV Ka 810/22"))
    assert isinstance(answer, NotFound)
    (request,) = seen
    assert set(request.url.params) <= {"caseNumber", "pageSize", "pageNumber"}
    assert request.url.params["caseNumber"] == "IV Ka 810/22"
    assert request.headers["Accept"] == "application/json"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"<html><body>Przerwa techniczna</body></html>", 200),  # maintenance page with 200
        (b'{"items": [', 200),  # cut-off JSON
        (b"", 200),
        (b"Service Unavailable", 503),
    ],
)
def test_it_reports_garbage_and_outages_as_unavailable_after_retrying(body, status):
    calls = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(status, content=body)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _s: None, max_retries=2)
    answer = SaosResolver(http, base_url=BASE).resolve(Anchor("pl:case:IV Ka 810/22"))
    assert isinstance(answer, Unavailable), answer
    assert answer.retries == 2
    assert len(calls) == 3


def test_it_reports_a_rejected_parameter_as_a_configuration_problem():
    error = {"error": {"httpStatus": "400", "reason": "WRONG REQUEST PARAMETER", "propertyName": "pageSize",
                       "message": "may not be greater than 100"}}  # fmt: skip
    http = SourceHTTP(transport=httpx.MockTransport(lambda r: httpx.Response(400, json=error)))
    answer = SaosResolver(http, base_url=BASE).resolve(Anchor("pl:case:IV Ka 810/22"))
    assert isinstance(answer, Misconfigured)
    assert "WRONG REQUEST PARAMETER: pageSize may not be greater than 100" in answer.reason


def test_it_refuses_to_guess_between_two_courts_with_the_same_signature():
    def item(number: int, city: str) -> dict:
        division = {"name": "I Wydział Cywilny", "court": {"name": f"Sąd Rejonowy w {city}"}}
        case = [{"caseNumber": "I C 12/20"}]
        return {"id": number, "courtCases": case, "judgmentType": "SENTENCE", "courtType": "COMMON",
                "division": division}  # fmt: skip

    items = [item(1, "Kielcach"), item(2, "Toruniu")]
    details = {
        n: {
            "data": {
                **items[n - 1],
                "textContent": f"Wyrok sądu numer {n} " * 30,
                "judgmentDate": "2020-05-05",
            }
        }
        for n in (1, 2)
    }

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/search/judgments"):
            return httpx.Response(200, json={"items": items, "info": {"totalResults": 2}})
        return httpx.Response(200, json=details[int(request.url.path.rsplit("/", 1)[1])])

    resolver = SaosResolver(SourceHTTP(transport=httpx.MockTransport(handler)), base_url=BASE)
    ambiguous = resolver.resolve(Anchor("pl:case:I C 12/20"))
    assert isinstance(ambiguous, Misconfigured)
    assert "Sąd Rejonowy w Kielcach" in ambiguous.reason
    assert "Sąd Rejonowy w Toruniu" in ambiguous.reason
    chosen = resolver.resolve(Anchor("pl:case:I C 12/20", court="SR w Toruniu"))
    assert isinstance(chosen, Found)
    assert chosen.document.court == "Sąd Rejonowy w Toruniu"
    assert chosen.document.text.startswith("Wyrok sądu numer 2")


def test_it_joins_a_sentence_and_its_separately_published_reasons_sentence_first():
    reasons = {
        "id": 8,
        "judgmentType": "REASONS",
        "courtCases": [{"caseNumber": "II Ca 1/20"}],
        "textContent": "<p>UZASADNIENIE</p><p>Sąd zważył.</p>",
        "judges": [{"name": "Jan Kowalski"}],
    }
    sentence = {"id": 7, "judgmentType": "SENTENCE", "courtCases": [{"caseNumber": "II Ca 1/20"}],
                "textContent": "<p>WYROK</p><p>oddala apelację</p>", "judges": [{"name": "Jan Kowalski"}],
                "judgmentDate": "2020-01-02"}  # fmt: skip
    doc = judgment_document([reasons, sentence], key="pl:case:II Ca 1/20", url="u")
    assert doc.text == "WYROK\noddala apelację\n\nUZASADNIENIE\nSąd zważył."
    assert doc.id == "saos:7"
    assert doc.meta["judges"] == "Jan Kowalski"


def test_it_reads_a_judgment_answer_and_refuses_one_without_data():
    data = parse_judgment(json.dumps({"links": [], "data": {"id": 5, "textContent": "x"}}))
    assert data["id"] == 5
    with pytest.raises(ValueError, match="data"):
        parse_judgment(json.dumps({"links": []}))


@pytest.mark.parametrize(
    ("base", "url"),
    [
        ("https://www.saos.org.pl/api", "https://www.saos.org.pl/judgments/42"),
        ("http://127.0.0.1:9/saos/api/", "http://127.0.0.1:9/saos/judgments/42"),
    ],
)
def test_it_links_the_judgment_page_a_lawyer_can_open(base, url):
    assert public_judgment_url(base, 42) == url


# ------------------------------------------------------------------ constructed wire-format samples

EXTRA = DATA / "recorded_extra"  # CONSTRUCTED from the corpus in the documented shape; see its PROVENANCE.md


def test_it_builds_the_document_from_a_whole_judgment_answer():
    data = parse_judgment((EXTRA / "saos_judgment_III_CZP_36-02.json").read_text("utf-8"))
    doc = judgment_document(
        [data], key="pl:case:III CZP 36/02", url="https://www.saos.org.pl/judgments/900003"
    )
    assert (doc.number, doc.date, doc.court) == ("III CZP 36/02", "2002-07-05", "Sąd Najwyższy")
    assert doc.meta["division"] == "Izba Cywilna Wydział II"
    assert "Sąd Najwyższy w sprawie z powództwa" in doc.text
    search = parse_search((EXTRA / "saos_search_caseNumber-III_CZP_36-02.json").read_text("utf-8"))
    assert [h.case_numbers for h in search.hits] == [("III CZP 36/02",)]
    assert search.hits[0].id == data["id"]

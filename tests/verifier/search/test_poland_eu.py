"""Polish and EU search: SAOS against its fake (the recorded search answer and corpus judgments), the ELI act
search against a constructed answer, and the EU look-up by CELEX/ECLI/case number against the recorded GDPR
XHTML. What a lawyer would notice: the real recorded page comes back as it was (48,371 results, snippets
without markup, impossible dates flagged), filters reach SAOS under their documented names, administrative
courts are refused with the reason, and an unknown CELEX is "no results"."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.verifier.conftest import CONSTRUCTED, DATA, Recorder, quiet_http
from verifier.model import Kind
from verifier.search.poland import PolandSearch
from verifier.sources.cellar.client import CellarResolver
from verifier.sources.cellar.search import EuSearch, anchor_for
from verifier.sources.eli.client import EliResolver
from verifier.sources.saos.client import SaosResolver

GDPR = DATA / "recorded" / "eu_eurlex_cellar" / "philrox_gdpr-32016R0679-abridged.xhtml"


@pytest.fixture
def saos(saos_app: Callable[..., Any]) -> Iterator[tuple[PolandSearch, Recorder]]:
    recorder = Recorder(saos_app)
    http = quiet_http(httpx.WSGITransport(app=recorder))
    eli_http = quiet_http(httpx.MockTransport(lambda r: httpx.Response(500)))
    yield (
        PolandSearch(
            SaosResolver(http, base_url="http://fake/api"), EliResolver(eli_http, base_url="http://e")
        ),
        recorder,
    )
    http.close()


def test_it_replays_the_recorded_saos_page_as_it_was(saos: tuple[PolandSearch, Recorder]) -> None:
    search, recorder = saos
    page = search.judgments(all="żona", display=10)
    assert recorder.last("sortingField") == "JUDGMENT_DATE"
    assert recorder.last("pageNumber") == "0"
    assert page.total == 48371
    assert len(page.hits) == 10
    first = next(h for h in page.hits if h.id == "484393")
    assert first.number == "IV Ka 810/22"
    assert first.court == "Sąd Okręgowy w Piotrkowie Trybunalskim"
    assert first.url.endswith("/judgments/484393")
    assert all("<em>" not in h.snippet for h in page.hits)
    assert any("żony" in h.snippet for h in page.hits)


def test_it_flags_the_impossible_dates_saos_really_has(saos: tuple[PolandSearch, Recorder]) -> None:
    search, _ = saos
    page = search.judgments(all="żona", display=10)
    flagged = [n for n in page.notes if "impossible date" in n]
    assert any("3013-12-04" in n for n in flagged)
    assert all(h.date is None or "1918" <= h.date[:4] <= "2100" for h in page.hits)


@pytest.mark.parametrize(
    ("kwargs", "sent"),
    [
        ({"case_number": "IV Ka 810/22"}, {"caseNumber": "IV Ka 810/22"}),
        ({"all": "alimenty", "court_type": "SN"}, {"all": "alimenty", "courtType": "SUPREME"}),
        ({"all": "x", "court_type": "common"}, {"courtType": "COMMON"}),
        ({"all": "x", "court_type": "TK"}, {"courtType": "CONSTITUTIONAL_TRIBUNAL"}),
        ({"judge": "Anna Kowalska"}, {"judgeName": "Anna Kowalska"}),
        (
            {"all": "x", "date_from": "2020-01-01", "date_to": "20201231"},
            {"judgmentDateFrom": "2020-01-01", "judgmentDateTo": "2020-12-31"},
        ),
        ({"referenced_regulation": "Kodeks cywilny"}, {"referencedRegulation": "Kodeks cywilny"}),
        ({"all": "x", "page": 3, "display": 500}, {"pageNumber": "2", "pageSize": "100"}),
    ],
)
def test_it_sends_saos_filters_under_their_documented_names(
    saos: tuple[PolandSearch, Recorder], kwargs: dict[str, Any], sent: dict[str, str]
) -> None:
    search, recorder = saos
    search.judgments(**kwargs)
    for name, value in sent.items():
        assert recorder.last(name) == value


def test_it_sends_each_keyword_as_its_own_parameter(saos: tuple[PolandSearch, Recorder]) -> None:
    search, recorder = saos
    search.judgments(keywords=["swobodna ocena dowodów", "alimenty"])
    assert recorder.queries[-1]["keywords"] == ["swobodna ocena dowodów", "alimenty"]


def test_it_finds_a_corpus_judgment_by_signature_and_opens_its_full_text(
    saos: tuple[PolandSearch, Recorder],
) -> None:
    search, _ = saos
    hit = search.judgments(case_number="IV Ka 810/22").hits[0]
    document = search.judgment(hit.id)
    assert document.key == "pl:case:IV Ka 810/22"
    assert document.origin == "saos"
    assert document.text


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"all": "x", "court_type": "NSA"}, "no administrative court judgments"),
        ({"all": "x", "court_type": "administrative"}, "no administrative court judgments"),
        ({"all": "x", "court_type": "rejonowy sąd"}, "unknown court type"),
        ({}, "give words"),
        ({"all": "x", "date_from": "1.1.2020"}, "date_from must be a date"),
        ({"all": "x", "date_from": "2021-01-01", "date_to": "2020-01-01"}, "is after"),
    ],
)
def test_it_refuses_what_saos_cannot_answer_before_asking(
    saos: tuple[PolandSearch, Recorder], kwargs: dict[str, Any], message: str
) -> None:
    search, recorder = saos
    asked = len(recorder.queries)
    with pytest.raises(ValueError, match=message):
        search.judgments(**kwargs)
    assert len(recorder.queries) == asked


# --------------------------------------------------------------------------------- ELI (constructed)


@pytest.fixture
def eli() -> Iterator[tuple[PolandSearch, list[httpx.Request]]]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path.endswith("/acts/search") and request.url.params.get("title") == "Kodeks":
            return httpx.Response(
                200, content=(CONSTRUCTED / "eli_acts_search_title-kodeks.json").read_bytes()
            )
        if request.url.path.endswith("/acts/search"):
            return httpx.Response(200, content=b'{"count": 0, "totalCount": 0, "offset": 0, "items": []}')
        return httpx.Response(404)

    http = quiet_http(httpx.MockTransport(handler))
    saos_http = quiet_http(httpx.MockTransport(lambda r: httpx.Response(500)))
    yield PolandSearch(SaosResolver(saos_http), EliResolver(http, base_url="http://eli")), seen
    http.close()


@pytest.mark.parametrize(
    ("in_force", "elis", "param"),
    [(None, ["DU/1964/93", "DU/1932/616"], None), (True, ["DU/1964/93"], "1"), (False, ["DU/1932/616"], "0")],
)
def test_it_searches_acts_by_title_and_checks_the_in_force_answer(
    eli: tuple[PolandSearch, list[httpx.Request]], in_force: bool | None, elis: list[str], param: str | None
) -> None:
    search, seen = eli
    page = search.acts(title="Kodeks", in_force=in_force, display=10, page=2)
    assert [h.id for h in page.hits] == elis
    assert seen[-1].url.params.get("inForce") == param
    assert (seen[-1].url.params["limit"], seen[-1].url.params["offset"]) == ("10", "10")
    assert page.hits[0].number in ("Dz.U. 1964 nr 16 poz. 93", "Dz.U. 1932 nr 60 poz. 616")


def test_it_shows_no_acts_as_no_results(eli: tuple[PolandSearch, list[httpx.Request]]) -> None:
    search, _ = eli
    page = search.acts(title="nieistniejąca ustawa", year=2099)
    assert page.hits == ()
    assert page.total == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({}, "give a title"), ({"year": "64"}, "four digits")],
)
def test_it_refuses_an_act_search_without_criteria(
    eli: tuple[PolandSearch, list[httpx.Request]], kwargs: dict[str, Any], message: str
) -> None:
    search, _ = eli
    with pytest.raises(ValueError, match=message):
        search.acts(**kwargs)


# ------------------------------------------------------------------------------------------------ EU


@pytest.mark.parametrize(
    ("identifier", "key"),
    [
        ("32016R0679", "eu:celex:32016R0679"),
        ("CELEX:32016R0679", "eu:celex:32016R0679"),
        ("celex:32016r0679", "eu:celex:32016R0679"),
        ("ECLI:EU:C:2015:650", "eu:ecli:ECLI:EU:C:2015:650"),
        ("ecli:eu:c:2015:650", "eu:ecli:ECLI:EU:C:2015:650"),
        ("C-362/14", "eu:case:C-362/14"),
        ("Case C - 362 / 14", "eu:case:C-362/14"),
        ("T-1/99", "eu:case:T-1/99"),
    ],
)
def test_it_reads_every_eu_identifier_a_draft_uses(identifier: str, key: str) -> None:
    assert anchor_for(identifier).key == key


@pytest.mark.parametrize("identifier", ["", "GDPR", "ECLI:PL:SN:2019:1", "2016/679"])
def test_it_refuses_what_is_not_an_eu_identifier(identifier: str) -> None:
    with pytest.raises(ValueError, match=r"CELEX|case number"):
        anchor_for(identifier)


@pytest.fixture
def cellar() -> Iterator[tuple[EuSearch, list[httpx.Request]]]:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path.endswith("/celex/32016R0679"):
            return httpx.Response(
                200, content=GDPR.read_bytes(), headers={"Content-Type": "application/xhtml+xml"}
            )
        return httpx.Response(404)

    http = quiet_http(httpx.MockTransport(handler))
    yield EuSearch(CellarResolver(http, base_url="http://cellar/resource")), seen
    http.close()


def test_it_looks_up_a_celex_and_keeps_the_body_for_the_preview(
    cellar: tuple[EuSearch, list[httpx.Request]],
) -> None:
    search, seen = cellar
    page, document = search.lookup("CELEX:32016R0679")
    assert len(seen) == 1
    assert [h.number for h in page.hits] == ["32016R0679"]
    assert page.hits[0].url == "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679"
    assert document is not None
    assert document.kind is Kind.EU_ACT
    assert "This Regulation lays down rules" in document.text


def test_it_shows_an_unknown_celex_as_no_results(cellar: tuple[EuSearch, list[httpx.Request]]) -> None:
    search, _ = cellar
    page, document = search.lookup("32099R9999")
    assert page.hits == ()
    assert document is None

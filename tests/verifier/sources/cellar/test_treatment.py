"""EU judgments cited later and EU acts repealed, against the fake CELLAR in the W3C SPARQL JSON shape.

Real data: the citation relation is read off the real judgment texts of the corpus (tests/data/corpus/eu/
case_law: C-300/21 of 4 May 2023 names C-311/18; C-311/18 names C-362/14 nineteen times). The repeal is
Article 94(1) of the GDPR (tests/data/corpus/eu/legislation/32016R0679): "Directive 95/46/EC is repealed with
effect from 25 May 2018", so CELLAR's end of validity of 31995L0046 is taken as 2018-05-24; the GDPR is dated
27 April 2016. No CELLAR SPARQL answer was recorded: the facts are passed to the fake and said here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import parse_qs

import httpx
import pytest

from fakes import cellar
from verifier.citations import extract_claims
from verifier.history.lookup import HistoryLookup
from verifier.sources.cellar.client import CellarResolver
from verifier.sources.cellar.history import EuActHistory
from verifier.sources.cellar.treatment import EuJudgmentTreatment, case_number
from verifier.sources.history_store import MemoryStore
from verifier.sources.http import SourceHTTP
from verifier.sources.treatment import Treatment
from verifier.sources.versions import NotChecked
from verifier.verify import verify_claim

DATA = Path(__file__).resolve().parents[3] / "data"
TODAY = dt.date(2026, 12, 1)
REPEALED_BY = {"31995L0046": [("32016R0679", "2016-04-27")]}
END_OF_VALIDITY = {"31995L0046": "2018-05-24"}
# a real sentence of C-311/18 (paragraph 84, its links dropped) citing the directive's article
C311_SENTENCE = (
    "As to whether such an operation may be regarded as being excluded from the scope of the GDPR under "
    "Article\u00a02(2) thereof, it should be noted that that provision lays down exceptions to the scope of "
    "that regulation, as defined in Article\u00a02(1) thereof, which must be interpreted strictly (see, by "
    "analogy, as regards Article\u00a03(2) of Directive 95/46, judgment of 10\u00a0July 2018, Jehovan "
    "todistajat, C\u201125/17, EU:C:2018:551, paragraph\u00a037)."
)


@pytest.fixture(scope="module")
def app():
    return cellar.make_app(
        DATA / "corpus", DATA / "recorded", repealed_by=REPEALED_BY, end_of_validity=END_OF_VALIDITY
    )


def clients(app, seen: list[httpx.Request], *, sparql_down: bool = False):
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if sparql_down and request.url.path.endswith("/sparql"):
            return httpx.Response(503, text="Service Unavailable")
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=0)
    resolver = CellarResolver(http, base_url="http://cellar")
    store = MemoryStore()
    sparql = "http://cellar/sparql"
    treatment = EuJudgmentTreatment(resolver, sparql_url=sparql, store=store, today=lambda: TODAY)
    history = EuActHistory(resolver, sparql_url=sparql, store=store, today=lambda: TODAY)
    return resolver, treatment, history


def test_a_later_judgment_citing_it_is_listed_as_cited_with_its_number_and_date(app) -> None:
    seen: list[httpx.Request] = []
    _, treatment, _ = clients(app, seen)
    result = treatment.later_treatment("62018CJ0311")
    assert isinstance(result, Treatment), result
    [later] = result.decisions
    assert (later.number, later.court, later.date, later.relation) == (
        "C-300/21",
        "CJEU",
        "2023-05-04",
        "cited",
    )
    assert later.url == "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:62021CJ0300"
    assert "cdm:work_cites_work for 62018CJ0311" in result.scanned
    [request] = seen  # one query, by CELEX only
    query = parse_qs(request.url.query.decode())["query"][0]
    assert '"62018CJ0311"^^xsd:string' in query
    assert "cdm:work_cites_work" in query


def test_a_judgment_no_later_one_cites_has_an_empty_list(app) -> None:
    result = clients(app, [])[1].later_treatment("62021CJ0300")
    assert isinstance(result, Treatment)
    assert result.decisions == ()


def test_the_judgment_a_corpus_judgment_cites_is_answered_from_its_real_text(app) -> None:
    # C-362/14 (Schrems) is not in the corpus, but C-311/18 names it: CELLAR's relation runs from C-311/18
    result = clients(app, [])[1].later_treatment("62014CJ0362")
    assert isinstance(result, Treatment)
    assert [d.number for d in result.decisions] == ["C-311/18"]


def test_sparql_down_is_not_checked_and_an_act_is_not_a_judgment(app) -> None:
    down = clients(app, [], sparql_down=True)[1].later_treatment("62018CJ0311")
    assert isinstance(down, NotChecked)
    assert "62018CJ0311" in down.why
    act = clients(app, [])[1].later_treatment("32016R0679")
    assert isinstance(act, NotChecked)
    assert "sector 6" in act.why


@pytest.mark.parametrize(("celex", "number"), [("62018CJ0311", "C-311/18"), ("62014TJ0001", "T-1/14")])
def test_case_numbers_of_celex(celex: str, number: str) -> None:
    assert case_number(celex) == number


# ------------------------------------------------------------------------- a repealed act (Directive 95/46)


def test_the_repeal_of_directive_95_46_carries_its_effective_date(app) -> None:
    [repeal] = clients(app, [])[2].repealed_by("31995L0046")
    assert (repeal.by, repeal.date, repeal.end, repeal.effective) == (
        "32016R0679",
        "2016-04-27",
        "2018-05-24",
        "2018-05-25",
    )


def directive_finding(app, as_of: str, seen: list[httpx.Request] | None = None):
    resolver, _, history = clients(app, seen if seen is not None else [])
    lookup = HistoryLookup(eu=history)
    [claim] = [
        c
        for c in extract_claims(C311_SENTENCE, lang="en")
        if c.citation.anchor is not None and c.citation.anchor.key == "eu:celex:31995L0046"
    ]
    assert claim.citation.anchor is not None
    resolution = resolver.resolve(claim.citation.anchor)
    measure = lookup.lookup(claim, resolution, as_of=as_of)
    return measure, verify_claim(claim, resolution, finding_id="C1", lang="en", as_of=as_of, history=measure)


def test_a_directive_cited_after_its_repeal_is_flagged_with_the_date(app) -> None:
    measure, finding = directive_finding(app, "2026-12-01")
    assert measure is not None
    assert measure.repeal is not None
    assert finding.is_hard_block
    text = " ".join((finding.rationale, *finding.notes))
    assert "CELEX 31995L0046 was repealed by CELEX 32016R0679 with effect from 2018-05-25" in text
    assert finding.history is not None
    assert finding.history.note is not None
    assert finding.history.note.key == "act_repealed"


def test_a_directive_cited_as_of_a_day_before_the_repeal_is_not_flagged(app) -> None:
    measure, finding = directive_finding(app, "2018-05-24")
    assert measure is None or measure.repeal is None
    assert "repealed" not in " ".join((finding.rationale, *finding.notes))


def test_the_gdpr_is_not_repealed_and_is_checked_as_before(app) -> None:
    _, _, history = clients(app, [])
    assert history.repealed_by("32016R0679") == ()

"""Later treatment of a Polish judgment in SAOS, against the fake SAOS serving the real SAOS test export
(tests/data/corpus/pl/judgments, CeON/saos test resources, PROVENANCE): the regional courts' appeal judgments
there name the district-court judgments they changed — SO Bydgoszcz II Ca 174/13 (10 October 2013) "na
skutek apelacji pozwanego od wyroku Sądu Rejonowego w Bydgoszczy z dnia 18 grudnia 2012r. sygn. akt. I C
4147/12 I. zmienia zaskarżony wyrok", SO Bydgoszcz VIII Ga 223/13 (VIII GC 1045/13), SO Kraków II Ca 2026/13
(I C 1392/11/N). The district-court judgments themselves are not in the export, so they are asked for by
signature. No real Supreme Court text departing from an earlier judgment is in the export or was found
recorded: the "departed" path is tested on the real sentences that must NOT count (a negated departure
recorded from SAOS by a public client, "odstąpienie od zasady lex retro non agit" in III CZP 36/02)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import parse_qs

import httpx
import pytest

from fakes import saos
from verifier.model import Cause
from verifier.sources.history_store import MemoryStore
from verifier.sources.http import SourceHTTP
from verifier.sources.saos.client import SaosResolver
from verifier.sources.saos.treatment import PolishJudgmentTreatment, court_level, departs, treatment_of
from verifier.sources.treatment import Treatment
from verifier.sources.versions import NotChecked

DATA = Path(__file__).resolve().parents[3] / "data"
TODAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def app():
    return saos.make_app(DATA / "corpus", DATA / "recorded")


def client(app, seen: list[httpx.Request], *, fail: str = "", store: MemoryStore | None = None):
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if fail and fail in request.url.path:
            return httpx.Response(503, text="<html>przerwa techniczna</html>")
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=0)
    resolver = SaosResolver(http, base_url="http://fake/api")
    return PolishJudgmentTreatment(resolver, store=store or MemoryStore(), today=lambda: TODAY)


def treated(result: Treatment | NotChecked) -> Treatment:
    assert isinstance(result, Treatment), result
    return result


@pytest.mark.parametrize(
    ("signature", "decided", "number", "court", "date", "relation", "words"),
    [
        (
            "I C 4147/12",
            "2012-12-18",
            "II Ca 174/13",
            "Sąd Okręgowy w Bydgoszczy",
            "2013-10-10",
            "changed",
            "od wyroku Sądu Rejonowego w Bydgoszczy z dnia 18 grudnia 2012r. sygn. akt. I C 4147/12 I. "
            "zmienia zaskarżony wyrok",
        ),
        (
            "VIII GC 1045/13",
            None,
            "VIII Ga 223/13",
            "Sąd Okręgowy w Bydgoszczy",
            "2014-03-31",
            "changed",
            "sygn. akt VIII GC 1045/13 upr I. zmienia zaskarżony wyrok w ten sposób",
        ),
        (
            "I C 1392/11",  # printed "I C 1392/11/N": the seat's letter after the signature
            None,
            "II Ca 2026/13",
            "Sąd Okręgowy w Krakowie",
            "2014-02-27",
            "changed",
            "sygnatura akt I C 1392/11/N 1. zmienia zaskarżony wyrok",
        ),
    ],
)
def test_a_judgment_changed_on_appeal_is_found_with_the_appeal_judgment_and_its_words(
    app, signature, decided, number, court, date, relation, words
) -> None:
    seen: list[httpx.Request] = []
    result = treated(client(app, seen).later_treatment(signature, decided=decided))
    [later] = result.decisions
    assert (later.number, later.court, later.date, later.relation) == (number, court, date, relation)
    assert words in later.excerpt
    assert later.excerpt.startswith(("na skutek apelacji", "apelacji"))
    assert later.url is not None
    assert later.url.startswith("http://fake/judgments/")
    # only the signature left the machine: one phrase search, then the bodies of its hits
    query = parse_qs(seen[0].url.query.decode())
    assert query["all"] == [f'"{signature}"']
    assert query["sortingField"] == ["JUDGMENT_DATE"]
    assert query["sortingDirection"] == ["DESC"]
    assert (query.get("judgmentDateFrom") or [None])[0] == decided
    assert all(r.url.path.startswith(("/api/search/judgments", "/api/judgments/")) for r in seen)
    assert f'SAOS full-text search for "{signature}"' in result.scanned


def test_a_supreme_court_resolution_cited_by_courts_is_cited_not_negative(app) -> None:
    # III CZP 76/10 (SN, 22 October 2010) is named by three regional-court judgments of the export, each
    # agreeing with it ("podziela pogląd Sądu Najwyższego wyrażony w uchwale …"): a lower court cannot set
    # aside the SN, and none departs from it
    result = treated(client(app, []).later_treatment("III CZP 76/10", court="Sąd Najwyższy"))
    assert sorted(d.number for d in result.decisions) == ["II Ca 174/13", "II Ca 72/13", "II Ca 773/14"]
    assert {d.relation for d in result.decisions} == {"cited"}
    assert [d.date for d in result.decisions] == sorted((d.date for d in result.decisions), reverse=True)
    assert any("podziela pogląd Sądu Najwyższego" in d.excerpt for d in result.decisions)


def test_an_sn_resolution_naming_an_earlier_one_without_departing_is_cited(app) -> None:
    # III CZP 36/02 names III CZP 24/90 ("por. np. uchwały Sądu Najwyższego z dnia 17 maja 1990 r., …") and
    # speaks of "odstąpienie od zasady lex retro non agit" — a principle, not the resolution
    [later] = treated(client(app, []).later_treatment("III CZP 24/90")).decisions
    assert (later.number, later.court, later.relation) == ("III CZP 36/02", "Sąd Najwyższy", "cited")


def test_the_cited_judgment_itself_and_a_judgment_naming_nothing_are_not_treatment(app) -> None:
    result = treated(client(app, []).later_treatment("II Ca 174/13", decided="2013-10-10"))
    assert result.decisions == ()
    assert result.hits == 1  # its own text names it
    assert result.read == 0


def test_a_signature_is_not_found_inside_a_longer_one(app) -> None:
    # "I C 4147/1" is a prefix of the real "I C 4147/12"; the fake's phrase search finds no such words
    result = treated(client(app, []).later_treatment("I C 4147/1"))
    assert result.decisions == ()


def test_saos_failing_is_not_checked_with_the_reason_never_a_clean_bill(app) -> None:
    result = client(app, [], fail="/search/").later_treatment("I C 4147/12")
    assert isinstance(result, NotChecked)
    assert result.cause in {Cause.UPSTREAM_ERROR, Cause.TIMED_OUT, Cause.UNREACHABLE}
    assert "I C 4147/12" in result.why
    body_down = client(app, [], fail="/judgments/9").later_treatment("I C 4147/12")
    assert isinstance(body_down, NotChecked)
    assert "could not be read" in body_down.why


def test_the_answer_is_kept_for_the_day_and_bodies_for_good(app) -> None:
    store = MemoryStore()
    seen: list[httpx.Request] = []
    first = treated(client(app, seen, store=store).later_treatment("I C 4147/12"))
    asked = len(seen)
    again = treated(client(app, seen, store=store).later_treatment("I C 4147/12"))
    assert len(seen) == asked  # nothing asked twice the same day
    assert again == first
    assert store.get("saos_body", f"saos:{first.decisions[0].serial}") is not None


# --------------------------------------------------------------- the text rules, on real sentences


@pytest.mark.parametrize(
    ("name", "court_type", "rank"),
    [
        ("Sąd Najwyższy", None, 4),
        (None, "SUPREME", 4),
        ("Sąd Apelacyjny we Wrocławiu", None, 3),
        ("Sąd Okręgowy w Bydgoszczy", None, 2),
        ("Sąd Rejonowy dla Warszawy Pragi-Północ w W.", None, 1),
        ("Trybunał Konstytucyjny", "CONSTITUTIONAL_TRIBUNAL", None),
    ],
)
def test_court_ranks(name, court_type, rank) -> None:
    assert court_level(name, court_type) == rank


def test_a_court_at_the_same_level_does_not_set_aside() -> None:
    from verifier.sources.local import CorpusResolver

    [doc] = [
        d
        for d in CorpusResolver(DATA / "corpus", jurisdictions=("pl",)).documents()
        if d.number == "II Ca 174/13"
    ]
    # the same real text read as if it came from another regional court: no hierarchy, no negative treatment
    assert treatment_of(doc.text, "I C 4147/12", later_rank=2, cited_rank=2)[0] == "cited"
    assert treatment_of(doc.text, "I C 4147/12", later_rank=2, cited_rank=None)[0] == "changed"


# Real sentences: the first three as recorded from SAOS judgments by a public client's phrase table
# (docs/CITE-CHECK.md of a "saos_cite_check" tool, found through the code search: exemplars "confirmed
# verbatim in the listed judgment's text", e.g. II C 94/16 of 2024-10-25, SAOS id 532732); the last two from
# the export (III CZP 36/02, II Ca 2026/13).
@pytest.mark.parametrize(
    ("sentence", "departs_from_it"),
    [
        ("Sąd odstępuje od poglądu wyrażonego w uzasadnieniu wyroku częściowego", True),
        ("Sąd odstąpił od poglądu wyrażonego we wskazanej wyżej uchwale", True),
        ("nie ma podstaw, aby odstąpić od poglądu wyrażonego przez", False),
        ("brzmienie tego przepisu nie daje podstaw do odstąpienia od zasady wyrażonej w art.3 k.c.", False),
        ("na podstawie art. 493 § 2 kc odstępuje od zawartej umowy menadżerskiej", False),
    ],
)
def test_what_counts_as_departing_from_a_view(sentence: str, departs_from_it: bool) -> None:
    assert departs(sentence) is departs_from_it

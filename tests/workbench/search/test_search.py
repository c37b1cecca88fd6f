"""Search in the workbench against the fake sources over a real socket (real corpus, recorded answers): a red
Korean statute finding is offered the paragraph that says what the draft quotes; the panel filters precedents
by court and date, previews with the query marked, and "use as source" re-verifies at once; lists are cached
for an hour and terms for a day; searches and choices are audited; access follows the matter."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from fakes.server import FakeSources
from tests.conftest import DATA
from tests.workbench.factories import PIPA_MISQUOTE, checked_review

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    # The shared `people` fixture hashes four passwords with the production hasher (seconds per test).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="module")
def fake_sources() -> Iterator[FakeSources]:
    # Building the fake's catalogues takes seconds: one server for the module, settings per test.
    with FakeSources(data_dir=DATA) as fake:
        yield fake


@pytest.fixture
def sources(settings, fake_sources: FakeSources) -> Iterator[FakeSources]:
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router

    for name, value in fake_sources.base_urls.items():
        setattr(settings, name, value)
    settings.LAWGOKR_OC = "tester-oc"
    settings.WORKBENCH_LOCAL_ONLY = False
    reset_router()
    cache.clear()
    fake_sources.clear_requests()
    yield fake_sources
    reset_router()
    cache.clear()


@pytest.fixture
def red(people, sources):
    """A review whose only finding is the 🔴 of PIPA_MISQUOTE, checked through the real pipeline against the
    fake."""
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(PIPA_MISQUOTE, name="memo.md"), title="PIPA memo")
    finding = review.findings.get()
    assert finding.status == "unverified"
    sources.clear_requests()
    return review, finding


def url(name: str, review: Any, finding: Any) -> str:
    return reverse(name, args=[review.pk, finding.pk])


def events(review: Any, kind: str) -> list[dict[str, Any]]:
    return [e.payload for e in review.audit_events.filter(kind=kind).order_by("seq")]


def lawgokr_requests(fake: FakeSources) -> list[Any]:
    return [r for r in fake.requests if r.path.startswith("/lawgokr/")]


# ----------------------------------------------------------------------------------------- suggestions


def test_it_suggests_the_paragraph_that_says_what_the_draft_quotes(red, client_for) -> None:
    review, finding = red
    response = client_for("associate").get(url("finding_suggestions", review, finding), **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Did you mean 제17조 제1항?" in html
    assert "제15조 제1항?" not in html
    finding.refresh_from_db()
    assert finding.status == "unverified"  # shown, never applied
    assert events(review, "source_search_chosen") == []


def test_the_evidence_view_carries_the_panel_and_loads_suggestions_for_a_hard_block(red, client_for) -> None:
    review, finding = red
    html = client_for("associate").get(reverse("finding", args=[review.pk, finding.pk])).content.decode()
    assert "Find the right authority" in html
    assert url("finding_suggestions", review, finding) in html
    assert url("finding_search", review, finding) in html


# -------------------------------------------------------------------------------------- search + filters


@pytest.mark.parametrize(
    ("filters", "shown", "hidden", "sent"),
    [
        ({}, ["2015두41401", "2015두48136"], [], {}),
        ({"court": "대법원"}, ["2015두41401", "2015두48136"], [], {"org": "400201"}),
        (
            {"court": "supreme", "date_from": "2015-11-01", "date_to": "2015-12-31"},
            ["2015두48136"],
            ["2015두41401"],
            {"org": "400201", "prncYd": "20151101~20151231"},
        ),
    ],
)
def test_it_filters_precedents_by_court_and_date_and_audits_the_search(
    red,
    client_for,
    sources,
    filters: dict[str, str],
    shown: list[str],
    hidden: list[str],
    sent: dict[str, str],
) -> None:
    review, finding = red
    query = {"collection": "prec", "query": "부당해고구제재심판정취소", **filters}
    response = client_for("associate").get(url("finding_search", review, finding), query, **HX)
    html = response.content.decode()
    for number in shown:
        assert number in html
    for number in hidden:
        assert number not in html
    asked = lawgokr_requests(sources)[-1]
    for name, value in sent.items():
        assert asked.param(name) == value
    audited = events(review, "source_search")[-1]
    assert audited["params"]["collection"] == "prec"
    assert audited["params"]["query"] == "부당해고구제재심판정취소"
    assert audited["cached"] is False
    assert len(audited["shown"]) == len(shown)


@pytest.mark.parametrize(("asked", "sent"), [("500", "100"), ("0", "1"), ("-7", "1"), ("abc", "20")])
def test_it_clamps_the_page_size_it_sends(red, client_for, sources, asked: str, sent: str) -> None:
    review, finding = red
    query = {"collection": "law", "query": "민법", "display": asked}
    client_for("associate").get(url("finding_search", review, finding), query, **HX)
    assert lawgokr_requests(sources)[-1].param("display") == sent


def test_it_pages_through_results(red, client_for, sources) -> None:
    review, finding = red
    html = (
        client_for("associate")
        .get(
            url("finding_search", review, finding), {"collection": "law", "query": "법", "display": "2"}, **HX
        )
        .content.decode()
    )
    assert "page 1 of" in html
    next_link = re.search(r'href="(\?[^"]*page=2[^"]*)"', html)
    assert next_link is not None
    second = client_for("associate").get(
        url("finding_search", review, finding) + next_link.group(1).replace("&amp;", "&"), **HX
    )
    assert "page 2 of" in second.content.decode()
    assert lawgokr_requests(sources)[-1].param("page") == "2"


def test_it_caches_lists_for_an_hour_and_terms_for_a_day(red, client_for, sources, monkeypatch) -> None:
    from workbench.search import services as search

    review, finding = red
    timeouts: list[tuple[str, int]] = []
    real_set = search.cache.set

    def recording_set(key: str, value: Any, timeout: int | None = None) -> None:
        timeouts.append((getattr(value, "collection", "?"), timeout or 0))
        real_set(key, value, timeout)

    monkeypatch.setattr(search.cache, "set", recording_set)
    client = client_for("associate")
    params = {"collection": "prec", "query": "업무방해"}
    client.get(url("finding_search", review, finding), params, **HX)
    asked = len(lawgokr_requests(sources))
    client.get(url("finding_search", review, finding), params, **HX)
    assert len(lawgokr_requests(sources)) == asked  # the second search came from the cache
    assert [e["cached"] for e in events(review, "source_search")] == [False, True]
    client.get(url("finding_search", review, finding), {"collection": "lstrm", "query": "공탁"}, **HX)
    assert ("prec", 3600) in timeouts
    assert ("lstrm", 86400) in timeouts


def test_it_shows_an_empty_answer_as_no_results(red, client_for) -> None:
    review, finding = red
    html = (
        client_for("associate")
        .get(url("finding_search", review, finding), {"collection": "detc", "query": "촛불집회"}, **HX)
        .content.decode()
    )
    assert "No results." in html
    assert "search-error" not in html


def test_it_shows_an_upstream_failure_plainly_with_a_retry(red, client_for, monkeypatch) -> None:
    from verifier.search.dispatch import Searcher
    from verifier.sources.errors import TransientError
    from workbench.search import services as search

    class Failing(Searcher):
        def search(self, params: Any) -> Any:
            raise TransientError("law.go.kr failed with HTTP 503")

    monkeypatch.setattr(search, "searcher", lambda: Failing(korea=None, poland=None, eu=None))
    review, finding = red
    html = (
        client_for("associate")
        .get(url("finding_search", review, finding), {"collection": "prec", "query": "업무방해"}, **HX)
        .content.decode()
    )
    assert "law.go.kr failed with HTTP 503" in html
    assert "Try again" in html
    assert events(review, "source_search")[-1]["error"] == "law.go.kr failed with HTTP 503"


def test_it_says_why_when_the_api_is_not_enabled_for_the_key(red, client_for, settings) -> None:
    from workbench.pipeline.sources import reset_router

    settings.LAWGOKR_OC = "unsubscribed"
    reset_router()
    review, finding = red
    html = (
        client_for("associate")
        .get(url("finding_search", review, finding), {"collection": "prec", "query": "업무방해"}, **HX)
        .content.decode()
    )
    assert "미신청" in html
    assert "Try again" not in html  # a configuration problem does not go away by asking again


def test_it_refuses_bad_filters_with_the_reason(red, client_for) -> None:
    review, finding = red
    html = (
        client_for("associate")
        .get(
            url("finding_search", review, finding),
            {"collection": "prec", "query": "업무방해", "case_type": "살인"},
            **HX,
        )
        .content.decode()
    )
    assert "unknown case type" in html


# ---------------------------------------------------------------------------------- preview and choice


def prec_serial(client: Any, review: Any, finding: Any, number: str) -> str:
    html = client.get(
        url("finding_search", review, finding), {"collection": "prec", "query": number}, **HX
    ).content.decode()
    m = re.search(r'data-collection="prec" data-id="(\d+)"', html)
    assert m is not None, html
    return m.group(1)


def test_it_previews_a_hit_with_the_query_marked_and_keeps_the_body(red, client_for, sources) -> None:
    review, finding = red
    client = client_for("associate")
    serial = prec_serial(client, review, finding, "2004도4869")
    preview = url("finding_search_preview", review, finding)
    html = client.get(preview, {"collection": "prec", "id": serial, "q": "업무방해"}, **HX).content.decode()
    assert "<mark>업무방해</mark>" in html
    assert "Use as source for C1" in html
    fetched = len(lawgokr_requests(sources))
    client.get(preview, {"collection": "prec", "id": serial, "q": "업무방해"}, **HX)
    assert len(lawgokr_requests(sources)) == fetched  # the body is kept, not fetched again


def test_using_a_hit_as_the_source_attaches_it_and_verifies_again_at_once(red, client_for) -> None:
    review, finding = red
    client = client_for("associate")
    serial = prec_serial(client, review, finding, "2004도4869")
    response = client.post(
        url("finding_search_use", review, finding), {"collection": "prec", "id": serial, "q": "2004도4869"}
    )
    assert response.status_code == 302
    finding.refresh_from_db()
    assert finding.snapshot is not None
    assert (
        finding.snapshot.key == "kr:law:개인정보보호법"
    )  # answers the draft's citation, in this matter only
    assert finding.snapshot.matter_id == review.matter_id
    assert "2004도4869" in finding.snapshot.title or finding.snapshot.number == "2004도4869"
    chosen = events(review, "source_search_chosen")[-1]
    assert chosen["finding"] == "C1"
    assert chosen["collection"] == "prec"
    assert chosen["id"] == serial
    assert chosen["status_before"] == "unverified"
    computed = events(review, "finding_computed")[-1]
    assert computed["snapshot_sha256"] == finding.snapshot.sha256
    page = client.get(reverse("finding", args=[review.pk, finding.pk])).content.decode()
    assert "verified again" in page
    # a hit of the official search counts as official, and says who chose it from which collection
    from workbench.pipeline.records import provenance_of_snapshot

    provenance = provenance_of_snapshot(finding.snapshot)
    assert (provenance.kind.value, provenance.official) == ("search_hit", True)
    assert (provenance.collection, provenance.document_id, provenance.by) == ("prec", serial, "alice")
    assert f"document prec {serial}, chosen from the search results by alice on" in page
    assert chosen["provenance"]["kind"] == "search_hit"
    assert finding.official_status == ""  # not capped


# ---------------------------------------------------------------------------------------------- access


@pytest.mark.parametrize(
    ("who", "status"), [("associate", 200), ("partner", 200), ("outsider", 404), ("outside_partner", 404)]
)
def test_only_the_matter_may_search_a_findings_sources(red, client_for, who: str, status: int) -> None:
    review, finding = red
    response = client_for(who).get(
        url("finding_search", review, finding), {"collection": "law", "query": "민법"}
    )
    assert response.status_code == status


def test_an_outsider_cannot_attach_a_source(red, client_for) -> None:
    review, finding = red
    response = client_for("outsider").post(
        url("finding_search_use", review, finding), {"collection": "law", "id": "1"}
    )
    assert response.status_code == 404
    assert events(review, "source_search_chosen") == []


def test_it_escapes_what_the_searcher_typed(red, client_for) -> None:
    review, finding = red
    html = (
        client_for("associate")
        .get(url("finding_search", review, finding), {"collection": "law", "query": "<script>x</script>"})
        .content.decode()
    )
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_the_standalone_page_searches_without_a_review(people, sources, client_for) -> None:
    html = (
        client_for("associate")
        .get(reverse("search"), {"collection": "law", "query": "민법"})
        .content.decode()
    )
    assert "난민법" in html
    assert re.search(r">\s*민법\s*<", html)


CASE_DRAFT = (
    "2. 대법원은 부당해고구제재심판정취소 사건에서 시용근로관계에서 본 근로계약 체결 거부사유를 서면으로 "
    "통지하여야 한다고 판시하였다(대법원 2015. 11. 27. 선고 2015두48999 판결).\n"
)


def test_it_proposes_candidate_decisions_for_a_case_the_database_does_not_have(
    people, sources, client_for
) -> None:
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(CASE_DRAFT, name="memo.md"), title="Labour memo")
    finding = review.findings.get()
    assert finding.status in ("unverified", "no_source")
    html = client_for("associate").get(url("finding_suggestions", review, finding), **HX).content.decode()
    assert "Candidate decisions" in html
    assert "2015두48136" in html  # same court, same day, same topic
    assert "2015두41401" not in html  # same topic, another day
    assert "2015두48999" not in html  # never the number the draft got wrong
    finding.refresh_from_db()
    assert finding.snapshot is None  # nothing attached until the associate chooses


# ------------------------------------------------------------------------ what leaves without being asked


def test_a_red_statute_is_suggested_from_the_stored_law_without_any_request(red, client_for, sources) -> None:
    review, finding = red
    html = client_for("associate").get(url("finding_suggestions", review, finding), **HX).content.decode()
    assert "Did you mean 제17조 제1항?" in html
    assert sources.requests == []  # the claim sentence went nowhere (it went to aiSearch before)


def test_a_wrong_case_number_is_looked_up_by_court_day_and_case_type_only(
    people, sources, client_for
) -> None:
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(CASE_DRAFT, name="memo.md"), title="Labour memo")
    finding = review.findings.get()
    sources.clear_requests()
    html = client_for("associate").get(url("finding_suggestions", review, finding), **HX).content.decode()
    asked = lawgokr_requests(sources)
    assert [(r.param("target"), r.param("query"), r.param("prncYd")) for r in asked] == [
        ("prec", "2015두", "20151127~20151127")
    ]
    # The words of the claim are offered for a search of the user's own, shown and editable, not sent.
    form = re.search(r'<form[^>]*class="draft-words-search".*?</form>', html, re.S)
    assert form is not None
    query = re.search(r'name="query" type="search" value="([^"]*)"', form.group(0))
    assert query is not None
    assert "부당해고구제재심판정취소" in query.group(1)
    assert "Nothing of the draft has been sent" in form.group(0)
    sent = client_for("associate").get(
        url("finding_search", review, finding), {"collection": "prec", "query": query.group(1)}, **HX
    )
    assert sent.status_code == 200
    assert lawgokr_requests(sources)[-1].param("query") == query.group(1)  # exactly what was shown


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        (
            "4. Por. także wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.\n",
            {"case_number": "II CSK 123/19"},
        ),
        ("See also wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.\n", {"case_number": "II CSK 123/19"}),
        (
            "2. 대법원 2015. 11. 27. 선고 2015두48999 판결 참조.\n",
            {"collection": "prec", "query": "2015두48999"},
        ),
    ],
)
def test_the_panel_starts_from_the_citations_identifiers(people, client_for, draft, expected) -> None:
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(draft, name="memo.md"), title="memo")
    finding = review.findings.exclude(anchor={}).get()
    html = (
        client_for("associate")
        .get(url("finding_search", review, finding), {"panel": "1"}, **HX)
        .content.decode()
    )
    for name, value in expected.items():
        if name == "collection":
            assert re.search(rf'<option value="{value}" selected>', html)
        else:
            assert re.search(rf'name="{name}"[^>]*value="{re.escape(value)}"', html), html[:2000]
    assert re.search(r'name="query"[^>]*value="(also|See|także)', html) is None


# --------------------------------------------------------------------------------- caches and logs


def test_a_matter_never_sees_that_another_matter_searched(people, sources, client_for) -> None:
    from verifier.ingest import ingest_text

    mine = checked_review(people, ingest_text(PIPA_MISQUOTE, name="memo.md"), title="A")
    theirs = services_review_in(people["other_matter"], people["outsider"])
    finding, other = mine.findings.get(), theirs.findings.get()
    params = {"collection": "prec", "query": "업무방해"}
    client_for("associate").get(url("finding_search", mine, finding), params, **HX)
    html = client_for("outsider").get(url("finding_search", theirs, other), params, **HX).content.decode()
    assert "from the cache" not in html
    assert events(theirs, "source_search")[-1]["cached"] is False
    again = client_for("partner").get(url("finding_search", mine, finding), params, **HX).content.decode()
    assert "from the cache" in again  # within one matter the cache still serves


def test_a_matter_never_sees_what_another_matter_supplied(people, sources, client_for) -> None:
    """Matter A pastes a source with words of its own; matter B's searches (upstream, cached, or this
    machine's), its reviews of the same act and its evidence never show them or that A searched them."""
    from verifier.ingest import ingest_text
    from workbench.reviews import services

    mine = checked_review(people, ingest_text(PIPA_MISQUOTE, name="memo.md"), title="A")
    finding = mine.findings.get()
    secret = "제15조(개인정보의 수집ㆍ이용) ① 오로라프로젝트 고객정보는 수집할 수 있다."
    services.attach_source(user=people["associate"], finding=finding, document=ingest_text(secret))
    params = {"collection": "law", "query": "오로라프로젝트"}
    client_for("associate").get(url("finding_search", mine, finding), params, **HX)
    theirs = services_review_in(people["other_matter"], people["outsider"])
    other = theirs.findings.get()
    assert other.supplied_source_id is None
    assert other.snapshot is None or other.snapshot.origin != "upload"
    outsider = client_for("outsider")
    html = outsider.get(url("finding_search", theirs, other), params, **HX).content.decode()
    assert "from the cache" not in html
    assert "오로라프로젝트" not in html.replace('value="오로라프로젝트"', "")
    assert events(theirs, "source_search")[-1]["cached"] is False
    here = outsider.get(reverse("search"), {"collection": "law", "query": "오로라프로젝트"}).content.decode()
    assert "오로라프로젝트 고객정보" not in here
    evidence = outsider.get(reverse("finding", args=[theirs.pk, other.pk])).content.decode()
    assert "오로라프로젝트" not in evidence
    assert "pasted by" not in evidence
    upload = mine.findings.get().snapshot
    assert outsider.get(reverse("snapshot", args=[theirs.pk, upload.pk])).status_code == 404


def services_review_in(matter: Any, user: Any) -> Any:
    from verifier.ingest import ingest_text
    from workbench.models import Review
    from workbench.pipeline import worker
    from workbench.reviews import services

    review = services.create_review(
        user=user, matter=matter, title="B", document=ingest_text(PIPA_MISQUOTE, name="b.md"), enqueue=False
    )
    worker.verify_findings(worker.extract_findings(review.pk))
    return Review.objects.get(pk=review.pk)


def test_search_and_suggestions_work_without_the_cache(red, client_for, caplog, monkeypatch) -> None:
    import logging

    from django.test import override_settings

    dead = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there: every cache call fails
        }
    }
    review, finding = red
    client = client_for("associate")
    caplog.set_level(logging.WARNING, logger="workbench.search.services")
    monkeypatch.setattr("workbench.search.services._cache_down", False)  # whatever an earlier test left
    with override_settings(CACHES=dead):
        found = client.get(
            url("finding_search", review, finding), {"collection": "law", "query": "민법"}, **HX
        )
        suggested = client.get(url("finding_suggestions", review, finding), **HX)
        for query in ("형법", "상법", "민법"):  # a busy day without Redis
            again = client.get(
                url("finding_search", review, finding), {"collection": "law", "query": query}, **HX
            )
            assert again.status_code == 200
    assert found.status_code == 200
    assert "난민법" in found.content.decode()
    assert suggested.status_code == 200
    assert "Did you mean 제17조 제1항?" in suggested.content.decode()
    said = [r.getMessage() for r in caplog.records if "cache" in r.getMessage()]
    assert len(said) == 1, f"the outage is logged once, not at every search: {said}"
    assert "unavailable" in said[0]


def test_typed_words_are_logged_by_their_length_only(
    people, sources, client_for, caplog, settings, no_back_off
) -> None:
    import logging
    from urllib.parse import unquote_plus

    from fakes.faults import FaultPolicy
    from workbench.pipeline.sources import reset_router

    caplog.set_level(logging.DEBUG)
    client_for("associate").get(reverse("search"), {"collection": "prec", "query": "퀵소트팩스 배임"})
    # A failing upstream: the HTTP client logs every URL it retries and gives up on.
    with FakeSources(DATA, faults=FaultPolicy(rate=1.0, kinds=("503",))) as failing:
        for name, value in failing.base_urls.items():
            setattr(settings, name, value)
        reset_router()
        client_for("associate").get(reverse("search"), {"collection": "saos", "query": "Quixotefax zarząd"})
        client_for("associate").get(reverse("search"), {"collection": "prec", "query": "제뷸론 횡령"})
        assert len(failing.requests) >= 2
    said = unquote_plus("\n".join(r.getMessage() for r in caplog.records))
    assert "query_chars=" in said
    assert "retrying" in said or "giving up" in said  # the client did log its URLs
    for word in ("퀵소트팩스", "배임", "Quixotefax", "zarząd", "제뷸론", "횡령"):
        assert word not in said

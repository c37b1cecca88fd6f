"""The search panel off the network: with the upstream not configured (local-only mode, no
LAWGOKR_OC) or not reachable, it searches the offline corpus and the sources already fetched, and says so;
nothing is sent. ELI search works against the fakes; the collection list is in the reader's language."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator

import pytest
from django.urls import reverse

from fakes.server import FakeSources
from tests.conftest import DATA

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(scope="module")
def corpus(django_db_setup, django_db_blocker) -> Iterator[None]:
    from workbench.models import SourceSnapshot
    from workbench.pipeline.corpus import import_corpus

    with django_db_blocker.unblock():
        import_corpus(DATA / "corpus")
        yield
        SourceSnapshot.objects.filter(origin="corpus").delete()


@pytest.fixture
def offline(settings, corpus) -> None:
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    cache.clear()
    yield
    reset_router()


@pytest.fixture
def connections(monkeypatch) -> list[object]:
    opened: list[object] = []
    original = socket.socket.connect

    def connect(self, address):
        if isinstance(address, tuple) and address[1] not in (5432, 6379):
            opened.append(address)
        return original(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    return opened


def search(client, **params: str) -> str:
    return client.get(reverse("search"), params, **HX).content.decode()


@pytest.mark.parametrize(
    ("params", "found"),
    [
        ({"collection": "law", "query": "민법"}, "민법"),
        ({"collection": "prec", "query": "2004도4869"}, "2004도4869"),
        ({"collection": "prec", "query": "업무방해"}, "2004도4869"),
        ({"collection": "saos", "case_number": "III CZP 36/02"}, "III CZP 36/02"),
        ({"collection": "eli", "query": "Kodeks cywilny"}, "Kodeks cywilny"),
        ({"collection": "cellar", "query": "32016R0679"}, "2016/679"),
    ],
)
def test_offline_it_searches_the_corpus_and_says_so(people, client_for, offline, connections, params, found):
    html = search(client_for("associate"), **params)
    assert "search-error" not in html, html
    assert re.search(r'class="search-hit" data-collection="local"', html), html
    assert found in html
    assert "Searched this machine only" in html
    assert "local-only mode" in html
    assert connections == []


def test_offline_a_hit_previews_and_attaches_from_the_machine(people, client_for, offline):
    from tests.workbench.factories import PIPA_MISQUOTE, checked_review
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(PIPA_MISQUOTE, name="memo.md"), title="PIPA memo")
    finding = review.findings.get()
    client = client_for("associate")
    url = reverse("finding_search", args=[review.pk, finding.pk])
    html = client.get(url, {"collection": "law", "query": "개인정보 보호법"}, **HX).content.decode()
    hit = re.search(r'data-collection="local" data-id="(\d+)"', html)
    assert hit is not None, html
    preview = reverse("finding_search_preview", args=[review.pk, finding.pk])
    shown = client.get(preview, {"collection": "local", "id": hit.group(1), "q": "제17조"}, **HX)
    assert shown.status_code == 200
    assert "<mark>제17조</mark>" in shown.content.decode()
    used = client.post(
        reverse("finding_search_use", args=[review.pk, finding.pk]),
        {"collection": "local", "id": hit.group(1)},
    )
    assert used.status_code == 302
    finding.refresh_from_db()
    assert finding.snapshot is not None
    assert finding.snapshot.matter_id == review.matter_id


def test_without_an_oc_key_korea_is_searched_here_and_the_page_says_why(people, client_for, settings, corpus):
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = False
    settings.LAWGOKR_OC = ""
    reset_router()
    html = search(client_for("associate"), collection="prec", query="2015두48136")
    reset_router()
    assert "2015두48136" in html
    assert "LAWGOKR_OC is not set" in html
    assert "Searched this machine only" in html


def test_an_unreachable_upstream_is_said_and_the_machine_answers_meanwhile(
    people, client_for, settings, corpus, no_back_off
):
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = False
    for name in ("SAOS_BASE_URL", "ELI_BASE_URL", "CELLAR_BASE_URL", "LAWGOKR_BASE_URL"):
        setattr(settings, name, "http://127.0.0.1:9/nothing")  # the discard port: connection refused
    settings.SOURCE_HTTP_TIMEOUT = 1.0
    reset_router()
    html = search(client_for("associate"), collection="saos", case_number="III CZP 36/02")
    reset_router()
    assert "III CZP 36/02" in html
    assert "Searched this machine only" in html
    assert "Try again" in html
    assert "search-error" in html  # the failure is said first, the machine's hits follow


def test_other_matters_uploads_are_never_hits(people, client_for, offline):
    from workbench.models import SourceSnapshot

    SourceSnapshot.objects.create(
        key="kr:law:비밀법",
        source_id="upload:1",
        origin="upload",
        jurisdiction="kr",
        kind="statute",
        title="비밀법 (client upload)",
        sha256="0" * 64,
        fetched_at="2026-01-01T00:00:00Z",
        text="제1조 비밀",
        matter=people["other_matter"],
    )
    html = search(client_for("associate"), collection="law", query="비밀법")
    assert "비밀법 (client upload)" not in html


def test_eli_search_answers_against_the_fakes(people, client_for, settings):
    from workbench.pipeline.sources import reset_router

    with FakeSources(DATA) as fake:
        for name, value in fake.base_urls.items():
            setattr(settings, name, value)
        settings.WORKBENCH_LOCAL_ONLY = False
        reset_router()
        html = search(client_for("associate"), collection="eli", query="Kodeks cywilny")
        asked = [r for r in fake.requests if r.path == "/eli/acts/search"]
    reset_router()
    assert asked, [r.path for r in fake.requests]
    assert "search-error" not in html, html
    assert 'data-collection="eli" data-id="DU/1964/93"' in html


@pytest.mark.parametrize(
    ("language", "shown", "hidden"),
    [
        (
            "en",
            [
                "Ministry of Education (교육부)",
                "Fair Trade Commission (공정거래위원회)",
                "Court decisions (판례)",
            ],
            [],
        ),
        (
            "pl",
            ["Ministerstwo Edukacji (교육부)", "Orzeczenia sądów (판례)", "SAOS — orzeczenia sądów polskich"],
            [],
        ),
        ("ko", ["교육부", "공정거래위원회", "판례", "SAOS — 폴란드 판결"], ["Ministry of Education"]),
    ],
)
def test_the_collections_are_named_in_the_readers_language(people, client_for, language, shown, hidden):
    from workbench.models import Profile

    Profile.objects.create(user=people["associate"], language=language)
    html = client_for("associate").get(reverse("search")).content.decode()
    select = re.search(r'<select id="search-collection".*?</select>', html, re.S)
    assert select is not None
    options = re.findall(r"<option value=\"[^\"]+\"[^>]*>([^<]+)</option>", select.group(0))
    for label in shown:
        assert label in options, options[:20]
    for label in hidden:
        assert label not in " ".join(options)
    form_words = {
        "en": ["Collection", "Per page"],
        "pl": ["Zbiór", "Na stronę"],
        "ko": ["검색 대상", "쪽당 결과 수"],
    }
    for word in form_words[language]:
        assert word in html
    if language != "ko":
        # No option is Korean alone: every Korean name stands beside its translation.
        korean_only = [o for o in options if re.fullmatch(r"[\s가-힣·()]+", o)]
        assert korean_only == []


def test_offline_the_date_filters_hold(people, client_for, offline):
    html = search(
        client_for("associate"),
        collection="prec",
        query="부당해고구제재심판정취소",
        date_from="2015-11-27",
        date_to="2015-11-27",
    )
    assert "2015두48136" in html
    assert "2015두41401" not in html  # same words, another day


def test_offline_a_wrong_case_number_is_answered_with_the_days_decisions_from_here(
    people, client_for, offline
):
    from tests.workbench.factories import checked_review
    from verifier.ingest import ingest_text

    draft = "2. 대법원 2015. 11. 27. 선고 2015두48999 판결 참조.\n"
    review = checked_review(people, ingest_text(draft, name="memo.md"), title="memo")
    finding = review.findings.exclude(anchor={}).get()
    url = reverse("finding_suggestions", args=[review.pk, finding.pk])
    html = client_for("associate").get(url, **HX).content.decode()
    assert "Candidate decisions" in html
    assert "2015두48136" in html
    assert "2015두41401" not in html

"""The fake source servers: real wire shapes and server rules, a request log, and injected faults that the
clients must turn into "unavailable" (never into a verdict)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import httpx
import pytest

from fakes import cellar, eli, saos
from fakes.faults import FAULT_KINDS, FaultPolicy
from fakes.server import FakeSources
from verifier.model import Anchor, Found, Unavailable
from verifier.sources.errors import TransientError
from verifier.sources.http import SourceHTTP
from verifier.sources.router import build_router
from verifier.sources.saos.client import SaosResolver

DATA = Path(__file__).resolve().parents[2] / "data"
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def apps():
    return {
        "/saos": saos.make_app(DATA / "corpus", DATA / "recorded"),
        "/eli": eli.make_app(DATA / "corpus"),
        "/cellar": cellar.make_app(DATA / "corpus", DATA / "recorded"),
    }


@pytest.fixture
def fake(apps):
    with FakeSources(DATA, apps=apps) as server:
        yield server


# ------------------------------------------------------------------ wire shapes and server rules


def test_it_replays_the_recorded_saos_search_for_its_own_query(fake):
    recorded = json.loads(
        (
            DATA
            / "recorded"
            / "poland_saos"
            / "search_judgments_all-zona_sortJUDGMENT_DATE_DESC_pageSize10.json"
        ).read_text("utf-8")
    )
    params = {"pageSize": 10, "pageNumber": 0, "all": "żona", "sortingField": "JUDGMENT_DATE",
              "sortingDirection": "DESC"}  # fmt: skip
    answer = httpx.get(fake.base_urls["SAOS_BASE_URL"] + "/search/judgments", params=params)
    assert answer.status_code == 200
    assert answer.json() == recorded


@pytest.mark.parametrize(
    ("method", "path", "params", "headers", "status", "reason"),
    [
        ("GET", "/search/judgments", {"soringField": "x"}, {}, 400, "WRONG REQUEST PARAMETER"),
        ("GET", "/search/judgments", {"pageSize": "101"}, {}, 400, "WRONG REQUEST PARAMETER"),
        ("POST", "/search/judgments", {}, {}, 405, "UNSUPPORTED HTTP METHOD"),
        ("GET", "/search/judgments", {}, {"Accept": "text/html"}, 406, "UNSUPPORTED MEDIA TYPE"),
        ("GET", "/judgments/1", {}, {}, 404, "ELEMENT DOES NOT EXIST"),
    ],
)
def test_the_fake_saos_enforces_the_real_servers_rules(fake, method, path, params, headers, status, reason):
    answer = httpx.request(method, fake.base_urls["SAOS_BASE_URL"] + path, params=params, headers=headers)
    assert answer.status_code == status
    assert answer.json()["error"]["reason"] == reason


def test_the_fake_eli_serves_text_html_verbatim_and_0_bytes_for_acts_without_html(fake):
    base = fake.base_urls["ELI_BASE_URL"]
    html = httpx.get(f"{base}/acts/DU/1964/93/text.html")
    assert (
        html.content
        == (DATA / "corpus" / "pl" / "statutes" / "eli" / "DU_1964_93" / "text.html").read_bytes()
    )
    no_html = httpx.get(f"{base}/acts/DU/1974/141/text.html")
    assert (no_html.status_code, no_html.content) == (200, b"")
    assert httpx.get(f"{base}/acts/DU/1974/141").json()["textHTML"] is False
    assert httpx.get(f"{base}/acts/DU/2099/1").status_code == 404


def test_the_fake_cellar_redirects_ecli_and_refuses_unacceptable_types(fake):
    base = fake.base_urls["CELLAR_BASE_URL"]
    redirect = httpx.get(f"{base}/ecli/ECLI%3AEU%3AC%3A2020%3A559")
    assert redirect.status_code == 303
    assert redirect.headers["Location"].endswith("/cellar/celex/62018CJ0311")
    assert httpx.get(f"{base}/celex/32016R0679", headers={"Accept": "application/pdf"}).status_code == 406
    recorded = (
        DATA / "recorded" / "eu_eurlex_cellar" / "philrox_aiact-32024R1689-abridged.xhtml"
    ).read_bytes()
    assert httpx.get(f"{base}/celex/32024R1689").content == recorded


def test_it_mounts_the_fake_law_go_kr_under_its_prefix():
    from fakes import lawgokr

    app = lawgokr.make_app(DATA / "corpus" / "kr", DATA / "recorded" / "korea_law_go_kr")
    with FakeSources(DATA, apps={"/lawgokr": app}) as server:
        answer = httpx.get(
            server.base_urls["LAWGOKR_BASE_URL"] + "/lawSearch.do",
            params={"OC": "test", "target": "law", "query": "민법", "type": "XML"},
            headers={"Referer": "https://www.law.go.kr/"},
        )
    assert answer.status_code == 200
    names = re.findall(r"<법령명한글>(?:<!\[CDATA\[)?([^<\]]*)", answer.text)
    assert "민법" in names


# ------------------------------------------------------------------ the request log


def test_it_records_every_request_and_only_identifiers_leave_the_machine(fake):
    draft = (
        "Zgodnie z uchwałą SN z dnia 5 lipca 2002 r., III CZP 36/02, umowa jest nieważna, a art. 6 ust. 1 "
        "lit. f RODO pozwala na przetwarzanie danych w prawnie uzasadnionym interesie administratora."
    )
    router = build_router(
        lawgokr_oc=None,
        lawgokr_base_url=fake.base_urls["LAWGOKR_BASE_URL"],
        saos_base_url=fake.base_urls["SAOS_BASE_URL"],
        eli_base_url=fake.base_urls["ELI_BASE_URL"],
        cellar_base_url=fake.base_urls["CELLAR_BASE_URL"],
        timeout=5,
        local_only=False,
    )
    try:
        answers = router.resolve_many(
            [Anchor("pl:case:III CZP 36/02"), Anchor("eu:celex:32016R0679"), Anchor("pl:act:DU/1964/93")]
        )
    finally:
        router.close()
    assert all(isinstance(a, Found) for a in answers.values())
    requests = fake.requests
    assert {r.path for r in requests} >= {
        "/saos/api/search/judgments",
        "/cellar/celex/32016R0679",
        "/eli/acts/DU/1964/93/text.html",
    }
    assert all(r.method == "GET" and r.body == b"" for r in requests)
    search = next(r for r in requests if r.path.endswith("/search/judgments"))
    assert search.param("caseNumber") == "III CZP 36/02"
    sent = " ".join(f"{r.path} {r.query} {json.dumps(dict(r.headers))}" for r in requests)
    for word in ("nieważna", "przetwarzanie", "uzasadnionym", "administratora", "Zgodnie"):
        assert word in draft
        assert word not in sent


def test_it_leaves_nothing_to_record_in_local_only_mode(fake):
    router = build_router(
        lawgokr_oc="x", timeout=5, local_only=True, corpus_dir=DATA / "corpus",
        **{f"{n.lower()}": u for n, u in {
            "lawgokr_base_url": fake.base_urls["LAWGOKR_BASE_URL"],
            "saos_base_url": fake.base_urls["SAOS_BASE_URL"],
            "eli_base_url": fake.base_urls["ELI_BASE_URL"],
            "cellar_base_url": fake.base_urls["CELLAR_BASE_URL"],
        }.items()},
    )  # fmt: skip
    router.resolve_many([Anchor("pl:case:II CSK 123/19"), Anchor("eu:case:C-362/14"), Anchor("kr:law:상법")])
    assert fake.requests == []


# ------------------------------------------------------------------ faults


@pytest.mark.parametrize("kind", FAULT_KINDS)
def test_every_injected_fault_ends_as_unavailable_never_as_a_verdict(apps, kind):
    policy = FaultPolicy(rate=1.0, kinds=(kind,), seed=3, timeout_seconds=0.6, retry_after=1)
    with FakeSources(DATA, apps=apps, faults=policy) as server:
        http = SourceHTTP(timeout=0.3, max_retries=1, sleep=lambda _s: None)
        answer = SaosResolver(http, base_url=server.base_urls["SAOS_BASE_URL"]).resolve(
            Anchor("pl:case:III CZP 36/02")
        )
        requests = server.requests
    assert isinstance(answer, Unavailable), answer
    assert answer.retries == 1
    assert [r.fault for r in requests] == [kind, kind]


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("timeout", "did not answer in time"),
        ("reset", "could not reach"),
        ("empty", "empty body"),
        ("429", "rate limiting"),
        ("503", "HTTP 503"),
    ],
)
def test_the_transport_faults_look_to_the_client_like_the_real_thing(apps, kind, message):
    policy = FaultPolicy(rate=1.0, kinds=(kind,), timeout_seconds=0.6)
    with FakeSources(DATA, apps=apps, faults=policy) as server:
        http = SourceHTTP(timeout=0.3, max_retries=0)
        with pytest.raises(TransientError, match=message) as caught:
            http.get(server.base_urls["ELI_BASE_URL"] + "/acts/DU/1964/93")
    if kind == "429":
        assert caught.value.retry_after == 1.0


@pytest.mark.parametrize("rate", [0.1, 0.3, 0.6])
def test_faults_come_at_the_configured_rate_and_the_seed_repeats_them(rate):
    first = FaultPolicy(rate=rate, seed=11)
    draws = [first.choose() for _ in range(2000)]
    share = sum(d is not None for d in draws) / len(draws)
    assert abs(share - rate) < 0.04
    assert set(Counter(d for d in draws if d).keys()) == set(FAULT_KINDS)
    again = FaultPolicy(rate=rate, seed=11)
    assert [again.choose() for _ in range(2000)] == draws


def test_the_resolver_gets_through_a_30_percent_fault_rate_with_retries(apps):
    policy = FaultPolicy(rate=0.3, seed=2, kinds=("500", "empty", "html_error", "malformed", "reset"))
    with FakeSources(DATA, apps=apps, faults=policy) as server:
        http = SourceHTTP(timeout=2, max_retries=6, sleep=lambda _s: None)
        resolver = SaosResolver(http, base_url=server.base_urls["SAOS_BASE_URL"])
        answers = [
            resolver.resolve(Anchor(f"pl:case:{s}")) for s in ("III CZP 36/02", "K 24/04", "II Ca 2026/13")
        ]
        faults = [r.fault for r in server.requests]
    assert all(isinstance(a, Found) for a in answers)
    assert any(f is not None for f in faults)  # the schedule really injected something on the way
    assert sum(a.document.retries for a in answers if isinstance(a, Found)) == sum(
        f is not None for f in faults
    )


@pytest.mark.parametrize(
    ("options", "error"),
    [({"rate": 1.5}, "between 0 and 1"), ({"kinds": ("fire",)}, "unknown fault kinds")],
)
def test_a_bad_fault_policy_is_refused_clearly(options, error):
    with pytest.raises(ValueError, match=error):
        FaultPolicy(**options)


def test_python_dash_m_fakes_prints_the_base_urls():
    process = subprocess.Popen(
        [sys.executable, "-m", "fakes", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline().strip() for _ in range(4)]
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()
    names = [line.split("=", 1)[0] for line in lines]
    assert names == ["LAWGOKR_BASE_URL", "SAOS_BASE_URL", "ELI_BASE_URL", "CELLAR_BASE_URL"]
    assert all(line.split("=", 1)[1].startswith("http://127.0.0.1:") for line in lines)

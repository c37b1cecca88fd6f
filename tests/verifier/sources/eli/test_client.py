"""Sejm ELI: the real text.html files parsed into art./§/ust./pkt/lit., code abbreviations, and the resolver
choosing the newest consolidated text with HTML (falling back, labelled, to the original wording)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from fakes.eli import make_app
from verifier.model import Anchor, Found, Misconfigured, NotFound, Unavailable
from verifier.sources.eli.client import EliResolver, act_for_code, consolidated_texts, eli_from_key
from verifier.sources.eli.structure import EmptyActText, parse_eli_html
from verifier.sources.http import SourceHTTP

DATA = Path(__file__).resolve().parents[3] / "data"
ELI_DIR = DATA / "corpus" / "pl" / "statutes" / "eli"
BASE = "http://eli.test"  # the fake routes /acts/… at its root


@pytest.fixture(scope="module")
def kodeks_cywilny():
    return parse_eli_html((ELI_DIR / "DU_1964_93" / "text.html").read_bytes())


@pytest.fixture(scope="module")
def ochrona_danych():
    return parse_eli_html((ELI_DIR / "DU_2018_1000" / "text.html").read_bytes())


def unit_text(act, label: str) -> str:
    (unit,) = [u for u in act.units if u.label == label]
    return act.text[unit.start : unit.end]


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        (
            "art. 5",
            "Art. 5. Nie można czynić ze swego prawa użytku, który by był sprzeczny ze "
            "społeczno-gospodarczym przeznaczeniem tego prawa lub z zasadami współżycia społecznego w "
            "Polskiej Rzeczypospolitej Ludowej. Takie działanie lub zaniechanie uprawnionego nie jest "
            "uważane za wykonywanie prawa i nie korzysta z ochrony.",
        ),
        (
            "art. 6",
            "Art. 6. Ciężar udowodnienia faktu spoczywa na osobie, która z faktu tego wywodzi skutki prawne.",
        ),
        ("art. 33 § 1 pkt 1", "1) Skarb Państwa,"),
        (
            "art. 163 § 1 pkt 2 lit. a",
            "a) pozostała część nieruchomości ulegającej podziałowi odpowiada podstawowej normie "
            "obszarowej albo",
        ),
    ],
)
def test_it_finds_each_unit_of_the_1964_civil_code(kodeks_cywilny, label, expected):
    assert unit_text(kodeks_cywilny, label) == expected


def test_it_keeps_the_original_1964_wording_where_art_385_1_does_not_exist(kodeks_cywilny):
    articles = kodeks_cywilny.articles()
    assert kodeks_cywilny.title == "Ustawa z dnia 23 kwietnia 1964 r. Kodeks cywilny"
    assert "385" in articles
    assert "385-1" not in articles  # added in 2000: not in the base act's HTML
    assert "353-1" not in articles
    assert len(articles) == 1087  # 1088 divs, art. 538 appears twice in the HTML; the first one is kept


@pytest.mark.parametrize(
    ("label", "start"),
    [
        ("art. 1 ust. 1", "1. Ustawę stosuje się do ochrony osób fizycznych w związku z przetwarzaniem"),
        ("art. 1 ust. 2 pkt 1", "1) podmioty publiczne obowiązane do wyznaczenia inspektora ochrony danych"),
        ("art. 9", "Art. 9. Przez organy i podmioty publiczne obowiązane do wyznaczenia inspektora"),
        ("art. 49 ust. 4", "4. Członkom Rady mającym miejsce zamieszkania w innej miejscowości"),
    ],
)
def test_it_uses_ust_in_statutes_and_keeps_quoted_amendments_out_of_the_articles(
    ochrona_danych, label, start
):
    assert unit_text(ochrona_danych, label).startswith(start)


def test_it_does_not_mistake_an_article_quoted_by_an_amendment_for_the_acts_own(ochrona_danych):
    # art. 111 gives Kodeks pracy a new art. 22²; it is text of art. 111, not art. 22² of this act
    assert "22-2" not in ochrona_danych.articles()
    art_111 = unit_text(ochrona_danych, "art. 111")
    assert "Art. 22²." in art_111
    assert "art. 77⁵" in unit_text(ochrona_danych, "art. 49 ust. 4")  # <SUP>5</SUP> kept as a superscript


@pytest.mark.parametrize("body", [b"", b"   \n", ""])
def test_it_says_plainly_when_text_html_is_empty(body):
    with pytest.raises(EmptyActText):
        parse_eli_html(body)


@pytest.mark.parametrize(
    ("cited", "eli"),
    [
        ("k.c.", "DU/1964/93"),
        ("KC", "DU/1964/93"),
        ("Kodeks cywilny", "DU/1964/93"),
        ("k.p.c.", "DU/1964/296"),
        ("k.p.", "DU/1974/141"),
        ("k.k.", "DU/1997/553"),
        ("k.p.k.", "DU/1997/555"),
        ("k.s.h.", "DU/2000/1037"),
        ("Konstytucja", "DU/1997/483"),
        ("k.x.y.", None),
    ],
)
def test_it_maps_code_abbreviations_to_their_base_act(cited, eli):
    assert act_for_code(cited) == eli


@pytest.mark.parametrize(
    ("key", "eli"),
    [("pl:act:DU/1964/93", "DU/1964/93"), ("pl:act:k.c.", "DU/1964/93"), ("pl:act:ustawa", None)],
)
def test_it_reads_the_act_address_from_the_key(key, eli):
    assert eli_from_key(key) == eli


def test_it_orders_consolidated_texts_newest_first():
    refs = (
        '{"Inf. o tekście jednolitym": [{"act": {"ELI": "DU/2020/1740"}, "date": "2020-10-08"},'
        ' {"act": {"ELI": "DU/2024/1061"}, "date": "2024-07-18"},'
        ' {"act": {"ELI": "DU/2023/1610"}, "date": "2023-08-09"}]}'
    )
    assert [eli for eli, _d, _h in consolidated_texts(refs)] == [
        "DU/2024/1061",
        "DU/2023/1610",
        "DU/2020/1740",
    ]


def resolver(app) -> EliResolver:
    http = SourceHTTP(transport=httpx.WSGITransport(app=app), sleep=lambda _s: None, max_retries=1)
    return EliResolver(http, base_url=BASE)


def test_it_falls_back_to_the_original_wording_and_says_so():
    answer = resolver(make_app(DATA / "corpus")).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Found)
    doc = answer.document
    assert doc.meta["wording"].startswith("original wording as published")
    assert doc.version == "DU/1964/93"
    assert doc.url == f"{BASE}/acts/DU/1964/93/text.html"
    assert any(u.label == "art. 5" for u in doc.units)


def test_it_prefers_the_newest_consolidated_text_that_has_html():
    consolidated = {
        "DU/2018/1000": [
            ("DU/2019/1781", "2019-09-19", "DU/2018/1000"),  # has HTML
            ("DU/2024/5000", "2024-01-01", None),  # newest, but PDF only: skipped
        ]
    }
    answer = resolver(make_app(DATA / "corpus", consolidated=consolidated)).resolve(
        Anchor("pl:act:DU/2018/1000")
    )
    assert isinstance(answer, Found)
    assert answer.document.meta["text_eli"] == "DU/2019/1781"
    assert answer.document.meta["wording"].startswith("consolidated text Dz.U. 2019 poz. 1781")
    assert answer.document.id == "eli:DU/2019/1781"


@pytest.mark.parametrize(
    ("key", "outcome", "phrase"),
    [
        ("pl:act:DU/1974/141", Misconfigured, "no HTML text"),  # seed only: textHTML false, 0-byte text.html
        ("pl:act:DU/2099/1", NotFound, "no act DU/2099/1"),
        ("pl:act:ustawa o czymś", Misconfigured, "not a Polish act address"),
    ],
)
def test_it_tells_missing_text_from_missing_act(key, outcome, phrase):
    answer = resolver(make_app(DATA / "corpus")).resolve(Anchor(key))
    assert isinstance(answer, outcome)
    assert phrase in answer.reason


def test_it_treats_an_empty_text_html_of_an_act_that_has_html_as_a_glitch():
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/text.html"):
            return httpx.Response(200, content=b"")
        if request.url.path.endswith("/references"):
            return httpx.Response(200, json={})
        return httpx.Response(200, json={"ELI": "DU/1964/93", "textHTML": True, "title": "Kodeks cywilny"})

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _s: None, max_retries=1)
    answer = EliResolver(http, base_url=BASE).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Unavailable)
    assert answer.retries == 1


def test_a_maintenance_page_answered_as_text_html_is_retried_never_read_as_the_act():
    # the fakes' maintenance page (fakes/faults.py), answered with 200 once and then the real text.html:
    # read as the act it had no articles, and a paraphrase of art. 58 came back 🔴 for words it never had
    from fakes.faults import MAINTENANCE_PAGE

    real = (ELI_DIR / "DU_1964_93" / "text.html").read_bytes()
    served: list[bytes] = []

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/text.html"):
            body = MAINTENANCE_PAGE if not served else real
            served.append(body)
            return httpx.Response(200, content=body, headers={"Content-Type": "text/html"})
        if request.url.path.endswith("/references"):
            return httpx.Response(200, json={})
        return httpx.Response(200, json={"ELI": "DU/1964/93", "textHTML": True, "title": "Kodeks cywilny"})

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _s: None, max_retries=2)
    answer = EliResolver(http, base_url=BASE).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Found)
    assert answer.document.retries == 1
    assert "art. 58" in {u.label for u in answer.document.units}
    only_the_page = SourceHTTP(
        transport=httpx.MockTransport(
            lambda r: (
                handler(r)
                if not r.url.path.endswith("/text.html")
                else httpx.Response(200, content=MAINTENANCE_PAGE)
            )
        ),
        sleep=lambda _s: None,
        max_retries=1,
    )
    answer = EliResolver(only_the_page, base_url=BASE).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Unavailable)
    assert "without any article" in answer.reason


def test_a_text_html_cut_in_half_is_retried_never_read_as_the_act():
    # the fakes' "malformed" fault: the real text.html cut in half still has its first articles; as the act,
    # "k.c. has no art. 691" came back 🔴 at 60 % faults (seed 4)
    real = (ELI_DIR / "DU_1964_93" / "text.html").read_bytes()
    half = real[: len(real) // 2]
    assert b"unit_arti" in half  # it passes for an act by its articles
    served: list[bytes] = []

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/text.html"):
            body = half if not served else real
            served.append(body)
            return httpx.Response(200, content=body, headers={"Content-Type": "text/html"})
        if request.url.path.endswith("/references"):
            return httpx.Response(200, json={})
        return httpx.Response(200, json={"ELI": "DU/1964/93", "textHTML": True, "title": "Kodeks cywilny"})

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _s: None, max_retries=2)
    answer = EliResolver(http, base_url=BASE).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Found)
    assert answer.document.retries == 1
    assert "art. 691" in {u.label for u in answer.document.units}
    served.clear()
    never_whole = SourceHTTP(
        transport=httpx.MockTransport(
            lambda r: (
                handler(r) if not r.url.path.endswith("/text.html") else httpx.Response(200, content=half)
            )
        ),
        sleep=lambda _s: None,
        max_retries=1,
    )
    answer = EliResolver(never_whole, base_url=BASE).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Unavailable)
    assert "truncated" in answer.reason


def test_it_reports_an_html_page_instead_of_json_as_unavailable():
    http = SourceHTTP(
        transport=httpx.MockTransport(lambda r: httpx.Response(200, content=b"<html>Access denied</html>")),
        sleep=lambda _s: None,
        max_retries=0,
    )
    answer = EliResolver(http, base_url=BASE).resolve(Anchor("pl:act:DU/1964/93"))
    assert isinstance(answer, Unavailable)
    assert "HTML page instead of JSON" in answer.reason


def test_it_reads_act_metadata_in_the_documented_shape():
    from verifier.sources.eli.client import parse_act

    # CONSTRUCTED sample (tests/data/recorded_extra/PROVENANCE.md): no real ELI act JSON was recorded
    info = parse_act((DATA / "recorded_extra" / "eli_act_DU_1964_93.json").read_text("utf-8"))
    assert info.eli == "DU/1964/93"
    assert info.title == "Ustawa z dnia 23 kwietnia 1964 r. Kodeks cywilny"
    assert info.has_html is True

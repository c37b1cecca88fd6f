"""Later treatment of a Korean precedent, on real texts: 대법원 2015. 7. 23. 선고 2015다200111 전원합의체
판결 (tests/data/corpus/kr/precedents) changed 대법원 2009. 7. 9. 선고 2009다21249 판결 — its 판례내용
says so in the formula of a change and its 참조판례 marks the earlier judgment "(변경)"."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs
from xml.etree.ElementTree import Element, SubElement

import httpx
import pytest

from fakes.lawgokr import make_app
from verifier.model import Cause
from verifier.sources.history_store import MemoryStore
from verifier.sources.http import SourceHTTP
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.treatment import KoreanPrecedentTreatment, changed_by, full_bench
from verifier.sources.treatment import Treatment
from verifier.sources.versions import NotChecked

DATA = Path(__file__).resolve().parents[3] / "data"
KR_CORPUS = DATA / "corpus" / "kr"
KR_RECORDED = DATA / "recorded" / "korea_law_go_kr"
TODAY = dt.date(2026, 12, 1)

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Any]


@pytest.fixture(scope="module")
def app() -> WSGIApp:
    return make_app(KR_CORPUS, KR_RECORDED, today=lambda: TODAY)


def client(app: WSGIApp, requests: list[dict[str, str]], store: MemoryStore | None = None, oc: str = "t"):
    def handler(request: httpx.Request) -> httpx.Response:
        requests.append({k: v[-1] for k, v in parse_qs(request.url.query.decode()).items()})
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
    resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc=oc)
    return KoreanPrecedentTreatment(resolver, store=store or MemoryStore(), today=lambda: TODAY)


def test_a_precedent_changed_by_a_later_full_bench_is_found_with_number_and_excerpt(app: WSGIApp) -> None:
    requests: list[dict[str, str]] = []
    result = client(app, requests).later_treatment("2009다21249", decided="2009-07-09")
    assert isinstance(result, Treatment)
    [later] = result.decisions
    assert (later.number, later.court, later.date) == ("2015다200111", "대법원", "2015-07-23")
    assert later.full_bench is True  # presided by the 대법원장
    assert later.excerpt.startswith("이와 달리 종래 대법원은 형사사건에서의 성공보수약정이")
    assert later.excerpt.endswith(
        "대법원 2009. 7. 9. 선고 2009다21249 판결을 비롯하여 그와 같은 취지의 판결들은 "
        "이 판결의 견해에 배치되는 범위 내에서 모두 변경하기로 한다."
    )
    assert later.url == "https://www.law.go.kr/LSW/precInfoP.do?precSeq=178858"
    assert "본문검색 for 2009다21249" in result.scanned
    assert "lower courts" in result.scanned
    # only the case number went out: the body search, then the one body
    assert [(r["target"], r.get("search"), r.get("query"), r.get("ID")) for r in requests] == [
        ("prec", "2", "2009다21249", None),
        ("prec", None, None, "178858"),
    ]


def test_a_precedent_nobody_changed(app: WSGIApp) -> None:
    result = client(app, []).later_treatment("2014다235080")
    assert isinstance(result, Treatment)
    assert not result.changed
    assert result.read == 0


def test_the_treatment_is_kept_for_the_day(app: WSGIApp) -> None:
    store = MemoryStore()
    client(app, [], store).later_treatment("2009다21249")
    again: list[dict[str, str]] = []
    result = client(app, again, store).later_treatment("2009다21249")
    assert again == []
    assert isinstance(result, Treatment)
    assert result.decisions[0].number == "2015다200111"


def test_without_a_key_it_is_not_checked(app: WSGIApp) -> None:
    result = client(app, [], oc="").later_treatment("2009다21249")
    assert isinstance(result, NotChecked)
    assert result.cause is Cause.NOT_CONFIGURED


def _body(content: str, references: str = "", title: str = "손해배상") -> Element:
    root = Element("PrecService")
    SubElement(root, "사건명").text = title
    SubElement(root, "참조판례").text = references
    SubElement(root, "판례내용").text = content
    return root


# The sentence of 2015다200111 (판례내용, tests/data/corpus/kr/precedents/민사/대법원/…2015다200111.md) that
# changes 2009다21249, and its 참조판례 entry.
REAL = (
    "대법원 2009. 7. 9. 선고 2009다21249 판결을 비롯하여 그와 같은 취지의 판결들은 "
    "이 판결의 견해에 배치되는 범위 내에서 모두 변경하기로 한다."
)
REAL_REFERENCE = "대법원 2009. 7. 9. 선고 2009다21249 판결(변경)"


@pytest.mark.parametrize(
    ("content", "references", "number", "expected"),
    [
        (REAL, "", "2009다21249", REAL),
        # the same sentence about another judgment: not a change of this one
        (REAL.replace("2009다21249", "2009다21248"), "", "2009다21249", None),
        # named in the 참조판례 without the mark: only cited
        ("", REAL_REFERENCE.removesuffix("(변경)"), "2009다21249", None),
        ("", REAL_REFERENCE, "2009다21249", REAL_REFERENCE),
        # the formula's other common wording ("범위에서 이를 변경하기로 한다")
        (
            REAL.replace("범위 내에서 모두", "범위에서 이를"),
            "",
            "2009다21249",
            REAL.replace("범위 내에서 모두", "범위에서 이를"),
        ),
    ],
)
def test_what_counts_as_a_change(content: str, references: str, number: str, expected: str | None) -> None:
    assert changed_by(_body(content, references), number) == expected


def test_full_bench_only_when_the_text_says_so() -> None:
    assert full_bench(_body("… 대법원장 양승태(재판장) 민일영 이인복 …")) is True
    assert full_bench(_body("…", title="손해배상(전원합의체)")) is True
    assert full_bench(_body("… 대법관 김신(재판장) 김소영(주심) …")) is None


def test_a_later_judgment_the_resolver_has_just_read_is_not_asked_for_again(app: WSGIApp) -> None:
    from verifier.model import Anchor, Found

    requests: list[dict[str, str]] = []
    treatment = client(app, requests)
    cited = treatment.resolver.resolve(Anchor("kr:prec:2015다200111", number="2015다200111"))
    assert isinstance(cited, Found)
    result = treatment.later_treatment("2009다21249", decided="2009-07-09")
    assert isinstance(result, Treatment)
    assert result.decisions[0].number == "2015다200111"  # read from the answer the resolver got
    assert [r.get("ID") for r in requests].count("178858") == 1


def test_a_source_read_from_a_kept_answer_keeps_the_time_it_was_fetched(app: WSGIApp) -> None:
    from verifier.model import Anchor, Found

    clock = [1000.0]
    fetched_now = [dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)]

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, clock=lambda: clock[0])
    resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc="t", now=lambda: fetched_now[0])
    treatment = KoreanPrecedentTreatment(resolver, store=MemoryStore(), today=lambda: TODAY)
    treatment.later_treatment("2009다21249", decided="2009-07-09")  # reads 2015다200111's body at 09:00
    clock[0] += 90
    fetched_now[0] += dt.timedelta(seconds=90)
    cited = resolver.resolve(Anchor("kr:prec:2015다200111", number="2015다200111"))
    assert isinstance(cited, Found)
    assert cited.document.fetched_at == "2026-12-01T09:00:00+00:00"  # not 09:01:30, when it was reused


def test_the_body_search_asked_ahead_is_not_asked_again(app: WSGIApp) -> None:
    requests: list[dict[str, str]] = []
    treatment = client(app, requests)
    treatment.search_ahead("2009다21249")
    assert [(r.get("search"), r.get("query")) for r in requests] == [("2", "2009다21249")]
    result = treatment.later_treatment("2009다21249", decided="2009-07-09")
    assert isinstance(result, Treatment)
    assert result.changed
    assert [r.get("search") for r in requests].count("2") == 1


def test_later_bodies_are_not_asked_once_the_reviews_budget_is_spent(app: WSGIApp) -> None:
    import time

    from verifier.sources.http import within

    requests: list[dict[str, str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append({k: v[-1] for k, v in parse_qs(request.url.query.decode()).items()})
        if "search" in requests[-1]:
            time.sleep(0.3)  # the search answers just after the budget ran out
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
    treatment = KoreanPrecedentTreatment(
        LawGoKrResolver(http, base_url="http://fake/DRF", oc="t"), store=MemoryStore(), today=lambda: TODAY
    )
    with within(time.monotonic() + 0.1, 90):
        result = treatment.later_treatment("2009다21249", decided="2009-07-09")
    assert isinstance(result, NotChecked)
    assert "time budget" in result.why
    assert [r.get("ID") for r in requests if r.get("ID")] == []  # the bodies' pool threads saw the deadline

"""Korean statute history against the fake law.go.kr serving the real 연혁 versions
(tests/data/corpus/kr/statutes/*/history, PROVENANCE §1.3): which wording was in force on a date, which
versions a draft's quote matches, what happened to an article (repealed, renumbered, number reused), what
is honestly not checked, and that a warm run asks law.go.kr nothing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest

from fakes.lawgokr import make_app
from verifier.model import Anchor, Cause, Found, Pinpoint
from verifier.sources.history_store import DirectoryStore, MemoryStore
from verifier.sources.http import SourceHTTP
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.history import KoreanStatuteHistory
from verifier.sources.versions import (
    InForce,
    NotChecked,
    NoVersion,
    QuoteCheck,
    Timeline,
    UnitState,
    in_force_on,
)

DATA = Path(__file__).resolve().parents[3] / "data"
KR_CORPUS = DATA / "corpus" / "kr"
KR_RECORDED = DATA / "recorded" / "korea_law_go_kr"
TODAY = dt.date(2026, 12, 1)

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Any]


@pytest.fixture(scope="module")
def app() -> WSGIApp:
    return make_app(KR_CORPUS, KR_RECORDED, today=lambda: TODAY)


@pytest.fixture(scope="module")
def texts() -> MemoryStore:
    """Version texts and lists shared by the tests that do not count requests (a text never changes)."""
    return MemoryStore()


class Client:
    """A history client on the fake, counting what it asks for."""

    def __init__(self, app: WSGIApp, *, oc: str = "tester", store: Any = None, mangle: Any = None) -> None:
        self.requests: list[dict[str, str]] = []

        def handler(request: httpx.Request) -> httpx.Response:
            self.requests.append({k: v[-1] for k, v in parse_qs(request.url.query.decode()).items()})
            if mangle is not None:
                answer = mangle(request)
                if answer is not None:
                    return answer
            return httpx.WSGITransport(app=app).handle_request(request)

        http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=1)
        self.resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc=oc)
        self.history = KoreanStatuteHistory(self.resolver, store=store or MemoryStore(), today=lambda: TODAY)


def checked(result: QuoteCheck | NotChecked) -> QuoteCheck:
    assert isinstance(result, QuoteCheck), result
    return result


def timeline(result: Timeline | NotChecked) -> Timeline:
    assert isinstance(result, Timeline), result
    return result


# ------------------------------------------------------------------------------------------ the list


def test_the_list_is_every_version_in_promulgation_order(app: WSGIApp) -> None:
    client = Client(app)
    history = client.history.history("개인정보 보호법")
    assert not isinstance(history, NotChecked)
    assert history.law_id == "011357"
    assert [v.id.partition("@")[2] for v in history.versions[:3]] == ["111327", "136728", "142563"]
    assert len(history.versions) == 13
    # 2017-10-19 (MST 193382, promulgated 2017-04-18) comes before 2017-07-26 (MST 195062, promulgated later)
    msts = [v.id.partition("@")[2] for v in history.versions]
    assert msts.index("193382") < msts.index("195062")
    newest = history.versions[-1]
    assert newest.label == "법률 제21445호 (2026. 3. 10. 공포, 2026. 9. 11. 시행)"
    assert newest.status == "현행"
    assert newest.url.startswith("https://www.law.go.kr/LSW/lsInfoP.do?lsiSeq=283839")
    assert len(client.requests) == 2  # the name search for the 법령ID, then one eflaw list by LID
    assert client.requests[1]["LID"] == "011357"


def test_the_html_연혁_table_is_read_when_eflaw_lists_nothing(app: WSGIApp) -> None:
    def empty_eflaw(request: httpx.Request) -> httpx.Response | None:
        if request.url.params.get("target") == "eflaw":
            return httpx.Response(200, text="<LawSearch><totalCnt>0</totalCnt></LawSearch>")
        return None

    client = Client(app, mangle=empty_eflaw)
    history = client.history.history("형법")
    assert not isinstance(history, NotChecked)
    assert len(history.versions) == 29
    assert "lsHistory" in history.notes[0]
    repeal = next(v for v in history.versions if v.id.endswith("@178999"))
    assert (repeal.promulgated, repeal.effective, repeal.number) == ("2016-01-06", "2016-01-06", "13719")


@pytest.mark.parametrize(
    ("law", "day", "mst", "pending"),
    [
        # 근로기준법 MST 284443 is promulgated (2026-03-17) but takes effect on 2027-01-01: not the law today
        ("근로기준법", "2026-12-01", "283457", ()),
        ("근로기준법", "2027-01-01", "284443", ()),
        # 민법 on 2015-01-15: MST 165484 (in force 2014-12-30) already prints 법률 제12777호 (2015-10-16)
        ("민법", "2015-01-15", "165484", ("160862",)),
        ("민법", "2015-11-01", "167952", ()),
        ("형법", "2015-06-01", "165506", ()),
    ],
)
def test_the_version_in_force_on_a_day(
    app: WSGIApp, texts: MemoryStore, law: str, day: str, mst: str, pending: tuple[str, ...]
) -> None:
    answer = Client(app, store=texts).history.in_force(law, day)
    assert isinstance(answer, InForce), answer
    assert answer.version.id.endswith(f"@{mst}")
    assert tuple(v.id.partition("@")[2] for v in answer.pending) == pending
    assert answer.period.contains(day)


def test_no_version_before_the_first_one(app: WSGIApp, texts: MemoryStore) -> None:
    answer = Client(app, store=texts).history.in_force("개인정보 보호법", "2010-01-01")
    assert isinstance(answer, NoVersion)
    assert "first one listed takes effect on 2011-09-30" in answer.why


# ------------------------------------------------------------------------------------------ quotes


QUOTES = [
    # (law, pinpoint, quote of an earlier wording, its period, a day inside it, the wording in force today)
    (
        "개인정보 보호법",
        Pinpoint("15", "1", "4"),
        "정보주체와의 계약의 체결 및 이행을 위하여 불가피하게 필요한 경우",
        ("2011-09-30", "2023-09-14"),
        "2020-01-01",
        "정보주체와 체결한 계약을 이행하거나 계약을 체결하는 과정에서 정보주체의 요청에 따른 조치를 이행하기",
    ),
    (
        "민법",
        Pinpoint("4"),
        "만20세로 성년이 된다.",
        ("2009-08-09", "2013-06-30"),  # the texts before 2009 are not in the repository: not checked
        "2012-06-01",
        "사람은 19세로 성년에 이르게 된다.",
    ),
    (
        "근로기준법",
        Pinpoint("43-6", "2"),
        "제1항제4호에 따른 월평균보수 및 피보험자격 취득에 관한 자료를 제공받기 위하여",
        ("2025-10-23", "2026-12-31"),  # in force today; replaced on 2027-01-01 (promulgated 2026-03-17)
        "2026-12-01",
        "제1항제4호에 따른 월평균보수 및 피보험자격 취득에 관한 자료",
    ),
]


@pytest.mark.parametrize(("law", "pinpoint", "quote", "period", "inside", "today_words"), QUOTES)
def test_an_earlier_wording_is_found_in_its_versions_and_periods(
    app: WSGIApp,
    texts: MemoryStore,
    law: str,
    pinpoint: Pinpoint,
    quote: str,
    period: tuple[str, str | None],
    inside: str,
    today_words: str,
) -> None:
    history = Client(app, store=texts).history
    within = checked(history.check_quote(law, pinpoint, quote, as_of=inside))
    assert within.matches_in_force, f"{quote!r} is the law of {inside}"

    full = checked(history.check_quote(law, pinpoint, quote, as_of="2026-12-01", scope="all"))
    [match] = [m for m in full.matches if m.fragment.status.value == "exact"]
    periods = [(p.start, p.last_day) for p in match.wording.periods]
    assert periods == [period]


def test_the_wording_of_today_replaces_the_quoted_one(app: WSGIApp, texts: MemoryStore) -> None:
    history = Client(app, store=texts).history
    quote = "정보주체와의 계약의 체결 및 이행을 위하여 불가피하게 필요한 경우"
    today = checked(
        history.check_quote("개인정보 보호법", Pinpoint("15", "1", "4"), quote, as_of="2026-12-01")
    )
    assert not today.matches_in_force
    assert today.in_force is not None
    assert today.in_force.reading is not None
    assert "정보주체와 체결한 계약을 이행하거나" in today.in_force.reading.comparable
    assert today.in_force.version is not None
    assert today.in_force.version.label == "법률 제19234호 (2023. 3. 14. 공포, 2023. 9. 15. 시행)"
    [other] = today.other_wordings
    assert other.wording.periods[0].last_day == "2023-09-14"
    assert today.fate is None  # amended, not repealed or moved


def test_a_scheduled_wording_is_not_the_law_yet(app: WSGIApp, texts: MemoryStore) -> None:
    history = Client(app, store=texts).history
    quote = "제1항제4호에 따른 월 보수 및 피보험자격 취득에 관한 자료를 제공받기 위하여"
    today = checked(history.check_quote("근로기준법", Pinpoint("43-6", "2"), quote, as_of="2026-12-01"))
    assert not today.matches_in_force
    assert today.in_force_status.value == "modified"  # 월 보수 / 월평균보수: one word apart
    [scheduled] = today.exact_elsewhere
    assert scheduled.wording.periods[0].start == "2027-01-01"
    later = checked(history.check_quote("근로기준법", Pinpoint("43-6", "2"), quote, as_of="2027-02-01"))
    assert later.matches_in_force


def test_a_pending_amendment_printed_early_is_not_taken_for_the_law(app: WSGIApp, texts: MemoryStore) -> None:
    # On 2015-01-15 the version in force (MST 165484) already prints the 2014-10-15 wording of 제924조, which
    # takes effect only on 2015-10-16. The law of that day is the older wording.
    history = Client(app, store=texts).history
    line = timeline(history.timeline("민법", Pinpoint("924")))
    on_day = line.at("2015-01-15")
    assert on_day is not None
    assert on_day.reading is not None
    assert on_day.reading.title == "친권상실의 선고"
    after = line.at("2015-10-16")
    assert after is not None
    assert after.reading is not None
    assert after.version is not None
    assert after.reading.title == "친권의 상실 또는 일시 정지의 선고"
    assert after.version.label == "법률 제12777호 (2014. 10. 15. 공포, 2015. 10. 16. 시행)"


# --------------------------------------------------------------------------------- fate of an article


def test_a_repealed_article_is_caught_with_its_date(app: WSGIApp, texts: MemoryStore) -> None:
    history = Client(app, store=texts).history
    quote = "배우자있는 자가 간통한 때에는 2년 이하의 징역에 처한다."
    then = checked(history.check_quote("형법", Pinpoint("241", "1"), quote, as_of="2010-01-01"))
    assert then.matches_in_force
    now = checked(history.check_quote("형법", Pinpoint("241"), quote, as_of="2026-12-01"))
    assert not now.matches_in_force
    assert now.in_force is not None
    assert now.in_force.reading is not None
    assert now.in_force.reading.state is UnitState.REPEALED
    assert now.fate is not None
    assert (now.fate.kind, now.fate.on) == ("repealed", "2016-01-06")
    assert now.fate.version.label == "법률 제13719호 (2016. 1. 6. 공포, 2016. 1. 6. 시행)"


def test_a_renumbered_article_is_followed_to_its_new_number(app: WSGIApp, texts: MemoryStore) -> None:
    # 근로기준법 전부개정 (법률 제8372호, 2007-04-11): 해고등의 제한 moved from 제30조 to 제23조, and 제30조
    # now holds 구제명령 등
    history = Client(app, store=texts).history
    quote = "사용자는 근로자에 대하여 정당한 이유없이 해고, 휴직, 정직, 전직, 감봉 기타 징벌을 하지 못한다."
    now = checked(history.check_quote("근로기준법", Pinpoint("30", "1"), quote, as_of="2026-12-01"))
    assert not now.matches_in_force
    assert now.fate is not None
    assert (now.fate.kind, now.fate.on, now.fate.moved_to) == ("renumbered", "2007-04-11", "제23조 제1항")
    assert now.fate.note == "해고등의 제한 → 구제명령 등"


def test_a_number_that_now_holds_another_provision(app: WSGIApp, texts: MemoryStore) -> None:
    history = Client(app, store=texts).history
    quote = (
        "정보통신서비스 제공자는 제15조제1항에도 불구하고 이용자의 개인정보를 이용하려고 수집하는 경우에는"
    )
    now = checked(history.check_quote("개인정보 보호법", Pinpoint("39-3", "1"), quote, as_of="2026-12-01"))
    [match] = now.matches
    assert [(p.start, p.last_day) for p in match.wording.periods] == [("2020-08-05", "2023-09-14")]
    assert now.fate is not None
    assert now.fate.kind in ("replaced", "renumbered")
    assert now.fate.on == "2023-09-15"
    assert now.fate.note == "개인정보의 수집ㆍ이용 동의 등에 대한 특례 → 자료의 제출"


# ---------------------------------------------------------------------------------- not checked


def test_days_whose_version_text_is_not_held_are_unknown_never_guessed(
    app: WSGIApp, texts: MemoryStore
) -> None:
    # only 6 of the 37 민법 versions are in the repository; the fake refuses the others as law.go.kr would
    line = timeline(Client(app, store=texts).history.timeline("민법", Pinpoint("4")))
    old = line.at("1990-06-01")
    assert old is not None
    assert old.reading is None
    assert "법률 제3723호" in old.unknown
    assert "could not be read" in old.unknown
    assert line.gaps


@pytest.mark.parametrize(
    ("oc", "cause", "words"),
    [("", Cause.NOT_CONFIGURED, "LAWGOKR_OC is not set"), ("unsubscribed", Cause.NOT_CONFIGURED, "미신청")],
)
def test_a_key_problem_is_not_checked_with_the_reason(
    app: WSGIApp, oc: str, cause: Cause, words: str
) -> None:
    result = Client(app, oc=oc).history.check_quote("형법", Pinpoint("241"), "간통", as_of="2026-12-01")
    assert isinstance(result, NotChecked)
    assert result.cause is cause
    assert words in result.message
    assert result.message.startswith("version not checked: ")


def test_an_unavailable_service_is_not_checked_with_the_retries(app: WSGIApp) -> None:
    def down(request: httpx.Request) -> httpx.Response | None:
        return httpx.Response(503, text="") if request.url.params.get("target") == "eflaw" else None

    result = Client(app, mangle=down).history.history("형법")
    assert isinstance(result, NotChecked)
    assert result.cause is Cause.UPSTREAM_ERROR
    assert result.retries == 1
    assert "연혁 list of 형법" in result.message


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "the 연혁 list of 형법 could not be read: ", ""),
        (
            "pl",
            "nie udało się odczytać listy wersji (연혁) ustawy 형법: usługa zawiodła",
            "could not be read",
        ),
        ("ko", "형법의 연혁 목록을 읽지 못했습니다: 서비스 오류", "could not be read"),
    ],
)
def test_a_reader_gets_why_a_version_was_not_checked_in_their_language(
    app: WSGIApp, lang: str, said: str, not_said: str
) -> None:
    def down(request: httpx.Request) -> httpx.Response | None:
        return httpx.Response(503, text="") if request.url.params.get("target") == "eflaw" else None

    result = Client(app, mangle=down).history.history("형법")
    assert isinstance(result, NotChecked)
    text = result.reason.render(lang)
    assert said in text
    assert not not_said or not_said not in text
    assert "HTTP 503" not in text or lang == "en"  # the client's technical message stays in `why`


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "LAWGOKR_OC is not set: law.go.kr cannot be asked"),
        ("pl", "nie skonfigurowano klucza law.go.kr (LAWGOKR_OC)"),
        ("ko", "인증키(LAWGOKR_OC)가 설정되지 않아"),
    ],
)
def test_a_missing_key_is_said_in_the_readers_language(app: WSGIApp, lang: str, words: str) -> None:
    result = Client(app, oc="").history.check_quote("형법", Pinpoint("241"), "간통", as_of="2026-12-01")
    assert isinstance(result, NotChecked)
    assert words in result.reason.render(lang)
    assert result.why == "LAWGOKR_OC is not set: law.go.kr cannot be asked"  # the findings JSON's reason


def test_an_article_no_version_has(app: WSGIApp, texts: MemoryStore) -> None:
    result = Client(app, store=texts).history.timeline("주택임대차보호법", Pinpoint("99"))
    assert isinstance(result, NotChecked)
    assert result.cause is Cause.NO_UNIT


# ---------------------------------------------------------------------------------------- cost


def test_a_quote_in_the_wording_in_force_costs_one_list_and_one_text(app: WSGIApp) -> None:
    client = Client(app)
    quote = "사용자는 근로자를 해고하려면 해고사유와 해고시기를 서면으로 통지하여야 한다."
    result = checked(
        client.history.check_quote(
            "근로기준법", Pinpoint("27", "1"), quote, as_of="2026-12-01", law_id="001872"
        )
    )
    assert result.matches_in_force
    assert [r.get("target") for r in client.requests] == ["eflaw", "law"]
    assert result.gaps == ("the other 40 versions were not read: the quote is in the wording in force",)


def test_a_warm_run_asks_nothing(app: WSGIApp, tmp_path: Path) -> None:
    quote = "배우자있는 자가 간통한 때에는 2년 이하의 징역에 처한다."
    cold = Client(app, store=DirectoryStore(tmp_path))
    first = checked(cold.history.check_quote("형법", Pinpoint("241"), quote, as_of="2026-12-01"))
    assert len(cold.requests) == 31  # name search, list, 29 texts
    warm = Client(app, store=DirectoryStore(tmp_path))  # a new process: only the directory is shared
    second = checked(warm.history.check_quote("형법", Pinpoint("241"), quote, as_of="2026-12-01"))
    assert warm.requests == []
    assert second.fate == first.fate
    assert [m.wording.periods for m in second.matches] == [m.wording.periods for m in first.matches]


def test_only_identifiers_leave_the_machine(app: WSGIApp) -> None:
    client = Client(app)
    quote = "정보주체와의 계약의 체결 및 이행을 위하여 불가피하게 필요한 경우"
    client.history.check_quote("개인정보 보호법", Pinpoint("15", "1", "4"), quote, as_of="2026-12-01")
    sent = " ".join(v for request in client.requests for k, v in request.items() if k != "OC")
    assert "계약" not in sent
    assert {r.get("target") for r in client.requests} == {"law", "eflaw"}


def test_a_list_from_yesterday_is_asked_again_for_today_but_not_for_the_past(app: WSGIApp) -> None:
    store = MemoryStore()
    Client(app, store=store).history.history("형법", law_id="001692")
    later = Client(app, store=store)
    later.history._today = lambda: TODAY + dt.timedelta(days=1)
    later.history.history("형법", law_id="001692", as_of="2015-01-01")
    assert later.requests == []
    later.history.history("형법", law_id="001692")
    assert [r.get("target") for r in later.requests] == ["eflaw"]


def test_the_article_change_list(app: WSGIApp) -> None:
    changes = Client(app).history.article_changes("011357", "15")
    assert not isinstance(changes, NotChecked)
    assert "248613" in [c.mst for c in changes]
    change = next(c for c in changes if c.mst == "248613")
    assert (change.changed, change.effective, change.reason) == ("2023-03-14", "2023-09-15", "일부개정")


def test_in_force_on_is_pure_over_the_list(app: WSGIApp, texts: MemoryStore) -> None:
    history = Client(app, store=texts).history.history("근로기준법")
    assert not isinstance(history, NotChecked)
    answer = in_force_on(history, "2007-05-01")
    assert isinstance(answer, InForce)
    # the 전부개정 (2007-04-11) is in force; 법률 제8074호 and 제8293호, promulgated before it, take
    # effect only on 2007-07-01
    assert answer.version.id.endswith("@78019")
    assert {v.id.partition("@")[2] for v in answer.pending} == {"76363", "77179"}


def test_the_document_the_verifier_already_has_is_not_fetched_again(app: WSGIApp) -> None:
    client = Client(app)
    resolved = client.resolver.resolve(Anchor("kr:law:형법"))
    assert isinstance(resolved, Found)
    client.requests.clear()
    quote = "본법은 대한민국영역내에서 죄를 범한 내국인과 외국인에게 적용한다."
    result = checked(
        client.history.check_quote(
            "형법", Pinpoint("2"), quote, as_of="2026-12-01", law_id="001692", known=resolved.document
        )
    )
    assert result.matches_in_force
    assert [r.get("target") for r in client.requests] == ["eflaw"]  # the list; the text was in hand

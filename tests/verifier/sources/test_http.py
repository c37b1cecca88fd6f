"""SourceHTTP: what a lawyer would see go wrong if it misbehaved — a source marked missing after one hiccup,
a key leaked into a log, a service hammered into banning us, or a "verified" built on a maintenance page."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import httpx
import pytest

from fakes.lawgokr import make_app
from verifier.sources.errors import NotFoundError, PermanentError, TransientError
from verifier.sources.http import LOCAL_ONLY_MESSAGE, SourceHTTP, parse_retry_after, public_url_of

DATA = Path(__file__).resolve().parents[2] / "data"
KR_CORPUS = DATA / "corpus" / "kr"
KR_RECORDED = DATA / "recorded" / "korea_law_go_kr"
SECRET = "s3cret-oc"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def scripted(responses: list[httpx.Response | Exception]) -> tuple[httpx.MockTransport, list[httpx.Request]]:
    """A transport that answers with `responses` in order (the last one repeats)."""
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = responses[min(len(seen) - 1, len(responses) - 1)]
        if isinstance(answer, Exception):
            raise answer
        return answer

    return httpx.MockTransport(handler), seen


def make_http(transport: httpx.BaseTransport, **kwargs: Any) -> tuple[SourceHTTP, list[float]]:
    sleeps: list[float] = []
    kwargs.setdefault("random", lambda: 0.5)
    http = SourceHTTP(transport=transport, sleep=sleeps.append, **kwargs)
    return http, sleeps


OK = httpx.Response(200, text="<ok/>")


@pytest.mark.parametrize(
    ("first", "reason_part"),
    [
        (httpx.Response(503), "HTTP 503"),
        (httpx.Response(502), "HTTP 502"),
        (httpx.Response(429), "rate limiting"),
        (httpx.Response(200, text=""), "empty body"),
        (httpx.Response(200, text="   \n"), "empty body"),
        (httpx.ReadTimeout("slow"), "did not answer in time"),
        (httpx.ConnectError("connection reset by peer"), "could not reach"),
    ],
)
def test_it_retries_a_transient_failure_and_counts_the_retry(first: Any, reason_part: str) -> None:
    transport, seen = scripted([first, first, OK])
    http, sleeps = make_http(transport)
    fetched = http.get("https://api.example/x")
    assert (fetched.status, fetched.text, fetched.retries) == (200, "<ok/>", 2)
    assert len(seen) == 3
    assert len(sleeps) == 2
    # and the same failure, never followed by success, ends as TransientError saying what happened
    transport, seen = scripted([first])
    http, _ = make_http(transport, max_retries=2)
    with pytest.raises(TransientError, match=reason_part) as info:
        http.get("https://api.example/x")
    assert info.value.retries == 2
    assert len(seen) == 3


@pytest.mark.parametrize(
    ("status", "error", "message_part"),
    [
        (404, NotFoundError, "404"),
        (400, PermanentError, "HTTP 400"),
        (401, PermanentError, "HTTP 401"),
        (403, PermanentError, "HTTP 403"),
        (410, PermanentError, "HTTP 410"),
    ],
)
def test_it_does_not_retry_a_permanent_answer(status: int, error: type[Exception], message_part: str) -> None:
    transport, seen = scripted([httpx.Response(status, text="no")])
    http, sleeps = make_http(transport)
    with pytest.raises(error, match=message_part):
        http.get("https://api.example/x")
    assert len(seen) == 1
    assert sleeps == []


@pytest.mark.parametrize(
    ("base", "cap", "random_value", "expected"),
    [
        (1.0, 30.0, 0.5, [0.5, 1.0, 2.0]),
        (1.0, 1.5, 1.0, [1.0, 1.5, 1.5]),  # capped
        (2.0, 30.0, 0.0, [0.0, 0.0, 0.0]),  # full jitter may wait nothing at all
    ],
)
def test_it_backs_off_exponentially_with_full_jitter(
    base: float, cap: float, random_value: float, expected: list[float]
) -> None:
    transport, _ = scripted([httpx.Response(503)])
    http, sleeps = make_http(
        transport, max_retries=3, backoff_base=base, backoff_cap=cap, random=lambda: random_value
    )
    with pytest.raises(TransientError):
        http.get("https://api.example/x")
    assert sleeps == expected


@pytest.mark.parametrize(
    ("retry_after", "cap", "sleeps_expected", "raises"),
    [
        ("7", 60.0, [7.0], False),
        ("0", 60.0, [0.0], False),
        ("3600", 60.0, [], True),  # longer than we may block a worker: give up now, say how long to wait
    ],
)
def test_it_honours_retry_after_up_to_a_cap(
    retry_after: str, cap: float, sleeps_expected: list[float], raises: bool
) -> None:
    transport, _ = scripted([httpx.Response(429, headers={"Retry-After": retry_after}), OK])
    http, sleeps = make_http(transport, retry_after_cap=cap)
    if raises:
        with pytest.raises(TransientError) as info:
            http.get("https://api.example/x")
        assert info.value.retry_after == float(retry_after)
        assert "wait 3600s" in info.value.message
    else:
        assert http.get("https://api.example/x").retries == 1
    assert sleeps == sleeps_expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("120", 120.0),
        ("Wed, 21 Oct 2015 07:28:00 GMT", 30.0),
        ("soon", None),
        (None, None),
    ],
)
def test_it_reads_retry_after_as_seconds_or_a_date(header: str | None, expected: float | None) -> None:
    now = 1445412450.0  # 2015-10-21 07:27:30 UTC
    assert parse_retry_after(header, now) == expected


def test_it_sends_nothing_in_local_only_mode() -> None:
    transport, seen = scripted([OK])
    http, _ = make_http(transport, local_only=True)
    with pytest.raises(PermanentError, match=LOCAL_ONLY_MESSAGE):
        http.get("https://api.example/x", params={"OC": SECRET})
    assert seen == []


@pytest.mark.parametrize(
    ("url", "params", "expected"),
    [
        (
            "https://h/DRF/lawSearch.do",
            {"OC": SECRET, "query": "민법"},
            "https://h/DRF/lawSearch.do?query=%EB%AF%BC%EB%B2%95",
        ),
        (f"https://h/a?OC={SECRET}&x=1", None, "https://h/a?x=1"),
        ("https://h/a", {"OC": SECRET}, "https://h/a"),
    ],
)
def test_it_keeps_the_key_out_of_the_public_url(
    url: str, params: dict[str, str] | None, expected: str
) -> None:
    assert public_url_of(url, params, ("OC",)) == expected


def test_it_never_shows_the_key_in_bodies_errors_or_logs(caplog: pytest.LogCaptureFixture) -> None:
    # law.go.kr echoes the requester's key inside every 법령상세링크 of a search answer
    body = f"<law><법령상세링크>/DRF/lawService.do?OC={SECRET}&amp;target=law</법령상세링크></law>"
    transport, _ = scripted([httpx.Response(503), httpx.Response(200, text=body)])
    http, _ = make_http(transport)
    with caplog.at_level(logging.DEBUG):
        fetched = http.get("https://h/DRF/lawSearch.do", params={"OC": SECRET, "query": "민법"})
    assert SECRET not in fetched.text
    assert SECRET.encode() not in fetched.content
    assert "OC=REDACTED&amp;target=law" in fetched.text
    assert SECRET not in fetched.public_url
    assert SECRET not in caplog.text
    assert "lawSearch.do" in caplog.text
    transport, _ = scripted([httpx.ConnectError(f"failed for https://h/x?OC={SECRET}")])
    http, _ = make_http(transport, max_retries=0)
    with pytest.raises(TransientError) as info:
        http.get("https://h/x", params={"OC": SECRET})
    assert SECRET not in str(info.value)


def test_it_opens_the_circuit_after_repeated_failures_and_probes_after_cool_down() -> None:
    clock = Clock()
    flaky: list[httpx.Response] = [httpx.Response(503), httpx.Response(503)]
    seen: dict[str, int] = {"flaky.example": 0, "fine.example": 0}

    def handler(request: httpx.Request) -> httpx.Response:
        seen[request.url.host] += 1
        if request.url.host == "flaky.example" and flaky:
            return flaky.pop(0)
        return OK

    http, _ = make_http(
        httpx.MockTransport(handler), max_retries=0, breaker_threshold=2, breaker_cooldown=30.0, clock=clock
    )
    for _ in range(2):
        with pytest.raises(TransientError):
            http.get("https://flaky.example/a")
    with pytest.raises(TransientError, match="failing repeatedly") as info:
        http.get("https://flaky.example/b")
    assert seen["flaky.example"] == 2, "an open circuit sends nothing"
    assert info.value.retry_after == 30.0
    assert http.get("https://fine.example/a").status == 200, "other hosts are not affected"
    clock.now += 31
    assert http.get("https://flaky.example/c").status == 200  # the half-open probe succeeds and closes it
    assert http.get("https://flaky.example/d").status == 200
    assert seen == {"flaky.example": 4, "fine.example": 1}


def test_it_stops_retrying_when_the_hosts_retry_budget_is_spent() -> None:
    transport, seen = scripted([httpx.Response(503)])
    http, sleeps = make_http(transport, max_retries=5, retry_budget=2, breaker_threshold=100)
    with pytest.raises(TransientError, match="budget") as info:
        http.get("https://busy.example/x")
    assert len(seen) == 3
    assert len(sleeps) == 2
    assert info.value.retries == 2


def test_it_limits_concurrent_requests_per_host() -> None:
    lock = threading.Lock()
    in_flight = {"now": 0, "max": 0}

    def handler(request: httpx.Request) -> httpx.Response:
        with lock:
            in_flight["now"] += 1
            in_flight["max"] = max(in_flight["max"], in_flight["now"])
        time.sleep(0.02)
        with lock:
            in_flight["now"] -= 1
        return OK

    http, _ = make_http(httpx.MockTransport(handler), per_host_limit=2)
    threads = [threading.Thread(target=http.get, args=(f"https://one.example/{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert in_flight["max"] == 2


def test_it_sends_identical_concurrent_requests_once() -> None:
    release = threading.Event()
    calls: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(str(request.url))
        release.wait(2)
        return httpx.Response(200, text="shared")

    http, _ = make_http(httpx.MockTransport(handler))
    results: list[str] = []
    threads = [
        threading.Thread(
            target=lambda: results.append(http.get("https://one.example/same", params={"q": "1"}).text)
        )
        for _ in range(5)
    ]
    for t in threads:
        t.start()
    time.sleep(0.1)
    release.set()
    for t in threads:
        t.join()
    assert results == ["shared"] * 5
    assert len(calls) == 1


def test_a_check_can_turn_a_200_page_into_a_transient_or_permanent_failure() -> None:
    def check(response: httpx.Response) -> None:
        if "maintenance" in response.text:
            raise TransientError("maintenance page")
        if "미신청" in response.text:
            raise PermanentError("not subscribed")

    transport, seen = scripted([httpx.Response(200, text="<html>maintenance</html>"), OK])
    http, _ = make_http(transport)
    assert http.get("https://h/x", check=check).retries == 1
    transport, seen = scripted([httpx.Response(200, text="<h2>미신청된 목록/본문에 대한 접근입니다.</h2>")])
    http, _ = make_http(transport)
    with pytest.raises(PermanentError, match="not subscribed"):
        http.get("https://h/x", check=check)
    assert len(seen) == 1


# ----------------------------------------------------------------------------- against a real socket


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True  # a slow (timed-out) request must not block the retry behind it


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _faulty(app: Callable[..., Any], plan: list[str]) -> Callable[..., Any]:
    """Test-only fault wrapper: each request takes the next step of `plan` ("ok", "503", "slow")."""
    steps = iter(plan)

    def wrapped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        step = next(steps, "ok")
        if step == "503":
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"busy"]
        if step == "slow":
            time.sleep(0.5)
        return app(environ, start_response)

    return wrapped


@pytest.fixture(scope="module")
def lawgokr_app() -> Callable[..., Any]:
    return make_app(KR_CORPUS, KR_RECORDED)


@pytest.fixture
def serve() -> Iterator[Callable[[Callable[..., Any]], str]]:
    servers = []

    def start(app: Callable[..., Any]) -> str:
        server = make_server("127.0.0.1", 0, app, server_class=_ThreadingServer, handler_class=_Quiet)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


LAW_QUERY = {"OC": SECRET, "target": "law", "type": "XML", "query": "민법", "display": 100}
BROWSER = {"Referer": "https://www.law.go.kr/"}


def test_it_fetches_from_a_real_local_server(serve: Callable[..., str], lawgokr_app: Any) -> None:
    base = serve(lawgokr_app)
    with SourceHTTP(timeout=5) as http:
        fetched = http.get(f"{base}/DRF/lawSearch.do", params=LAW_QUERY, headers=BROWSER)
    assert fetched.status == 200
    assert fetched.retries == 0
    assert "<법령명한글>민법</법령명한글>" in fetched.text
    assert SECRET not in fetched.text
    assert SECRET not in fetched.public_url


@pytest.mark.parametrize(
    ("plan", "timeout", "retries", "outcome"),
    [
        (["503", "503"], 5.0, 2, "ok"),
        (["slow"], 0.1, 1, "ok"),
        (["503", "503", "503"], 5.0, 2, "fail"),
        (["slow", "slow", "slow"], 0.1, 2, "fail"),
    ],
)
def test_it_survives_faults_from_a_real_local_server(
    serve: Callable[..., str], lawgokr_app: Any, plan: list[str], timeout: float, retries: int, outcome: str
) -> None:
    base = serve(_faulty(lawgokr_app, plan))
    sleeps: list[float] = []
    with SourceHTTP(timeout=timeout, max_retries=2, sleep=sleeps.append) as http:
        if outcome == "ok":
            fetched = http.get(f"{base}/DRF/lawSearch.do", params=LAW_QUERY, headers=BROWSER)
            assert fetched.retries == retries
            assert "민법" in fetched.text
        else:
            with pytest.raises(TransientError) as info:
                http.get(f"{base}/DRF/lawSearch.do", params=LAW_QUERY, headers=BROWSER)
            assert info.value.retries == retries
            assert SECRET not in str(info.value)
    assert len(sleeps) == retries


def test_a_spent_review_budget_sends_nothing_and_says_so() -> None:
    from verifier.model import Cause
    from verifier.sources.http import within

    transport, seen = scripted([OK])
    http, _ = make_http(transport)
    with within(time.monotonic() - 1, 90), pytest.raises(TransientError, match="time budget") as info:
        http.get("https://slow.example/x")
    assert seen == [], "a spent budget still sent a request"
    assert "time budget for sources (90 s)" in info.value.message
    assert info.value.cause is Cause.TIMED_OUT
    assert http.get("https://slow.example/x").status == 200, "outside the block there is no budget"


def test_no_retry_waits_past_the_review_budget_and_the_breaker_does_not_count_it() -> None:
    from verifier.sources.http import within

    transport, seen = scripted([httpx.Response(503), OK])
    # the first backoff is 0.5 × 1 s; 0.2 s are left: no second attempt, and no sleep
    http, sleeps = make_http(transport, max_retries=5, breaker_threshold=2)
    with within(time.monotonic() + 0.2, 5), pytest.raises(TransientError, match="time budget"):
        http.get("https://busy.example/x")
    assert len(seen) == 1
    assert sleeps == []
    with within(time.monotonic() - 1, 5):
        for _ in range(3):
            with pytest.raises(TransientError, match="time budget"):
                http.get("https://busy.example/y")
    # one real failure so far, below the threshold of 2: the circuit is closed, the retry goes through
    assert http.get("https://busy.example/z").status == 200


def test_a_steady_share_of_failures_is_retried_without_running_out_and_never_opens_the_breaker() -> None:
    """Every third request fails (33 %, in the worst order: spread evenly, never two in a row), for 200
    look-ups of one host inside a minute: every look-up succeeds (the reserve earns retries with the traffic)
    and the breaker, which opens on a run of failures, never does."""
    clock = Clock()
    count = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal count
        count += 1
        return httpx.Response(503) if count % 3 == 0 else OK

    http, _ = make_http(httpx.MockTransport(handler), clock=clock)
    for n in range(200):
        assert http.get(f"https://steady.example/{n}").status == 200, n
    assert count == 299  # 200 answers and the 99 failures between them, each retried once


def test_a_run_of_failures_opens_the_breaker_at_the_threshold() -> None:
    from verifier.sources.http import BREAKER_THRESHOLD

    transport, seen = scripted([httpx.Response(503)])
    http, _ = make_http(transport)
    for n in range(5):
        with pytest.raises(TransientError):
            http.get(f"https://dead.example/{n}")
    assert len(seen) == BREAKER_THRESHOLD, "a dead host was asked more than one run's worth"


# --- answers kept a few minutes (keep=True) and the budget in pool threads ---------------------------------


def test_a_kept_answer_is_served_again_without_asking_and_says_how_old_it_is() -> None:
    clock = Clock()
    transport, seen = scripted([httpx.Response(200, text="<body/>")])
    http, _ = make_http(transport, clock=clock)
    first = http.get("http://fake/lawService.do", params={"ID": "178858"}, keep=True)
    clock.now += 42
    again = http.get("http://fake/lawService.do", params={"ID": "178858"}, keep=True)
    assert len(seen) == 1
    assert again.text == first.text == "<body/>"
    assert (first.age, again.age, again.retries) == (0.0, 42.0, 0)


def test_only_what_is_marked_kept_is_kept_and_only_for_a_few_minutes() -> None:
    from verifier.sources.recent import RECENT_SECONDS

    clock = Clock()
    transport, seen = scripted([httpx.Response(200, text="<body/>")])
    http, _ = make_http(transport, clock=clock)
    http.get("http://fake/lawSearch.do", params={"query": "민법"})
    http.get("http://fake/lawSearch.do", params={"query": "민법"})
    assert len(seen) == 2  # a search is asked each time
    http.get("http://fake/lawService.do", params={"ID": "1"}, keep=True)
    clock.now += RECENT_SECONDS + 1
    http.get("http://fake/lawService.do", params={"ID": "1"}, keep=True)
    assert len(seen) == 4  # too old: asked again
    http.get("http://fake/lawService.do", params={"ID": "2"}, keep=True)
    assert len(seen) == 5  # another document is another question


def test_a_failure_is_never_kept() -> None:
    transport, seen = scripted([httpx.Response(503, text="busy"), httpx.Response(200, text="<body/>")])
    http, _ = make_http(transport, max_retries=0)
    with pytest.raises(TransientError):
        http.get("http://fake/lawService.do", params={"ID": "1"}, keep=True)
    assert http.get("http://fake/lawService.do", params={"ID": "1"}, keep=True).text == "<body/>"
    assert len(seen) == 2


def test_kept_answers_stay_within_their_byte_bound() -> None:
    from verifier.sources.recent import RecentAnswers

    kept = RecentAnswers[str](len, max_bytes=10)
    kept.put("a", "12345")
    kept.put("b", "12345")
    kept.put("c", "1234")  # over 10 bytes: the oldest goes
    assert kept.get("a") is None
    assert [kept.get(k) is not None for k in ("b", "c")] == [True, True]
    kept.put("huge", "x" * 11)  # larger than the whole bound: not kept, nothing evicted for it
    assert kept.get("huge") is None
    assert kept.get("b") is not None


def test_a_look_up_fanned_out_to_a_pool_keeps_the_callers_budget() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from verifier.sources.http import under_this_budget, within

    transport, seen = scripted([OK])
    http, _ = make_http(transport)

    def fetch(serial: str) -> str:
        try:
            return http.get("http://fake/lawService.do", params={"ID": serial}).text
        except TransientError as exc:
            return exc.message

    with within(time.monotonic() - 1, 90), ThreadPoolExecutor(2) as pool:
        carried = list(pool.map(under_this_budget(fetch), ["1", "2"]))
        lost = list(pool.map(fetch, ["3"]))  # a bare pool thread does not see the deadline
    assert all("time budget" in answer for answer in carried)
    assert lost == ["<ok/>"]
    assert [r.url.params["ID"] for r in seen] == ["3"]


def test_a_host_name_that_does_not_resolve_opens_its_breaker_at_once() -> None:
    """On a machine without a network the first Polish review spent 18 s retrying a name that does not
    resolve: no retry can help before the network is back, so the breaker opens on the first such failure
    and the look-ups behind it end at once, saying the machine seems offline."""
    http, sleeps = make_http(httpx.HTTPTransport(retries=0), max_retries=5, breaker_threshold=10)
    started = time.monotonic()
    with pytest.raises(TransientError) as first:
        http.get("http://workbench-test.invalid/eli/acts")
    assert "does not resolve" in first.value.message
    assert "offline" in first.value.message
    assert sleeps == []  # no back-off, no retry
    with pytest.raises(TransientError) as second:
        http.get("http://workbench-test.invalid/eli/acts/DU/2020/1")
    assert "not asking it again" in second.value.message
    assert time.monotonic() - started < 10

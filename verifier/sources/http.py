"""The one HTTP layer all source clients share, so that politeness and failure handling live in one place.

Interface (create one `SourceHTTP` per process and share it between clients and threads):

    http = SourceHTTP(timeout=settings.SOURCE_HTTP_TIMEOUT, local_only=settings.WORKBENCH_LOCAL_ONLY)
    fetched = http.get(url, params={...}, headers={...}, redact_params=("OC",), check=my_check)
    fetched.status, fetched.text, fetched.content, fetched.headers, fetched.public_url, fetched.retries

`get` either returns a `Fetched` for a usable response or raises a `verifier.sources.errors.SourceError`:
  - `TransientError`: timeout, connection reset, 5xx, 429 (with `retry_after`), empty 200, or whatever `check`
    declares transient. Retried inside `get` with exponential backoff and full jitter, up to `max_retries`,
    limited by a per-host retry budget (a reserve of `retry_budget` that refills over `retry_budget_window`
    and with `retry_ratio` per new look-up); when it still fails, `err.retries` says how often it was retried.
  - `NotFoundError`: HTTP 404 (a client whose upstream answers 404 spuriously makes `check` raise
    `TransientError` for it instead).
  - `PermanentError`: any other 4xx, and `local_only=True` ("local-only mode: nothing is sent outside"),
    which is raised before any I/O.

`check(response)` is called on every response before the status is classified; it raises a `SourceError` to
override the default (e.g. law.go.kr answers "미신청" and maintenance pages with HTTP 200 and HTML) and
returns None to accept the default.

Politeness: at most `per_host_limit` requests in flight per server, i.e. host and port
(`host_slots.HostSlots`: a cited source's request before one made `with background()`, the history look-ups),
a circuit breaker per server (after `breaker_threshold` consecutive transient failures the server is skipped
for `breaker_cooldown` seconds, then one trial request is let through), and identical GETs in flight at the
same time are sent once and the answer shared. A GET asked with `keep=True` (a document that does not change
within minutes) is answered for a few minutes from the answer already fetched (`verifier.sources.recent`;
`Fetched.age` says how old).
A 429's Retry-After is honoured up to `retry_after_cap` seconds; a longer one ends the call at once with
`retry_after` set, so the job can be rescheduled instead of blocking a worker.

TimeBudget: `within(deadline, budget)` (a `time.monotonic()` deadline, for the calls of this thread) bounds
everything `get` does under it: each attempt waits at most what is left, no retry sleeps past it, and once it
has passed a call fails at once with a `TransientError` (cause TIMED_OUT) saying so. The workbench wraps a
review's look-ups in its per-review budget (`WORKBENCH_REVIEW_SOURCE_BUDGET`), so that an upstream that never
answers cannot hold a review open for the sum of every timeout and retry.

Secrets: the values of `redact_params` never appear in `public_url`, in log lines or in error messages, and
`OC=<value>`-style echoes of them inside the body (law.go.kr puts the key in every 법령상세링크) are replaced
by `OC=REDACTED` in `text` and `content`.
"""

from __future__ import annotations

import contextlib
import contextvars
import email.utils
import logging
import random as _random
import re
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING
from urllib.parse import urlencode, urlsplit, urlunsplit

from verifier.model import Cause
from verifier.sources.errors import NotFoundError, PermanentError, SourceError, TransientError
from verifier.sources.host_slots import HostSlots, Turn, current_order, current_urgency
from verifier.sources.recent import RecentAnswers

if TYPE_CHECKING:  # imported on the first request: a run the cache answers never loads httpx and TLS (~0.2 s)
    import httpx

log = logging.getLogger(__name__)

LOCAL_ONLY_MESSAGE = "local-only mode: nothing is sent outside"
# With 30 % of requests failing at random, a look-up still fails all of its 1 + 6 attempts once in ~4,600
# (0.3⁷), and a run of 10 failures in a row, which opens the breaker, comes once in ~200,000 requests; a host
# that answers nothing is left alone after 10 requests. At 60 % the breaker does open now and then, and what
# it stops ends ⛔ "retry now" (tests/reliability/test_upstream_faults.py measures both).
MAX_RETRIES = 6
BREAKER_THRESHOLD = 10
DEFAULT_USER_AGENT = "citation-review-workbench/1.0 (+source verification)"

type Params = Mapping[str, str | int]
type Check = Callable[[httpx.Response], None]


@dataclass(frozen=True, slots=True)
class TimeBudget:
    deadline: float  # time.monotonic()
    seconds: float  # the whole budget, for the message

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def spent(self, host: str) -> BudgetSpent:
        return BudgetSpent(
            f"{host} did not answer within this review's time budget for sources ({self.seconds:.0f} s)",
            host=host,
            cause=Cause.TIMED_OUT,
        )


class BudgetSpent(TransientError):
    """The review's time for sources is up: not a failure of the host (its breaker does not count it)."""


_budget: contextvars.ContextVar[TimeBudget | None] = contextvars.ContextVar("source_budget", default=None)


@contextlib.contextmanager
def within(deadline: float | None, seconds: float) -> Iterator[None]:
    """Every `SourceHTTP.get` of this thread (context) inside the block ends by `deadline` (monotonic);
    None: no budget."""
    token = _budget.set(None if deadline is None else TimeBudget(deadline, seconds))
    try:
        yield
    finally:
        _budget.reset(token)


def under_this_budget[T, R](fn: Callable[[T], R]) -> Callable[[T], R]:
    """`fn` for a pool's threads, under the calling thread's budget (`within`): a ContextVar does not cross
    into a ThreadPoolExecutor's threads by itself, and a look-up fanned out there would otherwise run with no
    deadline at all."""
    context = contextvars.copy_context()
    return lambda arg: context.copy().run(fn, arg)  # one copy a call: a Context is entered by one thread


def fan_out[T, R](fn: Callable[[T], R], items: Sequence[T], *, threads: int) -> list[R]:
    """`[fn(item) for item in items]` on at most `threads` threads at once, each under the caller's budget,
    answers in the order of `items`. SourceHTTP's per-host limit still bounds what each host is asked."""
    with ThreadPoolExecutor(max_workers=max(1, min(threads, len(items)))) as pool:
        return list(pool.map(under_this_budget(fn), items))


@dataclass(frozen=True, slots=True)
class Fetched:
    status: int
    text: str
    content: bytes
    headers: Mapping[str, str]
    public_url: str  # the requested URL without the redacted parameters: safe to log and to keep
    retries: int = 0
    age: float = 0.0  # seconds since it was fetched: > 0 for an answer kept from a moment ago (keep=True)


@dataclass(slots=True)
class _HostState:
    slots: HostSlots
    tokens: float
    token_time: float
    consecutive_failures: int = 0
    open_until: float | None = None
    trial_in_flight: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class SourceHTTP:
    def __init__(
        self,
        *,
        timeout: float = 20.0,
        local_only: bool = False,
        transport: httpx.BaseTransport | None = None,
        max_retries: int = MAX_RETRIES,
        backoff_base: float = 1.0,
        backoff_cap: float = 8.0,
        retry_after_cap: float = 60.0,
        per_host_limit: int = 4,
        host_limits: Mapping[str, int] | None = None,
        retry_budget: int = 20,
        retry_budget_window: float = 60.0,
        retry_ratio: float = 0.5,
        breaker_threshold: int = BREAKER_THRESHOLD,
        breaker_cooldown: float = 30.0,
        user_agent: str = DEFAULT_USER_AGENT,
        sleep: Callable[[float], None] = time.sleep,
        random: Callable[[], float] = _random.random,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if timeout <= 0:
            raise ValueError(f"timeout must be positive seconds, got {timeout!r}")
        if max_retries < 0 or per_host_limit < 1 or breaker_threshold < 1:
            raise ValueError("max_retries must be >= 0, per_host_limit and breaker_threshold >= 1")
        self.local_only = local_only
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_cap = backoff_cap
        self.retry_after_cap = retry_after_cap
        self.per_host_limit = per_host_limit
        self.host_limits = dict(host_limits or {})
        self.retry_budget = retry_budget
        self.retry_budget_window = retry_budget_window
        self.retry_ratio = retry_ratio
        self.breaker_threshold = breaker_threshold
        self.breaker_cooldown = breaker_cooldown
        self._sleep = sleep
        self._random = random
        self._clock = clock
        self._timeout = timeout
        self._transport = transport
        self._user_agent = user_agent
        self._client_instance: httpx.Client | None = None
        self._client_lock = threading.Lock()
        self._lock = threading.Lock()
        self._hosts: dict[str, _HostState] = {}
        # an identical GET in flight, shared: its answer, and its turn at the host (which a more urgent
        # asker promotes)
        self._in_flight: dict[tuple[object, ...], tuple[Future[Fetched], Turn]] = {}
        self._recent = RecentAnswers[Fetched](lambda f: len(f.content) + len(f.text), clock=clock)

    @property
    def _client(self) -> httpx.Client:
        # built on the first request: a run answered from the cache never pays for the TLS context
        with self._client_lock:
            if self._client_instance is None:
                import httpx

                # httpx logs each request's full URL at INFO, a key in its query included (law.go.kr's
                # OC): quiet below WARNING whoever runs the engine, with or without the app's logging setup
                quiet = logging.getLogger("httpx")
                quiet.setLevel(max(quiet.level, logging.WARNING))
                self._client_instance = httpx.Client(
                    follow_redirects=True,
                    timeout=httpx.Timeout(self._timeout),
                    transport=self._transport,
                    headers={"User-Agent": self._user_agent},
                )
            return self._client_instance

    def close(self) -> None:
        with self._client_lock:
            if self._client_instance is not None:
                self._client_instance.close()

    def __enter__(self) -> SourceHTTP:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- public

    def get(
        self,
        url: str,
        *,
        params: Params | None = None,
        headers: Mapping[str, str] | None = None,
        redact_params: Iterable[str] = ("OC",),
        check: Check | None = None,
        keep: bool = False,
    ) -> Fetched:
        redact = tuple(redact_params)
        public_url = public_url_of(url, params, redact)
        if self.local_only:
            raise PermanentError(LOCAL_ONLY_MESSAGE, host=urlsplit(url).hostname, cause=Cause.LOCAL_ONLY)
        key = (
            url,
            tuple(sorted((k, str(v)) for k, v in (params or {}).items())),
            tuple(sorted((headers or {}).items())),
        )
        if keep and (kept := self._recent.get((*key, check))) is not None:
            answer, seconds = kept  # its retries were counted when it was fetched
            return replace(answer, retries=0, age=answer.age + seconds)
        urgency = current_urgency()
        with self._lock:
            flight = self._in_flight.get(key)
            leader = flight is None
            if flight is None:
                flight = (Future[Fetched](), Turn(urgency, current_order()))
                self._in_flight[key] = flight
            else:
                flight[1].promote(urgency)
        future, turn = flight
        if not leader:
            return future.result()
        try:
            fetched = self._get_with_retries(url, params, headers, redact, check, public_url, turn)
        except BaseException as exc:
            future.set_exception(exc)
            raise
        else:
            future.set_result(fetched)
            if keep:
                self._recent.put((*key, check), fetched)
            return fetched
        finally:
            with self._lock:
                del self._in_flight[key]

    # --------------------------------------------------------------- private

    def _host(self, server: str, hostname: str) -> _HostState:
        with self._lock:
            state = self._hosts.get(server)
            if state is None:
                limit = self.host_limits.get(server, self.host_limits.get(hostname, self.per_host_limit))
                state = _HostState(
                    slots=HostSlots(limit),
                    tokens=float(self.retry_budget),
                    token_time=self._clock(),
                )
                self._hosts[server] = state
            return state

    def _get_with_retries(
        self,
        url: str,
        params: Params | None,
        headers: Mapping[str, str] | None,
        redact: tuple[str, ...],
        check: Check | None,
        public_url: str,
        turn: Turn,
    ) -> Fetched:
        parts = urlsplit(url)
        host = parts.hostname or url
        # a server is its host and port: the fakes of the four services on one machine are four servers, as
        # law.go.kr, SAOS, ELI and CELLAR are upstream, and must not share one set of places and one breaker
        state = self._host(parts.netloc or host, host)
        budget = _budget.get()
        retries = 0
        self._deposit(state)
        while True:
            if budget is not None and budget.left() <= 0:
                exc = budget.spent(host)
                exc.retries = retries
                raise exc
            self._enter_breaker(host, state, retries)
            try:
                fetched = self._attempt(
                    url, params, headers, redact, check, public_url, state, host, turn, budget
                )
            except BudgetSpent as exc:
                with state.lock:
                    state.trial_in_flight = False  # a half-open probe cut short decides nothing
                exc.retries = retries
                raise
            except NameDoesNotResolve as exc:
                # No retry can help before the network is back: the breaker opens at once, and the look-ups
                # behind this one end ⛔ "retry now" without 18 s of back-off each.
                self._open_now(state)
                exc.retries = retries
                log.warning("not retrying %s: %s", public_url, exc.message)
                raise
            except TransientError as exc:
                self._record(state, failed=True)
                exc.retries = retries
                self._wait_before_retry(exc, state, budget, host, public_url)
                retries += 1
                continue
            except SourceError as exc:
                self._record(state, failed=False)
                exc.retries = retries
                raise
            except BaseException:
                self._record(state, failed=False)  # a bug in `check` must not leave the breaker half-open
                raise
            self._record(state, failed=False)
            return Fetched(
                status=fetched.status,
                text=fetched.text,
                content=fetched.content,
                headers=fetched.headers,
                public_url=public_url,
                retries=retries,
            )

    def _wait_before_retry(
        self, exc: TransientError, state: _HostState, budget: TimeBudget | None, host: str, public_url: str
    ) -> None:
        """Sleep until the next attempt, or raise: no retry left, or no time left in the budget to wait."""
        delay = self._delay_before_retry(exc, exc.retries, state)
        if delay is not None and budget is not None and delay >= budget.left():
            raise budget.spent(host) from None  # no time left to wait for another attempt
        if delay is None:
            log.warning("giving up on %s after %d retries: %s", public_url, exc.retries, exc.message)
            raise exc
        log.info("retrying %s in %.1fs (%s)", public_url, delay, exc.message)
        self._sleep(delay)

    def _attempt(
        self,
        url: str,
        params: Params | None,
        headers: Mapping[str, str] | None,
        redact: tuple[str, ...],
        check: Check | None,
        public_url: str,
        state: _HostState,
        host: str,
        turn: Turn,
        budget: TimeBudget | None = None,
    ) -> Fetched:
        secrets = [(name, str(params[name])) for name in redact if params and params.get(name)]
        response = self._send(url, params, headers, secrets, state, host, turn, budget)
        if check is not None:
            check(response)
        _raise_for_status(response, host, public_url, self._clock_wall)
        text = _scrub(response.text, secrets)
        content = response.content if text == response.text else text.encode(response.encoding or "utf-8")
        return Fetched(response.status_code, text, content, response.headers, public_url)

    def _send(
        self,
        url: str,
        params: Params | None,
        headers: Mapping[str, str] | None,
        secrets: list[tuple[str, str]],
        state: _HostState,
        host: str,
        turn: Turn,
        budget: TimeBudget | None,
    ) -> httpx.Response:
        """One GET in one of the host's places, its failures to connect or to answer in time typed."""
        import httpx

        # a place among the host's requests in flight, by urgency, waited for no longer than the budget allows
        if not state.slots.acquire(turn, timeout=None if budget is None else max(0.0, budget.left())):
            assert budget is not None  # without a budget, acquire waits for its turn
            raise budget.spent(host)
        try:
            timeout = self._timeout
            if budget is not None:
                left = budget.left()
                if left <= 0:
                    raise budget.spent(host)
                timeout = min(timeout, left)
            try:
                response = self._client.get(url, params=params, headers=headers, timeout=timeout)
                response.read()
                return response
            except httpx.TimeoutException as exc:
                if budget is not None and budget.left() <= 0:
                    raise budget.spent(host) from None
                raise TransientError(
                    f"{host} did not answer in time ({type(exc).__name__})", host=host, cause=Cause.TIMED_OUT
                ) from None
            except httpx.TransportError as exc:
                if _does_not_resolve(exc):
                    raise NameDoesNotResolve(
                        f"could not reach {host}: its name does not resolve — this machine seems to be "
                        "offline, or its DNS is down",
                        host=host,
                        cause=Cause.UNREACHABLE,
                    ) from None
                reason = _scrub(str(exc), secrets) or type(exc).__name__
                raise TransientError(
                    f"could not reach {host}: {reason}", host=host, cause=Cause.UNREACHABLE
                ) from None
        finally:
            state.slots.release()

    @staticmethod
    def _clock_wall() -> float:
        return time.time()

    def _enter_breaker(self, host: str, state: _HostState, retries: int) -> None:
        now = self._clock()
        with state.lock:
            if state.open_until is None:
                return
            if now < state.open_until or state.trial_in_flight:
                wait = max(0.0, state.open_until - now)
                raise TransientError(
                    f"{host} is failing repeatedly ({state.consecutive_failures} failures in a row); "
                    f"not asking it again for {wait:.0f}s",
                    host=host,
                    retries=retries,
                    retry_after=wait or None,
                    cause=Cause.SERVICE_DOWN,
                )
            state.trial_in_flight = True  # half-open: exactly one request probes the host

    def _record(self, state: _HostState, *, failed: bool) -> None:
        with state.lock:
            state.trial_in_flight = False
            if not failed:
                state.consecutive_failures = 0
                state.open_until = None
                return
            state.consecutive_failures += 1
            if state.consecutive_failures >= self.breaker_threshold:
                state.open_until = self._clock() + self.breaker_cooldown

    def _open_now(self, state: _HostState) -> None:
        with state.lock:
            state.trial_in_flight = False
            state.consecutive_failures = max(state.consecutive_failures + 1, self.breaker_threshold)
            state.open_until = self._clock() + self.breaker_cooldown

    def _deposit(self, state: _HostState) -> None:
        """Every new look-up earns the host `retry_ratio` retries (up to the budget's size): retries scale
        with the traffic, so a steady share of failures is absorbed while a retry storm is not."""
        with state.lock:
            state.tokens = min(float(self.retry_budget), state.tokens + self.retry_ratio)

    def _delay_before_retry(self, exc: TransientError, retries: int, state: _HostState) -> float | None:
        if retries >= self.max_retries:
            return None
        if exc.retry_after is not None and exc.retry_after > self.retry_after_cap:
            exc.message = f"{exc.message}; it asks to wait {exc.retry_after:.0f}s"
            return None
        with state.lock:
            if state.open_until is not None:
                return None
            now = self._clock()
            refill = (now - state.token_time) * self.retry_budget / self.retry_budget_window
            state.tokens = min(float(self.retry_budget), state.tokens + refill)
            state.token_time = now
            if state.tokens < 1:
                exc.message = f"{exc.message}; retry budget for this host is used up"
                return None
            state.tokens -= 1
        if exc.retry_after is not None:
            return exc.retry_after
        return self._random() * min(self.backoff_cap, self.backoff_base * 2.0**retries)


class NameDoesNotResolve(TransientError):
    """The server's host name does not resolve (no network, no DNS): transient, but not worth a retry now."""


def _does_not_resolve(exc: BaseException) -> bool:
    seen: BaseException | None = exc
    for _ in range(8):  # httpx wraps httpcore's error, which wraps the socket's
        if seen is None:
            return False
        if isinstance(seen, socket.gaierror):  # "Name or service not known", "Temporary failure in name…"
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def public_url_of(url: str, params: Params | None, redact: Iterable[str]) -> str:
    """The URL as it may be logged or kept: query parameters named in `redact` removed, from both `url`'s own
    query string and `params`."""
    hidden = set(redact)
    parts = urlsplit(url)
    pairs: list[tuple[str, str]] = []
    if parts.query:
        for piece in parts.query.split("&"):
            name, _, value = piece.partition("=")
            if name not in hidden:
                pairs.append((name, value))
    query = "&".join(f"{n}={v}" if v else n for n, v in pairs)
    extra = [(k, str(v)) for k, v in (params or {}).items() if k not in hidden]
    if extra:
        query = f"{query}&{urlencode(extra)}" if query else urlencode(extra)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def _scrub(text: str, secrets: Iterable[tuple[str, str]]) -> str:
    for name, value in secrets:
        text = re.sub(rf"({re.escape(name)}=){re.escape(value)}(?![\w.@-])", r"\1REDACTED", text)
    return text


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or HTTP-date); None when absent or garbled."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - now)


def _raise_for_status(
    response: httpx.Response, host: str, public_url: str, clock_wall: Callable[[], float]
) -> None:
    """The answer's HTTP status as the typed failure it is; an empty body is a failure too."""
    status = response.status_code
    if status == 429:
        retry_after = parse_retry_after(response.headers.get("Retry-After"), clock_wall())
        raise TransientError(
            f"{host} is rate limiting (HTTP 429)",
            host=host,
            retry_after=retry_after,
            cause=Cause.RATE_LIMITED,
        )
    if status >= 500:
        raise TransientError(f"{host} failed with HTTP {status}", host=host)
    if status == 404:
        raise NotFoundError(f"{host} answered 404 Not Found for {public_url}", host=host)
    if status >= 400:
        raise PermanentError(
            f"{host} refused the request with HTTP {status} ({public_url}); check the configuration",
            host=host,
            cause=Cause.REFUSED,
        )
    if not response.content.strip():
        raise TransientError(f"{host} answered HTTP {status} with an empty body", host=host)

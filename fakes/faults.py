"""Fault injection for the fake source servers: WSGI middleware answering a share of requests badly.

    policy = FaultPolicy(rate=0.3, seed=7)                 # 30 % of requests, kinds chosen at random
    app = FaultMiddleware(app, policy)

Per request a seeded RNG decides whether to misbehave and how, among the failures the real services show:
timeout (sleeps past the client's timeout, then answers 504), connection reset (the socket is closed with
no answer), empty 200, an HTML maintenance page or an anti-bot page with HTTP 200, a malformed body (the
real answer cut in half), 429 with Retry-After, and 500/502/503. The same seed gives the same sequence of
decisions for the same sequence of requests. The fault chosen is put in `environ["fakes.fault"]` so the
request log can show it.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

type StartResponse = Callable[..., Any]
type WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

FAULT_KINDS: tuple[str, ...] = (
    "timeout",
    "reset",
    "empty",
    "html_error",
    "antibot",
    "malformed",
    "429",
    "500",
    "502",
    "503",
)

MAINTENANCE_PAGE = (
    b"<!DOCTYPE html><html><head><title>Service temporarily unavailable</title></head><body>"
    b"<h1>Service temporarily unavailable</h1><p>The service is under maintenance. Please try again later."
    b"</p></body></html>"
)
ANTIBOT_PAGE = (
    b"<html><head><script>var x={o:'aHR0cHM6Ly9leGFtcGxlLmludmFsaWQvP3Q9MQ==',c:12},z=4;"
    b"location.assign(atob(x.o).substring(0,x.c+z));</script></head><body>"
    b"<noscript>Please enable JavaScript to continue (bot check).</noscript></body></html>"
)


class ResetConnection(Exception):
    """Raised inside the app stack to make the server drop the connection without answering."""


@dataclass
class FaultPolicy:
    rate: float = 0.0  # share of requests that fail, 0.0–1.0
    kinds: Sequence[str] = FAULT_KINDS
    seed: int = 0
    timeout_seconds: float = 30.0  # how long a "timeout" request hangs before its 504
    retry_after: int = 1  # seconds, in the 429's Retry-After header
    _rng: random.Random = field(init=False, repr=False)
    _lock: threading.Lock = field(init=False, repr=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError(f"fault rate must be between 0 and 1, got {self.rate}")
        unknown = sorted(set(self.kinds) - set(FAULT_KINDS))
        if unknown or not self.kinds:
            raise ValueError(f"unknown fault kinds {unknown}; choose among {', '.join(FAULT_KINDS)}")
        self._rng = random.Random(self.seed)  # noqa: S311 - test fault schedule, not cryptography

    def choose(self) -> str | None:
        with self._lock:
            if self.rate <= 0 or self._rng.random() >= self.rate:
                return None
            return self._rng.choice(list(self.kinds))


class FaultMiddleware:
    def __init__(self, app: WSGIApp, policy: FaultPolicy) -> None:
        self.app = app
        self.policy = policy

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        fault = self.policy.choose()
        environ["fakes.fault"] = fault
        record = environ.get("fakes.record")
        if record is not None:
            record.fault = fault
        if fault is None:
            return self.app(environ, start_response)
        if fault == "timeout":
            time.sleep(self.policy.timeout_seconds)
            return _send(start_response, "504 Gateway Timeout", b"", "text/plain")
        if fault == "reset":
            raise ResetConnection()
        if fault == "empty":
            return _send(start_response, "200 OK", b"", "application/json")
        if fault == "html_error":
            return _send(start_response, "200 OK", MAINTENANCE_PAGE, "text/html; charset=utf-8")
        if fault == "antibot":
            return _send(start_response, "200 OK", ANTIBOT_PAGE, "text/html; charset=utf-8")
        if fault == "malformed":
            return self._malformed(environ, start_response)
        if fault == "429":
            return _send(
                start_response,
                "429 Too Many Requests",
                b"Too Many Requests",
                "text/plain",
                [("Retry-After", str(self.policy.retry_after))],
            )
        reasons = {"500": "Internal Server Error", "502": "Bad Gateway", "503": "Service Unavailable"}
        return _send(start_response, f"{fault} {reasons[fault]}", MAINTENANCE_PAGE, "text/html")

    def _malformed(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            captured["status"], captured["headers"] = status, headers

        body = b"".join(self.app(environ, capture))
        cut = body[: max(1, len(body) // 2)] if body else b"{"
        headers = [(k, v) for k, v in captured.get("headers", []) if k.lower() != "content-length"]
        headers.append(("Content-Length", str(len(cut))))
        start_response("200 OK", headers)
        return [cut]


def _send(
    start_response: StartResponse,
    status: str,
    body: bytes,
    ctype: str,
    extra: Sequence[tuple[str, str]] = (),
) -> list[bytes]:
    start_response(status, [("Content-Type", ctype), ("Content-Length", str(len(body))), *extra])
    return [body]

"""`FakeSources`: the four fake source APIs on one local port, for integration tests and development.

    with FakeSources(data_dir="tests/data", faults=FaultPolicy(rate=0.3, seed=1)) as fake:
        fake.base_urls   # {"LAWGOKR_BASE_URL": "http://127.0.0.1:PORT/lawgokr/DRF", "SAOS_BASE_URL": …}
        …                # point the clients at them
        fake.requests    # every request received: method, path, query, headers, body, fault

Mounted apps: `/lawgokr` → `fakes.lawgokr.make_app` (law.go.kr DRF), `/saos` → `fakes.saos.make_app`
(its API under `/saos/api`), `/eli` → `fakes.eli.make_app`, `/cellar` → `fakes.cellar.make_app`. They serve
`<data_dir>/corpus` and `<data_dir>/recorded`. `latency` (seconds) delays every answer; `faults` injects
failures (see `fakes.faults`). The request log exists so that a test can prove that nothing but citation
identifiers ever leaves the machine.
"""

from __future__ import annotations

import io
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from urllib.parse import parse_qsl
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer

from fakes.faults import FaultMiddleware, FaultPolicy, ResetConnection, StartResponse, WSGIApp

DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent / "tests" / "data"


@dataclass
class RecordedRequest:
    method: str
    path: str  # including the mount prefix, e.g. /saos/api/search/judgments
    query: str
    headers: Mapping[str, str]
    body: bytes
    fault: str | None = None
    params: tuple[tuple[str, str], ...] = field(default=())

    def param(self, name: str) -> str | None:
        return next((v for k, v in self.params if k == name), None)


class _Mounts:
    """Dispatch on the first path segment, moving it from PATH_INFO to SCRIPT_NAME."""

    def __init__(self, apps: Mapping[str, WSGIApp]) -> None:
        self.apps = dict(apps)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        for prefix, app in self.apps.items():
            if path == prefix or path.startswith(prefix + "/"):
                environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + prefix
                environ["PATH_INFO"] = path[len(prefix) :]
                return app(environ, start_response)
        body = b"no fake service here; mounted: " + ", ".join(self.apps).encode()
        start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
        return [body]


class _Recorder:
    def __init__(
        self, app: WSGIApp, log: list[RecordedRequest], lock: threading.Lock, latency: float
    ) -> None:
        self.app = app
        self.log = log
        self.lock = lock
        self.latency = latency

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length > 0 else b""
        environ["wsgi.input"] = io.BytesIO(body)
        path, query = environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", "")
        headers = {
            k[5:].replace("_", "-").title(): str(v) for k, v in environ.items() if k.startswith("HTTP_")
        }
        if body and environ.get("CONTENT_TYPE"):
            headers["Content-Type"] = environ["CONTENT_TYPE"]
        record = RecordedRequest(
            method=environ.get("REQUEST_METHOD", "GET"),
            path=path,
            query=query,
            headers=headers,
            body=body,
            params=tuple(parse_qsl(query, keep_blank_values=True)),
        )
        environ["fakes.record"] = record  # FaultMiddleware notes the fault on it as soon as it is chosen
        with self.lock:
            self.log.append(record)  # logged on arrival: a request that hangs is still seen
        if self.latency:
            time.sleep(self.latency)
        return self.app(environ, start_response)


class _Handler(ServerHandler):
    reset_requested = False

    def handle_error(self) -> None:
        if isinstance(sys.exc_info()[1], ResetConnection):
            self.reset_requested = True
            return  # answer nothing: the request handler drops the socket
        super().handle_error()


class _RequestHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # the request log is kept in FakeSources.requests, not on stderr

    def handle(self) -> None:
        self.raw_requestline = self.rfile.readline(65537)
        if len(self.raw_requestline) > 65536 or not self.parse_request():
            return
        wfile: Any = self.wfile
        handler = _Handler(self.rfile, wfile, self.get_stderr(), self.get_environ(), multithread=True)
        handler.request_handler = self  # type: ignore[attr-defined]
        handler.run(self.server.get_app())  # type: ignore[attr-defined]
        if handler.reset_requested:
            # SO_LINGER 0: closing sends RST instead of FIN, which clients report as "connection reset".
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True

    def shutdown_request(self, request: Any) -> None:
        # The base class half-closes first (FIN), which would hide an injected reset.
        self.close_request(request)


class FakeSources:
    def __init__(
        self,
        data_dir: str | Path = DEFAULT_DATA_DIR,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        latency: float = 0.0,
        faults: FaultPolicy | None = None,
        apps: Mapping[str, WSGIApp] | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.host = host
        self.port = port
        self.latency = latency
        self.faults = faults or FaultPolicy()
        self._apps = dict(apps) if apps is not None else None
        self._log: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ apps

    def build_apps(self) -> dict[str, WSGIApp]:
        from fakes import cellar, eli, saos

        corpus, recorded = self.data_dir / "corpus", self.data_dir / "recorded"
        apps: dict[str, WSGIApp] = {
            "/saos": saos.make_app(corpus, recorded),
            "/eli": eli.make_app(corpus),
            # Article 94(1) GDPR (corpus/eu/legislation/32016R0679): "Directive 95/46/EC is repealed with
            # effect from 25 May 2018" — its repeal, as CELLAR's relation and end of validity would give it
            "/cellar": cellar.make_app(
                corpus,
                recorded,
                repealed_by={"31995L0046": [("32016R0679", "2016-04-27")]},
                end_of_validity={"31995L0046": "2018-05-24"},
            ),
        }
        from fakes import lawgokr  # written in parallel with this module; imported only when serving

        apps["/lawgokr"] = lawgokr.make_app(corpus / "kr", recorded / "korea_law_go_kr")
        return apps

    def wsgi_app(self) -> WSGIApp:
        apps = self._apps if self._apps is not None else self.build_apps()
        inner = FaultMiddleware(_Mounts(apps), self.faults)
        return _Recorder(inner, self._log, self._lock, self.latency)

    # ------------------------------------------------------------- lifecycle

    def start(self) -> FakeSources:
        if self._server is not None:
            return self
        server = _Server((self.host, self.port), _RequestHandler)
        server.set_app(self.wsgi_app())
        self._server = server
        self.port = server.server_address[1]
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-sources", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None

    def __enter__(self) -> FakeSources:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---------------------------------------------------------------- access

    @property
    def root_url(self) -> str:
        if self._server is None:
            raise RuntimeError("FakeSources is not running: call start() or use it as a context manager")
        return f"http://{self.host}:{self.port}"

    @property
    def base_urls(self) -> dict[str, str]:
        root = self.root_url
        return {
            "LAWGOKR_BASE_URL": f"{root}/lawgokr/DRF",
            "SAOS_BASE_URL": f"{root}/saos/api",
            "ELI_BASE_URL": f"{root}/eli",
            "CELLAR_BASE_URL": f"{root}/cellar",
            "CELLAR_SPARQL_URL": f"{root}/cellar/sparql",
        }

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._log)

    def clear_requests(self) -> None:
        with self._lock:
            self._log.clear()


def serve_forever(fake: FakeSources, *, out: Callable[[str], None] = print) -> None:
    """Run in the foreground until interrupted, printing the base URLs as environment lines."""
    with fake:
        for name, url in fake.base_urls.items():
            out(f"{name}={url}")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            out("stopping")

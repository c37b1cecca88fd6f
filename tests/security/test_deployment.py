"""Deployment defaults (issue 18 §5): compose publishes plain HTTP on the loopback only; every gunicorn
instance has its own control socket; the access logs carry no query string (typed search words) and no
referrer; SAOS's longer timeout is a named setting that an operator's SOURCE_HTTP_TIMEOUT is not silently
overridden by."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"


def web_service(compose: str) -> str:
    m = re.search(r"^  web:\n((?:    .*\n|\n)+)", compose, re.M)
    assert m is not None
    return m.group(1)


def test_compose_publishes_plain_http_on_the_loopback_only() -> None:
    compose = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    web = web_service(compose)
    ports = re.findall(r"ports:\s*\[(.*?)\]", web) + re.findall(r"^\s+- \"?([^\"\n]*:8000)\"?$", web, re.M)
    assert ports, web
    for entry in ports:
        published = entry.strip().strip("\"'")
        # "HOST:PORT:8000", HOST defaulting to the loopback: nobody else on the network reaches plain HTTP.
        host = re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", published).rsplit(":", 2)[0]
        assert host == "127.0.0.1", published
    # HTTPS (behind the proxy that terminates TLS) is the operator's choice, passed through, never dropped.
    for name in ("WORKBENCH_HTTPS", "WORKBENCH_BEHIND_PROXY"):
        assert re.search(rf"^\s+{name}: \$\{{{name}:-", compose, re.M), name


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(tmp: Path, port: int) -> subprocess.Popen[str]:
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}},
        "SECRET_KEY": "deployment-test-" + "k" * 40,
        "WORKBENCH_VAR_DIR": str(tmp / "var"),
        "WORKBENCH_BIND": f"127.0.0.1:{port}",
        "HOME": str(tmp / "home"),  # the default control socket lives under $HOME: one for every instance
        "XDG_RUNTIME_DIR": "",
    }
    return subprocess.Popen(
        [
            str(GUNICORN),
            "-c",
            str(ROOT / "gunicorn.conf.py"),
            "workbench.wsgi",
            "--workers",
            "1",
            "--access-logfile",
            str(tmp / f"access-{port}.log"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def wait_until_up(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"gunicorn did not listen on {port}")


@pytest.fixture
def short_tmp():
    """A short directory: a Unix socket's path holds at most 107 bytes, and pytest's own under pytest-xdist
    (…/popen-gw0/test_each_gunicorn_has_its_own0/var/run/gunicorn-127.0.0.1_45678.ctl) is longer, so
    gunicorn only warned that it could not make its control socket."""
    with tempfile.TemporaryDirectory(prefix="wb-", dir="/tmp") as short:
        yield Path(short)


@pytest.mark.integration
def test_each_gunicorn_has_its_own_control_socket_and_logs_no_query_string(short_tmp) -> None:
    ports = [free_port(), free_port()]
    servers = [start_gunicorn(short_tmp, port) for port in ports]
    try:
        for port in ports:
            wait_until_up(port)
        request = urllib.request.Request(
            f"http://127.0.0.1:{ports[0]}/search/?collection=prec&query=Quixotefax+%ED%80%B5%EC%86%8C",
            headers={"Referer": f"http://127.0.0.1:{ports[0]}/search/?query=Zebulon"},
        )
        with contextlib.suppress(urllib.error.HTTPError):
            urllib.request.urlopen(request, timeout=10).close()
        # The control socket comes up in a thread of its own after the workers are spawned, so a loaded
        # machine may listen on the port a while before it: wait for both, for as long as a start may take.
        run = short_tmp / "var" / "run"
        deadline = time.monotonic() + 30
        while len(sockets := sorted(p.name for p in run.glob("*.ctl"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(sockets) == 2, sockets
        assert not (short_tmp / "home" / ".gunicorn").exists()
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=15)
    logged = (short_tmp / f"access-{ports[0]}.log").read_text(encoding="utf-8")
    assert "/search/" in logged
    for word in ("Quixotefax", "query=", "Zebulon", "%ED%80%B5"):
        assert word not in logged, logged


def test_the_development_server_log_drops_query_strings() -> None:
    import logging

    from workbench.security.logs import DropQueryStrings

    record = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"%s" %s %s',
        ("GET /search/?collection=prec&query=Quixotefax HTTP/1.1", "200", "512"),
        None,
    )
    assert DropQueryStrings().filter(record)
    assert record.getMessage() == '"GET /search/ HTTP/1.1" 200 512'


PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "from workbench.pipeline.sources import router; from verifier.sources.router import remotes_of; "
    "r = remotes_of(router()); print(json.dumps([s.SOURCE_HTTP_TIMEOUT, s.SAOS_HTTP_TIMEOUT, "
    "r.saos.http._timeout, r.kr.http._timeout]))"
)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, [20.0, 45.0, 45.0, 20.0]),  # SAOS's search is slow (SOURCE-APIS §3.1): its own default
        ({"SOURCE_HTTP_TIMEOUT": "5"}, [5.0, 5.0, 5.0, 5.0]),  # the operator's bound holds for SAOS too
        ({"SOURCE_HTTP_TIMEOUT": "5", "SAOS_HTTP_TIMEOUT": "30"}, [5.0, 30.0, 30.0, 5.0]),
    ],
)
def test_saos_has_a_named_timeout_that_never_overrides_the_operators_silently(env, expected) -> None:
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SOURCE_HTTP_TIMEOUT", "SAOS_HTTP_TIMEOUT", "DATABASE_URL", "WORKBENCH_LOCAL_ONLY"}
    }
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**base, "SECRET_KEY": "probe", "DJANGO_SETTINGS_MODULE": "workbench.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == expected

"""Real processes for the worker and broker fault tests: a private Redis server (so that restarting it
disturbs nobody else's tests) and `celery worker --beat` subprocesses that can be SIGKILLed and started again.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.reliability.harness import ROOT

CELERY = Path(sys.executable).with_name("celery")
# The workers' time limits and sweep in these tests: short, so that recovery is measured in seconds.
TEST_SOFT_LIMIT = 30
TEST_HARD_LIMIT = 40
TEST_SWEEP_INTERVAL = 2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(predicate: Any, timeout: float, what: str, interval: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


class RedisServer:
    """A throw-away redis-server without persistence: a restart loses every queued message, as in production
    with the default compose file."""

    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed; the broker fault tests need a real Redis"
        self.binary = binary
        self.workdir = workdir
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=self.workdir,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self.answers, 15, f"redis-server on port {self.port} did not start")
        return self

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def restart(self, pause: float = 1.0) -> None:
        self.kill()
        time.sleep(pause)
        self.start()


class Worker:
    """`celery -A workbench worker --beat` in its own process group, so SIGKILL takes the pool with it."""

    def __init__(
        self, env: Mapping[str, str], logdir: Path, name: str = "worker", memory_mb: int | None = None
    ) -> None:
        self.env = dict(env)
        self.logdir = logdir
        self.name = name
        # RLIMIT_AS for the worker and every process it forks: a test that could exhaust memory runs under a
        # limit of its own, whatever the code under test does
        self.memory_mb = memory_mb
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def log(self) -> Path:
        return self.logdir / f"{self.name}-{self.starts}.log"

    def start(self) -> Worker:
        self.starts += 1
        self.logdir.mkdir(parents=True, exist_ok=True)
        schedule = self.logdir / f"beat-{self.starts}"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [
                    str(CELERY),
                    "-A",
                    "workbench",
                    "worker",
                    "--beat",
                    "--schedule",
                    str(schedule),
                    "--concurrency",
                    "2",
                    "--loglevel",
                    "INFO",
                    "--hostname",
                    f"{self.name}{self.starts}@%h",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=self._limit_memory if self.memory_mb else None,
            )
        return self

    def keep_running(self) -> bool:
        """Start the worker again if it has exited, as compose's `restart: unless-stopped` does: a worker can
        exit when Redis goes away while it holds unacknowledged tasks (kombu restores them on the closed
        connection and raises; docs/OPERATIONS.md "Redis down"). True if it was started again; `starts`
        counts every start."""
        if self.process is None or self.process.poll() is None:
            return False
        self.process = None
        self.start()
        return True

    def wait_supervised(self, predicate: Any, timeout: float, what: str) -> Any:
        """`wait_until(predicate)` with the worker kept running meanwhile (`keep_running`: it may exit a
        while after Redis is back, still shutting down when a single look saw it alive); at the timeout, the
        worker's log as it is then, not as it was before the wait."""
        try:
            return wait_until(lambda: (self.keep_running(), predicate())[1], timeout, what)
        except AssertionError as late:
            raise AssertionError(f"{late}\n{self.tail()}") from None

    def _limit_memory(self) -> None:
        import resource

        assert self.memory_mb is not None
        limit = self.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    def sigkill(self) -> None:
        """The whole worker dies at once (a crashed container): main process, pool children and beat."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.sigkill()
        self.process = None

    def tail(self, lines: int = 40) -> str:
        logs = sorted(self.logdir.glob(f"{self.name}-*.log"))
        text = "\n".join(f"--- {p.name}\n" + p.read_text(errors="replace") for p in logs)
        return "\n".join(text.splitlines()[-lines:])


def database_url() -> str:
    """The test database as a URL for another process (pytest-django renamed it to test_…)."""
    from django.db import connection

    info = connection.settings_dict
    assert connection.vendor == "postgresql", (
        "the worker fault tests need PostgreSQL shared with a worker process (make test sets DATABASE_URL)"
    )
    user = info.get("USER") or "postgres"
    password = f":{info['PASSWORD']}" if info.get("PASSWORD") else ""
    host = info.get("HOST") or "127.0.0.1"
    port = info.get("PORT") or "5432"
    return f"postgres://{user}{password}@{host}:{port}/{info['NAME']}"


def worker_env(redis_url: str, var_dir: Path, extra: Mapping[str, str]) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "WORKBENCH_"))}
    return {
        **keep,
        "DJANGO_SETTINGS_MODULE": "workbench.settings",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "tests-only-not-a-secret",
        "DATABASE_URL": database_url(),
        "REDIS_URL": redis_url,
        "WORKBENCH_VAR_DIR": str(var_dir),
        # Short windows so that lost work is found again in seconds, not the production hour; a claim of a
        # killed worker is taken over past the verify task's hard limit (WORKBENCH_CLAIM_GRACE_SECONDS later).
        "CELERY_VISIBILITY_TIMEOUT": "5",
        "CELERY_TASK_SOFT_TIME_LIMIT": str(TEST_SOFT_LIMIT),
        "CELERY_TASK_TIME_LIMIT": str(TEST_HARD_LIMIT),
        "WORKBENCH_RECOVERY_INTERVAL": str(TEST_SWEEP_INTERVAL),
        "LOG_LEVEL": "WARNING",
        **extra,
    }


def send_review(redis_url: str, review_id: int) -> None:
    """Queue a review on the private broker, as `create_review` does on the configured one."""
    from celery import Celery

    client = Celery("reliability-client", broker=redis_url, set_as_current=False)
    client.conf.update(
        task_serializer="json", accept_content=["json"], broker_connection_retry_on_startup=True
    )
    try:
        client.send_task("workbench.process_review", args=[review_id])
    finally:
        client.close()

"""The Django side of the benchmarks: the dedicated database, the bench user, fake sources, real workers.

The benchmarks that go through the workbench use a database of their own (DATABASE_URL must name a database
whose name contains "bench": the harness empties its review and source tables between figures) and a Redis
database of their own (REDIS_URL, /2 in `make bench`), so a developer's data and the tests are never touched.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.common import DATA_DIR, ROOT, forget_korean_analyses

if TYPE_CHECKING:
    from fakes.server import FakeSources

PYTHON = sys.executable
CELERY = str(Path(sys.executable).with_name("celery"))
LATENCY = 0.1  # seconds per upstream request, as the benchmarks ask
BENCH_OC = "bench-oc"  # the fake law.go.kr wants some OC; any value that is not "unsubscribed"
USERNAME = "bench-associate"


class BenchSetupError(RuntimeError):
    pass


def setup_django() -> None:
    url = os.environ.get("DATABASE_URL", "")
    name = url.rsplit("/", 1)[-1].split("?", 1)[0]
    if "bench" not in name:
        raise BenchSetupError(
            f"DATABASE_URL must point at a database reserved for benchmarks (name containing 'bench'), "
            f"got {name or 'nothing'}: the harness empties its review and source tables"
        )
    if not os.environ.get("REDIS_URL", "").startswith("redis://"):
        raise BenchSetupError("REDIS_URL must point at Redis: the workbench figures run real Celery workers")
    ensure_database(url)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "workbench.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def ensure_database(url: str) -> None:
    """Create the benchmark database on first use (the server's `postgres` database must be reachable)."""
    import dj_database_url
    import psycopg
    from psycopg import sql

    cfg = dj_database_url.parse(url)
    conninfo = psycopg.conninfo.make_conninfo(
        dbname="postgres",
        host=str(cfg.get("HOST") or "127.0.0.1"),
        port=str(cfg.get("PORT") or 5432),
        user=str(cfg.get("USER") or "postgres"),
        **({"password": str(cfg["PASSWORD"])} if cfg.get("PASSWORD") else {}),
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (cfg["NAME"],)).fetchone()
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(str(cfg["NAME"]))))


def bench_user_and_matter() -> tuple[Any, Any]:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from workbench.models import Matter

    user, _ = get_user_model().objects.get_or_create(username=USERNAME)
    user.groups.add(Group.objects.get(name="associate"))
    matter, _ = Matter.objects.get_or_create(reference="BENCH-1", defaults={"name": "Benchmarks"})
    matter.members.add(user)
    return user, matter


def logged_in_client(user: Any) -> Any:
    """Django's test client on a host the settings allow, logged in as `user`."""
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    return client


def empty_reviews_and_sources() -> None:
    """Cold start: no reviews, no cached source snapshots, no remembered "not found" answers, no cached
    Korean analyses. TRUNCATE, because the audit log refuses DELETE."""
    from django.db import connection

    from workbench.models import Review, SourceMiss, SourceSnapshot
    from workbench.pipeline.sources import reset_router

    forget_korean_analyses()
    tables = [Review._meta.db_table, SourceSnapshot._meta.db_table, SourceMiss._meta.db_table]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
        else:
            raise BenchSetupError(f"the benchmarks need PostgreSQL, not {connection.vendor}")
    reset_router()


def source_env(fake: FakeSources) -> dict[str, str]:
    env = dict(os.environ)
    env.update(fake.base_urls)
    env.update(
        LAWGOKR_OC=BENCH_OC,
        WORKBENCH_LOCAL_ONLY="0",
        # a store of statute versions and later treatment of its own, empty, so that "cold" is cold
        WORKBENCH_HISTORY_DIR=tempfile.mkdtemp(prefix="bench-history-"),
        PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p),
    )
    return env


@contextmanager
def fake_sources(latency: float = LATENCY) -> Iterator[FakeSources]:
    """The fake upstream APIs in this process; this process's settings point at them too."""
    from django.conf import settings

    from fakes.server import FakeSources
    from workbench.pipeline.sources import reset_router

    fake = FakeSources(DATA_DIR, latency=latency).start()
    saved = {k: getattr(settings, k) for k in (*fake.base_urls, "LAWGOKR_OC", "WORKBENCH_LOCAL_ONLY")}
    try:
        for key, value in fake.base_urls.items():
            setattr(settings, key, value)
        settings.LAWGOKR_OC = BENCH_OC
        settings.WORKBENCH_LOCAL_ONLY = False
        reset_router()
        yield fake
    finally:
        for key, value in saved.items():
            setattr(settings, key, value)
        reset_router()
        fake.stop()


def purge_queue() -> None:
    from workbench.celery import app

    app.control.purge()


class Workers:
    """`celery -A workbench worker` as a child process, on the bench Redis, pointed at the fake sources."""

    def __init__(
        self, fake: FakeSources, *, concurrency: int, pool: str = "prefork", name: str = "bench"
    ) -> None:
        self.env = source_env(fake)
        self.concurrency = concurrency
        self.pool = pool
        self.name = f"{name}-{concurrency}-{os.getpid()}@%h"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = ROOT / "var" / "bench" / f"worker-{pool}-{concurrency}.log"

    def __enter__(self) -> Workers:
        purge_queue()
        self.log.parent.mkdir(parents=True, exist_ok=True)
        cmd = [
            CELERY, "-A", "workbench", "worker", "--pool", self.pool, "--concurrency", str(self.concurrency),
            "--loglevel", "WARNING", "-n", self.name, "--without-gossip", "--without-mingle",
        ]  # fmt: skip
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self._wait_ready()
        return self

    def _wait_ready(self, timeout: float = 60.0) -> None:
        from workbench.celery import app

        deadline = time.monotonic() + timeout
        expected = self.name.replace("%h", os.uname().nodename)
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise BenchSetupError(f"the worker exited at start: see {self.log}")
            replies = app.control.ping(timeout=0.5) or []
            if any(expected in reply for reply in replies):
                return
        raise BenchSetupError(f"the worker did not answer a ping within {timeout:.0f} s: see {self.log}")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def __exit__(self, *exc: object) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGTERM)  # warm shutdown: children finish and exit
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None


def proc_status_kb(pid: int, field: str) -> int:
    """VmRSS / VmHWM of a process, in kB, from /proc (Linux)."""
    text = Path(f"/proc/{pid}/status").read_text()
    m = re.search(rf"^{field}:\s+(\d+) kB", text, re.M)
    if m is None:
        raise BenchSetupError(f"/proc/{pid}/status has no {field}")
    return int(m.group(1))


def wait_until(predicate: Any, *, timeout: float, interval: float = 0.05, what: str = "condition") -> float:
    """Poll until `predicate()` is true; return the perf_counter time at which it was first seen."""
    deadline = time.perf_counter() + timeout
    while True:
        if predicate():
            return time.perf_counter()
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{what} not reached within {timeout:.0f} s")
        time.sleep(interval)

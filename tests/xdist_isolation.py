"""Under pytest-xdist (`make pytest` runs the tests in two processes), each process gets a Redis database and
a PostgreSQL database name of its own, so that one process's Celery queue, cache and test database are never
another's. tests/conftest.py calls `apply()` as it is imported, before any test runs.

pytest-django already gives each process a test database of its own (`test_workbench_gw0`, `…_gw1`), but
Redis has no such suffix: two processes on one Redis database would purge each other's queues, run each
other's tasks against the wrong database and read each other's cache. The settings were read by then
(pytest-django loads them before any conftest), so the three that name Redis are set again here, and the
environment is rewritten for the subprocesses some tests start (`manage.py verify`, a `celery worker`, a
pytest of one folder), which read REDIS_URL and DATABASE_URL from it. Without xdist nothing changes."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import MutableMapping
from urllib.parse import urlsplit, urlunsplit

# The first process keeps `make test`'s database (1); the others go past the benchmarks' (2) and a
# developer's: base + 8, + 9, … (16 databases: eight processes before two would meet).
REDIS_OFFSET = 8


def worker_index(environ: MutableMapping[str, str]) -> int | None:
    """0 for xdist's gw0, 1 for gw1…; None outside xdist."""
    match = re.fullmatch(r"gw(\d+)", environ.get("PYTEST_XDIST_WORKER", ""))
    return int(match.group(1)) if match else None


def isolate(environ: MutableMapping[str, str], index: int) -> None:
    """Rewrite REDIS_URL and DATABASE_URL in `environ` for the xdist process numbered `index`. The first
    keeps its database name: pytest-django adds `_gw0` to the test database's name already, and the name
    matters only to a subprocess that makes a test database of its own (a pytest of one folder)."""
    redis = environ.get("REDIS_URL", "")
    if redis.startswith("redis://"):
        parts = urlsplit(redis)
        base = int(parts.path.strip("/") or 0)
        db = base if index == 0 else (base + REDIS_OFFSET + index - 1) % 16
        environ["REDIS_URL"] = urlunsplit(parts._replace(path=f"/{db}"))
    database = environ.get("DATABASE_URL", "")
    name = urlsplit(database).path.strip("/")
    if index and database.startswith("postgres") and name:
        environ["DATABASE_URL"] = urlunsplit(urlsplit(database)._replace(path=f"/{name}_gw{index}"))


# REDIS_URL as the process was started with, before `apply()`.
STARTED_WITH = os.environ.get("REDIS_URL", "")


def apply() -> None:
    """This process's own Redis database, in the environment and in the settings already loaded."""
    index = worker_index(os.environ)
    if index is None or os.environ.get("REDIS_URL", "") != STARTED_WITH:
        return  # not under xdist, or applied already
    isolate(os.environ, index)
    if "django.conf" not in sys.modules:
        return  # the engine's tests without pytest-django (`make test-unit`): no settings to tell
    from django.conf import settings

    url = os.environ.get("REDIS_URL", "")
    if not url or not getattr(settings, "REDIS_URL", ""):
        return  # the embedded default (filesystem broker, local cache): nothing shared to split
    settings.REDIS_URL = url
    settings.CELERY_BROKER_URL = url
    caches = dict(settings.CACHES)
    caches["default"] = {**caches["default"], "LOCATION": url}
    settings.CACHES = caches
    if "workbench.celery" in sys.modules:  # read the settings already: told again
        sys.modules["workbench.celery"].app.conf.broker_url = url

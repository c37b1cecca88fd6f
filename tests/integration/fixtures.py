"""A real Celery worker (threads, in this process) on the real Redis broker, against the test database."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest


@pytest.fixture
def celery_worker_real(transactional_db, settings) -> Iterator[None]:
    from celery.contrib.testing.worker import start_worker

    from workbench.celery import app

    assert settings.CELERY_BROKER_URL.startswith("redis://"), (
        "integration tests need REDIS_URL (make test sets it)"
    )
    app.control.purge()  # messages left by an earlier run point at rows that no longer exist
    with start_worker(
        app, pool="threads", concurrency=4, perform_ping_check=False, loglevel="WARNING", shutdown_timeout=30
    ):
        yield


@pytest.fixture
def corpus_snapshots(transactional_db, data_dir):
    from workbench.pipeline.corpus import import_corpus

    return import_corpus(data_dir / "corpus")


def wait_for(predicate, timeout: float = 90.0, interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"condition not met within {timeout} s")

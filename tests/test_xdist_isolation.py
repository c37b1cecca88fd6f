"""The two test processes of `make pytest` never share a Redis database or a database name."""

from __future__ import annotations

import os

import pytest

from tests.xdist_isolation import STARTED_WITH, isolate, worker_index

CASES = [
    # (index, REDIS_URL, DATABASE_URL) -> (REDIS_URL, DATABASE_URL)
    (
        0,
        "redis://127.0.0.1:6379/1",
        "postgres://postgres@127.0.0.1:5432/workbench",
        "redis://127.0.0.1:6379/1",
        "postgres://postgres@127.0.0.1:5432/workbench",
    ),
    (
        1,
        "redis://127.0.0.1:6379/1",
        "postgres://postgres@127.0.0.1:5432/workbench",
        "redis://127.0.0.1:6379/9",
        "postgres://postgres@127.0.0.1:5432/workbench_gw1",
    ),
    (
        2,
        "redis://127.0.0.1:6379/1",
        "postgres://postgres@127.0.0.1:5432/workbench",
        "redis://127.0.0.1:6379/10",
        "postgres://postgres@127.0.0.1:5432/workbench_gw2",
    ),
    (1, "redis://127.0.0.1:6379", "", "redis://127.0.0.1:6379/8", ""),
    (1, "", "sqlite:///x.db", "", "sqlite:///x.db"),  # the embedded default: nothing to split
]


@pytest.mark.parametrize(("index", "redis", "database", "want_redis", "want_database"), CASES)
def test_each_process_gets_its_own_redis_and_database_name(index, redis, database, want_redis, want_database):
    environ = {"REDIS_URL": redis, "DATABASE_URL": database}
    isolate(environ, index)
    assert (environ["REDIS_URL"], environ["DATABASE_URL"]) == (want_redis, want_database)


@pytest.mark.parametrize(
    ("value", "index"), [("gw0", 0), ("gw1", 1), ("gw12", 12), ("", None), ("master", None)]
)
def test_the_process_is_known_by_xdists_name(value, index):
    assert worker_index({"PYTEST_XDIST_WORKER": value}) == index


def test_the_settings_this_process_runs_with_name_its_own_redis():
    from django.conf import settings

    from workbench.celery import app

    url = os.environ["REDIS_URL"]  # make test sets it: the tests use the real Redis
    assert url == settings.CELERY_BROKER_URL
    assert settings.CACHES["default"]["LOCATION"] == url
    assert app.conf.broker_url == url
    if worker_index(os.environ):  # the second process of two: a Redis database other than the first's
        assert url != STARTED_WITH

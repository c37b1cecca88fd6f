"""Shared fixtures: the demo roles, people in and out of a matter, and logged-in clients."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import xdist_isolation

DATA = Path(__file__).parent / "data"

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make there are
# ordinary synchronous calls, so Django's async-safety guard does not apply to them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "1")

# Under pytest-xdist, this process's own Redis database (its queue and cache) before any test runs.
xdist_isolation.apply()


def slow_runs_enabled() -> bool:
    """Long runs (`@pytest.mark.slow`) run in CI (`CI=true`, set by .ci/run) or when asked (`RUN_SLOW=1`).

    An environment switch rather than a command-line option: a conftest below the project root is not an
    initial conftest when pytest is started from there, so an option added here would be unknown."""
    return any(
        os.environ.get(name, "").strip().lower() in {"1", "true", "yes"} for name in ("CI", "RUN_SLOW")
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_runs_enabled():
        return
    skip = pytest.mark.skip(reason="long run: runs in CI (CI=true) or with RUN_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


ENGINE_TESTS = Path(__file__).parent / "verifier"


def is_engine_test(node: pytest.Item | pytest.Collector) -> bool:
    """A test of the pure engine (tests/verifier/): it runs without Django, so `make test-unit` can run these
    tests with pytest-django switched off (`-p no:django`) and no settings loaded."""
    return ENGINE_TESTS in Path(node.path).parents


@pytest.fixture(autouse=True)
def django_test_defaults(request: pytest.FixtureRequest) -> None:
    """What every test of the Django side starts from; a test of the engine asks for none of it."""
    if is_engine_test(request.node):
        return
    for name in (
        "static_root",
        "fast_password_hashing",
        "empty_history_store",
        "own_audit_dir",
        "fresh_upstream_budgets",
        "default_language",
    ):
        request.getfixturevalue(name)


@pytest.fixture
def default_language():
    """Each test starts in the default language: the test client's requests activate the reader's language
    in the test's own thread (the profile middleware, LocaleMiddleware) and leave it active after them, so a
    test that asks for a Polish page would make the next test's English export Polish."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session", autouse=True)
def static_root(request: pytest.FixtureRequest) -> None:
    """whitenoise warns (an error here: warnings are errors) when STATIC_ROOT does not exist, as on a fresh
    checkout before `collectstatic`; every folder of tests that serves a page must work on its own. Made
    before any session fixture that serves pages (the live server); not when Django is switched off
    (`make test-unit`)."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    from django.conf import settings

    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)


@pytest.fixture
def fast_password_hashing(settings):
    # Production hashing costs ~0.5 s per password; tests create many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def empty_history_store(settings, tmp_path_factory):
    """Every test starts with no statute versions or later treatment kept: what one test fetched
    never answers for another (a warm run is a second run inside one test)."""
    from workbench.pipeline import sources

    settings.WORKBENCH_HISTORY_DIR = tmp_path_factory.mktemp("history")
    with sources._router_lock:
        sources._histories.clear()


@pytest.fixture
def own_audit_dir(settings, tmp_path_factory):
    """Every test has its own audit keys and anchored heads: a head one test's review left must not answer
    for another test's review of the same id (test databases start their ids again)."""
    settings.WORKBENCH_AUDIT_DIR = tmp_path_factory.mktemp("audit")


@pytest.fixture
def fresh_upstream_budgets():
    """Every test starts with full upstream budgets (workbench.security.upstream_budget): user ids repeat
    between tests, and one test's searches must not spend another's."""
    from workbench.security import upstream_budget

    upstream_budget.forget_all()
    yield
    upstream_budget.forget_all()


@pytest.fixture
def no_back_off(monkeypatch):
    """Sources' HTTP clients that retry as many times and log the same, without the real back-off between
    attempts (~15 s a look-up that always fails): for tests of what a failure says, not of its timing."""
    from verifier.sources import http

    class NoBackOff(http.SourceHTTP):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, sleep=lambda seconds: None, **kwargs)

    monkeypatch.setattr(http, "SourceHTTP", NoBackOff)


@pytest.fixture
def data_dir() -> Path:
    return DATA


def make_user(username: str, role: str | None):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    user = get_user_model().objects.create_user(username=username, password=f"{username}-pass-1")
    if role:
        # A transactional test flushes the groups the migration made; roles are recognised by name.
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def people(db):
    from workbench.models import Matter

    associate = make_user("alice", "associate")
    partner = make_user("paula", "partner")
    outsider = make_user("oscar", "associate")
    outside_partner = make_user("olga", "partner")
    matter = Matter.objects.create(name="Kowalski v Bank", reference="M-1")
    matter.members.add(associate, partner)
    other = Matter.objects.create(name="Other client", reference="M-2")
    other.members.add(outsider, outside_partner)
    return {
        "associate": associate,
        "partner": partner,
        "outsider": outsider,
        "outside_partner": outside_partner,
        "matter": matter,
        "other_matter": other,
    }


@pytest.fixture
def client_for(client, people):
    from django.test import Client

    def login(who: str) -> Client:
        c = Client()
        c.force_login(people[who])
        return c

    return login


@pytest.fixture
def redis_server(tmp_path):
    """A Redis server of the test's own (a fresh port, no persistence), for tests that kill or starve it."""
    from tests.reliability.workers import RedisServer

    server = RedisServer(tmp_path / "redis").start()
    yield server
    server.kill()


from tests.integration.fixtures import celery_worker_real, corpus_snapshots  # noqa: E402, F401

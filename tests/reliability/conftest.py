"""Long fault and fuzz runs (`@pytest.mark.slow`) run in CI (`CI=true`) or when asked (`RUN_SLOW=1`).

An environment switch rather than a command-line option: this conftest is not an initial conftest when
pytest is started from the project root, so an option added here would be unknown on the command line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest


def slow_runs_enabled() -> bool:
    return any(
        os.environ.get(name, "").strip().lower() in {"1", "true", "yes"} for name in ("CI", "RUN_SLOW")
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_runs_enabled():
        return
    skip = pytest.mark.skip(reason="long fault/fuzz run: runs in CI (CI=true) or with RUN_SLOW=1")
    here = os.path.dirname(__file__)
    for item in items:
        if "slow" in item.keywords and str(item.path).startswith(here):
            item.add_marker(skip)


@pytest.fixture
def roles(db: None) -> None:
    """The role groups come from a data migration, which a transactional test's flush removes."""
    from django.contrib.auth.models import Group

    for name in ("associate", "partner"):
        Group.objects.get_or_create(name=name)


@pytest.fixture(autouse=True)
def _fast_and_quiet(settings: Any) -> None:
    """Cheap password hashing for the fixture users; the static root exists, so whitenoise does not warn
    (warnings are errors here) when a test renders a page."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)

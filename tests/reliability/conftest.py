"""Fixtures of the fault and fuzz runs. Their long runs (`@pytest.mark.slow`) run in CI (`CI=true`) or when
asked (`RUN_SLOW=1`): tests/conftest.py skips them otherwise."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def roles(db: None) -> None:
    """The role groups come from a data migration, which a transactional test's flush removes."""
    from django.contrib.auth.models import Group

    for name in ("associate", "partner"):
        Group.objects.get_or_create(name=name)


@pytest.fixture(autouse=True)
def _fast_and_quiet(settings: Any) -> None:
    """Cheap password hashing for the fixture users."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

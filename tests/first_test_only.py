"""A pytest plugin (`-p tests.first_test_only`): of everything collected, run only the first test that is not
marked slow. tests/test_folders_alone.py runs each folder of tests on its own with it: the whole folder is
collected (its conftest, fixtures and imports), and one of its tests runs on a fresh var/ directory."""

from __future__ import annotations

import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = next((item for item in items if "slow" not in item.keywords), None)
    deselected = [item for item in items if item is not chosen]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
    items[:] = [chosen] if chosen is not None else []

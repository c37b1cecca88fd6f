"""Each top-level folder of tests works when run on its own (`make pytest PYTEST_ARGS=tests/e2e`), not only as
part of the whole suite: a fixture, a directory or a setting made by another folder's conftest must not be
what makes it pass. Cheaply: each folder is collected whole and its first test runs, in a pytest of its own
on a fresh var/ directory (nothing left there by an earlier run, as on a fresh checkout)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = sorted(
    p.name
    for p in (ROOT / "tests").iterdir()
    if p.is_dir() and p.name != "data" and any(p.rglob("test_*.py"))
)


def test_every_folder_is_checked():
    # A new folder is picked up by itself; this guards the list against an empty or broken glob.
    assert {"e2e", "integration", "reliability", "security", "verifier", "workbench"} <= set(FOLDERS)


# A pytest of its own a folder (~80 s in all): in CI (`slow`), where a fresh checkout is what it guards.
@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS)
def test_a_folder_of_tests_passes_on_its_own(folder, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "WORKBENCH_"))}
    env["WORKBENCH_VAR_DIR"] = str(tmp_path / "var")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"tests/{folder}",
            "-p",
            "tests.first_test_only",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    said = result.stdout[-6000:] + result.stderr[-2000:]
    assert result.returncode == 0, said
    assert re.search(r"\b1 passed\b", result.stdout), said

"""The engine's tests run without Django (`make test-unit`): pytest-django switched off, no settings loaded,
no database, and still green — the root conftest gives its Django defaults to the Django side only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A few engine test files that cover sources, search, plan and ingest; `make test-unit` runs them all.
SAMPLE = [
    "tests/verifier/sources/eli/test_structure.py",
    "tests/verifier/search/test_dispatch.py",
    "tests/verifier/test_plan.py",
    "tests/verifier/ingest/test_text.py",
]
CODE = f"""
import sys, pytest
code = pytest.main(["-p", "no:django", "-W", "ignore::pytest.PytestConfigWarning", "-q", "-p", "no:randomly",
                    "-p", "no:cacheprovider", *{SAMPLE!r}])
print("DJANGO-LOADED" if any(n == "django" or n.startswith("django.") for n in sys.modules) else "NO-DJANGO")
sys.exit(code)
"""


def test_the_engine_tests_pass_with_no_django_loaded() -> None:
    run = subprocess.run(
        [sys.executable, "-c", CODE], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert run.stdout.strip().endswith("NO-DJANGO"), run.stdout[-2000:]


def test_the_makefile_runs_the_engine_tests_without_django() -> None:
    recipe = subprocess.run(
        ["make", "-n", "test-unit"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "-p no:django" in recipe
    assert "tests/verifier" in recipe

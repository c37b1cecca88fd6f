"""Settings come from the environment; production settings pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # DJANGO_ALLOW_ASYNC_UNSAFE is set for the browser tests only; a deployment never has it.
    dropped = {"SECRET_KEY", "DJANGO_DEBUG", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    base["WORKBENCH_VAR_DIR"] = str(ROOT / "var" / "test-settings")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_refuses_to_start_without_a_secret_key_outside_debug():
    result = run_manage("check", env={})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_it_passes_the_deploy_checks_with_production_variables():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "SECRET_KEY": "x" * 64 + "production-like-secret-value",
            "WORKBENCH_HTTPS": "1",
            "ALLOWED_HOSTS": "workbench.example.com",
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_flags_an_insecure_deploy_without_https_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env={"SECRET_KEY": "y" * 70})
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stdout + result.stderr

"""Settings come from the environment; production settings pass Django's deploy checks."""

import os
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from workbench.security.secret_key import SecretKeyError, local_secret_key

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


PRINT_KEY = ["shell", "--no-imports", "-c", "from django.conf import settings; print(settings.SECRET_KEY)"]


def test_in_production_mode_it_refuses_to_start_without_a_secret_key():
    result = run_manage(
        "check", env={"WORKBENCH_HTTPS": "1", "DATABASE_URL": "postgres://workbench@db.example/workbench"}
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    "env",
    [
        pytest.param({}, id="no-variables"),
        pytest.param({"WORKBENCH_HTTPS": "1"}, id="https-on-the-embedded-default"),
        pytest.param(
            {"WORKBENCH_HTTPS": "1", "DATABASE_URL": "postgres://x@db.example/x", "DJANGO_DEBUG": "1"},
            id="debug",
        ),
    ],
)
def test_outside_production_the_key_kept_in_var_is_created_private_and_reused(tmp_path, env):
    var = tmp_path / "var"
    first = run_manage(*PRINT_KEY, env={**env, "WORKBENCH_VAR_DIR": str(var)})
    assert first.returncode == 0, first.stderr
    key_file = var / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = key_file.read_text(encoding="ascii").strip()
    assert len(key) >= 50
    assert first.stdout.strip() == key
    second = run_manage(*PRINT_KEY, env={**env, "WORKBENCH_VAR_DIR": str(var)})
    assert second.stdout.strip() == key  # sessions survive a restart


def test_processes_starting_together_agree_on_one_key(tmp_path):
    # The web server, the worker and a command may all start on a fresh checkout at the same moment.
    path = tmp_path / "secret_key"
    with ThreadPoolExecutor(max_workers=8) as pool:
        keys = set(pool.map(lambda _: local_secret_key(path), range(32)))
    assert keys == {path.read_text(encoding="ascii").strip()}
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary file left behind


def test_a_key_file_that_is_a_symbolic_link_is_refused(tmp_path):
    (tmp_path / "elsewhere").write_text("k" * 60, encoding="ascii")
    (tmp_path / "secret_key").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SecretKeyError, match="symbolic link"):
        local_secret_key(tmp_path / "secret_key")


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


@pytest.mark.parametrize(
    "key",
    ["changeme", "CHANGEME", "secret", "django-insecure-" + "abcdefghij" * 5, "Tr0ub4dor&3-short", "ab" * 40],
)
def test_in_production_mode_it_refuses_a_short_or_well_known_secret_key(key):
    production = {"WORKBENCH_HTTPS": "1", "DATABASE_URL": "postgres://workbench@db.example/workbench"}
    result = run_manage("check", env={**production, "SECRET_KEY": key})
    assert result.returncode != 0
    assert "production mode refuses it" in result.stderr
    if len(key) > 8:  # (a short one such as "secret" is a word of the message itself)
        assert key not in result.stderr  # the refusal never repeats the key


def test_in_production_mode_a_long_random_secret_key_is_accepted():
    production = {"WORKBENCH_HTTPS": "1", "DATABASE_URL": "postgres://workbench@db.example/workbench"}
    result = run_manage(
        *PRINT_KEY, env={**production, "SECRET_KEY": "kQ3-vN8_zT1wR6yX0pL5mB2cJ7hF4dS9gA" * 2}
    )
    assert "production mode refuses it" not in result.stderr

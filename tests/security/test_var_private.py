"""Nothing under var/ is readable by another account of the machine, whatever the umask: a fresh embedded
workbench started from a shell with the usual umask 022 (migrate, a headless check, a queued task on the
filesystem broker, a backup) leaves every file 0600 and every folder 0700 — the SQLite database and its
-wal/-shm held a client's draft and the session keys — and kombu's exchange table sits in var/, not in the
folder the workbench was started from."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DRAFT = (
    "Zgodnie z art. 415 k.c. kto z winy swej wyrządził drugiemu szkodę, obowiązany jest do jej naprawienia."
)
QUEUE_A_TASK = (
    "import django; django.setup(); from workbench.celery import app; "
    "app.send_task('workbench.recover_stalled'); print('queued')"
)


def run(args: list[str], tmp: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "WORKBENCH_CACHE_DIR", "XDG_CACHE_HOME"}
        },
        "WORKBENCH_VAR_DIR": str(tmp / "var"),
        "WORKBENCH_LOCAL_ONLY": "1",
        "DJANGO_SETTINGS_MODULE": "workbench.settings",
        "HOME": str(tmp / "home"),
        "PYTHONPATH": str(ROOT),
        **extra,
    }
    # umask 022 in the child, as a login shell has it: any file made without an explicit mode is 0644.
    return subprocess.run(
        args, cwd=tmp, env=env, capture_output=True, text=True, timeout=240, preexec_fn=umask_022
    )


def umask_022() -> None:
    os.umask(0o022)


def loose(var: Path) -> list[str]:
    found = []
    for folder, folders, files in os.walk(var):
        for name in (*folders, *files):
            path = Path(folder) / name
            if path.is_symlink():
                continue
            if stat.S_IMODE(path.stat().st_mode) & 0o077:
                found.append(f"{oct(stat.S_IMODE(path.stat().st_mode))} {path.relative_to(var)}")
    return found


@pytest.mark.integration
def test_a_fresh_embedded_workbench_under_umask_022_keeps_var_to_its_owner(tmp_path) -> None:
    (tmp_path / "memo.txt").write_text(DRAFT + "\n", encoding="utf-8")
    manage = [sys.executable, str(ROOT / "manage.py")]
    for step in (
        [*manage, "migrate", "--noinput", "--verbosity", "0"],
        [*manage, "verify", str(tmp_path / "memo.txt"), "--format", "json"],
        [sys.executable, "-c", QUEUE_A_TASK],
        [*manage, "backup"],
    ):
        result = run(step, tmp_path, WORKBENCH_CACHE_DIR=str(tmp_path / "var" / "cache"))
        assert result.returncode in (0, 1), (step, result.stderr[-2000:])
    var = tmp_path / "var"
    assert (var / "workbench.sqlite3").exists()
    assert (var / "secret_key").exists()
    assert stat.S_IMODE(var.stat().st_mode) == 0o700
    assert loose(var) == []
    # kombu's exchange table went under var/, not into the folder the workbench was started from.
    assert not (tmp_path / "control").exists()
    assert (var / "broker" / "control").is_dir()


def test_a_var_left_open_by_an_earlier_version_is_tightened(tmp_path) -> None:
    var = tmp_path / "var"
    (var / "broker" / "out").mkdir(parents=True)
    for path in (var, var / "broker", var / "broker" / "out"):
        os.chmod(path, 0o755)  # noqa: S103 - what an earlier version left behind
    for name in ("workbench.sqlite3", "workbench.sqlite3-wal", "broker/out/task.msg"):
        (var / name).write_text("client work", encoding="utf-8")
        os.chmod(var / name, 0o644)
    result = run([sys.executable, "-c", "import django; django.setup()"], tmp_path, SECRET_KEY="x" * 60)
    assert result.returncode == 0, result.stderr
    assert loose(var) == []
    assert (var / "workbench.sqlite3").read_text(encoding="utf-8") == "client work"

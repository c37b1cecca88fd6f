"""Files with client work are readable by their owner only (issue 18 §5): backup dumps 0600 in a 0700
folder, uploaded drafts 0600 in 0700 folders; `manage.py backup` refuses a symlink as its output (a dangling
one too, which `exists()` calls absent and pg_dump would follow) and never shows a half-written file under the
backup's name."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def var_dir(settings, tmp_path):
    os.umask(0o022)  # the usual umask, which makes new files 0644 unless the code says otherwise
    settings.VAR_DIR = tmp_path / "var"
    settings.MEDIA_ROOT = tmp_path / "var" / "uploads"
    return settings.VAR_DIR


@pytest.mark.django_db(transaction=True)
def test_a_backup_is_readable_by_its_owner_only(var_dir, capsys) -> None:
    call_command("backup")
    written = Path(capsys.readouterr().out.split("\t")[0])
    assert written.parent == var_dir / "backups"
    assert mode(written) == 0o600
    assert mode(written.parent) == 0o700


@pytest.mark.django_db(transaction=True)
def test_a_backup_tightens_a_backup_folder_left_open(var_dir, capsys) -> None:
    (var_dir / "backups").mkdir(parents=True, mode=0o755)
    os.chmod(var_dir / "backups", 0o755)  # noqa: S103 - the open folder this test expects to be tightened
    call_command("backup")
    assert mode(var_dir / "backups") == 0o700


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("target_exists", [False, True])
def test_a_backup_refuses_a_symlink_as_its_output(var_dir, tmp_path, target_exists) -> None:
    target = tmp_path / "elsewhere" / "stolen.dump"
    target.parent.mkdir()
    if target_exists:
        target.write_bytes(b"someone else's file")
    link = tmp_path / "backup.dump"
    link.symlink_to(target)
    with pytest.raises(CommandError, match="symlink"):
        call_command("backup", output=str(link))
    assert target.exists() is target_exists
    if target_exists:
        assert target.read_bytes() == b"someone else's file"
    assert link.is_symlink()


@pytest.mark.django_db(transaction=True)
def test_the_dump_is_written_aside_and_appears_whole(var_dir, tmp_path, monkeypatch) -> None:
    import subprocess

    from workbench.management.commands import backup

    output = tmp_path / "out" / "b.dump"
    seen: list[bool] = []
    real = subprocess.run

    def watching(command, **kwargs):
        seen.append(output.exists())  # while pg_dump writes, nothing carries the backup's name
        target = next(a.removeprefix("--file=") for a in command if str(a).startswith("--file="))
        seen.append(mode(Path(target)) == 0o600)
        return real(command, **kwargs)

    monkeypatch.setattr(backup.subprocess, "run", watching)
    call_command("backup", output=str(output))
    assert seen == [False, True]
    assert mode(output) == 0o600
    assert [p.name for p in output.parent.iterdir()] == ["b.dump"]  # no temporary file left behind


def test_a_sqlite_copy_is_readable_by_its_owner_only(var_dir, tmp_path) -> None:
    from workbench.management.commands.backup import backup_sqlite, write_atomically

    source = tmp_path / "live.sqlite3"
    with sqlite3.connect(source) as db:
        db.execute("create table t (x)")
        db.execute("insert into t values (1)")
    output = tmp_path / "copies" / "copy.sqlite3"
    write_atomically(output, lambda aside: backup_sqlite(source, aside))
    assert mode(output) == 0o600
    assert mode(output.parent) == 0o700
    with sqlite3.connect(output) as db:
        assert db.execute("select x from t").fetchall() == [(1,)]


def test_an_uploaded_draft_is_readable_by_its_owner_only(people, var_dir) -> None:
    from verifier.ingest import ingest_text
    from workbench.reviews import services

    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="memo",
        document=ingest_text("Art. 58 k.c.", name="memo.txt"),
        original=b"Art. 58 k.c.",
        enqueue=False,
    )
    stored = Path(review.original_file.path)
    assert stored.is_file()
    assert mode(stored) == 0o600
    assert mode(stored.parent) == 0o700

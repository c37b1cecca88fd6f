"""`manage.py backup` (issue 8 §6): the dump restores into an empty database with every review, finding and
audit event; a failed dump leaves no file that could pass for a backup; a live SQLite database (WAL) copies
consistently. The restore steps are the ones in docs/OPERATIONS.md.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import uuid

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

pytestmark = pytest.mark.integration


def pg_args(info) -> list[str]:
    args = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if info.get(key):
            args.append(f"{flag}={info[key]}")
    return args


def pg_env(info) -> dict[str, str]:
    import os

    env = dict(os.environ)
    if info.get("PASSWORD"):
        env["PGPASSWORD"] = info["PASSWORD"]
    return env


@pytest.fixture
def scratch_database():
    info = connection.settings_dict
    assert connection.vendor == "postgresql", "the backup test needs PostgreSQL (make test sets DATABASE_URL)"
    name = f"restore_{uuid.uuid4().hex[:12]}"
    tool = shutil.which("createdb")
    assert tool, "PostgreSQL client tools (createdb, pg_restore) are needed to test a restore"
    subprocess.run([tool, *pg_args(info), name], env=pg_env(info), check=True, capture_output=True)
    yield name
    subprocess.run(
        [shutil.which("dropdb") or "dropdb", *pg_args(info), "--if-exists", name],
        env=pg_env(info),
        check=True,
        capture_output=True,
    )


def query(database: str, sql: str) -> str:
    info = connection.settings_dict
    result = subprocess.run(
        ["psql", *pg_args(info), "-d", database, "-tAc", sql],
        env=pg_env(info),
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout.strip()


CHECKS = [
    "SELECT count(*) FROM workbench_review",
    "SELECT count(*) FROM workbench_finding",
    "SELECT string_agg(hash, ',' ORDER BY review_id, seq) FROM workbench_auditevent",
    "SELECT string_agg(draft_sha256, ',' ORDER BY id) FROM workbench_review",
    "SELECT count(*) FROM auth_group",
]


def test_a_postgresql_backup_restores_every_review_and_audit_event(
    transactional_db, people, data_dir, tmp_path, scratch_database
):
    from django.contrib.auth.models import Group

    from verifier.ingest import ingest_path
    from workbench.pipeline import worker
    from workbench.reviews import services

    for name in ("associate", "partner"):
        Group.objects.get_or_create(name=name)
    for memo in ("memo-eu.md", "memo-ko.md"):
        review = services.create_review(
            user=people["associate"],
            matter=people["matter"],
            title=memo,
            document=ingest_path(data_dir / "memos" / memo),
            enqueue=False,
        )
        worker.extract_findings(review.pk)
    output = tmp_path / "backups" / "workbench.dump"
    call_command("backup", output=str(output))
    assert output.stat().st_size > 0

    info = connection.settings_dict
    subprocess.run(
        ["pg_restore", *pg_args(info), "--no-owner", "--exit-on-error", "-d", scratch_database, str(output)],
        env=pg_env(info),
        check=True,
        capture_output=True,
    )
    live = info["NAME"]
    restored = [query(scratch_database, sql) for sql in CHECKS]
    assert restored == [query(live, sql) for sql in CHECKS]
    assert int(restored[1]) > 0
    # The restored audit trail is still guarded.
    with pytest.raises(subprocess.CalledProcessError):
        query(scratch_database, "UPDATE workbench_auditevent SET kind = 'x'")


def test_a_backup_never_overwrites_a_file(transactional_db, tmp_path):
    existing = tmp_path / "keep.dump"
    existing.write_bytes(b"an earlier backup")
    with pytest.raises(CommandError, match="exists"):
        call_command("backup", output=str(existing))
    assert existing.read_bytes() == b"an earlier backup"


def test_a_failed_dump_leaves_no_file(transactional_db, tmp_path, settings):
    from workbench.management.commands.backup import dump_postgresql

    output = tmp_path / "broken.dump"
    wrong = {**connection.settings_dict, "NAME": f"no_such_database_{uuid.uuid4().hex[:8]}"}
    with pytest.raises(CommandError, match="pg_dump failed"):
        dump_postgresql(wrong, output)
    assert not output.exists()


def test_a_live_sqlite_database_copies_with_what_is_still_in_the_wal(tmp_path):
    from workbench.management.commands.backup import backup_sqlite

    source = tmp_path / "live.sqlite3"
    writer = sqlite3.connect(source)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")  # keep the rows in the WAL file, as a busy server would
    writer.execute("CREATE TABLE finding (id INTEGER PRIMARY KEY, status TEXT)")
    writer.executemany("INSERT INTO finding (status) VALUES (?)", [("verified",), ("no_source",)] * 500)
    writer.commit()
    assert (tmp_path / "live.sqlite3-wal").stat().st_size > 0
    copy = tmp_path / "copy.sqlite3"
    backup_sqlite(source, copy)
    writer.close()
    with sqlite3.connect(copy) as restored:
        rows = restored.execute(
            "SELECT status, count(*) FROM finding GROUP BY status ORDER BY status"
        ).fetchall()
    assert rows == [("no_source", 500), ("verified", 500)]


def test_a_missing_sqlite_database_is_a_clear_error(tmp_path):
    from workbench.management.commands.backup import backup_sqlite

    with pytest.raises(CommandError, match="no SQLite database"):
        backup_sqlite(tmp_path / "absent.sqlite3", tmp_path / "copy.sqlite3")
    assert not (tmp_path / "copy.sqlite3").exists()

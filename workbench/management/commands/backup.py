"""`manage.py backup [--output PATH]`: a consistent copy of the database, restorable as documented in
docs/OPERATIONS.md.

PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, taken while the workbench runs; restore with
`pg_restore`). SQLite: the online backup API, which copies a consistent state even while the web and worker
processes write (WAL included), then an integrity check of the copy. The copy is never written over an
existing file, and the password never appears on a command line or in a message.

A dump holds every client's drafts: it is written 0600 in a 0700 folder, first under a temporary name beside
its destination, then linked to its name only when complete (a reader never sees half a dump under the
backup's name). A symlink as the destination is refused, a dangling one too (`exists()` says False for it,
and pg_dump would follow it and write the dump wherever it points).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection


class Command(BaseCommand):
    help = "Write a consistent backup of the workbench database (pg_dump, or a SQLite online copy)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output",
            help="file to write (default: var/backups/workbench-<UTC time>.dump or .sqlite3); "
            "an existing file is never overwritten",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        vendor = connection.vendor
        if vendor not in ("postgresql", "sqlite"):
            raise CommandError(
                f"backup knows PostgreSQL and SQLite, not {vendor}; use that database's own tool"
            )
        suffix = ".dump" if vendor == "postgresql" else ".sqlite3"
        chosen = bool(options.get("output"))
        output = Path(options["output"]) if chosen else default_output(suffix)
        if not chosen:
            private_folder(output.parent)  # var/backups: ours, tightened if it was left open
        if vendor == "postgresql":
            write_atomically(output, lambda aside: dump_postgresql(connection.settings_dict, aside))
        else:
            source = Path(str(connection.settings_dict["NAME"]))
            write_atomically(output, lambda aside: backup_sqlite(source, aside))
        digest = sha256_of(output)
        self.stdout.write(f"{output}\t{output.stat().st_size} bytes\tsha256 {digest}")


def private_folder(folder: Path) -> None:
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if folder.is_symlink():
        raise CommandError(f"{folder} is a symlink; back up into a real folder")
    os.chmod(folder, 0o700)


def write_atomically(output: Path, write: Callable[[Path], None]) -> None:
    """`write(aside)` fills a 0600 temporary file beside `output`; the finished file then gets its name with
    link(), which fails rather than replace anything that appeared there (a file, a link) in the meantime."""
    if output.is_symlink():
        raise CommandError(f"{output} is a symlink; choose another --output (a backup never follows a link)")
    if os.path.lexists(output):
        raise CommandError(f"{output} exists; choose another --output (a backup never overwrites a file)")
    if not output.parent.exists():
        output.parent.mkdir(mode=0o700, parents=True)
    descriptor, name = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".partial", dir=output.parent)
    os.close(descriptor)  # mkstemp made it 0600 and ours alone (O_EXCL)
    aside = Path(name)
    try:
        write(aside)
        os.chmod(aside, 0o600)
        try:
            os.link(aside, output)
        except FileExistsError:
            raise CommandError(
                f"{output} appeared while the backup was written; nothing was replaced"
            ) from None
    finally:
        aside.unlink(missing_ok=True)


def default_output(suffix: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    return Path(settings.VAR_DIR) / "backups" / f"workbench-{stamp}{suffix}"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def dump_postgresql(database: dict[str, Any], output: Path) -> None:
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise CommandError(
            "pg_dump is not installed; install the PostgreSQL client tools of the server's version"
        )
    env = {**os.environ}
    if database.get("PASSWORD"):
        env["PGPASSWORD"] = str(database["PASSWORD"])  # in the environment, never on the command line
    command = [pg_dump, "--format=custom", "--no-owner", "--no-privileges", f"--file={output}"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(key):
            command.append(f"{flag}={database[key]}")
    command.append(str(database["NAME"]))
    # The arguments come from the settings and a path the operator chose; no shell is involved.
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    if result.returncode != 0:
        output.unlink(missing_ok=True)  # a half-written dump must not pass for a backup
        message = result.stderr.strip()
        if database.get("PASSWORD"):
            message = message.replace(str(database["PASSWORD"]), "****")
        raise CommandError(f"pg_dump failed (exit {result.returncode}): {message}")
    if not output.exists() or output.stat().st_size == 0:
        raise CommandError("pg_dump wrote nothing; no backup was made")


def backup_sqlite(source: Path, output: Path) -> None:
    """Copy a live SQLite database consistently (the backup API, not a file copy, which could catch a write
    half-way or miss what is still in the WAL file) and check the copy."""
    if not source.exists():
        raise CommandError(f"there is no SQLite database at {source}")
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as src, sqlite3.connect(output) as dst:
        src.backup(dst)
        check = dst.execute("PRAGMA integrity_check").fetchone()
    if not check or check[0] != "ok":
        output.unlink(missing_ok=True)
        raise CommandError(f"the copy of {source} failed its integrity check: {check}")

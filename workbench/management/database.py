"""Make the embedded SQLite database usable by commands run on a fresh checkout."""

from __future__ import annotations

from django.core.management import call_command
from django.db import connection


def ensure_database() -> None:
    """Apply migrations silently when the embedded SQLite database is new; a server database is the
    operator's to migrate."""
    if connection.vendor != "sqlite":
        return
    if "workbench_sourcesnapshot" not in connection.introspection.table_names():
        call_command("migrate", verbosity=0, interactive=False)

"""Audit events record the id of the key their HMAC was made with; existing events keep "" (plain SHA-256).

On SQLite, Django may add the column by copying the table, which drops its triggers: the append-only guard
is made again afterwards (on PostgreSQL the trigger stays and this changes nothing)."""

from django.db import migrations, models

SQLITE_GUARD = [
    "DROP TRIGGER IF EXISTS workbench_audit_no_update;",
    "DROP TRIGGER IF EXISTS workbench_audit_no_delete;",
    "CREATE TRIGGER workbench_audit_no_update BEFORE UPDATE ON workbench_auditevent "
    "BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;",
    "CREATE TRIGGER workbench_audit_no_delete BEFORE DELETE ON workbench_auditevent "
    "BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;",
]


def guard_again(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE_GUARD:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("workbench", "0015_login_throttle_pending")]

    operations = [
        migrations.AddField(
            model_name="auditevent",
            name="key_id",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.RunPython(guard_again, migrations.RunPython.noop),
    ]

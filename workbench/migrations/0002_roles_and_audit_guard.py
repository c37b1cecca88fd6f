"""Roles as groups with permissions, and the database-level guard that keeps audit events append-only."""

from django.db import migrations

ROLE_PERMISSIONS = {
    "associate": [
        "view_matter",
        "view_review",
        "add_review",
        "view_finding",
        "add_decision",
        "view_decision",
    ],
    "partner": [
        "view_matter",
        "view_review",
        "add_review",
        "view_finding",
        "change_finding",
        "add_decision",
        "view_decision",
        "add_signoff",
        "view_signoff",
        "view_auditevent",
    ],
}

PG_GUARD = """
CREATE OR REPLACE FUNCTION workbench_audit_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit events are append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER workbench_audit_no_update BEFORE UPDATE OR DELETE ON workbench_auditevent
    FOR EACH ROW EXECUTE FUNCTION workbench_audit_append_only();
"""
PG_UNGUARD = """
DROP TRIGGER IF EXISTS workbench_audit_no_update ON workbench_auditevent;
DROP FUNCTION IF EXISTS workbench_audit_append_only();
"""
SQLITE_GUARD = [
    "CREATE TRIGGER workbench_audit_no_update BEFORE UPDATE ON workbench_auditevent "
    "BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;",
    "CREATE TRIGGER workbench_audit_no_delete BEFORE DELETE ON workbench_auditevent "
    "BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;",
]
SQLITE_UNGUARD = [
    "DROP TRIGGER IF EXISTS workbench_audit_no_update;",
    "DROP TRIGGER IF EXISTS workbench_audit_no_delete;",
]


def create_roles(apps, schema_editor):  # type: ignore[no-untyped-def]
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    from django.contrib.auth.management import create_permissions
    from django.contrib.contenttypes.management import create_contenttypes

    # Permissions are normally made after all migrations; the roles need them now.
    config = apps.get_app_config("workbench")
    config.models_module = True
    create_contenttypes(config, verbosity=0, apps=apps)
    create_permissions(config, verbosity=0, apps=apps)
    config.models_module = None
    ct_ids = ContentType.objects.filter(app_label="workbench").values_list("id", flat=True)
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.set(Permission.objects.filter(content_type_id__in=ct_ids, codename__in=codenames))


def guard(apps, schema_editor):  # type: ignore[no-untyped-def]
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_GUARD, params=None)  # the '%' of RAISE is not a query placeholder
    elif vendor == "sqlite":
        for statement in SQLITE_GUARD:
            schema_editor.execute(statement)


def unguard(apps, schema_editor):  # type: ignore[no-untyped-def]
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_UNGUARD)
    elif vendor == "sqlite":
        for statement in SQLITE_UNGUARD:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("workbench", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(create_roles, migrations.RunPython.noop),
        migrations.RunPython(guard, unguard),
    ]

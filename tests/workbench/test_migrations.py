"""Migrations run forward on a database that already holds work: the schema as of the first
migration is filled with a matter, a review, its findings, a decision and audit events; migrating to the
latest state keeps every row and its meaning, creates the roles, and turns on the append-only audit guard.
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

FIRST = [("workbench", "0001_initial")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return [key for key in executor.loader.graph.leaf_nodes() if key[0] == "workbench"]


@pytest.fixture
def old_data(transactional_db):
    """Rows written by the code of the first migration, before the later ones existed."""
    apps = migrate(FIRST)
    User = apps.get_model("auth", "User")
    Matter = apps.get_model("workbench", "Matter")
    Review = apps.get_model("workbench", "Review")
    Finding = apps.get_model("workbench", "Finding")
    Decision = apps.get_model("workbench", "Decision")
    SourceSnapshot = apps.get_model("workbench", "SourceSnapshot")
    AuditEvent = apps.get_model("workbench", "AuditEvent")
    user = User.objects.create(username="legacy-associate")
    matter = Matter.objects.create(name="Kowalski v Bank", reference="M-OLD")
    matter.members.add(user)
    review = Review.objects.create(
        matter=matter,
        created_by=user,
        title="Opinia",
        draft_name="opinia.md",
        draft_format="md",
        draft_text="Zgodnie z art. 58 k.c. czynność prawna sprzeczna z ustawą jest nieważna.",
        draft_sha256="0" * 64,
        status="done",
        language="pl",
        progress_total=2,
        progress_done=2,
        finished_at=timezone.now(),
    )
    snapshot = SourceSnapshot.objects.create(
        key="pl:act:DU/1964/93",
        source_id="eli:DU/1964/93",
        origin="eli",
        jurisdiction="pl",
        kind="statute",
        title="Kodeks cywilny",
        url="https://api.sejm.gov.pl/eli/acts/DU/1964/93",
        version="2024",
        sha256="1" * 64,
        fetched_at=timezone.now(),
        text="Art. 58. § 1. Czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy "
        "jest nieważna",
    )
    rows = []
    for ordinal, status in enumerate(["verified", "no_source"], start=1):
        rows.append(
            Finding.objects.create(
                review=review,
                ordinal=ordinal,
                span_start=10,
                span_end=22,
                citation="art. 58 k.c.",
                jurisdiction="pl",
                kind="statute",
                claim_type="paraphrase",
                claim_text=review.draft_text,
                required_level="content",
                achieved_level="content" if status == "verified" else "none",
                status=status,
                rationale="kept across migrations",
                snapshot=snapshot if status == "verified" else None,
                progress="done",
            )
        )
    Decision.objects.create(finding=rows[0], action="accept", user=user, role="associate", comment="ok")
    AuditEvent.objects.create(
        review=review,
        seq=1,
        kind="review_created",
        actor=user,
        actor_name=user.username,
        payload={"title": "Opinia"},
        created_at=timezone.now(),
        prev_hash="0" * 64,
        hash="2" * 64,
    )
    return {"review": review.pk, "findings": [f.pk for f in rows], "snapshot": snapshot.pk}


def test_it_migrates_forward_on_a_database_with_work_in_it(old_data):
    from django.contrib.auth.models import Group

    from workbench.models import AuditEvent, Decision, Finding, Review

    migrate(latest())
    review = Review.objects.get(pk=old_data["review"])
    assert review.title == "Opinia"
    assert review.status == "done"
    assert review.dispatched_at is None
    findings = list(Finding.objects.filter(review=review).order_by("ordinal"))
    assert [f.pk for f in findings] == old_data["findings"]
    assert [(f.status, f.rationale) for f in findings] == [
        ("verified", "kept across migrations"),
        ("no_source", "kept across migrations"),
    ]
    assert findings[0].snapshot_id == old_data["snapshot"]
    assert findings[0].is_hard_block is False
    assert findings[1].is_hard_block is True
    assert Decision.objects.get(finding=findings[0]).comment == "ok"
    # The roles exist, and the partner may do what associates may not.
    partner = set(Group.objects.get(name="partner").permissions.values_list("codename", flat=True))
    associate = set(Group.objects.get(name="associate").permissions.values_list("codename", flat=True))
    assert {"add_signoff", "change_finding"} <= partner
    assert "add_signoff" not in associate
    # The audit trail written before the guard existed is now append-only, in the database itself.
    event = AuditEvent.objects.get(review=review)
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE workbench_auditevent SET kind = 'tampered' WHERE id = %s", [event.pk])
    assert AuditEvent.objects.get(pk=event.pk).kind == "review_created"


def test_no_model_change_is_missing_a_migration(db):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    try:
        call_command("makemigrations", "workbench", "--check", "--dry-run", stdout=out)
    except SystemExit as exit_:
        pytest.fail(f"models and migrations differ (exit {exit_.code}):\n{out.getvalue()}")


def test_a_review_made_before_the_as_of_date_is_checked_as_of_its_creation_day(old_data):
    """Migration 0013: the law of the day the review was made, not of the day of the upgrade."""
    from datetime import UTC, date, datetime

    apps = migrate([("workbench", "0011_finding_messages")])
    apps.get_model("workbench", "Review").objects.filter(pk=old_data["review"]).update(
        created_at=datetime(2020, 3, 5, 9, 30, tzinfo=UTC)
    )
    migrate(latest())
    from workbench.models import Finding, Review

    assert Review.objects.get(pk=old_data["review"]).as_of == date(2020, 3, 5)
    assert list(Finding.objects.filter(review_id=old_data["review"]).values_list("history", flat=True)) == [
        None,
        None,
    ]

"""The audit trail is append-only and hash-chained; tampering is detected and refused."""

import pytest
from django.db import DatabaseError, connection, transaction

from workbench import audit
from workbench.models import AuditEvent, Review


@pytest.fixture
def review(people):
    return Review.objects.create(
        matter=people["matter"],
        title="Memo",
        created_by=people["associate"],
        draft_name="memo.txt",
        draft_format="txt",
        draft_text="Art. 58 k.c.",
        draft_sha256="0" * 64,
    )


def test_it_chains_each_event_to_the_previous_one(review, people):
    first = audit.append(review, "review_created", {"title": "Memo"}, people["associate"])
    second = audit.append(review, "draft_uploaded", {"sha256": "0" * 64}, people["associate"])
    assert first.prev_hash == audit.GENESIS
    assert second.prev_hash == first.hash
    assert second.seq == 2
    check = audit.verify_chain(review)
    assert check.ok
    assert check.events == 2
    assert check.head == second.hash


def test_events_appended_together_chain_in_order_after_the_ones_before(review, people):
    first = audit.append(review, "review_created", {"title": "Memo"}, people["associate"])
    resolved, computed = audit.append_many(
        review, [("source_resolved", {"finding": "C1"}), ("finding_computed", {"finding": "C1"})]
    )
    assert (resolved.seq, computed.seq) == (2, 3)
    assert resolved.prev_hash == first.hash
    assert computed.prev_hash == resolved.hash
    stored = list(AuditEvent.objects.filter(review=review).values_list("kind", "hash"))
    assert stored == [
        ("review_created", first.hash),
        ("source_resolved", resolved.hash),
        ("finding_computed", computed.hash),
    ]
    assert audit.verify_chain(review).ok


def test_it_refuses_to_update_or_delete_an_event_through_the_orm(review):
    event = audit.append(review, "review_created", {})
    event.kind = "something_else"
    with pytest.raises(PermissionError):
        event.save()
    with pytest.raises(PermissionError):
        AuditEvent.objects.filter(pk=event.pk).update(kind="x")
    with pytest.raises(PermissionError):
        event.delete()


def test_the_database_itself_refuses_a_raw_update(review):
    event = audit.append(review, "review_created", {"n": 1})
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE workbench_auditevent SET kind = 'forged' WHERE id = %s", [event.pk])


def test_it_names_the_first_event_changed_behind_its_back(review):
    for n in range(4):
        audit.append(review, "finding_computed", {"finding": f"C{n + 1}", "status": "verified"})
    target = AuditEvent.objects.get(review=review, seq=3)
    with connection.cursor() as cursor:
        # Simulate an attacker with database access who first disables the guard.
        if connection.vendor == "postgresql":
            # A superuser can switch triggers off for its session; the chain must still tell.
            cursor.execute("SET LOCAL session_replication_role = 'replica'")
            cursor.execute(
                "UPDATE workbench_auditevent SET payload = %s WHERE id = %s",
                ['{"finding": "C3", "status": "unverified"}', target.pk],
            )
            cursor.execute("SET LOCAL session_replication_role = 'origin'")
        else:
            cursor.execute("DROP TRIGGER workbench_audit_no_update")
            cursor.execute(
                "UPDATE workbench_auditevent SET payload = %s WHERE id = %s",
                ['{"finding": "C3", "status": "unverified"}', target.pk],
            )
    check = audit.verify_chain(review)
    assert not check.ok
    assert check.broken_seq == 3

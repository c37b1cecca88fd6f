"""Someone who can write the database but holds neither the audit key nor the checkpoint folder cannot make
a tampered chain verify: `manage.py verify_audit` catches the last events deleted, an event edited with the
plain SHA-256 chain recomputed after it, a review whose events are all gone, and an edited checkpoint. A key
rotation keeps older events verifiable; events from before the chain was keyed still verify."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from workbench import audit, audit_heads, audit_keys
from workbench.models import AuditEvent, Review

pytestmark = pytest.mark.django_db(transaction=True)  # heads are anchored when the append commits


@pytest.fixture
def review(people):
    review = Review.objects.create(
        matter=people["matter"],
        title="Memo",
        created_by=people["associate"],
        draft_name="memo.txt",
        draft_format="txt",
        draft_text="Art. 58 k.c.",
        draft_sha256="0" * 64,
    )
    audit.append(review, "review_created", {"title": "Memo"}, people["associate"])
    for n in range(9):
        audit.append(review, "finding_computed", {"finding": f"C{n + 1}", "status": "unverified"})
    return review


def verify_audit(which: object) -> tuple[int, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_audit", str(which), stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue() + err.getvalue()
    return 0, out.getvalue() + err.getvalue()


def as_attacker(*statements: tuple[str, list[object]]) -> None:
    """Raw SQL with the append-only guard switched off, as a database superuser can."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET session_replication_role = 'replica'")
        else:
            cursor.execute("DROP TRIGGER IF EXISTS workbench_audit_no_update")
            cursor.execute("DROP TRIGGER IF EXISTS workbench_audit_no_delete")
        try:
            for sql, params in statements:
                cursor.execute(sql, params)
        finally:
            if connection.vendor == "postgresql":
                cursor.execute("SET session_replication_role = 'origin'")


def test_an_intact_chain_verifies_and_its_head_is_anchored(review) -> None:
    code, said = verify_audit(review.pk)
    assert code == 0, said
    assert "intact: 10 events" in said
    assert "anchored" in said
    assert "NOT" not in said


def test_deleting_the_last_events_is_caught(review) -> None:
    as_attacker(("DELETE FROM workbench_auditevent WHERE review_id = %s AND seq > 5", [review.pk]))
    code, said = verify_audit(review.pk)
    assert code == 1
    assert "BROKEN at event #6" in said
    assert "gone" in said


def test_a_review_whose_events_are_all_gone_is_caught(review) -> None:
    as_attacker(("DELETE FROM workbench_auditevent WHERE review_id = %s", [review.pk]))
    code, said = verify_audit(review.pk)
    assert code == 1
    assert "all its events are gone" in said
    # The review row gone as well: its anchored head still names it.
    Review.objects.filter(pk=review.pk).delete()
    code, said = verify_audit(review.pk)
    assert code == 1
    assert "all its events are gone" in said
    assert verify_audit("all")[0] == 1


def rewritten(review: Review, since: int) -> list[tuple[str, list[object]]]:
    """The attack on the unkeyed chain: event #3's verdict turned 🟢, every hash from `since` on recomputed
    with plain SHA-256 (the attacker has no key to make an HMAC with)."""
    rows = list(AuditEvent.objects.filter(review=review, seq__gte=since).order_by("seq"))
    prev, statements = rows[0].prev_hash, []
    for event in rows:
        content = {**audit.content_of(event), "prev_hash": prev}
        content.pop("key_id", None)
        if event.seq == 3:
            content["payload"] = {**event.payload, "status": "verified"}
        new_hash = hashlib.sha256(audit.canonical(content)).hexdigest()
        statements.append(
            (
                "UPDATE workbench_auditevent SET payload = %s, prev_hash = %s, hash = %s, key_id = '' "
                "WHERE id = %s",
                [json.dumps(content["payload"]), prev, new_hash, event.pk],
            )
        )
        prev = new_hash
    return statements


def test_an_event_edited_and_the_plain_chain_recomputed_after_it_is_caught(review) -> None:
    as_attacker(*rewritten(review, since=3))
    code, said = verify_audit(review.pk)
    assert code == 1, said
    assert "BROKEN at event #3" in said


def test_a_whole_chain_rewritten_unkeyed_contradicts_its_anchored_head(review) -> None:
    as_attacker(*rewritten(review, since=1))
    code, said = verify_audit(review.pk)
    assert code == 1, said
    assert "anchored head" in said


def test_an_edited_checkpoint_is_caught(review) -> None:
    path = audit_heads.heads_dir() / f"{review.pk}.json"
    body = json.loads(path.read_text())
    body["seq"] = 5
    path.write_text(json.dumps(body))
    as_attacker(("DELETE FROM workbench_auditevent WHERE review_id = %s AND seq > 5", [review.pk]))
    code, said = verify_audit(review.pk)
    assert code == 1
    assert "altered" in said


def test_a_rotated_key_keeps_older_events_verifiable(review) -> None:
    first = AuditEvent.objects.get(review=review, seq=1).key_id
    call_command("rotate_audit_key", stdout=StringIO())
    audit.append(review, "finding_computed", {"finding": "C10", "status": "verified"})
    last = AuditEvent.objects.filter(review=review).order_by("-seq").first()
    assert last is not None
    assert last.key_id != first
    code, said = verify_audit(review.pk)
    assert code == 0, said
    assert "intact: 11 events" in said


def test_events_from_before_the_chain_was_keyed_still_verify(people, monkeypatch) -> None:
    review = Review.objects.create(
        matter=people["matter"],
        title="Old",
        created_by=people["associate"],
        draft_name="m.txt",
        draft_format="txt",
        draft_text="x",
        draft_sha256="0" * 64,
    )
    with monkeypatch.context() as before_keying:
        before_keying.setattr(audit_keys, "current", lambda: ("", None))
        before_keying.setattr(audit_heads, "record", lambda *args: None)
        for n in range(3):
            audit.append(review, "finding_computed", {"n": n})
    audit.append(review, "finding_computed", {"n": 3})
    assert list(AuditEvent.objects.filter(review=review).values_list("key_id", flat=True))[:3] == ["", "", ""]
    assert verify_audit(review.pk)[0] == 0


def test_the_key_and_the_checkpoints_are_private_under_umask_022(review, people) -> None:
    previous = os.umask(0o022)
    try:
        call_command("rotate_audit_key", stdout=StringIO())
        audit.append(review, "finding_computed", {"n": 99})
    finally:
        os.umask(previous)
    for path in [*audit_keys.key_dir().iterdir(), *audit_heads.heads_dir().iterdir()]:
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path


def test_role_and_membership_changes_have_their_own_anchored_chain(people) -> None:
    audit.append(None, "role_changed", {"user": "alice", "roles": ["partner"]}, people["partner"])
    audit.append(None, "role_changed", {"user": "alice", "roles": ["associate"]}, people["partner"])
    assert verify_audit("firm")[0] == 0
    as_attacker(("DELETE FROM workbench_auditevent WHERE review_id IS NULL AND seq = 2", []))
    assert verify_audit("firm")[0] == 1


def test_a_checkpoint_left_by_an_earlier_database_does_not_break_a_new_chain(review) -> None:
    """A developer deletes var/workbench.sqlite3 and starts again beside the kept var/audit: review 1 of the
    new database is not review 1 of the old one, and its keyed chain is not called broken."""
    audit_heads.record(review.pk, 30, "f" * 64, first="e" * 64)  # what the old database's review left
    code, said = verify_audit(review.pk)
    assert code == 0, said
    audit.append(review, "finding_computed", {"finding": "C10", "status": "verified"})
    code, said = verify_audit(review.pk)
    assert code == 0, said
    assert "intact: 11 events" in said
    assert "NOT" not in said  # anchored again, to this chain

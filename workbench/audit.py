"""The append-only, hash-chained audit trail of a review.

Each event stores the hash of the previous event of the same review and its own hash over a canonical JSON
of its content, so changing or removing any stored event breaks every hash after it. Appends are serialized
per review by locking the review row, so concurrent workers cannot fork the chain.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from workbench.models import AuditEvent, Review

GENESIS = "0" * 64


def canonical(event_content: dict[str, Any]) -> bytes:
    return json.dumps(event_content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def content_of(event: AuditEvent) -> dict[str, Any]:
    return {
        "review": event.review_id,
        "seq": event.seq,
        "kind": event.kind,
        "actor": event.actor_name,
        "payload": event.payload,
        "created_at": event.created_at.isoformat(),
        "prev_hash": event.prev_hash,
    }


def hash_of(event: AuditEvent) -> str:
    return hashlib.sha256(canonical(content_of(event))).hexdigest()


def append(
    review: Review,
    kind: str,
    payload: dict[str, Any] | None = None,
    actor: AbstractBaseUser | AnonymousUser | None = None,
) -> AuditEvent:
    return append_many(review, [(kind, payload)], actor)[0]


def append_many(
    review: Review,
    events: Sequence[tuple[str, dict[str, Any] | None]],
    actor: AbstractBaseUser | AnonymousUser | None = None,
) -> list[AuditEvent]:
    """Append events in order under one lock: a finding's source and verdict cost one round of locking.
    Inside a caller's transaction no savepoint is made: an error here rolls the caller's work back too,
    which is what the caller wants (a verdict is never stored without its audit event)."""
    with transaction.atomic(savepoint=False):
        # The lock on the review row is what keeps seq and prev_hash consistent under concurrent workers.
        Review.objects.select_for_update().only("id").get(pk=review.pk)
        last = AuditEvent.objects.filter(review=review).order_by("-seq").only("seq", "hash").first()
        real_actor = actor if isinstance(actor, User) and actor.is_authenticated else None
        seq, prev = (last.seq, last.hash) if last else (0, GENESIS)
        made = []
        for kind, payload in events:
            seq += 1
            event = AuditEvent(
                review=review,
                seq=seq,
                kind=kind,
                actor=real_actor,
                actor_name=real_actor.get_username() if real_actor else "system",
                # A JSON round trip makes the stored payload equal to what is hashed (tuples become lists…).
                payload=json.loads(json.dumps(payload or {}, ensure_ascii=False, default=str)),
                created_at=timezone.now(),
                prev_hash=prev,
            )
            event.hash = prev = hash_of(event)
            made.append(event)
        AuditEvent.objects.bulk_create(made)
        return made


@dataclass(frozen=True)
class ChainCheck:
    ok: bool
    events: int
    head: str
    broken_seq: int | None = None
    reason: str = ""


def verify_chain(review: Review) -> ChainCheck:
    prev = GENESIS
    count = 0
    expected_seq = 1
    # Plain tuples, not model instances: the review page checks the whole chain on every load.
    rows = (
        AuditEvent.objects.filter(review=review)
        .order_by("seq")
        .values_list("seq", "kind", "actor_name", "payload", "created_at", "prev_hash", "hash")
    )
    for seq, kind, actor_name, payload, created_at, prev_hash, stored_hash in rows.iterator(chunk_size=2000):
        count += 1
        if seq != expected_seq:
            return ChainCheck(False, count, prev, expected_seq, f"event #{expected_seq} is missing")
        if prev_hash != prev:
            return ChainCheck(False, count, prev, seq, f"event #{seq} does not follow its predecessor")
        content = {
            "review": review.pk,
            "seq": seq,
            "kind": kind,
            "actor": actor_name,
            "payload": payload,
            "created_at": created_at.isoformat(),
            "prev_hash": prev_hash,
        }
        if hashlib.sha256(canonical(content)).hexdigest() != stored_hash:
            return ChainCheck(False, count, prev, seq, f"event #{seq} was changed after it was written")
        prev = stored_hash
        expected_seq += 1
    return ChainCheck(True, count, prev)

"""The append-only, keyed and anchored audit trail of a review.

Each event stores the hash of the previous event of the same review and its own hash over a canonical JSON
of its content, so changing or removing any stored event breaks every hash after it. The hash is an
HMAC-SHA256 under a key kept outside the database (workbench.audit_keys; the event records the key's id),
so someone who can write the database but not read the key cannot recompute a chain after editing it; and
each chain's head is anchored outside the table after every append (workbench.audit_heads), so dropping the
last events, or all of them, contradicts the anchored head. Events written before the chain was keyed
(key_id "") keep their plain SHA-256 and still verify; after a keyed event an unkeyed one is a forgery.
Appends are serialized per review by locking the review row, so concurrent workers cannot fork the chain.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from workbench import audit_heads, audit_keys
from workbench.models import AuditEvent, Review

GENESIS = "0" * 64


def canonical(event_content: dict[str, Any]) -> bytes:
    return json.dumps(event_content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def content_of(event: AuditEvent) -> dict[str, Any]:
    content = {
        "review": event.review_id,
        "seq": event.seq,
        "kind": event.kind,
        "actor": event.actor_name,
        "payload": event.payload,
        "created_at": event.created_at.isoformat(),
        "prev_hash": event.prev_hash,
    }
    if event.key_id:
        content["key_id"] = event.key_id
    return content


def digest(content: dict[str, Any], key: bytes | None) -> str:
    """The event's hash: HMAC-SHA256 under its key; plain SHA-256 for an event from before keying."""
    if key is None:
        return hashlib.sha256(canonical(content)).hexdigest()
    return hmac.new(key, canonical(content), hashlib.sha256).hexdigest()


def hash_of(event: AuditEvent) -> str:
    key = audit_keys.key_for(event.key_id) if event.key_id else None
    if event.key_id and key is None:
        raise audit_keys.AuditKeyError(f"The audit key {event.key_id} is missing.")
    return digest(content_of(event), key)


def _events_of(review: Review | None) -> QuerySet[AuditEvent]:
    return _events_of_id(review.pk if review is not None else None)


def append(
    review: Review | None,
    kind: str,
    payload: dict[str, Any] | None = None,
    actor: AbstractBaseUser | AnonymousUser | None = None,
) -> AuditEvent:
    return append_many(review, [(kind, payload)], actor)[0]


def append_many(
    review: Review | None,
    events: Sequence[tuple[str, dict[str, Any] | None]],
    actor: AbstractBaseUser | AnonymousUser | None = None,
) -> list[AuditEvent]:
    """Append events in order under one lock: a finding's source and verdict cost one round of locking.
    Inside a caller's transaction no savepoint is made: an error here rolls the caller's work back too,
    which is what the caller wants (a verdict is never stored without its audit event).

    `review` None: the firm's own chain (who was given which role, who joined which matter), which no review
    row guards; its appends lock the content-type row of AuditEvent instead, a row every database has."""
    key_id, key = audit_keys.current()
    with transaction.atomic(savepoint=False):
        # The lock is what keeps seq and prev_hash consistent under concurrent workers.
        if review is None:
            ContentType.objects.select_for_update().get(pk=ContentType.objects.get_for_model(AuditEvent).pk)
        else:
            Review.objects.select_for_update().only("id").get(pk=review.pk)
        last = _events_of(review).order_by("-seq").only("seq", "hash").first()
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
                key_id=key_id,
            )
            event.hash = prev = digest(content_of(event), key)
            made.append(event)
        AuditEvent.objects.bulk_create(made)
        review_id = review.pk if review is not None else None
        first = made[0].hash if made[0].seq == 1 else _first_hash(review_id)
        # Anchored once the events are committed: a rolled-back append must not move the head forward.
        transaction.on_commit(lambda: audit_heads.record(review_id, seq, prev, first), robust=True)
        return made


@dataclass(frozen=True)
class ChainCheck:
    ok: bool
    events: int
    head: str
    broken_seq: int | None = None
    reason: str = ""
    anchored: bool = False  # the head matched a checkpoint kept outside the database
    keyed_throughout: bool = False  # every event was made with an audit key


def verify_chain(review: Review | None, review_id: int | None = None) -> ChainCheck:
    """Walk the chain of `review` (None: the firm's chain; `review_id` alone: a review whose row is gone)."""
    chain_id = review.pk if review is not None else review_id
    walk = _walk(chain_id)
    if not walk.ok:
        return walk
    return _against_anchor(chain_id, walk)


def _walk(chain_id: int | None) -> ChainCheck:
    prev, count, expected_seq, keyed, unkeyed = GENESIS, 0, 1, False, False
    keys: dict[str, bytes | None] = {}
    # Plain tuples, not model instances: the review page checks the whole chain on every load.
    rows = (
        _events_of_id(chain_id)
        .order_by("seq")
        .values_list("seq", "kind", "actor_name", "payload", "created_at", "prev_hash", "hash", "key_id")
    )
    for seq, kind, actor_name, payload, created_at, prev_hash, stored_hash, key_id in rows.iterator(
        chunk_size=2000
    ):
        count += 1
        if seq != expected_seq:
            return ChainCheck(False, count, prev, expected_seq, f"event #{expected_seq} is missing")
        if prev_hash != prev:
            return ChainCheck(False, count, prev, seq, f"event #{seq} does not follow its predecessor")
        content = {
            "review": chain_id,
            "seq": seq,
            "kind": kind,
            "actor": actor_name,
            "payload": payload,
            "created_at": created_at.isoformat(),
            "prev_hash": prev_hash,
        }
        if key_id:
            content["key_id"] = key_id
            if key_id not in keys:
                keys[key_id] = audit_keys.key_for(key_id)
            if keys[key_id] is None:
                return ChainCheck(
                    False, count, prev, seq, f"event #{seq} names an audit key ({key_id}) that is missing"
                )
            keyed = True
        elif keyed:
            return ChainCheck(False, count, prev, seq, f"event #{seq} is unkeyed after keyed events")
        else:
            unkeyed = True
        if not hmac.compare_digest(digest(content, keys.get(key_id) if key_id else None), stored_hash):
            return ChainCheck(False, count, prev, seq, f"event #{seq} was changed after it was written")
        prev = stored_hash
        expected_seq += 1
    return ChainCheck(True, count, prev, keyed_throughout=keyed and not unkeyed)


def _against_anchor(chain_id: int | None, walk: ChainCheck) -> ChainCheck:
    anchor = audit_heads.read(chain_id)
    if anchor is None:
        return walk  # written before heads were anchored, or its checkpoint is not on this machine
    if not anchor.genuine:
        return ChainCheck(
            False, walk.events, walk.head, None, "its anchored head was altered or is unreadable"
        )
    first = _first_hash(chain_id)
    if anchor.first and first and not hmac.compare_digest(first, anchor.first):
        # Another chain under the same review id. Made with the key (every event keyed and verified): the
        # checkpoint is an earlier database's, left beside a database made afresh. Otherwise a rewrite.
        if walk.keyed_throughout:
            return walk
        return ChainCheck(False, walk.events, walk.head, 1, "event #1 is not the one its anchored head names")
    if walk.events == 0:
        return ChainCheck(
            False, 0, GENESIS, 1, f"all its events are gone (its anchored head is event #{anchor.seq})"
        )
    if walk.events < anchor.seq:
        return ChainCheck(
            False,
            walk.events,
            walk.head,
            walk.events + 1,
            f"events after #{walk.events} are gone (its anchored head is event #{anchor.seq})",
        )
    at_anchor = _events_of_id(chain_id).filter(seq=anchor.seq).values_list("hash", flat=True).first()
    if at_anchor is None or not hmac.compare_digest(at_anchor, anchor.hash):
        return ChainCheck(
            False,
            walk.events,
            walk.head,
            anchor.seq,
            f"event #{anchor.seq} is not the one its anchored head names",
        )
    return ChainCheck(True, walk.events, walk.head, anchored=True)


def _first_hash(chain_id: int | None) -> str:
    return _events_of_id(chain_id).filter(seq=1).values_list("hash", flat=True).first() or ""


def _events_of_id(chain_id: int | None) -> QuerySet[AuditEvent]:
    if chain_id is None:
        return AuditEvent.objects.filter(review__isnull=True)
    return AuditEvent.objects.filter(review_id=chain_id)

"""Issue 16: every source a user uploaded or pasted before supplied sources were scoped becomes a supplied
source of the review it was attached in, serving only the finding it was attached to; the findings whose
verdict it gave (in that review, and in every other review of the matter that picked it up for the whole
act) are checked again — capped, or against the official source — by the next re-verification (the worker's
recovery sweep takes them up: their review is resolving again and they are pending), and each review's audit
trail says what changed and why.

Signed-off reviews keep their verdicts (they are signed as they were); their trail says that a finding was
judged against a text a user supplied, not an official source.

The audit events are chained as `workbench.audit` chains them; the hashing is copied here so that this
migration keeps working whatever that module becomes.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import migrations
from django.utils import timezone

GENESIS = "0" * 64
REASON = (
    "A source a user supplied is evidence, not authority (issue 16): it now serves only the finding it was "
    "attached to, in its own review, and a finding checked against it is at most needs_judgement. The "
    "verdicts it gave are checked again."
)


def _hash(content: dict[str, Any]) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return hashlib.sha256(canonical).hexdigest()


def _append(AuditEvent: Any, review: Any, kind: str, payload: dict[str, Any]) -> None:
    last = AuditEvent.objects.filter(review=review).order_by("-seq").first()
    seq, prev = (last.seq + 1, last.hash) if last else (1, GENESIS)
    payload = json.loads(json.dumps(payload, ensure_ascii=False, default=str))
    event = AuditEvent(
        review=review,
        seq=seq,
        kind=kind,
        actor=None,
        actor_name="system",
        payload=payload,
        created_at=timezone.now(),
        prev_hash=prev,
    )
    event.hash = _hash(
        {
            "review": review.pk,
            "seq": seq,
            "kind": kind,
            "actor": "system",
            "payload": payload,
            "created_at": event.created_at.isoformat(),
            "prev_hash": prev,
        }
    )
    AuditEvent.objects.bulk_create([event])


def _provenance(snapshot: Any, by: str | None) -> dict[str, Any]:
    name = snapshot.meta.get("supplied_name") or snapshot.meta.get("uploaded_as") or snapshot.title
    return {
        "kind": "supplied",
        "official": False,
        "service": "upload",
        "url": snapshot.url,
        "at": snapshot.fetched_at.isoformat(),
        "sha256": snapshot.sha256,
        "by": by,
        "form": "paste" if name == "pasted text" else "file",
        "name": name,
        "collection": None,
        "document_id": None,
        "corpus_file": None,
    }


def scope_uploads(apps: Any, schema_editor: Any) -> None:
    SourceSnapshot = apps.get_model("workbench", "SourceSnapshot")
    SuppliedSource = apps.get_model("workbench", "SuppliedSource")
    Finding = apps.get_model("workbench", "Finding")
    Review = apps.get_model("workbench", "Review")
    SignOff = apps.get_model("workbench", "SignOff")
    AuditEvent = apps.get_model("workbench", "AuditEvent")
    signed = set(SignOff.objects.values_list("review_id", flat=True))
    for snapshot in SourceSnapshot.objects.filter(origin="upload").order_by("pk"):
        attached = AuditEvent.objects.filter(
            kind="source_attached", payload__sha256=snapshot.sha256, review__matter_id=snapshot.matter_id
        ).order_by("review_id", "seq")
        sources: dict[int, Any] = {}  # review id -> its supplied source
        linked: dict[int, list[str]] = {}
        by_name: str | None = None
        for event in attached:
            review = event.review
            name = snapshot.meta.get("uploaded_as") or snapshot.title
            if review.pk not in sources:
                sources[review.pk] = SuppliedSource.objects.create(
                    review=review,
                    key=snapshot.key,
                    snapshot=snapshot,
                    form="paste" if name == "pasted text" else "file",
                    name=str(name)[:255],
                    sha256=snapshot.sha256,
                    supplied_by=event.actor,
                    supplied_at=event.created_at,
                )
                by_name = by_name or (event.actor_name if event.actor_id else None)
            finding_id = str(event.payload.get("finding") or "")
            if finding_id[1:].isdigit():
                served = Finding.objects.filter(
                    review=review, version=review.version, ordinal=int(finding_id[1:]), snapshot=snapshot
                ).update(supplied_source=sources[review.pk])
                if served:
                    linked.setdefault(review.pk, []).append(finding_id)
        meta = dict(snapshot.meta)
        name = meta.get("uploaded_as") or snapshot.title
        meta.setdefault("supplied_as", "paste" if name == "pasted text" else "file")
        meta.setdefault("supplied_name", name)
        meta.setdefault("supplied_sha256", snapshot.sha256)
        if by_name:
            meta.setdefault("supplied_by", by_name)
        SourceSnapshot.objects.filter(pk=snapshot.pk).update(meta=meta)
        provenance = _provenance(snapshot, by_name)
        judged = Finding.objects.filter(snapshot=snapshot).select_related("review")
        reviews = sorted({f.review_id for f in judged} | set(sources))
        for review in Review.objects.filter(pk__in=reviews).order_by("pk"):
            current = Finding.objects.filter(review=review, version=review.version, snapshot=snapshot)
            affected = [f"C{o}" for o in sorted(current.values_list("ordinal", flat=True))]
            is_signed = review.pk in signed
            payload = {
                "supplied_source": sources[review.pk].pk if review.pk in sources else None,
                "key": snapshot.key,
                "name": name,
                "snapshot_sha256": snapshot.sha256,
                "findings": affected,
                "serves": linked.get(review.pk, []),
                "signed_off": is_signed,
                "checked_again": bool(affected) and not is_signed,
                "reason": REASON,
                "provenance": provenance,
            }
            _append(AuditEvent, review, "supplied_source_scoped", payload)
            if is_signed or not affected:
                continue
            current.update(
                progress="pending", dispatched_at=None, claimed_at=None, claimed_by="", state="open"
            )
            done = Finding.objects.filter(review=review, version=review.version, progress="done").count()
            Review.objects.filter(pk=review.pk).update(
                status="resolving" if review.status == "done" else review.status,
                finished_at=None,
                progress_done=done,
            )


class Migration(migrations.Migration):
    dependencies = [("workbench", "0009_supplied_sources_issue16")]

    operations = [migrations.RunPython(scope_uploads, migrations.RunPython.noop)]

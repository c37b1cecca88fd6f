"""Sources users supply: evidence, not authority. Which findings a supplied source serves, and
the official answer it is read beside.

    keep_supplied(review, anchor, document, user=) -> SuppliedSource   the text, kept for this review
    same_act(finding) -> list[Finding]       the other citations of its act in the review (what may share it)
    official_at_hand(anchor, matter) -> Outcome      the official answer, without a slow request
    resolution_for(finding, official) -> (resolution, snapshot, audit payload)   what a finding is checked
                                                     against: its supplied source beside the official answer,
                                                     or the official answer alone
    link_new_findings(review, created) -> int        a new version keeps what was chosen for the same
                                                     citation; a partner's matter sources serve later reviews
    matter_sources(matter) -> QuerySet               what a partner marked, newest first

A supplied source serves the finding it was attached to and the findings of the same review the user chose
to apply it to, never the other citations of the same act; in later reviews of the matter only while a
partner keeps it marked as a matter source, and then (for a statute) only citations of an article its text
has. Checking and storing the verdicts is `workbench.reviews.services`' (it writes the audit events).
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from verifier.ingest import IngestedDocument
from verifier.model import Anchor, Cause, Found, Kind, NotFound, Resolution, Unavailable
from verifier.provenance import provenance_json
from verifier.sources.supplied.uploads import document_from_upload
from workbench.models import Finding, Matter, Review, SourceSnapshot, SuppliedSource
from workbench.pipeline.records import provenance_of_snapshot, same_claim_key
from workbench.pipeline.sources import Outcome, cached_miss, cached_snapshot, document_for, resolve_for, store

_STATUTES = (Kind.STATUTE.value, Kind.EU_ACT.value)


def form_of(document: IngestedDocument) -> str:
    return SuppliedSource.Form.PASTE if document.format == "pasted" else SuppliedSource.Form.FILE


def keep_supplied(
    review: Review, anchor: Anchor, document: IngestedDocument, *, user: User
) -> SuppliedSource:
    """Store what the user supplied as a snapshot of this matter and a supplied source of this review."""
    at = timezone.now()
    form = form_of(document)
    laid = document_from_upload(
        anchor, document.text, document.name, form=form, by=user.get_username(), at=at.isoformat()
    )
    # each supply is a snapshot of its own: who supplied it and when belong to it, even for the same text
    snapshot = store(replace(laid, id=f"{laid.id}:{uuid.uuid4().hex[:8]}"), matter=review.matter)
    return SuppliedSource.objects.create(
        review=review,
        key=anchor.key,
        snapshot=snapshot,
        form=form,
        name=document.name[:255],
        sha256=laid.meta["supplied_sha256"],
        supplied_by=user,
        supplied_at=at,
    )


def same_act(finding: Finding) -> list[Finding]:
    """The other citations of the same source in the finding's review (current version), in draft order."""
    if not finding.anchor_key:
        return []
    return list(
        finding.review.findings.filter(version=finding.review.version, anchor_key=finding.anchor_key)
        .exclude(pk=finding.pk)
        .order_by("ordinal")
    )


def official_at_hand(anchor: Anchor, matter: Matter | None) -> Outcome:
    """The official answer for `anchor` now, for a check made while the user waits: what is stored (a body, a
    remembered "no such source"), or — local-only, where nothing is slow — what this machine has. Otherwise
    not asked: the source could not be had when the draft was checked, and is asked again with the finding."""
    if settings.WORKBENCH_LOCAL_ONLY:
        return resolve_for(anchor, matter=matter)
    snapshot = cached_snapshot(anchor.key, matter)
    if snapshot is not None:
        return Outcome(Found(document_for(snapshot)), snapshot, True)
    miss = cached_miss(anchor.key)
    if miss is not None:
        return Outcome(NotFound(miss.key, miss.reason, tuple(miss.suggestions)), None, True)
    unasked = Unavailable(
        anchor.key,
        "not asked again now; it could not be had when the draft was checked",
        cause=Cause.NOT_RESOLVED,
    )
    return Outcome(unasked, None, False)


type Checked = tuple[Resolution | None, SourceSnapshot | None, dict[str, Any] | None]


def resolution_for(finding: Finding, official: Outcome | None) -> Checked:
    """What `finding` is checked against, with the `source_resolved` payload that says so."""
    if finding.supplied_source_id is None:
        if official is None:
            return None, None, None
        return official.resolution, official.snapshot, official.audit_payload(finding.finding_id)
    source = SuppliedSource.objects.select_related("snapshot").get(pk=finding.supplied_source_id)
    snapshot = source.snapshot
    payload: dict[str, Any] = {
        "finding": finding.finding_id,
        "outcome": "Found",
        "key": snapshot.key,
        "url": snapshot.url,
        "sha256": snapshot.sha256,
        "fetched_at": snapshot.fetched_at.isoformat(),
        "origin": snapshot.origin,
        "cached": True,
        "supplied_source": source.pk,
        "scope": "matter" if source.review_id != finding.review_id else "review",
        "provenance": provenance_json(provenance_of_snapshot(snapshot)),
        "official": official.audit_payload(finding.finding_id) if official is not None else None,
    }
    resolution = Found(document_for(snapshot), official=official.resolution if official is not None else None)
    return resolution, snapshot, payload


def matter_sources(matter: Matter) -> QuerySet[SuppliedSource]:
    return (
        SuppliedSource.objects.filter(review__matter=matter, matter_source=True)
        .select_related("review", "snapshot", "supplied_by", "matter_source_by")
        .order_by("-matter_source_at", "-pk")
    )


def serves(source: SuppliedSource, finding: Finding) -> bool:
    """Whether a matter source serves a citation of a later review: a judgment for every citation of it; a
    statute only for the articles its text has (a pasted 제1200조 is not 민법 for 제103조)."""
    if finding.kind not in _STATUTES:
        return True
    pinpoint = (finding.anchor or {}).get("pinpoint") or {}
    article = pinpoint.get("article")
    if not article:
        return False
    return any(
        len(path) == 1 and list(path[0]) == ["article", str(article)]
        for path, *_ in (source.snapshot.units or [])
    )


def link_new_findings(review: Review, created: list[Finding]) -> dict[str, int]:
    """Give the new findings of a version the supplied sources they are served by: the one chosen for the same
    citation in the previous version of this review, or else a matter source a partner marked. Returns how
    many of each, for the audit trail."""
    chosen: dict[object, int] = {}
    if review.version > 1:
        for old in review.findings.filter(version=review.version - 1, supplied_source__isnull=False):
            assert old.supplied_source_id is not None
            chosen.setdefault(same_claim_key(old), old.supplied_source_id)
            chosen.setdefault((old.anchor_key, " ".join(old.citation.split())), old.supplied_source_id)
    marked: dict[str, list[SuppliedSource]] = {}
    keys = {f.anchor_key for f in created if f.anchor_key}
    if keys:
        for source in matter_sources(review.matter).filter(key__in=keys):
            marked.setdefault(source.key, []).append(source)
    counts = {"kept": 0, "matter": 0}
    linked: list[Finding] = []
    for finding in created:
        source_id = chosen.get(same_claim_key(finding)) or chosen.get(
            (finding.anchor_key, " ".join(finding.citation.split()))
        )
        if source_id is not None:
            counts["kept"] += 1
        else:
            serving = next((s for s in marked.get(finding.anchor_key, ()) if serves(s, finding)), None)
            if serving is None:
                continue
            source_id = serving.pk
            counts["matter"] += 1
        finding.supplied_source_id = source_id
        linked.append(finding)
    if linked:
        Finding.objects.bulk_update(linked, ["supplied_source"])
    return counts

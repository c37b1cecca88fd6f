"""The Django side of sources: a database cache of source snapshots in front of the pure resolvers.

Order of lookup for an anchor: an official document chosen for it from the search in the same matter; a
snapshot already stored (bodies are kept for good — a statute is keyed by its version, a judgment does not
change — and the offline corpus is imported as snapshots); only then the upstream service, whose answer is
stored as a new snapshot. Every finding points at the snapshot it was judged against.

A source a user supplied (origin `upload`) is never an answer here: it serves only the findings it was
supplied for (`workbench.supplied.serving`), beside the official answer these functions give.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from verifier.history.lookup import HistoryLookup
from verifier.model import (
    Anchor,
    Found,
    NotFound,
    Resolution,
    Resolver,
    SourceDocument,
)
from verifier.provenance import SUPPLIED_ORIGIN
from workbench.models import Matter, SourceMiss, SourceSnapshot
from workbench.pipeline.records import document_of, snapshot_fields

_router_lock = threading.Lock()
_routers: dict[bool, Resolver] = {}


def router(*, local_only: bool | None = None) -> Resolver:
    """One resolver stack per process: its HTTP client pools connections and enforces per-host limits."""
    only_local = settings.WORKBENCH_LOCAL_ONLY if local_only is None else local_only
    with _router_lock:
        if only_local not in _routers:
            from verifier.sources.router import build_router

            _routers[only_local] = build_router(
                lawgokr_oc=settings.LAWGOKR_OC,
                lawgokr_base_url=settings.LAWGOKR_BASE_URL,
                saos_base_url=settings.SAOS_BASE_URL,
                eli_base_url=settings.ELI_BASE_URL,
                cellar_base_url=settings.CELLAR_BASE_URL,
                timeout=settings.SOURCE_HTTP_TIMEOUT,
                saos_timeout=settings.SAOS_HTTP_TIMEOUT,
                local_only=only_local,
                passthrough=(SoftTimeLimitExceeded,),  # the task ends the finding as "timed out"
                corpus_dir=_corpus_first(),
            )
        return _routers[only_local]


def _corpus_first() -> Path | None:
    """The offline corpus the router asks before any service, when asked to (WORKBENCH_ASK_CORPUS_FIRST)."""
    folder = Path(settings.WORKBENCH_CORPUS_DIR)
    return folder if settings.WORKBENCH_ASK_CORPUS_FIRST and folder.is_dir() else None


_histories: dict[bool, HistoryLookup] = {}


def history_lookup(*, local_only: bool | None = None) -> HistoryLookup:
    """The history clients (versions in force, later treatment) beside the process's resolver stack, sharing
    its HTTP client and key, their answers kept under WORKBENCH_HISTORY_DIR: a warm run asks upstream
    nothing."""
    from verifier.sources.history_store import DirectoryStore

    only_local = settings.WORKBENCH_LOCAL_ONLY if local_only is None else local_only
    resolver = router(local_only=only_local)
    with _router_lock:
        if only_local not in _histories:
            _histories[only_local] = HistoryLookup.for_resolver(
                resolver,
                store=DirectoryStore(Path(settings.WORKBENCH_HISTORY_DIR)),
                sparql_url=settings.CELLAR_SPARQL_URL,
                corpus_dir=settings.WORKBENCH_CORPUS_DIR,
            )
        return _histories[only_local]


def reset_router() -> None:
    """Forget the process's resolver stacks (tests change base URLs between cases)."""
    with _router_lock:
        _routers.clear()
        _histories.clear()


@dataclass(frozen=True)
class Outcome:
    resolution: Resolution
    snapshot: SourceSnapshot | None
    cached: bool

    def audit_payload(self, finding_id: str) -> dict[str, Any]:
        payload: dict[str, Any] = {"finding": finding_id, "outcome": type(self.resolution).__name__}
        if self.snapshot is not None:
            payload.update(
                key=self.snapshot.key,
                url=self.snapshot.url,
                sha256=self.snapshot.sha256,
                fetched_at=self.snapshot.fetched_at.isoformat(),
                origin=self.snapshot.origin,
                cached=self.cached,
                retries=self.snapshot.retries,
            )
        elif not isinstance(self.resolution, Found):
            payload.update(key=self.resolution.key, reason=self.resolution.reason, cached=self.cached)
        return payload


_documents_lock = threading.Lock()
_documents: OrderedDict[tuple[int, str], SourceDocument] = OrderedDict()
DOCUMENT_CACHE_SIZE = 32


def document_for(snapshot: SourceSnapshot) -> SourceDocument:
    """The verifier's view of a snapshot, built once per process: snapshots never change (a new fetch is a
    new row), and rebuilding a statute's thousands of units for every citation of it dominated the CLI."""
    cache_key = (snapshot.pk, snapshot.sha256)
    with _documents_lock:  # held while loading: parallel citations of one statute wait for one load
        if cache_key in _documents:
            _documents.move_to_end(cache_key)
            return _documents[cache_key]
        document = document_of(SourceSnapshot.objects.get(pk=snapshot.pk))
        _documents[cache_key] = document
        while len(_documents) > DOCUMENT_CACHE_SIZE:
            _documents.popitem(last=False)
    return document


def resolve_all(anchors: list[Anchor], *, matter: Matter | None) -> dict[str, Outcome]:
    """`resolve_for` of several anchors, their stored snapshots found in one query."""
    snapshots = _visible_snapshots([a.key for a in anchors], matter)
    found: dict[str, SourceSnapshot] = {}
    for snapshot in snapshots:
        found.setdefault(snapshot.key, snapshot)  # the first of each key is the one cached_snapshot picks
    return {
        a.key: (
            Outcome(Found(document_for(found[a.key])), found[a.key], True)
            if a.key in found
            else resolve_for(a, matter=matter, snapshot_checked=True)
        )
        for a in anchors
    }


def resolve_for(
    anchor: Anchor, *, matter: Matter | None, upstream: Resolver | None = None, snapshot_checked: bool = False
) -> Outcome:
    snapshot = None if snapshot_checked else cached_snapshot(anchor.key, matter)
    if snapshot is not None:
        return Outcome(Found(document_for(snapshot)), snapshot, True)
    miss = cached_miss(anchor.key)
    if miss is not None:
        return Outcome(NotFound(miss.key, miss.reason, tuple(miss.suggestions)), None, True)
    resolution = (upstream or router()).resolve(anchor)
    return Outcome(resolution, keep(resolution), False)


def keep(resolution: Resolution) -> SourceSnapshot | None:
    """What upstream answered, kept for the next look-up: a document as a snapshot (returned), a definitive
    "no such source" as a remembered miss; a failure is not kept."""
    if isinstance(resolution, Found):
        return store(resolution.document)
    if isinstance(resolution, NotFound):
        remember_miss(resolution)
    return None


def cached_miss(key: str) -> SourceMiss | None:
    if settings.WORKBENCH_NOT_FOUND_TTL_SECONDS <= 0:
        return None
    return SourceMiss.objects.filter(key=key, expires_at__gt=timezone.now()).order_by("-checked_at").first()


def remember_miss(miss: NotFound) -> None:
    ttl = settings.WORKBENCH_NOT_FOUND_TTL_SECONDS
    if ttl <= 0:
        return
    now = timezone.now()
    SourceMiss.objects.filter(key=miss.key, expires_at__lte=now).delete()
    SourceMiss.objects.create(
        key=miss.key,
        reason=miss.reason,
        suggestions=list(miss.suggestions),
        checked_at=now,
        expires_at=now + timedelta(seconds=ttl),
    )


def cached_keys(keys: list[str], matter: Matter | None) -> set[str]:
    """Which of these keys `resolve_for` answers without asking upstream (a snapshot or a remembered miss),
    in two queries for any number of keys."""
    now = timezone.now()
    found = set(
        SourceSnapshot.objects.filter(key__in=keys)
        .filter(_official(matter))
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .values_list("key", flat=True)
    )
    if settings.WORKBENCH_NOT_FOUND_TTL_SECONDS > 0:
        missed = SourceMiss.objects.filter(key__in=set(keys) - found, expires_at__gt=now)
        found |= set(missed.values_list("key", flat=True))
    return found


def cached_snapshot(key: str, matter: Matter | None) -> SourceSnapshot | None:
    """An official document chosen for `key` from the search in this matter first, then the newest stored
    one: one query. Never a source a user supplied."""
    return _visible_snapshots([key], matter).first()


def _official(matter: Matter | None) -> Q:
    """Official snapshots this matter may be answered with: the shared ones and its own search choices."""
    visible = Q(matter__isnull=True) if matter is None else Q(matter=matter) | Q(matter__isnull=True)
    return visible & ~Q(origin=SUPPLIED_ORIGIN)


def _visible_snapshots(keys: list[str], matter: Matter | None) -> QuerySet[SourceSnapshot]:
    """The stored snapshots these keys may be answered with, the preferred one of each key first."""
    now = timezone.now()
    return (
        SourceSnapshot.objects.filter(key__in=keys)
        .filter(_official(matter))
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .defer("text", "units", "summary", "meta")  # the body comes from document_for's cache
        .order_by("key", F("matter").asc(nulls_last=True), "-fetched_at", "-pk")
    )


def store(document: SourceDocument, *, matter: Matter | None = None) -> SourceSnapshot:
    fields = snapshot_fields(document)
    existing = SourceSnapshot.objects.filter(
        key=document.key, source_id=document.id, sha256=document.sha256, matter=matter
    ).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return SourceSnapshot.objects.create(matter=matter, **fields)
    except IntegrityError:
        # Two workers fetched the same body at once; the first one stored it.
        return SourceSnapshot.objects.get(
            key=document.key, source_id=document.id, sha256=document.sha256, matter=matter
        )

"""One Resolver in front of all sources: local first (attached uploads, the offline corpus), then the remote
service for the anchor's namespace, with identical concurrent look-ups done once.

    router = build_router(lawgokr_oc=…, lawgokr_base_url=…, saos_base_url=…, eli_base_url=…,
                          cellar_base_url=…, timeout=20, local_only=False, corpus_dir=None, uploads=None)
    router.resolve(anchor) -> Resolution
    router.resolve_many(anchors) -> dict[Anchor, Resolution]     a review's citations, in parallel
    remotes_of(router) -> Remotes | None     the four remote clients, typed, for callers that use them beyond
                                             resolve() (the source search shares their HTTP client and key)

Namespaces: `kr:` → law.go.kr, `pl:case:` → SAOS, `pl:act:` → Sejm ELI, `eu:` → CELLAR (longest prefix
wins). In local-only mode no remote resolver is ever called: what the uploads and the corpus do not hold is
`Misconfigured("local-only mode: … not looked up")`, i.e. ⛔ no_source, never a verdict.

Coalescing: concurrent calls for the same look-up (key, number, date, court — the fields resolvers use:
law.go.kr picks the statute version in force on `date`, SAOS tells courts apart by `court`) wait for one
in-flight resolve and share its answer. Per-host politeness (concurrency limits, backoff, circuit breaker)
lives in `SourceHTTP`, which all remote resolvers share.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.model import (
    Anchor,
    Cause,
    Found,
    Misconfigured,
    Resolution,
    Resolver,
    SourceDocument,
    Unavailable,
)

if TYPE_CHECKING:
    from verifier.sources.cellar.client import CellarResolver
    from verifier.sources.eli.client import EliResolver
    from verifier.sources.lawgokr.client import LawGoKrResolver
    from verifier.sources.saos.client import SaosResolver

log = logging.getLogger(__name__)

NAMESPACES = ("kr", "pl:case", "pl:act", "eu")
SAOS_MIN_TIMEOUT = 45.0  # SAOS search "regularly takes 20–35 s under load" (SOURCE-APIS §3.1)

type LookupKey = tuple[str, str | None, str | None, str | None]


@dataclass(frozen=True, slots=True)
class Remotes:
    """The remote clients `build_router` made (absent in local-only mode)."""

    kr: LawGoKrResolver
    saos: SaosResolver
    eli: EliResolver
    cellar: CellarResolver


def remotes_of(resolver: Resolver) -> Remotes | None:
    return resolver.remotes if isinstance(resolver, SourceRouter) else None


def lookup_key(anchor: Anchor) -> LookupKey:
    return (anchor.key, anchor.number, anchor.date, anchor.court)


class SourceRouter:
    def __init__(
        self,
        resolvers: Mapping[str, Resolver],
        *,
        local: Resolver | None = None,
        local_only: bool = False,
        closers: Sequence[object] = (),
        passthrough: tuple[type[BaseException], ...] = (),
        remotes: Remotes | None = None,
    ) -> None:
        unknown = [ns for ns in resolvers if not ns or ns.endswith(":")]
        if unknown:
            raise ValueError(f"namespaces are written without a trailing colon, e.g. 'pl:case': {unknown}")
        self.resolvers = dict(resolvers)
        self.remotes = remotes
        self.local = local
        self.local_only = local_only
        self._closers = list(closers)
        # Exceptions that belong to the caller (a task's time limit), not to a client: never swallowed.
        self.passthrough = passthrough
        self._lock = threading.Lock()
        self._in_flight: dict[LookupKey, Future[Resolution]] = {}

    def close(self) -> None:
        for closer in self._closers:
            close = getattr(closer, "close", None)
            if callable(close):
                close()

    def resolver_for(self, key: str) -> Resolver | None:
        """The remote resolver for a key: the longest namespace that is a prefix of it."""
        matches = [ns for ns in self.resolvers if key == ns or key.startswith(ns + ":")]
        return self.resolvers[max(matches, key=len)] if matches else None

    def resolve(self, anchor: Anchor) -> Resolution:
        ident = lookup_key(anchor)
        with self._lock:
            future = self._in_flight.get(ident)
            leader = future is None
            if future is None:
                future = Future[Resolution]()
                self._in_flight[ident] = future
        if not leader:
            return future.result()
        try:
            answer = self._resolve(anchor)
        except BaseException as exc:
            future.set_exception(exc)
            raise
        else:
            future.set_result(answer)
            return answer
        finally:
            with self._lock:
                del self._in_flight[ident]

    def resolve_many(self, anchors: Iterable[Anchor], *, max_workers: int = 8) -> dict[Anchor, Resolution]:
        """Resolve a review's anchors in parallel (duplicates once); SourceHTTP keeps each host polite."""
        unique = list(dict.fromkeys(anchors))
        if not unique:
            return {}
        from verifier.sources.http import fan_out

        return dict(zip(unique, fan_out(self.resolve, unique, threads=max_workers), strict=True))

    def _resolve(self, anchor: Anchor) -> Resolution:
        key = anchor.key
        local_reason = ""
        if self.local is not None:
            answer = self.local.resolve(anchor)
            if isinstance(answer, Found):
                return answer
            local_reason = answer.reason
        if self.local_only:
            reason = f"local-only mode: {key} was not looked up outside this machine"
            if local_reason:
                reason += f" ({local_reason})"
            return Misconfigured(key, reason, cause=Cause.LOCAL_ONLY)
        remote = self.resolver_for(key)
        if remote is None:
            return Misconfigured(
                key,
                f"no source service answers {key!r} (known: {', '.join(self.resolvers)})",
                cause=Cause.NOT_CONFIGURED,
            )
        try:
            return remote.resolve(anchor)
        except self.passthrough:
            raise
        except Exception as exc:
            # A bug in one client must not sink the whole review; the finding says what happened (⛔).
            log.exception("resolver for %s failed", key)
            return Unavailable(
                key,
                f"internal error while fetching the source: {type(exc).__name__}: {exc}",
                cause=Cause.INTERNAL_ERROR,
            )


def build_router(
    *,
    lawgokr_oc: str | None,
    lawgokr_base_url: str,
    saos_base_url: str,
    eli_base_url: str,
    cellar_base_url: str,
    timeout: float,
    local_only: bool,
    corpus_dir: str | Path | None = None,
    uploads: Iterable[SourceDocument] | Resolver | None = None,
    passthrough: tuple[type[BaseException], ...] = (),
    saos_timeout: float | None = None,
) -> SourceRouter:
    """The router used by `manage.py verify` and the worker. In local-only mode no HTTP client is created,
    so nothing can leave the machine even by mistake. `saos_timeout` is SAOS's own (its search is slow);
    None keeps max(timeout, SAOS_MIN_TIMEOUT)."""
    local = _local_sources(corpus_dir, uploads)
    if local_only:
        return SourceRouter({}, local=local, local_only=True, passthrough=passthrough)

    from verifier.sources.cellar.client import CellarResolver
    from verifier.sources.eli.client import EliResolver
    from verifier.sources.http import SourceHTTP
    from verifier.sources.lawgokr.client import LawGoKrResolver
    from verifier.sources.saos.client import SaosResolver

    http = SourceHTTP(timeout=timeout)
    saos_http = SourceHTTP(timeout=max(timeout, SAOS_MIN_TIMEOUT) if saos_timeout is None else saos_timeout)
    remotes = Remotes(
        kr=LawGoKrResolver(http, base_url=lawgokr_base_url, oc=lawgokr_oc or ""),
        saos=SaosResolver(saos_http, base_url=saos_base_url),
        eli=EliResolver(http, base_url=eli_base_url),
        cellar=CellarResolver(http, base_url=cellar_base_url),
    )
    resolvers: dict[str, Resolver] = {
        "kr": remotes.kr,
        "pl:case": remotes.saos,
        "pl:act": remotes.eli,
        "eu": remotes.cellar,
    }
    return SourceRouter(
        resolvers,
        local=local,
        local_only=False,
        closers=(http, saos_http),
        passthrough=passthrough,
        remotes=remotes,
    )


def _local_sources(
    corpus_dir: str | Path | None, uploads: Iterable[SourceDocument] | Resolver | None
) -> Resolver | None:
    """What is asked before any service: the documents supplied for this review, then the offline corpus."""
    from verifier.sources.local import LocalSources, shared_corpus
    from verifier.sources.supplied.uploads import UploadResolver

    upload_resolver: Resolver | None
    if uploads is None:
        upload_resolver = None
    elif isinstance(uploads, Resolver):
        upload_resolver = uploads
    else:
        upload_resolver = UploadResolver(uploads)
    corpus = shared_corpus(corpus_dir) if corpus_dir else None
    if upload_resolver is None and corpus is None:
        return None
    return LocalSources(upload_resolver, corpus)

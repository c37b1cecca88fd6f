"""Typed failures of the source clients, so that a resolver can turn each into the right `Resolution`.

    SourceError(message, *, host=None, retries=0)   base; `permanent: bool` says whether retrying helps
    ├── TransientError(…, retry_after=None)          timeout, reset, 5xx, 429, empty 200, HTML maintenance or
    │                                                anti-bot page, malformed XML/JSON  → `Unavailable`
    ├── PermanentError                               missing key, un-subscribed API ("미신청"), verification
    │                                                failure, other 4xx, local-only mode → `Misconfigured`
    └── NotFoundError                                the database answers that no such document exists
                                                     → `NotFound`

`retries` is how many times `SourceHTTP` retried before giving up, so the UI can say "retried 2×" even on
failure. Messages are written for the lawyer reading the finding and never carry a secret (the caller redacts
URLs before building them).

    as_resolution(key, exc, service="SAOS", not_found=…) -> Resolution
        the one translation of a failure into what a resolver answers; `not_found` overrides the NotFound
        case for a service whose "not found" means something else (SAOS listed the judgment, then 404s it)
"""

from __future__ import annotations

from collections.abc import Callable

from verifier.model import Cause, Misconfigured, NotFound, Resolution, Unavailable


class SourceError(Exception):
    """A fetch that did not produce a usable source document."""

    permanent: bool = True
    default_cause = Cause.NOT_CONFIGURED

    def __init__(
        self, message: str, *, host: str | None = None, retries: int = 0, cause: Cause | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.host = host
        self.retries = retries
        # why, for the finding: set where the failure is seen (a timeout, a 429, local-only mode…)
        self.cause = cause or self.default_cause

    def __str__(self) -> str:
        return self.message


class TransientError(SourceError):
    """Worth retrying later: the service was slow, overloaded, in maintenance or answered garbage."""

    permanent = False
    default_cause = Cause.UPSTREAM_ERROR

    def __init__(
        self,
        message: str,
        *,
        host: str | None = None,
        retries: int = 0,
        retry_after: float | None = None,
        cause: Cause | None = None,
    ) -> None:
        super().__init__(message, host=host, retries=retries, cause=cause)
        self.retry_after = retry_after


class PermanentError(SourceError):
    """Retrying will not help until someone changes the configuration (key, subscription, IP registration)."""

    permanent = True


class NotFoundError(SourceError):
    """The database answered, and its answer is that the document does not exist."""

    permanent = True


def as_resolution(
    key: str,
    exc: SourceError,
    *,
    service: str = "",
    not_found: Callable[[NotFoundError], Resolution] | None = None,
) -> Resolution:
    """A client failure as the resolver's answer for `key`: NotFoundError → NotFound, TransientError →
    Unavailable (its retries, Retry-After and cause kept), any other → Misconfigured. `service` names the
    service at the start of the reason ("SAOS: …") when the message does not say it already."""
    reason = f"{service}: {exc.message}" if service else exc.message
    if isinstance(exc, NotFoundError):
        return not_found(exc) if not_found is not None else NotFound(key, reason)
    if isinstance(exc, TransientError):
        return Unavailable(key, reason, retries=exc.retries, retry_after=exc.retry_after, cause=exc.cause)
    return Misconfigured(key, reason, cause=exc.cause)

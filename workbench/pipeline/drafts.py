"""Reading a draft under a budget (CPU, memory, time, size): what the web request keeps of an upload, the
worker step that reads it, the cap on citations, and the messages of both in the reader's language.

    Upload                                  an uploaded file, checked only cheaply (size, type by content)
    budget() -> Budget                      the settings' budget for reading one file
    read_upload(review) -> bool             the worker reads the stored file in a child process under the
                                            budget; False when it could not (the review has ended failed)
    cap(claims) -> (kept, truncated)        the first WORKBENCH_MAX_CITATIONS claims, and what was left out
    failure_text(review) / truncation_text(review)   what the page and the exports say, in the active language

A web request never parses an uploaded file: a 28 KB PDF can cost minutes of CPU. It stores the bytes and the
worker reads them with `verifier.ingest.sandbox`, whose child process the kernel stops past its CPU and
memory limits, and which is killed past its wall-clock limit.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext

from verifier.ingest import IngestedDocument, IngestError
from verifier.ingest.base import OverBudget
from verifier.ingest.sandbox import Budget, read_within
from verifier.ingest.sandbox import ReadCost as Reading
from verifier.model import Claim
from workbench import audit, words
from workbench.models import DraftVersion, Review
from workbench.pipeline.records import draft_fields
from workbench.pipeline.refusal_words import refusal_from, refusal_text

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Upload:
    """An uploaded draft as the web request keeps it: the bytes, the name shown, the format its extension and
    content agree on, and the hash of the bytes. Not parsed."""

    name: str
    data: bytes
    format: str
    sha256: str

    @classmethod
    def of(cls, data: bytes, name: str, format: str) -> Upload:
        return cls(name=name, data=data, format=format, sha256=hashlib.sha256(data).hexdigest())


def budget() -> Budget:
    return Budget(
        cpu_seconds=settings.WORKBENCH_PARSE_CPU_SECONDS,
        wall_seconds=settings.WORKBENCH_PARSE_WALL_SECONDS,
        memory_mb=settings.WORKBENCH_PARSE_MEMORY_MB,
        max_chars=settings.WORKBENCH_MAX_DRAFT_CHARS,
        max_bytes=settings.WORKBENCH_MAX_UPLOAD_BYTES,
    )


def unread_fields(upload: Upload) -> dict[str, Any]:
    """What a review stores of an upload the worker has yet to read."""
    return {
        "draft_name": upload.name[:255],
        "draft_format": upload.format,
        "draft_text": "",
        "draft_sha256": upload.sha256,
        "draft_parts": [],
        "draft_warnings": [],
        "draft_unread": True,
        "failure": {},
        "truncated": {},
    }


def read_upload(review: Review) -> bool:
    """Read the review's stored upload in a child process under `budget()`, then store its text as the
    current version's draft. A file that cannot be read, or not within the budget, ends the review failed
    with its message (and an audit event with the figures): never a hung worker, never a silent skip."""
    with review.original_file.open("rb") as handle:
        data = handle.read(settings.WORKBENCH_MAX_UPLOAD_BYTES + 1)
    try:
        document, reading = read_within(data, review.draft_name, budget())
    except IngestError as exc:
        fail_unreadable(review, exc, getattr(exc, "reading", None))
        return False
    store_read(review, document, reading)
    return True


def store_read(review: Review, document: IngestedDocument, reading: Reading) -> None:
    with transaction.atomic():
        Review.objects.filter(pk=review.pk).update(**draft_fields(document), draft_unread=False)
        DraftVersion.objects.filter(review=review, number=review.version).update(
            text=document.text, format=document.format
        )
        audit.append(
            review,
            "draft_read",
            {
                "version": review.version,
                "format": document.format,
                "chars": len(document.text),
                "warnings": len(document.warnings),
                **figures(reading),
            },
        )


def failure_of(exc: IngestError, name: str) -> dict[str, Any]:
    if isinstance(exc, OverBudget):
        return {
            "key": "over_budget",
            "limit": exc.limit,
            "amount": exc.amount,
            "format": exc.format,
            "name": name,
        }
    # the refusal's key and parameters: the page says it in the reader's language, not the engine's English
    return {"key": "unreadable", "refusal": exc.key, "params": exc.params}


def fail_unreadable(review: Review, exc: IngestError, reading: Reading | None) -> None:
    failure = failure_of(exc, review.draft_name)
    log.warning("review %s: the draft could not be read: %s", review.pk, failure.get("limit", "unreadable"))
    with transaction.atomic():
        Review.objects.filter(pk=review.pk).update(
            status=Review.Status.FAILED, error=str(exc), failure=failure, finished_at=timezone.now()
        )
        audit.append(
            review,
            "draft_unreadable",
            {"version": review.version, "error": str(exc), **failure, **figures(reading)},
        )


def figures(reading: Reading | None) -> dict[str, float]:
    if reading is None:
        return {}
    return {"seconds": reading.seconds, "cpu_seconds": reading.cpu_seconds, "peak_mb": reading.peak_mb}


def cap(claims: list[Claim]) -> tuple[list[Claim], dict[str, Any]]:
    """The claims one review checks (the first `WORKBENCH_MAX_CITATIONS`, in draft order), and, when some
    were left out, what the review says of it: how many there were, where checking stopped."""
    limit = settings.WORKBENCH_MAX_CITATIONS
    if len(claims) <= limit:
        return claims, {}
    kept = claims[:limit]
    truncated = {
        "limit": limit,
        "found": len(claims),
        "last": kept[-1].origin or "" if kept else "",
        "next": claims[limit].origin or "",
    }
    return kept, truncated


# --- what the page and the exports say, in the active language ----------------------------------------


def _number(value: int) -> str:
    return formats.number_format(value, force_grouping=True)


def failure_text(review: Review) -> str:
    """Why the review failed, in the active language when the reason is a budget; else the message as the
    reader (verifier.ingest) or the worker wrote it."""
    failure = review.failure or {}
    if failure.get("key") == "unreadable" and failure.get("refusal"):
        return refusal_from(failure["refusal"], failure.get("params") or {}) or review.error
    if failure.get("key") != "over_budget":
        return review.error
    return over_budget_text(failure)


def ingest_error_text(exc: IngestError) -> str:
    """An upload's refusal for the form, in the active language."""
    if isinstance(exc, OverBudget):
        return over_budget_text(failure_of(exc, exc.display.strip("“”")))
    return refusal_text(exc)


def too_long_text(chars: int) -> str:
    return gettext(
        "The pasted text has %(chars)s characters, more than the %(amount)s one review reads; split the "
        "draft into parts of at most %(amount)s characters and review each part."
    ) % {"chars": _number(chars), "amount": _number(settings.WORKBENCH_MAX_DRAFT_CHARS)}


def over_budget_text(failure: dict[str, Any]) -> str:
    name = f"“{failure.get('name') or ''}”"
    amount = _number(int(failure.get("amount") or 0))
    if failure.get("limit") == "chars":
        return gettext(
            "%(name)s holds more than %(amount)s characters of text, the most one review reads; split the "
            "draft into parts of at most %(amount)s characters and review each part."
        ) % {"name": name, "amount": amount}
    advice = {
        "pdf": gettext("export it again as PDF/A or upload the .docx"),
        "docx": gettext("open it in Word, save it again as .docx (or as PDF/A) and upload that, or split it"),
    }.get(str(failure.get("format")), gettext("split the draft into smaller parts"))
    if failure.get("limit") == "memory":
        return gettext("%(name)s could not be read within the %(amount)s MB memory budget; %(advice)s.") % {
            "name": name,
            "amount": amount,
            "advice": advice,
        }
    return gettext("%(name)s could not be read within %(amount)s s; %(advice)s.") % {
        "name": name,
        "amount": amount,
        "advice": advice,
    }


def truncation_text(review: Review) -> str:
    """ "" when every citation was checked; else what was checked, what was not and how to split."""
    truncated = review.truncated or {}
    if not truncated:
        return ""
    limit, found = int(truncated["limit"]), int(truncated["found"])
    last = words.origin_word(str(truncated.get("last") or "")) or gettext("citation %(n)s") % {"n": limit}
    following = words.origin_word(str(truncated.get("next") or "")) or last
    return gettext(
        "This review was truncated at %(limit)s citations: the draft has %(found)s. The first %(limit)s, up "
        "to %(last)s, were checked; the other %(rest)s, from %(next)s on, were not checked at all. Split the "
        "draft at %(next)s and review the rest as a separate review."
    ) % {
        "limit": _number(limit),
        "found": _number(found),
        "rest": _number(found - limit),
        "last": last,
        "next": following,
    }

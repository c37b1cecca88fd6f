"""A file attached as a finding's source, read by the worker: the web request only stores it (a `SourceFile`,
queued) because reading a 31 KB PDF can take seconds of CPU, and seven of them at once held every web worker
and slowed the login page of everybody to 18 s.

    read_source_file(pk) -> "read" | "failed" | "busy" | "gone"
                                        claim the queued file, read it in the parse sandbox (the child process
                                        and budget drafts are read with, verifier.ingest.sandbox) within one
                                        of its uploader's parse slots, attach it and check the finding again
    failure_text(source_file) -> str    why it could not be read, in the active language

"busy": the uploader already has WORKBENCH_PARSES_PER_USER files being read (counted in the worker, in Redis:
workbench.security.parse_slots); the file stays queued and the task tries again a moment later.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from verifier.ingest import IngestedDocument, IngestError
from verifier.ingest.sandbox import ReadCost, read_within
from workbench import audit
from workbench.models import Finding, SourceFile
from workbench.pipeline import drafts
from workbench.pipeline.worker import stale_reading
from workbench.refusals import refusal_text
from workbench.reviews import services
from workbench.security.parse_slots import ParseBusy, parse_slot

log = logging.getLogger(__name__)


def read_source_file(pk: int) -> str:
    uploader = SourceFile.objects.filter(pk=pk).values_list("uploaded_by_id", flat=True).first()
    if uploader is None:
        return "gone"  # removed before it was read
    try:
        with parse_slot(uploader):  # the slot covers the child that reads, not the checks after it
            token, source_file = _claim(pk)
            if source_file is None:
                return "gone"  # read already, removed, or another worker holds it
            read = _parse(source_file, token)
    except ParseBusy:
        return "busy"
    if read is None:
        return "failed"
    return _attach(source_file, token, *read)


def _claim(pk: int) -> tuple[str, SourceFile | None]:
    now = timezone.now()
    token = uuid.uuid4().hex
    claimable = Q(state=SourceFile.State.QUEUED) | Q(
        state=SourceFile.State.READING, claimed_at__lt=now - stale_reading()
    )
    taken = (
        SourceFile.objects.filter(pk=pk)
        .filter(claimable)
        .update(state=SourceFile.State.READING, claimed_at=now, claimed_by=token)
    )
    if not taken:
        return token, None
    return token, SourceFile.objects.select_related("review", "uploaded_by").get(pk=pk)


def _parse(source_file: SourceFile, token: str) -> tuple[IngestedDocument, ReadCost] | None:
    with source_file.file.open("rb") as handle:
        data = handle.read(settings.WORKBENCH_MAX_UPLOAD_BYTES + 1)
    try:
        return read_within(data, source_file.name, drafts.budget())
    except IngestError as exc:
        _fail(source_file, token, drafts.failure_of(exc, source_file.name), str(exc), exc)
        return None


def _attach(source_file: SourceFile, token: str, document: IngestedDocument, reading: ReadCost) -> str:
    # the finding as it is now (the file may have waited while the finding was checked again)
    finding = Finding.objects.select_related("review").get(pk=source_file.finding_id)
    try:
        services.attach_source(
            user=source_file.uploaded_by, finding=finding, document=document, also=source_file.also
        )
    except (ValidationError, PermissionDenied) as exc:
        messages = exc.messages if isinstance(exc, ValidationError) else [str(exc)]
        _fail(source_file, token, {"key": "refused"}, " ".join(messages), None)
        return "failed"
    _done(source_file, token, document, reading)
    return "read"


def _done(source_file: SourceFile, token: str, document: IngestedDocument, reading: ReadCost) -> None:
    supplied = Finding.objects.filter(pk=source_file.finding_id).values_list("supplied_source_id", flat=True)
    SourceFile.objects.filter(pk=source_file.pk, claimed_by=token).update(
        state=SourceFile.State.READ, supplied_source_id=supplied.first(), finished_at=timezone.now()
    )
    audit.append(
        source_file.review,
        "source_file_read",
        {
            "source_file": source_file.pk,
            "name": source_file.name,
            "sha256": source_file.sha256,
            "chars": len(document.text),
            **drafts.figures(reading),
        },
    )


def _fail(
    source_file: SourceFile, token: str, failure: dict[str, Any], error: str, exc: IngestError | None
) -> None:
    log.warning(
        "source file %s could not be read: %s", source_file.pk, failure.get("limit") or failure["key"]
    )
    SourceFile.objects.filter(pk=source_file.pk, claimed_by=token).update(
        state=SourceFile.State.FAILED, failure=failure, error=error, finished_at=timezone.now()
    )
    audit.append(
        source_file.review,
        "source_file_unreadable",
        {
            "source_file": source_file.pk,
            "name": source_file.name,
            "sha256": source_file.sha256,
            "error": error,
            **failure,
            **drafts.figures(getattr(exc, "reading", None)),
        },
    )


def failure_text(source_file: SourceFile) -> str:
    failure = source_file.failure or {}
    name = f"“{source_file.name}”"
    if failure.get("key") == "over_budget":
        return drafts.over_budget_text(failure)
    if failure.get("key") == "refused":
        return refusal_text(ValidationError(source_file.error))
    return gettext(
        "%(name)s could not be read: it may be damaged, protected by a password or have no text layer. Save "
        "it again as .docx or PDF/A and attach that."
    ) % {"name": name}

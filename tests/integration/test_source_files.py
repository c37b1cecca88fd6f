"""A file attached as a finding's source goes through the worker: the web request stores it (0600) and
queues it, a real Celery worker on Redis reads it in the parse sandbox and checks the finding again; a file
that cannot be read says why, and can be read again or removed (each an audit event); a read lost in the
broker is found by the recovery sweep."""

from __future__ import annotations

import stat
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.integration.fixtures import wait_for
from tests.workbench.factories import checked_review, review_with_findings

pytestmark = pytest.mark.integration

DRAFTS = Path(__file__).resolve().parents[1] / "data" / "drafts"
BROKEN_PDF = b"%PDF-1.4\n" + b"0" * 2000 + b"\n%%EOF\n"


def attach(client: Client, review, finding, name: str, data: bytes):
    return client.post(
        reverse("finding_attach_source", args=[review.pk, finding.pk]),
        {"file": SimpleUploadedFile(name, data, content_type="application/pdf")},
    )


def source_review(people, settings):
    """A checked review whose one finding (art. 58 k.c., nothing on this machine to read it in) has an anchor
    a source can be attached to."""
    from verifier.ingest import ingest_text

    settings.WORKBENCH_LOCAL_ONLY = True
    review = checked_review(
        people,
        ingest_text("Zgodnie z art. 58 k.c. czynność prawna sprzeczna z ustawą jest nieważna.\n"),
        title="source",
    )
    return review, review.findings.get()


def state_of(pk: int) -> str:
    from workbench.models import SourceFile

    return SourceFile.objects.get(pk=pk).state


def test_an_attached_file_is_stored_queued_and_read_by_the_worker(
    people, settings, tmp_path, celery_worker_real
) -> None:
    from workbench.models import AuditEvent, Finding, SourceFile

    settings.MEDIA_ROOT = tmp_path / "uploads"
    review, finding = source_review(people, settings)
    client = Client()
    client.force_login(people["associate"])
    started = time.monotonic()
    response = attach(client, review, finding, "kodeks.pdf", (DRAFTS / "memo_pl.pdf").read_bytes())
    assert response.status_code == 302
    assert time.monotonic() - started < 2.0
    source_file = SourceFile.objects.get(finding=finding)
    path = Path(source_file.file.path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert wait_for(lambda: state_of(source_file.pk) == "read", 60)
    source_file.refresh_from_db()
    assert source_file.supplied_source_id == Finding.objects.get(pk=finding.pk).supplied_source_id
    assert source_file.supplied_source_id is not None
    kinds = list(AuditEvent.objects.filter(review=review).values_list("kind", flat=True))
    assert {"source_file_queued", "source_attached", "source_file_read"} <= set(kinds)
    panel = client.get(reverse("source_files_panel", args=[review.pk, finding.pk]))
    assert "The finding was checked again against it." in panel.content.decode()
    assert "every 1s" not in panel.content.decode()  # nothing left to wait for: the polling stops


def test_a_file_that_cannot_be_read_says_why_and_is_read_again_or_removed(
    people, settings, tmp_path, celery_worker_real
) -> None:
    from workbench.models import AuditEvent, Profile, SourceFile

    settings.MEDIA_ROOT = tmp_path / "uploads"
    review, finding = source_review(people, settings)
    Profile.objects.update_or_create(user=people["associate"], defaults={"language": "pl"})
    client = Client()
    client.force_login(people["associate"])
    attach(client, review, finding, "broken.pdf", BROKEN_PDF)
    source_file = SourceFile.objects.get(finding=finding)
    assert wait_for(lambda: state_of(source_file.pk) == "failed", 60)
    page = client.get(reverse("source_files_panel", args=[review.pk, finding.pk])).content.decode()
    assert "nie udało się odczytać" in page, page
    outsider = Client()
    outsider.force_login(people["outsider"])
    assert outsider.post(reverse("source_file_retry", args=[review.pk, source_file.pk])).status_code == 404
    assert client.post(reverse("source_file_retry", args=[review.pk, source_file.pk])).status_code == 302
    assert wait_for(lambda: state_of(source_file.pk) == "failed", 60)
    stored = Path(source_file.file.path)
    assert client.post(reverse("source_file_remove", args=[review.pk, source_file.pk])).status_code == 302
    assert not SourceFile.objects.filter(pk=source_file.pk).exists()
    assert not stored.exists()
    kinds = list(AuditEvent.objects.filter(review=review).values_list("kind", flat=True))
    assert kinds.count("source_file_unreadable") == 2
    assert {"source_file_queued", "source_file_retried", "source_file_removed"} <= set(kinds)


def test_the_recovery_sweep_finds_a_read_lost_in_the_broker(
    people, settings, tmp_path, transactional_db
) -> None:
    from django.core.files.base import ContentFile

    from workbench.models import SourceFile
    from workbench.pipeline import worker

    settings.MEDIA_ROOT = tmp_path / "uploads"
    review = review_with_findings(people)
    finding = review.findings.get(status="no_source")
    long_ago = timezone.now() - timedelta(minutes=10)
    lost = SourceFile.objects.create(
        review=review,
        finding=finding,
        name="a.pdf",
        format="pdf",
        sha256="0" * 64,
        uploaded_by=people["associate"],
        created_at=long_ago,
        dispatched_at=long_ago,
    )
    lost.file.save("source", ContentFile(b"x"))
    never_sent = SourceFile.objects.create(
        review=review,
        finding=finding,
        name="b.pdf",
        format="pdf",
        sha256="0" * 64,
        uploaded_by=people["associate"],
        created_at=long_ago,
    )
    dead_reader = SourceFile.objects.create(
        review=review,
        finding=finding,
        name="c.pdf",
        format="pdf",
        sha256="0" * 64,
        uploaded_by=people["associate"],
        state="reading",
        claimed_at=long_ago - timedelta(hours=1),
    )
    fresh = SourceFile.objects.create(
        review=review,
        finding=finding,
        name="d.pdf",
        format="pdf",
        sha256="0" * 64,
        uploaded_by=people["associate"],
        dispatched_at=timezone.now(),
    )
    found = set(worker.stalled_source_files(timedelta(seconds=60)))
    assert {lost.pk, never_sent.pk, dead_reader.pk} <= found
    assert fresh.pk not in found


def test_a_read_lost_in_the_broker_is_sent_again_by_the_sweep_and_read(
    people, settings, tmp_path, celery_worker_real
) -> None:
    from django.core.files.base import ContentFile

    from workbench.models import SourceFile
    from workbench.pipeline.tasks import recover_stalled_task

    settings.MEDIA_ROOT = tmp_path / "uploads"
    review, finding = source_review(people, settings)
    long_ago = timezone.now() - timedelta(minutes=10)
    lost = SourceFile.objects.create(  # stored and queued, but its message never reached a worker
        review=review,
        finding=finding,
        name="kodeks.pdf",
        format="pdf",
        sha256="0" * 64,
        uploaded_by=people["associate"],
        created_at=long_ago,
        dispatched_at=long_ago,
    )
    lost.file.save("source", ContentFile((DRAFTS / "memo_pl.pdf").read_bytes()))
    recover_stalled_task()
    assert wait_for(lambda: state_of(lost.pk) == "read", 60)

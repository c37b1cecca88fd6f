"""Parallel attach uploads of one user cannot tie up the web server: the request only stores each file and
queues it, the worker reads them in the parse sandbox, at most WORKBENCH_PARSES_PER_USER of one user's at once
(counted in the worker, in Redis), and the login page stays fast meanwhile. Seven parallel uploads of a
31 KB PDF used to take 20–28 s each and the anonymous login page 18.6 s."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.integration.fixtures import wait_for
from tests.integration.test_source_files import source_review

pytestmark = pytest.mark.integration

PDF = (Path(__file__).resolve().parents[1] / "data" / "drafts" / "memo_pl.pdf").read_bytes()
UPLOADS = 7


def test_parallel_attach_uploads_return_at_once_and_are_read_at_most_the_cap_at_a_time(
    people, settings, tmp_path, monkeypatch, celery_worker_real
) -> None:
    from django.db import connection

    from workbench.models import SourceFile
    from workbench.supplied import reading

    # the worker runs on threads of this process: its sandbox readers in flight can be counted here
    in_flight = [0, 0]  # now, most
    counting = threading.Lock()
    real_read = reading.read_within

    def counted_read(*args, **kwargs):
        with counting:
            in_flight[0] += 1
            in_flight[1] = max(in_flight[1], in_flight[0])
        try:
            return real_read(*args, **kwargs)
        finally:
            with counting:
                in_flight[0] -= 1

    monkeypatch.setattr(reading, "read_within", counted_read)

    settings.MEDIA_ROOT = tmp_path / "uploads"
    settings.WORKBENCH_PARSES_PER_USER = 2
    settings.WORKBENCH_PARSE_BUSY_RETRY_SECONDS = 0.5
    review, finding = source_review(people, settings)
    seconds: list[float] = []
    logins: list[float] = []
    lock = threading.Lock()
    start = threading.Barrier(UPLOADS + 1)

    def attach() -> None:
        client = Client()
        client.force_login(people["associate"])
        start.wait()
        try:
            began = time.monotonic()
            response = client.post(
                reverse("finding_attach_source", args=[review.pk, finding.pk]),
                {"file": SimpleUploadedFile("source.pdf", PDF, content_type="application/pdf")},
            )
            assert response.status_code == 302
            with lock:
                seconds.append(time.monotonic() - began)
        finally:
            connection.close()

    def login_page() -> None:
        start.wait()
        try:
            for _ in range(10):
                began = time.monotonic()
                assert Client().get(reverse("login")).status_code == 200
                logins.append(time.monotonic() - began)
                time.sleep(0.2)
        finally:
            connection.close()

    threads = [threading.Thread(target=attach) for _ in range(UPLOADS)] + [
        threading.Thread(target=login_page)
    ]
    for t in threads:
        t.start()

    def all_read() -> bool:
        states = list(SourceFile.objects.values_list("state", flat=True))
        return len(states) == UPLOADS and set(states) == {"read"}

    wait_for(all_read, 180, interval=0.05)
    for t in threads:
        t.join()
    print(
        f"\nattach requests: longest {max(seconds):.2f} s; login page: longest {max(logins):.2f} s; "
        f"files read at once: at most {in_flight[1]}"
    )
    assert len(seconds) == UPLOADS
    assert max(seconds) < 2.0, seconds
    assert max(logins) < 2.0, logins
    assert 1 <= in_flight[1] <= 2

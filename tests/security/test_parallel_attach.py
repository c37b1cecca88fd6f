"""Parallel attach uploads of one user cannot tie up the web server: past WORKBENCH_PARSES_PER_USER files
being read at once, the next is refused at once saying to wait, without starting another reader; another
user is not held up by them."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.workbench.factories import review_with_findings
from verifier.ingest import ingest_text

PDF = b"%PDF-1.4\n" + b"0" * 2000 + b"\n%%EOF\n"


@pytest.mark.django_db(transaction=True)
def test_parallel_attach_uploads_of_one_user_read_at_most_the_cap_at_once(
    people, settings, monkeypatch
) -> None:
    settings.WORKBENCH_PARSES_PER_USER = 2
    review = review_with_findings(people)
    finding = review.findings.get(status="no_source")
    reading: list[int] = []
    most = [0]
    lock = threading.Lock()

    def slow_reader(data, name, budget):  # a 31 KB PDF took 6.9 s to read alone
        with lock:
            reading.append(1)
            most[0] = max(most[0], len(reading))
        time.sleep(1.5)
        with lock:
            reading.pop()
        return ingest_text(
            "제103조 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."
        )

    monkeypatch.setattr("workbench.reviews.forms.ingest_within", slow_reader)
    monkeypatch.setattr("workbench.reviews.forms.check_upload", lambda raw, name, max_bytes: "pdf")
    answers: list[str] = []
    start = threading.Barrier(6)

    def attach() -> None:
        from django.db import connection

        client = Client()
        client.force_login(people["associate"])
        start.wait()
        try:
            response = client.post(
                reverse("finding_attach_source", args=[review.pk, finding.pk]),
                {"file": SimpleUploadedFile("source.pdf", PDF, content_type="application/pdf")},
                follow=True,
            )
            with lock:
                answers.append(response.content.decode())
        finally:
            connection.close()

    threads = [threading.Thread(target=attach) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] <= 2
    refused = [a for a in answers if "still being read" in a]
    assert len(refused) >= 3, [a[:200] for a in answers]

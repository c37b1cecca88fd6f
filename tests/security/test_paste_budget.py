"""A pasted draft goes through the same budget as an uploaded one: past WORKBENCH_EXTRACT_IN_CHILD_CHARS its
citations are extracted in a child process under the parse memory and CPU limits, which hands back only the
claims one review checks and exits (its memory returns with it); over the memory budget the review ends
saying so and the worker is unharmed. The worker pool replaces a process whose memory grew past its limit."""

from __future__ import annotations

import resource

import pytest

from verifier.ingest import ingest_text
from workbench.models import AuditEvent, Review
from workbench.pipeline import worker
from workbench.reviews import services

LINE = "Zgodnie z art. {n} k.c. czynność prawna sprzeczna z ustawą jest nieważna, por. art. 58 § 1 k.c.\n"


def pasted(people, chars: int) -> Review:
    lines = []
    total, n = 0, 0
    while total < chars:
        line = LINE.format(n=1 + n % 1000)
        lines.append(line)
        total += len(line)
        n += 1
    return services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="Pasted",
        document=ingest_text("".join(lines), name="pasted.txt"),
        enqueue=False,
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("chars", [600_000, pytest.param(1_999_000, marks=pytest.mark.slow)])
def test_a_large_paste_is_extracted_in_a_child_under_the_budget(people, settings, capsys, chars) -> None:
    settings.WORKBENCH_EXTRACT_IN_CHILD_CHARS = 100_000
    settings.WORKBENCH_MAX_CITATIONS = 500
    review = pasted(people, chars)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker.extract_findings(review.pk)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    review.refresh_from_db()
    assert review.status == Review.Status.RESOLVING
    assert review.truncated["limit"] == 500
    assert review.findings.count() == 500
    done = AuditEvent.objects.get(review=review, kind="extraction_done")
    figures = done.payload["extraction"]
    assert 0 < figures["peak_mb"] <= settings.WORKBENCH_PARSE_MEMORY_MB + after
    with capsys.disabled():
        print(
            f"\n{chars:,} pasted characters: extraction child peak RSS {figures['peak_mb']} MB, "
            f"{figures['cpu_seconds']} s CPU; this process's peak RSS {before:.0f} → {after:.0f} MB"
        )


@pytest.mark.django_db(transaction=True)
def test_a_paste_over_the_memory_budget_ends_its_review_saying_so(people, settings) -> None:
    settings.WORKBENCH_EXTRACT_IN_CHILD_CHARS = 100_000
    settings.WORKBENCH_PARSE_MEMORY_MB = 1
    review = pasted(people, 1_999_000)
    assert worker.extract_findings(review.pk) == []
    review.refresh_from_db()
    assert review.status == Review.Status.FAILED
    assert review.failure["limit"] == "memory"
    assert AuditEvent.objects.filter(review=review, kind="draft_unreadable").exists()


def test_a_worker_process_is_replaced_once_its_memory_grew_past_the_limit() -> None:
    from workbench.celery import app

    assert 0 < app.conf.worker_max_memory_per_child <= 2_000_000

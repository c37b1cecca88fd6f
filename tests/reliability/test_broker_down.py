"""The broker (Redis) down while people work (issue 18 §5 "Reliability"): creating a review, adding a version
and retrying a ⛔ finding save what the user did and say it is queued and will run when the worker is back —
never a 500 — and the work is sent by the recovery sweep once the broker is back, with nobody's help.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.urls import reverse

from fakes.server import FakeSources
from tests.reliability.harness import DATA, compare, memo_text, record_figure, review_verdicts, source_env
from tests.reliability.harness import baseline as fault_free
from tests.reliability.workers import RedisServer, Worker, free_port, wait_until, worker_env

WAITS = "will run when the worker is back"


def point_celery_at(url: str) -> None:
    """This process's Celery app sends to `url` from now on (its connection pools rebuilt)."""
    from workbench.celery import app

    app.conf.broker_url = url
    app._pool = None
    app.__dict__.get("amqp") and setattr(app.amqp, "_producer_pool", None)


@pytest.fixture
def broker_at() -> Iterator[object]:
    from workbench.celery import app

    before = app.conf.broker_url
    yield point_celery_at
    point_celery_at(before)


def post_new_review(client, people, text: str, title: str):
    return client.post(
        reverse("review_new"), {"matter": people["matter"].pk, "title": title, "text": text}, follow=True
    )


def test_a_review_created_with_the_broker_down_is_saved_and_queued(
    transactional_db, roles, people, client_for, broker_at
) -> None:
    from workbench.models import Review
    from workbench.pipeline import worker

    broker_at(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    client = client_for("associate")
    page = post_new_review(client, people, memo_text("memo-eu.md"), "broker down")
    assert page.status_code == 200, page.status_code
    said = page.content.decode()
    assert WAITS in said, "the reader is not told the review waits for the worker"
    review = Review.objects.get(title="broker down")
    assert review.status == "queued"
    assert review.dispatched_at is None
    assert review.draft_text.startswith(memo_text("memo-eu.md")[:40])
    # The page says so on every load while it waits, not only in the one-off message.
    again = client.get(reverse("review", args=[review.pk])).content.decode()
    assert WAITS in again
    # The sweep sends it once it has waited its turn (an unsent review is never forgotten).
    Review.objects.filter(pk=review.pk).update(created_at=review.created_at - timedelta(minutes=5))
    reviews, _findings = worker.stalled_work(timedelta(seconds=60))
    assert review.pk in reviews


def test_with_the_broker_up_a_new_review_is_sent_and_nobody_is_told_it_waits(
    transactional_db, roles, people, client_for, monkeypatch
) -> None:
    """The other half: the warning is only for a broker that refused the task. (The view read the review it
    had in hand, whose dispatch time the service had set in the database only: every new review was said to
    wait for an unreachable worker.)"""
    from workbench.models import Review

    sent: list[tuple[object, ...]] = []
    monkeypatch.setattr(
        "workbench.pipeline.tasks.process_review_task.apply_async", lambda args: sent.append(tuple(args))
    )
    page = post_new_review(client_for("associate"), people, memo_text("memo-eu.md"), "broker up")
    review = Review.objects.get(title="broker up")
    assert sent == [(review.pk,)]
    assert review.dispatched_at is not None
    assert WAITS not in page.content.decode()
    assert "worker cannot be reached" not in page.content.decode()


def test_a_new_version_and_a_retry_with_the_broker_down_are_saved_and_queued(
    transactional_db, roles, people, client_for, broker_at, settings
) -> None:
    from tests.workbench.factories import checked_review
    from verifier.ingest import ingest_text
    from workbench.models import Review
    from workbench.pipeline import worker
    from workbench.pipeline.sources import reset_router

    text = memo_text("memo-eu.md")
    settings.WORKBENCH_LOCAL_ONLY = True  # nothing answers: the findings end ⛔, retryable
    reset_router()
    try:
        review = checked_review(people, ingest_text(text, name="memo.md"), title="v1")
    finally:
        reset_router()
    blocked = review.findings.filter(status="no_source").exclude(anchor_key="").first()
    assert blocked is not None, "no ⛔ finding to retry: the test proved nothing"
    broker_at(f"redis://127.0.0.1:{free_port()}/0")
    client = client_for("associate")

    retried = client.post(reverse("finding_retry", args=[review.pk, blocked.pk]), follow=True)
    assert retried.status_code == 200
    assert WAITS in retried.content.decode()
    blocked.refresh_from_db()
    assert blocked.progress == "pending"
    assert blocked.dispatched_at is None
    _reviews, findings = worker.stalled_work(timedelta(seconds=60))
    assert blocked.pk in findings  # sent again at the sweep's next turn

    worker.fail_findings([blocked.pk], "still waiting")  # let the review be done, to add a version
    Review.objects.filter(pk=review.pk).update(status="done")
    upload = {"text": text + "\n\nSee Case C-131/12, which the Court decided.\n"}
    added = client.post(reverse("review_new_version", args=[review.pk]), upload, follow=True)
    assert added.status_code == 200
    assert WAITS in added.content.decode()
    review.refresh_from_db()
    assert review.version == 2
    assert review.status == "queued"
    assert review.dispatched_at is None
    Review.objects.filter(pk=review.pk).update(created_at=review.created_at - timedelta(minutes=5))
    reviews, _findings = worker.stalled_work(timedelta(seconds=60))
    assert review.pk in reviews


@pytest.mark.slow
@pytest.mark.integration
def test_a_review_created_while_redis_is_down_runs_when_it_is_back(
    transactional_db, roles, people, client_for, broker_at, tmp_path
) -> None:
    from workbench.models import Review

    text = memo_text("memo-eu.md")
    expected = fault_free(text)
    redis = RedisServer(tmp_path / "redis").start()
    worker = None
    try:
        with FakeSources(DATA) as fake:
            worker = Worker(worker_env(redis.url, tmp_path / "var", source_env(fake)), tmp_path / "logs")
            worker.start()
            wait_until(lambda: "ready" in worker.tail(200), 120, "the worker did not start\n" + worker.tail())
            broker_at(redis.url)
            redis.kill()
            page = post_new_review(client_for("associate"), people, text, "while redis is down")
            assert page.status_code == 200
            assert WAITS in page.content.decode()
            review = Review.objects.get(title="while redis is down")
            assert review.status == "queued"
            assert review.dispatched_at is None
            redis.start()  # the same port: the worker and beat reconnect on their own
            back = wait_until(lambda: redis.answers() and time.monotonic(), 15, "redis")

            worker.wait_supervised(
                lambda: Review.objects.get(pk=review.pk).status == "done",
                180,
                "the queued review was never run after the broker came back",
            )
            took = time.monotonic() - back
    finally:
        if worker is not None:
            worker.stop()
        redis.kill()
    review.refresh_from_db()
    result = compare(expected, review_verdicts(review))
    assert result.ok, result
    assert result.no_source_from_fault == 0, result
    record_figure(
        "broker_down_then_back",
        findings=result.findings,
        seconds_after_back=round(took, 1),
        worker_restarts=worker.starts - 1,
    )

"""Worker and broker faults (issue 8 §2), with a real `celery worker --beat` process on a real Redis.

- The worker is SIGKILLed in the middle of a 100-citation review; a new one finishes it, every finding exactly
  once (one row, one verdict, one `finding_computed` event) and each as the fault-free run judges it.
- Redis is killed and started again (without persistence: queued messages are gone) mid-review; the
  recovery sweep sends the lost work again and the review completes, with the same verdicts.
- A finding whose task runs past its soft time limit ends ⛔ no_source "timed out" instead of hanging.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest

from fakes.server import FakeSources
from tests.reliability.harness import DATA, compare, memo_text, record_figure, review_verdicts, source_env
from tests.reliability.harness import baseline as fault_free
from tests.reliability.workers import (
    TEST_HARD_LIMIT,
    Worker,
    send_review,
    wait_until,
    worker_env,
)
from tests.workbench.factories import unsent_review

pytestmark = pytest.mark.integration

# The EU memo is the one the engine checks fastest once warm, so a hundred citations take seconds, not
# minutes; fifteen copies give 105 findings over four distinct sources.
COPIES = 15


def hundred_eu_citations() -> str:
    return "\n\n".join([memo_text("memo-eu.md")] * COPIES)


def progress(review_id: int) -> tuple[str, int, int]:
    from workbench.models import Finding, Review

    review = Review.objects.get(pk=review_id)
    done = Finding.objects.filter(review_id=review_id, progress="done").count()
    return review.status, done, review.progress_total


def assert_each_finding_once(review) -> None:
    from workbench.models import AuditEvent

    findings = list(review.findings.filter(version=review.version))
    ordinals = [f.ordinal for f in findings]
    assert len(ordinals) == len(set(ordinals)) == review.progress_total
    computed = Counter(
        e.payload.get("finding")
        for e in AuditEvent.objects.filter(review=review, kind="finding_computed").only("payload")
    )
    twice = {k: n for k, n in computed.items() if n != 1}
    assert not twice, f"findings computed more than once: {twice}"
    assert set(computed) == {f.finding_id for f in findings}


@pytest.fixture
def workers(tmp_path):
    started: list[Worker] = []

    def make(env: dict[str, str]) -> Worker:
        worker = Worker(env, tmp_path / "logs")
        started.append(worker)
        return worker

    yield make
    for worker in started:
        worker.stop()


def claimed(review_id: int) -> int:
    from workbench.models import Finding

    return Finding.objects.filter(review_id=review_id, progress="claimed").count()


@pytest.mark.slow
def test_it_finishes_a_review_after_the_worker_is_killed_mid_way(
    transactional_db, roles, people, redis_server, workers, tmp_path
):
    """The worker dies holding claims. The broker does not deliver its tasks again for an hour (the production
    visibility timeout), so the recovery sweep must take the claims over, and it does as soon as the verify
    task's own hard time limit has passed — not after a fixed five minutes."""
    text = hundred_eu_citations()
    expected = fault_free(text)
    assert len(expected) >= 100
    grace = 5
    with FakeSources(DATA, latency=0.05) as fake:
        env = worker_env(redis_server.url, tmp_path / "var", source_env(fake))
        env.update(CELERY_VISIBILITY_TIMEOUT="3600", WORKBENCH_CLAIM_GRACE_SECONDS=str(grace))
        worker = workers(env).start()
        review = unsent_review(people, text, "killed worker")
        send_review(redis_server.url, review.pk)

        def got_going() -> tuple[str, int, int] | None:
            now = progress(review.pk)
            # a review that ended (done or failed) will never hold a claim again: stop waiting, and the
            # assertions below say which it was instead of a timeout that says nothing
            if now[0] in ("done", "failed") or (now[1] >= 10 and claimed(review.pk)):
                return now
            return None

        try:
            status, done_at_kill, total = wait_until(got_going, 180, "the review never got going")
        except AssertionError as late:  # the worker's log as it is now, not as it was when the wait began
            raise AssertionError(f"{late}: {progress(review.pk)}\n{worker.tail()}") from None
        assert status != "failed", f"the review failed before the kill\n{worker.tail()}"
        worker.sigkill()
        killed_at = time.monotonic()
        held = claimed(review.pk)
        assert done_at_kill < total, "the review finished before the kill: the test proved nothing"
        assert held, "the worker held no claim when it died: the test proved nothing"
        worker.start()
        # The claims are free once the hard limit and the grace are past; then a sweep or two and the rest
        # of the work (a batch of findings checks in seconds).
        bound = TEST_HARD_LIMIT + grace + 30
        wait_until(
            lambda: progress(review.pk)[0] == "done",
            bound,
            f"the review did not complete within {bound} s of the kill\n" + worker.tail(),
        )
        recovered_in = time.monotonic() - killed_at
    review.refresh_from_db()
    assert_each_finding_once(review)
    result = compare(expected, review_verdicts(review))
    assert result.ok, result
    record_figure(
        "worker_sigkill",
        findings=result.findings,
        done_at_kill=done_at_kill,
        claimed_at_kill=held,
        hard_time_limit=TEST_HARD_LIMIT,
        seconds_kill_to_done=round(recovered_in, 1),
        lost=result.lost,
        false_red=result.false_red,
        completed=1,
    )


@pytest.mark.slow
def test_it_finishes_a_review_after_redis_restarts_mid_way(
    transactional_db, roles, people, redis_server, workers, tmp_path
):
    text = hundred_eu_citations()
    expected = fault_free(text)
    with FakeSources(DATA, latency=0.05) as fake:
        env = worker_env(redis_server.url, tmp_path / "var", source_env(fake))
        worker = workers(env).start()
        review = unsent_review(people, text, "redis restart")
        send_review(redis_server.url, review.pk)
        _, done_at_restart, total = wait_until(
            lambda: (p := progress(review.pk))[1] >= 10 and p,
            180,
            "the review never got going\n" + worker.tail(),
        )
        redis_server.restart()
        assert done_at_restart < total, "the review finished before the restart: the test proved nothing"

        # an exit on the lost connection is the supervisor's to mend, as in compose
        worker.wait_supervised(lambda: progress(review.pk)[0] == "done", 240, "the review did not complete")
    review.refresh_from_db()
    assert_each_finding_once(review)
    result = compare(expected, review_verdicts(review))
    assert result.ok, result
    record_figure(
        "redis_restart",
        findings=result.findings,
        done_at_restart=done_at_restart,
        worker_restarts=worker.starts - 1,
        lost=result.lost,
        false_red=result.false_red,
        completed=1,
    )


def test_a_finding_past_its_time_limit_ends_no_source_timed_out(
    transactional_db, roles, people, redis_server, workers, tmp_path
):
    """Every source answers after 8 s; the soft limit is 2 s. The review ends, each finding ⛔ "timed out"."""
    text = memo_text("memo-eu.md")
    with FakeSources(DATA, latency=8.0) as slow:
        env = worker_env(
            redis_server.url,
            tmp_path / "var",
            {
                **source_env(slow),
                "SOURCE_HTTP_TIMEOUT": "30",
                "CELERY_TASK_SOFT_TIME_LIMIT": "2",
                "CELERY_TASK_TIME_LIMIT": "20",
            },
        )
        worker = workers(env).start()
        review = unsent_review(people, text, "time limit")
        send_review(redis_server.url, review.pk)
        wait_until(lambda: progress(review.pk)[0] == "done", 120, "the review hung\n" + worker.tail())
    review.refresh_from_db()
    assert_each_finding_once(review)
    findings = [f for f in review.findings.all() if f.anchor and not f.problem]
    assert findings
    for finding in findings:
        assert finding.status == "no_source", (finding.citation, finding.status, finding.rationale)
        said = " ".join([finding.rationale, *finding.notes])
        assert "timed out" in said, f"{finding.citation}: ⛔ without saying it timed out: {said!r}"

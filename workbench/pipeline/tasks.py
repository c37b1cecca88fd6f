"""Thin Celery tasks: load rows by id and call the worker steps (`workbench.pipeline.worker`). Every task is
safe to run twice."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

from workbench.celery import app
from workbench.pipeline import worker

log = logging.getLogger(__name__)


@app.task(name="workbench.process_review", acks_late=True, soft_time_limit=300, time_limit=330)
def process_review_task(review_id: int) -> None:
    """Entry point of the review pipeline: extract, fetch the sources, and send the findings out in batches
    as their sources come in (a review that is one batch is verified here, `verify_here`)."""
    pending = worker.extract_findings(review_id)
    everything = set(pending)
    released: set[int] = set()
    whole: list[int] = []

    def release(finding_ids: list[int]) -> None:
        if not released and set(finding_ids) == everything:
            # every source at hand and the review one batch (a short draft checked again): verified here,
            # after the plan's own audit event, instead of one more task with its round trip and claim
            whole.extend(finding_ids)
            return
        dispatch_findings(finding_ids)
        released.update(finding_ids)

    try:
        worker.run_review(review_id, pending, dispatch=release)
    except SoftTimeLimitExceeded:
        log.warning("review %s: fetching the sources was cut short by the time limit", review_id)
    except Exception:  # the findings still go out and fetch their own sources
        log.exception("review %s: fetching the sources failed", review_id)
    if whole:  # all of them: nothing is left to send
        verify_here(whole)
        return
    dispatch_findings([fid for fid in pending if fid not in released])


def verify_here(finding_ids: list[int]) -> None:
    """The findings of a one-batch review, verified inside its review task as their own task would (the same
    claim, the same time-limit handling; a failure leaves them to the recovery sweep, as their own task's
    would). Marked dispatched first, so that the sweep does not take them for lost meanwhile."""
    worker.mark_dispatched(finding_ids=finding_ids)
    verify_or_fail(finding_ids)


def dispatch_findings(finding_ids: list[int]) -> None:
    if finding_ids:
        worker.mark_dispatched(finding_ids=finding_ids)
        verify_findings_task.delay(finding_ids)


# No limits of its own: the verify task runs under CELERY_TASK_SOFT_TIME_LIMIT / CELERY_TASK_TIME_LIMIT, and a
# finding's claim is presumed dead past the hard one (`worker.stale_claim`).
@app.task(name="workbench.verify_findings", acks_late=True)
def verify_findings_task(finding_ids: list[int]) -> None:
    verify_or_fail(finding_ids)


def verify_or_fail(finding_ids: list[int]) -> None:
    try:
        worker.verify_findings(finding_ids)
    except SoftTimeLimitExceeded:
        log.warning("findings %s timed out", finding_ids)
        worker.fail_findings(finding_ids, "timed out while fetching or checking the source; retry later")


# Acknowledged on receipt, unlike the work it sends: a sweep lost with its worker is the next beat's, and a
# sweep still unacknowledged when the broker goes away is a message kombu must restore on a closed
# connection (its redis transport raises AttributeError there, and the worker exits "Unrecoverable error":
# seen when Redis went down just as a worker started, its start-up sweep in hand — test_broker_down).
@app.task(name="workbench.recover_stalled", acks_late=False, ignore_result=True)
def recover_stalled_task() -> None:
    """Send again what was lost in the broker; the tasks' conditional claims make duplicates no-ops."""
    older_than = timedelta(seconds=max(10.0, 2 * settings.WORKBENCH_RECOVERY_INTERVAL))
    reviews, findings = worker.stalled_work(older_than)
    for review_id in reviews:
        worker.mark_dispatched(review_id=review_id)
        process_review_task.delay(review_id)
    if reviews or findings:
        log.warning("re-sending %d reviews and %d findings that stalled", len(reviews), len(findings))
    for batch in worker.batches([[fid] for fid in findings], least=1):
        dispatch_findings(batch)
    files = worker.stalled_source_files(older_than)
    if files:
        log.warning("re-sending %d supplied files whose read stalled", len(files))
        worker.mark_source_files_dispatched(files)
    for pk in files:  # by name: the task's module (workbench.supplied.tasks) imports this one
        app.send_task("workbench.read_source_file", args=[pk])


def send_on_commit(task: Any, *args: Any, unsent: Callable[[], None]) -> None:
    """Send `task` once the current transaction commits. With the broker unreachable, what the user did is
    saved all the same: `unsent()` marks the rows as never sent, and the recovery sweep (`recover_stalled`,
    beat and worker start) sends them when the broker and the worker are back."""

    def send() -> None:
        try:
            task.apply_async(args=args)
        except (OperationalError, OSError) as exc:
            log.warning("%s%s not sent, broker unreachable (%s): left to the sweep", task.name, args, exc)
            unsent()

    transaction.on_commit(send)

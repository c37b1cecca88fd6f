"""Thin Celery tasks: load rows by id and call services. Every task is safe to run twice."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import group
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings

from workbench import services
from workbench.celery import app

log = logging.getLogger(__name__)


@app.task(name="workbench.process_review", acks_late=True, soft_time_limit=300, time_limit=330)
def process_review_task(review_id: int) -> None:
    """Entry point of the review pipeline: extract, fetch the sources, then fan out one task per finding."""
    pending = services.extract_findings(review_id)
    released: set[int] = set()

    def release(finding_ids: list[int]) -> None:  # findings go out as their sources come in
        dispatch_findings(finding_ids)
        released.update(finding_ids)

    try:
        services.prefetch_sources(review_id, pending, dispatch=release)
    except SoftTimeLimitExceeded:
        log.warning("review %s: source prefetch cut short by the time limit", review_id)
    except Exception:  # an optimisation failing must not hold the findings back
        log.exception("review %s: source prefetch failed", review_id)
    # always: the rest resolve their own sources if the prefetch did not bring them
    dispatch_findings([fid for fid in pending if fid not in released])


def dispatch_findings(finding_ids: list[int]) -> None:
    if finding_ids:
        services.mark_dispatched(finding_ids=finding_ids)
        group(verify_finding_task.s(finding_id) for finding_id in finding_ids).apply_async()


@app.task(name="workbench.verify_finding", acks_late=True)
def verify_finding_task(finding_id: int) -> None:
    try:
        services.verify_finding(finding_id)
    except SoftTimeLimitExceeded:
        log.warning("finding %s timed out", finding_id)
        services.fail_finding(finding_id, "timed out while fetching or checking the source; retry later")


@app.task(name="workbench.recover_stalled", acks_late=True, ignore_result=True)
def recover_stalled_task() -> None:
    """Send again what was lost in the broker; the tasks' conditional claims make duplicates no-ops."""
    older_than = timedelta(seconds=max(10.0, 2 * settings.WORKBENCH_RECOVERY_INTERVAL))
    reviews, findings = services.stalled_work(older_than)
    for review_id in reviews:
        services.mark_dispatched(review_id=review_id)
        process_review_task.delay(review_id)
    if reviews or findings:
        log.warning("re-sending %d reviews and %d findings that stalled", len(reviews), len(findings))
    dispatch_findings(findings)

"""Thin Celery tasks: load rows by id and call services. Every task is safe to run twice."""

from __future__ import annotations

import logging

from celery import group
from celery.exceptions import SoftTimeLimitExceeded

from workbench import services
from workbench.celery import app

log = logging.getLogger(__name__)


@app.task(name="workbench.process_review", acks_late=True, soft_time_limit=300, time_limit=330)
def process_review_task(review_id: int) -> None:
    """Entry point of the review pipeline: extract, then fan out one task per finding."""
    pending = services.extract_findings(review_id)
    if pending:
        group(verify_finding_task.s(finding_id) for finding_id in pending).apply_async()


@app.task(name="workbench.verify_finding", acks_late=True)
def verify_finding_task(finding_id: int) -> None:
    try:
        services.verify_finding(finding_id)
    except SoftTimeLimitExceeded:
        log.warning("finding %s timed out", finding_id)
        services.fail_finding(finding_id, "timed out while fetching or checking the source; retry later")

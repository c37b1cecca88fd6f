"""The worker's task that reads a file attached as a finding's source (workbench.supplied.reading)."""

from __future__ import annotations

import logging

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings

from workbench.celery import app
from workbench.pipeline import worker
from workbench.supplied import reading

log = logging.getLogger(__name__)

# the reader stops itself at its wall-clock budget; the task's limits leave room for checking the finding
# again after it
SOFT_LIMIT = settings.WORKBENCH_PARSE_WALL_SECONDS + 60
HARD_LIMIT = SOFT_LIMIT + 30


@app.task(
    name="workbench.read_source_file", acks_late=True, soft_time_limit=SOFT_LIMIT, time_limit=HARD_LIMIT
)
def read_source_file_task(source_file_id: int) -> None:
    try:
        outcome = reading.read_source_file(source_file_id)
    except SoftTimeLimitExceeded:  # the claim goes stale and the recovery sweep sends the file again
        log.warning("source file %s: reading it was cut short by the time limit", source_file_id)
        return
    if outcome == "busy":
        # the uploader's other files hold every parse slot: this one waits its turn, still queued
        worker.mark_source_files_dispatched([source_file_id])
        read_source_file_task.apply_async(
            args=(source_file_id,), countdown=settings.WORKBENCH_PARSE_BUSY_RETRY_SECONDS
        )

"""The Celery app. Results travel through the database (Review/Finding rows), never a result backend."""

from __future__ import annotations

import os
import threading

from celery import Celery
from celery.signals import task_postrun, worker_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "workbench.settings")

app = Celery("workbench")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_serializer="json",
    accept_content=["json"],
    result_backend=None,
    task_ignore_result=True,
    # A task is acknowledged only when it has finished, so a killed worker's task is delivered again;
    # the tasks are idempotent (conditional claims on the rows) so a redelivery is harmless.
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    broker_connection_retry_on_startup=True,
    worker_hijack_root_logger=False,
)
# Finds workbench/pipeline/tasks.py and workbench/supplied/tasks.py. The tasks keep their names
# ("workbench.process_review", …) wherever the
# module lives, so messages already queued and the beat schedule still reach them.
app.autodiscover_tasks(["workbench.pipeline", "workbench.supplied"])


@task_postrun.connect
def close_database_connections(**_: object) -> None:
    # A thread-pool worker's threads each hold a connection: close it when the task ends rather than leak
    # it. A prefork child runs its tasks on its main thread and keeps its connection (CONN_MAX_AGE) instead
    # of opening a new one for every task.
    if threading.current_thread() is threading.main_thread():
        return
    from django.db import connections

    connections.close_all()


@worker_init.connect
def warm_up(**_: object) -> None:
    # In the worker's parent, before the pool forks: every child starts with the matching tables built.
    from verifier.warmup import warm_up

    warm_up()


@worker_ready.connect
def sweep_at_start(**_: object) -> None:
    # A worker that comes back (a crash, a deploy, the broker down for a while) sends at once what waited for
    # it — reviews saved while the broker was unreachable among them — instead of at the first beat.
    try:
        app.send_task("workbench.recover_stalled")  # by name: the tasks module imports this one
    except Exception:  # the broker went away again: the beat sweeps when it is back
        import logging

        logging.getLogger(__name__).warning("the start-up sweep could not be sent; the beat will sweep")

"""What the reader is told after an action that sends work to the worker: the usual confirmation, or — when
the broker (Redis) could not take the task — that the work is saved and queued and runs when the worker is
back (`tasks.send_on_commit`, the recovery sweep). Never a 500 for a broker that is down."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _


def after_sending(request: HttpRequest, *, waiting: bool, sent: str = "", review: bool = True) -> None:
    if waiting:
        messages.warning(
            request,
            _(
                "Saved. The worker cannot be reached right now: the review is queued and will run when the "
                "worker is back."
            )
            if review
            else _(
                "The worker cannot be reached right now: the look-up is queued and will run when the worker "
                "is back."
            ),
        )
    elif sent:
        messages.success(request, sent)

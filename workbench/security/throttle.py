"""Login throttling, shared by the workbench's login and the admin's: after too many failed logins of one
username from one address in a window, the form refuses that pair without checking the password.

    client_address(request) -> str     REMOTE_ADDR, or behind WORKBENCH_BEHIND_PROXY=1 the address the trusted
                                       proxy saw (WORKBENCH_PROXY_COUNT entries from the right of
                                       X-Forwarded-For; what stands to their left the client wrote: forgeable)
    reserve(username, address) -> bool one attempt counted as pending, atomically, *before* the password is
                                       checked; False: the pair is locked, refuse without checking anything
    failed(username, address)          a wrong password: the pending attempt becomes a failure
    succeeded(username, address)       a right password clears the count

The username is counted as authentication reads it (the form field's own cleaning: stripped, NFKC), so
" bf2" and "ｂｆ２" are bf2. The count is per (username, address): a stranger can lock a name only from the
stranger's own address, never the user everywhere. It lives in the database, in one row per pair, locked
while it is read and written, so concurrent guesses cannot all pass the check before any is counted.
"""

from __future__ import annotations

import time
from datetime import timedelta
from ipaddress import ip_address
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from workbench.models import LoginThrottle


def client_address(request: Any) -> str:
    if request is None:
        return ""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if not settings.WORKBENCH_BEHIND_PROXY:
        return remote
    hops = [h.strip() for h in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",") if h.strip()]
    count = max(1, settings.WORKBENCH_PROXY_COUNT)
    if len(hops) < count:
        return remote
    candidate = hops[-count]
    try:
        return str(ip_address(candidate))
    except ValueError:
        return remote  # a garbled header is not an address to count under


def reserve(username: str, address: str) -> bool:
    """Count this attempt as pending; False when the pair has failed too often in the window (nothing is
    checked). While the failures and the attempts in flight together reach the limit, it waits for those in
    flight to end (a right password clears the count, a wrong one becomes a failure) rather than refuse:
    concurrent logins with the right password all get in, concurrent guesses check no more passwords than
    the limit."""
    username, address = username[:150], address[:64]
    deadline = time.monotonic() + settings.LOGIN_PENDING_WAIT_SECONDS
    while True:
        answer = _try_reserve(username, address)
        if answer is not None:
            return answer
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


def _try_reserve(username: str, address: str) -> bool | None:
    """True: counted; False: refused; None: the limit is taken by attempts still in flight — ask again."""
    now = timezone.now()
    window = timedelta(seconds=settings.LOGIN_FAILURE_WINDOW)
    try:
        with transaction.atomic():
            row = LoginThrottle.objects.select_for_update().filter(username=username, address=address).first()
            if row is None:
                LoginThrottle.objects.create(
                    username=username, address=address, failures=0, pending=1, since=now
                )
                return settings.LOGIN_MAX_FAILURES >= 1
            if row.since < now - window:
                row.failures, row.pending, row.since = 0, 0, now
            if row.failures >= settings.LOGIN_MAX_FAILURES:
                return False
            if row.failures + row.pending >= settings.LOGIN_MAX_FAILURES:
                return None
            row.pending += 1
            row.save(update_fields=["failures", "pending", "since"])
            return True
    except IntegrityError:
        return None  # a concurrent attempt inserted the row between our look and our insert: look again


def failed(username: str, address: str) -> None:
    """A wrong password: the attempt in flight becomes a failure."""
    with transaction.atomic():
        row = (
            LoginThrottle.objects.select_for_update()
            .filter(username=username[:150], address=address[:64])
            .first()
        )
        if row is None:  # a right password cleared the count meanwhile: this failure starts a new one
            LoginThrottle.objects.get_or_create(
                username=username[:150], address=address[:64], defaults={"failures": 1}
            )
            return
        row.pending = max(0, row.pending - 1)
        row.failures += 1
        row.save(update_fields=["failures", "pending"])


def succeeded(username: str, address: str) -> None:
    LoginThrottle.objects.filter(username=username[:150], address=address[:64]).delete()

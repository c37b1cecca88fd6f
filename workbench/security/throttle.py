"""Login throttling, shared by the workbench's login and the admin's: after too many failed logins of one
username from one address in a window, the form refuses that pair without checking the password.

    client_address(request) -> str     REMOTE_ADDR, or behind WORKBENCH_BEHIND_PROXY=1 the address the trusted
                                       proxy saw (WORKBENCH_PROXY_COUNT entries from the right of
                                       X-Forwarded-For; what stands to their left the client wrote: forgeable)
    reserve(username, address) -> bool one attempt counted, atomically, *before* the password is checked;
                                       False: the pair is locked, refuse without checking anything
    succeeded(username, address)       a right password clears the count

The username is counted as authentication reads it (the form field's own cleaning: stripped, NFKC), so
" bf2" and "ｂｆ２" are bf2. The count is per (username, address): a stranger can lock a name only from the
stranger's own address, never the user everywhere. It lives in the database, in one row per pair, locked
while it is read and written, so concurrent guesses cannot all pass the check before any is counted.
"""

from __future__ import annotations

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
    """Count this attempt; False when the pair has used up its attempts in the window (nothing is checked)."""
    username, address = username[:150], address[:64]
    now = timezone.now()
    window = timedelta(seconds=settings.LOGIN_FAILURE_WINDOW)
    for _ in range(2):  # a concurrent first attempt may insert the row between our look and our insert
        try:
            with transaction.atomic():
                row = (
                    LoginThrottle.objects.select_for_update()
                    .filter(username=username, address=address)
                    .first()
                )
                if row is None:
                    LoginThrottle.objects.create(username=username, address=address, failures=1, since=now)
                    return settings.LOGIN_MAX_FAILURES >= 1
                if row.since < now - window:
                    row.failures, row.since = 0, now
                if row.failures >= settings.LOGIN_MAX_FAILURES:
                    return False
                row.failures += 1
                row.save(update_fields=["failures", "since"])
                return True
        except IntegrityError:
            continue
    return False


def succeeded(username: str, address: str) -> None:
    LoginThrottle.objects.filter(username=username[:150], address=address[:64]).delete()

"""How many supplied files one user may have read at once (each read is a child process under the parse
budget, verifier.ingest.sandbox), taken by the worker that reads them (workbench.supplied.reading): one user's
files must not hold every worker process while other users' work waits. Past WORKBENCH_PARSES_PER_USER reads
in flight the next one is told so (ParseBusy) and waits, queued. Counted in Redis when there is one (every
worker process and host), in this process otherwise.

    with parse_slot(user_id): ...      ParseBusy when the user's reads in flight are at the cap
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from django.conf import settings

_lock = threading.Lock()
_local: dict[str, int] = {}


class ParseBusy(Exception):
    pass


@contextlib.contextmanager
def parse_slot(user_id: Any) -> Iterator[None]:
    cap = settings.WORKBENCH_PARSES_PER_USER
    if cap <= 0:
        yield
        return
    key = f"workbench:parses:user:{user_id}"
    client = _redis()
    if client is not None:
        held = int(client.incr(key))
        # a worker killed mid-read must not hold the slot for ever
        client.expire(key, settings.WORKBENCH_PARSE_WALL_SECONDS + 60)

        def release() -> None:
            client.decr(key)

    else:
        with _lock:
            _local[key] = held = _local.get(key, 0) + 1

        def release() -> None:
            with _lock:
                _local[key] -= 1

    try:
        if held > cap:
            raise ParseBusy
        yield
    finally:
        release()


def _redis() -> Any:
    if not settings.REDIS_URL:
        return None
    from django.core.cache import cache

    try:
        return cache._cache.get_client(write=True)  # type: ignore[attr-defined]  # Django's RedisCache
    except AttributeError:
        return None

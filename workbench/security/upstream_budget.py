"""How often one user, and the whole workbench, may make upstream services work: token buckets.

A bucket holds up to `burst` tokens and gains `per_minute` of them a minute; each use takes one. When it is
empty the use is refused with the seconds until a token is back, which the refusal tells the user. Buckets
are kept in Redis when the workbench has one (one count for every web process and host; the update is one
Lua script, so concurrent requests cannot all take the last token), and in this process otherwise (the
embedded default, where one machine serves).

    take(bucket, who) -> float     0: go ahead; else the seconds to wait

Buckets (docs/OPERATIONS.md "Upstream budgets"; all settings WORKBENCH_*):
    search_user    upstream searches and opened results per user        SEARCH_PER_USER_PER_MINUTE / _BURST
    search_server  the same per upstream server, for every user         SEARCH_PER_SERVER_PER_MINUTE / _BURST
    retry_user     "Retry now" per user                                 RETRY_PER_USER_PER_MINUTE / _BURST
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext

from verifier.search.dispatch import NON_KOREAN

log = logging.getLogger(__name__)

_LUA = """
local tokens = tonumber(redis.call('HGET', KEYS[1], 't'))
local stamp = tonumber(redis.call('HGET', KEYS[1], 's'))
local burst, rate, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if tokens == nil then tokens, stamp = burst, now end
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 's', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 60)
return tostring(wait)
"""


@dataclass(frozen=True)
class Rate:
    per_minute: float
    burst: int


def rate_of(bucket: str) -> Rate:
    name = {
        "search_user": "SEARCH_PER_USER",
        "search_server": "SEARCH_PER_SERVER",
        "retry_user": "RETRY_PER_USER",
    }
    prefix = f"WORKBENCH_{name[bucket]}"
    return Rate(float(getattr(settings, f"{prefix}_PER_MINUTE")), int(getattr(settings, f"{prefix}_BURST")))


def server_of(collection: str) -> str:
    """The upstream service a search collection asks: the server whose standing the budget protects."""
    return collection if collection in NON_KOREAN else "law.go.kr"


def take(bucket: str, who: str) -> float:
    rate = rate_of(bucket)
    if rate.per_minute <= 0:
        return 0.0  # 0 switches the budget off
    per_second = rate.per_minute / 60.0
    key = f"workbench:budget:{bucket}:{who}"
    client = _redis()
    if client is not None:
        try:
            return float(client.eval(_LUA, 1, key, rate.burst, per_second, time.time()))
        except Exception as exc:  # Redis away: the budget is kept in this process meanwhile, never skipped
            log.warning("upstream budget kept in this process: Redis did not answer (%s)", type(exc).__name__)
    return _local.take(key, rate.burst, per_second)


def check_retry(user: Any, finding: Any) -> None:
    """Refuse a "Retry now" of a finding already on its way or sent moments ago (debounced per finding), or
    over the user's budget of retries; the refusal says when to try again."""
    from workbench.models import Finding

    debounce = timedelta(seconds=settings.WORKBENCH_RETRY_DEBOUNCE_SECONDS)
    sent = finding.dispatched_at
    now = timezone.now()
    if finding.progress != Finding.Progress.DONE or (sent is not None and now - sent < debounce):
        left = debounce - (now - sent) if sent is not None else debounce
        raise ValidationError(
            gettext("This source is already being looked up again: try again in %(seconds)d s.")
            % {"seconds": max(1, math.ceil(left.total_seconds()))}
        )
    wait = take("retry_user", f"user:{getattr(user, 'pk', None)}")
    if wait > 0:
        raise ValidationError(
            gettext("Too many retries just now: try again in %(seconds)d s.")
            % {"seconds": seconds_to_say(wait)}
        )


def forget_all() -> None:
    """Every bucket full again (tests; an operator after raising a budget)."""
    _local.clear()
    client = _redis()
    if client is not None:
        try:
            for key in client.scan_iter(match="workbench:budget:*", count=500):
                client.delete(key)
        except Exception as exc:
            log.warning("upstream budgets not reset: Redis did not answer (%s)", type(exc).__name__)


def seconds_to_say(wait: float) -> int:
    return max(1, math.ceil(wait))


def _redis() -> Any:
    if not settings.REDIS_URL:
        return None
    from django.core.cache import cache

    try:
        return cache._cache.get_client(write=True)  # type: ignore[attr-defined]  # Django's RedisCache
    except AttributeError:
        return None


class _LocalBuckets:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state: dict[str, tuple[float, float]] = {}

    def take(self, key: str, burst: int, per_second: float) -> float:
        now = time.monotonic()
        with self._lock:
            tokens, stamp = self._state.get(key, (float(burst), now))
            tokens = min(float(burst), tokens + max(0.0, now - stamp) * per_second)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / per_second
            self._state[key] = (tokens, now)
            return wait

    def clear(self) -> None:
        with self._lock:
            self._state.clear()


_local = _LocalBuckets()

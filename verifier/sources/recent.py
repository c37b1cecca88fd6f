"""Answers kept for a few minutes, for the GETs a client marks `keep=True` (`SourceHTTP.get`).

One review asks some documents twice: the resolver reads a Korean judgment as the cited source while the
later-treatment scan of another cited judgment reads the same body among the later ones, and the
Polish history reads the act's ELI metadata and references the resolver has just read. Asked twice, they cost
a second round trip on the hosts' per-host limit. Only what does not change within minutes is kept (judgment
bodies, ELI metadata, references and texts, law.go.kr's law searches, 연혁 list pages and precedent body
searches), only usable answers (a failure is asked again), for
`seconds`, within `max_bytes`; `Fetched.age` says how old a kept answer is, so that a document's
`fetched_at` stays the moment it was really fetched."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

RECENT_SECONDS = 300.0  # longer than a review's budget for its sources, short against an act's amendments
RECENT_BYTES = 32 * 1024 * 1024  # the Kodeks cywilny's text.html is ~1 MB


class RecentAnswers[T]:
    """`size(answer)`: its bytes, for the bound. Answers are kept as they are; `get` says how long ago."""

    def __init__(
        self,
        size: Callable[[T], int],
        *,
        seconds: float = RECENT_SECONDS,
        max_bytes: int = RECENT_BYTES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.size = size
        self.seconds = seconds
        self.max_bytes = max_bytes
        self._clock = clock
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, tuple[float, T]] = OrderedDict()
        self._bytes = 0

    def get(self, key: Hashable) -> tuple[T, float] | None:
        """The kept answer and the seconds since it was kept; None when there is none, or it is too old."""
        now = self._clock()
        with self._lock:
            entry = self._kept.get(key)
            if entry is None:
                return None
            at, fetched = entry
            if now - at > self.seconds:
                self._drop(key)
                return None
            self._kept.move_to_end(key)
        return fetched, now - at

    def put(self, key: Hashable, answer: T) -> None:
        size = self.size(answer)
        if size > self.max_bytes:
            return
        with self._lock:
            if key in self._kept:
                self._drop(key)
            self._kept[key] = (self._clock(), answer)
            self._bytes += size
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._kept)))

    def _drop(self, key: Hashable) -> None:
        _, answer = self._kept.pop(key)
        self._bytes -= self.size(answer)

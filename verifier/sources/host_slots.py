"""The places among one host's requests in flight, handed out by urgency: a cited source before a history
look-up.

    with background():             # this thread's (and its fan_out pools') requests wait behind the sources
        http.get(...)
    slots = HostSlots(4)
    slots.acquire(turn, timeout)   # True: a place is held until `slots.release()`
    ...
    slots.release()

Why: the history look-ups (a statute's 연혁 list, a judgment's body search and the later judgments' bodies)
adds about twenty requests to law.go.kr, which SourceHTTP lets four at a time. On a first-come queue a cited
source's search waited behind them (1.3–1.7 s measured for 형법's), so every claim of that source waited too.
Served by urgency, the history fills the places the sources leave free. A history request that a source then
asks for too (the same GET in flight, shared by SourceHTTP) is promoted to the source's urgency: its `Turn`
is the shared request's, read each time a place is handed out.
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
import itertools
import threading
import time
from collections.abc import Iterator


class Urgency(enum.IntEnum):
    SOURCE = 0  # a cited source: its claims wait for it
    BACKGROUND = 1  # what can wait behind every source (the history look-ups)


_urgency: contextvars.ContextVar[Urgency] = contextvars.ContextVar("source_urgency", default=Urgency.SOURCE)
_look_up: contextvars.ContextVar[int | None] = contextvars.ContextVar("source_look_up", default=None)
_order = itertools.count()


@contextlib.contextmanager
def look_up() -> Iterator[None]:
    """The requests inside the block are one look-up's (a source: its search, then its text): each waits for
    its host in the order the look-up began, not in its own. A look-up begun earlier then gets its next
    request before a later one gets its first, so sources come in one after another instead of all at the
    end (strictly first-come, a second request queued behind every first one). Nested blocks belong to the
    outer look-up; `http.fan_out` carries it into its pool."""
    if _look_up.get() is not None:
        yield
        return
    token = _look_up.set(next(_order))
    try:
        yield
    finally:
        _look_up.reset(token)


@contextlib.contextmanager
def background() -> Iterator[None]:
    """The requests of this thread (context) inside the block go after every waiting source request of
    their host, as one look-up. `http.fan_out` carries it into its pool's threads, as it does the budget."""
    token = _urgency.set(Urgency.BACKGROUND)
    try:
        with look_up():
            yield
    finally:
        _urgency.reset(token)


def current_urgency() -> Urgency:
    return _urgency.get()


def current_order() -> int:
    """The order of this request among its host's waiters: its look-up's, or its own outside one."""
    order = _look_up.get()
    return next(_order) if order is None else order


class Turn:
    """One request's claim to a place: its urgency may rise while it waits (a source asked the same GET)."""

    __slots__ = ("seq", "urgency", "wake")

    def __init__(self, urgency: Urgency, seq: int | None = None) -> None:
        self.urgency = urgency
        self.seq = next(_order) if seq is None else seq  # the earlier look-up first among equals
        self.wake = threading.Event()  # set when a place may be free for it

    def promote(self, urgency: Urgency) -> None:
        self.urgency = min(self.urgency, urgency)

    def _key(self) -> tuple[int, int]:
        return (self.urgency, self.seq)


class HostSlots:
    """At most `limit` holders. A freed place is offered to the most urgent waiter (the earliest look-up
    among equals), and any request that no more urgent one is waiting ahead of may take a free place at
    once: the thread that is running, often the one that just finished a request of the same look-up, goes
    on instead of handing the place to a sleeping thread that must first win the interpreter lock (a strict
    handover cost the 100-citation draft 0.5 s). So a history request never passes a waiting source."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a host needs at least one place, got {limit!r}")
        self.limit = limit
        self._free = limit
        self._waiting: list[Turn] = []
        self._lock = threading.Lock()

    def acquire(self, turn: Turn, timeout: float | None = None) -> bool:
        """Wait for a place for `turn`, at most `timeout` seconds (None: as long as it takes)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            if self._free > 0 and not self._ahead_of(turn):
                self._free -= 1
                return True
            turn.wake.clear()
            self._waiting.append(turn)
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            turn.wake.wait(None if left is None else max(0.0, left))
            with self._lock:
                turn.wake.clear()
                if self._free > 0 and not self._ahead_of(turn):
                    self._waiting.remove(turn)
                    self._free -= 1
                    self._offer()  # more than one place was freed: the next waiter's turn too
                    return True
                if deadline is not None and time.monotonic() >= deadline:
                    self._waiting.remove(turn)
                    self._offer()  # a place offered to this turn goes on to the next
                    return False

    def release(self) -> None:
        with self._lock:
            if self._free >= self.limit:
                raise ValueError("HostSlots released more often than acquired")
            self._free += 1
            self._offer()

    def _ahead_of(self, turn: Turn) -> bool:
        """A waiter more urgent than `turn` (the free place is offered to it). Among equals the running thread
        may go first: waking a sleeping one is what the handover cost."""
        return any(w.urgency < turn.urgency for w in self._waiting if w is not turn)

    def _offer(self) -> None:
        if self._free > 0 and self._waiting:
            # a handful of waiters per host (the fetch pools' threads): a scan beats a heap whose order a
            # promotion would break
            min(self._waiting, key=Turn._key).wake.set()

    @property
    def waiting(self) -> int:
        with self._lock:
            return len(self._waiting)

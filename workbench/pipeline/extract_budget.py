"""Extraction of a large draft under the same budget as reading an uploaded file.

A pasted draft never went through the reading sandbox (it needs no reading), so its extraction ran in the
worker itself: 1,999,000 characters of citations took one worker process to 5.5 GB, kept 2.4 GB after, and
slowed every other matter's review. Past `WORKBENCH_EXTRACT_IN_CHILD_CHARS` characters, pasted or uploaded,
the citations are extracted in a forked child under the parse budget — RLIMIT_AS at
WORKBENCH_PARSE_MEMORY_MB, RLIMIT_CPU at WORKBENCH_PARSE_CPU_SECONDS, killed past
WORKBENCH_PARSE_WALL_SECONDS — which hands back only the claims one review checks (the first
WORKBENCH_MAX_CITATIONS) and then exits, so its memory goes back to the system with it. A small draft is
extracted in-process (a fork costs more than it saves there).

    extract_within(text, lang, origin_at) -> (claims, truncated, Reading | None)   OverBudget past a limit
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import resource
import select
import signal
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings

from verifier.citations import extract_claims
from verifier.ingest.base import OverBudget
from verifier.ingest.sandbox import ReadCost as Reading
from verifier.model import Claim
from workbench.pipeline import drafts

MEGABYTE = 1024 * 1024


def extract_within(
    text: str, lang: str, origin_at: Callable[[int], str | None] | None, name: str = "the draft"
) -> tuple[list[Claim], dict[str, Any], Reading | None]:
    if len(text) <= settings.WORKBENCH_EXTRACT_IN_CHILD_CHARS:
        claims, truncated = drafts.cap(extract_claims(text, lang=lang, origin_at=origin_at))
        return claims, truncated, None
    started = time.monotonic()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: limits first, then the work, then out without running the parent's exit code
        os.close(read_end)
        _child(write_end, text, lang, origin_at)
    os.close(write_end)
    data, timed_out = _read_all(read_end, pid, started + settings.WORKBENCH_PARSE_WALL_SECONDS)
    _, status, usage = os.wait4(pid, 0)
    reading = Reading(
        seconds=round(time.monotonic() - started, 3),
        cpu_seconds=round(usage.ru_utime + usage.ru_stime, 3),
        peak_mb=round(usage.ru_maxrss / 1024, 1),
    )
    if timed_out:
        raise OverBudget(name, limit="time", amount=settings.WORKBENCH_PARSE_WALL_SECONDS, format="text")
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        raise OverBudget(name, limit="time", amount=settings.WORKBENCH_PARSE_CPU_SECONDS, format="text")
    answer: tuple[str, Any] = pickle.loads(data) if data else ("memory", None)  # noqa: S301 - our child's
    if answer[0] != "ok":
        raise OverBudget(name, limit="memory", amount=settings.WORKBENCH_PARSE_MEMORY_MB, format="text")
    claims, truncated = answer[1]
    return claims, truncated, reading


def _child(out: int, text: str, lang: str, origin_at: Callable[[int], str | None] | None) -> None:
    code = 0
    try:
        memory = settings.WORKBENCH_PARSE_MEMORY_MB * MEGABYTE
        # The address space the worker already maps counts too: the budget is what extraction may add. What
        # the worker freed but still maps would be room beyond the budget: it is handed back first.
        _trim_heap()
        mapped = _mapped_bytes()
        resource.setrlimit(resource.RLIMIT_AS, (mapped + memory, mapped + memory))
        cpu = settings.WORKBENCH_PARSE_CPU_SECONDS
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resident = _resident_bytes()
        try:
            answer: tuple[str, Any] = ("ok", drafts.cap(extract_claims(text, lang=lang, origin_at=origin_at)))
        except MemoryError:
            answer = ("memory", None)
        # the address-space limit misses what extraction took from memory the worker had freed but still
        # maps; the peak resident growth counts it
        if answer[0] == "ok" and _peak_bytes() - resident > memory:
            answer = ("memory", None)
        payload = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(out, "wb") as pipe:
            pipe.write(payload)
    except BaseException:  # nothing may escape a forked child into the parent's code
        code = 3
    finally:
        os._exit(code)


def _trim_heap() -> None:
    # not glibc: the budget is then what is mapped plus the limit
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def _resident_bytes() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


def _peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kB on Linux


def _mapped_bytes() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


def _read_all(fd: int, pid: int, deadline: float) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                return b"", True
            ready, _, _ = select.select([fd], [], [], min(left, 1.0))
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks), False
            chunks.append(chunk)
    finally:
        os.close(fd)

"""Read an uploaded file in a child process under a budget that a pathological file cannot get around.

    ingest_within(data, filename, budget) -> IngestedDocument        IngestError / OverBudget otherwise

A PDF of 28 KB can hold 8 MB of text operators, and 500 pages can share one 1 MB content stream: pypdf then
spends minutes, and nothing inside one `page.extract_text()` call can be interrupted. So the file is read by
`python -m verifier.ingest.sandbox` in a process of its own, which sets its own limits before it reads a
byte: RLIMIT_CPU (the kernel stops it past `cpu_seconds` of CPU), RLIMIT_AS (an allocation past
`memory_mb` fails with MemoryError), no core files, no file writes. The parent waits at most `wall_seconds`
of the clock, then kills it. The extracted text is bounded too (`max_chars`): a PDF stops being read as soon
as its pages so far hold more. The child gets no environment beyond what Python needs (no database URL, no
secret) and answers with one JSON document on stdout.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier.ingest.base import IngestedDocument, IngestError, OverBudget, TextPart, name_of
from verifier.ingest.files import DEFAULT_MAX_BYTES, _display_name, check_upload

ROOT = Path(__file__).resolve().parents[2]
MEGABYTE = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Budget:
    """What reading one file may cost. The defaults suit a 1,000-page draft on a slow core."""

    cpu_seconds: int = 30
    wall_seconds: int = 60
    memory_mb: int = 1024
    max_chars: int = 2_000_000
    max_bytes: int = DEFAULT_MAX_BYTES


@dataclass(frozen=True, slots=True)
class ReadCost:
    """How the child's run went, for the audit trail and the figures: seconds of the clock, CPU seconds and
    the peak resident memory of the child (MB)."""

    seconds: float
    cpu_seconds: float
    peak_mb: float


def ingest_within(data: bytes, filename: str, budget: Budget | None = None) -> IngestedDocument:
    """`ingest_bytes` in a child process under `budget`; see the module docstring."""
    document, _ = read_within(data, filename, budget)
    return document


def read_within(
    data: bytes, filename: str, budget: Budget | None = None
) -> tuple[IngestedDocument, ReadCost]:
    budget = budget or Budget()
    display = _display_name(filename)
    kind = check_upload(data, filename, max_bytes=budget.max_bytes)  # the cheap refusals need no child
    header = json.dumps(
        {"filename": filename, "max_bytes": budget.max_bytes, "max_chars": budget.max_chars}
    ).encode()
    limits = [str(budget.cpu_seconds), str(budget.memory_mb)]
    started = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen(  # noqa: S603 - our own interpreter and module; the file goes to stdin
        [sys.executable, "-s", "-m", "verifier.ingest.sandbox", *limits],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_child_env(),
        start_new_session=True,
    )
    timed_out = False
    try:
        out, err = process.communicate(struct.pack(">I", len(header)) + header + data, budget.wall_seconds)
    except subprocess.TimeoutExpired:
        timed_out = True
        process.kill()
        out, err = process.communicate()
    except BaseException:  # the caller's own time limit (Celery's SoftTimeLimitExceeded), an interrupt…
        process.kill()
        process.wait()
        raise
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    reading = ReadCost(
        seconds=round(time.monotonic() - started, 3),
        cpu_seconds=round((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), 3),
        # ru_maxrss of RUSAGE_CHILDREN is the largest child so far (kB on Linux): this one's at the least
        peak_mb=round(after.ru_maxrss / 1024, 1),
    )
    usage = (_answer(out) or {}).get("usage") if not timed_out else None
    if isinstance(usage, dict):  # the child's own figures are exact; the children's total is an upper bound
        reading = ReadCost(reading.seconds, round(usage["cpu"], 3), round(usage["peak_mb"], 1))
    try:
        answer = _judge(out, err, process.returncode, timed_out, display, kind, budget)
    except IngestError as exc:
        exc.reading = reading  # type: ignore[attr-defined]
        raise
    document = answer["document"]
    return (
        IngestedDocument(
            name=filename,
            text=document["text"],
            sha256=document["sha256"],
            format=document["format"],
            parts=tuple(TextPart(int(s), int(e), str(o)) for s, e, o in document["parts"]),
            warnings=tuple(str(w) for w in document["warnings"]),
        ),
        reading,
    )


def _judge(
    out: bytes, err: bytes, returncode: int | None, timed_out: bool, display: str, kind: str, budget: Budget
) -> dict[str, Any]:
    """The child's answer, or the IngestError its end means."""
    if timed_out:
        raise OverBudget(display, limit="time", amount=budget.wall_seconds, format=kind)
    if returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise OverBudget(display, limit="time", amount=budget.cpu_seconds, format=kind)
    answer = _answer(out)
    if answer is None:
        if b"MemoryError" in err or returncode == 3:
            raise OverBudget(display, limit="memory", amount=budget.memory_mb, format=kind)
        raise IngestError(
            f"{display} could not be read (the reader stopped unexpectedly); save it again as .docx or PDF/A "
            "and upload that.",
            "reader_stopped",
            name=name_of(display),
        )
    if "over" in answer:
        amounts = {"chars": budget.max_chars, "memory": budget.memory_mb}
        amount = amounts.get(answer["over"], budget.cpu_seconds)
        raise OverBudget(display, limit=str(answer["over"]), amount=amount, format=kind)
    if "error" in answer:
        raise IngestError(
            str(answer["error"]), str(answer.get("key") or ""), **dict(answer.get("params") or {})
        )
    return answer


def _child_env() -> dict[str, str]:
    env = {"PYTHONPATH": str(ROOT), "LANG": "C.UTF-8", "PYTHONHASHSEED": "0"}
    for name in ("PATH", "TMPDIR"):
        if name in os.environ:
            env[name] = os.environ[name]
    return env


def _answer(out: bytes) -> dict[str, Any] | None:
    try:
        answer = json.loads(out.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return answer if isinstance(answer, dict) else None


# --- the child ----------------------------------------------------------------------------------------


def _limit(kind: int, value: int, grace: int = 0) -> None:
    """Lower a limit to `value` (never raise it above what the parent already had); the hard limit `grace`
    above, so that RLIMIT_CPU sends SIGXCPU first and SIGKILL only to a child that ignores it."""
    _soft, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
        resource.setrlimit(kind, (value, min(hard, value + grace)))
    else:
        resource.setrlimit(kind, (value, value + grace))


def _peak_mb(fallback: float) -> float:
    """This process's peak resident memory since exec (VmHWM): ru_maxrss would still count the parent's pages
    that a fork copied before the exec (a Celery worker's 150 MB)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return fallback


def child(cpu_seconds: int, memory_mb: int) -> int:
    """The child's whole life: limits first, then read stdin, parse, answer on stdout."""
    _limit(resource.RLIMIT_CPU, cpu_seconds, grace=2)  # SIGXCPU past the soft limit ends us
    _limit(resource.RLIMIT_AS, memory_mb * MEGABYTE)
    _limit(resource.RLIMIT_CORE, 0)
    _limit(resource.RLIMIT_FSIZE, 0)  # nothing is written to a file; stdout is a pipe
    stdin = sys.stdin.buffer
    (length,) = struct.unpack(">I", stdin.read(4))
    header = json.loads(stdin.read(length))
    data = stdin.read()
    try:
        from verifier.ingest.files import ingest_bytes

        document = ingest_bytes(
            data, header["filename"], max_bytes=int(header["max_bytes"]), max_chars=int(header["max_chars"])
        )
        answer: dict[str, Any] = {
            "document": {
                "text": document.text,
                "sha256": document.sha256,
                "format": document.format,
                "parts": [[p.start, p.end, p.origin] for p in document.parts],
                "warnings": list(document.warnings),
            }
        }
    except OverBudget as exc:
        answer = {"over": exc.limit}
    except IngestError as exc:
        answer = {"error": str(exc), "key": exc.key, "params": exc.params}
    except MemoryError:
        answer = {"over": "memory"}
    del data
    own = resource.getrusage(resource.RUSAGE_SELF)
    answer["usage"] = {"cpu": own.ru_utime + own.ru_stime, "peak_mb": _peak_mb(own.ru_maxrss / 1024)}
    try:
        sys.stdout.write(json.dumps(answer))
        sys.stdout.flush()
    except MemoryError:
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(child(int(sys.argv[1]), int(sys.argv[2])))

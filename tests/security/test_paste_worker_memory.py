"""A very large pasted draft through a real `celery worker` on a real Redis: the worker's processes stay under
the documented memory budget while the review runs, and their memory returns afterwards.

Budget (docs/OPERATIONS.md "Memory and processes"): the extraction child may add WORKBENCH_PARSE_MEMORY_MB to
what the worker maps; a pool process is replaced once it grew past WORKER_MAX_MEMORY_PER_CHILD_KB. So no
process of the worker may be resident past the worker's own size plus WORKBENCH_PARSE_MEMORY_MB, and after the
review the pool is back near where it started.

Guarded so that it cannot take the machine's memory whatever the code under test does: the worker runs under
RLIMIT_AS of its own (an allocation past it fails inside the worker), and a watchdog kills the worker's whole
process group once all of it together is resident past GUARD_MB.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from tests.reliability.harness import record_figure
from tests.reliability.workers import Worker, send_review, wait_until, worker_env

pytestmark = pytest.mark.integration

LINE = "Zgodnie z art. {n} k.c. czynność prawna sprzeczna z ustawą jest nieważna, por. art. 58 § 1 k.c.\n"
WORKER_MEMORY_MB = 4096  # RLIMIT_AS of each worker process; the extraction child lowers its own further
GUARD_MB = 3072  # the whole worker tree resident: past it the watchdog kills it and the test fails
PARSE_MEMORY_MB = 1024  # the documented default of WORKBENCH_PARSE_MEMORY_MB
RETURNED_MB = 300  # what the pool may still hold after the review, above what it held before


def pasted_text(chars: int) -> str:
    lines, total, n = [], 0, 0
    while total < chars:
        line = LINE.format(n=1 + n % 1000)
        lines.append(line)
        total += len(line)
        n += 1
    return "".join(lines)


def tree_rss_mb(session: int) -> dict[int, float]:
    """Resident memory (MB) of every process in the worker's session: main, pool, beat, extraction child."""
    found: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[3]) != session:  # the session id (field 6 of stat)
                continue
            with (stat.parent / "statm").open() as statm:
                found[int(stat.parent.name)] = (
                    int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
                )
        except (OSError, ValueError, IndexError):
            continue
    return found


class Watch:
    """Samples the worker tree's resident memory every 50 ms: the largest process and the whole tree at their
    peaks; kills the tree past GUARD_MB."""

    def __init__(self, session: int) -> None:
        self.session = session
        self.process_peak = 0.0
        self.tree_peak = 0.0
        self.killed = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(0.05):
            sizes = tree_rss_mb(self.session)
            total = sum(sizes.values())
            self.process_peak = max(self.process_peak, *sizes.values(), 0.0)
            self.tree_peak = max(self.tree_peak, total)
            if total > GUARD_MB:
                self.killed = True
                os.killpg(self.session, signal.SIGKILL)
                return


@pytest.fixture
def worker(redis_server, tmp_path):
    env = worker_env(
        redis_server.url,
        tmp_path / "var",
        {"WORKBENCH_LOCAL_ONLY": "1", "WORKBENCH_PARSE_MEMORY_MB": str(PARSE_MEMORY_MB)},
    )
    started = Worker(env, tmp_path / "logs", memory_mb=WORKER_MEMORY_MB).start()
    yield started
    started.stop()


def settled(session: int) -> dict[int, float]:
    """The worker tree's resident memory (MB by process) once it has settled."""
    time.sleep(2)
    return tree_rss_mb(session)


@pytest.mark.parametrize("chars", [600_000, 2_000_000])
def test_a_large_paste_keeps_the_worker_under_its_memory_budget(
    transactional_db, people, redis_server, worker, chars, capsys
) -> None:
    from verifier.ingest import ingest_text
    from workbench.models import Review
    from workbench.reviews import services

    text = pasted_text(chars)[:chars]
    assert worker.process is not None
    session = worker.process.pid
    wait_until(lambda: "ready" in worker.tail(200), 60, "the worker never became ready\n" + worker.tail())
    sizes = settled(session)
    before, largest = round(sum(sizes.values()), 1), max(sizes.values())
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="Pasted",
        document=ingest_text(text, name="pasted text"),
        enqueue=False,
    )
    started = time.monotonic()
    with Watch(session) as watch:
        send_review(redis_server.url, review.pk)
        done = wait_until(
            lambda: watch.killed or Review.objects.filter(pk=review.pk, status=Review.Status.DONE).exists(),
            300,
            "the review never finished\n" + worker.tail(),
            interval=0.5,
        )
    assert not watch.killed, f"the worker tree passed {GUARD_MB} MB and was killed\n{worker.tail()}"
    assert done
    seconds = time.monotonic() - started
    after = round(sum(settled(session).values()), 1)
    findings = Review.objects.get(pk=review.pk).findings.count()
    with capsys.disabled():
        print(
            f"\n{chars:,} pasted characters, {findings} findings, {seconds:.1f} s: largest worker process "
            f"{watch.process_peak:.0f} MB resident at its peak, the tree {before:.0f} → {watch.tree_peak:.0f}"
            f" MB at the peak → {after:.0f} MB after"
        )
    record_figure(
        "paste_worker_memory",
        chars=chars,
        findings=findings,
        seconds=round(seconds, 1),
        process_peak_mb=round(watch.process_peak, 1),
        tree_before_mb=before,
        tree_peak_mb=round(watch.tree_peak, 1),
        tree_after_mb=after,
    )
    assert watch.process_peak < largest + PARSE_MEMORY_MB, watch.process_peak
    assert after < before + RETURNED_MB, (before, after)

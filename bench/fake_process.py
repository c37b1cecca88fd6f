"""Fake upstream servers in a child process of their own, for the figures that run the verifier inside the
harness process (`bench/history.py`).

Served from the harness's own threads, the fakes share its interpreter lock with the verifier they answer:
every answer they build (a 1 MB act, a judgment's XML) is CPU taken from the run being timed, and the
verifier's checks delay their answers past the 100 ms they stand for. Upstream is another machine; so here
they get a process (and a core to share) of their own. One `FakeSources` per name, each on its own port, as
`bench/history.py` has always had them (law.go.kr, SAOS, ELI and CELLAR are four hosts upstream)."""

from __future__ import annotations

import contextlib
import multiprocessing as mp
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType


def _serve(conn: Connection, data_dir: str, latency: float, names: list[str]) -> None:
    from fakes.server import FakeSources

    fakes = {name: FakeSources(data_dir=Path(data_dir), latency=latency).start() for name in names}
    try:
        conn.send({name: dict(fake.base_urls) for name, fake in fakes.items()})
        while True:
            message = conn.recv()
            if message == "stop":
                break
            if message == "clear":
                for fake in fakes.values():
                    fake.clear_requests()
                conn.send(None)
            elif message == "counts":
                conn.send({name: len(fake.requests) for name, fake in fakes.items()})
    finally:
        for fake in fakes.values():
            fake.stop()


class FakesProcess:
    """`with FakesProcess(data_dir, latency, names) as fakes:` — `fakes.base_urls[name]` (the URLs of that
    name's server), `fakes.clear()`, `fakes.counts()` (requests each server received since the last clear)."""

    def __init__(self, data_dir: Path, latency: float, names: list[str]) -> None:
        self.data_dir = data_dir
        self.latency = latency
        self.names = names
        self.base_urls: dict[str, dict[str, str]] = {}
        self._conn: Connection | None = None
        self._process: mp.process.BaseProcess | None = None

    def __enter__(self) -> FakesProcess:
        context = mp.get_context("spawn")  # no threads of the harness carried into the child
        ours, theirs = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(theirs, str(self.data_dir), self.latency, self.names), daemon=True
        )
        self._process.start()
        self._conn = ours
        if not ours.poll(60):
            raise RuntimeError("the fake servers did not start within 60 s")
        self.base_urls = ours.recv()
        return self

    def clear(self) -> None:
        assert self._conn is not None
        self._conn.send("clear")
        self._conn.recv()

    def counts(self) -> dict[str, int]:
        assert self._conn is not None
        self._conn.send("counts")
        counts: dict[str, int] = self._conn.recv()
        return counts

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.send("stop")
        if self._process is not None:
            self._process.join(10)
            if self._process.is_alive():
                self._process.kill()

"""bench/fake_process.py: the history figure's fake hosts run in a child process, each on its own port, and
the harness can still count and clear what each one was asked (the figure reports requests per service)."""

from __future__ import annotations

from pathlib import Path

import httpx

from bench.fake_process import FakesProcess

DATA = Path(__file__).resolve().parents[1] / "data"


def test_each_fake_host_answers_from_the_child_and_counts_what_it_was_asked() -> None:
    import os

    with FakesProcess(DATA, 0.0, ["LAWGOKR_BASE_URL", "ELI_BASE_URL"]) as fakes:
        law = fakes.base_urls["LAWGOKR_BASE_URL"]["LAWGOKR_BASE_URL"]
        eli = fakes.base_urls["ELI_BASE_URL"]["ELI_BASE_URL"]
        assert law.split("/")[2] != eli.split("/")[2]  # two hosts, as upstream
        answer = httpx.get(f"{eli}/acts/DU/1964/93", timeout=10)
        assert answer.status_code == 200
        assert answer.json()["ELI"] == "DU/1964/93"
        assert fakes.counts() == {"LAWGOKR_BASE_URL": 0, "ELI_BASE_URL": 1}
        fakes.clear()
        assert fakes.counts() == {"LAWGOKR_BASE_URL": 0, "ELI_BASE_URL": 0}
        child = fakes._process
        assert child is not None
        assert child.pid != os.getpid()
    assert not child.is_alive()  # stopped with the block

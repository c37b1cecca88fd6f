"""Korean morpheme analysis: computed once per claim text, by a disk cache or a helper process, so that a
run need not load Kiwi (seconds of CPU under the interpreter lock) just to re-read claims it has seen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# real sentences: 민법 제103조, 주택임대차보호법 제3조 제1항, and a memo's paraphrase
TEXTS = [
    "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다.",
    "임대차는 그 등기가 없는 경우에도 임차인이 주택의 인도와 주민등록을 마친 때에는 그 다음 날부터 "
    "제삼자에 대하여 효력이 생긴다.",
    "대법원은 반사회적 법률행위에 해당하는지는 법률행위 당시를 기준으로 판단하여야 한다고 보았다.",
]

RUN = """
import json, sys
from verifier.match import korean
texts = json.loads(sys.argv[1])
if sys.argv[2] == "broken-helper":
    def broken(texts):
        raise RuntimeError("the helper process could not start")
    korean._run_helper = broken
future = korean.prefetch(texts) if sys.argv[2] != "direct" else None
if sys.argv[2] == "broken-helper":
    sent = -1 if future is not None and future.exception() is not None else 0
else:
    sent = len(future.result()) if future is not None else 0
tokens = [korean.analyze(t) for t in texts]
print(json.dumps({"tokens": tokens, "sent": sent, "kiwi_here": korean.kiwi_loaded(),
                  "kiwipiepy_imported": "kiwipiepy" in sys.modules}))
"""


def run(cache: Path, mode: str, texts: list[str] = TEXTS) -> dict[str, object]:
    env = {**os.environ, "WORKBENCH_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", RUN, json.dumps(texts), mode],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return run(tmp_path_factory.mktemp("cold"), "direct")


def test_a_cold_run_analyses_here_and_finds_the_nouns(direct: dict[str, object]) -> None:
    assert direct["kiwi_here"] is True
    nouns = [[form for form, tag, *_ in tokens if tag.startswith("NN")] for tokens in direct["tokens"]]  # type: ignore[union-attr]
    assert {"법률", "행위", "무효"} <= set(nouns[0])
    assert {"임차인", "주택", "주민", "등록", "효력"} <= set(nouns[1])


def test_a_second_run_reads_the_analyses_from_disk_without_loading_kiwi(tmp_path: Path) -> None:
    first = run(tmp_path, "direct")
    second = run(tmp_path, "direct")
    assert second["tokens"] == first["tokens"]
    assert second["kiwi_here"] is False
    assert second["kiwipiepy_imported"] is False


def test_prefetch_analyses_in_a_helper_process_with_the_same_result(
    tmp_path: Path, direct: dict[str, object]
) -> None:
    result = run(tmp_path, "prefetch")
    assert result["sent"] == len(TEXTS)
    assert result["tokens"] == direct["tokens"]
    assert result["kiwi_here"] is False  # this process never paid for the model
    # and what the helper analysed is on disk for the next run
    again = run(tmp_path, "prefetch")
    assert again["sent"] == 0
    assert again["tokens"] == direct["tokens"]


def test_an_unusable_cache_directory_costs_speed_not_answers(
    tmp_path: Path, direct: dict[str, object]
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the cache directory should be", encoding="utf-8")
    result = run(blocker, "prefetch")
    assert result["tokens"] == direct["tokens"]


def test_a_helper_that_fails_costs_speed_not_answers(tmp_path: Path, direct: dict[str, object]) -> None:
    result = run(tmp_path, "broken-helper")
    assert result["sent"] == -1  # the helper was asked and failed
    assert result["tokens"] == direct["tokens"]
    assert result["kiwi_here"] is True  # so the texts were analysed here instead


def test_a_damaged_cache_entry_is_analysed_again_and_the_cache_is_private(
    tmp_path: Path, direct: dict[str, object]
) -> None:
    import sqlite3
    import stat

    run(tmp_path, "direct")
    (db_path,) = (tmp_path / "citation-workbench").glob("kiwi-*.sqlite")
    assert stat.S_IMODE(db_path.stat().st_mode) == 0o600  # words of confidential drafts
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE analyses SET tokens = ?", ('[["only", "three", 1]]',))
    result = run(tmp_path, "direct")
    assert result["tokens"] == direct["tokens"]
    assert result["kiwi_here"] is True


def test_a_time_limit_while_waiting_for_the_helper_is_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Celery raises SoftTimeLimitExceeded (an Exception) inside whatever the task waits on; taking it for a
    # failed helper would run the analysis past the limit until the hard kill
    from concurrent.futures import Future

    from verifier.match import korean

    class TimeLimit(Exception):
        pass

    class Waiting(Future):  # type: ignore[type-arg]
        # the limit strikes while the worker waits on the helper, whichever way it waits
        def exception(self, timeout: float | None = None) -> BaseException | None:
            raise TimeLimit("soft time limit")

        def result(self, timeout: float | None = None) -> object:
            raise TimeLimit("soft time limit")

    text = "time-limit probe: 법률행위의 무효"
    monkeypatch.setitem(korean._pending, text, (Waiting(), 0))
    with pytest.raises(TimeLimit):
        korean.analyze(text)

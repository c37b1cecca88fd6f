"""Kiwi's morpheme analysis of Korean claims, computed once per claim text.

Kiwi costs about 1.5 s of CPU to load, holding the interpreter lock for most of it, and ~200 MB. Three
things keep that off a run's critical path:

- a disk cache of analyses, keyed by the text and the Kiwi and model versions: re-running a draft, or a
  new version of it with most claims unchanged, analyses nothing again;
- `prefetch(texts)`: `manage.py verify` and the review task know every claim after extraction, so one
  helper process analyses the uncached ones on another core while the sources are being fetched;
- otherwise the model is loaded in this process, once, under a lock.

The cache is an optimisation only: when it cannot be read or written the text is analysed here.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from verifier.cache import cache_dir

log = logging.getLogger(__name__)

# (form, tag, start, length), start and length in characters of the analysed text
Token = tuple[str, str, int, int]

_KIWI_LOCK = threading.Lock()
_KIWI: list[object] = []
_memory: dict[str, tuple[Token, ...]] = {}
_memory_lock = threading.Lock()
# text -> the helper's future and the text's place in its answer
_pending: dict[str, tuple[Future[list[tuple[Token, ...]]], int]] = {}
_MEMORY_LIMIT = 5_000  # claims; a few MB, forgotten all at once when full


def kiwi() -> object:
    # Built once per process under a lock: the model takes seconds and ~200 MB, and functools.cache would
    # let every thread of the CLI's pool build its own copy on the first Korean claim.
    with _KIWI_LOCK:
        if not _KIWI:
            from kiwipiepy import Kiwi

            # the typo and multi-word dictionaries triple the load time and add nothing to noun extraction
            _KIWI.append(Kiwi(load_typo_dict=False, load_multi_dict=False))
        return _KIWI[0]


def kiwi_loaded() -> bool:
    return bool(_KIWI)


def _run_kiwi(text: str) -> tuple[Token, ...]:
    return tuple(
        (str(t.form), str(t.tag), int(t.start), int(t.len))
        for t in kiwi().tokenize(text)  # type: ignore[attr-defined]
    )


@cache
def _versions() -> str:
    parts = []
    for package in ("kiwipiepy", "kiwipiepy_model"):
        try:
            parts.append(f"{package}-{version(package)}")
        except PackageNotFoundError:
            parts.append(f"{package}-unknown")
    return "_".join(parts)


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _tokens(value: object) -> tuple[Token, ...]:
    """Tokens read back from JSON (disk cache, helper), checked: a damaged row is a miss, not a crash."""
    if not isinstance(value, list):
        raise ValueError("analysis is not a list")
    out = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 4):
            raise ValueError("token is not [form, tag, start, length]")
        form, tag, start, length = item
        if not (isinstance(form, str) and isinstance(tag, str)):
            raise ValueError("token form and tag must be text")
        if not (isinstance(start, int) and isinstance(length, int)):
            raise ValueError("token offsets must be integers")
        out.append((form, tag, start, length))
    return tuple(out)


class _DiskCache:
    """One SQLite file per Kiwi/model version, shared by every process of the machine."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._broken = False

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is None and not self._broken:
            try:
                path = cache_dir() / f"kiwi-{_versions()}.sqlite"
                # analyses are words of confidential drafts: readable by this account only
                path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                path.touch(mode=0o600, exist_ok=True)
                db = sqlite3.connect(path, timeout=5, check_same_thread=False, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("CREATE TABLE IF NOT EXISTS analyses (key TEXT PRIMARY KEY, tokens TEXT NOT NULL)")
                self._db = db
            except (OSError, sqlite3.Error) as exc:
                log.warning("Korean analysis cache unavailable, analysing every claim: %s", exc)
                self._broken = True
        return self._db

    def get_many(self, texts: Sequence[str]) -> dict[str, tuple[Token, ...]]:
        found: dict[str, tuple[Token, ...]] = {}
        with self._lock:
            db = self._connect()
            if db is None or not texts:
                return found
            for text in texts:
                try:
                    row = db.execute("SELECT tokens FROM analyses WHERE key = ?", (_key(text),)).fetchone()
                    if row is not None:
                        found[text] = _tokens(json.loads(row[0]))
                except (sqlite3.Error, ValueError) as exc:
                    log.warning("Korean analysis cache entry unreadable, analysing again: %s", exc)
        return found

    def put_many(self, analyses: dict[str, tuple[Token, ...]]) -> None:
        with self._lock:
            db = self._connect()
            if db is None or not analyses:
                return
            try:
                db.executemany(
                    "INSERT OR REPLACE INTO analyses (key, tokens) VALUES (?, ?)",
                    [(_key(t), json.dumps(tokens, ensure_ascii=False)) for t, tokens in analyses.items()],
                )
            except sqlite3.Error as exc:
                log.warning("Korean analysis cache not written: %s", exc)


_disk = _DiskCache()


def _remember(analyses: dict[str, tuple[Token, ...]]) -> None:
    with _memory_lock:
        if len(_memory) + len(analyses) > _MEMORY_LIMIT:
            _memory.clear()
        _memory.update(analyses)


def analyze(text: str) -> tuple[Token, ...]:
    """Kiwi's tokens for `text`: from memory, from a prefetch under way, from disk, or computed here."""
    with _memory_lock:
        hit = _memory.get(text)
        future, position = _pending.get(text, (None, -1))
    if hit is not None:
        return hit
    # exception() waits without raising what the helper raised, so a failed helper means "analyse here" while
    # anything raised during the wait itself (a task's time limit) goes on up, as it must
    if future is not None and future.exception() is None:
        return future.result()[position]
    cached = _disk.get_many([text])
    if text in cached:
        _remember(cached)
        return cached[text]
    tokens = _run_kiwi(text)
    _remember({text: tokens})
    _disk.put_many({text: tokens})
    return tokens


def _analyze_batch(texts: list[str]) -> list[tuple[Token, ...]]:
    analyses = {t: _run_kiwi(t) for t in texts}
    _disk.put_many(analyses)
    return [analyses[t] for t in texts]


_ROOT = Path(__file__).resolve().parents[2]
_HELPER_TIMEOUT = 600.0


def _run_helper(texts: list[str]) -> list[tuple[Token, ...]]:
    """`python -m verifier.match.korean` with the texts on stdin: a plain child process, because a Celery
    worker's processes are daemonic and multiprocessing refuses them children."""
    path = os.pathsep.join(p for p in (str(_ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path}
    proc = subprocess.run(
        [sys.executable, "-m", "verifier.match.korean"],
        input=json.dumps(texts, ensure_ascii=False),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=_ROOT,
        env=env,
        timeout=_HELPER_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"Korean analysis helper exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    result = json.loads(proc.stdout)
    if not isinstance(result, list) or len(result) != len(texts):
        raise RuntimeError("Korean analysis helper answered something else than one analysis per text")
    return [_tokens(tokens) for tokens in result]


def prefetch(texts: Iterable[str]) -> Future[list[tuple[Token, ...]]] | None:
    """Analyse, in one separate process, the texts neither memory nor the disk cache holds; `analyze`
    then waits for that process instead of loading Kiwi here. Returns the helper's future (done when its
    analyses are in memory and on disk), or None when nothing needed it."""
    wanted = [t for t in dict.fromkeys(texts) if t]
    with _memory_lock:
        wanted = [t for t in wanted if t not in _memory and t not in _pending]
    cached = _disk.get_many(wanted)
    _remember(cached)
    missing = [t for t in wanted if t not in cached]
    if not missing or kiwi_loaded():  # with the model already here, a second process only costs
        return None
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="korean-helper")
    future = pool.submit(_run_helper, missing)
    pool.shutdown(wait=False)
    with _memory_lock:
        for i, text in enumerate(missing):
            _pending[text] = (future, i)
    future.add_done_callback(lambda f: _settle(missing, f))
    return future


def _settle(texts: list[str], future: Future[list[tuple[Token, ...]]]) -> None:
    try:
        if future.exception() is None:
            _remember(dict(zip(texts, future.result(), strict=True)))
        else:
            log.warning("Korean prefetch failed, analysing in this process: %s", future.exception())
    finally:
        with _memory_lock:
            for text in texts:
                if _pending.get(text, (None, 0))[0] is future:
                    del _pending[text]


def main() -> None:
    """The helper: texts as a JSON list on stdin, their analyses as a JSON list on stdout (and on disk)."""
    texts = json.loads(sys.stdin.read())
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise SystemExit("expected a JSON list of strings on stdin")
    sys.stdout.write(json.dumps(_analyze_batch(texts), ensure_ascii=False))  # one C-encoded string


if __name__ == "__main__":
    main()


__all__ = ["Token", "analyze", "kiwi", "kiwi_loaded", "prefetch"]

"""Where the history clients keep what they fetched, so that a warm run asks upstream nothing.

    store = MemoryStore()                      one process (the default)
    store = DirectoryStore(cache_dir() / "history")   kept between runs (JSON files, written atomically)
    store.get(kind, key) -> dict | None;  store.put(kind, key, value)

What is kept, and for how long (the clients decide; this module only stores):
  - a version TEXT (kind "text", key "<origin>:<version id>") forever: a promulgated version never changes;
  - a version LIST (kind "list", key "<origin>:<law id>") with the day it was obtained (`listed_on`). It
    answers any question about a day up to `listed_on`, and questions about later days only on that day
    (`list_is_fresh`): an amendment promulgated after that day may already be in force by then;
  - a precedent's TREATMENT (kind "treatment") the same way as a list.
The workbench may pass its own store (a database table) with the same two methods.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from verifier.model import SourceDocument, SourceUnit
from verifier.sources.versions import History, Version, VersionText


class HistoryStore(Protocol):
    def get(self, kind: str, key: str) -> dict[str, Any] | None: ...

    def put(self, kind: str, key: str, value: dict[str, Any]) -> None: ...


class MemoryStore:
    def __init__(self) -> None:
        self._data: dict[tuple[str, str], dict[str, Any]] = {}
        self._lock = threading.Lock()

    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        with self._lock:
            return self._data.get((kind, key))

    def put(self, kind: str, key: str, value: dict[str, Any]) -> None:
        with self._lock:
            self._data[(kind, key)] = value


class DirectoryStore:
    """One JSON file per entry under `root/<kind>/`; a directory that cannot be written costs requests on
    the next run, never answers."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._memory = MemoryStore()

    def _path(self, kind: str, key: str) -> Path:
        return self.root / kind / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"

    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        hit = self._memory.get(kind, key)
        if hit is not None:
            return hit
        try:
            value = json.loads(self._path(kind, key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(value, dict) or value.get("_key") != key:
            return None
        self._memory.put(kind, key, value)
        return value

    def put(self, kind: str, key: str, value: dict[str, Any]) -> None:
        value = {**value, "_key": key}
        self._memory.put(kind, key, value)
        path = self._path(kind, key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # json.dumps, not json.dump: dump streams through the pure-Python encoder, a measurable share of a
            # cold run's history CPU for the few version texts of Korean statutes it keeps
            encoded = json.dumps(value, ensure_ascii=False)
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as tmp:
                tmp.write(encoded)
            os.replace(tmp.name, path)
        except OSError:
            pass


class TextCache:
    """Version texts as objects, in front of a store: a text is rebuilt from its JSON once per process, and a
    text the verifier already fetched (`seed`) is used as it is, without being fetched or stored again."""

    def __init__(self, store: HistoryStore, *, size: int = 64) -> None:
        self.store = store
        self.size = size
        self._texts: dict[str, VersionText] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> VersionText | None:
        with self._lock:
            hit = self._texts.get(key)
        if hit is not None:
            return hit
        raw = self.store.get("text", key)
        if raw is None or raw.get("no_html"):
            return None
        text = text_from_json(raw)
        self._keep(key, text)
        return text

    def put(self, key: str, text: VersionText) -> None:
        self.store.put("text", key, text_to_json(text))
        self._keep(key, text)

    def seed(self, key: str, version: Version, document: SourceDocument) -> None:
        self._keep(key, VersionText(version, document.text, document.units, document.sha256, version.url))

    def _keep(self, key: str, text: VersionText) -> None:
        with self._lock:
            self._texts[key] = text
            while len(self._texts) > self.size:
                self._texts.pop(next(iter(self._texts)))


class ListCache:
    """Lists of versions as objects, in front of a store (as `TextCache` is for texts): a list is rebuilt
    from its JSON once per process while it is fresh, not once for every claim that quotes the act (40 quotes
    of five statutes read and parsed their lists 120 times a run)."""

    def __init__(self, store: HistoryStore) -> None:
        self.store = store
        self._lists: dict[str, History] = {}
        self._lock = threading.Lock()

    def fresh(self, key: str, *, day: str, today: str) -> History | None:
        """The list kept for `key` if it answers a question about `day` (`list_is_fresh`), else None."""
        with self._lock:
            kept = self._lists.get(key)
        if kept is not None and list_is_fresh(kept.listed_on, day=day, today=today):
            return kept
        raw = self.store.get("list", key)  # another process may have listed it since
        if raw is None or not list_is_fresh(str(raw["listed_on"]), day=day, today=today):
            return None
        history = history_from_json(raw)
        with self._lock:
            self._lists[key] = history
        return history

    def put(self, key: str, history: History) -> None:
        self.store.put("list", key, history_to_json(history))
        with self._lock:
            self._lists[key] = history


class KeyLocks:
    """One lock per key: concurrent look-ups of the same list or text wait for one fetch instead of racing."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    def __call__(self, key: str) -> threading.Lock:
        with self._lock:
            return self._locks.setdefault(key, threading.Lock())


def offline_caches(history: Any, *, today: Callable[[], dt.date], max_texts: int) -> None:
    """The caches of a history read from the offline corpus (`RecordedPolishActHistory`,
    `RecordedEuActHistory`), set in place of the parent's __init__, which keeps a network client: a store in
    memory, its text and list caches, the locks, the clock, and how many texts one question may read."""
    history.store = MemoryStore()
    history.texts = TextCache(history.store)
    history.lists = ListCache(history.store)
    history._locks = KeyLocks()
    history._today = today
    history.max_texts = max_texts


def list_is_fresh(listed_on: str, *, day: str, today: str) -> bool:
    """Whether a list obtained on `listed_on` answers a question about `day`."""
    return day <= listed_on or listed_on >= today


# ---------------------------------------------------------------------------------- (de)serialising


def version_to_json(v: Version) -> dict[str, Any]:
    return {
        "id": v.id,
        "effective": v.effective,
        "promulgated": v.promulgated,
        "number": v.number,
        "kind": v.kind,
        "status": v.status,
        "label": v.label,
        "url": v.url,
    }


def version_from_json(d: dict[str, Any]) -> Version:
    return Version(
        id=str(d["id"]),
        effective=d.get("effective"),
        promulgated=d.get("promulgated"),
        number=str(d.get("number") or ""),
        kind=str(d.get("kind") or ""),
        status=str(d.get("status") or ""),
        label=str(d.get("label") or ""),
        url=str(d.get("url") or ""),
    )


def history_to_json(h: History) -> dict[str, Any]:
    return {
        "key": h.key,
        "title": h.title,
        "law_id": h.law_id,
        "versions": [version_to_json(v) for v in h.versions],
        "listed_on": h.listed_on,
        "origin": h.origin,
        "source": h.source,
        "notes": list(h.notes),
        "undated": [version_to_json(v) for v in h.undated],
    }


def history_from_json(d: dict[str, Any]) -> History:
    return History(
        key=str(d["key"]),
        title=str(d["title"]),
        law_id=str(d["law_id"]),
        versions=tuple(version_from_json(v) for v in d["versions"]),
        listed_on=str(d["listed_on"]),
        origin=str(d["origin"]),
        source=str(d.get("source") or ""),
        notes=tuple(str(n) for n in d.get("notes") or ()),
        undated=tuple(version_from_json(v) for v in d.get("undated") or ()),
    )


def text_to_json(t: VersionText) -> dict[str, Any]:
    units = []
    for u in t.units:
        units.append([[list(p) for p in u.path], u.label, u.start, u.end, u.title])
    return {
        "version": version_to_json(t.version),
        "text": t.text,
        "units": units,
        "sha256": t.sha256,
        "url": t.url,
    }


def text_from_json(d: dict[str, Any]) -> VersionText:
    units = tuple(
        SourceUnit(tuple((str(a), str(b)) for a, b in path), str(label), int(start), int(end), title)
        for path, label, start, end, title in d["units"]
    )
    return VersionText(
        version_from_json(d["version"]), str(d["text"]), units, str(d["sha256"]), str(d.get("url") or "")
    )

"""Where derived data is kept between runs: the simplemma block index, Korean analyses, Unicode tables.

Everything here can be rebuilt (more slowly) and may be deleted at any time; a directory that cannot be
written costs speed, never answers."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unicodedata
from collections.abc import Callable
from pathlib import Path


def cache_dir() -> Path:
    base = os.environ.get("WORKBENCH_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME") or "~/.cache"
    return Path(base).expanduser() / "citation-workbench"


def cached_strings(name: str, build: Callable[[], list[str]], size: int) -> list[str]:
    """`build()` (a list of `size` strings), kept on disk as JSON under a name that carries the Unicode and
    Python versions it was computed with (the tables it is for depend on both)."""
    version = f"{unicodedata.unidata_version}-py{sys.version_info[0]}.{sys.version_info[1]}"
    path = cache_dir() / f"{name}-{version}.json"
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(loaded, list) and len(loaded) == size and all(isinstance(s, str) for s in loaded):
            return loaded
    except (OSError, ValueError):
        pass
    built = build()
    if len(built) != size:
        raise ValueError(f"{name}: the builder gave {len(built)} strings, not {size}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # written whole and renamed: a concurrent reader sees the old file or the new one, never half
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as tmp:
            json.dump(built, tmp)
        os.replace(tmp.name, path)
    except OSError:
        pass
    return built


__all__ = ["cache_dir", "cached_strings"]

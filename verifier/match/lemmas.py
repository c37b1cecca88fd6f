"""Polish and English lemmas through simplemma, cheap to start and small in memory.

simplemma 2 ships its dictionaries front-coded. Its default factory decodes a whole language into a dict
(Polish: ~10 s of CPU and ~450 MB per process — too much for a worker), while its stream factory keeps the
compressed stream and a small block index (~70 MB) but rebuilds that index on every start (~4 s). We use the
stream representation and keep the index on disk (`marshal`: plain bytes and ints, no code), so a worker, the
CLI or a test run pays a fraction of a second. A lock keeps concurrent first calls (the CLI's thread pool)
from building the same index several times.
"""

from __future__ import annotations

import marshal
import os
import threading
from collections.abc import Mapping
from pathlib import Path

import simplemma
from simplemma.strategies import DefaultStrategy
from simplemma.strategies.dictionaries import frontcode
from simplemma.strategies.dictionaries.dictionary_factory import DATA_FOLDER, CachingDictionaryFactory
from simplemma.strategies.dictionaries.stream_dictionary_factory import StreamMap

from verifier.cache import cache_dir

_lock = threading.Lock()


class IndexedStreamMap(StreamMap):
    """simplemma's StreamMap whose block index is read from disk when it was built before."""

    __slots__ = ()

    def __init__(self, lang: str) -> None:
        source = DATA_FOLDER / f"{lang}.plzma"
        stat = source.stat()
        version = getattr(simplemma, "__version__", "unknown")
        path = cache_dir() / f"simplemma-{version}-{lang}-{stat.st_size}-{int(stat.st_mtime)}.index"
        cached = _read_index(path)
        if cached is None:
            super().__init__(lang)  # decodes the stream once and builds the index
            _write_index(path, (self._firsts, self._blocks))
            return
        from simplemma.strategies.dictionaries.dictionary_factory import _read_decompressed

        self._data = _read_decompressed(lang)
        self._rev, self._count, self._pos = frontcode._read_header(self._data)
        self._firsts, self._blocks = cached


def _read_index(path: Path) -> tuple[list[bytes], list[tuple[int, bytes, bytes]]] | None:
    try:
        # our own cache file of bytes and ints; marshal builds no code objects from it
        firsts, blocks = marshal.loads(path.read_bytes())  # noqa: S302
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if not isinstance(firsts, list) or not isinstance(blocks, list) or len(firsts) != len(blocks):
        return None
    return firsts, [tuple(b) for b in blocks]


def _write_index(path: Path, index: tuple[list[bytes], list[tuple[int, bytes, bytes]]]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps(index))
        tmp.replace(path)  # atomic: a concurrent reader sees no file or the whole file
    except OSError:
        pass  # a read-only home only costs start-up time


class CachedIndexFactory(CachingDictionaryFactory):
    __slots__ = ()

    def _get_dictionary_uncached(self, lang: str) -> Mapping[str, str]:
        with _lock:
            return IndexedStreamMap(lang)


LEMMATIZER = simplemma.Lemmatizer(
    lemmatization_strategy=DefaultStrategy(dictionary_factory=CachedIndexFactory())
)


def lemmatize(word: str, lang: str) -> str:
    return str(LEMMATIZER.lemmatize(word, lang=lang))

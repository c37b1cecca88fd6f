"""The normalized text of a source, computed once per distinct text.

A hundred claims against one judgment normalize it once, also when they are checked on parallel threads:
an LRU keyed by the text's sha256, with a shortcut for the very same string object.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

from verifier.text import Normalized, normalize

_CACHE_SIZE = 32
_cache: OrderedDict[bytes, Normalized] = OrderedDict()
_cache_lock = threading.Lock()
_by_identity: dict[int, tuple[str, Normalized]] = {}


def normalized_source(text: str) -> Normalized:
    hit = _by_identity.get(id(text))
    if hit is not None and hit[0] is text:
        return hit[1]
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    with _cache_lock:  # one thread normalizes, the others wait for its result instead of redoing it
        found = _cache.get(key)
        if found is None:
            found = normalize(text)
            _cache[key] = found
            while len(_cache) > _CACHE_SIZE:
                _, evicted = _cache.popitem(last=False)
                _by_identity.pop(id(evicted.original), None)
        else:
            _cache.move_to_end(key)
        _by_identity[id(text)] = (text, found)
    return found


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()
        _by_identity.clear()

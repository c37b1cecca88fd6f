"""Where in a long source a near-verbatim quote can be: a q-gram index that narrows the fuzzy search.

Aligning a quote over a whole 1 MB statute with rapidfuzz costs ~0.1 s per quote, and a draft that
misquotes a few hundred times spends minutes there. The q-gram lemma gives a filter that loses nothing:
a window within Levenshtein distance k of a needle of length m shares at least m - q + 1 - k*q of the
needle's q-grams (each edit destroys at most q of them). Every window of length <= W lies inside one of
the blocks [b*W, b*W + 2W), so counting, per block, the needle positions whose gram occurs in the block
and keeping the blocks that reach the bound keeps every window that could pass the threshold. Only those
blocks are then aligned with rapidfuzz.

The same per-block counts rank passages for "nearest passages" when a quote is absent: a cheap
approximation of rapidfuzz's score used to pick a few dozen blocks, which rapidfuzz then scores exactly.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np
import numpy.typing as npt

Q = 4
# Grams found in more than this share of the blocks are counted as present in every block: an
# over-count keeps the filter lossless, and skipping them bounds the work on common grams ("the ", " że").
_COMMON_SHARE = 0.25
_COMMON_MIN = 64
_CACHE_SIZE = 8

_U64 = npt.NDArray[np.uint64]
_I64 = npt.NDArray[np.int64]
_I32 = npt.NDArray[np.int32]


def _keys(text: str) -> _U64:
    """One 64-bit hash per gram start (len(text) - Q + 1 of them); collisions only add candidates."""
    if len(text) < Q:
        return np.zeros(0, dtype=np.uint64)
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    n = len(codes) - Q + 1
    # code points fit in 21 bits: three exactly in 63 bits, the fourth mixed in with a multiplier
    key = (codes[:n] << np.uint64(42)) | (codes[1 : n + 1] << np.uint64(21)) | codes[2 : n + 2]
    key ^= codes[3 : n + 3] * np.uint64(0x9E3779B97F4A7C15)
    return key


class GramIndex:
    """Sorted gram keys of one text with their positions; built once per source, read by many quotes."""

    def __init__(self, text: str) -> None:
        self.length = len(text)
        keys = _keys(text)
        order = np.argsort(keys, kind="stable")
        self._keys: _U64 = keys[order]
        self._pos: _I32 = order.astype(np.int32)  # 4 bytes a character: a 5 MB source costs ~60 MB

    def block_counts(self, needle: str, stride: int, *, diagonal: bool = False) -> _I64:
        """For each block of length 2*stride (step `stride`), how many gram positions j of `needle` have
        their gram somewhere in the block. With `diagonal`, an occurrence at p counts at p - j + len(needle)
        (where the needle would have to start, shifted to stay positive) instead of at p: a window within k
        edits keeps its surviving grams within k of one diagonal, so bands of diagonals are far more
        selective than blocks of text."""
        if stride <= 0:
            raise ValueError(f"stride must be positive, got {stride}")
        span = self.length + (len(needle) if diagonal else 0)
        n_blocks = max(1, -(-span // stride))
        counts = np.zeros(n_blocks, dtype=np.int64)
        grams = _keys(needle)
        if not len(grams) or not len(self._keys):
            return counts
        lo = np.searchsorted(self._keys, grams, side="left")
        hi = np.searchsorted(self._keys, grams, side="right")
        sizes = hi - lo
        common = sizes > max(_COMMON_MIN, int(_COMMON_SHARE * n_blocks))
        counts += int(np.count_nonzero(common))
        rare = np.flatnonzero(~common & (sizes > 0))
        if not len(rare):
            return counts
        r_lo, r_sizes = lo[rare], sizes[rare]
        total = int(r_sizes.sum())
        # positions of every occurrence of every rare gram, with the needle position j it stands for
        owner = np.repeat(rare, r_sizes)
        offsets = np.arange(total) - np.repeat(np.cumsum(r_sizes) - r_sizes, r_sizes)
        where = self._pos[np.repeat(r_lo, r_sizes) + offsets].astype(np.int64)
        if diagonal:
            where += len(needle) - owner
        block = where // stride
        # a position lies in its own block and in the one before it (blocks overlap by half). A gram seen
        # twice in one block counts twice: an over-count, which keeps the filter lossless and saves the
        # sort a distinct count would need.
        hits = np.bincount(block, minlength=n_blocks + 1)
        counts += hits[:n_blocks] + hits[1 : n_blocks + 1]
        return counts

    def candidate_regions(self, needle: str, max_edits: int) -> list[tuple[int, int]] | None:
        """Regions of the text that can hold a window within `max_edits` Levenshtein edits of `needle`;
        None when the bound says nothing (a short needle) and the caller must scan it all.

        Such a window keeps at least need = m - Q + 1 - max_edits*Q of the needle's grams. Each kept gram
        sits on a diagonal (text position minus needle position) shifted from the window's start by the
        insertions before it minus the deletions before it, so all of them lie within max_edits + 1
        consecutive diagonals. Bands of 2*(max_edits + 1) diagonals starting every max_edits + 1 hold every
        such run, so the bands reaching `need` cover every window that can pass."""
        m = len(needle)
        need = m - Q + 1 - max_edits * Q
        if need <= 0:
            return None
        stride = max_edits + 1
        counts = self.block_counts(needle, stride, diagonal=True)
        regions: list[tuple[int, int]] = []
        for b in np.flatnonzero(counts >= need).tolist():
            # diagonals [b*stride, (b+2)*stride) shifted back by m: where the window may start
            first = b * stride - m - max_edits
            lo = max(0, first)
            hi = min(self.length, b * stride - m + 2 * stride + m + 2 * max_edits)
            if hi <= lo:
                continue
            if regions and lo <= regions[-1][1]:
                regions[-1] = (regions[-1][0], max(regions[-1][1], hi))
            else:
                regions.append((lo, hi))
        return regions

    def ranked_blocks(self, needle: str, stride: int, limit: int) -> list[int]:
        """Start offsets of the `limit` blocks sharing most of the needle's grams, best first."""
        counts = self.block_counts(needle, stride)
        if not len(counts):
            return []
        limit = min(limit, len(counts))
        top = np.argpartition(-counts, limit - 1)[:limit]
        ordered = sorted(top.tolist(), key=lambda b: (-int(counts[b]), b))
        return [b * stride for b in ordered]


_cache: OrderedDict[int, tuple[str, GramIndex]] = OrderedDict()
_lock = threading.Lock()


def gram_index(text: str) -> GramIndex:
    """The index of `text`, built once while the text is among the last few indexed (parallel quotes
    against one source wait for one build)."""
    key = id(text)
    with _lock:
        hit = _cache.get(key)
        if hit is not None and hit[0] is text:
            _cache.move_to_end(key)
            return hit[1]
        built = GramIndex(text)
        _cache[key] = (text, built)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
        return built


__all__ = ["GramIndex", "Q", "gram_index"]

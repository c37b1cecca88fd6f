"""What every figure shares: the result record, the printed line, the JSON file, timing helpers."""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "tests" / "data"
BENCH_DATA = Path(__file__).resolve().parent / "data"
DEFAULT_JSON = ROOT / "var" / "bench.json"


@dataclass
class Figure:
    """One measured number and the baseline it is judged against.

    `ratio` is always value / baseline, so for times smaller is better. `target` is a human sentence; `met`
    is None when the figure has no target of its own (context only) or could not be measured."""

    name: str
    value: float | None
    baseline: float | None
    unit: str
    baseline_name: str
    target: str = ""
    met: bool | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.value is None or self.baseline is None or self.baseline == 0:
            return None
        return self.value / self.baseline

    def line(self) -> str:
        parts = [
            f"bench: {self.name}",
            f"value={fmt(self.value)}{self.unit if self.value is not None else ''}",
            f"baseline={fmt(self.baseline)}{self.unit if self.baseline is not None else ''}",
            f"ratio={fmt(self.ratio)}",
        ]
        if self.target:
            verdict = {True: "met", False: "NOT met", None: "n/a"}[self.met]
            parts.append(f"target={self.target!r} {verdict}")
        if self.note:
            parts.append(f"note={self.note!r}")
        return " ".join(parts)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ratio"] = self.ratio
        return data


def unavailable(name: str, unit: str, baseline_name: str, reason: str, target: str = "") -> Figure:
    """A figure that could not be measured says so on its line: a silent gap would read as 'fine'."""
    return Figure(
        name, None, None, unit, baseline_name, target=target, met=None, note=f"unavailable: {reason}"
    )


def fmt(x: float | None) -> str:
    if x is None:
        return "n/a"
    if x == 0:
        return "0"
    if abs(x) >= 1000:
        return f"{x:.0f}"
    digits = max(0, 3 - math.floor(math.log10(abs(x))) - 1)
    return f"{x:.{min(digits, 6)}f}"


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def median_time(fn: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    for _ in range(warmup):
        fn()
    return statistics.median(timed(fn) for _ in range(max(1, repeats)))


def percentile(samples: Sequence[float], p: float) -> float:
    """Nearest-rank percentile: p95 of 50 samples is the 48th smallest, a sample that really happened."""
    if not samples:
        raise ValueError("percentile of no samples")
    ordered = sorted(samples)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def write_json(figures: Iterable[Figure], path: Path, meta: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {"meta": meta, "figures": [f.as_json() for f in figures]}
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def forget_korean_analyses() -> None:
    """Cold: the cached Korean analyses are a draft's own (e2e.cli_cold, history.cold); the per-installation
    tables beside them (the simplemma index, the Unicode tables) stay."""
    from verifier.cache import cache_dir

    for path in cache_dir().glob("kiwi-*.sqlite*"):
        path.unlink(missing_ok=True)

"""`python -m bench.median RUN.json RUN.json RUN.json`: the median of several `make bench` runs, per figure,
as the Markdown table kept in bench/README.md. Value, baseline and ratio are medians taken separately (the
ratio column is the median of the runs' ratios, not the ratio of the medians)."""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.common import fmt


def _median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def table(runs: list[dict[str, Any]]) -> str:
    names: list[str] = []
    by_name: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        for figure in run["figures"]:
            if figure["name"] not in by_name:
                names.append(figure["name"])
            by_name.setdefault(figure["name"], []).append(figure)
    lines = [
        "| figure | value | baseline | ratio | target | met (runs) | n |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in names:
        rows = by_name[name]
        unit = rows[0]["unit"]
        value = _median([r["value"] for r in rows])
        baseline = _median([r["baseline"] for r in rows])
        ratio = _median([r["ratio"] for r in rows])
        mets = [r["met"] for r in rows if r["met"] is not None]
        met = f"{sum(mets)}/{len(mets)}" if mets else "—"
        lines.append(
            f"| {name} | {fmt(value)} {unit} | {fmt(baseline)} {unit} | {fmt(ratio)} | "
            f"{rows[0]['target'] or '—'} | {met} | {len(rows)} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    runs = [json.loads(Path(p).read_text(encoding="utf-8")) for p in argv]
    print(table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""`python -m bench [--only NAMES] [--smoke] [--json PATH]`: run the benchmarks, print one line per figure
(`bench: NAME value=… baseline=… ratio=…`) and write the same figures as JSON (default var/bench.json).

Figures: fragment, extraction (pure Python), e2e, workbench, pages, memory, scaling, exports (need PostgreSQL,
Redis and a DATABASE_URL naming a benchmark database; `make bench` sets them). A figure that cannot be
measured prints a line saying why, and the exit status is then 1."""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.common import DEFAULT_JSON, ROOT, Figure, unavailable, write_json

PURE = ("fragment", "extraction", "history")
DJANGO = ("e2e", "workbench", "pages", "memory", "scaling", "exports")
ALL = PURE + DJANGO

# What each figure is called in the output when it fails before producing its own lines.
PLACEHOLDER = {
    "fragment": ("fragment.all_quotes", "s", "normalize source + str.find of every normalized quote"),
    "extraction": ("extraction.mb_per_s", "MB/s", "one finditer pass of a single compiled regex"),
    "e2e": ("e2e.cli_cold", "s", "ideal parallel bound"),
    "history": ("history.cold", "s", "the same draft without history look-ups"),
    "workbench": ("workbench.completion", "s", "manage.py verify cold"),
    "pages": ("pages.full_p95", "s", "the same page with 10 findings"),
    "memory": ("memory.worker_peak_rss", "MB", "the same worker idle"),
    "scaling": ("scaling.workers_2", "s", "the same reviews with 1 worker process"),
    "exports": ("exports.docx_peak_mb", "MB", "the same process before the export"),
}


def _runner(name: str, smoke: bool, context: dict[str, Any]) -> Callable[[], list[Figure]]:
    if name == "fragment":
        from bench import fragment

        if smoke:
            return lambda: fragment.run(n_quotes=8, source_bytes=60_000, repeats=1, fuzzy_sample=2)
        return lambda: fragment.run()
    if name == "extraction":
        from bench import extraction

        return lambda: extraction.run(size_bytes=60_000 if smoke else 5_000_000, repeats=1 if smoke else 3)
    if name == "history":
        from bench import history

        return lambda: history.run(repeats=1 if smoke else 3)
    if name == "e2e":
        from bench import end_to_end

        return lambda: end_to_end.run(context=context)
    if name == "workbench":
        from bench import workbench_flow

        return lambda: workbench_flow.run(context=context)
    if name == "pages":
        from bench import pages

        return lambda: pages.run(context=context)
    if name == "memory":
        from bench import memory

        return lambda: memory.run()
    if name == "scaling":
        from bench import scaling

        return lambda: scaling.run()
    if name == "exports":
        from bench import exports

        if smoke:
            return lambda: exports.run(n=200, n_base=100, formats=("json", "csv"))
        return lambda: exports.run()
    raise ValueError(f"unknown figure {name!r}; known: {', '.join(ALL)}")


def _git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        return out.stdout.strip()
    except OSError:
        return ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", default=",".join(ALL), help=f"comma-separated, from: {', '.join(ALL)}")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes (seconds), to check the harness")
    parser.add_argument("--json", default=str(DEFAULT_JSON), help="where to write the figures as JSON")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in ALL]
    if unknown:
        parser.error(f"unknown figure(s) {', '.join(unknown)}; known: {', '.join(ALL)}")
    # whitenoise warns once per process that collectstatic has not run; the benchmarks serve no static file
    warnings.filterwarnings("ignore", message="No directory at")

    started = time.perf_counter()
    meta: dict[str, Any] = {
        "started_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _git_commit(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_before": os.getloadavg(),
        "smoke": args.smoke,
        "figures_asked": names,
    }
    figures: list[Figure] = []
    context: dict[str, Any] = {}
    django_ready: str | None = None
    for name in names:
        if name in DJANGO and django_ready is None:
            try:
                from bench.django_env import setup_django

                setup_django()
                django_ready = ""
            except Exception as exc:  # every later Django figure says why it is missing
                django_ready = f"{type(exc).__name__}: {exc}"
        fig_start = time.perf_counter()
        try:
            if name in DJANGO and django_ready:
                raise RuntimeError(f"Django set-up failed: {django_ready}")
            produced = _runner(name, args.smoke, context)()
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            label, unit, base = PLACEHOLDER[name]
            produced = [unavailable(label, unit, base, f"{type(exc).__name__}: {str(exc)[:300]}")]
        for figure in produced:
            figure.extra.setdefault("seconds_to_measure", round(time.perf_counter() - fig_start, 1))
            print(figure.line(), flush=True)
        figures += produced
    meta["load_after"] = os.getloadavg()
    meta["duration_s"] = round(time.perf_counter() - started, 1)
    out = Path(args.json)
    write_json(figures, out if out.is_absolute() else ROOT / out, meta)
    print(f"bench: done in {meta['duration_s']} s, figures in {args.json}", flush=True)
    return 1 if any(f.value is None for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())

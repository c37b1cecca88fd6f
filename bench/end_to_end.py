"""Figure 3: `manage.py verify` on the 100-citation draft against the fake sources with 100 ms per request.

Cold: no cached snapshot in the bench database, so every source comes from the fakes. Warm: the same
command again, every source now in the snapshot cache; it must send nothing upstream. Baselines in the same
run: the sequential lower bound (requests x latency, as if one request at a time) and the ideal parallel
bound (latency x ceil(requests / concurrency)), where concurrency is what the HTTP layer allows towards one
host (all fakes share 127.0.0.1:port); for the warm run, the wall time of `manage.py verify --help`, i.e.
interpreter and Django start-up, which no verification can avoid."""

from __future__ import annotations

import inspect
import json
import math
import resource
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import ROOT, Figure
from bench.django_env import LATENCY, PYTHON, empty_reviews_and_sources, fake_sources, source_env
from bench.draft import DRAFT_100

OUT_DIR = ROOT / "var" / "bench"


@dataclass(frozen=True)
class CliRun:
    wall: float
    cpu: float
    requests: int
    statuses: dict[str, int]


def per_host_limit() -> int:
    from verifier.sources.http import SourceHTTP

    default = inspect.signature(SourceHTTP.__init__).parameters["per_host_limit"].default
    return int(default)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(env: dict[str, str], draft: Path, out: Path, *, fake: Any) -> CliRun:
    fake.clear_requests()
    cmd = [PYTHON, "manage.py", "verify", str(draft), "--format", "json", "--output", str(out)]
    cpu0, start = _children_cpu(), time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    wall, cpu = time.perf_counter() - start, _children_cpu() - cpu0
    if proc.returncode not in (0, 1):  # 1 = the draft has hard blocks, still a complete report
        raise RuntimeError(f"manage.py verify exited {proc.returncode}: {proc.stderr.strip()[-600:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    statuses = Counter(f["status"] for d in report["documents"] for f in d["findings"])
    return CliRun(wall, cpu, len(fake.requests), dict(statuses))


def run(*, draft: Path = DRAFT_100, context: dict[str, Any] | None = None) -> list[Figure]:
    context = context if context is not None else {}
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    empty_reviews_and_sources()
    with fake_sources(LATENCY) as fake:
        env = source_env(fake)
        start = time.perf_counter()
        subprocess.run(
            [PYTHON, "manage.py", "verify", "--help"], cwd=ROOT, env=env, capture_output=True, check=True
        )
        startup = time.perf_counter() - start
        cold = run_cli(env, draft, OUT_DIR / "cli-cold.json", fake=fake)
        warm = run_cli(env, draft, OUT_DIR / "cli-warm.json", fake=fake)
    concurrency = per_host_limit()
    sequential = cold.requests * LATENCY
    ideal = LATENCY * math.ceil(cold.requests / concurrency)
    context["cli_cold"] = cold.wall
    context["cli_warm"] = warm.wall
    findings = sum(cold.statuses.values())
    limit = 1.5 * ideal + 2.0
    return [
        Figure(
            "e2e.cli_cold",
            cold.wall,
            ideal,
            "s",
            f"ideal parallel bound: {LATENCY:g} s x ceil({cold.requests} requests / {concurrency} per host)",
            target="<= 1.5 x ideal parallel bound + 2 s CPU",
            met=cold.wall <= limit,
            note=f"{findings} findings {cold.statuses}; {cold.requests} upstream requests; "
            f"CPU {cold.cpu:.2f} s; limit {limit:.2f} s",
        ),
        Figure(
            "e2e.cli_cold_vs_sequential",
            cold.wall,
            sequential,
            "s",
            f"sequential lower bound: {cold.requests} requests x {LATENCY:g} s",
        ),
        Figure(
            "e2e.cli_warm",
            warm.wall,
            startup,
            "s",
            "start-up of `manage.py verify --help`",
            target="<= 2 s and 0 upstream requests",
            met=warm.wall <= 2.0 and warm.requests == 0,
            note=f"{warm.requests} upstream requests; CPU {warm.cpu:.2f} s; statuses {warm.statuses}",
        ),
    ]


__all__ = ["CliRun", "per_host_limit", "run", "run_cli"]

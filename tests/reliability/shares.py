"""The table of `test_the_share_of_findings_reaching_their_fault_free_status` runs recorded in
var/test/reliability-figures.jsonl: per fault rate, the findings that reached their fault-free status over
every seed run.

    RUN_SLOW=1 .venv/bin/pytest -q tests/reliability/test_upstream_faults.py -k share
    .venv/bin/python -m tests.reliability.shares
"""

from __future__ import annotations

import json
from collections import defaultdict

from tests.reliability.harness import FIGURES


def table(test: str = "fault_shares") -> str:
    runs: dict[float, dict[int, dict]] = defaultdict(dict)
    for line in FIGURES.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("test") == test:
            runs[row["rate"]][row["seed"]] = row  # the latest run of each seed
    lines = ["| faults | seeds | findings | reached fault-free status | ⛔ retry now | other verdict |"]
    lines.append("|---|---|---|---|---|---|")
    for rate in sorted(runs):
        rows = runs[rate].values()
        findings = sum(r["findings"] for r in rows)
        reached = sum(r["reached"] for r in rows)
        blocked = sum(r["no_source_from_fault"] for r in rows)
        other = sum(r["changed"] + r["false_red"] + r["lost"] for r in rows)
        share = f"{reached}/{findings} ({reached / findings:.1%})" if findings else "-"
        lines.append(f"| {rate:.0%} | {len(rows)} | {findings} | {share} | {blocked} | {other} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())

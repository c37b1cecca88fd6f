"""Figure 8: time and peak memory of every export of a review with 2,000 findings.

The review is built by `bench.big_review` against the real corpus (the Kodeks cywilny, 380 KB of text and
151 KB of units, is the source of 400 of the findings). Each export is taken in a fresh child process
(`python -m bench.exports child …`) through the real download view (Django's test client, the whole
middleware stack, the response read to its end chunk by chunk as a server would send it), so one format's
garbage never counts against another's. The peak is the child's VmHWM (Linux's high-water mark of resident
memory, which also counts what C libraries allocate, unlike tracemalloc) after the download; the memory
baseline is the same child's VmRSS just before it, with Django, python-docx and fpdf2 loaded. The time
baseline is the same export of a 100-finding review built the same way, in the same run.

The .docx export has two paths, both measured: a draft pasted or uploaded as text is written out with a
comment at each citation (`docx`); a draft uploaded as .docx gets its comments in a copy of the original file
(`docx_original`, the same draft saved as .docx, one paragraph a line).

Targets: every format in <= 5 s and <= 300 MB peak."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

from bench.common import ROOT, Figure

N = 2000
N_BASE = 100
TARGET_S = 5.0
TARGET_MB = 300.0
# every format the workbench offers: the review report's four and the table of authorities / audit trail
FORMATS = ("json", "csv", "pdf", "docx", "toa-pdf", "toa-docx", "audit-csv")
PARTNER = "bench-partner"


def partner() -> Any:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    user, _ = get_user_model().objects.get_or_create(username=PARTNER)
    user.groups.add(Group.objects.get(name="partner"))
    return user


def measure(
    review_id: int,
    fmt: str,
    username: str,
    *,
    output: str = "",
    env: dict[str, str] | None = None,
    address_space: int = 0,
) -> dict[str, Any]:
    """One export in a fresh process: {seconds, peak_mb, idle_mb, vm_peak_mb, bytes, sha256, streaming};
    `output`: where the child writes what it downloaded; `address_space`: an RLIMIT_AS for the child, in
    bytes (an export that needs more fails there with MemoryError instead of growing)."""

    def limit() -> None:
        if address_space:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    out = subprocess.run(
        [sys.executable, "-m", "bench.exports", "child", str(review_id), fmt, username, output],
        cwd=ROOT,
        env=env if env is not None else dict(os.environ),
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=limit,
    )
    if out.returncode != 0:
        tail = (out.stderr or out.stdout).strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"the {fmt} export's process exited {out.returncode}: {tail[0][:200]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def child(review_id: int, fmt: str, username: str, output: str = "") -> dict[str, Any]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "workbench.settings")
    django.setup()
    import docx  # noqa: F401  (loaded before the idle measurement: a library is not the export's memory)
    import fpdf  # noqa: F401
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from bench.django_env import logged_in_client, proc_status_kb
    from workbench.exports import record as record_exports  # noqa: F401
    from workbench.exports import report as exports  # noqa: F401

    client = logged_in_client(get_user_model().objects.get(username=username))
    client.get(reverse("home"))  # sessions, middleware and templates warmed, as in a running server
    idle_kb = proc_status_kb(os.getpid(), "VmRSS")
    digest = hashlib.sha256()
    size = 0
    start = time.perf_counter()
    response = client.get(reverse("review_export", args=[review_id, fmt]), {"lang": "en"})
    if response.status_code != 200:
        raise RuntimeError(f"the {fmt} export answered {response.status_code}")
    chunks = response.streaming_content if response.streaming else [response.content]
    with open(output or os.devnull, "wb") as sink:
        for chunk in chunks:
            digest.update(chunk)
            size += len(chunk)
            sink.write(chunk)
    seconds = time.perf_counter() - start
    peak_kb = proc_status_kb(os.getpid(), "VmHWM")
    return {
        "seconds": seconds,
        "peak_mb": peak_kb / 1024,
        "idle_mb": idle_kb / 1024,
        "vm_peak_mb": proc_status_kb(os.getpid(), "VmPeak") / 1024,
        "bytes": size,
        "sha256": digest.hexdigest(),
        "streaming": bool(response.streaming),
    }


def run(*, n: int = N, n_base: int = N_BASE, formats: tuple[str, ...] = FORMATS) -> list[Figure]:
    from django.conf import settings

    from bench.big_review import import_corpus_offline, review_of_n_findings
    from bench.django_env import bench_user_and_matter, empty_reviews_and_sources
    from workbench.pipeline.sources import reset_router

    empty_reviews_and_sources()
    user, matter = bench_user_and_matter()
    boss = partner()
    matter.members.add(boss)
    local_only = settings.WORKBENCH_LOCAL_ONLY
    settings.WORKBENCH_LOCAL_ONLY = True
    try:
        import_corpus_offline()
        start = time.perf_counter()
        big = review_of_n_findings(user, boss, matter, n)
        built = time.perf_counter() - start
        small = review_of_n_findings(user, boss, matter, n_base)
        # the .docx export of a draft uploaded as .docx comments a copy of that file: another path
        word = review_of_n_findings(user, boss, matter, n, word=True) if "docx" in formats else None
        small_word = review_of_n_findings(user, boss, matter, n_base, word=True) if word else None
    finally:
        settings.WORKBENCH_LOCAL_ONLY = local_only
        reset_router()
    cases = [(fmt, fmt, big, small) for fmt in formats]
    if word is not None and small_word is not None:
        cases.append(("docx_original", "docx", word, small_word))
    figures: list[Figure] = []
    for label, fmt, big_review, small_review in cases:
        base = measure(small_review.pk, fmt, boss.username)
        got = measure(big_review.pk, fmt, boss.username)
        note = (
            f"{n} findings, {got['bytes'] / 1e6:.2f} MB{' streamed' if got['streaming'] else ''}; "
            f"{n_base} findings: {base['bytes'] / 1e6:.2f} MB, peak {base['peak_mb']:.0f} MB"
        )
        figures += [
            Figure(
                f"exports.{label}_seconds",
                got["seconds"],
                base["seconds"],
                "s",
                f"the same export of a {n_base}-finding review",
                target=f"<= {TARGET_S:.0f} s",
                met=got["seconds"] <= TARGET_S,
                note=note,
            ),
            Figure(
                f"exports.{label}_peak_mb",
                got["peak_mb"],
                got["idle_mb"],
                "MB",
                "the same process's RSS before the export (Django, python-docx and fpdf2 loaded)",
                target=f"<= {TARGET_MB:.0f} MB",
                met=got["peak_mb"] <= TARGET_MB,
                note=f"VmHWM of a fresh process; {n} findings",
            ),
        ]
    figures[0].extra["review_built_s"] = round(built, 1)
    return figures


if __name__ == "__main__":
    if len(sys.argv) in (5, 6) and sys.argv[1] == "child":
        print(json.dumps(child(int(sys.argv[2]), sys.argv[3], sys.argv[4], *sys.argv[5:])), flush=True)
    else:
        sys.exit("usage: python -m bench.exports child REVIEW_ID FORMAT USERNAME [OUTPUT]")


__all__ = ["FORMATS", "child", "measure", "run"]

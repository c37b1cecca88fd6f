"""Figure 4: the 100-citation draft submitted through the web app to a real worker on Redis (2 processes).

The draft is uploaded with Django's test client to the real `review_new` view (full middleware stack, no
network socket); the page's live partial (`?part=live` with HX-Request) is then fetched every 100 ms. Time
to first finding: until a served partial shows at least one finished finding. Completion: until the review
is done. Cold like the CLI's cold run (no snapshot cached), against the same fakes with 100 ms per request.
Baseline: the CLI's cold time from figure 3 of the same run (measured again here if figure 3 was not run).
The real page polls every 2 s, so a person sees the first finding up to 2 s later than measured here."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from bench.common import Figure
from bench.django_env import (
    LATENCY,
    Workers,
    bench_user_and_matter,
    empty_reviews_and_sources,
    fake_sources,
    logged_in_client,
    source_env,
)
from bench.draft import DRAFT_100
from bench.end_to_end import OUT_DIR, run_cli

PROCESSES = 2
_PROGRESS = re.compile(r'<progress max="(\d+)" value="(\d+)"')


def run(
    *, draft: Path = DRAFT_100, context: dict[str, Any] | None = None, timeout: float = 300.0
) -> list[Figure]:
    from django.urls import reverse

    from workbench.models import Review

    context = context if context is not None else {}
    with fake_sources(LATENCY) as fake:
        if "cli_cold" not in context:
            empty_reviews_and_sources()
            context["cli_cold"] = run_cli(source_env(fake), draft, OUT_DIR / "cli-cold.json", fake=fake).wall
        empty_reviews_and_sources()
        user, matter = bench_user_and_matter()
        client = logged_in_client(user)
        with Workers(fake, concurrency=PROCESSES) as _workers:
            fake.clear_requests()
            start = time.perf_counter()
            with draft.open("rb") as handle:
                response = client.post(
                    reverse("review_new"), {"matter": matter.pk, "title": "bench", "file": handle}
                )
            if response.status_code != 302:
                raise RuntimeError(f"review_new answered {response.status_code}, not a redirect")
            submitted = time.perf_counter() - start
            review = Review.objects.latest("pk")
            live = reverse("review", args=[review.pk]) + "?part=live"
            first: float | None = None
            deadline = start + timeout
            while time.perf_counter() < deadline:
                page = client.get(live, HTTP_HX_REQUEST="true")
                m = _PROGRESS.search(page.content.decode())
                if first is None and m is not None and int(m.group(2)) >= 1:
                    first = time.perf_counter() - start
                if Review.objects.filter(pk=review.pk, status=Review.Status.DONE).exists():
                    break
                time.sleep(0.1)
            else:
                raise TimeoutError(f"the review was not done within {timeout:.0f} s")
            done = time.perf_counter() - start
            requests = len(fake.requests)
    review.refresh_from_db()
    statuses: dict[str, int] = {}
    for status in review.findings.values_list("status", flat=True):
        statuses[status] = statuses.get(status, 0) + 1
    context["web_cold"] = done
    cli = context["cli_cold"]
    return [
        Figure(
            "workbench.completion",
            done,
            cli,
            "s",
            "manage.py verify cold, same draft, same fakes (figure 3)",
            target="<= 1.2 x CLI cold",
            met=done <= 1.2 * cli,
            note=f"{PROCESSES} worker processes; {review.progress_total} findings {statuses}; "
            f"{requests} upstream requests; upload answered in {submitted:.2f} s",
        ),
        Figure(
            "workbench.first_finding",
            first,
            done,
            "s",
            "completion time of the same review",
            note="live partial polled every 0.1 s here; the page itself polls every 2 s",
        ),
    ]


__all__ = ["run"]

"""Figure 5: server time of the findings page of a review with 500 findings, full page and HTMX partial.

p50 and p95 over 50 requests each (after 3 warm-up requests), through Django's test client: the whole
middleware stack, view, ORM queries and template rendering, without a network socket. The review is built
like a finished one: findings from the citations of the benchmark draft (repeated to 500), statuses of every
kind, a source snapshot on the verified ones, and the audit chain the full page verifies (two events per
finding, as a worker writes). Baseline: the same page of a review with 10 findings, built the same way.
The SQL query count of each page is reported too, 500 against 10: it must not grow with the findings."""

from __future__ import annotations

import functools
import hashlib
import time
from typing import Any

from bench.common import Figure, percentile
from bench.django_env import bench_user_and_matter, empty_reviews_and_sources, logged_in_client
from bench.draft import DRAFT_100
from verifier.model import Claim

REQUESTS = 50
WARMUP = 3
STATUSES = ("verified", "verified", "modified", "needs_judgement", "unverified", "no_source", "not_checked")


def review_with_n_findings(user: Any, matter: Any, n: int, *, audit_events: bool = True) -> Any:
    """A finished review with `n` findings whose citations and sentences come from the benchmark draft."""
    from django.utils import timezone

    from verifier.model import Status
    from workbench.models import Finding, Review, SourceSnapshot
    from workbench.pipeline.records import finding_row

    draft, all_claims = _draft_and_claims(n // 100 + 1)
    claims = all_claims[:n]
    if len(claims) < n:
        raise ValueError(f"the benchmark draft gives {len(claims)} claims, {n} asked")
    review = Review.objects.create(
        matter=matter,
        title=f"{n} findings",
        created_by=user,
        draft_name="draft.md",
        draft_format="md",
        draft_text=draft,
        draft_sha256=hashlib.sha256(draft.encode()).hexdigest(),
        status=Review.Status.DONE,
        language="ko",
        progress_total=n,
        progress_done=n,
        finished_at=timezone.now(),
    )
    text = "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."
    snapshot = SourceSnapshot.objects.create(
        key=f"bench:{review.pk}",
        source_id=f"bench:{review.pk}",
        origin="corpus",
        jurisdiction="kr",
        kind="statute",
        title="민법",
        url="https://www.law.go.kr/법령/민법",
        version="284415",
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        fetched_at=timezone.now(),
        text=text,
    )
    rows = []
    for ordinal, claim in enumerate(claims, start=1):
        status = STATUSES[ordinal % len(STATUSES)]
        row = finding_row(review, ordinal, claim)  # the claim's fields exactly as extraction stores them
        row.achieved_level = "fragment" if status == "verified" else "existence"
        row.status = status
        row.risk = Finding.risk_of(status)
        row.rationale = f"{Status(status).label}: benchmark row {ordinal}"
        row.snapshot = snapshot if status in ("verified", "modified") else None
        row.progress = Finding.Progress.DONE
        rows.append(row)
    Finding.objects.bulk_create(rows)
    if audit_events:
        events = [("review_created", {"title": review.title})]
        for row in rows:
            events.append(("source_resolved", {"finding": row.finding_id, "key": row.anchor_key}))
            events.append(("finding_computed", {"finding": row.finding_id, "status": row.status}))
        _chain(review, events)
    return review


@functools.cache
def _draft_and_claims(copies: int) -> tuple[str, list[Claim]]:
    from verifier.citations import extract_claims

    draft = "\n".join([DRAFT_100.read_text(encoding="utf-8")] * copies)
    return draft, extract_claims(draft, lang="ko")


def _chain(review: Any, events: list[tuple[str, dict[str, Any]]]) -> None:
    """The audit chain a worker would have written, hashed by `workbench.audit` itself, stored in one
    statement (appending 1,000 events one by one, each locking the review, is the slow part of the setup)."""
    from django.utils import timezone

    from workbench import audit
    from workbench.models import AuditEvent

    prev = audit.GENESIS
    rows = []
    for seq, (kind, payload) in enumerate(events, start=1):
        event = AuditEvent(
            review=review,
            seq=seq,
            kind=kind,
            actor_name="system",
            payload=payload,
            created_at=timezone.now(),
            prev_hash=prev,
        )
        event.hash = prev = audit.hash_of(event)
        rows.append(event)
    AuditEvent.objects.bulk_create(rows)


def _page_times(client: Any, url: str, *, htmx: bool) -> list[float]:
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for _ in range(WARMUP):
        client.get(url, **headers)
    samples = []
    for _ in range(REQUESTS):
        start = time.perf_counter()
        response = client.get(url, **headers)
        samples.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise RuntimeError(f"{url} answered {response.status_code}")
    return samples


def query_count(client: Any, url: str, *, htmx: bool) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    with CaptureQueriesContext(connection) as captured:
        client.get(url, **headers)
    return len(captured.captured_queries)


def run(*, n: int = 500, n_base: int = 10, context: dict[str, Any] | None = None) -> list[Figure]:
    from django.urls import reverse

    empty_reviews_and_sources()
    user, matter = bench_user_and_matter()
    from workbench.audit import verify_chain

    big = review_with_n_findings(user, matter, n)
    small = review_with_n_findings(user, matter, n_base)
    if not (verify_chain(big).ok and verify_chain(small).ok):
        raise RuntimeError("the benchmark reviews' audit chains do not verify: the page would show a warning")
    client = logged_in_client(user)
    figures: list[Figure] = []
    for htmx, label, p95_target in ((False, "full", 0.150), (True, "partial", 0.060)):
        url_big, url_small = reverse("review", args=[big.pk]), reverse("review", args=[small.pk])
        t_big = _page_times(client, url_big, htmx=htmx)
        t_small = _page_times(client, url_small, htmx=htmx)
        q_big, q_small = query_count(client, url_big, htmx=htmx), query_count(client, url_small, htmx=htmx)
        what = f"the same {'HTMX table partial' if htmx else 'full page'} with {n_base} findings"
        figures += [
            Figure(
                f"pages.{label}_p50",
                percentile(t_big, 50),
                percentile(t_small, 50),
                "s",
                what,
                note=f"{n} findings, {REQUESTS} requests",
            ),
            Figure(
                f"pages.{label}_p95",
                percentile(t_big, 95),
                percentile(t_small, 95),
                "s",
                what,
                target=f"p95 <= {p95_target * 1000:.0f} ms",
                met=percentile(t_big, 95) <= p95_target,
                note=f"{n} findings, {REQUESTS} requests",
            ),
            Figure(
                f"pages.{label}_queries",
                q_big,
                q_small,
                "",
                f"SQL queries of {what}",
                target="constant in the number of findings",
                met=q_big == q_small,
            ),
        ]
    return figures


__all__ = ["query_count", "review_with_n_findings", "run"]

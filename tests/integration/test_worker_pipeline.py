"""The review pipeline through a real worker on Redis gives the same findings as the in-process CLI path."""

from __future__ import annotations

import pytest

from tests.integration.fixtures import wait_for

pytestmark = pytest.mark.integration

MEMOS = ["memo-ko.md", "opinia-pl.md", "memo-eu.md"]


def finding_tuples_from_db(review):
    return [
        (f.finding_id, f.span_start, f.span_end, f.citation, f.status, f.achieved_level, f.rationale)
        for f in review.findings.order_by("ordinal")
    ]


@pytest.mark.parametrize("memo", MEMOS)
def test_it_verifies_a_memo_on_the_worker_like_the_cli_does(
    memo, people, corpus_snapshots, celery_worker_real, data_dir, settings
):
    from verifier.ingest import ingest_path
    from verifier.pipeline import verify_document
    from workbench import audit
    from workbench.management.commands.verify import CachedResolver
    from workbench.models import Review
    from workbench.pipeline.sources import router
    from workbench.reviews import services

    settings.WORKBENCH_LOCAL_ONLY = True
    document = ingest_path(data_dir / "memos" / memo)
    review = services.create_review(
        user=people["associate"], matter=people["matter"], title=memo, document=document
    )
    wait_for(lambda: Review.objects.get(pk=review.pk).status == Review.Status.DONE)
    review.refresh_from_db()
    assert review.progress_done == review.progress_total > 0

    expected = verify_document(document, CachedResolver({}, router(local_only=True)), lang="auto")
    assert finding_tuples_from_db(review) == [
        (f.id, f.span[0], f.span[1], f.citation, f.status.value, f.achieved_level.label, f.rationale)
        for f in expected.findings
    ]
    check = audit.verify_chain(review)
    assert check.ok
    kinds = list(review.audit_events.values_list("kind", flat=True))
    assert kinds.count("finding_computed") == review.progress_total
    assert kinds[-1] == "review_completed"


def test_a_second_delivery_of_a_finding_task_changes_nothing(people, corpus_snapshots, data_dir):
    from verifier.ingest import ingest_path
    from workbench.pipeline import worker
    from workbench.reviews import services

    document = ingest_path(data_dir / "memos" / "memo-eu.md")
    review = services.create_review(
        user=people["associate"], matter=people["matter"], title="eu", document=document, enqueue=False
    )
    pending = worker.extract_findings(review.pk)
    assert worker.extract_findings(review.pk) == pending  # redelivered extraction: same findings, no new rows
    for finding_id in pending:
        worker.verify_findings([finding_id])
    events = review.audit_events.count()
    computed = {f.pk: f.computed_at for f in review.findings.all()}
    for finding_id in pending:
        worker.verify_findings([finding_id])  # as if the broker delivered every task again
    assert review.audit_events.count() == events
    assert {f.pk: f.computed_at for f in review.findings.all()} == computed


@pytest.mark.parametrize("memo", MEMOS)
def test_it_verifies_a_memo_on_the_worker_against_the_fake_sources_like_the_cli_does(
    memo, people, celery_worker_real, data_dir, settings
):
    """The fake-server configuration of issue 5: no imported corpus, every source fetched from the fakes by
    the worker; the CLI path then reads the same snapshots and must agree finding by finding, and both give
    the statuses of the lawyer's table in test_verify_cli."""
    from django.db import connections

    from fakes.server import FakeSources
    from tests.integration.test_verify_cli import EXPECTED, OC
    from verifier.ingest import ingest_path
    from verifier.pipeline import verify_document
    from workbench.management.commands.verify import CachedResolver
    from workbench.models import Review
    from workbench.pipeline.sources import reset_router, router
    from workbench.reviews import services

    db_settings = connections.settings["default"]
    max_age = db_settings["CONN_MAX_AGE"]
    with FakeSources(data_dir) as fake:
        for name, value in fake.base_urls.items():
            setattr(settings, name, value)
        settings.LAWGOKR_OC = OC
        settings.SOURCE_HTTP_TIMEOUT = 5.0
        settings.WORKBENCH_LOCAL_ONLY = False
        db_settings["CONN_MAX_AGE"] = 0  # the CLI path's pool threads close their connections
        reset_router()
        try:
            document = ingest_path(data_dir / "memos" / memo)
            review = services.create_review(
                user=people["associate"], matter=people["matter"], title=memo, document=document
            )
            wait_for(lambda: Review.objects.get(pk=review.pk).status == Review.Status.DONE)
            review.refresh_from_db()
            assert fake.requests, "the worker fetched its sources from the fakes"
            # fetched once each, before the findings fanned out, and the trail says so
            bodies = [(r.path, r.query) for r in fake.requests]
            twice = sorted({b for b in bodies if bodies.count(b) > 1})
            assert not twice, f"fetched twice: {twice}"
            (prefetched,) = review.audit_events.filter(kind="sources_prefetched")
            assert prefetched.payload["sources"] >= 1
            assert prefetched.payload["unfinished"] == 0
            expected = verify_document(document, CachedResolver({}, router()), lang="auto")
        finally:
            db_settings["CONN_MAX_AGE"] = max_age
            reset_router()
    assert finding_tuples_from_db(review) == [
        (f.id, f.span[0], f.span[1], f.citation, f.status.value, f.achieved_level.label, f.rationale)
        for f in expected.findings
    ]
    lawyer = {fid: status for m, fid, _, status, _ in EXPECTED if m == memo}
    assert {f.finding_id: f.status for f in review.findings.all()} == lawyer

"""A revised draft re-verifies only what changed and keeps the decisions of unchanged claims."""

from __future__ import annotations

import pytest
from django.urls import reverse

from verifier.ingest import ingest_text
from workbench import services, worker
from workbench.models import Decision, Finding, Review

FIRST = (
    'Under Article 6(1)(f) GDPR, processing is lawful where "processing is necessary for the purposes of '
    'the legitimate interest pursued by the controller or by a third party".\n\n'
    "In Case C-300/21 the Court found that compensation for non-material damage cannot be made subject to "
    "the condition that the damage suffered by the data subject has reached "
    "a certain degree of seriousness.\n"
)
SECOND = FIRST.replace("In Case C-300/21 the Court found", "In Case C-300/21 the Court ruled") + (
    "\nSee also Article 82(1) GDPR.\n"
)


def run_inline(review: Review) -> None:
    worker.verify_findings(worker.extract_findings(review.pk))


@pytest.fixture
def checked_review(people, data_dir, settings):
    from workbench.corpus import import_corpus

    settings.WORKBENCH_LOCAL_ONLY = True
    import_corpus(data_dir / "corpus")
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title="v",
        document=ingest_text(FIRST),
        enqueue=False,
    )
    run_inline(review)
    review.refresh_from_db()
    return review


def test_unchanged_claims_keep_verdict_and_decisions_changed_ones_are_checked_again(checked_review, people):
    gdpr = checked_review.findings.get(ordinal=1)
    assert gdpr.status == "modified"
    services.propose(user=people["associate"], finding=gdpr, action="correct", text="legitimate interests")
    services.decide(
        user=people["partner"], finding=Finding.objects.get(pk=gdpr.pk), action="approve", comment="ok"
    )

    review = services.add_version(
        user=people["associate"], review=checked_review, document=ingest_text(SECOND)
    )
    pending = worker.extract_findings(review.pk)
    new = {f.ordinal: f for f in review.findings.filter(version=2)}
    assert len(new) == 3
    assert new[1].pk not in pending  # unchanged quote: carried over, not sent to a worker
    assert new[2].pk in pending  # the sentence changed
    assert new[3].pk in pending  # a new citation
    carried = new[1]
    assert carried.status == "modified"
    assert carried.state == Finding.State.APPROVED
    assert [d.action for d in carried.decisions.all()] == ["correct", "approve"]
    assert all(d.carried_over for d in carried.decisions.all())
    for finding_id in pending:
        worker.verify_findings([finding_id])
    review.refresh_from_db()
    assert review.status == Review.Status.DONE
    assert review.audit_events.filter(kind="extraction_done").last().payload["carried_over"] == 1


def test_the_review_page_says_what_changed_between_versions(checked_review, people, client_for):
    review = services.add_version(
        user=people["associate"], review=checked_review, document=ingest_text(SECOND)
    )
    run_inline(review)
    html = client_for("associate").get(reverse("review", args=[review.pk])).content.decode()
    assert "What changed in version 2" in html
    assert "Article 82(1) GDPR" in html
    assert Decision.objects.filter(finding__review=review).count() == 0

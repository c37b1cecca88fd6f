"""A revised draft re-verifies only what changed and keeps the decisions of unchanged claims."""

from __future__ import annotations

import pytest
from django.urls import reverse

from verifier.ingest import ingest_text
from workbench.models import Decision, Finding, Review
from workbench.pipeline import worker
from workbench.reviews import services, versions

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
    from workbench.pipeline.corpus import import_corpus

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
    # the version check goes with the verdict it is part of ("version not checked: local-only mode" here)
    assert gdpr.history is not None
    assert carried.history == gdpr.history
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


PIPA_FIXED = (
    '1. 개인정보 보호법 제15조 제1항은 "개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는 '
    '개인정보를 수집할 수 있으며 그 수집 목적의 범위에서 이용할 수 있다."라고 규정한다.\n'
    "2. 민법 제750조에 따라 고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는 그 손해를 배상할 "
    "책임이 있다.\n"
)


def test_a_citation_whose_quote_was_corrected_is_changed_not_both_new_and_removed(people, data_dir, settings):
    from tests.workbench.factories import PIPA_MISQUOTE, checked_review
    from workbench.pipeline.corpus import import_corpus

    settings.WORKBENCH_LOCAL_ONLY = True
    import_corpus(data_dir / "corpus")
    first = PIPA_MISQUOTE + "2. 민법 제103조는 반사회질서의 법률행위를 무효로 한다.\n"
    review = checked_review(people, ingest_text(first), title="PIPA")
    review = services.add_version(user=people["associate"], review=review, document=ingest_text(PIPA_FIXED))
    run_inline(review)
    review.refresh_from_db()

    changes = versions.version_changes(review)

    assert changes["changed"] == ["개인정보 보호법 제15조 제1항"]
    assert changes["added"] == ["민법 제750조"]
    assert changes["removed"] == ["민법 제103조"]
    assert changes["kept"] == []
    html = services_page(review, people)
    section = html.split('id="changes-title"', 1)[1].split("</section>", 1)[0]
    assert section.count("개인정보 보호법 제15조 제1항") == 1


def test_a_citation_made_twice_with_the_same_claim_counts_twice(checked_review, people):
    twice = FIRST + FIRST.splitlines()[0] + "\n"
    review = services.add_version(
        user=people["associate"], review=checked_review, document=ingest_text(twice)
    )
    run_inline(review)
    review.refresh_from_db()

    changes = versions.version_changes(review)

    assert changes["kept"] == ["Article 6(1)(f) GDPR", "Case C-300/21"]
    assert changes["added"] == ["Article 6(1)(f) GDPR"]
    assert changes["changed"] == changes["removed"] == []


def services_page(review, people):
    from django.test import Client

    client = Client()
    client.force_login(people["associate"])
    return client.get(reverse("review", args=[review.pk])).content.decode()

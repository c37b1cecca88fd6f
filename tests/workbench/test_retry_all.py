"""Retry all: every ⛔ finding of a review is looked up again with one click, with its audit event, and the
page says when a source service could not be reached."""

from django.test import Client
from django.urls import reverse

from tests.workbench.factories import review_with_findings, tasks_sent
from workbench.models import Finding, Review


def no_source_findings(review: Review, n: int, *, unreachable: bool) -> list[Finding]:
    """Make `n` findings ⛔ with real anchors; `unreachable`: law.go.kr timed out (a retry may help)."""
    findings = list(review.findings.order_by("ordinal")[:n])
    reason = {"key": "no_source_retry" if unreachable else "no_source", "values": {"reason": "timed out"}}
    for f, key in zip(
        findings, ("kr:law:근로기준법", "pl:case:II CSK 123/19", "eu:celex:62018CJ0311"), strict=False
    ):
        Finding.objects.filter(pk=f.pk).update(
            status="no_source", anchor={"key": key}, anchor_key=key, reason=reason, progress="done"
        )
    return findings


def test_it_sends_every_finding_without_a_source_back_at_once(
    people, client_for, django_capture_on_commit_callbacks
):
    review = review_with_findings(people)
    retried = no_source_findings(review, 2, unreachable=True)
    page = client_for("associate").get(reverse("review", args=[review.pk])).content.decode()
    assert "Retry all 2 findings without a source" in page
    assert "A source service could not be reached: SAOS, law.go.kr" in page
    with django_capture_on_commit_callbacks() as callbacks:
        response = client_for("associate").post(reverse("review_retry_all", args=[review.pk]))
    assert response.status_code == 302
    assert len(tasks_sent(callbacks)) == 1  # one task for all of them: a source cited twice is fetched once
    for f in retried:
        f.refresh_from_db()
        assert f.progress == Finding.Progress.PENDING
    review.refresh_from_db()
    assert review.status == Review.Status.RESOLVING
    event = review.audit_events.get(kind="retry_all_requested")
    assert event.payload["findings"] == [f.finding_id for f in retried]


def test_a_source_not_held_is_not_called_unreachable(people, client_for):
    review = review_with_findings(people)
    no_source_findings(review, 1, unreachable=False)
    page = client_for("associate").get(reverse("review", args=[review.pk])).content.decode()
    assert "Retry the 1 finding without a source" in page
    assert "could not be reached" not in page


def test_it_needs_the_csrf_token_and_the_matter(people, client_for):
    review = review_with_findings(people)
    no_source_findings(review, 1, unreachable=True)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(people["associate"])
    assert strict.post(reverse("review_retry_all", args=[review.pk])).status_code == 403
    assert client_for("outsider").post(reverse("review_retry_all", args=[review.pk])).status_code == 404
    assert not review.audit_events.filter(kind="retry_all_requested").exists()


def test_with_nothing_to_retry_it_says_so(people, client_for):
    review = review_with_findings(people)
    Finding.objects.filter(review=review, status="no_source").update(status="verified")
    response = client_for("associate").post(reverse("review_retry_all", args=[review.pk]), follow=True)
    assert "No finding of this review is without a source." in response.content.decode()
    assert not review.audit_events.filter(kind="retry_all_requested").exists()

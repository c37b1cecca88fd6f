"""A ⛔ finding (service down, breaker open, timed out) can be looked up again with one click."""

from django.urls import reverse

from tests.workbench.factories import review_with_findings, tasks_sent
from workbench.models import Finding, Review


def test_retry_now_sends_the_finding_back_to_a_worker(people, client_for, django_capture_on_commit_callbacks):
    review = review_with_findings(people)
    finding = review.findings.get(status="no_source")
    Finding.objects.filter(pk=finding.pk).update(
        anchor={"key": "pl:case:II CSK 123/19", "number": "II CSK 123/19"}
    )
    page = client_for("associate").get(reverse("finding", args=[review.pk, finding.pk])).content.decode()
    assert "Retry now" in page
    with django_capture_on_commit_callbacks() as callbacks:
        response = client_for("associate").post(reverse("finding_retry", args=[review.pk, finding.pk]))
    assert response.status_code == 302
    finding.refresh_from_db()
    review.refresh_from_db()
    assert finding.progress == Finding.Progress.PENDING
    assert review.status == Review.Status.RESOLVING  # the page shows progress again until the worker is done
    assert review.audit_events.filter(kind="retry_requested").count() == 1
    assert len(tasks_sent(callbacks)) == 1  # the task is sent once the transaction commits


def test_only_a_finding_without_a_source_is_retried(people, client_for):
    review = review_with_findings(people)
    verified = review.findings.get(status="verified")
    client_for("associate").post(reverse("finding_retry", args=[review.pk, verified.pk]))
    verified.refresh_from_db()
    assert verified.progress == Finding.Progress.DONE
    assert not review.audit_events.filter(kind="retry_requested").exists()

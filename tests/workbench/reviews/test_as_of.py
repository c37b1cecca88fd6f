"""The review's as-of date: set on the new-review form, shown on the page, changed on an existing
review by an associate or partner of its matter (the current version is checked again, with an audit event),
refused when implausible."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import make_user
from tests.workbench.factories import review_with_findings, tasks_sent
from workbench.exports import timeline
from workbench.models import Decision, Finding, Review

DRAFT = "Zgodnie z art. 58 § 1 k.c. czynność prawna sprzeczna z ustawą jest nieważna.\n"


def new_review(client, people, **extra):
    data = {"matter": people["matter"].pk, "title": "Umowa najmu", "text": DRAFT, **extra}
    return client.post(reverse("review_new"), data)


def test_the_new_review_form_offers_the_date_with_today_and_says_what_it_is(client_for):
    html = client_for("associate").get(reverse("review_new")).content.decode()
    assert f'type="date" name="as_of" value="{timezone.localdate().isoformat()}"' in html
    assert 'aria-describedby="id_as_of-help"' in html
    assert '<p class="small help" id="id_as_of-help">' in html
    assert "Law as of" in html
    assert "the date of the facts, of the contract or of the filing" in html


def test_the_date_is_asked_for_in_the_readers_language(people, client_for):
    c = client_for("associate")
    pl = c.get(reverse("review_new"), headers={"accept-language": "pl"}).content.decode()
    assert "Stan prawny na dzień" in pl
    ko = c.get(reverse("review_new"), headers={"accept-language": "ko"}).content.decode()
    assert "법령 기준일" in ko


def test_a_review_created_with_a_date_is_checked_as_of_it_and_shows_it(people, client_for):
    c = client_for("associate")
    response = new_review(c, people, as_of="2015-03-01")
    assert response.status_code == 302
    review = Review.objects.get(title="Umowa najmu")
    assert review.as_of == date(2015, 3, 1)
    page = c.get(reverse("review", args=[review.pk])).content.decode()
    assert '<time datetime="2015-03-01">2015-03-01</time>' in page
    created = review.audit_events.get(kind="review_created")
    assert created.payload["as_of"] == "2015-03-01"


def test_without_a_date_the_review_is_checked_as_of_today(people, client_for):
    assert new_review(client_for("associate"), people).status_code == 302
    assert Review.objects.get(title="Umowa najmu").as_of == timezone.localdate()


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("01.03.2015", "Give the date as YYYY-MM-DD, for example 2015-03-01."),
        ("2015-02-30", "Give the date as YYYY-MM-DD, for example 2015-03-01."),
        ("0215-03-01", "The date 0215-03-01 is before 1900-01-01: check the year."),
    ],
)
def test_a_bad_or_implausible_date_is_refused_at_the_field(people, client_for, value, error):
    response = new_review(client_for("associate"), people, as_of=value)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_as_of-error"' in html
    assert error in html
    assert not Review.objects.filter(title="Umowa najmu").exists()


def test_a_day_after_today_is_refused_as_the_cli_refuses_it(people, client_for):
    today = timezone.localdate()
    tomorrow = today + timedelta(days=1)
    response = new_review(client_for("associate"), people, as_of=tomorrow.isoformat())
    assert response.status_code == 400
    assert (
        f"The date {tomorrow.isoformat()} is after today ({today.isoformat()}): the law of a day to come is "
        "not known yet."
    ) in response.content.decode()
    assert new_review(client_for("associate"), people, as_of=today.isoformat()).status_code == 302


def test_an_associate_changes_the_date_and_every_finding_is_checked_again(
    people, client_for, django_capture_on_commit_callbacks
):
    review = review_with_findings(people)
    proposed = review.findings.get(ordinal=2)
    Decision.objects.create(
        finding=proposed, action="accept", user=people["associate"], role="associate", comment="ok"
    )
    Finding.objects.filter(pk=proposed.pk).update(state=Finding.State.PROPOSED)
    c = client_for("associate")
    page = c.get(reverse("review", args=[review.pk])).content.decode()
    assert "Change the date the law is checked on" in page
    assert f'action="{reverse("review_as_of", args=[review.pk])}"' in page
    with django_capture_on_commit_callbacks() as callbacks:
        response = c.post(reverse("review_as_of", args=[review.pk]), {"as_of": "2016-05-04"})
    assert response.status_code == 302
    review.refresh_from_db()
    assert review.as_of == date(2016, 5, 4)
    assert review.status == Review.Status.RESOLVING  # the page shows progress until the worker is done
    assert (review.progress_total, review.progress_done) == (3, 0)
    assert set(review.findings.values_list("progress", "state")) == {("pending", "open")}
    assert Decision.objects.filter(finding=proposed).count() == 1  # the decision stays on the record
    assert len(tasks_sent(callbacks)) == 1  # the pipeline task goes out once the transaction commits
    event = review.audit_events.get(kind="as_of_changed")
    assert event.actor == people["associate"]
    assert event.payload == {
        "from": timezone.localdate().isoformat(),
        "to": "2016-05-04",
        "version": 1,
        "findings_checked_again": 3,
    }
    (entry,) = [e for e in timeline.timeline(review) if e.kind == "as_of_changed"]
    assert entry.what == "Date the law is checked on changed"
    assert entry.detail == f"{timezone.localdate().isoformat()} → 2016-05-04; 3 findings checked again"
    shown = c.get(reverse("review", args=[review.pk])).content.decode()
    assert '<time datetime="2016-05-04">2016-05-04</time>' in shown
    assert "Change the date the law is checked on" not in shown  # not while it runs


def test_the_same_date_again_or_a_running_review_is_refused(people, client_for):
    review = review_with_findings(people)
    c = client_for("partner")
    response = c.post(
        reverse("review_as_of", args=[review.pk]), {"as_of": review.as_of.isoformat()}, follow=True
    )
    assert "The review is already checked as of" in response.content.decode()
    Review.objects.filter(pk=review.pk).update(status=Review.Status.RESOLVING)
    response = c.post(reverse("review_as_of", args=[review.pk]), {"as_of": "2010-01-01"}, follow=True)
    assert "Wait until the current version has been checked." in response.content.decode()
    review.refresh_from_db()
    assert review.as_of == timezone.localdate()
    assert not review.audit_events.filter(kind="as_of_changed").exists()


def test_an_implausible_date_is_refused_on_the_review_page(people, client_for):
    review = review_with_findings(people)
    response = client_for("associate").post(
        reverse("review_as_of", args=[review.pk]), {"as_of": "2015-13-01"}, follow=True
    )
    assert "Give the date as YYYY-MM-DD" in response.content.decode()
    response = client_for("associate").post(
        reverse("review_as_of", args=[review.pk]), {"as_of": "1815-06-18"}, follow=True
    )
    assert "The date 1815-06-18 is before 1900-01-01: check the year." in response.content.decode()
    review.refresh_from_db()
    assert review.as_of == timezone.localdate()
    assert review.findings.filter(progress="done").count() == 3


def test_outside_the_matter_the_review_does_not_exist(people, client_for):
    review = review_with_findings(people)
    for who in ("outsider", "outside_partner"):
        response = client_for(who).post(reverse("review_as_of", args=[review.pk]), {"as_of": "2016-05-04"})
        assert response.status_code == 404
    review.refresh_from_db()
    assert review.as_of == timezone.localdate()


def test_a_member_without_a_role_may_not_change_it(people, client):
    review = review_with_findings(people)
    reader = make_user("rita", None)
    people["matter"].members.add(reader)
    client.force_login(reader)
    response = client.post(reverse("review_as_of", args=[review.pk]), {"as_of": "2016-05-04"})
    assert response.status_code == 403
    review.refresh_from_db()
    assert review.as_of == timezone.localdate()


def test_a_signed_off_review_keeps_its_date(people, client_for):
    from workbench.models import SignOff

    review = review_with_findings(people)
    SignOff.objects.create(review=review, user=people["partner"])
    page = client_for("partner").get(reverse("review", args=[review.pk])).content.decode()
    assert "Change the date the law is checked on" not in page
    response = client_for("partner").post(reverse("review_as_of", args=[review.pk]), {"as_of": "2016-05-04"})
    assert response.status_code == 403
    review.refresh_from_db()
    assert review.as_of == timezone.localdate()


def test_the_change_needs_the_csrf_token(people):
    from django.test import Client

    review = review_with_findings(people)
    c = Client(enforce_csrf_checks=True)
    c.force_login(people["associate"])
    response = c.post(reverse("review_as_of", args=[review.pk]), {"as_of": "2016-05-04"})
    assert response.status_code == 403
    review.refresh_from_db()
    assert review.as_of == timezone.localdate()


def test_a_finding_checked_again_in_the_workbench_keeps_its_history(people, settings):
    """Attaching a source or choosing a search hit judges the claim again in the request: the verdict keeps
    the version check as of the review's date (local-only: answered from the corpus's recorded versions)."""
    from tests.workbench.factories import PIPA_MISQUOTE, checked_review
    from verifier.ingest import ingest_text
    from workbench.pipeline.corpus import import_corpus
    from workbench.pipeline.sources import reset_router
    from workbench.reviews import services

    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    import_corpus(settings.BASE_DIR / "tests" / "data" / "corpus")
    review = checked_review(people, ingest_text(PIPA_MISQUOTE, name="memo.md"), title="PIPA memo")
    finding = review.findings.get()
    assert finding.history is not None
    assert finding.history["as_of"] == timezone.localdate().isoformat()
    assert finding.history["note"]["key"] == "version_in_force"
    (checked,) = services.reverify_with(review, finding.anchor_key, finding.snapshot)
    assert checked.history == finding.history
    # the article's real words (tests/data/corpus/kr/statutes/개인정보보호법/법률.md), pasted as a source
    pasted = ingest_text(
        "개인정보 보호법\n\n제15조(개인정보의 수집ㆍ이용) ① 개인정보처리자는 "
        "다음 각 호의 어느 하나에 해당하는 경우에는 "
        "개인정보를 수집할 수 있으며 그 수집 목적의 범위에서 이용할 수 있다."
    )
    (attached,) = services.attach_source(user=people["associate"], finding=checked, document=pasted)
    assert attached.history is not None
    assert attached.history["as_of"] == timezone.localdate().isoformat()
    reset_router()

"""Who sees what: login everywhere, 404 outside the matter, 403 for the wrong role inside it."""

import pytest
from django.urls import reverse

from workbench.models import Finding, Review


@pytest.fixture
def review(people):
    review = Review.objects.create(
        matter=people["matter"],
        title="Memo",
        created_by=people["associate"],
        draft_name="memo.txt",
        draft_format="txt",
        draft_text="Zgodnie z art. 58 k.c. czynność jest nieważna.",
        draft_sha256="0" * 64,
        status=Review.Status.DONE,
    )
    Finding.objects.create(
        review=review,
        ordinal=1,
        span_start=13,
        span_end=24,
        citation="art. 58 k.c.",
        jurisdiction="pl",
        kind="statute",
        claim_type="paraphrase",
        claim_text=review.draft_text,
        required_level="content",
        achieved_level="content",
        status="needs_judgement",
        progress="done",
    )
    return review


def urls_of(review):
    finding = review.findings.get()
    return [
        reverse("review", args=[review.pk]),
        reverse("finding", args=[review.pk, finding.pk]),
    ]


@pytest.mark.parametrize("name", ["home", "review_new", "queue"])
def test_it_sends_anonymous_visitors_to_the_login_page(client, db, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_login_page_is_public(client, db):
    assert client.get(reverse("login")).status_code == 200


@pytest.mark.parametrize("who", ["outsider", "outside_partner"])
def test_a_user_outside_the_matter_gets_404_not_403(client_for, review, who):
    c = client_for(who)
    for url in urls_of(review):
        assert c.get(url).status_code == 404, url


@pytest.mark.parametrize("who", ["associate", "partner"])
def test_members_of_the_matter_see_the_review(client_for, review, who):
    c = client_for(who)
    for url in urls_of(review):
        assert c.get(url).status_code == 200, url


def test_an_associate_posting_a_partner_decision_gets_403(client_for, review):
    finding = review.findings.get()
    response = client_for("associate").post(
        reverse("finding_decide", args=[review.pk, finding.pk]), {"action": "approve", "comment": "ok"}
    )
    assert response.status_code == 403
    finding.refresh_from_db()
    assert finding.state == Finding.State.OPEN


def test_an_outsider_posting_a_decision_gets_404(client_for, review):
    finding = review.findings.get()
    response = client_for("outside_partner").post(
        reverse("finding_decide", args=[review.pk, finding.pk]), {"action": "approve"}
    )
    assert response.status_code == 404


def test_posts_without_a_csrf_token_are_refused(people, review):
    from django.test import Client

    c = Client(enforce_csrf_checks=True)
    c.force_login(people["partner"])
    finding = review.findings.get()
    response = c.post(reverse("finding_decide", args=[review.pk, finding.pk]), {"action": "approve"})
    assert response.status_code == 403
    finding.refresh_from_db()
    assert finding.state == Finding.State.OPEN


def test_the_home_page_lists_only_the_users_matters(client_for, review):
    assert "Memo" in client_for("associate").get(reverse("home")).content.decode()
    assert "Memo" not in client_for("outsider").get(reverse("home")).content.decode()


def test_login_is_throttled_after_repeated_failures(client, people, settings):
    settings.LOGIN_MAX_FAILURES = 3
    for _ in range(3):
        client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-pass-1"})
    assert response.status_code == 200
    assert "Too many failed attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_pages_carry_a_content_security_policy_without_inline_scripts(client_for, review):
    response = client_for("associate").get(reverse("review", args=[review.pk]))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.parametrize(
    ("target", "lands_on"),
    [("/reviews/new/", "/reviews/new/"), ("//evil.example/x", "/"), ("https://evil.example/", "/")],
)
def test_the_language_switch_returns_only_to_this_site(client_for, people, target, lands_on):
    from workbench.models import Profile

    response = client_for("associate").post(reverse("set_language"), {"language": "pl", "next": target})
    assert response.status_code == 302
    assert response["Location"] == lands_on
    assert Profile.objects.get(user=people["associate"]).language == "pl"


def test_a_profile_language_translates_the_pages(client_for, people):
    from workbench.models import Profile

    Profile.objects.create(user=people["associate"], language="ko")
    html = client_for("associate").get(reverse("home")).content.decode()
    assert "검토 목록" in html
    assert 'lang="ko"' in html

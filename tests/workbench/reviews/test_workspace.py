"""The review page as a workspace: its state in the URL (filters, sort, view, open finding), decisions that
stay on the page and move to the next open finding, the sign-off confirmation step with its list of what
blocks, bulk approval, the matter preselected when there is one, and polling sooner at the start."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.workbench.factories import review_with_findings
from workbench.models import AuditEvent, Decision, Finding, Matter, Review
from workbench.reviews import services, workspace


@pytest.fixture
def review(people):
    return review_with_findings(people)


def test_a_status_chip_keeps_the_sort_the_view_and_the_other_filters(review, client_for):
    html = (
        client_for("associate")
        .get(
            reverse("review", args=[review.pk]),
            {"sort": "risk", "view": "both", "jurisdiction": "pl", "status": "verified"},
        )
        .content.decode()
    )
    chips = re.findall(r'<a href="[^"?]*\?([^"]*)"[^<]*?data-status="([a-z_]+)"', html, flags=re.S)
    assert chips, html[:500]
    by_status = {status: query.replace("&amp;", "&") for query, status in chips}
    assert by_status["no_source"] == "status=no_source&jurisdiction=pl&sort=risk&view=both"
    all_link = re.search(r'<a href="[^"?]*\?([^"]*)"[^>]*class="count( active)?">All', html)
    assert all_link is not None
    assert all_link.group(1).replace("&amp;", "&") == "jurisdiction=pl&sort=risk&view=both"


def test_unknown_values_in_the_url_are_dropped_not_echoed(review, client_for):
    html = (
        client_for("associate")
        .get(reverse("review", args=[review.pk]), {"sort": "<x>", "view": "evil", "status": "nope"})
        .content.decode()
    )
    workspace_html = html.split("<main", 1)[1]
    assert "nope" not in workspace_html
    assert "evil" not in workspace_html
    assert 'id="findings-table"' in workspace_html


def test_only_what_blocks_leaves_out_the_verified_and_the_approved(review, people, client_for):
    blocking_row = review.findings.get(ordinal=2)  # needs_judgement, open
    services.decide(user=people["partner"], finding=blocking_row, action="approve", comment="ok")
    html = (
        client_for("associate").get(reverse("review", args=[review.pk]), {"blocking": "1"}).content.decode()
    )
    rows = re.findall(r'class="fid">(C\d+)<', html)
    assert rows == ["C3"]  # C1 verified, C2 approved


def test_the_open_finding_is_in_the_url_and_its_evidence_in_the_page(review, people, client_for):
    finding = review.findings.get(ordinal=3)
    html = (
        client_for("associate")
        .get(reverse("review", args=[review.pk]), {"finding": finding.pk})
        .content.decode()
    )
    assert f'data-pk="{finding.pk}"' in html.split('id="evidence"', 1)[1]
    other = review_with_findings(people, title="Other")
    stranger = other.findings.get(ordinal=1)
    html = (
        client_for("associate")
        .get(reverse("review", args=[review.pk]), {"finding": stranger.pk})
        .content.decode()
    )
    assert "Choose a finding to see its evidence" in html  # a finding of another review is not shown here


def test_proposing_in_the_workspace_answers_with_the_next_open_finding(review, client_for):
    c2, c3 = review.findings.get(ordinal=2), review.findings.get(ordinal=3)
    response = client_for("associate").post(
        reverse("finding_propose", args=[review.pk, c2.pk]),
        {"action": "soften", "text": "may be void", "comment": ""},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Trigger"] == "findings-changed"
    html = response.content.decode()
    assert "Proposal recorded for C2: accept with softened wording. Next open finding: C3." in html
    assert f'data-pk="{c3.pk}"' in html
    assert Finding.objects.get(pk=c2.pk).state == Finding.State.PROPOSED


def test_without_javascript_a_decision_lands_back_in_the_workspace_on_the_next_finding(review, client_for):
    c2, c3 = review.findings.get(ordinal=2), review.findings.get(ordinal=3)
    client = client_for("partner")
    response = client.post(
        reverse("finding_decide", args=[review.pk, c2.pk]), {"action": "approve", "comment": "ok"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("review", args=[review.pk]) + f"?finding={c3.pk}"
    page = client.get(response["Location"]).content.decode()
    assert "Decision recorded for C2: approve. Next open finding: C3." in page


def test_a_refused_decision_shows_in_the_panel_and_changes_nothing(review, client_for):
    c3 = review.findings.get(ordinal=3)  # no_source: a hard block cannot be approved
    response = client_for("partner").post(
        reverse("finding_decide", args=[review.pk, c3.pk]),
        {"action": "approve", "comment": ""},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert 'class="error" role="alert">A hard block cannot be approved' in html
    assert f'data-pk="{c3.pk}"' in html
    assert not Decision.objects.filter(finding=c3).exists()


def test_next_open_differs_for_associates_and_partners(review, people):
    c1, c2, c3 = (review.findings.get(ordinal=n) for n in (1, 2, 3))
    services.propose(user=people["associate"], finding=c2, action="accept")
    c2.refresh_from_db()
    # The associate has nothing left to propose on C2; the partner still has to decide it.
    assert workspace.next_open(review, c1, "associate").ordinal == 3
    assert workspace.next_open(review, c1, "partner").ordinal == 2
    # wrapping round from the last one
    assert workspace.next_open(review, c3, "partner").ordinal == 2
    services.decide(user=people["partner"], finding=c2, action="approve", comment="ok")
    services.decide(
        user=people["partner"], finding=Finding.objects.get(pk=c3.pk), action="override", comment="r"
    )
    assert workspace.next_open(review, c1, "partner") is None


def test_sign_off_needs_the_confirmation_and_a_refusal_lists_the_blocking_findings(
    review, people, client_for
):
    client = client_for("partner")
    url = reverse("review_sign_off", args=[review.pk])
    confirm = reverse("review_sign_off_confirm", args=[review.pk])
    response = client.post(url, {"comment": "ok", "confirm": "final"})
    assert response["Location"] == confirm
    page = client.get(confirm).content.decode()
    assert "Sign-off is not possible yet: 2 findings still block it." in page
    links = re.findall(r'<a href="([^"]+)"><b>(C\d+)</b></a>', page)
    c2, c3 = review.findings.get(ordinal=2), review.findings.get(ordinal=3)
    base = reverse("review", args=[review.pk])
    assert links == [(f"{base}?finding={c2.pk}", "C2"), (f"{base}?finding={c3.pk}", "C3")]
    assert "Sign off — final" not in page

    services.decide(user=people["partner"], finding=c2, action="approve", comment="ok")
    services.decide(user=people["partner"], finding=c3, action="override", comment="cite the act instead")
    page = client.get(confirm).content.decode()
    assert "Sign off — final" in page
    assert "cite the act instead" in page  # the overrides the partner signs for
    # Without the confirmation nothing is signed.
    response = client.post(url, {"comment": "ok"})
    assert response["Location"] == confirm
    assert not Review.objects.get(pk=review.pk).is_signed_off
    client.post(url, {"comment": "ok", "confirm": "final"})
    assert Review.objects.get(pk=review.pk).is_signed_off


def test_bulk_approval_approves_each_with_the_one_reason_and_audits_each(people, client_for):
    review = review_with_findings(people)
    for ordinal, status in ((1, "modified"), (2, "needs_judgement"), (3, "unverified")):
        review.findings.filter(ordinal=ordinal).update(status=status, risk=Finding.risk_of(status))
    rows = list(review.findings.order_by("ordinal"))
    client = client_for("partner")
    url = reverse("review_bulk_approve", args=[review.pk])

    # A 🔴 among them refuses the lot: the reason was not written for it.
    client.post(url, {"finding": [r.pk for r in rows], "comment": "fine"})
    assert not Decision.objects.filter(finding__review=review).exists()
    # No reason, nothing approved.
    client.post(url, {"finding": [rows[0].pk, rows[1].pk], "comment": "  "})
    assert not Decision.objects.filter(finding__review=review).exists()

    response = client.post(
        url, {"finding": [rows[0].pk, rows[1].pk], "comment": "Both read against the code."}
    )
    assert response.status_code == 302
    decisions = Decision.objects.filter(finding__review=review).order_by("finding__ordinal")
    assert [(d.finding.finding_id, d.action, d.comment) for d in decisions] == [
        ("C1", "approve", "Both read against the code."),
        ("C2", "approve", "Both read against the code."),
    ]
    events = AuditEvent.objects.filter(
        review=review, kind__in=["decision_approve", "bulk_approved"]
    ).order_by("seq")
    assert [(e.kind, e.payload.get("finding"), e.payload.get("findings")) for e in events] == [
        ("decision_approve", "C1", None),
        ("decision_approve", "C2", None),
        ("bulk_approved", None, ["C1", "C2"]),
    ]
    assert all(e.actor == people["partner"] for e in events)


def test_bulk_approval_refuses_findings_of_another_review_and_associates(people, client_for):
    review = review_with_findings(people)
    other = review_with_findings(people, title="Other")
    theirs = other.findings.get(ordinal=2)
    client_for("partner").post(
        reverse("review_bulk_approve", args=[review.pk]), {"finding": [theirs.pk], "comment": "sneaky"}
    )
    assert not Decision.objects.filter(finding=theirs).exists()
    response = client_for("associate").post(
        reverse("review_bulk_approve", args=[review.pk]),
        {"finding": [review.findings.get(ordinal=2).pk], "comment": "x"},
    )
    assert response.status_code == 403


def test_with_one_matter_the_new_review_form_has_it_chosen(people, client_for):
    html = client_for("associate").get(reverse("review_new")).content.decode()
    assert re.search(rf'<option value="{people["matter"].pk}" selected>', html)
    assert 'value="">---------' not in html
    second = Matter.objects.create(name="Second", reference="M-3")
    second.members.add(people["associate"])
    html = client_for("associate").get(reverse("review_new")).content.decode()
    assert not re.search(
        r'<option value="\d+" selected>', html.split('name="matter"', 1)[1].split("</select>", 1)[0]
    )


def test_the_page_asks_sooner_in_the_first_seconds(review):
    now = timezone.now()
    review.dispatched_at = now - timedelta(seconds=1)
    assert workspace.poll_delay_ms(review, now) == 300
    review.dispatched_at = now - timedelta(seconds=30)
    assert workspace.poll_delay_ms(review, now) == 2000


def test_when_the_review_finishes_the_poll_brings_the_actions_and_stops(review, client_for):
    response = client_for("partner").get(
        reverse("review", args=[review.pk]), {"part": "live"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 286
    html = response.content.decode()
    assert '<div id="review-actions" hx-swap-oob="true">' in html
    assert 'id="review-exports" class="exports" aria-label="Exports" hx-swap-oob="true"' in html
    assert "Sign off the review…" in html
    Review.objects.filter(pk=review.pk).update(status=Review.Status.RESOLVING)
    running = client_for("partner").get(
        reverse("review", args=[review.pk]), {"part": "live"}, headers={"HX-Request": "true"}
    )
    assert running.status_code == 200
    assert "hx-swap-oob" not in running.content.decode()
    assert "load delay:" in running.content.decode()


def test_the_decision_just_recorded_shows_at_once_beside_the_next_finding(review, client_for):
    c2 = review.findings.get(ordinal=2)
    html = (
        client_for("associate")
        .post(
            reverse("finding_propose", args=[review.pk, c2.pk]),
            {"action": "soften", "text": "may be void", "comment": "too strong"},
            headers={"HX-Request": "true"},
        )
        .content.decode()
    )
    decided = html.split('<div class="decided small">', 1)[1].split("</div>", 1)[0]
    assert "Decisions on C2" in decided
    assert "accept with softened wording" in decided
    assert "<q>may be void</q>" in decided


def test_accept_as_is_with_a_new_wording_is_refused_with_a_reason(review, client_for):
    c2 = review.findings.get(ordinal=2)
    html = (
        client_for("associate")
        .post(
            reverse("finding_propose", args=[review.pk, c2.pk]),
            {"action": "accept", "text": "a corrected wording", "comment": ""},
            headers={"HX-Request": "true"},
        )
        .content.decode()
    )
    assert "“Accept as is” keeps the draft&#x27;s words, but a new wording was given." in html
    assert not Decision.objects.filter(finding=c2).exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "A hard block cannot be approved: override it with a reason instead."),
        ("pl", "Blokady nie można zatwierdzić: uchyl ją z uzasadnieniem."),
        ("ko", "차단 항목은 승인할 수 없습니다. 사유를 적어 해제하십시오."),
    ],
)
def test_a_refusal_is_said_in_the_readers_language(review, client_for, people, language, said):
    from workbench.models import Profile

    Profile.objects.update_or_create(user=people["partner"], defaults={"language": language})
    c3 = review.findings.get(ordinal=3)  # no_source: a hard block cannot be approved
    html = (
        client_for("partner")
        .post(
            reverse("finding_decide", args=[review.pk, c3.pk]),
            {"action": "approve", "comment": ""},
            headers={"HX-Request": "true"},
        )
        .content.decode()
    )
    assert said in html

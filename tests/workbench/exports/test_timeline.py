"""The audit trail as a timeline: who did what, when, on which finding, against which snapshot, with the
reason; filterable by finding; the chain's status; a CSV download that is itself an audited export and
cannot smuggle a formula into Excel."""

from __future__ import annotations

import csv
import io

from django.urls import reverse

from tests.workbench.factories import review_with_findings
from workbench import audit
from workbench.exports import timeline
from workbench.models import AuditEvent
from workbench.reviews import services


def test_decisions_read_as_who_what_when_and_why(people, client_for):
    review = review_with_findings(people)
    c2, c3 = review.findings.get(ordinal=2), review.findings.get(ordinal=3)
    audit.append(
        review, "finding_computed", {"finding": "C3", "status": "no_source", "snapshot_sha256": "ab" * 32}
    )
    services.propose(user=people["associate"], finding=c2, action="soften", text="may be void", comment="")
    services.decide(
        user=people["partner"], finding=c3, action="override", comment='=HYPERLINK("x") cite the act'
    )
    rows = timeline.timeline(review)
    by_kind = {r.kind: r for r in rows}
    assert by_kind["decision_proposed"].actor == "alice"
    assert by_kind["decision_proposed"].detail == "accept with softened wording: “may be void”"
    assert by_kind["decision_override"].what == "Hard block overridden"
    assert by_kind["decision_override"].reason.startswith("=HYPERLINK")
    assert by_kind["finding_computed"].snapshot == "ab" * 32
    assert by_kind["finding_computed"].detail == "no source"
    assert [r.kind for r in timeline.timeline(review, "C3")] == ["finding_computed", "decision_override"]

    page = (
        client_for("associate")
        .get(reverse("review_audit", args=[review.pk]), {"finding": "C3"})
        .content.decode()
    )
    assert "The hash chain is intact" in page
    assert "Hard block overridden" in page
    assert "Decision proposed" not in page  # C2's, filtered out
    assert '<option value="C3" selected>' in page


def test_a_broken_chain_says_so(people, client_for):
    from django.db import connection

    review = review_with_findings(people)
    first = AuditEvent.objects.get(review=review, seq=1)
    with connection.cursor() as cursor:  # an attacker with database access who switched the guard off
        cursor.execute("SET LOCAL session_replication_role = 'replica'")
        cursor.execute(
            "UPDATE workbench_auditevent SET payload = %s WHERE id = %s", ['{"title": "forged"}', first.pk]
        )
        cursor.execute("SET LOCAL session_replication_role = 'origin'")
    page = client_for("associate").get(reverse("review_audit", args=[review.pk])).content.decode()
    assert "The hash chain is broken" in page
    assert "event #1 was changed after it was written" in page


def test_the_download_is_an_audited_export_and_safe_in_excel(people, client_for):
    review = review_with_findings(people)
    services.decide(
        user=people["partner"],
        finding=review.findings.get(ordinal=3),
        action="override",
        comment="=1+1 cite the act",
    )
    response = client_for("associate").get(reverse("review_export", args=[review.pk, "audit-csv"]))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('audit.csv"')
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))
    override = next(r for r in rows if r["event"] == "decision_override")
    assert override["reason"] == "'=1+1 cite the act"
    assert override["findings"] == "C3"
    assert override["actor"] == "paula"
    assert len(override["hash"]) == 64
    exported = AuditEvent.objects.filter(review=review, kind="exported").get()
    assert exported.payload["format"] == "audit-csv"
    assert exported.actor == people["associate"]

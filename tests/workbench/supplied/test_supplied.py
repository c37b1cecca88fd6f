"""A source a user supplies is evidence, not authority, on the demo review checked against the
demo's offline corpus: the associate's paste of a 민법 제1200조 leaves that 🔴 at most 🟡 and blocked until a
partner approves it with a reason; 제103조 in the same review and every later review of the matter keep the
official 민법; only a partner's matter source reaches later reviews, for the articles its text has, until
revoked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.workbench.factories import checked_review
from verifier.ingest import ingest_path, ingest_text
from workbench.audit import verify_chain
from workbench.models import AuditEvent, Decision, Finding, Review, SourceSnapshot, SuppliedSource
from workbench.reviews import services
from workbench.supplied import services as supplied_services

DEMO = Path(django_settings.BASE_DIR) / "demo"
PASTE = "민법\n\n제1200조(데이터 공유) 데이터 공유 약정은 서면으로 하여야 한다."


@pytest.fixture
def demo(people, settings) -> dict[str, Any]:
    from workbench.pipeline.corpus import import_corpus
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    import_corpus(DEMO / "corpus")
    return people


def demo_review(people: dict[str, Any], title: str = "Demo memo") -> Review:
    return checked_review(people, ingest_path(DEMO / "sample-memo.md"), title=title)


def cited(review: Review, words: str) -> Finding:
    return review.findings.get(version=review.version, citation=words)


def events(review: Review, kind: str) -> list[dict[str, Any]]:
    return [e.payload for e in review.audit_events.filter(kind=kind).order_by("seq")]


def paste(people, finding: Finding, also: list[int] | None = None) -> list[Finding]:
    return services.attach_source(
        user=people["associate"], finding=finding, document=ingest_text(PASTE), also=also
    )


# --------------------------------------------------------------------------------- caps and scope


def test_a_paste_leaves_the_red_at_most_yellow_and_blocked_until_a_partner_gives_a_reason(demo) -> None:
    review = demo_review(demo)
    c7, c5 = cited(review, "민법 제1200조"), cited(review, "민법 제103조")
    assert (c7.status, c5.status) == ("unverified", "verified")
    (checked,) = paste(demo, c7)
    assert checked.status == "needs_judgement"
    assert checked.official_status == "unverified"
    assert checked.clears_official_block
    assert "not an official source" in checked.rationale
    assert "The official source disagrees: 민법 has no 제1200조." in checked.rationale
    assert checked.snapshot.origin == "upload"
    # 제103조 was not touched: still judged against the official 민법
    c5.refresh_from_db()
    assert (c5.status, c5.snapshot.origin, c5.supplied_source_id) == ("verified", "corpus", None)
    assert checked in services.blockers(review)
    with pytest.raises(ValidationError, match="written reason"):
        services.decide(user=demo["partner"], finding=checked, action="approve", comment="")
    with pytest.raises(ValidationError, match="on its own"):
        services.bulk_approve(user=demo["partner"], review=review, finding_pks=[checked.pk], comment="ok")
    services.decide(
        user=demo["partner"], finding=checked, action="approve", comment="The client's draft code, seen."
    )
    checked.refresh_from_db()
    assert checked.state == "approved"
    assert checked not in services.blockers(review)
    approved = events(review, "decision_approve")[-1]
    assert approved["comment"] == "The client's draft code, seen."
    assert approved["clears_official_block"] is True
    assert approved["official_status"] == "unverified"
    assert approved["provenance"]["kind"] == "supplied"
    assert verify_chain(review).ok


def test_the_attachment_is_audited_with_who_when_and_what(demo) -> None:
    review = demo_review(demo)
    paste(demo, cited(review, "민법 제1200조"))
    source = SuppliedSource.objects.get(review=review)
    assert (source.form, source.supplied_by, source.key) == ("paste", demo["associate"], "kr:law:민법")
    attached = events(review, "source_attached")[-1]
    assert attached["findings"] == ["C7"]
    assert attached["scope"] == "review"
    assert attached["provenance"]["by"] == "alice"
    assert attached["provenance"]["form"] == "paste"
    assert attached["sha256"] == source.sha256
    resolved = events(review, "source_resolved")[-1]
    assert resolved["finding"] == "C7"
    assert resolved["official"]["origin"] == "corpus"  # checked beside the official 민법


def test_it_serves_other_citations_of_the_act_only_when_chosen(demo, settings, tmp_path) -> None:
    from workbench.pipeline.sources import reset_router

    # Without the recorded versions: with them, the official 연혁 confirms the 제103조 quote in the wording
    # in force and the still-good-law step answers instead of the paste (🟡), which is not what this shows.
    settings.WORKBENCH_CORPUS_DIR = tmp_path
    reset_router()
    review = demo_review(demo)
    c7, c5 = cited(review, "민법 제1200조"), cited(review, "민법 제103조")
    c8 = cited(review, "art. 58 k.c.")
    with pytest.raises(ValidationError, match="same act"):
        paste(demo, c7, also=[c8.pk])  # another act: refused, nothing attached
    assert not SuppliedSource.objects.filter(review=review).exists()
    checked = paste(demo, c7, also=[c5.pk])
    assert [f.finding_id for f in checked] == ["C5", "C7"]
    c5.refresh_from_db()
    # the paste has no 제103조: against it the quote is 🔴, and the note says the official 민법 has it
    assert c5.status == "unverified"
    assert c5.official_status == "verified"
    assert any("The official source gives another answer" in n for n in c5.notes)


def test_the_supplied_source_can_be_applied_later_from_the_evidence_view(demo, client_for) -> None:
    review = demo_review(demo)
    c7, c5 = cited(review, "민법 제1200조"), cited(review, "민법 제103조")
    paste(demo, c7)
    client = client_for("associate")
    page = client.get(reverse("finding", args=[review.pk, c7.pk])).content.decode()
    assert "Also use it for the other citation of this act in this review" in page
    assert f'name="also" value="{c5.pk}"' in page
    response = client.post(reverse("finding_supplied_apply", args=[review.pk, c7.pk]), {"also": [c5.pk]})
    assert response.status_code == 302
    c5.refresh_from_db()
    assert c5.supplied_source_id == c7.__class__.objects.get(pk=c7.pk).supplied_source_id
    assert events(review, "supplied_source_applied")[-1]["findings"] == ["C5"]


def test_a_new_review_of_the_matter_is_unaffected(demo) -> None:
    first = demo_review(demo)
    paste(demo, cited(first, "민법 제1200조"))
    later = demo_review(demo, title="Later memo")
    assert cited(later, "민법 제1200조").status == "unverified"
    assert cited(later, "민법 제103조").status == "verified"
    assert not later.findings.filter(supplied_source__isnull=False).exists()
    assert not later.findings.filter(snapshot__origin="upload").exists()


def test_a_new_version_keeps_the_source_chosen_for_the_same_citation(demo) -> None:
    from workbench.pipeline import worker

    review = demo_review(demo)
    c7 = cited(review, "민법 제1200조")
    paste(demo, c7)
    revised = review.draft_text.replace("Some citations below", "A few citations below")
    services.add_version(user=demo["associate"], review=review, document=ingest_text(revised, name="v2.md"))
    worker.verify_findings(worker.extract_findings(review.pk))
    review.refresh_from_db()
    again = cited(review, "민법 제1200조")
    assert again.supplied_source_id == c7.__class__.objects.get(pk=c7.pk).supplied_source_id
    assert (again.status, again.official_status) == ("needs_judgement", "unverified")
    assert cited(review, "민법 제103조").supplied_source_id is None
    assert events(review, "extraction_done")[-1]["supplied_sources"] == {"kept": 1, "matter": 0}


# --------------------------------------------------------------------------------- matter sources


def test_a_partners_matter_source_serves_later_reviews_for_what_its_text_has_until_revoked(
    demo, client_for
) -> None:
    first = demo_review(demo)
    paste(demo, cited(first, "민법 제1200조"))
    source = SuppliedSource.objects.get(review=first)
    associate, partner = client_for("associate"), client_for("partner")
    mark = reverse("supplied_mark", args=[first.pk, source.pk])
    assert associate.post(mark).status_code == 403
    assert client_for("outsider").post(mark).status_code == 404
    assert partner.post(mark).status_code == 302
    source.refresh_from_db()
    assert (source.matter_source, source.matter_source_by) == (True, demo["partner"])
    assert events(first, "matter_source_marked")[-1]["supplied_source"] == source.pk
    matter_page = associate.get(reverse("matter", args=[first.matter_id])).content.decode()
    assert 'id="matter-sources"' in matter_page
    assert "text pasted by alice" in matter_page

    later = demo_review(demo, title="Later memo")
    c7 = cited(later, "민법 제1200조")
    assert c7.supplied_source_id == source.pk
    assert (c7.status, c7.official_status) == ("needs_judgement", "unverified")
    assert cited(later, "민법 제103조").supplied_source_id is None  # the paste has no 제103조
    assert cited(later, "민법 제103조").status == "verified"
    assert events(later, "extraction_done")[-1]["supplied_sources"] == {"kept": 0, "matter": 1}

    response = partner.post(reverse("supplied_revoke", args=[first.pk, source.pk]), {"back": "matter"})
    assert response.status_code == 302
    assert response["Location"] == reverse("matter", args=[first.matter_id])
    source.refresh_from_db()
    assert source.matter_source is False
    c7.refresh_from_db()
    assert (c7.supplied_source_id, c7.status) == (None, "unverified")  # checked again, officially
    assert events(later, "matter_source_revoked")[-1]["findings"] == ["C7"]
    assert events(first, "matter_source_revoked")
    newest = demo_review(demo, title="Newest memo")
    assert cited(newest, "민법 제1200조").status == "unverified"
    assert verify_chain(first).ok
    assert verify_chain(later).ok


def test_another_matter_never_gets_a_matter_source(demo) -> None:
    first = demo_review(demo)
    paste(demo, cited(first, "민법 제1200조"))
    source = SuppliedSource.objects.get(review=first)
    supplied_services.mark_matter_source(user=demo["partner"], source=source)
    elsewhere = services.create_review(
        user=demo["outsider"],
        matter=demo["other_matter"],
        title="Elsewhere",
        document=ingest_path(DEMO / "sample-memo.md"),
        enqueue=False,
    )
    from workbench.pipeline import worker

    worker.verify_findings(worker.extract_findings(elsewhere.pk))
    assert cited(elsewhere, "민법 제1200조").status == "unverified"
    assert not elsewhere.findings.filter(supplied_source__isnull=False).exists()
    with pytest.raises(Exception, match="not a member"):
        supplied_services.mark_matter_source(
            user=demo["outside_partner"], source=SuppliedSource.objects.get(review=first)
        )


def test_the_matter_page_is_for_the_matters_members(demo, client_for) -> None:
    review = demo_review(demo)
    assert client_for("associate").get(reverse("matter", args=[review.matter_id])).status_code == 200
    assert client_for("outsider").get(reverse("matter", args=[review.matter_id])).status_code == 404


# ---------------------------------------------------------------------------------------- migration


def test_an_upload_stored_before_issue_16_becomes_a_review_scoped_supplied_source(demo, monkeypatch) -> None:
    """What 0010 does, run on rows as the old code left them: an upload of the matter under the whole law's
    key, its attach event, and the findings it judged here and in a later review."""
    import importlib

    from django.apps import apps

    from workbench import audit_keys

    # The old code's events were unkeyed (plain SHA-256), as 0010's own events are.
    monkeypatch.setattr(audit_keys, "current", lambda: ("", None))

    migration = importlib.import_module("workbench.migrations.0010_existing_uploads_scoped_issue16")
    first, later = demo_review(demo, title="First"), demo_review(demo, title="Later")
    upload = SourceSnapshot.objects.create(
        key="kr:law:민법",
        source_id="upload:legacy",
        origin="upload",
        jurisdiction="kr",
        kind="statute",
        title="pasted text",
        url="upload:pasted text",
        sha256="e" * 64,
        fetched_at=first.created_at,
        text=PASTE,
        meta={"uploaded_as": "pasted text"},
        matter=first.matter,
    )
    from workbench import audit

    audit.append(
        first,
        "source_attached",
        {"finding": "C7", "key": "kr:law:민법", "sha256": "e" * 64},
        demo["associate"],
    )
    Finding.objects.filter(review__in=[first, later], anchor_key="kr:law:민법").update(
        snapshot=upload, status="verified"
    )
    migration.scope_uploads(apps, None)
    source = SuppliedSource.objects.get(snapshot=upload)
    assert (source.review, source.supplied_by, source.form) == (first, demo["associate"], "paste")
    assert list(source.findings.values_list("ordinal", flat=True)) == [7]
    for review, serves in ((first, ["C7"]), (later, [])):
        review.refresh_from_db()
        assert review.status == "resolving"
        pending = review.findings.filter(progress="pending").order_by("ordinal")
        assert [f.finding_id for f in pending] == ["C5", "C7"]
        scoped = events(review, "supplied_source_scoped")[-1]
        assert (scoped["findings"], scoped["serves"], scoped["checked_again"]) == (["C5", "C7"], serves, True)
        assert verify_chain(review).ok
    upload.refresh_from_db()
    assert upload.meta["supplied_by"] == "alice"
    # the recovery sweep's next re-verification re-derives them: capped, or against the official 민법
    from workbench.pipeline import worker

    for review in (first, later):
        worker.verify_findings(worker.pending_finding_ids(review))
    assert (cited(first, "민법 제1200조").status, cited(first, "민법 제103조").status) == (
        "needs_judgement",
        "verified",
    )
    assert cited(first, "민법 제103조").snapshot.origin == "corpus"
    assert (cited(later, "민법 제1200조").status, cited(later, "민법 제103조").status) == (
        "unverified",
        "verified",
    )
    assert Review.objects.get(pk=later.pk).status == "done"
    assert AuditEvent.objects.filter(review=later, kind="finding_computed").count() > 0
    assert Decision.objects.count() == 0


def test_the_partner_sees_what_passes_only_against_a_supplied_source_and_signs_for_it(
    demo, client_for
) -> None:
    review = demo_review(demo)
    (c7,) = paste(demo, cited(review, "민법 제1200조"))
    partner = client_for("partner")
    queue = partner.get(reverse("queue")).content.decode()
    assert 'id="supplied-only"' in queue
    assert "민법 제1200조" in queue.split('id="supplied-only"')[1]
    services.decide(user=demo["partner"], finding=c7, action="approve", comment="Seen the client's code.")
    for other in services.blockers(review):
        action = "override" if other.needs_override else "approve"
        services.decide(user=demo["partner"], finding=other, action=action, comment="Checked by hand.")
    page = partner.get(reverse("review_sign_off_confirm", args=[review.pk])).content.decode()
    listed = page.split('id="supplied-approvals"')[1].split("</ul>")[0]
    assert "C7" in listed
    assert "Seen the client&#x27;s code." in listed
    assert "official source: unverified" in listed
    queue = partner.get(reverse("queue")).content.decode()
    assert "민법 제1200조" not in queue.split('id="supplied-only"')[1]

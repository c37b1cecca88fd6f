"""Every URL × every kind of person: anonymous → login, outsider → 404, wrong role → 403, member → allowed.

The matrix is built from the URL configuration itself, so a new view without its checks fails here."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.workbench.factories import review_with_findings

PUBLIC = {"login"}
# name → (method, needs role, posts) for every view of the workbench; admin is Django's and staff-only.
ACTIONS = {
    "home": ("get", None),
    "review_new": ("get", None),
    "review": ("get", None),
    "finding": ("get", None),
    "snapshot": ("get", None),
    "review_export": ("get", None),
    "queue": ("get", "partner"),
    "finding_propose": ("post", None),
    "finding_decide": ("post", "partner"),
    "finding_attach_source": ("post", None),
    "review_new_version": ("post", None),
    "review_sign_off": ("post", "partner"),
    "set_language": ("post", None),
    "logout": ("post", None),
    "search": ("get", None),
    "search_preview": ("get", None),
    "finding_search": ("get", None),
    "finding_search_preview": ("get", None),
    "finding_suggestions": ("get", None),
    "finding_search_use": ("post", None),
    "finding_retry": ("post", None),
    "review_retry_all": ("post", None),
    "review_sign_off_confirm": ("get", "partner"),
    "review_bulk_approve": ("post", "partner"),
    "review_authorities": ("get", None),
    "review_audit": ("get", None),
    "review_version": ("get", None),
    "review_redline": ("get", None),
    # the same view with other arguments: each new export format passes the same checks
    "review_export toa-pdf": ("get", None),
    "review_export toa-docx": ("get", None),
    "review_export audit-csv": ("get", None),
    # supplied sources and the matter page
    "matter": ("get", None),
    "finding_supplied_apply": ("post", None),
    "supplied_mark": ("post", "partner"),
    "supplied_revoke": ("post", "partner"),
    # the review's as-of date
    "review_as_of": ("post", None),
    # files attached as a source while the worker reads them
    "source_files_panel": ("get", None),
    "source_file_retry": ("post", None),
    "source_file_remove": ("post", None),
    # the matter's citation form (issue 29 §1), and the draft with its fixes as tracked changes (§2)
    "matter-citation-style": ("post", "partner"),
    "review_export docx-changes": ("get", None),
}
MATTER_SCOPED = {
    "source_files_panel",
    "source_file_retry",
    "source_file_remove",
    "review",
    "finding",
    "snapshot",
    "review_export",
    "finding_propose",
    "finding_decide",
    "finding_attach_source",
    "review_new_version",
    "review_sign_off",
    "finding_search",
    "finding_search_preview",
    "finding_suggestions",
    "finding_search_use",
    "finding_retry",
    "review_retry_all",
    "review_sign_off_confirm",
    "review_bulk_approve",
    "review_authorities",
    "review_audit",
    "review_version",
    "review_redline",
    "review_export toa-pdf",
    "review_export toa-docx",
    "review_export audit-csv",
    "matter",
    "finding_supplied_apply",
    "supplied_mark",
    "supplied_revoke",
    "review_as_of",
    "matter-citation-style",
    "review_export docx-changes",
}


def named_patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            yield from named_patterns(entry, prefix)
        elif isinstance(entry, URLPattern) and entry.name:
            yield entry.name


def test_every_named_url_is_in_the_matrix():
    names = set(named_patterns())
    assert names - PUBLIC - {a.split()[0] for a in ACTIONS} == set(), (
        "add the new view to ACTIONS with its rule"
    )


@pytest.fixture
def world(people):
    from workbench.models import DraftVersion, SourceFile

    review = review_with_findings(people)
    for number in (1, 2):
        DraftVersion.objects.create(
            review=review,
            number=number,
            name="memo.md",
            format="md",
            text=review.draft_text + "\n" * number,
            sha256=review.draft_sha256,
            created_by=people["associate"],
        )
    finding = review.findings.get(ordinal=1)
    supplied = supplied_source_for(review, people)
    source_file = SourceFile.objects.create(
        review=review,
        finding=finding,
        name="source.pdf",
        format="pdf",
        sha256="b" * 64,
        state=SourceFile.State.FAILED,
        failure={"key": "unreadable"},
        uploaded_by=people["associate"],
    )
    return {
        "review": review,
        "finding": finding,
        "snapshot": finding.snapshot,
        "supplied": supplied,
        "source_file": source_file,
    }


def supplied_source_for(review, people):
    from workbench.models import SourceSnapshot, SuppliedSource

    snapshot = SourceSnapshot.objects.create(
        key="kr:law:민법",
        source_id="upload:matrix",
        origin="upload",
        jurisdiction="kr",
        kind="statute",
        title="pasted text",
        url="upload:pasted text",
        sha256="a" * 64,
        fetched_at=review.created_at,
        text="제1200조(데이터 공유) 데이터는 공유한다.",
        matter=review.matter,
    )
    return SuppliedSource.objects.create(
        review=review,
        key=snapshot.key,
        snapshot=snapshot,
        form="paste",
        name="pasted text",
        sha256=snapshot.sha256,
        supplied_by=people["associate"],
    )


def url_for(name, world):
    r, f = world["review"], world["finding"]
    if " " in name:
        name, variant = name.split()
        return reverse(name, args=[r.pk, variant])
    args = {
        "review": [r.pk],
        "review_sign_off": [r.pk],
        "review_new_version": [r.pk],
        "finding": [r.pk, f.pk],
        "finding_propose": [r.pk, f.pk],
        "finding_decide": [r.pk, f.pk],
        "finding_attach_source": [r.pk, f.pk],
        "snapshot": [r.pk, world["snapshot"].pk],
        "review_export": [r.pk, "json"],
        "finding_search": [r.pk, f.pk],
        "finding_search_preview": [r.pk, f.pk],
        "finding_suggestions": [r.pk, f.pk],
        "finding_search_use": [r.pk, f.pk],
        "finding_retry": [r.pk, f.pk],
        "review_retry_all": [r.pk],
        "review_sign_off_confirm": [r.pk],
        "review_bulk_approve": [r.pk],
        "review_authorities": [r.pk],
        "review_audit": [r.pk],
        "review_version": [r.pk, 1],
        "review_redline": [r.pk, 2],
        "matter": [r.matter_id],
        "matter-citation-style": [r.matter_id],
        "finding_supplied_apply": [r.pk, f.pk],
        "supplied_mark": [r.pk, world["supplied"].pk],
        "supplied_revoke": [r.pk, world["supplied"].pk],
        "review_as_of": [r.pk],
        "source_files_panel": [r.pk, f.pk],
        "source_file_retry": [r.pk, world["source_file"].pk],
        "source_file_remove": [r.pk, world["source_file"].pk],
    }.get(name, [])
    return reverse(name, args=args)


CASES = [(name, who) for name in ACTIONS for who in ("anonymous", "outsider", "associate", "partner")]


@pytest.mark.parametrize(("name", "who"), CASES)
def test_access_rule(name, who, world, people, client):
    method, role_needed = ACTIONS[name]
    if who != "anonymous":
        client.force_login(people[who])
    url = url_for(name, world)
    response = getattr(client, method)(url, {})
    if who == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
        return
    if who == "outsider" and name in MATTER_SCOPED:
        assert response.status_code == 404
        return
    if role_needed and role_needed != ("partner" if who == "partner" else "associate"):
        assert response.status_code == 403
        return
    # Without the document's id in the request there is nothing to show or use: 404 is the honest answer.
    allowed = (
        (200, 302, 400, 404)
        if name in ("search_preview", "finding_search_preview", "finding_search_use")
        else (200, 302, 400)
    )
    assert response.status_code in allowed, (response.status_code, response.content[:300])


POSTS = [name for name, (method, _) in ACTIONS.items() if method == "post"]


@pytest.mark.parametrize("name", POSTS)
def test_every_post_is_refused_without_a_csrf_token(name, world, people):
    """A member with the right role, but no CSRF token: refused before the view runs, and nothing changes."""
    from django.test import Client

    from workbench.models import AuditEvent

    client = Client(enforce_csrf_checks=True)
    client.force_login(people["partner"])
    before = AuditEvent.objects.count()
    response = client.post(url_for(name, world), {"action": "approve", "comment": "x", "also": "1"})
    assert response.status_code == 403
    assert AuditEvent.objects.count() == before

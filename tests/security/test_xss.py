"""Drafts and sources are untrusted text: an XSS corpus placed in the draft, the quote, the source text, the
diff and the file name renders inert in the table, the evidence view, the snapshot page and every export."""

from __future__ import annotations

import hashlib
import io
import json
from html.parser import HTMLParser

import docx
import pytest
from django.urls import reverse
from django.utils import timezone

from workbench.exports import report as exports
from workbench.models import Finding, Review, SourceSnapshot

PAYLOADS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<svg/onload=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    '"><iframe srcdoc="<script>alert(1)</script>">',
    "<body onpageshow=alert(1)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style>",
    "javascript:alert(document.cookie)",
]


class MarkupAudit(HTMLParser):
    """Collects what the browser would execute: tags, event-handler attributes, script URLs."""

    FORBIDDEN_TAGS = frozenset({"img", "svg", "iframe", "math", "style", "object", "embed"})

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in self.FORBIDDEN_TAGS:
            self.problems.append(f"<{tag}>")
        if tag == "script" and not (values.get("src") or "").startswith("/static/"):
            self.problems.append("inline <script>")
        if tag == "body" and self.getpos()[0] > 1 and any(k.startswith("on") for k in values):
            self.problems.append("<body on…>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"{tag} {name}=")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.problems.append(f"{tag} {name}=javascript:")


def problems_in(html: str) -> list[str]:
    audit = MarkupAudit()
    audit.feed(html)
    return audit.problems


@pytest.fixture
def hostile_review(people):
    payload = " ".join(PAYLOADS)
    draft = f"Zgodnie z art. 58 k.c. {payload} koniec.\n"
    review = Review.objects.create(
        matter=people["matter"],
        title=f"Memo {PAYLOADS[0]}",
        created_by=people["associate"],
        draft_name=f"{PAYLOADS[1]}.docx",
        draft_format="md",
        draft_text=draft,
        draft_sha256=hashlib.sha256(draft.encode()).hexdigest(),
        status=Review.Status.DONE,
        language="pl",
        finished_at=timezone.now(),
    )
    source = f"Art. 58. {payload} Czynność prawna sprzeczna z ustawą jest nieważna."
    snapshot = SourceSnapshot.objects.create(
        key="pl:act:DU/1964/93",
        source_id="upload:x",
        origin="upload",
        jurisdiction="pl",
        kind="statute",
        title=f"Kodeks {PAYLOADS[2]}",
        url="javascript:alert(1)",
        version="1",
        sha256=hashlib.sha256(source.encode()).hexdigest(),
        fetched_at=timezone.now(),
        text=source,
    )
    start = draft.index("art. 58 k.c.")
    Finding.objects.create(
        review=review,
        ordinal=1,
        span_start=start,
        span_end=start + 12,
        citation="art. 58 k.c.",
        jurisdiction="pl",
        kind="statute",
        claim_type="verbatim_quote",
        claim_text=draft.strip(),
        claim_start=0,
        claim_end=len(draft) - 1,
        quote=payload,
        quote_start=start + 13,
        quote_end=start + 13 + len(payload),
        required_level="fragment",
        achieved_level="fragment",
        status="modified",
        risk=4,
        rationale=f"Differs: {PAYLOADS[4]}",
        snapshot=snapshot,
        progress="done",
        match={
            "start": 9,
            "end": 9 + len(payload),
            "excerpt": payload,
            "similarity": 0.9,
            "diff": [["equal", PAYLOADS[5]], ["delete", PAYLOADS[6]], ["insert", PAYLOADS[0]]],
            "rules": [PAYLOADS[1]],
        },
        notes=[PAYLOADS[2]],
        suggestions=[PAYLOADS[3]],
    )
    return review


def pages(review):
    finding = review.findings.get()
    return [
        reverse("home"),
        reverse("review", args=[review.pk]),
        reverse("finding", args=[review.pk, finding.pk]),
        reverse("snapshot", args=[review.pk, finding.snapshot_id]),
    ]


def test_every_page_renders_the_payloads_as_text(client_for, hostile_review):
    client = client_for("partner")
    for url in pages(hostile_review):
        html = client.get(url).content.decode()
        assert problems_in(html) == [], url
        assert "&lt;script&gt;" in html.split("<main", 1)[1]


def test_htmx_partials_escape_the_payloads_too(client_for, hostile_review):
    client = client_for("associate")
    finding = hostile_review.findings.get()
    for url in (
        reverse("review", args=[hostile_review.pk]),
        reverse("finding", args=[hostile_review.pk, finding.pk]),
    ):
        html = client.get(url, headers={"HX-Request": "true"}).content.decode()
        assert problems_in(html) == [], url


def test_a_javascript_url_from_a_source_never_becomes_a_link(client_for, hostile_review):
    finding = hostile_review.findings.get()
    html = (
        client_for("associate").get(reverse("finding", args=[hostile_review.pk, finding.pk])).content.decode()
    )
    assert 'href="javascript:' not in html


def test_exports_carry_the_payloads_as_inert_text(hostile_review):
    data = json.loads(exports.export_json(hostile_review))
    assert data["documents"][0]["findings"][0]["quote"].startswith(
        "<script>"
    )  # data, not markup: JSON is exact
    csv_text = exports.export_csv(hostile_review, "en").decode("utf-8-sig")
    # A cell starting with = + - @ would be a formula in Excel; ours start with the finding id / text.
    assert "<script>" in csv_text
    document = docx.Document(io.BytesIO(exports.export_docx(hostile_review, "en")))
    assert any("<script>" in p.text for p in document.paragraphs)
    assert exports.export_pdf(hostile_review, "en").startswith(b"%PDF")


def test_the_content_security_policy_forbids_inline_script(client_for, hostile_review):
    response = client_for("associate").get(reverse("review", args=[hostile_review.pk]))
    policy = response["Content-Security-Policy"]
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert "object-src 'none'" in policy


@pytest.fixture
def hostile_record(hostile_review, people):
    """The hostile review with two versions, a proposal and a reason carrying the payloads too."""
    from workbench.models import DraftVersion
    from workbench.reviews import services

    for number, suffix in ((1, ""), (2, f" {PAYLOADS[3]}")):
        DraftVersion.objects.create(
            review=hostile_review,
            number=number,
            name=f"{PAYLOADS[1]}.md",
            format="md",
            text=hostile_review.draft_text + suffix,
            sha256=hostile_review.draft_sha256,
            created_by=people["associate"],
        )
    finding = hostile_review.findings.get()
    services.propose(
        user=people["associate"], finding=finding, action="soften", text=PAYLOADS[0], comment=PAYLOADS[4]
    )
    return hostile_review


def test_the_document_view_and_the_record_pages_render_the_payloads_as_text(client_for, hostile_record):
    review = hostile_record
    finding = review.findings.get()
    client = client_for("partner")
    urls = [
        reverse("review", args=[review.pk]) + "?view=document",
        reverse("review", args=[review.pk]) + f"?view=both&blocking=1&finding={finding.pk}",
        reverse("review_authorities", args=[review.pk]),
        reverse("review_audit", args=[review.pk]),
        reverse("review_audit", args=[review.pk]) + "?finding=C1",
        reverse("review_version", args=[review.pk, 1]),
        reverse("review_redline", args=[review.pk, 2]),
        reverse("review_sign_off_confirm", args=[review.pk]),
        reverse("queue"),
        reverse("home") + "?q=" + PAYLOADS[0],
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert problems_in(html) == [], url
        assert "&lt;" in html.split("<main", 1)[1], url
    partial = client.get(
        reverse("review", args=[review.pk]) + "?part=live&view=document", headers={"HX-Request": "true"}
    ).content.decode()
    assert problems_in(partial) == []
    assert "&lt;script&gt;" in partial


def test_the_record_exports_carry_the_payloads_as_inert_text(hostile_record):
    from workbench.exports import record as record_exports

    document = docx.Document(io.BytesIO(record_exports.toa_docx(hostile_record)))
    assert any("<script>" in p.text for p in document.paragraphs)
    assert record_exports.toa_pdf(hostile_record).startswith(b"%PDF")
    audit_csv = record_exports.audit_csv(hostile_record).decode("utf-8-sig")
    assert "<script>" in audit_csv


def test_a_supplied_sources_name_and_supplier_render_as_text(client_for, hostile_review, people):
    """A hostile file name (and the meta of its snapshot) on the evidence view, the supplied-source panel,
    the matter page, the audit trail and the partner queue (issue 16)."""
    from verifier.ingest import ingest_text
    from workbench.reviews import services

    Finding.objects.filter(review=hostile_review).update(
        anchor={"key": "pl:act:DU/1964/93"}, anchor_key="pl:act:DU/1964/93"
    )
    finding = hostile_review.findings.get()
    name = f"{PAYLOADS[1]}.txt"
    services.attach_source(
        user=people["associate"],
        finding=finding,
        document=ingest_text("Art. 58. § 1. Czynność prawna sprzeczna z ustawą jest nieważna.", name=name),
    )
    client = client_for("partner")
    for url in (
        reverse("finding", args=[hostile_review.pk, finding.pk]),
        reverse("matter", args=[hostile_review.matter_id]),
        reverse("review_audit", args=[hostile_review.pk]),
        reverse("queue"),
    ):
        html = client.get(url).content.decode()
        assert problems_in(html) == [], url
    page = client.get(reverse("matter", args=[hostile_review.matter_id])).content.decode()
    assert "&lt;img src=x" in page

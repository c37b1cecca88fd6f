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

from workbench import exports
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
    csv_text = exports.export_csv(hostile_review).decode("utf-8-sig")
    # A cell starting with = + - @ would be a formula in Excel; ours start with the finding id / text.
    assert "<script>" in csv_text
    document = docx.Document(io.BytesIO(exports.export_docx(hostile_review)))
    assert any("<script>" in p.text for p in document.paragraphs)
    assert exports.export_pdf(hostile_review).startswith(b"%PDF")


def test_the_content_security_policy_forbids_inline_script(client_for, hostile_review):
    response = client_for("associate").get(reverse("review", args=[hostile_review.pk]))
    policy = response["Content-Security-Policy"]
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert "object-src 'none'" in policy

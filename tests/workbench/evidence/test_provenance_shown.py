"""Where each source came from, said where a lawyer reads it: the evidence view in the reader's
language, the PDF, the DOCX comments, the CSV and the findings JSON, and the audit timeline — for an official
service's text, the offline corpus, a search hit someone chose, a pasted text and an uploaded file."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import docx
import pypdf
import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.workbench.factories import checked_review
from verifier.ingest import ingest_path, ingest_text
from verifier.provenance import Day
from workbench.exports import report as exports
from workbench.exports import timeline
from workbench.models import Finding, Review, SourceSnapshot
from workbench.reviews import services
from workbench.search import services as search

DEMO = Path(django_settings.BASE_DIR) / "demo"
PASTE = "민법\n\n제1200조(데이터 공유) 데이터 공유 약정은 서면으로 하여야 한다."
SCHREMS = (
    "JUDGMENT OF THE COURT (Grand Chamber) 6 October 2015. Maximillian Schrems v Data Protection "
    "Commissioner. Case C-362/14."
)
TODAY_EN = Day(datetime.now(UTC).isoformat()).describe("en")


@pytest.fixture
def every_kind(people, settings, client_for) -> dict[str, Any]:
    """The demo review with a source of every kind: C3 chosen from the search, C5 the corpus, C7 pasted,
    C8 an official service's text, C10 an uploaded file."""
    from workbench.pipeline.corpus import import_corpus
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    import_corpus(DEMO / "corpus")
    review = checked_review(people, ingest_path(DEMO / "sample-memo.md"), title="Demo memo")
    by = {f.citation: f for f in review.findings.filter(version=review.version)}
    c3, c7, c8, c10 = (by[c] for c in ("Case C-300/21", "민법 제1200조", "art. 58 k.c.", "Case C-362/14"))
    local = SourceSnapshot.objects.filter(key="eu:case:C-300/21", matter__isnull=True).first()
    assert local is not None
    search.use_as_source(user=people["associate"], finding=c3, collection="local", doc_id=str(local.pk))
    services.attach_source(user=people["associate"], finding=c7, document=ingest_text(PASTE))
    corpus_kc = c8.snapshot
    official = SourceSnapshot.objects.create(
        key=corpus_kc.key,
        source_id="eli:DU/1964/93",
        origin="eli",
        jurisdiction="pl",
        kind="statute",
        title=corpus_kc.title,
        url="https://api.sejm.gov.pl/eli/acts/DU/1964/93/text.html",
        version="2024",
        sha256=corpus_kc.sha256,
        fetched_at=datetime(2026, 11, 30, 8, 0, tzinfo=UTC),
        text=corpus_kc.text,
        units=corpus_kc.units,
    )
    Finding.objects.filter(pk=c8.pk).update(snapshot=official)
    upload = SimpleUploadedFile("schrems-2015.txt", SCHREMS.encode(), content_type="text/plain")
    response = client_for("associate").post(
        reverse("finding_attach_source", args=[review.pk, c10.pk]), {"file": upload}
    )
    assert response.status_code == 302
    # the request stored the file; the worker's step reads it (workbench.supplied.reading)
    from workbench.models import SourceFile
    from workbench.supplied.reading import read_source_file

    assert read_source_file(SourceFile.objects.get(finding=c10).pk) == "read"
    review = Review.objects.get(pk=review.pk)
    return {"review": review, "c3": c3, "c5": by["민법 제103조"], "c7": c7, "c8": c8, "c10": c10}


SAID = {
    "c3": "document local {pk}, chosen from the search results by alice on {today}",
    "c5": "Checked against the official text in this machine's offline corpus (kr/statutes/민법/법률.md), "
    "loaded on {today}.",
    "c7": "Checked against text pasted by alice on {today}, not an official source.",
    "c8": "Checked against the official text from Sejm ELI "
    "(https://api.sejm.gov.pl/eli/acts/DU/1964/93/text.html), fetched on 30 Nov 2026.",
    "c10": "Checked against the file “schrems-2015.txt” uploaded by alice on {today}, "
    "not an official source.",
}


def said(name: str, world: dict[str, Any]) -> str:
    finding = Finding.objects.get(pk=world[name].pk)
    return SAID[name].format(today=TODAY_EN, pk=finding.snapshot.meta.get("search_id", ""))


@pytest.mark.parametrize("name", list(SAID))
def test_the_evidence_view_says_where_the_source_came_from(every_kind, client_for, name) -> None:
    review, finding = every_kind["review"], every_kind[name]
    page = client_for("partner").get(reverse("finding", args=[review.pk, finding.pk])).content.decode()
    assert said(name, every_kind) in page.replace("&#x27;", "'")
    supplied = name in ("c7", "c10")
    assert ("provenance-supplied" in page) is supplied
    assert ("Mark as a matter source" in page) is supplied


def test_the_evidence_view_speaks_the_readers_language(every_kind, client_for, people) -> None:
    from workbench.models import Profile

    review, c7 = every_kind["review"], every_kind["c7"]
    languages = (("pl", "tekst wklejony przez alice dnia"), ("ko", "alice이(가) 붙여넣은 텍스트"))
    for language, words in languages:
        Profile.objects.update_or_create(user=people["partner"], defaults={"language": language})
        page = client_for("partner").get(reverse("finding", args=[review.pk, c7.pk])).content.decode()
        assert words in page, language


def pdf_text(content: bytes) -> str:
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)
    return "".join(text.replace("\x00", "").split())


def test_the_pdf_says_where_each_source_came_from(every_kind) -> None:
    text = pdf_text(exports.export_pdf(every_kind["review"], "en"))
    for name in SAID:
        assert "".join(said(name, every_kind).split()) in text, name
    assert "Againsttheofficialsource:unverified" in text  # C7: what the official 민법 says


def test_the_docx_comments_say_where_each_source_came_from(every_kind) -> None:
    document = docx.Document(io.BytesIO(exports.export_docx(every_kind["review"], "en")))
    comments = " ".join(" ".join(c.text.split()) for c in document.comments)
    for name in SAID:
        assert said(name, every_kind) in comments, name


def test_the_csv_says_where_each_source_came_from(every_kind) -> None:
    content = exports.export_csv(every_kind["review"], "en").decode("utf-8-sig")
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(content))}
    for name in SAID:
        finding = every_kind[name]
        assert said(name, every_kind) in rows[finding.finding_id]["source_provenance"], name
    assert rows[every_kind["c7"].finding_id]["official_status"] == "unverified"
    assert rows[every_kind["c5"].finding_id]["official_status"] == ""


def test_the_json_says_where_each_source_came_from(every_kind) -> None:
    exported = json.loads(exports.export_json(every_kind["review"]))
    assert exported["schema"] == "citation-findings/5"
    findings = {f["id"]: f for f in exported["documents"][0]["findings"]}
    kinds = {"c3": "search_hit", "c5": "corpus", "c7": "supplied", "c8": "official", "c10": "supplied"}
    for name, kind in kinds.items():
        finding = findings[every_kind[name].finding_id]
        provenance = finding["source"]["provenance"]
        assert (provenance["kind"], provenance["official"]) == (kind, kind != "supplied"), name
    c7, c10, c3 = (findings[every_kind[n].finding_id] for n in ("c7", "c10", "c3"))
    assert (c7["source"]["provenance"]["by"], c7["source"]["provenance"]["form"]) == ("alice", "paste")
    assert (c7["status"], c7["official_status"]) == ("needs_judgement", "unverified")
    assert (c10["source"]["provenance"]["form"], c10["source"]["provenance"]["name"]) == (
        "file",
        "schrems-2015.txt",
    )
    assert c3["source"]["provenance"]["collection"] == "local"
    assert findings[every_kind["c8"].finding_id]["source"]["provenance"]["service"] == "eli"
    assert findings[every_kind["c5"].finding_id]["source"]["provenance"]["corpus_file"] == (
        "kr/statutes/민법/법률.md"
    )


def test_the_audit_timeline_says_who_supplied_what(every_kind, client_for) -> None:
    review = every_kind["review"]
    entries = timeline.timeline(review)
    attached = [e for e in entries if e.kind == "source_attached"]
    assert [e.findings for e in attached] == [("C7",), ("C10",)]
    assert (
        attached[0].detail == f"Checked against text pasted by alice on {TODAY_EN}, not an official source."
    )
    chosen = next(e for e in entries if e.kind == "source_search_chosen")
    assert "chosen from the search results by alice" in chosen.detail
    page = client_for("associate").get(reverse("review_audit", args=[review.pk])).content.decode()
    assert "text pasted by alice" in page
    audit_csv = exports.render(review, "audit-csv").content.decode("utf-8-sig")
    assert "text pasted by alice" in audit_csv


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("pl", ("Źródła sprawy", "Inne źródła dostarczone w tej sprawie")),
        ("ko", ("사건 원문", "이 사건에서 제공된 다른 원문")),
    ],
)
def test_the_matter_page_speaks_the_readers_language(every_kind, client_for, people, language, words) -> None:
    from workbench.models import Profile

    Profile.objects.update_or_create(user=people["partner"], defaults={"language": language})
    review = every_kind["review"]
    page = client_for("partner").get(reverse("matter", args=[review.matter_id])).content.decode()
    for word in words:
        assert word in page, (language, word)


def test_the_table_of_authorities_names_acts_and_cases_by_their_official_sources(every_kind, people) -> None:
    from workbench.exports import toa
    from workbench.supplied import services as supplied_services

    # every citation of 민법 served by the paste: nothing official names the act but the draft
    supplied_services.apply_supplied_source(
        user=people["associate"],
        finding=Finding.objects.get(pk=every_kind["c7"].pk),
        also=[every_kind["c5"].pk],
    )
    table = toa.build(toa.findings_for_table(every_kind["review"]))
    groups = [g.title for p in table.parts for s in p.sections for g in s.groups.values()]
    details = [g.detail for p in table.parts for s in p.sections for g in s.groups.values()]
    assert "민법" in groups
    assert not any("pasted text" in (t or "") or "schrems-2015.txt" in (t or "") for t in groups + details)

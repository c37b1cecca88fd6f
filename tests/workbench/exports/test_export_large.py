"""Exports of a 2,000-finding review: every format the workbench offers downloads whole, with
every finding in it, from a process whose address space is capped, and its peak resident memory stays
under 300 MB. Before the fix the table of authorities alone took 2.9 GB: each finding row carried its own
copy of the Kodeks cywilny (380 KB of text, 151 KB of units).

The review is `bench.big_review`'s: the 100-citation benchmark draft twenty times over, every second copy
with its quotes edited, checked against the real corpus; each download runs through the real view in a
child process (`bench.exports.child`), which reports its VmHWM."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess

import docx
import pytest
from django.db import connection

from bench import exports as bench_exports
from bench.big_review import import_corpus_offline, review_of_n_findings
from verifier.pipeline import DocumentReport
from verifier.report import document_json
from workbench.exports import report as exports
from workbench.models import Decision, Finding
from workbench.pipeline.records import finding_of
from workbench.pipeline.sources import reset_router
from workbench.reviews import services

N = 2000
PEAK_MB = 300
ADDRESS_SPACE = 640 * 1024 * 1024  # the child's whole virtual memory: Django, fonts and libraries included
IDS = {f"C{n}" for n in range(1, N + 1)}


@pytest.fixture
def offline(settings):
    settings.WORKBENCH_LOCAL_ONLY = True
    yield
    reset_router()


def child_env() -> dict[str, str]:
    """The test database (committed rows: the test is transactional) for the child process."""
    import os

    env = dict(os.environ)
    base, _name = env["DATABASE_URL"].rsplit("/", 1)
    env["DATABASE_URL"] = f"{base}/{connection.settings_dict['NAME']}"
    return env


def ids_in(text: str) -> set[str]:
    return set(re.findall(r"\bC\d+\b", text))


def pdf_text(path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext (poppler-utils) is required; make test installs it")
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def docx_text(path) -> tuple[str, list[str]]:
    document = docx.Document(str(path))
    body = "\n".join(p.text for p in document.paragraphs)
    return body, [c.text for c in document.comments]


@pytest.mark.slow  # ~70 s: ten exports of 2,000 findings, each in a child process under its memory limit
def test_every_export_of_2000_findings_is_whole_and_under_300_mb(
    people, transactional_db, offline, tmp_path
) -> None:
    import_corpus_offline()
    review = review_of_n_findings(people["associate"], people["partner"], people["matter"], N)
    findings = review.findings.filter(version=review.version)
    assert findings.count() == N
    assert findings.filter(snapshot__title__contains="Kodeks cywilny").count() == N // 100 * 20
    not_green = set(findings.exclude(status="verified").values_list("ordinal", flat=True))
    assert len(not_green) > N // 4, "the edited copies give findings that are not green"
    decisions = Decision.objects.filter(finding__review=review).count()
    assert decisions > 0

    peaks: dict[str, float] = {}
    for fmt in (*exports.FORMATS, "toa-pdf", "toa-docx", "audit-csv", "docx-changes"):
        path = tmp_path / f"export.{fmt}"
        got = bench_exports.measure(
            review.pk,
            fmt,
            people["partner"].username,
            output=str(path),
            env=child_env(),
            address_space=ADDRESS_SPACE,
        )
        assert got["streaming"], fmt
        assert path.stat().st_size == got["bytes"] > 0, fmt
        peaks[fmt] = got["peak_mb"]
        if fmt == "json":
            data = json.loads(path.read_bytes())
            document = data["documents"][0]
            assert [f["id"] for f in document["findings"]] == [f"C{n}" for n in range(1, N + 1)]
            assert document["summary"]["total"] == N
            assert len(data["review"]["decisions"]) == decisions
            assert data["review"]["audit_chain"][-1]["hash"] == data["review"]["chain_head"]
        elif fmt == "csv":
            rows = list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))
            assert [r["id"] for r in rows] == [f"C{n}" for n in range(1, N + 1)]
            assert sum(1 for r in rows if "Kodeks cywilny" in r["source_provenance"] or r["source_url"]) > 0
        elif fmt in ("pdf", "toa-pdf"):
            text = pdf_text(path)
            assert ids_in(text) >= IDS, (fmt, sorted(IDS - ids_in(text))[:10])
            if fmt == "pdf":  # the evidence section: one heading per finding that is not green
                headings = set(re.findall(r"^\f?C(\d+) · ", text, re.M))  # \f: a new page
                assert {int(n) for n in headings} == not_green
        elif fmt in ("docx", "toa-docx", "docx-changes"):
            body, comments = docx_text(path)
            if fmt == "docx-changes":  # the draft: a comment per finding, the edited quotes' fixes tracked
                assert len(comments) == N
                assert sum("Suggested change (tracked in the text)" in c for c in comments) > N // 10
            elif fmt == "docx":
                assert len(comments) == N
                assert [c.split(" ", 1)[0] for c in comments] == [f"C{n}" for n in range(1, N + 1)]
            else:
                assert ids_in(body) >= IDS, (fmt, sorted(IDS - ids_in(body))[:10])
        else:
            rows = list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))
            computed = {r["findings"] for r in rows if r["event"] == "finding_computed"}
            assert computed == IDS
    over = {fmt: round(mb) for fmt, mb in peaks.items() if mb > PEAK_MB}
    assert not over, f"peak resident memory over {PEAK_MB} MB: {over} (all: {peaks})"


@pytest.mark.slow  # ~25 s: the 2,000-citation draft as .docx
def test_a_2000_citation_docx_draft_gets_each_comment_on_its_own_citation(
    people, transactional_db, offline, tmp_path
) -> None:
    """The draft uploaded as .docx: its export is a copy of that file with a comment on each citation, the
    twentieth "art. 58 k.c." on the twentieth occurrence, found without trying every paragraph per finding."""
    import_corpus_offline()
    review = review_of_n_findings(people["associate"], people["partner"], people["matter"], N, word=True)
    assert review.draft_format == "docx"
    assert review.original_file
    path = tmp_path / "export.docx"
    got = bench_exports.measure(
        review.pk,
        "docx",
        people["partner"].username,
        output=str(path),
        env=child_env(),
        address_space=ADDRESS_SPACE,
    )
    assert got["peak_mb"] <= PEAK_MB, got
    document = docx.Document(str(path))
    comments = list(document.comments)
    assert [c.text.split(" ", 1)[0] for c in comments] == [f"C{n}" for n in range(1, N + 1)]
    body = document.element.body
    paragraphs = body.xpath(".//w:p")
    where, anchored = {}, []
    for index, p in enumerate(paragraphs):
        for start in p.xpath(".//w:commentRangeStart"):
            where[start.get(docx.oxml.ns.qn("w:id"))] = index
    for comment in comments:
        start = body.xpath(f'.//w:commentRangeStart[@w:id="{comment.comment_id}"]')[0]
        texts, node = [], start.getnext()
        while node is not None and node.tag.split("}")[1] != "commentRangeEnd":
            texts.extend(t.text or "" for t in node.iter("{*}t"))
            node = node.getnext()
        anchored.append("".join(texts))
    citations = list(review.findings.order_by("ordinal").values_list("citation", flat=True))
    assert anchored == citations
    # draft order: each comment in the same paragraph as the one before it or a later one
    order = [where[str(c.comment_id)] for c in comments]
    assert order == sorted(order)


def test_the_streamed_json_is_the_findings_json_byte_for_byte(people) -> None:
    """The JSON written a chunk at a time is what json.dumps writes of the whole dict, and that dict's
    document is verifier.report.document_json's, decisions and sign-off included."""
    from tests.workbench.factories import review_with_findings

    review = review_with_findings(people)
    Finding.objects.filter(review=review).exclude(status="verified").update(state=Finding.State.APPROVED)
    Finding.objects.filter(review=review, status="no_source").update(state=Finding.State.OVERRIDDEN)
    for ordinal, comment in ((3, "Judgment supplied on paper"), (2, "checked"), (3, "and again")):
        Decision.objects.create(
            finding=review.findings.get(ordinal=ordinal),
            action="override" if ordinal == 3 else "approve",
            comment=comment,
            user=people["partner"],
            role="partner",
        )
    services.sign_off(user=people["partner"], review=review)
    review.refresh_from_db()
    whole = exports.as_json(review)
    assert (
        exports.export_json(review)
        == (json.dumps(whole, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
    )
    rows = list(exports.findings_of(review))
    report = DocumentReport(
        path=review.draft_name,
        sha256=review.draft_sha256,
        chars=len(review.draft_text),
        language=review.language,
        findings=tuple(finding_of(f) for f in rows),
        as_of=review.as_of.isoformat(),
    )
    assert whole["documents"] == [document_json(report)]
    assert [(d["finding"], d["comment"]) for d in whole["review"]["decisions"]] == [
        ("C2", "checked"),
        ("C3", "Judgment supplied on paper"),
        ("C3", "and again"),
    ]
    assert whole["review"]["signed_off"]["by"] == people["partner"].username


def test_the_report_wraps_lines_as_multi_cell_would_with_every_word_kept() -> None:
    """The PDF's own line breaking (export_common.Lines): no line wider than the column, the words in order,
    a blank line kept once, a word wider than the column cut between characters."""
    from datetime import UTC, datetime

    from workbench.exports.common import Lines, new_pdf

    pdf = new_pdf("wrap", datetime(2026, 12, 1, tzinfo=UTC))
    pdf.add_page()
    pdf.set_font("body", "", 9.5)
    lines = Lines(pdf)
    text = (
        "Zgodnie z art. 58 k.c. czynność prawna sprzeczna z ustawą jest nieważna — zażółć gęślą jaźń. "
        "민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."
    )
    wrapped = lines.wrap(text, 60)
    assert len(wrapped) > 2
    assert all(lines.width(line) <= 60 for line in wrapped)
    assert " ".join(wrapped) == text
    assert abs(lines.width(text) - pdf.get_string_width(text)) < 0.01  # the fallback font's Hangul counted
    assert lines.wrap("a\n\nb", 60) == ["a", "", "b"]
    long = lines.wrap("x" * 300, 50)
    assert "".join(long) == "x" * 300
    assert all(lines.width(line) <= 50 for line in long)

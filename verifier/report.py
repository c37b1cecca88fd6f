"""The findings JSON, Markdown and CSV of CONTRACT §2. The JSON is an outside contract: keep it exact."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

from verifier.model import Finding, Status, is_hard_block
from verifier.pipeline import DocumentReport
from verifier.provenance import describe, provenance_json

# /2: `source.provenance` says where each source came from, and `official_status` what the
# official source says of a claim that was checked against a source a user supplied.
# /3: each document's `as_of` (the day the law is checked on) and each finding's `history` (the
# provision's versions or the judgment's later treatment as of that day, null when there is none to ask).
# /5: each finding's `form` (issue 29): the citation as its jurisdiction's practice writes it and where the
# draft differs, each difference naming its rule; a note beside the status, never a change of it.
SCHEMA = "citation-findings/5"


def summary(findings: Iterable[Finding]) -> dict[str, int]:
    return status_summary((f.status, f.official_status) for f in findings)


def status_summary(statuses: Iterable[tuple[Status, Status | None]]) -> dict[str, int]:
    """The counts of `summary` from each finding's status and official status alone (an export that streams
    its findings counts first). `hard_blocks` counts what makes the CLI exit 1 (`model.is_hard_block`)."""
    counts: dict[str, int] = {"total": 0, **{s.value: 0 for s in Status}, "hard_blocks": 0}
    for status, official in statuses:
        counts["total"] += 1
        counts[status.value] += 1
        if is_hard_block(status, official):
            counts["hard_blocks"] += 1
    return counts


def finding_json(f: Finding) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": f.id,
        "span": [f.span[0], f.span[1]],
        "citation": f.citation,
        "jurisdiction": f.jurisdiction.value,
        "kind": f.kind.value,
        "claim_type": f.claim_type.value,
        "claim_text": f.claim_text,
        "quote": f.quote,
        "required_level": f.required_level.label,
        "achieved_level": f.achieved_level.label,
        "status": f.status.value,
        "label": f.label,
        "rationale": f.rationale,
        "supporting_urls": list(f.supporting_urls),
        "source": None,
        "match": None,
        "official_status": f.official_status.value if f.official_status is not None else None,
        "history": f.history.to_json() if f.history is not None else None,
        "form": f.form.to_json() if f.form is not None else None,
    }
    if f.source is not None:
        out["source"] = {
            "id": f.source.id,
            "title": f.source.title,
            "url": f.source.url,
            "fetched_at": f.source.fetched_at,
            "sha256": f.source.sha256,
            "provenance": provenance_json(f.source.provenance) if f.source.provenance else None,
        }
    if f.match is not None:
        out["match"] = {
            "start": f.match.start,
            "end": f.match.end,
            "excerpt": f.match.excerpt,
            "similarity": round(f.match.similarity, 4),
            "diff": [[op, words] for op, words in f.match.diff],
        }
    return out


def document_json(report: DocumentReport) -> dict[str, Any]:
    return {
        "path": report.path,
        "sha256": report.sha256,
        "chars": report.chars,
        "language": report.language,
        "as_of": report.as_of,
        "summary": summary(report.findings),
        "findings": [finding_json(f) for f in report.findings],
    }


def to_json(reports: Sequence[DocumentReport]) -> str:
    return json.dumps(
        {"schema": SCHEMA, "documents": [document_json(r) for r in reports]}, ensure_ascii=False, indent=2
    )


def _cell(text: str | None, limit: int = 90) -> str:
    value = " ".join((text or "").split()).replace("|", "\\|")
    return value if len(value) <= limit else value[: limit - 1] + "…"


def to_markdown(reports: Sequence[DocumentReport]) -> str:
    lines: list[str] = []
    for report in reports:
        counts = summary(report.findings)
        lines += [
            f"## Citation review — {report.path}",
            "",
            f"sha256 `{report.sha256}` · {report.chars} characters · language {report.language}",
            "",
            "| ID | Citation | Type | Required→Achieved | Status | Note |",
            "|----|----------|------|-------------------|--------|------|",
        ]
        for f in report.findings:
            lines.append(
                f"| {f.id} | {_cell(f.citation, 50)} | {f.claim_type.value} | "
                f"{f.required_level.label.upper()}→{f.achieved_level.label.upper()} | "
                f"{f.status.icon} {f.status.value} | {_cell(f.rationale)} |"
            )
        blocks = [f.id for f in report.findings if f.is_hard_block]
        lines += [
            "",
            f"Result: {counts['verified']}/{counts['total']} verified, {counts['modified']} modified, "
            f"{counts['needs_judgement']} need judgement, {counts['calibration']} calibration, "
            f"{counts['unverified']} unverified, {counts['no_source']} without source, "
            f"{counts['not_checked']} not checked.",
        ]
        if blocks:
            lines.append(f"Hard blocks: {', '.join(blocks)} — do not publish until they are fixed.")
        lines.append("")
    return "\n".join(lines)


CSV_COLUMNS = (
    "document",
    "id",
    "span_start",
    "span_end",
    "citation",
    "jurisdiction",
    "kind",
    "claim_type",
    "required_level",
    "achieved_level",
    "status",
    "label",
    "rationale",
    "source_url",
    "source_sha256",
    "source_provenance",
)


def to_csv(reports: Sequence[DocumentReport]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for report in reports:
        for f in report.findings:
            writer.writerow(
                [
                    report.path,
                    f.id,
                    f.span[0],
                    f.span[1],
                    f.citation,
                    f.jurisdiction.value,
                    f.kind.value,
                    f.claim_type.value,
                    f.required_level.label,
                    f.achieved_level.label,
                    f.status.value,
                    f.label,
                    f.rationale,
                    f.source.url if f.source else "",
                    f.source.sha256 if f.source else "",
                    describe(f.source.provenance, "en") if f.source and f.source.provenance else "",
                ]
            )
    return buffer.getvalue()

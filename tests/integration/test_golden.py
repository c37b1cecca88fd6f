"""Golden findings: every field of every finding the CLI path and the worker give for the project's test
drafts, against the fake upstream servers and against the imported offline corpus in local-only mode.

A verdict rule that changes a finding shows here, field by field; the change is then made on purpose: rerun
with `UPDATE_GOLDEN=1` (it rewrites `tests/data/golden/`) and say in the commit why each changed finding is
right. Both paths must agree with the same file, so the CLI and the worker cannot drift apart.

Only `fetched_at` is left out (it is the time of the run), and the fakes' address (a free port each run) is
written as `http://fake`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fakes.server import FakeSources
from tests.integration.fixtures import wait_for

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
GOLDEN = DATA / "golden"
OC = "golden-test-oc"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
FAKE_ORIGIN = re.compile(r"http://127\.0\.0\.1:\d+")
# the review's as-of date (issue 17): fixed, so that the golden notes ("the wording in force on …") keep
AS_OF = "2026-12-01"

DRAFTS = [
    "tests/data/memos/every-status.md",
    "tests/data/memos/memo-eu.md",
    "tests/data/memos/memo-ko.md",
    "tests/data/memos/opinia-pl.md",
    "tests/data/drafts/memo_footnotes.docx",
    "tests/data/drafts/memo_tracked.docx",
    "tests/data/drafts/memo_pl.pdf",
    "tests/data/drafts/memo_ko.pdf",
    "tests/data/drafts/memo_cp1250.txt",
    "tests/data/drafts/memo_euc_kr.txt",
    "bench/data/draft-100.md",
]
# the worker path is slower; the 100-citation draft runs through the CLI only (the bench runs it on workers)
WORKER_DRAFTS = [d for d in DRAFTS if not d.startswith("bench/")]
MODES = ["fakes", "corpus"]


def plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, str):
        return FAKE_ORIGIN.sub("http://fake", value)
    return value


def canonical(finding: Any) -> dict[str, Any]:
    """A verifier Finding as the golden file keeps it (its messages as they are stored)."""
    out = plain(finding)
    if out.get("source"):
        out["source"].pop("fetched_at", None)
        if out["source"].get("provenance"):
            out["source"]["provenance"].pop("at", None)  # the fetch (or corpus load) time, like fetched_at
    out["reason"] = plain(finding.reason.to_json()) if finding.reason else None
    out["note_messages"] = [plain(m.to_json()) for m in finding.note_messages]
    out["history"] = plain(finding.history.to_json()) if finding.history else None
    out["form"] = plain(finding.form.to_json()) if finding.form else None  # as the row stores it
    return out


def canonical_row(row: Any) -> dict[str, Any]:
    """A stored finding row in the same shape as `canonical` of the verifier Finding it was stored from."""
    from workbench.pipeline.records import provenance_of_snapshot

    snapshot = row.snapshot
    provenance = plain(provenance_of_snapshot(snapshot)) if snapshot else None
    if provenance:
        provenance.pop("at", None)
    return plain(
        {
            "id": row.finding_id,
            "span": [row.span_start, row.span_end],
            "citation": row.citation,
            "jurisdiction": row.jurisdiction,
            "kind": row.kind,
            "claim_type": row.claim_type,
            "claim_text": row.claim_text,
            "quote": row.quote or None,
            "required_level": LEVELS[row.required_level],
            "achieved_level": LEVELS[row.achieved_level or "none"],
            "status": row.status,
            "rationale": row.rationale,
            "supporting_urls": row.supporting_urls,
            "source": (
                {
                    "id": snapshot.source_id,
                    "title": snapshot.title,
                    "url": snapshot.url,
                    "sha256": snapshot.sha256,
                    "provenance": provenance,
                }
                if snapshot
                else None
            ),
            "match": row.match,
            "origin": row.origin or None,
            "notes": row.notes,
            "suggestions": row.suggestions,
            "nearest": row.nearest,
            "coverage": row.coverage,
            "anchor_key": row.anchor_key or None,
            "reason": row.reason,
            "note_messages": row.note_messages,
            "official_status": row.official_status or None,
            "history": row.history,
            "form": row.form,
        }
    )


LEVELS = {"none": 0, "existence": 1, "content": 2, "fragment": 3}


def golden_path(draft: str, mode: str) -> Path:
    return GOLDEN / mode / (Path(draft).name + ".json")


def check_or_write(draft: str, mode: str, language: str, findings: list[dict[str, Any]]) -> None:
    path = golden_path(draft, mode)
    got = {"draft": draft, "mode": mode, "language": language, "findings": findings}
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(got, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        path.write_text(text, encoding="utf-8")
        return
    assert path.is_file(), f"no golden file {path.relative_to(ROOT)}: run with UPDATE_GOLDEN=1"
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got["language"] == want["language"]
    assert [f["id"] for f in got["findings"]] == [f["id"] for f in want["findings"]]
    for g, w in zip(got["findings"], want["findings"], strict=True):
        changed = {k: (w.get(k), g.get(k)) for k in sorted(set(g) | set(w)) if g.get(k) != w.get(k)}
        assert not changed, f"{draft} [{mode}] {g['id']} {g['citation']!r}: (golden, now) {changed}"


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeSources]:
    with FakeSources(DATA) as server:
        yield server


@pytest.fixture
def mode_settings(request, settings, fake, transactional_db, data_dir, tmp_path) -> Iterator[str]:
    """`fakes`: an empty database and the fake servers as the only sources; `corpus`: the offline corpus
    imported as snapshots and nothing sent outside."""
    from django.db import connections

    from workbench.pipeline.sources import reset_router

    mode = request.param
    settings.WORKBENCH_HISTORY_DIR = tmp_path / "history"  # each run starts with no versions kept
    db_settings = connections.settings["default"]
    max_age = db_settings["CONN_MAX_AGE"]
    db_settings["CONN_MAX_AGE"] = 0  # the pool threads of the CLI path close their connections
    if mode == "fakes":
        for name, value in fake.base_urls.items():
            setattr(settings, name, value)
        settings.LAWGOKR_OC = OC
        settings.SOURCE_HTTP_TIMEOUT = 5.0
        settings.WORKBENCH_LOCAL_ONLY = False
    else:
        from workbench.pipeline.corpus import import_corpus

        import_corpus(data_dir / "corpus")
        settings.WORKBENCH_LOCAL_ONLY = True
    reset_router()
    try:
        yield mode
    finally:
        db_settings["CONN_MAX_AGE"] = max_age
        reset_router()


def cli_report(draft: str) -> Any:
    from verifier.ingest import ingest_path
    from verifier.pipeline import verify_document
    from workbench.management.commands.verify import CachedResolver
    from workbench.pipeline.sources import history_lookup, router

    return verify_document(
        ingest_path(ROOT / draft),
        CachedResolver({}, router()),
        lang="auto",
        as_of=AS_OF,
        history=history_lookup(),
    )


def cli_findings(draft: str) -> tuple[str, list[dict[str, Any]]]:
    report = cli_report(draft)
    return report.language, [canonical(f) for f in report.findings]


@pytest.mark.parametrize("mode_settings", MODES, indirect=True)
@pytest.mark.parametrize("draft", DRAFTS)
def test_the_cli_path_gives_the_golden_findings(draft: str, mode_settings: str) -> None:
    language, findings = cli_findings(draft)
    assert findings, f"{draft} has citations"
    check_or_write(draft, mode_settings, language, findings)


@pytest.mark.skipif(UPDATE, reason="the golden files are written from the CLI path")
@pytest.mark.parametrize("mode_settings", MODES, indirect=True)
@pytest.mark.parametrize("draft", WORKER_DRAFTS)
def test_the_worker_gives_the_golden_findings(
    draft: str, mode_settings: str, people, celery_worker_real
) -> None:
    from verifier.ingest import ingest_path
    from workbench.models import Review
    from workbench.reviews import services

    document = ingest_path(ROOT / draft)
    review = services.create_review(
        user=people["associate"],
        matter=people["matter"],
        title=draft,
        document=document,
        as_of=dt.date.fromisoformat(AS_OF),
    )
    wait_for(lambda: Review.objects.get(pk=review.pk).status == Review.Status.DONE)
    review.refresh_from_db()
    rows = review.findings.select_related("snapshot").order_by("ordinal")
    check_or_write(draft, mode_settings, review.language, [canonical_row(r) for r in rows])
    # one renderer for the outside contract: the web export's findings are the CLI's, key for key
    from verifier.report import finding_json
    from workbench.exports.report import as_json

    exported = as_json(review)["documents"][0]
    report = cli_report(draft)
    assert exported["language"] == report.language
    assert exported["as_of"] == report.as_of == AS_OF
    assert exported["findings"] == [finding_json(f) for f in report.findings]

"""A form note is beside the verdict, never a change of it: the project's memos checked against the offline
corpus give every finding the same status, rationale and notes with the form notes as without them — while
the notes do name differences (the test would notice a note that changed nothing because it said nothing)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import verifier.verify
from verifier.ingest import ingest_path
from verifier.pipeline import verify_document
from verifier.sources.local import shared_corpus

DATA = Path(__file__).resolve().parents[2] / "data"
MEMOS = ["memos/memo-ko.md", "memos/opinia-pl.md", "memos/memo-eu.md"]


def _verdicts(path: Path) -> list[tuple[str, str, str, tuple[str, ...], bool]]:
    report = verify_document(ingest_path(path), shared_corpus(DATA / "corpus"), workers=2, as_of="2026-12-01")
    return [
        (f.id, f.status.value, f.rationale, f.notes, bool(f.form and f.form.differences))
        for f in report.findings
    ]


def _as_written(memo: str, tmp_path: Path) -> Path:
    """The memo as the project keeps it; the Korean one with its judgments' dates written compactly, as
    the Supreme Court itself wrote them in 95도1351 ("대법원 1992.4.24. 선고 92도245 판결"), since its
    citations are otherwise already in the courts' form (notes that name nothing would prove nothing)."""
    path = DATA / memo
    if not memo.endswith("-ko.md"):
        return path
    spaced = re.compile(r"(\d{4})\. (\d{1,2})\. (\d{1,2})\. 선고")
    compact = spaced.sub(r"\1.\2.\3. 선고", path.read_text(encoding="utf-8"))
    out = tmp_path / path.name
    out.write_text(compact, encoding="utf-8")
    return out


@pytest.mark.parametrize("memo", MEMOS)
def test_a_form_note_never_changes_a_status(
    memo: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = _as_written(memo, tmp_path)
    with_notes = _verdicts(path)
    monkeypatch.setattr(verifier.verify, "note_for", lambda citation, document, style="full": None)
    without = _verdicts(path)
    assert [v[:4] for v in with_notes] == [v[:4] for v in without]
    assert any(v[4] for v in with_notes), "no form difference in the memo: the test proves nothing"
    assert not any(v[4] for v in without)

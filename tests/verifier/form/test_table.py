"""The citation-form table (issue 29 §1): real citations as real judgments wrote them and the real judgments
of the corpus, each with the facts of its source and the form the practice expects (tests/data/form/
citations.jsonl, written by scripts/form_table.py from the rules' templates, not by verifier.form)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from verifier.form import SourceFacts
from verifier.form.parts import same
from verifier.form.write import form_note

TABLE = Path(__file__).resolve().parents[2] / "data" / "form" / "citations.jsonl"
ROWS = [json.loads(line) for line in TABLE.read_text(encoding="utf-8").splitlines()]


def test_the_table_holds_at_least_a_hundred_real_citations_of_each_jurisdiction_together() -> None:
    by = {j: sum(1 for r in ROWS if r["facts"]["jurisdiction"] == j) for j in ("kr", "pl", "eu")}
    assert sum(by.values()) >= 100, by
    assert min(by.values()) >= 30, by


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
@pytest.mark.parametrize("style", ["full", "short"])
def test_the_practice_form_of_a_real_citation(row: dict[str, Any], style: str) -> None:
    written = row["written"]
    note = form_note((0, len(written)), written, SourceFacts.from_json(row["facts"]), style)
    assert note is not None
    assert note.canonical == row["expected"][style]
    # nothing to say where the draft already writes it so ("judgments of" opens the Court's list of several)
    assert (not note.differences) == same(written.replace("judgments of", "judgment of", 1), note.canonical)

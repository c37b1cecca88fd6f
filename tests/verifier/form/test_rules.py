"""Every rule a difference may name is in THE table with its public source, and docs/CITATION-FORM.md lists
the same rules, so that a lawyer told "rule pl.unit" finds where it comes from."""

from __future__ import annotations

import json
from pathlib import Path

from verifier.form import SourceFacts
from verifier.form.rules import RULES
from verifier.form.write import form_note
from verifier.rationales import LANGS, RATIONALES

ROOT = Path(__file__).resolve().parents[3]


def test_the_document_lists_every_rule_of_the_table_and_no_other() -> None:
    doc = (ROOT / "docs" / "CITATION-FORM.md").read_text(encoding="utf-8")
    listed = {line.split("`")[1] for line in doc.splitlines() if line.startswith("| `")}
    assert listed == set(RULES)


def test_every_difference_of_the_real_table_names_a_rule_and_speaks_every_language() -> None:
    named: set[str] = set()
    for line in (
        (ROOT / "tests" / "data" / "form" / "citations.jsonl").read_text(encoding="utf-8").splitlines()
    ):
        row = json.loads(line)
        for style in ("full", "short"):
            note = form_note(
                (0, len(row["written"])), row["written"], SourceFacts.from_json(row["facts"]), style
            )
            assert note is not None
            for difference in note.differences:
                named.add(difference.rule_id)
                assert difference.rule_id in RULES
                assert set(RATIONALES[difference.message.key]) >= set(LANGS)
    assert {"kr.date", "kr.unit", "pl.court", "pl.judgment", "eu.act"} <= named

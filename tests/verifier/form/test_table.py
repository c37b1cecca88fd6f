"""The citation-form table (issue 29 §1): real citations as real judgments wrote them and the real judgments
of the corpus, each with the facts of its source and the form the practice expects (tests/data/form/
citations.jsonl, written by scripts/form_table.py from the rules' templates, not by verifier.form)."""

from __future__ import annotations

import json
import re
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
    # nothing to say where the draft already writes it so ("judgments of" opens the Court's list of
    # several; a Korean act's parenthetical, "(… 개정되기 전의 것)" or "(이하 '…'이라 한다)", says which
    # version or name, and is no part of the form)
    written = written.replace("judgments of", "judgment of", 1)
    if row["facts"]["jurisdiction"] == "kr":
        written = re.sub(r"\s*\([^()]*\)", "", written)
    assert (not note.differences) == same(written, note.canonical)


# The act's name: its spelling is the form, the brackets are the writer's (the statutes put another act's
# name between 「 」, the courts' judgments do not; 주택임대차보호법 and 민법 are spelled so on law.go.kr).
NAMES = [
    ("개인정보보호법 제15조 제1항", "개인정보 보호법", "개인정보 보호법 제15조 제1항", ["kr.act_name"]),
    (
        "「개인정보보호법」 제15조 제1항",
        "개인정보 보호법",
        "「개인정보 보호법」 제15조 제1항",
        ["kr.act_name"],
    ),
    ("민법 제103조", "민법", "민법 제103조", []),
    ("「민법」 제103조", "민법", "「민법」 제103조", []),
    ("주택임대차보호법 제3조의2 제1항", "주택임대차보호법", "주택임대차보호법 제3조의2 제1항", []),
]


@pytest.mark.parametrize(("written", "act", "canonical", "rules"), NAMES)
def test_an_act_is_named_as_law_go_kr_spells_it_with_or_without_brackets(
    written: str, act: str, canonical: str, rules: list[str]
) -> None:
    article, _, rest = written.split("제", 1)[1].partition("조")
    paragraph = rest.split("제", 1)[1].removesuffix("항") if "항" in rest else None
    article = article + ("-2" if rest.startswith("의2") else "")
    unit = {"article": article, "paragraph": paragraph, "item": None, "subitem": None}
    facts = SourceFacts.from_json({"jurisdiction": "kr", "kind": "statute", "act": act, "unit": unit})
    note = form_note((0, len(written)), written, facts, "full")
    assert note is not None
    assert note.canonical == canonical
    assert [d.rule_id for d in note.differences] == rules


# A Polish judgment the sentence cites as its object: "Sąd Najwyższy w uchwale z dnia …" names the court
# before the citation's words, "wyrokiem z dnia …" after the court named earlier; only a citation in the
# nominative ("uchwała z dnia …") leaves the court out of its own words.
SN_FACTS = {
    "jurisdiction": "pl",
    "kind": "judgment",
    "court": "Sąd Najwyższy",
    "date": "2002-07-05",
    "number": "III CZP 36/02",
    "decision_type": "uchwała",
}
COURT_BEFORE = [
    ("uchwale z dnia 5 lipca 2002 r., III CZP 36/02", []),
    ("uchwałą z dnia 5 lipca 2002 r., III CZP 36/02", []),
    ("uchwale SN z dnia 5 lipca 2002 r., III CZP 36/02", []),
    ("uchwała z dnia 5 lipca 2002 r., III CZP 36/02", ["pl.court"]),
    ("uchwale z dnia 5 sierpnia 2002 r., III CZP 36/02", ["pl.judgment"]),
]


@pytest.mark.parametrize(("written", "rules"), COURT_BEFORE)
def test_a_polish_court_named_by_the_sentence_before_the_citation_is_not_missing(
    written: str, rules: list[str]
) -> None:
    note = form_note((0, len(written)), written, SourceFacts.from_json(SN_FACTS), "full")
    assert note is not None
    assert note.canonical == "uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02"
    assert [d.rule_id for d in note.differences] == rules

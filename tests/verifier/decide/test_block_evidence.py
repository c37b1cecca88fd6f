"""A 🔴 rests on evidence that the draft is wrong: every row of `verifier.decide` that blocks names the
evidence (`BLOCK_EVIDENCE`), a 🔴 with any other reason cannot be built, and each reason is worded for the
reader in every language. The rows are walked in the source: a new blocking row without evidence fails."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from verifier.decide import BLOCK_EVIDENCE
from verifier.decide.as_of import Outcome
from verifier.decide.decision import make
from verifier.model import Level, Status
from verifier.rationales import RATIONALES

DECIDE = Path(__file__).resolve().parents[3] / "verifier" / "decide"


def _is_unverified(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "UNVERIFIED"


def _blocking_keys() -> list[tuple[str, int, str]]:
    """(module, line, key) of every reason given beside `Status.UNVERIFIED` in the package — a call
    `make(Status.UNVERIFIED, …, KEY, …)` or a row's answer `(Status.UNVERIFIED, KEY)`; an f-string key
    ("{missing}_missing") is returned as its pattern. A key handed on from a measurement (the
    stated-otherwise rows) is not in the source: the constructor refuses an unnamed one at run time."""
    found = []
    for path in sorted(DECIDE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            parts = (
                node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else []
            )
            if not any(_is_unverified(part) for part in parts):
                continue
            for part in parts:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    found.append((path.name, node.lineno, part.value))
                elif isinstance(part, ast.JoinedStr):
                    found.append((path.name, node.lineno, ast.unparse(part)))
    return found


def test_the_walk_finds_the_blocking_rows() -> None:
    keys = {key for _, _, key in _blocking_keys()}
    # the rows a lawyer meets most: an anchor contradicted, a unit that does not exist, a quote not there
    assert {"anchor_mismatch", "absent"} <= keys
    assert {"wrong_pinpoint", "wrong_paragraph", "quote_in_other_unit"} <= set(BLOCK_EVIDENCE)
    assert any("_missing" in key for key in keys)
    # few of the source's words in the claim is no evidence: never a reason for a 🔴
    assert "not_in_these_words" not in keys
    assert "not_in_these_words" not in BLOCK_EVIDENCE


@pytest.mark.parametrize(("module", "line", "key"), _blocking_keys())
def test_every_blocking_row_names_its_evidence(module: str, line: int, key: str) -> None:
    if "_missing" in key:
        assert {"article_missing", "paragraph_missing", "item_missing", "subitem_missing"} <= set(
            BLOCK_EVIDENCE
        )
        return
    assert key in BLOCK_EVIDENCE, f"{module}:{line} blocks on {key!r} without naming its evidence"


@pytest.mark.parametrize("key", sorted(BLOCK_EVIDENCE))
def test_each_evidence_is_worded_for_the_reader(key: str) -> None:
    assert key in RATIONALES, f"{key!r} blocks but has no rationale"
    for lang in ("en", "pl", "ko"):
        assert RATIONALES[key].get(lang), f"{key!r} has no {lang} rationale"


def test_a_block_without_evidence_cannot_be_built() -> None:
    with pytest.raises(ValueError, match="evidence"):
        make(Status.UNVERIFIED, Level.CONTENT, Level.EXISTENCE, "needs_judgement")


def test_the_same_reason_below_a_block_is_allowed() -> None:
    decision = make(Status.NEEDS_JUDGEMENT, Level.CONTENT, Level.EXISTENCE, "needs_judgement")
    assert decision.evidence is None


def test_a_block_says_what_it_rests_on() -> None:
    decision = make(Status.UNVERIFIED, Level.FRAGMENT, Level.EXISTENCE, "absent")
    assert decision.evidence == BLOCK_EVIDENCE["absent"]


def test_the_history_rows_that_block_name_their_evidence() -> None:
    # the as-of rows block with the history's own message: each such message key is evidence
    source = (DECIDE / "as_of.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    blocking = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "HistoryRow" and node.args:
            outcome = node.args[0]
            if isinstance(outcome, ast.Attribute) and outcome.attr == Outcome.BLOCK.name:
                message = node.args[1]
                assert isinstance(message, ast.Call)
                first = message.args[0]
                if isinstance(first, ast.Constant):
                    blocking.add(first.value)
                else:  # "version_other_same_meaning" if same else "version_other_differs"
                    blocking.add("version_other_differs")
    assert blocking, "the walk found no blocking history row"
    assert blocking <= set(BLOCK_EVIDENCE), blocking - set(BLOCK_EVIDENCE)

"""`python -m verifier ground`: the Polish seed's task format in, the seed's report out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from verifier.ground import main

GROUND = Path(__file__).parent.parent / "data" / "ground"


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def rows(report: str) -> dict[str, list[str]]:
    table = [line for line in report.splitlines() if line.startswith("| C")]
    return {cells[0]: cells for cells in ([c.strip() for c in line.strip("|").split("|")] for line in table)}


# The seed's report example, row by row: (id, required→achieved, status, note)
SEED_REPORT = [
    ("C1", "FRAGMENT→FRAGMENT", "🟢 ZWERYFIKOWANY", "znak 4821"),
    ("C2", "TREŚĆ→TREŚĆ", "🟡 WYMAGA_OSADU", "terminy 86% - potwierdź substancję"),
    ("C3", "FRAGMENT→ISTNIENIE", "🔴 NIEZWERYFIKOWANY", "brak w źródle - BLOKADA"),
    ("C4", "FRAGMENT→TREŚĆ", "🟠 KALIBRACJA", "złagodź do parafrazy lub oznacz prowizor."),
    ("C5", "ISTNIENIE→BRAK", "🔴 NIEZWERYFIKOWANY", "rozbieżna sygnatura - możliwe fałszerstwo"),
]


@pytest.mark.parametrize(("item", "levels", "status", "note"), SEED_REPORT)
def test_it_reproduces_the_seeds_report_example(item: str, levels: str, status: str, note: str) -> None:
    code, out, _ = run(str(GROUND / "seed-report-c1-c5.json"))
    assert code == 1
    assert rows(out)[item][3:] == [levels, status, note]


def test_it_ends_the_seeds_report_with_its_summary() -> None:
    _, out, _ = run(str(GROUND / "seed-report-c1-c5.json"))
    assert out.splitlines()[-2:] == [
        "Wynik: 1/5 zweryfikowane. 2 blokady (C3, C5), 1 kalibracja (C4), 1 do osądu (C2).",
        "NIE publikuj dopóki C3 i C5 nie zostaną poprawione lub usunięte. C4 wymaga złagodzenia tezy.",
    ]


@pytest.mark.parametrize(
    ("item", "status", "note"),
    [
        ("C1", "🟢 ZWERYFIKOWANY", "znak 4821"),
        ("C2", "🟡 WYMAGA_OSADU", "terminy 100% - potwierdź substancję"),
        ("C3", "🔴 NIEZWERYFIKOWANY", "rozbieżne strony - możliwe fałszerstwo"),  # the party guard
    ],
)
def test_it_grounds_the_seeds_example_task(item: str, status: str, note: str) -> None:
    code, out, _ = run(str(GROUND / "seed-task-c1-c3.json"))
    assert code == 1
    assert rows(out)[item][4:] == [status, note]


def write(tmp_path: Path, items: object) -> str:
    path = tmp_path / "task.json"
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    return str(path)


SOURCE = "Sąd Najwyższy uznał, że sąd związany jest granicami zaskarżenia w postępowaniu apelacyjnym."


@pytest.mark.parametrize(
    ("item", "status", "code"),
    [
        (
            {"quote": "sad zwiazany jest granicami zaskarzenia w postepowaniu", "source_text": SOURCE},
            "🟡 ZMODYFIKOWANY",
            0,
        ),
        ({"quote": "sąd związany jest granicami zaskarżenia"}, "⛔ BRAK ŹRÓDŁA", 1),
        (
            {"claim_type": "verbatim_quote", "quote": "związany jest granicami", "source_text": SOURCE},
            "🟢 ZWERYFIKOWANY",
            0,
        ),
        ({"claim_type": "powolanie", "anchor": {"sygnatura": "II CSK 1/20"}}, "⛔ BRAK ŹRÓDŁA", 1),
    ],
)
def test_it_reports_every_status_of_the_seed_and_exits_by_hard_blocks(
    tmp_path: Path, item: dict[str, object], status: str, code: int
) -> None:
    exit_code, out, _ = run(write(tmp_path, {"items": [{"id": "X1", "source_id": "II CSK 1/20", **item}]}))
    assert rows(out.replace("| X1", "| CX1"))["CX1"][4] == status
    assert exit_code == code


def test_it_writes_json_with_spans_and_counts(tmp_path: Path) -> None:
    code, out, _ = run(str(GROUND / "seed-report-c1-c5.json"), "--format", "json")
    payload = json.loads(out)
    assert code == 1
    assert payload["summary"]["hard_blocks"] == 2
    first = payload["items"][0]
    assert first["status"] == "verified"
    assert first["match"]["start"] == 4821
    assert first["match"]["excerpt"] == "sąd związany jest granicami zaskarżenia"


BAD_TASKS = [
    ("not json {", "not valid JSON"),
    ('{"items": []}', "no items"),
    ('{"elements": [1]}', "expected"),
    ('{"items": [{"source_id": "X"}]}', "has no id"),
    (
        '{"items": [{"id": "C1", "claim_type": "plotka", "quote": "x", "source_text": "x"}]}',
        "unknown claim_type",
    ),
    ('{"items": [{"id": "C1", "quote": 5, "source_text": "x"}]}', "must be a string"),
    ('{"items": [{"id": "C1", "source_text": "tekst"}]}', "needs quote or claim_text"),
    ('{"items": [{"id": "C1", "claim_type": "powolanie", "anchor": "II CSK 1/20"}]}', "must be an object"),
]


@pytest.mark.parametrize(("content", "message"), BAD_TASKS)
def test_it_exits_2_with_one_clear_line_on_bad_input(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "task.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(str(path))
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_it_rejects_duplicate_ids(tmp_path: Path) -> None:
    item = {
        "id": "C1",
        "claim_type": "powolanie",
        "anchor": {"sygnatura": "A"},
        "anchor_resolved": {"sygnatura": "A"},
    }
    code, _, err = run(write(tmp_path, {"items": [item, item]}))
    assert code == 2
    assert "duplicate item ids: C1" in err


def test_it_runs_as_a_module_and_exits_2_for_a_missing_file(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "verifier", "ground", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parent.parent.parent,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert "cannot read" in result.stderr


@pytest.mark.parametrize("argv", [["frobnicate"], []])
def test_it_exits_2_for_an_unknown_command(argv: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "verifier", *argv],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parent.parent.parent,
    )
    assert result.returncode == 2
    assert "usage: python -m verifier ground" in result.stderr


@pytest.mark.parametrize(
    ("lang", "heading", "summary", "advice", "foreign"),
    [
        ("en", "Grounding report", "Result: 1/5 verified.", "Do NOT publish until C3, C5", "Wynik"),
        ("ko", "근거 확인 보고서", "결과: 5건 중 1건 확인.", "C3, C5를 바로잡거나", "Result"),
    ],
)
def test_the_report_is_written_in_the_language_asked_for(
    lang: str, heading: str, summary: str, advice: str, foreign: str
) -> None:
    code, out, _ = run(str(GROUND / "seed-report-c1-c5.json"), "--lang", lang)
    assert code == 1
    assert heading in out
    assert summary in out
    assert advice in out
    assert foreign not in out
    # the anchor contradiction's note (C5) is the reader's too, not the seed's Polish or an English default
    note = rows(out)["C5"][5]
    assert ("anchor mismatch" in note) is (lang == "en")
    assert ("앵커 불일치" in note) is (lang == "ko")

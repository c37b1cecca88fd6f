"""`manage.py verify --local-only --as-of …` on the shipped corpus (demo/corpus, what `make run` imports):
nothing leaves the machine, and a Polish or EU finding still says whether the cited wording was the law on
the review's date, from the versions the corpus holds — the same way a Korean one does from its 연혁."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "demo" / "corpus"
SCHEMA = json.loads((ROOT / "docs" / "findings.schema.json").read_text(encoding="utf-8"))

# two memos of the test data, the sentences that matter for good law: art. 5 k.c. quoted in its 1964
# wording (Dz.U. 1964 poz. 93), the GDPR's Article 6(1)(f) quoted word for word (tests/data/memos/memo-eu.md)
POLISH = (
    "Zgodnie z art. 5 k.c. „Nie można czynić ze swego prawa użytku, który by był sprzeczny ze społeczno-"
    "gospodarczym przeznaczeniem tego prawa lub z zasadami współżycia społecznego w Polskiej "
    "Rzeczypospolitej Ludowej”.\n"
)
ENGLISH = (ROOT / "tests" / "data" / "memos" / "memo-eu.md").read_text(encoding="utf-8").split("\n\n")[
    1
] + "\n"


@pytest.fixture
def offline(settings: Any, transactional_db: None, tmp_path: Path) -> Iterator[None]:
    from workbench.pipeline.sources import reset_router

    settings.WORKBENCH_LOCAL_ONLY = True
    settings.WORKBENCH_CORPUS_DIR = CORPUS
    settings.WORKBENCH_ASK_CORPUS_FIRST = True
    settings.WORKBENCH_HISTORY_DIR = tmp_path / "history"
    reset_router()
    yield
    reset_router()


def verify(tmp_path: Path, text: str, as_of: str) -> dict[str, Any]:
    from django.core.management import call_command

    draft = tmp_path / "draft.md"
    draft.write_text(text, encoding="utf-8")
    out = tmp_path / "findings.json"
    with pytest.raises(SystemExit):
        call_command(
            "verify", str(draft), "--local-only", "--as-of", as_of, "--format", "json", "--output", str(out)
        )
    report = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(report, SCHEMA)
    (document,) = report["documents"]
    assert document["as_of"] == as_of
    return document["findings"][0]


# (draft, as-of, status, the history's sentence, words of it in English)
CASES = [
    # the 1964 wording of art. 5 as of today: superseded on 1 October 1990, never a plain 🟢
    (
        POLISH,
        "2026-12-01",
        {"calibration", "unverified"},
        "version_other_",
        "from 1965-01-01 until 1990-09-30",
    ),
    # the same words were the law in 1980: a pass, "as far as the amending acts held offline go"
    (POLISH, "1980-01-01", {"verified"}, "version_held_as_of", "as far as the amending acts held offline go"),
    # the GDPR did not yet apply in 2017 (its Article 99(2)): blocked, with both days
    (ENGLISH, "2017-01-01", {"unverified"}, "act_not_yet_applicable", "applies from 2018-05-25"),
    (ENGLISH, "2026-12-01", {"verified"}, "version_eu_held", "the only one held offline"),
]


@pytest.mark.parametrize(("text", "as_of", "statuses", "note", "words"), CASES)
def test_offline_the_cli_says_whether_a_polish_or_eu_wording_was_the_law_that_day(
    offline: None, tmp_path: Path, text: str, as_of: str, statuses: set[str], note: str, words: str
) -> None:
    finding = verify(tmp_path, text, as_of)
    assert finding["status"] in statuses, finding["rationale"]
    history = finding["history"]
    assert history["note"]["key"].startswith(note), history["note"]
    assert words in history["note"]["text"]["en"]
    assert "not checked" not in history["note"]["text"]["en"]
    # what was read: the versions held offline, never a service that was not asked
    assert history["scanned"]["key"].endswith("_held"), history["scanned"]
    assert "held offline (no service was asked)" in history["scanned"]["text"]["en"]

"""scripts/rewrite_imports.py: code written against the old module paths reads the moved modules after it
runs, and a second run changes nothing (the lead runs it on branches merged after the move)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "rewrite_imports.py"
MOVES = ROOT / "docs" / "moves.tsv"

spec = importlib.util.spec_from_file_location("rewrite_imports", SCRIPT)
assert spec
assert spec.loader
rewrite_imports = importlib.util.module_from_spec(spec)
sys.modules["rewrite_imports"] = rewrite_imports
spec.loader.exec_module(rewrite_imports)


@pytest.fixture(scope="module")
def moves():
    return rewrite_imports.Moves.read(MOVES)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "from verifier.sources.lawgokr import LawGoKrResolver\n",
            "from verifier.sources.lawgokr.client import LawGoKrResolver\n",
        ),
        (
            "    from verifier.sources.history_eu import DEFAULT_SPARQL_URL, EuActHistory\n",
            "    from verifier.sources.cellar.history import DEFAULT_SPARQL_URL, EuActHistory\n",
        ),
        (  # a name that moved on its own is split off
            "from verifier.sources.treatment_kr import KoreanPrecedentTreatment, Treatment\n",
            "from verifier.sources.lawgokr.treatment import KoreanPrecedentTreatment\n"
            "from verifier.sources.treatment import Treatment\n",
        ),
        (
            "from verifier.sources.saos import (\n    SaosResolver,  # resolves\n    parse_judgment,\n)\n",
            "from verifier.sources.saos.client import SaosResolver, parse_judgment\n",
        ),
        ("from verifier.search import codes\n", "from verifier.sources.lawgokr import codes\n"),
        ("from verifier.sources import saos\n", "from verifier.sources.saos import client as saos\n"),
        ("import verifier.sources.structure_pl as pl\n", "import verifier.sources.eli.structure as pl\n"),
        (
            'monkeypatch.setattr("verifier.sources.saos.SaosResolver.resolve", fake)\n',
            'monkeypatch.setattr("verifier.sources.saos.client.SaosResolver.resolve", fake)\n',
        ),
        (
            "see `verifier/sources/treatment_eu.py` and verifier.sources.structure_kr.unit_for\n",
            "see `verifier/sources/cellar/treatment.py` and verifier.sources.units.unit_for\n",
        ),
        (  # already new: a module of the package the old module became
            "from verifier.sources.eli.search import EliSearch  # verifier.sources.eli.search\n",
            "from verifier.sources.eli.search import EliSearch  # verifier.sources.eli.search\n",
        ),
        ("from verifier.model import Cause\n", "from verifier.model import Cause\n"),
    ],
)
def test_it_rewrites_old_paths_and_only_once(moves, old: str, new: str) -> None:
    once = rewrite_imports.rewrite(old, moves)
    assert once == new
    assert rewrite_imports.rewrite(once, moves) == once


def test_every_new_module_of_the_mapping_exists(moves) -> None:
    for new in {*moves.modules.values(), *moves.names.values()}:
        assert rewrite_imports._is_module(new), new


def test_check_mode_names_a_stale_file_and_leaves_it(tmp_path: Path) -> None:
    stale = tmp_path / "stale.py"
    stale.write_text("from verifier.sources.eli import EliResolver\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--check", str(stale)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 1
    assert str(stale) in run.stdout
    assert stale.read_text(encoding="utf-8") == "from verifier.sources.eli import EliResolver\n"

"""docs/moves-workbench.tsv says where each module of the old flat workbench/ went; branches written against
the old layout are rewritten with it (scripts/rewrite_imports_workbench.py). Checked: every new path exists,
no old one is left, and the rewrite turns old imports and dotted paths into working ones, and a second run
changes nothing."""

# rewrite-imports: leave this file alone (its cases quote the old layout on purpose)

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPPING = ROOT / "docs" / "moves-workbench.tsv"


def _tool():
    spec = importlib.util.spec_from_file_location(
        "rewrite_imports_workbench", ROOT / "scripts" / "rewrite_imports_workbench.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
MOVES = TOOL.read_moves(MAPPING)


def _file(module: str) -> Path:
    return ROOT / (module.replace(".", "/") + ".py")


def test_every_module_moved_is_where_the_mapping_says_and_not_where_it_was():
    assert len(MOVES) >= 39  # the 39 modules that left the flat folder, and their tests
    assert [new for new in MOVES.values() if not _file(new).is_file()] == []
    assert [old for old in MOVES if _file(old).is_file()] == []


CASES = [
    (
        "from workbench import services, words\n",
        "from workbench.reviews import services\nfrom workbench import words\n",
    ),
    (  # a module renamed on the way keeps the name the code calls it by
        "from workbench import search, exports  # noqa: F401\n",
        "from workbench.search import services as search  # noqa: F401\n"
        "from workbench.exports import report as exports  # noqa: F401\n",
    ),
    (
        "    from workbench import (\n        toa,\n        timeline as t,\n    )\n",
        "    from workbench.exports import toa, timeline as t\n",
    ),
    ("from workbench.search_local import LOCAL\n", "from workbench.search.local import LOCAL\n"),
    (
        "from workbench.supplied import resolution_for\n",
        "from workbench.supplied.serving import resolution_for\n",
    ),
    ('patch("workbench.worker.run_plan")\n', 'patch("workbench.pipeline.worker.run_plan")\n'),
    ('patch("workbench.search.run_search")\n', 'patch("workbench.search.services.run_search")\n'),
    ('"workbench.middleware.NoStoreMiddleware",\n', '"workbench.security.middleware.NoStoreMiddleware",\n'),
    ('include("workbench.search_urls")\n', 'include("workbench.search.urls")\n'),
    ("see workbench/throttle.py\n", "see workbench/security/throttle.py\n"),
    ("tests/workbench/test_exports.py\n", "tests/workbench/exports/test_exports.py\n"),
    # what is not a moved module stays as it is
    (
        'to="workbench.review", perms.workbench.change_finding\n',
        'to="workbench.review", perms.workbench.change_finding\n',
    ),
    ('@app.task(name="workbench.verify_findings")\n', '@app.task(name="workbench.verify_findings")\n'),
    ("from workbench.models import Finding\n", "from workbench.models import Finding\n"),
    ('{% include "workbench/evidence.html" %}\n', '{% include "workbench/evidence.html" %}\n'),
]


@pytest.mark.parametrize(("old", "new"), CASES)
def test_the_rewrite_turns_the_old_layout_into_the_new_and_leaves_the_new_alone(old, new):
    once = TOOL.rewrite(old, MOVES, python=True)
    assert once == new
    assert TOOL.rewrite(once, MOVES, python=True) == once

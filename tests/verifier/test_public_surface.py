"""The search and the workbench use the sources through their public names only (issue 14 §6): no import of a
private name (`_check_json`) from `verifier.sources`, no reading of the router's resolver table, no isinstance
check against a resolver class. The router says which remote clients it built (`remotes_of`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CALLERS = sorted([*(ROOT / "verifier" / "search").glob("*.py"), *(ROOT / "workbench").glob("*.py")])
RESOLVER_CLASSES = {"LawGoKrResolver", "SaosResolver", "EliResolver", "CellarResolver"}


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("verifier.sources"):
            found += [f"imports {a.name} from {node.module}" for a in node.names if a.name.startswith("_")]
        if isinstance(node, ast.Attribute) and node.attr == "resolvers":
            found.append(f"reads .resolvers (line {node.lineno})")
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
            classes = node.args[1] if len(node.args) > 1 else ast.Tuple(elts=[])
            names = {n.id for n in ast.walk(classes) if isinstance(n, ast.Name)}
            found += [f"isinstance(…, {n}) (line {node.lineno})" for n in sorted(names & RESOLVER_CLASSES)]
    return found


@pytest.mark.parametrize("path", CALLERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_callers_use_the_sources_public_names_only(path: Path) -> None:
    assert offences(path) == []


def test_the_router_names_the_remote_clients_it_built() -> None:
    from verifier.sources.router import build_router, remotes_of

    common = dict(
        lawgokr_oc="oc",
        lawgokr_base_url="http://127.0.0.1:9/lawgokr",
        saos_base_url="http://127.0.0.1:9/saos",
        eli_base_url="http://127.0.0.1:9/eli",
        cellar_base_url="http://127.0.0.1:9/cellar",
        timeout=3.0,
    )
    router = build_router(local_only=False, **common)
    remotes = remotes_of(router)
    assert remotes is not None
    assert remotes.kr.oc == "oc"
    assert remotes.kr.http is remotes.eli.http is remotes.cellar.http  # one pool, one politeness per host
    assert router.resolver_for("pl:case:II CSK 1/19") is remotes.saos
    assert remotes_of(build_router(local_only=True, **common)) is None

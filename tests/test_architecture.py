"""The shape of the code, checked: a status is decided in one place, data flows one way, modules stay small.

- `verifier.decide.decide` is the only place that constructs a status: no other module builds a
  `Decision`, passes `status=Status.…`, or assigns a `Status` member to a `.status`; the verifier's `Finding`
  is built only where a decision is written out (`verifier/verify.py`) and where a stored one is read back
  (`workbench/pipeline/records.py`).
- No import cycle in `verifier/` and `workbench/`, counting the imports hidden inside functions.
- No module of `verifier/` or `workbench/` (migrations aside) over 600 lines.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from verifier.model import Status

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("verifier", "workbench")
MAX_LINES = 600


def modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join(parts), path


MODULES = dict(modules())


def imports_of(name: str, path: Path) -> set[str]:
    """The project modules `name` imports, anywhere in its body."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {m for m in found if m in MODULES and m != name}


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = {name: imports_of(name, path) for name, path in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


def test_the_cycle_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    module = tmp_path / "x.py"
    module.write_text("def f():\n    from workbench.pipeline import tasks\n", encoding="utf-8")
    assert "workbench.pipeline.tasks" in imports_of("workbench.x", module)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_stay_small(name: str) -> None:
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name} has {lines} lines; split it by what its parts do"


STATUS_MEMBERS = {s.name for s in Status}
FINDING_BUILDERS = {"verifier.verify", "workbench.pipeline.records"}


def _is_status_member(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr in STATUS_MEMBERS
        and isinstance(node.value, ast.Name)
        and node.value.id in {"Status", "VerifierStatus"}
    )


def status_constructions(name: str, path: Path) -> list[str]:
    """Where `name` builds a status. In `workbench`, `Decision` and `Finding` are the ORM's models (a
    partner's decision, a stored finding) and the verifier's Finding is imported as `VerifiedFinding`."""
    in_verifier = name.split(".")[0] == "verifier"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if callee == "Decision" and in_verifier and not name.startswith("verifier.decide"):
                found.append(f"line {node.lineno}: builds a Decision")
            verifier_finding = callee == "VerifiedFinding" or (callee == "Finding" and in_verifier)
            if verifier_finding and name not in FINDING_BUILDERS:
                found.append(f"line {node.lineno}: builds a verifier Finding")
            for keyword in node.keywords:
                if keyword.arg == "status" and _is_status_member(keyword.value):
                    found.append(f"line {node.lineno}: passes status=Status.…")
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                is_status = isinstance(target, ast.Attribute) and target.attr == "status"
                if is_status and node.value is not None and _is_status_member(node.value):
                    found.append(f"line {node.lineno}: assigns a Status to .status")
    return found


def test_only_the_decision_step_constructs_a_status() -> None:
    offenders = {name: hits for name, path in MODULES.items() if (hits := status_constructions(name, path))}
    assert not offenders, offenders


def test_the_status_check_catches_a_status_set_outside_the_decision_step(tmp_path: Path) -> None:
    module = tmp_path / "rogue.py"
    module.write_text(
        "from verifier.model import Status\n"
        "def f(finding):\n"
        "    finding.status = Status.VERIFIED\n"
        "    return dict(status=Status.UNVERIFIED)\n",
        encoding="utf-8",
    )
    assert len(status_constructions("workbench.rogue", module)) == 2

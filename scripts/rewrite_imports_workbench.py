"""Rewrite imports and dotted paths after modules moved, from a mapping file (docs/moves-workbench.tsv).

    python scripts/rewrite_imports_workbench.py docs/moves-workbench.tsv [FILE_OR_DIR ...]

Each line of the mapping is `old.module<TAB>new.module` (`#` starts a comment). Without paths, every file git
tracks is rewritten, except translations (`*.po`: makemessages rewrites their locations), recorded test data,
migrations, the mapping itself and a file that says "rewrite-imports: leave this file alone". What changes:
- `from workbench import services, toa as t` becomes one import per new package, keeping the name each
  module was bound to (`from workbench.reviews import services`, `from workbench.exports import toa as t`);
  a module renamed on the way is imported under its old name (`from workbench.search import services as
  search`), so the code that uses it does not change;
- a dotted path anywhere, in code or in prose (`workbench.worker.run_plan` in a mock.patch string,
  "workbench.middleware.NoStoreMiddleware" in settings, `workbench.tasks` in a docstring), and a file path
  (`workbench/throttle.py`, `tests/workbench/test_exports.py`).
Running it twice changes nothing the second time. Afterwards run `ruff check --fix --select I` on the changed
files to sort the imports it wrote.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SKIP_SUFFIXES = (
    ".po",
    ".mo",
    ".png",
    ".jpg",
    ".pdf",
    ".docx",
    ".woff",
    ".woff2",
    ".ttf",
    ".ico",
    ".gz",
    ".zip",
)
LEAVE_ALONE = "rewrite-imports: leave this file alone"  # a file that quotes the old layout on purpose
SKIP_PARTS = ("tests/data/", "/migrations/", "static/vendor/")
IMPORT = re.compile(
    r"^(?P<indent>[ \t]*)from (?P<package>[\w.]+) import "
    r"(?P<names>\([^)]*\)|[^\n#]*?)(?P<tail>[ \t]*#[^\n]*)?$",
    re.M,
)


def read_moves(path: Path) -> dict[str, str]:
    moves = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            old, new = line.split("\t")
            moves[old.strip()] = new.strip()
    return moves


def rewrite_from_imports(text: str, moves: dict[str, str]) -> str:
    """`from package import a, b as c` with some of a, b moved: one statement per package they now live in."""

    def replace(match: re.Match[str]) -> str:
        package = match["package"]
        listed = re.sub(r"#[^\n]*", "", match["names"]).strip("()")
        names = [n.strip() for n in listed.replace("\n", " ").split(",") if n.strip()]
        if not any(f"{package}.{n.split(' as ')[0].strip()}" in moves for n in names):
            return match[0]
        groups: dict[str, list[str]] = {}
        for name in names:
            module, _, bound = (p.strip() for p in name.partition(" as "))
            bound = bound or module
            new = moves.get(f"{package}.{module}")
            if new is None:
                groups.setdefault(package, []).append(name)
                continue
            new_package, _, new_module = new.rpartition(".")
            groups.setdefault(new_package, []).append(
                new_module if new_module == bound else f"{new_module} as {bound}"
            )
        tail = match["tail"] or ""
        lines = []
        for new_package, imported in groups.items():
            lines.append(f"{match['indent']}from {new_package} import {', '.join(imported)}{tail}")
            if "noqa" not in tail:
                tail = ""  # a comment saying why it is imported here stays on the first line; a noqa on each
        return "\n".join(lines)

    return IMPORT.sub(replace, text)


def rewrite_paths(text: str, moves: dict[str, str]) -> str:
    """Dotted module paths and file paths; a path already under its new name is left alone."""
    new_modules = set(moves.values())
    for old in sorted(moves, key=len, reverse=True):
        new = moves[old]
        dotted = re.compile(
            rf"(?<![\w.]){re.escape(old)}(?![\w])(?P<rest>(\.\w+)?)(?P<then> import \(?\s*\w+)?"
        )

        def dotted_replace(match: re.Match[str], old: str = old, new: str = new) -> str:
            # Already where it belongs: `workbench.search.services`, `from workbench.search import views`.
            then = match["then"] or ""
            imported = "." + then.split()[-1].lstrip("(") if then else ""
            further = old + (match["rest"] or imported)
            if further != old and any(m == further or m.startswith(further + ".") for m in new_modules):
                return match[0]
            return new + match["rest"] + then

        text = dotted.sub(dotted_replace, text)
        old_file, new_file = old.replace(".", "/") + ".py", new.replace(".", "/") + ".py"
        text = re.sub(rf"(?<![\w/.]){re.escape(old_file)}(?![\w])", new_file, text)
    return text


def rewrite(text: str, moves: dict[str, str], *, python: bool) -> str:
    if python:
        text = rewrite_from_imports(text, moves)
    return rewrite_paths(text, moves)


def tracked_files(root: Path) -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout  # noqa: S607
    return [root / line for line in out.splitlines()]


def wanted(path: Path, mapping: Path) -> bool:
    posix = path.as_posix()
    return (
        path.is_file()
        and path.resolve() not in {mapping.resolve(), Path(__file__).resolve()}
        and not path.name.endswith(SKIP_SUFFIXES)
        and not any(part in posix for part in SKIP_PARTS)
    )


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    mapping = Path(argv[0])
    moves = read_moves(mapping)
    paths: list[Path] = []
    for arg in argv[1:] or ["."]:
        given = Path(arg)
        paths += tracked_files(given) if given.is_dir() else [given]
    changed = 0
    for path in paths:
        if not wanted(path, mapping):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if LEAVE_ALONE in text:
            continue
        new = rewrite(text, moves, python=path.suffix == ".py")
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(path)
            changed += 1
    print(f"{changed} files rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

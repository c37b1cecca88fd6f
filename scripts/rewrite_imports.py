#!/usr/bin/env python3
"""Rewrite references to moved modules in the files given, by the mapping in docs/moves.tsv.

    scripts/rewrite_imports.py FILE…            rewrite in place, print the files changed
    scripts/rewrite_imports.py --check FILE…    change nothing; exit 1 if a file still names an old path
    scripts/rewrite_imports.py --moves OTHER.tsv FILE…

Each line of the mapping is `old<TAB>new`, either two modules (`verifier.sources.saos` →
`verifier.sources.saos.client`) or two names (`verifier.sources.treatment_kr:Treatment` →
`verifier.sources.treatment:Treatment`) for a name that moved to another module than the rest of its
module. What is rewritten:

- `from OLD import a, b` (also in parentheses over several lines), `from PARENT import oldmodule`,
  `import OLD` and `import OLD as x`; a name moved on its own is split off into its own `from NEW import`.
- dotted paths anywhere else, such as `mock.patch("verifier.sources.saos.SaosResolver.resolve")` strings
  and module names in documentation;
- file paths (`verifier/sources/saos.py`) in documentation and comments.

Running it twice changes nothing the second time: a path that already starts with a new module is left as
it is (`verifier.sources.saos` became the package `verifier/sources/saos/`, so the old module path is a
prefix of the new ones; a module that exists in this checkout under the new package is never rewritten).
Afterwards run `ruff check --fix --select I` and `ruff format`: a rewritten import keeps its names, not its
place in the sorted imports.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_MOVES = ROOT / "docs" / "moves.tsv"
LINE_LENGTH = 110  # pyproject.toml's; longer imports are written one name a line

FROM_IMPORT = re.compile(
    r"^(?P<indent>[ \t]*)from[ \t]+(?P<module>[\w.]+)[ \t]+import[ \t]+"
    r"(?P<names>\([^)]*\)|[^\n]*?(?:\\\n[^\n]*?)*)(?P<comment>[ \t]*#[^\n]*)?$",
    re.MULTILINE,
)
PLAIN_IMPORT = re.compile(r"^(?P<indent>[ \t]*)import[ \t]+(?P<module>[\w.]+)(?P<rest>[^\n]*)$", re.MULTILINE)


@dataclass
class Moves:
    modules: dict[str, str] = field(default_factory=dict)
    names: dict[tuple[str, str], str] = field(default_factory=dict)  # (old module, name) -> new module

    @classmethod
    def read(cls, path: Path) -> Moves:
        moves = cls()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            old, sep, new = line.partition("\t")
            if not sep:
                raise SystemExit(f"{path}:{number}: expected 'old<TAB>new', got {line!r}")
            old, new = old.strip(), new.strip()
            if ":" in old:
                old_module, name = old.split(":")
                new_module, new_name = new.split(":")
                if name != new_name:
                    raise SystemExit(f"{path}:{number}: a moved name keeps its name ({name} → {new_name})")
                moves.names[(old_module, name)] = new_module
            else:
                moves.modules[old] = new
        return moves

    def roots(self) -> str:
        """The top-level packages the mapping moves modules in, as a regex alternation."""
        tops = {old.split(".")[0] for old in self.modules} | {old.split(".")[0] for old, _ in self.names}
        return "|".join(sorted(map(re.escape, tops)))

    def is_new(self, dotted: str) -> bool:
        """`dotted` already names a new module (or something inside one)."""
        targets = set(self.modules.values()) | set(self.names.values())
        return any(dotted == t or dotted.startswith(t + ".") for t in targets)

    def module(self, dotted: str) -> str:
        """The new path of a module, or of something inside a module (`old.Name.attr`)."""
        if self.is_new(dotted):
            return dotted
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            head, tail = ".".join(parts[:cut]), parts[cut:]
            if tail and (head, tail[0]) in self.names:
                return ".".join([self.names[(head, tail[0])], *tail])
            if head in self.modules:
                if tail and _is_module(".".join([head, tail[0]])):
                    return dotted  # a module of the package the old module became
                return ".".join([self.modules[head], *tail])
        return dotted


def _is_module(dotted: str) -> bool:
    """`dotted` is a module or package of this checkout (one the mapping may not list)."""
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _names(text: str) -> list[str]:
    text = re.sub(r"#[^\n]*", "", text).replace("\\\n", " ").strip()
    if text.startswith("("):
        text = text[1:-1]
    return [n.strip() for n in text.replace("\n", " ").split(",") if n.strip()]


def _statement(indent: str, module: str, names: list[str]) -> str:
    one_line = f"{indent}from {module} import {', '.join(names)}"
    if len(one_line) <= LINE_LENGTH:
        return one_line
    inner = "".join(f"{indent}    {name},\n" for name in names)
    return f"{indent}from {module} import (\n{inner}{indent})"


def _rewrite_from(moves: Moves, match: re.Match[str]) -> str:
    indent, module = match["indent"], match["module"]
    names = _names(match["names"])
    comment = match["comment"] or ""
    if not names or names == ["*"] or module.split(".")[0] not in moves.roots().split("|"):
        return match[0]
    groups: dict[str, list[str]] = {}
    for entry in names:
        name = entry.split(" as ")[0].strip()
        if (module, name) in moves.names:
            target = moves.names[(module, name)]
        elif f"{module}.{name}" in moves.modules and not moves.is_new(f"{module}.{name}"):
            new = moves.modules[f"{module}.{name}"]
            parent, _, leaf = new.rpartition(".")
            target = parent
            entry = entry if leaf == name else f"{leaf} as {entry.split(' as ')[-1].strip()}"
        elif moves.is_new(f"{module}.{name}") or _is_module(f"{module}.{name}"):
            target = module  # already a new module of a package that kept the old module's name
        else:
            target = moves.module(module)
        groups.setdefault(target, []).append(entry)
    if list(groups) == [module]:
        return match[0]
    lines = [_statement(indent, target, entries) for target, entries in groups.items()]
    return "\n".join(lines) + comment


def _rewrite_plain(moves: Moves, match: re.Match[str]) -> str:
    new = moves.module(match["module"])
    if new == match["module"]:
        return match[0]
    return f"{match['indent']}import {new}{match['rest']}"


def _as_path(module: str) -> str:
    return module.replace(".", "/") + ".py"


def _rewrite_slashed(moves: Moves, match: re.Match[str]) -> str:
    module = match[0][: -len(".py")].replace("/", ".")
    new = moves.modules.get(module)
    if new is None or moves.is_new(module):
        return match[0]
    return _as_path(new)


def rewrite(text: str, moves: Moves) -> str:
    """Import statements by what they import; then paths in the rest of the text (strings, prose)."""
    statements: list[str] = []

    def keep(new: str) -> str:
        statements.append(new)
        return f"\x00{len(statements) - 1}\x00"

    text = FROM_IMPORT.sub(lambda m: keep(_rewrite_from(moves, m)), text)
    text = PLAIN_IMPORT.sub(lambda m: keep(_rewrite_plain(moves, m)), text)
    slashed = re.compile(rf"(?<![\w/])(?:{moves.roots()})(?:/\w+)+\.py\b")
    dotted = re.compile(rf"(?<![\w.])(?:{moves.roots()})(?:\.\w+)+")
    text = slashed.sub(lambda m: _rewrite_slashed(moves, m), text)
    text = dotted.sub(lambda m: moves.module(m[0]), text)
    return re.sub("\x00(\\d+)\x00", lambda m: statements[int(m[1])], text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--moves", type=Path, default=DEFAULT_MOVES)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    args = parser.parse_args(argv)
    moves = Moves.read(args.moves)
    stale = 0
    for path in args.files:
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = rewrite(text, moves)
        if new == text:
            continue
        stale += 1
        print(path)
        if not args.check:
            path.write_text(new, encoding="utf-8")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

"""docs/DESIGN.md draws workbench/ module by module, each with one line of what it does. A newcomer finds a
behaviour from that drawing, so a module missing from it (or drawn but gone) is a wrong map: checked here."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTION_COLUMN = 23  # names sit left of it, what they do starts there (continuation lines too)


def drawn_modules(design: str) -> dict[str, str]:
    """The modules the `workbench/` block of the tree draws, as paths, with the line saying what each does."""
    lines = design.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("workbench/ "))
    folders: list[str] = ["workbench"]
    drawn: dict[str, str] = {}
    for line in lines[start + 1 :]:
        if line and not line.startswith(" "):
            break  # the next top-level entry (fakes/, templates/ …)
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip() or indent >= DESCRIPTION_COLUMN:
            continue  # a description carried over to another line
        name, _, what = line.strip().partition(" ")
        depth = indent // 2
        folders = folders[:depth]
        if name.endswith("/"):
            folders.append(name.rstrip("/"))
        elif name.endswith(".py"):
            drawn["/".join([*folders, name])] = what.strip()
    return drawn


def modules_on_disk() -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "workbench").rglob("*.py")
        if "migrations" not in path.parts and path.name != "__init__.py"
    } | {"workbench/__init__.py"}


def test_every_module_of_workbench_is_drawn_in_design_md_with_what_it_does():
    drawn = drawn_modules((ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8"))
    on_disk = modules_on_disk()
    assert sorted(on_disk - set(drawn)) == [], "modules missing from DESIGN.md's tree"
    assert sorted(set(drawn) - on_disk) == [], "DESIGN.md draws modules that do not exist"
    assert [path for path, what in drawn.items() if not what] == [], "drawn without saying what they do"


def test_the_parser_reads_folders_and_descriptions_carried_over_to_another_line():
    design = (
        "verifier/              the engine\n"
        "  model.py             not ours\n"
        "workbench/             the app\n"
        "  models.py            the records\n"
        "  reviews/             a review\n"
        "    services.py        every change, with its audit event, and a description that goes on\n"
        "                       reviews.py on the next line (not a module)\n"
        "  management/\n"
        "    commands/\n"
        "      verify.py        the headless check\n"
        "  words.py             code words as words\n"
        "fakes/                 not ours\n"
    )
    assert drawn_modules(design) == {
        "workbench/models.py": "the records",
        "workbench/reviews/services.py": "every change, with its audit event, and a description that goes on",
        "workbench/management/commands/verify.py": "the headless check",
        "workbench/words.py": "code words as words",
    }

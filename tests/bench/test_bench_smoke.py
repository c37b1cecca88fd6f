"""A smoke run of the benchmark harness with tiny sizes: every figure prints its line and lands in the JSON,
and a figure that cannot be measured says so instead of disappearing (a silent gap would read as 'fine')."""

from __future__ import annotations

import json
import math
import re

import pytest

from bench import fragment
from bench.__main__ import main

LINE = re.compile(
    r"^bench: (?P<name>[\w.]+) value=(?P<value>\S+) baseline=(?P<baseline>\S+) ratio=(?P<ratio>\S+)"
)


def _number(text: str) -> float:
    return float(re.match(r"[-\d.]+", text).group())  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "bench.json"
    import contextlib
    import io

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["--only", "fragment,extraction", "--smoke", "--json", str(out)])
    return code, printed.getvalue(), json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "name",
    [
        "fragment.normalize_source",
        "fragment.exact_path",
        "fragment.fuzzy_path",
        "fragment.all_quotes",
        "extraction.mb_per_s",
        "extraction.citations_per_s",
    ],
)
def test_it_prints_each_figure_with_value_baseline_and_ratio_and_writes_it_to_json(smoke_run, name):
    code, printed, data = smoke_run
    assert code == 0
    lines = {m["name"]: m for m in map(LINE.match, printed.splitlines()) if m}
    assert name in lines, printed
    shown = lines[name]
    value, baseline, ratio = _number(shown["value"]), _number(shown["baseline"]), _number(shown["ratio"])
    assert value > 0
    assert baseline > 0
    # the printed ratio is value / baseline, rounded to 3 significant digits
    assert math.isclose(ratio, value / baseline, rel_tol=0.02)
    stored = {f["name"]: f for f in data["figures"]}[name]
    assert math.isclose(stored["ratio"], stored["value"] / stored["baseline"])
    assert math.isclose(stored["value"], value, rel_tol=0.01)
    assert stored["unit"]
    assert stored["baseline_name"]


def test_it_records_when_and_on_what_the_figures_were_measured(smoke_run):
    _, printed, data = smoke_run
    meta = data["meta"]
    assert meta["smoke"] is True
    assert meta["cpus"] >= 1
    assert len(meta["load_before"]) == 3
    assert meta["figures_asked"] == ["fragment", "extraction"]
    assert printed.rstrip().splitlines()[-1].startswith("bench: done in ")


@pytest.mark.parametrize(
    ("name", "checks"),
    [
        ("fragment.exact_path", "exact"),  # the verbatim quotes really are found verbatim
        ("fragment.fuzzy_path", "modified"),  # the edited quotes are found as modified
        ("fragment.fuzzy_path", "absent"),  # the held-out quotes are reported absent
    ],
)
def test_it_checks_that_the_timed_matches_are_right_not_only_fast(smoke_run, name, checks):
    _, _, data = smoke_run
    note = {f["name"]: f for f in data["figures"]}[name]["note"]
    assert f"'{checks}'" in note


def test_a_figure_that_fails_prints_an_unavailable_line_and_fails_the_run(tmp_path, monkeypatch, capsys):
    def broken(**_: object) -> list:
        raise OSError("corpus unreadable")

    monkeypatch.setattr(fragment, "run", broken)
    out = tmp_path / "bench.json"
    assert main(["--only", "fragment", "--smoke", "--json", str(out)]) == 1
    printed = capsys.readouterr().out
    assert re.search(
        r"^bench: fragment\.all_quotes value=n/a baseline=n/a ratio=n/a .*corpus unreadable", printed, re.M
    )
    (figure,) = json.loads(out.read_text(encoding="utf-8"))["figures"]
    assert figure["value"] is None
    assert "unavailable: OSError: corpus unreadable" in figure["note"]


@pytest.mark.parametrize("only", ["fragmnet", "pages,typo"])
def test_it_refuses_an_unknown_figure_name(only, tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--only", only, "--json", str(tmp_path / "x.json")])
    assert exit_info.value.code == 2
    assert "unknown figure" in capsys.readouterr().err

"""bench/history.py measures what it says: the first check of a draft in fresh processes (nothing cached, the
Korean analyses included) and the draft checked again in one process, each with and without the history
look-ups, against four fake servers; the warm run asks nothing more upstream than the run without history."""

from __future__ import annotations

from pathlib import Path

from bench.draft import DRAFT_100
from bench.history import run


def test_the_history_figures_compare_like_with_like(tmp_path: Path) -> None:
    # a statute quote and a precedent of the real benchmark draft: each has history to ask for
    paragraphs = DRAFT_100.read_text(encoding="utf-8").split("\n\n")
    draft = tmp_path / "draft.md"
    draft.write_text("\n\n".join([paragraphs[1], paragraphs[41]]) + "\n", encoding="utf-8")

    figures = {f.name: f for f in run(draft=draft, repeats=1)}

    assert list(figures) == ["history.cold", "history.cold_analysed", "history.warm"]
    cold, analysed, warm = figures["history.cold"], figures["history.cold_analysed"], figures["history.warm"]
    for figure in figures.values():
        assert figure.value is not None
        assert figure.value > 0
        assert figure.baseline is not None
        assert figure.baseline > 0
    assert cold.target.startswith("<= 1.20")
    assert cold.met is not None
    assert "fresh processes, nothing cached" in cold.note
    # the version list of 민법 and the body search for 96다47951 at least, in both ways of measuring
    for figure in (cold, analysed):
        assert figure.extra["requests_cold"] >= figure.extra["requests_without"] + 2, figure.note
    assert analysed.target == ""
    assert warm.met is True, warm.note

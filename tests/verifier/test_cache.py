"""Derived data kept on disk between runs: read back when valid, rebuilt when not, never required."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.cache import cache_dir, cached_strings
from verifier.text import _build_casefold_irregular, _build_nfc_unstable


class Builder:
    def __init__(self, value: list[str]) -> None:
        self.value = value
        self.calls = 0

    def __call__(self) -> list[str]:
        self.calls += 1
        return self.value


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(tmp_path))
    return cache_dir()


def test_a_table_is_built_once_and_read_back(cache: Path) -> None:
    build = Builder(["ß", "ﬁ"])
    assert cached_strings("t", build, 2) == ["ß", "ﬁ"]
    assert cached_strings("t", build, 2) == ["ß", "ﬁ"]
    assert build.calls == 1
    assert len(list(cache.glob("t-*.json"))) == 1


@pytest.mark.parametrize("garbage", ["", "{not json", '{"a": 1}', "[1]", '["a", "b"]'])
def test_a_damaged_file_is_rebuilt_not_believed(cache: Path, garbage: str) -> None:
    cached_strings("t", Builder(["x"]), 1)
    (path,) = cache.glob("t-*.json")
    path.write_text(garbage, encoding="utf-8")
    build = Builder(["y"])
    assert cached_strings("t", build, 1) == ["y"]
    assert build.calls == 1


def test_an_unwritable_cache_costs_time_not_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(blocker))
    assert cached_strings("t", Builder(["z"]), 1) == ["z"]


@pytest.mark.parametrize(
    ("build", "members", "non_members"),
    [
        (_build_casefold_irregular, ["ß", "ﬁ", "İ"], ["a", "ą", "가"]),
        (_build_nfc_unstable, ["\u0301", "\u1161", "\u212b", "\uf900"], ["a", "가", "A"]),
    ],
)
def test_the_unicode_tables_hold_what_normalization_relies_on(
    build: object, members: list[str], non_members: list[str]
) -> None:
    assert callable(build)
    joined = "".join(build())
    for c in members:
        assert c in joined, f"U+{ord(c):04X}"
    for c in non_members:
        assert c not in joined, f"U+{ord(c):04X}"

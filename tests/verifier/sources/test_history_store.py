"""ListCache: a statute's list of versions is read from the store and rebuilt once per process while it is
fresh — never served past the day it answers for, and a newer list another process stored is picked up."""

from __future__ import annotations

from typing import Any

from verifier.sources.history_store import ListCache, MemoryStore, history_to_json
from verifier.sources.versions import History, Version

V1 = Version(
    id="001706@1",
    effective="2020-01-01",
    promulgated="2019-12-01",
    number="제1호",
    kind="제정",
    label="제정 (2020-01-01)",
)


def history(listed_on: str) -> History:
    return History("kr:law:민법", "민법", "001706", (V1,), listed_on, "law.go.kr")


class CountingStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        self.reads += 1
        return super().get(kind, key)


def test_a_fresh_list_is_read_from_the_store_once_and_is_the_same_list() -> None:
    store = CountingStore()
    store.put("list", "law.go.kr:001706", history_to_json(history("2026-12-01")))
    lists = ListCache(store)
    first = lists.fresh("law.go.kr:001706", day="2026-12-01", today="2026-12-01")
    again = lists.fresh("law.go.kr:001706", day="2026-06-01", today="2026-12-01")
    assert first == history("2026-12-01")
    assert again is first
    assert store.reads == 1


def test_a_list_of_an_earlier_day_is_not_an_answer_for_today_but_a_newer_stored_one_is() -> None:
    store = MemoryStore()
    lists = ListCache(store)
    lists.put("law.go.kr:001706", history("2026-11-30"))
    assert lists.fresh("law.go.kr:001706", day="2026-11-01", today="2026-12-01") is not None  # still complete
    # listed the day before: not complete for a question about today
    assert lists.fresh("law.go.kr:001706", day="2026-12-01", today="2026-12-01") is None
    store.put("list", "law.go.kr:001706", history_to_json(history("2026-12-01")))  # by another process
    newer = lists.fresh("law.go.kr:001706", day="2026-12-01", today="2026-12-01")
    assert newer is not None
    assert newer.listed_on == "2026-12-01"

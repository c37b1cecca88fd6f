"""Korean statute history read from the recorded 연혁 versions of the offline corpus, never from the network.

    history = RecordedStatuteHistory(corpus_dir)             corpus_dir laid out like demo/corpus/
    history.check_quote("근로기준법", Pinpoint("23", "1"), quote, as_of="2020-01-01")
        -> QuoteCheck | NotChecked

The corpus keeps, beside each statute's current text, every version the legalize-kr mirror recorded:
`kr/statutes/<법령>/history/versions.tsv` (file, 법령MST, 법령ID, 제목, 공포일자, 공포번호, 시행일자, …)
and the `*.md` texts it names. Without a law.go.kr key (or in local-only mode) these answer "which wording was
in force on the as-of date" the same way law.go.kr's 연혁 list would, up to the day they were recorded:
an amendment promulgated after that day is not in the list, and every answer says so in the history's notes.

Only the list and the texts differ from `KoreanStatuteHistory`: the questions (in force, timeline, quote
against every wording) are its own, so an offline answer and an online one are read by the same engine.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path

from verifier.model import Cause
from verifier.sources.history_store import HistoryStore, KeyLocks, ListCache, MemoryStore, TextCache
from verifier.sources.lawgokr.history import ORIGIN, ArticleChange, KoreanStatuteHistory
from verifier.sources.stamps import text_sha256
from verifier.sources.versions import History, NotChecked, Version, VersionText, promulgation_order

# The day the legalize-kr mirror behind the recorded versions was copied (tests/data/corpus/PROVENANCE.md
# §1.1): the recorded list is complete up to it, and says so.
RECORDED_ON = "2026-06-08"


def _squash(name: str) -> str:
    return re.sub(r"\s+", "", name)


class RecordedStatuteHistory(KoreanStatuteHistory):
    """`KoreanStatuteHistory` whose 연혁 list and version texts come from the corpus folder."""

    def __init__(
        self,
        corpus_dir: str | Path,
        *,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        recorded_on: str = RECORDED_ON,
    ) -> None:
        # Not the parent's __init__: it keeps a law.go.kr client, and nothing here may reach one.
        self.store = store if store is not None else MemoryStore()
        self.texts = TextCache(self.store)
        self.lists = ListCache(self.store)
        self._locks = KeyLocks()
        self._today = today
        self.max_texts = 10_000  # every text is on this machine: no request budget to keep
        self.recorded_on = recorded_on
        self._files: dict[str, Path] = {}  # version id → its recorded text
        self._lists = self._read_lists(Path(corpus_dir) / "kr" / "statutes")

    def holds(self, law_name: str) -> bool:
        """Whether the corpus recorded this law's versions."""
        return _squash(law_name) in self._lists

    def _read_lists(self, statutes: Path) -> dict[str, History]:
        lists: dict[str, History] = {}
        for index in sorted(statutes.glob("*/history/versions.tsv")):
            lines = index.read_text(encoding="utf-8").splitlines()
            head = lines[0].split("\t")
            versions: list[Version] = []
            title = law_id = ""
            for line in lines[1:]:
                cell = dict(zip(head, line.split("\t"), strict=True))
                title, law_id = cell["제목"], cell["법령ID"]
                version = self._version(
                    law_id,
                    mst=cell["법령MST"],
                    promulgated=cell["공포일자"] or None,
                    number=cell["공포번호"],
                    effective=cell["시행일자"] or None,
                    kind="법률",
                    change="",
                    status="",
                )
                versions.append(version)
                path = index.parent / cell["file"]
                if path.is_file():
                    self._files[version.id] = path
            if not versions:
                continue
            history = History(
                key=f"kr:law:{_squash(title)}",
                title=title,
                law_id=law_id,
                versions=promulgation_order(versions),
                listed_on=self.recorded_on,
                origin=ORIGIN,
                source=f"corpus:{index.relative_to(statutes.parent.parent).as_posix()}",
                notes=(
                    f"the 연혁 versions recorded in the offline corpus on {self.recorded_on}: "
                    "an amendment promulgated later is not among them",
                ),
            )
            for name in {_squash(title), _squash(index.parent.parent.name)}:
                lists[name] = history
        return lists

    def _history(
        self, law_name: str, *, law_id: str | None = None, as_of: str | None = None
    ) -> History | NotChecked:
        history = self._lists.get(_squash(law_name))
        if history is None and law_id:
            history = next((h for h in self._lists.values() if h.law_id == law_id), None)
        if history is None:
            return NotChecked(f"the offline corpus records no 연혁 versions of {law_name}", Cause.NO_HISTORY)
        return history

    def _text(self, history: History, version: Version) -> VersionText | NotChecked:
        from verifier.sources.lawgokr.structure_markdown import law_from_markdown

        key = f"{ORIGIN}:{version.id}"
        cached = self.texts.get(key)
        if cached is not None:
            return cached
        path = self._files.get(version.id)
        if path is None:
            return NotChecked(f"the offline corpus holds no text of {version.label}", Cause.NO_TEXT)
        text, units = law_from_markdown(path.read_text(encoding="utf-8")).render()
        answer = VersionText(version, text, units, text_sha256(text), version.url)
        self.texts.put(key, answer)
        return answer

    def article_changes(self, law_id: str, article: str) -> tuple[ArticleChange, ...] | NotChecked:
        return NotChecked("the article change list is not recorded offline", Cause.NO_HISTORY)


def recorded_history(
    corpus_dir: str | Path | None, *, today: Callable[[], dt.date] = dt.date.today
) -> RecordedStatuteHistory | None:
    """The recorded versions of the corpus at `corpus_dir`, or None when it records none. Their texts are
    kept in memory only: they are on this machine already, and the history store is for upstream answers."""
    if corpus_dir is None or not Path(corpus_dir).is_dir():
        return None
    history = RecordedStatuteHistory(corpus_dir, today=today)
    return history if history._lists else None

"""Polish act history read from the offline corpus, never from the network: "still good law" offline.

    history = RecordedPolishActHistory(corpus_dir)               corpus_dir laid out like demo/corpus/
    history.check_quote("DU/1964/93", Pinpoint("5"), quote, as_of="2026-12-01") -> QuoteCheck | NotChecked
    history.start("DU/1964/93") -> Start | None                  the day the act takes effect, and who says so
    history.held("DU/1964/93") -> tuple[Version, ...]             the amending acts held offline

The corpus holds a Polish act in its ORIGINAL wording (ELI text.html, or the per-provision seed JSON) and, for
the Kodeks cywilny, two amending acts as seed JSON: Dz.U. 1990 poz. 321 (art. 353¹ inserted, "w Polskiej
Rzeczypospolitej Ludowej" struck from art. 5) and Dz.U. 2000 poz. 271 (art. 385¹–385³ inserted). Those are
the versions here: the original from its entry into force, each amending act from its own. The wording an
amending act gives an article is read by `PolishActHistory`'s own reader of amending instructions (the same
engine as online), so art. 5 k.c. reads "… z zasadami współżycia społecznego." from 1 October 1990.

What this cannot know, and says (the history's notes, and `decide/as_of.py` on every finding): every other
amendment of the act. An article no held act changes is known only in its original wording; a wording made by
a held act is the law "as far as the acts held offline go".

The days: from the act's own final provisions where it states them (`entry_into_force`: art. 16 of the 1990
act, "z dniem 1 października 1990 r."; art. 24 of the 2000 act, three months after publication; art. 175 of
the 2018 data-protection act), else from recorded metadata named in `RECORDED_ENTRY`. The seed JSON's
`in_force_date` is the day of PUBLICATION (the 1990 act's says 1990-08-18, its own art. 16 says 1 October
1990): it is used only as that, to count a period "od dnia ogłoszenia".
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier.model import Cause
from verifier.sources.corpus_pl import amended_codes, seed_article
from verifier.sources.eli.history import KIND_AMENDMENT, KIND_ORIGINAL, ORIGIN, PolishActHistory
from verifier.sources.eli.structure import PlAct, Provision, act_from_provisions, parse_eli_html
from verifier.sources.entry_into_force import Dated, polish_entry
from verifier.sources.history_store import offline_caches
from verifier.sources.versions import History, NotChecked, Version, VersionText, promulgation_order

# Days the corpus's texts do not state, with where they were recorded. The Kodeks cywilny takes effect by a
# separate act (art. I of the Przepisy wprowadzające, Dz.U. 1964 nr 16 poz. 94), not held in the corpus.
RECORDED_ENTRY: dict[str, tuple[str, str]] = {
    "DU/1964/93": (
        "1965-01-01",
        "Ansvar-Systems/polish-law-mcp data/seed/kodeks-cywilny-1964.json @ 28161b93 (in_force_date)",
    ),
}
# The day the seed files were copied (tests/data/corpus/PROVENANCE.md §2.2): an amending act of later date
# could not be among them in any case, and none but the two above is.
RECORDED_ON = "2026-05-17"


@dataclass(frozen=True, slots=True)
class Start:
    """The day an act takes effect (a review dated before it cites an act not yet in force)."""

    act: str  # as a lawyer names it: "Dz.U. 1964 poz. 93 (Kodeks cywilny)"
    in_force: str
    applies: str | None  # an EU regulation applies later than it enters into force; None: from `in_force`
    label: str  # what says so: the version's label ("Dz.U. 1964 poz. 93 (tekst pierwotny, …)"), "Article 99"


def address(eli: str) -> str:
    """'DU/1990/321' → 'Dz.U. 1990 poz. 321'."""
    m = re.fullmatch(r"(DU|MP)/(\d{4})/(\d+)", eli)
    if not m:
        return eli
    return f"{'Dz.U.' if m.group(1) == 'DU' else 'M.P.'} {m.group(2)} poz. {m.group(3)}"


def _title_day(title: str) -> str | None:
    from verifier.sources.entry_into_force import _PL_MONTHS

    m = re.search(r"z dnia (\d{1,2}) (\w+) (\d{4})", title)
    month = _PL_MONTHS.get(m.group(2)) if m else None
    return dt.date(int(m.group(3)), month, int(m.group(1))).isoformat() if m and month else None


@dataclass
class _Act:
    eli: str
    title: str
    act: PlAct
    url: str
    published: str | None  # the seed's in_force_date (the day of publication); None for an ELI text
    amends: set[str]


class RecordedPolishActHistory(PolishActHistory):
    """`PolishActHistory` whose list of versions and whose texts come from the corpus folder."""

    offline = True

    def __init__(self, corpus_dir: str | Path, *, today: Callable[[], dt.date] = dt.date.today) -> None:
        # Not the parent's __init__: it keeps an ELI client, and nothing here may reach one.
        offline_caches(self, today=today, max_texts=1_000)  # every text is here: no request budget to keep
        self._acts = _read_acts(Path(corpus_dir) / "pl" / "statutes")
        self._lists = {eli: self._list(eli) for eli, act in self._acts.items() if not act.amends - {eli}}

    def holds(self, act: str) -> bool:
        return act in self._lists

    def start(self, act: str) -> Start | None:
        history = self._lists.get(act)
        if history is None or not history.versions or history.versions[0].effective is None:
            return None
        original = history.versions[0]
        name = f"{address(act)} ({self._acts[act].title})"
        return Start(name, original.effective or "", None, original.label)

    def held(self, act: str) -> tuple[Version, ...]:
        history = self._lists.get(act)
        return tuple(v for v in history.versions if v.kind == KIND_AMENDMENT) if history else ()

    def prefetch(self, act: str) -> None:
        return None  # nothing to ask ahead: every text is here

    def _history(self, act: str, *, as_of: str | None = None) -> History | NotChecked:
        history = self._lists.get(act)
        if history is None:
            return NotChecked(f"the offline corpus holds no text of {act}", Cause.NO_HISTORY)
        return history

    def _list(self, eli: str) -> History:
        base = self._acts[eli]
        notes: list[str] = []
        entry = _entry(base)
        if entry is None and eli in RECORDED_ENTRY:
            recorded_day, where = RECORDED_ENTRY[eli]
            entry = Dated(recorded_day, "", f"recorded metadata: {where}")
        if entry is None:
            notes.append(f"the day {address(eli)} took effect is neither in the text held nor recorded")
        else:
            notes.append(f"{address(eli)} takes effect on {entry.day}: {_where(entry)}")
        versions = [
            Version(
                id=eli,
                effective=entry.day if entry else None,
                promulgated=_title_day(base.title),
                number=address(eli),
                kind=KIND_ORIGINAL,
                label=_label(eli, KIND_ORIGINAL, entry),
                url=base.url,
            )
        ]
        for other in sorted(self._acts.values(), key=lambda a: a.published or ""):
            if eli not in other.amends or other.eli == eli:
                continue
            day = _entry(other)
            if day is None:
                notes.append(f"{address(other.eli)} amends it; the day it takes effect is not known offline")
                continue
            notes.append(f"{address(other.eli)} amends it from {day.day}: {_where(day)}")
            versions.append(
                Version(
                    id=other.eli,
                    effective=day.day,
                    promulgated=other.published or _title_day(other.title),
                    number=address(other.eli),
                    kind=KIND_AMENDMENT,
                    label=_label(other.eli, KIND_AMENDMENT, day),
                    url=other.url,
                )
            )
        held = ", ".join(v.number for v in versions[1:]) or "none"
        notes.append(
            f"the offline corpus holds the original wording of {address(eli)} and these amending acts only: "
            f"{held}; every other amendment is not held offline"
        )
        return History(
            key=f"pl:act:{eli}",
            title=base.title,
            law_id=eli,
            versions=promulgation_order(versions),
            listed_on=RECORDED_ON,
            origin=ORIGIN,
            source=base.url,
            notes=tuple(notes),
        )

    def _text(self, version: Version) -> VersionText | NotChecked:
        act = self._acts.get(version.id)
        if act is None:
            return NotChecked(f"the offline corpus holds no text of {version.number}", Cause.NO_TEXT)
        text = act.act.text
        return VersionText(version, text, act.act.units, hashlib.sha256(text.encode()).hexdigest(), act.url)


def _entry(act: _Act) -> Dated | None:
    articles = [(u.label, act.act.text[u.start : u.end]) for u in act.act.units if len(u.path) == 1]
    return polish_entry(list(reversed(articles)), published=act.published)


def _where(day: Dated) -> str:
    if not day.said_by:
        return day.sentence
    counted = f", counted from its publication on {day.published} (the seed's in_force_date)"
    return f"its {day.said_by}, „{day.sentence}”" + (counted if day.published else "")


def _label(eli: str, kind: str, day: Dated | None) -> str:
    if day is None:
        return f"{address(eli)} ({kind})"
    said = f", {day.said_by}" if day.said_by else ""
    return f"{address(eli)} ({kind}, w życie {day.day}{said})"


def _read_acts(statutes: Path) -> dict[str, _Act]:
    acts: dict[str, _Act] = {}
    for folder in sorted((statutes / "eli").glob("*")):
        m = re.fullmatch(r"(DU|MP)_(\d{4})_(\d+)", folder.name)
        path = folder / "text.html"
        if not m or not path.is_file():
            continue
        eli = f"{m.group(1)}/{m.group(2)}/{m.group(3)}"
        act = parse_eli_html(path.read_bytes())
        acts[eli] = _Act(eli, act.title, act, f"corpus:{_rel(path, statutes)}", None, set())
    for path in sorted((statutes / "seed").glob("pl-du-*.json")):
        m = re.fullmatch(r"pl-du-(\d{4})-(\d+)\.json", path.name)
        if not m:
            continue
        eli = f"DU/{m.group(1)}/{m.group(2)}"
        seed: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        title = str(seed.get("title") or eli).rstrip(".")
        provisions = [
            Provision(seed_article(p), str(p.get("content") or "")) for p in seed.get("provisions") or []
        ]
        act = act_from_provisions(title, [p for p in provisions if p.article and p.text])
        published = str(seed["in_force_date"]) if seed.get("in_force_date") else None
        if eli in acts:
            continue  # the ELI text of the same act is the better reading
        acts[eli] = _Act(eli, title, act, f"corpus:{_rel(path, statutes)}", published, amended_codes(seed))
    return acts


def _rel(path: Path, statutes: Path) -> str:
    return path.relative_to(statutes.parent.parent).as_posix()


def recorded_polish_history(
    corpus_dir: str | Path | None, *, today: Callable[[], dt.date] = dt.date.today
) -> RecordedPolishActHistory | None:
    """The Polish acts the corpus at `corpus_dir` holds, as histories; None when it holds none."""
    if corpus_dir is None or not (Path(corpus_dir) / "pl" / "statutes").is_dir():
        return None
    history = RecordedPolishActHistory(corpus_dir, today=today)
    return history if history._lists else None

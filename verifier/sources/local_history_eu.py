"""EU act history read from the offline corpus, never from the network: "still good law" offline.

    history = RecordedEuActHistory(corpus_dir)                   corpus_dir laid out like demo/corpus/
    history.check_quote("32016R0679", Pinpoint("6", "1", "f"), quote, as_of="2017-01-01") -> QuoteCheck
    history.start("32016R0679") -> Start                          in force 2016-05-24, applies from 2018-05-25

The corpus holds one wording of an EU act: the text as adopted (the GDPR as published in OJ L 119, 4.5.2016).
Its final article says when it takes effect (Article 99 GDPR: "This Regulation shall enter into force on the
twentieth day following that of its publication in the Official Journal …", "It shall apply from 25 May
2018."): the one wording is the law applied from that day, and a review dated before it cites a regulation
that did not yet apply. The day of publication is not in the text: `RECORDED_PUBLISHED` names where it was
recorded. No amending or repealing act is held offline: the history says so, and a later one would not be
known here (`decide/as_of.py` says it on the finding).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable
from pathlib import Path

from verifier.model import Cause
from verifier.sources.cellar.client import public_url
from verifier.sources.cellar.history import ORIGIN, EuActHistory, Repeal
from verifier.sources.cellar.structure import EuText, parse_eurlex_text
from verifier.sources.entry_into_force import eu_application, eu_entry
from verifier.sources.history_store import offline_caches
from verifier.sources.local_history_pl import Start
from verifier.sources.versions import History, NotChecked, Version, VersionText

# The day each act held was published in the Official Journal, which its text does not print (for the GDPR the
# corpus prints it elsewhere: art. 1 ust. 1 of the 2018 Polish act cites "Dz. Urz. UE L 119 z 04.05.2016").
RECORDED_PUBLISHED: dict[str, tuple[str, str]] = {
    "32016R0679": ("2016-05-04", "OJ L 119, 4.5.2016, p. 1 (EUR-Lex, CELEX 32016R0679)"),
}
RECORDED_ON = "2025-05-28"  # the day the GDPR text was copied (tests/data/corpus/PROVENANCE.md §3)


class RecordedEuActHistory(EuActHistory):
    """`EuActHistory` whose one version and its text come from the corpus folder."""

    offline = True

    def __init__(self, corpus_dir: str | Path, *, today: Callable[[], dt.date] = dt.date.today) -> None:
        # Not the parent's __init__: it keeps a CELLAR client, and nothing here may reach one.
        offline_caches(self, today=today, max_texts=1)
        self._acts: dict[str, EuText] = {}
        self._starts: dict[str, Start] = {}
        self._lists: dict[str, History] = {}
        for folder in sorted((Path(corpus_dir) / "eu" / "legislation").glob("*")):
            files = sorted(folder.glob("*.txt"))
            if files:
                self._acts[folder.name] = parse_eurlex_text(files[0].read_text(encoding="utf-8"))
                self._lists[folder.name] = self._list(folder.name)

    def holds(self, celex: str) -> bool:
        return celex in self._lists

    def start(self, celex: str) -> Start | None:
        return self._starts.get(celex)

    def held(self, celex: str) -> tuple[Version, ...]:
        return ()  # no amending act of an EU act is held offline

    def prefetch(self, celex: str, *, versions: bool) -> None:
        return None

    def repealed_by(self, celex: str) -> tuple[Repeal, ...] | NotChecked:
        # None recorded: "not repealed" here means "no repealing act is held offline" (the history's notes)
        return ()

    def _history(self, celex: str, *, as_of: str | None = None) -> History | NotChecked:
        history = self._lists.get(celex.strip().upper())
        if history is None:
            return NotChecked(f"the offline corpus holds no text of CELEX {celex}", Cause.NO_HISTORY)
        return history

    def _list(self, celex: str) -> History:
        parsed = self._acts[celex]
        name = _name(parsed.title) or f"CELEX {celex}"
        final = [u for u in parsed.units if len(u.path) == 1]
        last = final[-1] if final else None
        article = last.label if last is not None else ""
        final_text = parsed.text[last.start : last.end] if last is not None else ""
        published, where = RECORDED_PUBLISHED.get(celex, (None, ""))
        entry = eu_entry(final_text, article, published=published)
        applies = eu_application(final_text, article)
        notes = []
        if entry is not None:
            counted = f", counted from its publication on {published} ({where})" if entry.published else ""
            said = f"its {article}, „{entry.sentence}”{counted}"
            notes.append(f"{name} entered into force on {entry.day}: {said}")
        if applies is not None:
            notes.append(f"{name} applies from {applies.day}: its {article}, „{applies.sentence}”")
        first = applies.day if applies is not None else entry.day if entry is not None else None
        if first is None:
            notes.append(f"the day {name} took effect is not stated in the text held")
        notes.append(
            f"the offline corpus holds one wording of {name}, as adopted; no amending or repealing act of it "
            "is held offline: a later one would not be known here"
        )
        label = f"{name} (OJ, {published})" if published else name
        if entry is not None:
            self._starts[celex] = Start(name, entry.day, applies.day if applies else None, article)
        version = Version(
            id=celex,
            effective=first,
            promulgated=_adopted(parsed.title) or published,
            number=celex,
            kind="original (OJ)",
            label=label,
            url=public_url(celex),
        )
        return History(
            key=f"eu:celex:{celex}",
            title=name,
            law_id=celex,
            versions=(version,),
            listed_on=RECORDED_ON,
            origin=ORIGIN,
            source=f"corpus:eu/legislation/{celex}",
            notes=tuple(notes),
        )

    def _text(self, version: Version) -> VersionText | NotChecked:
        parsed = self._acts.get(version.id)
        if parsed is None:
            return NotChecked(f"the offline corpus holds no text of {version.label}", Cause.NO_TEXT)
        digest = hashlib.sha256(parsed.text.encode()).hexdigest()
        return VersionText(version, parsed.text, parsed.units, digest, version.url)


def _name(title: str) -> str:
    """'REGULATION (EU) 2016/679 OF THE EUROPEAN PARLIAMENT …' → 'Regulation (EU) 2016/679'."""
    m = re.match(r"\s*(REGULATION|DIRECTIVE|DECISION)\s+(\((?:EU|EC|EEC)\)\s*(?:No\s*)?\d+/\d+)", title, re.I)
    return f"{m.group(1).capitalize()} {m.group(2)}" if m else ""


def _adopted(title: str) -> str | None:
    m = re.search(r"\bof (\d{1,2}) ([A-Z][a-z]+) (\d{4})", title)
    if not m:
        return None
    try:
        return dt.datetime.strptime(f"{m.group(1)} {m.group(2)} {m.group(3)}", "%d %B %Y").date().isoformat()
    except ValueError:
        return None


def recorded_eu_history(
    corpus_dir: str | Path | None, *, today: Callable[[], dt.date] = dt.date.today
) -> RecordedEuActHistory | None:
    """The EU acts the corpus at `corpus_dir` holds, as histories; None when it holds none."""
    if corpus_dir is None or not (Path(corpus_dir) / "eu" / "legislation").is_dir():
        return None
    history = RecordedEuActHistory(corpus_dir, today=today)
    return history if history._lists else None

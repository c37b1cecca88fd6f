"""Polish act history from the Sejm ELI API: the original text, the amending acts, the consolidated texts.

    history = PolishActHistory(eli_resolver, store=…)
    history.history("DU/1964/93") -> History | NotChecked
    history.timeline("DU/1964/93", Pinpoint("5")) -> Timeline | NotChecked
    history.check_quote("DU/1964/93", Pinpoint("5"), quote, as_of="2026-12-01") -> QuoteCheck | NotChecked

Sources (docs/SOURCE-APIS.md §4.6), asked by act address only: `/acts/<ELI>` (metadata: `entryIntoForce`,
`promulgation`, `legalStatusDate`, `textHTML`), `/acts/<ELI>/references` ("Akty zmieniające" with the day
each change takes effect, "Inf. o tekście jednolitym"), `/acts/<ELI>/text.html` of the act, of each amending
act and of each consolidated text (tekst jednolity).

The versions of an article:
  - the ORIGINAL wording (the base act's text.html is always its original wording), from the act's entry
    into force (or from an unknown day when the metadata does not give it);
  - each AMENDING act, from its entry into force: its text is searched for the instruction about the article.
    "art. N otrzymuje brzmienie: „…”" and "po art. M dodaje się art. N w brzmieniu „…”" give the new wording
    (real text); "art. N skreśla się" repeals it; "w art. N wyrazy „X” skreśla się" / "… zastępuje się
    wyrazami „Y”" are applied to the wording before and the result is marked `derived` with the
    instruction quoted; any other edit of the article ("w art. N § 2 otrzymuje brzmienie …") makes the
    wording after it unknown. An act that does not mention the article leaves it as it was — unless its text
    stops mid-sentence (the available text is incomplete), which makes it unknown;
  - each CONSOLIDATED text with HTML, as of its `legalStatusDate`: the authoritative wording of that day.
An amending act without a date of entry into force is left off the timeline and said so in the notes.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from verifier.model import Cause, Pinpoint, SourceDocument
from verifier.sources.eli.client import CONSOLIDATED_CATEGORY, EliResolver, eli_from_key
from verifier.sources.eli.structure import EmptyActText, amended_articles, article_label, parse_eli_html
from verifier.sources.errors import NotFoundError, SourceError
from verifier.sources.history_store import (
    HistoryStore,
    KeyLocks,
    ListCache,
    MemoryStore,
    TextCache,
)
from verifier.sources.http import fan_out
from verifier.sources.units import clean_space
from verifier.sources.versions import (
    History,
    NotChecked,
    QuoteCheck,
    Timeline,
    UnitReading,
    UnitState,
    Version,
    VersionText,
    build_timeline,
    check_quote,
    not_answered,
    not_checked,
    promulgation_order,
    said,
)

ORIGIN = "eli"
AMENDING_CATEGORY = "Akty zmieniające"
PUBLIC_URL = "https://api.sejm.gov.pl/eli/acts/{eli}/text.html"
MAX_TEXTS = 40
TEXT_READERS = 4  # version texts fetched at once (ELI's per-host limit in SourceHTTP)

KIND_ORIGINAL = "tekst pierwotny"
KIND_AMENDMENT = "zmiana"
KIND_CONSOLIDATED = "tekst jednolity"


@dataclass(frozen=True, slots=True)
class Instruction:
    """What an amending act does to one article."""

    kind: str  # "new_wording" | "repealed" | "words_deleted" | "words_replaced" | "other_edit"
    point: str  # the amending act's point, as printed
    old: str = ""
    new: str = ""


class PolishActHistory:
    def __init__(
        self,
        resolver: EliResolver,
        *,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        max_texts: int = MAX_TEXTS,
    ) -> None:
        self.resolver = resolver
        self.store: HistoryStore = store if store is not None else MemoryStore()
        self.texts = TextCache(self.store)
        self.lists = ListCache(self.store)
        self._locks = KeyLocks()
        self._today = today
        self.max_texts = max_texts

    def _json(self, path: str) -> dict[str, Any]:
        data = json.loads(self.resolver.get(path).text)
        if not isinstance(data, dict):
            raise ValueError(f"ELI answered {type(data).__name__} for {path}")
        return data

    # ------------------------------------------------------------------------------------ the list

    def history(self, act: str, *, as_of: str | None = None) -> History | NotChecked:
        with self._locks(f"list:{act}"):
            return self._history(act, as_of=as_of)

    def _history(self, act: str, *, as_of: str | None = None) -> History | NotChecked:
        eli = eli_from_key(act) or act
        today = self._today().isoformat()
        key = f"{ORIGIN}:{eli}"
        cached = self.lists.fresh(key, day=as_of or today, today=today)
        if cached is not None:
            return cached
        try:
            meta = self._json(eli)
            try:
                refs = self._json(f"{eli}/references")
            except NotFoundError:
                refs = {}
            versions, undated, notes = self._versions(eli, meta, refs)
        except NotFoundError:
            return not_answered(said("eli_no_act", act=eli), Cause.NOT_FOUND)
        except SourceError as exc:
            return not_checked(exc, said("asked_act_history_eli", act=eli))
        except (ValueError, KeyError) as exc:
            return NotChecked(
                f"the ELI API answered something unreadable for {eli}: {exc}", Cause.UPSTREAM_ERROR
            )
        if not any(v.kind != KIND_ORIGINAL for v in versions):
            notes.append("the ELI API lists no amending act and no consolidated text of it")
        history = History(
            key=f"pl:act:{eli}",
            title=str(meta.get("title") or eli),
            law_id=eli,
            versions=promulgation_order(versions),
            listed_on=today,
            origin=ORIGIN,
            source=f"{self.resolver.base_url}/acts/{eli}/references",
            notes=tuple(notes),
            undated=tuple(undated),
        )
        self.lists.put(key, history)
        return history

    def _versions(
        self, eli: str, meta: dict[str, Any], refs: dict[str, Any]
    ) -> tuple[list[Version], list[Version], list[str]]:
        address = str(meta.get("displayAddress") or eli)
        start = meta.get("entryIntoForce") or meta.get("validFrom") or None
        notes: list[str] = []
        if not start:
            notes.append(f"the ELI API gives no date of entry into force of {address}")
        versions = [
            Version(
                id=eli,
                effective=start,
                promulgated=meta.get("promulgation") or meta.get("announcementDate") or None,
                number=address,
                kind=KIND_ORIGINAL,
                status=str(meta.get("status") or ""),
                label=f"{address} ({KIND_ORIGINAL})",
                url=PUBLIC_URL.format(eli=eli),
            )
        ]
        amendments, undated = _amendments(refs, notes)
        versions.extend(amendments)
        consolidated = [
            (entry, other)
            for entry in refs.get(CONSOLIDATED_CATEGORY) or []
            if (other := str((entry.get("act") or {}).get("ELI") or entry.get("id") or ""))
        ]
        # each consolidated text's metadata (its date of the state of the law) asked together, not one
        # after another: the act's history is on the critical path of every claim quoting it
        metadata = fan_out(self._json, [other for _, other in consolidated], threads=TEXT_READERS)
        for (entry, other), tj in zip(consolidated, metadata, strict=True):
            state = tj.get("legalStatusDate") or entry.get("date")
            if not state:
                notes.append(f"{other} is a consolidated text without a date of the state of the law")
                continue
            other_address = str(tj.get("displayAddress") or other)
            versions.append(
                Version(
                    id=other,
                    effective=str(state),
                    promulgated=str(state),  # it prints the law of that day: order it there
                    number=other_address,
                    kind=KIND_CONSOLIDATED,
                    label=f"{other_address} ({KIND_CONSOLIDATED}, stan prawny {state})",
                    url=PUBLIC_URL.format(eli=other),
                )
            )
        return versions, undated, notes

    def prefetch(self, act: str) -> None:
        """Ask now what the act's history needs before the cited text is in (HistoryLookup.ahead): the list
        of versions and each later version's metadata, which `text` reads first. ELI answers are kept a few
        minutes (eli.py), so the look-up after the source finds them; the texts themselves wait for the
        source, which may be one of them (`timeline` uses the verifier's copy, not a second download)."""
        history = self.history(act)
        if isinstance(history, NotChecked):
            return
        later = [
            v.id
            for v in history.versions[: self.max_texts]
            if v.kind != KIND_ORIGINAL and self.store.get("text", f"{ORIGIN}:{v.id}") is None  # not read yet
        ]

        def metadata(eli: str) -> None:
            with contextlib.suppress(SourceError, ValueError):
                self._json(eli)

        fan_out(metadata, later, threads=TEXT_READERS)

    # --------------------------------------------------------------------------------- the texts

    def text(self, version: Version) -> VersionText | NotChecked:
        with self._locks(f"text:{version.id}"):
            return self._text(version)

    def _text(self, version: Version) -> VersionText | NotChecked:
        key = f"{ORIGIN}:{version.id}"
        loaded = self.texts.get(key)
        if loaded is not None:
            return loaded
        cached = self.store.get("text", key)
        if cached is not None and cached.get("no_html"):
            return NotChecked(str(cached["why"]), Cause.NO_TEXT)
        try:
            if version.kind != KIND_ORIGINAL and self._json(version.id).get("textHTML") is False:
                # an empty text.html means "no HTML" only when the metadata says so (see eli.py)
                why = f"the ELI API has no HTML text of {version.number} (textHTML: false)"
                self.store.put("text", key, {"no_html": True, "why": why})
                return NotChecked(why, Cause.NO_TEXT)
            fetched = self.resolver.get(f"{version.id}/text.html", html=True)
            act = parse_eli_html(fetched.content)
        except EmptyActText:
            return NotChecked(f"the ELI API has no HTML text of {version.number}", Cause.NO_TEXT)
        except NotFoundError:
            return NotChecked(f"the ELI API has no text of {version.number}", Cause.NO_TEXT)
        except SourceError as exc:
            return not_checked(exc, said("asked_version_text", version=version.number))
        except ValueError as exc:
            return NotChecked(f"the text of {version.number} could not be parsed: {exc}", Cause.NO_TEXT)
        text = VersionText(version, act.text, act.units, _sha(act.text), version.url)
        self.texts.put(key, text)
        return text

    # ------------------------------------------------------------------------------- questions

    def timeline(
        self, act: str, pinpoint: Pinpoint, *, as_of: str | None = None, known: SourceDocument | None = None
    ) -> Timeline | NotChecked:
        """`known`: the document the verifier already has for the act (used as the text it is)."""
        if pinpoint.article is None:
            raise ValueError("a Polish history question needs an article")
        history = self.history(act, as_of=as_of)
        if isinstance(history, NotChecked):
            return history
        if known is not None and known.units and known.meta.get("text_eli"):
            version = history.version(known.meta["text_eli"])
            if version is not None:
                self.texts.seed(f"{ORIGIN}:{version.id}", version, known)
        article = pinpoint.article
        label = f"art. {article_label(article)}"
        base_name = _act_name(history.title)
        readings: list[UnitReading] = []
        previous: UnitReading | None = None
        read = 0
        # the texts are fetched together (each is kept), then read in order: one round trip, not one a version
        ahead = history.versions[: self.max_texts]
        fetched = dict(
            zip((v.id for v in ahead), fan_out(self.text, ahead, threads=TEXT_READERS), strict=True)
        )
        for version in history.versions:
            if read >= self.max_texts:
                reading = UnitReading(
                    UnitState.UNREAD, label=label, why=f"over the budget of {self.max_texts} texts"
                )
            else:
                text = fetched[version.id] if version.id in fetched else self.text(version)
                read += 1
                if isinstance(text, NotChecked):
                    reading = UnitReading(UnitState.UNREAD, label=label, why=text.why)
                elif version.kind == KIND_AMENDMENT:
                    reading = _amended(text, base_name, article, previous, label, version)
                else:
                    reading = _served(text, article, label)
            readings.append(reading)
            previous = reading
        if all(r.state in (UnitState.ABSENT, UnitState.UNREAD) for r in readings):
            why = next((r.why for r in readings if r.why), f"{label} is in none of the texts read")
            return NotChecked(f"{label} of {history.title}: {why}", Cause.NO_UNIT)
        return build_timeline(history, readings, label=label)

    def check_quote(
        self, act: str, pinpoint: Pinpoint, quote: str, *, as_of: str, known: SourceDocument | None = None
    ) -> QuoteCheck | NotChecked:
        """The quote against every wording of the article. `gaps` also says what the timeline cannot show:
        amending acts without a date that change (or may change) the article, and a wording in force that
        is derived from an amending act rather than read from a consolidated text."""
        timeline = self.timeline(act, pinpoint, as_of=as_of, known=known)
        if isinstance(timeline, NotChecked):
            return timeline
        result = check_quote(timeline, quote, as_of=as_of)
        gaps = list(result.gaps)
        assert pinpoint.article is not None
        label = f"art. {article_label(pinpoint.article)}"
        base_name = _act_name(timeline.history.title)
        for version in timeline.history.undated:
            text = self.text(version)
            if isinstance(text, NotChecked):
                gaps.append(f"{version.number} amends the act on a day the ELI API does not give; {text.why}")
                continue
            reading = _amended(text, base_name, pinpoint.article, None, label, version)
            if "stops mid-sentence" in reading.why:
                gaps.append(f"{reading.why}; the ELI API gives no day it takes effect")
            elif reading.derived or reading.state is UnitState.REPEALED:
                gaps.append(f"{version.number} changes {label} on a day the ELI API does not give")
        segment = result.in_force
        if segment is not None and segment.reading is not None and segment.reading.derived:
            source = segment.reading.derived.removeprefix("derived from ")
            gaps.append(
                f"the wording of {label} in force on {as_of} is derived from {source}, not read from a "
                "consolidated text (tekst jednolity)"
            )
        return replace(result, gaps=tuple(dict.fromkeys(gaps)))


# ------------------------------------------------------------------------------------- readings


def _amendments(refs: dict[str, Any], notes: list[str]) -> tuple[list[Version], list[Version]]:
    """The amending acts the ELI references list: those with a date of entry into force, and those without
    (said in `notes`: they cannot be placed on the timeline)."""
    dated: list[Version] = []
    undated: list[Version] = []
    for entry in refs.get(AMENDING_CATEGORY) or []:
        act = entry.get("act") or {}
        other = str(act.get("ELI") or entry.get("id") or "")
        if not other:
            continue
        other_address = str(act.get("displayAddress") or other)
        day = entry.get("date") or act.get("entryIntoForce")
        version = Version(
            id=other,
            effective=str(day) if day else None,
            promulgated=act.get("promulgation") or None,
            number=other_address,
            kind=KIND_AMENDMENT,
            label=f"{other_address} (zmiana, w życie {day or '?'})",
            url=PUBLIC_URL.format(eli=other),
        )
        if not day:
            notes.append(f"{other_address} amends it but the ELI API gives no date of entry into force")
            undated.append(version)
        else:
            dated.append(version)
    return dated, undated


def _served(text: VersionText, article: str, label: str) -> UnitReading:
    unit = next((u for u in text.units if u.path == (("article", article),)), None)
    if unit is None:
        return UnitReading(UnitState.ABSENT, label=label)
    printed = text.text[unit.start : unit.end]
    body = re.sub(r"^Art\.\s*\S+\.\s*", "", printed.strip())
    state = (
        UnitState.REPEALED
        if re.fullmatch(r"\(?\s*(?:uchylony|skreślony)\s*\)?\.?", body)
        else UnitState.PRESENT
    )
    return UnitReading(state, printed, printed, label=label)


def _amended(
    text: VersionText,
    base_name: str,
    article: str,
    previous: UnitReading | None,
    label: str,
    version: Version,
) -> UnitReading:
    """The article after the amending act `text`, from the wording before (`previous`)."""
    bodies = _amending_articles(text, base_name)
    if not bodies:
        return _unchanged(previous, label, f"{version.number} has no article that amends {base_name}")
    for body in bodies:
        instruction = instruction_for(body, article)
        if instruction is not None:
            return _apply(instruction, previous, label, version)
    if any(_incomplete(body) and not _passed(body, article) for body in bodies):
        return UnitReading(
            UnitState.UNREAD,
            label=label,
            why=f"the available text of {version.number} stops mid-sentence: whether it changes {label} "
            "cannot be told",
        )
    return _unchanged(previous, label, "")


def _unchanged(previous: UnitReading | None, label: str, why: str) -> UnitReading:
    if previous is None or previous.state is UnitState.UNREAD:
        return UnitReading(UnitState.UNREAD, label=label, why=why or "the wording before it is unknown")
    return previous


def _apply(
    instruction: Instruction, previous: UnitReading | None, label: str, version: Version
) -> UnitReading:
    source = f"{version.number}: „{clean_space(instruction.point)}”"
    if instruction.kind == "repealed":
        return UnitReading(UnitState.REPEALED, label=label, derived=source)
    if instruction.kind == "new_wording":
        printed = f"Art. {_shown_from(label)}. {instruction.new}"
        inserted = bool(re.match(r"po\s+art\.", clean_space(instruction.point)))  # "po art. N dodaje się …"
        return UnitReading(
            UnitState.PRESENT, printed, printed, label=label, derived=source, inserted=inserted
        )
    if previous is None or previous.state is not UnitState.PRESENT:
        return UnitReading(UnitState.UNREAD, label=label, why=f"{source} edits a wording that is unknown")
    if instruction.kind in ("words_deleted", "words_replaced") and instruction.old in previous.comparable:
        before = previous.comparable
        if instruction.kind == "words_deleted":
            after = (
                before.replace(" " + instruction.old, "", 1)
                if " " + instruction.old in before
                else before.replace(instruction.old, "", 1)
            )
        else:
            after = before.replace(instruction.old, instruction.new, 1)
        after = re.sub(r"\s+([.,;:])", r"\1", clean_space(after))
        return UnitReading(UnitState.PRESENT, after, after, label=label, derived=f"derived from {source}")
    return UnitReading(
        UnitState.UNREAD,
        label=label,
        why=f"{source} changes part of {label}; the wording after it is not derived",
    )


# ---------------------------------------------------------------------------------- instructions

_POINT = re.compile(r"(?:^|(?<=[:;]))\s*(\d+)\)\s+")


def _amending_articles(text: VersionText, base_name: str) -> list[str]:
    """The amending act's articles that amend the base act (an article opening "W Kodeksie cywilnym …" or
    "W ustawie z dnia … - Kodeks cywilny …")."""
    out = []
    locative = _locative(base_name)
    for unit in text.units:
        if len(unit.path) != 1:
            continue
        body = re.sub(r"^Art\.\s*\S+\.\s*", "", text.text[unit.start : unit.end].strip())
        opening = body[:400].lower()
        if opening.startswith(f"w {locative}") or re.match(
            rf"w ustawie z dnia [^(]*?- {re.escape(base_name)}", opening
        ):
            out.append(body)
    return out


def instruction_for(amending: str, article: str) -> Instruction | None:
    """What one amending article (its points "1) …; 2) …") does to `article` ('5', '353-1'), or None."""
    want = article.replace("-", " ")
    points = _POINT.split(amending)
    for k in range(1, len(points) - 1, 2):
        point = points[k + 1].strip().rstrip(";").strip()
        m = re.match(r"w\s+art\.\s*(\d+(?:\s\d+)?[a-z]?)\s+(.*)$", point, re.S)
        if m and m.group(1) == want:
            rest = m.group(2)
            deleted = re.fullmatch(r"wyrazy\s+„([^”]+)”\s+skreśla się\.?", rest.strip())
            if deleted:
                return Instruction("words_deleted", point, old=clean_space(deleted.group(1)))
            replaced = re.fullmatch(
                r"(?:użyte \w+ )?wyrazy\s+„([^”]+)”\s+zastępuje się wyrazami\s+„([^”]+)”\.?", rest.strip()
            )
            if replaced:
                return Instruction(
                    "words_replaced",
                    point,
                    old=clean_space(replaced.group(1)),
                    new=clean_space(replaced.group(2)),
                )
            return Instruction("other_edit", point)
        listed = re.sub(r"(,|\bi)\s+art\.\s*", r"\1 ", point)  # "art. 385 1 i art. 385 2 otrzymują …"
        whole = re.match(r"art\.\s*([\d\s,i\-–]+?)\s+(skreśla się|otrzymuj[eą] brzmienie)", listed)
        if whole and want in _article_list(whole.group(1)):
            if whole.group(2) == "skreśla się":
                return Instruction("repealed", point)
            for provision in amended_articles(point):
                if provision.article == article:
                    return Instruction("new_wording", point, new=provision.text)
            return Instruction("other_edit", point)
        added = re.match(r"po\s+art\.\s*[\d\s]+?\s+dodaje się art\.\s*([\d\s\-–]+?)\s+w brzmieniu", point)
        if added:
            for provision in amended_articles(point):
                if provision.article == article:
                    return Instruction("new_wording", point, new=provision.text)
    return None


def _article_list(spec: str) -> set[str]:
    """'2 i 4' → {'2', '4'}; '126-135' → {'126', …, '135'}; '160, 161 i 163-165'."""
    out: set[str] = set()
    for part in re.split(r"\s*(?:,|\bi\b)\s*", spec.strip()):
        m = re.fullmatch(r"(\d+)\s*[-–]\s*(\d+)", part)
        if m:
            out.update(str(n) for n in range(int(m.group(1)), int(m.group(2)) + 1))
        elif part.strip():
            out.add(part.strip())
    return out


def _incomplete(body: str) -> bool:
    return not re.search(r"[.;”)]\s*$", body)


def _passed(body: str, article: str) -> bool:
    """Whether an amending article cut off mid-sentence had already passed `article` where it stops: its
    points follow the order of the articles they amend (the legislative drafting rule, and every act seen),
    so an article before the last one it reaches is not among the points lost after it."""
    named = re.finditer(r"(?:\bw\s+|\bpo\s+|^|[;:]\s*)art\.\s*(\d+(?:\s\d+)?)", body)
    reached = [_article_key(m.group(1)) for m in named]
    return bool(reached) and _article_key(article.replace("-", " ")) < max(reached)


def _article_key(number: str) -> tuple[int, int]:
    """'385 1' → (385, 1): art. 385¹ comes after art. 385 and before art. 386."""
    head, _, sup = number.strip().partition(" ")
    return (int(re.sub(r"\D", "", head) or 0), int(sup) if sup.isdigit() else 0)


def _act_name(title: str) -> str:
    """'Ustawa z dnia 23 kwietnia 1964 r. Kodeks cywilny' → 'kodeks cywilny'."""
    return re.sub(r"^Ustawa z dnia .*? r\.\s*(?:-\s*)?", "", title).strip(" .").lower()


def _locative(name: str) -> str:
    """'kodeks cywilny' → 'kodeksie cywilnym', 'kodeks pracy' → 'kodeksie pracy'."""
    words = name.split()
    if not words or words[0] != "kodeks":
        return name
    out = ["kodeksie"]
    for word in words[1:]:
        out.append(word[:-1] + "ym" if word.endswith("y") else word)
    return " ".join(out)


def _shown_from(label: str) -> str:
    return label.removeprefix("art. ")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()

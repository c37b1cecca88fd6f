"""Which version of a provision was in force on a date, and which versions a draft's quote matches.

Pure: no I/O. The history clients (`lawgokr.history`, `eli.history`, `cellar.history`) fetch a statute's
versions and read the pinpointed unit out of each; this module turns those readings into a timeline and
answers on it.

    in_force_on(history, "2015-01-15") -> InForce | NoVersion        the version (whole law) in force that day
    build_timeline(history, readings, label=…) -> Timeline            the unit's wordings, gap-free, by date
    timeline.at("2015-01-15") -> Segment | None                       the unit's wording in force that day
    timeline.wordings() -> tuple[Wording, ...]                        each distinct wording with its periods
    check_quote(timeline, quote, as_of=…) -> QuoteCheck               which wordings contain the quote
    fate_after(timeline, wording, locate=…) -> Fate | None            repealed/removed/renumbered/replaced
    NotChecked(why, cause)                                            every client's answer when it has none;
                                                                      `message` = "version not checked: …"

The model (the Korean data forces it; the Polish and EU clients fit into it):
  - A history lists versions in PROMULGATION order (공포일자, 공포번호). Each version's text is the law as
    amended by every promulgation up to its own, so it may already print amendments that take effect later
    than it does (민법 MST 165484, in force 2014-12-30, prints 법률 제12777호 of 2014-10-15, in force only
    from 2015-10-16). "The version with the latest 시행일자 ≤ D" is therefore not the law of day D.
  - The wording of a unit on day D is the wording made by the latest CHANGE of that unit (promulgation
    order, among versions up to the last one in force on D) whose version is in force on D. A change by a
    version not yet in force on D is "pending" and skipped. When a pending change of the unit comes before
    the change used, the wording used may already contain it: the segment carries it in `pending`.
  - A version whose text could not be read is skipped when the readings on both sides agree (the unit did
    not change there); otherwise every day whose answer depends on it is UNKNOWN, with the reason. Unknown is
    never silently filled in.
Dates are ISO strings (YYYY-MM-DD). Periods are half-open: `end` is the first day the wording no longer
applies; `last_day` is the day before.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from verifier.match.fragment import FragmentResult, FragmentStatus, find_quote
from verifier.model import Cause, SourceUnit
from verifier.rationales import Message
from verifier.sources.errors import NotFoundError, SourceError, TransientError
from verifier.text import normalize_plain

# ------------------------------------------------------------------------------------------ failures


@dataclass(frozen=True, slots=True)
class NotChecked:
    """Why the version question has no answer. Never a verdict: the finding must show `message`.

    `why` is the reason in English, as the findings JSON keeps it; `reason` is the same reason as a
    Message, rendered in the reader's language."""

    why: str
    cause: Cause
    retries: int = 0
    retry_after: float | None = None
    said: Message | None = None  # the reason as a message; None: `why` only (shown as it is)

    @property
    def message(self) -> str:
        return f"version not checked: {self.why}"

    @property
    def reason(self) -> Message:
        return self.said or Message("not_checked_why", {"why": self.why})


def said(key: str, **values: object) -> Message:
    """A reason of `verifier.sources.reasons` by its key (`not_checked`'s `what`, a NotChecked's `said`)."""
    return Message(key, values)


def not_answered(reason: Message, cause: Cause) -> NotChecked:
    """A question the service answered without an answer (no such act, no versions, no such unit)."""
    return NotChecked(reason.render("en"), cause, said=reason)


def not_configured(reason: Message) -> NotChecked:
    """A history client without what it needs to ask (a key): nothing will work until it is set."""
    return NotChecked(reason.render("en"), Cause.NOT_CONFIGURED, said=reason)


def not_checked(exc: SourceError, what: Message) -> NotChecked:
    """A client failure while asking `what`, as a NotChecked: the failure's own cause kept (a timeout, a
    429, a missing key…); `why` in English with the client's message, `said` with the cause's sentence."""
    cause = Cause.NOT_FOUND if isinstance(exc, NotFoundError) else exc.cause
    reason = Message("source_failed", {"what": what, "cause": Message(f"cause_{cause.value}")})
    retry_after = exc.retry_after if isinstance(exc, TransientError) else None
    return NotChecked(f"{what.render('en')}: {exc.message}", cause, exc.retries, retry_after, said=reason)


# ------------------------------------------------------------------------------------------ records


@dataclass(frozen=True, slots=True)
class Version:
    """One version of a statute as its source lists it."""

    id: str  # stable within the history: "011357@248613" (법령ID@MST), "DU/1964/93", "02016R0679-20160504"
    effective: str | None  # first day in force (시행일자, entry into force, consolidation); None: unknown
    promulgated: str | None = None  # 공포일자 / date of the act / OJ date
    number: str = ""  # 공포번호 / journal address
    kind: str = ""  # 일부개정 / 전부개정 / 타법개정 / tekst jednolity / consolidated / original
    status: str = ""  # as the source says: 현행 / 연혁 / 시행예정, obowiązujący, …
    label: str = ""  # how a lawyer names it: "법률 제19234호 (2023. 3. 14. 공포, 2023. 9. 15. 시행)"
    url: str = ""  # public URL of this version; never carries a secret


@dataclass(frozen=True, slots=True)
class Period:
    start: str | None  # None: from the beginning (date not known)
    end: str | None  # first day no longer in force; None: still in force (as far as the history goes)

    @property
    def last_day(self) -> str | None:
        if self.end is None:
            return None
        return (dt.date.fromisoformat(self.end) - dt.timedelta(days=1)).isoformat()

    def contains(self, day: str) -> bool:
        return (self.start is None or self.start <= day) and (self.end is None or day < self.end)

    def __str__(self) -> str:
        start = self.start or "…"
        return f"{start} – {self.last_day}" if self.end else f"{start} –"


@dataclass(frozen=True, slots=True)
class History:
    """The versions of one statute, oldest promulgation first, as listed on `listed_on`."""

    key: str  # the anchor key: "kr:law:개인정보보호법", "pl:act:DU/1964/93", "eu:celex:32016R0679"
    title: str
    law_id: str  # 법령ID / ELI / CELEX
    versions: tuple[Version, ...]
    listed_on: str  # the day the list was obtained: complete for any question about a day up to this one
    origin: str  # "law.go.kr", "eli", "cellar"
    source: str = ""  # what was asked (public URL, no secret)
    notes: tuple[str, ...] = ()  # limits of the list, said once: "제개정구분 not given", …
    undated: tuple[Version, ...] = ()  # listed without a day of entry into force: not on the timeline

    def version(self, version_id: str) -> Version | None:
        return next((v for v in self.versions if v.id == version_id), None)


@dataclass(frozen=True, slots=True)
class VersionText:
    """The text of one version as fetched: what its units index."""

    version: Version
    text: str
    units: tuple[SourceUnit, ...]
    sha256: str
    url: str = ""


class UnitState(enum.StrEnum):
    PRESENT = "present"
    REPEALED = "repealed"  # the version prints the number with "삭제" / "(uchylony)": repealed, number kept
    ABSENT = "absent"  # the version has no such unit (not yet inserted, or dropped by a 전부개정)
    UNREAD = "unread"  # the version's text could not be read


@dataclass(frozen=True, slots=True)
class UnitReading:
    """The pinpointed unit as one version prints it."""

    state: UnitState
    text: str = ""  # as printed (revision notes kept: a lawyer reading the source wants them)
    comparable: str = ""  # what wordings are compared and quotes matched on (revision notes removed)
    title: str | None = None  # the article's title (조문제목), when it has one
    label: str = ""  # "제15조 제1항 제4호", "art. 5"
    derived: str | None = None  # set when the wording is not a served text but derived (and how)
    why: str = ""  # UNREAD: why not
    inserted: bool = False  # the version inserts it ("po art. 385 dodaje się art. 385¹"): not there before

    @property
    def key(self) -> tuple[str, str]:
        """Equal keys: the same wording (typography folded)."""
        return (self.state.value, normalize_plain(self.comparable) if self.state is UnitState.PRESENT else "")


@dataclass(frozen=True, slots=True)
class Segment:
    """The unit's wording over one period of time."""

    period: Period
    reading: UnitReading | None  # None: unknown (see `unknown`), or before the first version
    version: Version | None  # the version whose change made this wording (None: unknown)
    pending: tuple[Version, ...] = ()  # earlier-promulgated, not yet in force changes it may carry
    unknown: str = ""  # why the wording of this period is unknown
    note: str = ""  # a limit of an otherwise known answer ("this wording may be older: …")


@dataclass(frozen=True, slots=True)
class Wording:
    """One distinct wording of the unit: when it was in force and which version texts print it."""

    reading: UnitReading
    periods: tuple[Period, ...]  # may be empty: printed by a version that was never in force alone
    versions: tuple[Version, ...]  # the versions whose text prints it, promulgation order
    made_by: Version  # the first version printing it


@dataclass(frozen=True, slots=True)
class Timeline:
    history: History
    label: str
    segments: tuple[Segment, ...]  # chronological, gap-free; the last one is open-ended
    readings: tuple[tuple[Version, UnitReading], ...]  # promulgation order, one per version of the history

    def at(self, day: str) -> Segment | None:
        """The segment in force on `day`; None before the first version."""
        for segment in self.segments:
            if segment.period.contains(day):
                return segment
        return None

    def wordings(self) -> tuple[Wording, ...]:
        """Distinct PRESENT wordings, oldest first, each with the periods it was in force."""
        order: list[tuple[str, str]] = []
        first: dict[tuple[str, str], tuple[Version, UnitReading]] = {}
        printed: dict[tuple[str, str], list[Version]] = {}
        for version, reading in self.readings:
            if reading.state is not UnitState.PRESENT:
                continue
            key = reading.key
            if key not in first:
                order.append(key)
                first[key] = (version, reading)
            printed.setdefault(key, []).append(version)
        periods: dict[tuple[str, str], list[Period]] = {k: [] for k in order}
        for segment in self.segments:
            if segment.reading is not None and segment.reading.key in periods:
                periods[segment.reading.key].append(segment.period)
        return tuple(Wording(first[k][1], tuple(periods[k]), tuple(printed[k]), first[k][0]) for k in order)

    @property
    def gaps(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.unknown for s in self.segments if s.unknown))


@dataclass(frozen=True, slots=True)
class InForce:
    """The version (whole text) that best shows the law of a day, and what of it was not yet in force."""

    version: Version
    period: Period  # the days for which this version is the answer
    pending: tuple[Version, ...]  # promulgated before it, in force only later: their wording is printed early


@dataclass(frozen=True, slots=True)
class NoVersion:
    day: str
    why: str
    first: Version | None


@dataclass(frozen=True, slots=True)
class WordingMatch:
    wording: Wording
    fragment: FragmentResult


@dataclass(frozen=True, slots=True)
class Fate:
    """What happened to the unit after the draft's wording: the decision table's "is this the law now"."""

    kind: str  # "repealed" (number kept, 삭제) | "removed" (gone) | "renumbered" | "replaced"
    on: str | None  # the first day of the new state
    version: Version  # the version that did it
    moved_to: str | None = None  # the unit that carries the provision on (renumbered)
    note: str = ""


@dataclass(frozen=True, slots=True)
class QuoteCheck:
    """A quote against every wording of its unit, for the review's as-of date."""

    as_of: str
    label: str
    in_force: Segment | None  # the unit on `as_of` (None: before the first version)
    in_force_fragment: FragmentResult | None  # the quote against that wording (None: no wording to match)
    matches: tuple[WordingMatch, ...]  # every wording the quote is found in (exact or modified), newest first
    fate: Fate | None
    gaps: tuple[str, ...]  # what could not be checked, said plainly

    @property
    def not_checked(self) -> str:
        """Why the wording in force on `as_of` is unknown ("" when known), for "version not checked: …"."""
        if self.in_force is None:
            return f"no version was in force on {self.as_of}"
        return self.in_force.unknown

    @property
    def in_force_status(self) -> FragmentStatus:
        """exact / modified / absent: the quote against the wording in force on `as_of`."""
        return self.in_force_fragment.status if self.in_force_fragment else FragmentStatus.ABSENT

    @property
    def matches_in_force(self) -> bool:
        """The quote is, word for word, the wording in force on `as_of`."""
        return self.in_force_status is FragmentStatus.EXACT

    @property
    def exact_elsewhere(self) -> tuple[WordingMatch, ...]:
        """Other wordings the quote reproduces word for word: "the draft quotes the wording of …"."""
        return tuple(m for m in self.other_wordings if m.fragment.status is FragmentStatus.EXACT)

    @property
    def other_wordings(self) -> tuple[WordingMatch, ...]:
        """Matching wordings other than the one in force on `as_of`."""
        key = self.in_force.reading.key if self.in_force and self.in_force.reading else None
        return tuple(m for m in self.matches if m.wording.reading.key != key)


# --------------------------------------------------------------------------------------- in force


def _in_force(version: Version, day: str) -> bool:
    return version.effective is None or version.effective <= day


def breakpoints(versions: Iterable[Version]) -> list[str]:
    return sorted({v.effective for v in versions if v.effective})


def _latest_in_force(versions: Sequence[Version], day: str) -> int | None:
    """Index of the last version (promulgation order) in force on `day`."""
    found = None
    for index, version in enumerate(versions):
        if _in_force(version, day):
            found = index
    return found


def in_force_on(history: History, day: str) -> InForce | NoVersion:
    """The version whose text shows the law of `day`: the latest promulgated one in force on that day.
    `pending` lists the earlier-promulgated versions that take effect after `day`: the text already prints
    them, so for the units they changed the wording of `day` is the earlier one (see `Timeline`)."""
    versions = history.versions
    index = _latest_in_force(versions, day)
    if index is None:
        first = min((v for v in versions if v.effective), key=lambda v: v.effective or "", default=None)
        why = f"no version of {history.title} was in force on {day}"
        if first is not None:
            why += f" (the first one listed takes effect on {first.effective})"
        return NoVersion(day, why, first)
    points = breakpoints(versions)
    start = max((p for p in points if p <= day), default=None)
    end = None
    # Extend over the breakpoints after `day` for as long as the answer stays the same version.
    lo = start
    for point in points:
        if point <= day:
            continue
        if _latest_in_force(versions, point) != index:
            end = point
            break
    for point in reversed([p for p in points if p <= day]):
        if _latest_in_force(versions, point) != index:
            break
        lo = point
    pending = tuple(v for v in versions[:index] if not _in_force(v, day))
    return InForce(versions[index], Period(lo, end), pending)


# ---------------------------------------------------------------------------------------- timeline


def _infer_unread(readings: Sequence[UnitReading]) -> list[UnitReading | None]:
    """An unread version between two readings that agree did not change the unit: give it their wording.
    What stays None is unknown."""
    known: list[UnitReading | None] = [r if r.state is not UnitState.UNREAD else None for r in readings]
    out = list(known)
    for i, reading in enumerate(known):
        if reading is not None:
            continue
        before = next((known[j] for j in range(i - 1, -1, -1) if known[j] is not None), None)
        after = next((known[j] for j in range(i + 1, len(known)) if known[j] is not None), None)
        if before is not None and after is not None and before.key == after.key:
            out[i] = before
        elif before is None and after is not None and after.state is UnitState.ABSENT:
            out[i] = after  # not in a later text, so not in this earlier one either (inserted later)
        elif before is not None and before.state is UnitState.ABSENT and after is not None and after.inserted:
            out[i] = before  # a later version inserts it: up to that one it was not in the act
    return out


def _segment_on(
    versions: Sequence[Version],
    readings: Sequence[UnitReading],
    effective: Sequence[UnitReading | None],
    day: str,
) -> Segment | None:
    top = _latest_in_force(versions, day)
    if top is None:
        return None
    pending_changes: list[Version] = []
    chosen: int | None = None
    note = ""
    for j in range(top, -1, -1):
        here = effective[j]
        prev = effective[j - 1] if j else None
        if here is None:
            return _unknown(day, versions[j], readings[j])
        if j and prev is None:
            if not _in_force(versions[j], day):
                return _unknown(day, versions[j - 1], readings[j - 1])
            # In force and readable: whether it made the wording or inherited it, this is the wording.
            chosen = j
            missing = versions[j - 1]
            note = f"this wording may be older: the text of {missing.label or missing.id} could not be read"
            break
        changed = j == 0 or prev is None or here.key != prev.key
        if not changed:
            continue
        if _in_force(versions[j], day):
            chosen = j
            break
        pending_changes.append(versions[j])
    if chosen is None:
        # every change of the unit up to `top` is pending: on `day` the unit did not exist yet
        return Segment(
            Period(day, None), UnitReading(UnitState.ABSENT), None, tuple(reversed(pending_changes))
        )
    # Pending changes promulgated BEFORE the chosen one are printed in its text too.
    earlier_pending = []
    for j in range(chosen - 1, 0, -1):
        here, prev = effective[j], effective[j - 1]
        if here is None or prev is None:
            break
        if here.key != prev.key and not _in_force(versions[j], day):
            earlier_pending.append(versions[j])
    wording = effective[chosen]
    assert wording is not None
    return Segment(Period(day, None), wording, versions[chosen], tuple(reversed(earlier_pending)), note=note)


def _unknown(day: str, version: Version, reading: UnitReading) -> Segment:
    why = reading.why or "no text"
    return Segment(
        Period(day, None),
        None,
        None,
        unknown=f"the text of {version.label or version.id} could not be read ({why})",
    )


def build_timeline(history: History, readings: Sequence[UnitReading], *, label: str) -> Timeline:
    """`readings[i]` is the unit in `history.versions[i]`. The timeline runs from the first version's
    entry into force (or from an unknown beginning) to an open end."""
    versions = history.versions
    if len(readings) != len(versions):
        raise ValueError(f"one reading per version: {len(readings)} readings for {len(versions)} versions")
    effective = _infer_unread(readings)
    points = breakpoints(versions)
    starts: list[str | None] = []
    if any(v.effective is None for v in versions):
        starts.append(None)
    starts.extend(points)
    segments: list[Segment] = []
    for k, start in enumerate(starts):
        probe = start or "0000-01-01"
        segment = _segment_on(versions, readings, effective, probe)
        if segment is None:
            continue
        end = starts[k + 1] if k + 1 < len(starts) else None
        period = Period(start, end)
        segment = Segment(
            period, segment.reading, segment.version, segment.pending, segment.unknown, segment.note
        )
        if segments and _same(segments[-1], segment):
            last = segments[-1]
            segments[-1] = Segment(
                Period(last.period.start, end),
                last.reading,
                last.version,
                tuple(dict.fromkeys(last.pending + segment.pending)),
                last.unknown,
                last.note,
            )
        else:
            segments.append(segment)
    return Timeline(history, label, tuple(segments), tuple(zip(versions, readings, strict=True)))


def _same(a: Segment, b: Segment) -> bool:
    if a.unknown or b.unknown:
        return a.unknown == b.unknown
    if a.reading is None or b.reading is None:
        return a.reading is b.reading
    return a.reading.key == b.reading.key and a.version == b.version


# ----------------------------------------------------------------------------------------- quotes


def check_quote(
    timeline: Timeline,
    quote: str,
    *,
    as_of: str,
    locate: Callable[[Version, UnitReading], str | None] | None = None,
) -> QuoteCheck:
    """The quote against the wording in force on `as_of` and against every other wording of the unit.
    `fate` is what happened after the newest wording the quote matches (None when that wording is the one
    in force on `as_of`, or when the quote matches nothing)."""
    in_force = timeline.at(as_of)
    fragment = None
    if in_force is not None and in_force.reading is not None and in_force.reading.state is UnitState.PRESENT:
        fragment = find_quote(quote, in_force.reading.comparable)
    matches: list[WordingMatch] = []
    for wording in timeline.wordings():
        same = (
            in_force is not None
            and in_force.reading is not None
            and wording.reading.key == in_force.reading.key
        )
        result = fragment if fragment is not None and same else find_quote(quote, wording.reading.comparable)
        if result.status is not FragmentStatus.ABSENT:
            matches.append(WordingMatch(wording, result))
    matches.sort(key=lambda m: _latest_start(m.wording), reverse=True)
    matches.sort(key=lambda m: m.fragment.status is not FragmentStatus.EXACT)
    fate = None
    if matches and not (fragment is not None and fragment.status is FragmentStatus.EXACT):
        fate = fate_after(timeline, matches[0].wording, locate=locate)
    return QuoteCheck(
        as_of=as_of,
        label=timeline.label,
        in_force=in_force,
        in_force_fragment=fragment,
        matches=tuple(matches),
        fate=fate,
        gaps=timeline.gaps,
    )


def _latest_start(wording: Wording) -> str:
    return max((p.start or "" for p in wording.periods), default=wording.made_by.effective or "")


# ------------------------------------------------------------------------------------------- fate


def fate_after(
    timeline: Timeline,
    wording: Wording,
    *,
    locate: Callable[[Version, UnitReading], str | None] | None = None,
) -> Fate | None:
    """What happened to the unit after `wording` stopped being in force: repealed (삭제, number kept),
    removed, or the number now holds another provision (another title). For the last two, `locate(version,
    wording's reading)` may name the unit where the provision went (renumbered). None when nothing of the
    kind happened (the wording was merely amended) or when the later segments are unknown."""
    ends = [p.end for p in wording.periods if p.end]
    if not ends and wording.periods:
        return None  # still in force
    after = max(ends) if ends else (wording.made_by.effective or "")
    old = wording.reading
    for segment in timeline.segments:
        if segment.period.start is None or segment.period.start < after:
            continue
        if segment.unknown or segment.reading is None or segment.version is None:
            return None
        reading = segment.reading
        if reading.state is UnitState.REPEALED or reading.state is UnitState.ABSENT:
            moved = locate(segment.version, old) if locate else None
            gone = "repealed" if reading.state is UnitState.REPEALED else "removed"
            return Fate("renumbered" if moved else gone, segment.period.start, segment.version, moved)
        if old.title and reading.title and _title_key(old.title) != _title_key(reading.title):
            moved = locate(segment.version, old) if locate else None
            note = f"{old.title} → {reading.title}"
            kind = "renumbered" if moved else "replaced"
            return Fate(kind, segment.period.start, segment.version, moved, note=note)
    return None


_MIDDLE_DOTS = "·ㆍ・･‧"


def _title_key(title: str | None) -> str:
    """Titles compared on their words: 수집·이용 (U+00B7) and 수집ㆍ이용 (U+318D) are one title."""
    return "".join(ch for ch in normalize_plain(title or "") if ch.isalnum() and ch not in _MIDDLE_DOTS)


# ----------------------------------------------------------------------------------------- helpers


def promulgation_order(versions: Iterable[Version]) -> tuple[Version, ...]:
    """Oldest promulgation first; same day: by promulgation number, then id."""

    def key(v: Version) -> tuple[str, int, str]:
        digits = "".join(ch for ch in v.number if ch.isdigit())
        return (v.promulgated or v.effective or "", int(digits) if digits else 0, v.id)

    return tuple(sorted(versions, key=key))

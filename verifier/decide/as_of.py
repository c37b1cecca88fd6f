"""The rows of the law as of the review's date: what the history measured (`verifier.history`) says of
the claim, and the status that follows.

`history_row` reads the history and names a row (an `Outcome`); `still_good_law` applies it to what the
table decided against today's text: 🔴 the law on the as-of date says something else or no longer has the
unit, or a full bench overruled the judgment; 🟠 another version's wording with the same meaning, or
negative later treatment; a pass where the quote is the as-of wording though today's text differs; else a
note beside the status — never a block on "the history could not be read" alone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from verifier.decide.decision import Decision, restate
from verifier.history.lookup import HistoryMeasure
from verifier.match.fragment import FragmentStatus
from verifier.measurement import Measurement
from verifier.model import HARD_BLOCKS, Level, Status
from verifier.rationales import Message
from verifier.sources.versions import QuoteCheck, Segment, Timeline, UnitState, Wording

if TYPE_CHECKING:
    from verifier.sources.treatment import Treatment


class Outcome(enum.StrEnum):
    """The rows the history adds to the decision table (`still_good_law` gives their statuses)."""

    BLOCK = "block"  # the law on the as-of date says something else, or no longer has the unit; overruled
    SOFTEN = "soften"  # another version's wording with the same meaning; negative later treatment
    AS_OF = "as_of"  # the quote is, word for word, the wording in force on the as-of date
    CLOSE = "close"  # the quote is near (small differences) the wording in force on the as-of date
    NOTE = "note"  # the status stands, with a note beside it: why no version could be checked
    INFO = "info"  # the status stands; the finding's history says which version was checked


@dataclass(frozen=True, slots=True)
class HistoryRow:
    outcome: Outcome
    message: Message
    achieved: Level | None = None
    also: Message | None = None  # said beside the row's sentence: what the versions held offline cannot know


# what the table may have decided against today's text that the wording in force on the as-of date undoes
TODAY_ONLY = frozenset(
    {"absent", "absent_meaning", "calibration", "modified", "article_missing", "paragraph_missing"}
    | {"item_missing", "subitem_missing", "quantity_differs", "polarity_negation", "polarity_modality"}
    | {"wrong_pinpoint", "quote_in_other_unit", "title_of_other_unit", "term_of_other_unit"}
    | {"also_quoted_meaning"}
)


def history_row(h: HistoryMeasure | None, reason_key: str, *, amended: bool = False) -> HistoryRow | None:
    """What the history measured says of the claim; `reason_key`: the row the table chose; `amended`: the
    sentence names the amendment it quotes ("개정 민법은 제4조에서 …", `Claim.amended_wording`)."""
    if h is None:
        return None
    if h.recorded and h.service in ("eli", "cellar"):
        return _held_offline(h, _row(h, reason_key))
    if amended and h.quote is not None and (ahead := _amended_ahead(h, h.quote)) is not None:
        return ahead
    return _row(h, reason_key)


def _amended_ahead(h: HistoryMeasure, qc: QuoteCheck) -> HistoryRow | None:
    """A sentence that names the amendment quotes its wording knowingly, also before it takes effect: the
    quote is checked against that wording (word for word), and the reader is told when it takes effect and
    what the law says until then. Only a wording that starts after the as-of date: an earlier one is the
    law as it was, which naming an amendment does not make the draft's."""
    if qc.not_checked or qc.matches_in_force:
        return None
    later = [
        (start, m.wording)
        for m in qc.exact_elsewhere
        if (start := min(_starts(m.wording), default="")) > h.as_of
    ]
    if not later:
        return None
    start, wording = later[-1]  # the earliest of the later wordings: matches are newest first
    reading = qc.in_force.reading if qc.in_force is not None else None
    values: dict[str, object] = {
        "as_of": h.as_of,
        "date": start,
        "label": wording.made_by.label or wording.made_by.id,
    }
    if reading is None or reading.state is not UnitState.PRESENT:
        return HistoryRow(Outcome.AS_OF, Message("version_amended_not_yet_in_act", values), Level.FRAGMENT)
    values["excerpt"] = short(reading.comparable or reading.text, 300)
    return HistoryRow(Outcome.AS_OF, Message("version_amended_ahead", values), Level.FRAGMENT)


def _starts(wording: Wording) -> list[str]:
    return [p.start for p in wording.periods if p.start]


def _row(h: HistoryMeasure, reason_key: str) -> HistoryRow | None:
    if h.not_checked:
        if h.statute:
            return HistoryRow(Outcome.NOTE, not_checked_message(h))
        return None  # a judgment whose treatment was not scanned: the finding's history says so
    if h.repeal is not None:
        values = {"act": f"CELEX {h.act}", "by": f"CELEX {h.repeal.by}", "as_of": h.as_of}
        if h.repeal.effective:
            return HistoryRow(Outcome.BLOCK, Message("act_repealed", {**values, "date": h.repeal.effective}))
        return HistoryRow(
            Outcome.NOTE, Message("act_repealed_undated", {**values, "adopted": h.repeal.date or "?"})
        )
    if h.treatment is not None:
        return _treatment_row(h, h.treatment)
    if h.timeline is not None:
        return _timeline_row(h, h.timeline)
    if h.quote is not None:
        return _quote_row(h, h.quote, reason_key)
    return None


def _held_offline(h: HistoryMeasure, row: HistoryRow | None) -> HistoryRow:
    """A Polish or EU act answered from the versions the corpus holds: what they say, and what they cannot
    know said beside it. A wording they give as in force is in force "as far as the acts held go", never
    plainly "checked"; an article no held act changes is known in its original wording only."""
    if h.not_yet and h.start is not None:
        start = h.start
        values = {"as_of": h.as_of, "act": start.act, "label": start.label, "in_force": start.in_force}
        values["date"] = start.applies or start.in_force
        if start.applies is not None:
            return HistoryRow(Outcome.BLOCK, Message("act_not_yet_applicable", values))
        return HistoryRow(Outcome.BLOCK, Message("act_not_yet_in_force", values))
    coverage = held_offline_message(h)
    if row is None or row.outcome in (Outcome.INFO, Outcome.NOTE):
        return HistoryRow(Outcome.NOTE, coverage)
    return HistoryRow(row.outcome, row.message, row.achieved, also=coverage)


def held_offline_message(h: HistoryMeasure) -> Message:
    """What the versions held offline say of the wording on `as_of`, and what they cannot know."""
    if h.service == "cellar" and h.start is not None:
        start = h.start
        values = {"as_of": h.as_of, "act": start.act, "date": start.applies or start.in_force}
        return Message("version_eu_held", {**values, "label": start.label})
    segment = _in_force(h)
    made_by = segment.version if segment is not None and not segment.unknown else None
    # the original wording is known to be the law only up to a held act that changed it
    last = segment is not None and segment.period.end is None
    if made_by is None or (made_by.label == h.original and last):
        return Message("version_original_only", {"as_of": h.as_of, "label": h.original})
    return Message("version_held_as_of", {"as_of": h.as_of, "label": made_by.label, "held": h.held})


def _in_force(h: HistoryMeasure) -> Segment | None:
    if h.quote is not None:
        return h.quote.in_force
    return h.timeline.at(h.as_of) if h.timeline is not None else None


def not_checked_message(h: HistoryMeasure) -> Message:
    if h.recorded and h.service in ("eli", "cellar"):
        return held_offline_message(h)
    if h.local_only and h.statute and h.service in ("eli", "cellar"):
        # The corpus keeps one consolidated wording of a Polish or EU act and no list of its versions
        # (unlike a Korean statute's recorded 연혁): nothing here can say which wording was in force.
        return Message("version_not_checked_one_wording", {"as_of": h.as_of})
    if h.local_only:
        return Message("version_not_checked_local" if h.statute else "treatment_not_checked_local")
    return Message("version_not_checked" if h.statute else "treatment_not_checked", {"why": h.not_checked})


def _treatment_row(h: HistoryMeasure, treatment: Treatment) -> HistoryRow | None:
    for later in treatment.decisions:  # newest first: the one that matters is the earliest before as-of
        if later.relation == "cited":
            continue  # shown in the finding's treatment list, no status change
        values = {
            "number": later.number,
            "court": later.court,
            "date": later.date or "?",
            "excerpt": short(later.excerpt, 400),
            "as_of": h.as_of,
        }
        if later.date is not None and later.date >= h.as_of:
            return HistoryRow(Outcome.SOFTEN, Message("treatment_later", values))
        if later.full_bench:
            return HistoryRow(Outcome.BLOCK, Message("treatment_overruled", values))
        if later.relation == "departed":
            return HistoryRow(Outcome.BLOCK, Message("treatment_departed", values))
        return HistoryRow(Outcome.SOFTEN, Message("treatment_negative", values))
    return None


def _timeline_row(h: HistoryMeasure, timeline: Timeline) -> HistoryRow | None:
    segment = timeline.at(h.as_of)
    if segment is None or segment.unknown or segment.reading is None or segment.version is None:
        why = (
            segment.unknown
            if segment is not None and segment.unknown
            else f"no version in force on {h.as_of}"
        )
        return HistoryRow(Outcome.NOTE, Message("version_not_checked", {"why": why}))
    if segment.reading.state is not UnitState.PRESENT:
        later = _takes_effect(timeline, segment)
        if later is not None:  # not in the act yet on that day: it takes effect later, it was not removed
            label = later.version.label if later.version is not None else ""
            soon = {"as_of": h.as_of, "date": later.period.start or "?", "label": label}
            return HistoryRow(Outcome.BLOCK, Message("version_not_yet", soon))
        fate = "fate_repealed" if segment.reading.state is UnitState.REPEALED else "fate_removed"
        values = {"fate": Message(fate), "date": segment.period.start or "?", "as_of": h.as_of}
        return HistoryRow(
            Outcome.BLOCK, Message("version_gone_cited", {**values, "label": segment.version.label})
        )
    values = {"as_of": h.as_of, "label": segment.version.label}
    if h.today_differs:  # the claim's words were read in today's wording: the reviewer reads the other one
        excerpt = short(segment.reading.comparable or segment.reading.text, 300)
        return HistoryRow(Outcome.NOTE, Message("version_read_today", {**values, "excerpt": excerpt}))
    return HistoryRow(Outcome.INFO, Message("version_in_force", values))


def _takes_effect(timeline: Timeline, segment: Segment) -> Segment | None:
    """The first later segment in which the unit exists, when it never existed before `segment` (an article
    inserted by a later amendment: 민법 제14조의2 cited as of 2012-06-01 takes effect on 2013-07-01)."""
    index = timeline.segments.index(segment)
    earlier = timeline.segments[:index]
    if any(s.reading is not None and s.reading.state is UnitState.PRESENT for s in earlier):
        return None  # it existed before: removed or repealed, not yet to come
    return next(
        (
            s
            for s in timeline.segments[index + 1 :]
            if s.reading is not None and s.reading.state is UnitState.PRESENT
        ),
        None,
    )


def _quote_row(h: HistoryMeasure, qc: QuoteCheck, reason_key: str) -> HistoryRow | None:
    if qc.not_checked:
        return HistoryRow(Outcome.NOTE, Message("version_not_checked", {"why": qc.not_checked}))
    segment = qc.in_force
    assert segment is not None
    assert segment.version is not None
    label = segment.version.label or segment.version.id
    if qc.matches_in_force:
        if reason_key in TODAY_ONLY:  # judged against today's text: the wording of the as-of date decides
            message = Message("version_verified_as_of", {"as_of": h.as_of, "label": label})
            return HistoryRow(Outcome.AS_OF, message, Level.FRAGMENT)
        return HistoryRow(Outcome.INFO, Message("version_in_force", {"as_of": h.as_of, "label": label}))
    elsewhere = qc.exact_elsewhere or qc.other_wordings
    if not elsewhere:
        if qc.in_force_status is FragmentStatus.MODIFIED and reason_key in TODAY_ONLY - {"modified"}:
            message = Message("version_close_as_of", {"as_of": h.as_of, "label": label})
            return HistoryRow(Outcome.CLOSE, message, Level.FRAGMENT)
        return HistoryRow(Outcome.INFO, Message("version_in_force", {"as_of": h.as_of, "label": label}))
    other = elsewhere[0].wording
    values: dict[str, object] = {"period": _period(other), "label": other.made_by.label or other.made_by.id}
    values["as_of"] = h.as_of
    reading = segment.reading
    starts = _starts(other)
    if (reading is None or reading.state is not UnitState.PRESENT) and starts and min(starts) > h.as_of:
        # the quoted wording is a later one, of a unit not yet in the act on that day: it takes effect then
        label = other.made_by.label or other.made_by.id
        return HistoryRow(
            Outcome.BLOCK, Message("version_not_yet", {"as_of": h.as_of, "date": min(starts), "label": label})
        )
    if reading is None or reading.state is not UnitState.PRESENT:
        fate = qc.fate
        key = "fate_renumbered" if fate and fate.kind == "renumbered" else "fate_repealed"
        if reading is not None and reading.state is UnitState.ABSENT and key == "fate_repealed":
            key = "fate_removed"
        on = (fate.on if fate else None) or segment.period.start or "?"
        fate_message = Message(key, {"to": fate.moved_to} if fate and fate.moved_to else {})
        return HistoryRow(
            Outcome.BLOCK, Message("version_gone", {**values, "fate": fate_message, "date": on})
        )
    values["excerpt"] = short(reading.comparable or reading.text, 300)
    fragment = qc.in_force_fragment
    same = fragment is not None and fragment.found and fragment.meaning_change is None
    if qc.fate is not None and qc.fate.kind == "renumbered" and qc.fate.moved_to:
        moved = Message("fate_renumbered", {"to": qc.fate.moved_to})
        on = qc.fate.on or "?"
        return HistoryRow(Outcome.BLOCK, Message("version_gone", {**values, "fate": moved, "date": on}))
    key = "version_other_same_meaning" if same else "version_other_differs"
    return HistoryRow(Outcome.SOFTEN if same else Outcome.BLOCK, Message(key, values))


def _period(wording: Wording) -> Message:
    periods = [p for p in wording.periods if p.end]
    if not periods:
        start = wording.made_by.effective or "?"
        return Message("period_from", {"start": start})
    last = max(periods, key=lambda p: p.end or "")
    if last.start:
        return Message("period_between", {"start": last.start, "last_day": last.last_day})
    return Message("period_until", {"last_day": last.last_day})


def short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


_STATUS = {Outcome.BLOCK: Status.UNVERIFIED, Outcome.SOFTEN: Status.CALIBRATION}
_STATUS |= {Outcome.AS_OF: Status.VERIFIED, Outcome.CLOSE: Status.MODIFIED}


def still_good_law(m: Measurement, d: Decision) -> Decision:
    """🔴 / 🟠 / a pass on the as-of date's wording, or a note; a block on today's text explained or lifted"""
    row = history_row(m.history, d.reason.key, amended=m.claim.amended_wording)
    if row is None or (status := _STATUS.get(row.outcome)) is None:
        return d if row is None or row.outcome is Outcome.INFO else restate(d, notes=(*d.notes, row.message))
    explains = row.outcome is not Outcome.SOFTEN and d.reason.key in TODAY_ONLY  # a block on today's text
    also = (row.also,) if row.also is not None else ()
    if d.status in HARD_BLOCKS and not explains:
        return restate(d, notes=(*d.notes, row.message, *also))
    achieved = row.achieved or (Level.NONE if status is Status.UNVERIFIED else d.achieved)
    return restate(d, status=status, achieved=achieved, reason=row.message, notes=(*d.notes, *also))

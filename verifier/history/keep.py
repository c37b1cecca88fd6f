"""What a finding keeps of the history: `Finding.history`, a `HistoryCheck` — the timeline of the
cited unit or the judgment's later treatment, the note the reviewer must read, and what was scanned.

    history_check(m.history, note) -> HistoryCheck | None
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from verifier.decide.as_of import held_offline_message, history_row, not_checked_message, short
from verifier.history.lookup import EXCERPT, HistoryMeasure
from verifier.match.fragment import FragmentStatus
from verifier.model import HistoryCheck, LaterTreatment, TreatmentKind, VersionPeriod
from verifier.rationales import Message
from verifier.sources.versions import Period, QuoteCheck, Segment

if TYPE_CHECKING:
    from verifier.sources.treatment import LaterDecision


def history_check(h: HistoryMeasure | None, note: Message | None) -> HistoryCheck | None:
    """`Finding.history`: the timeline of the unit (or the judgment's later treatment), the note the
    reviewer must read (the history's sentence the decision carries, else what the history says), and what
    was scanned."""
    if h is None:
        return None
    if note is None:
        row = history_row(h, "")
        note = row.message if row is not None else None
    if h.not_checked:
        return HistoryCheck(h.as_of, False, not_checked_message(h))
    if h.not_yet:  # the act did not yet apply: the note says from when, and who says so
        held = Message("scanned_in_force_held", {"as_of": h.as_of}) if h.recorded else None
        return HistoryCheck(h.as_of, True, note, (), (), held)
    if h.repeal is not None:
        scanned = Message("scanned_repeal", {"act": f"CELEX {h.act}"})
        return HistoryCheck(h.as_of, True, note, (), (), scanned)
    if h.treatment is not None:
        treatment = tuple(_later(h, later) for later in h.treatment.decisions)
        scanned = Message(_SCANNED.get(h.service, "scanned_treatment_kr"), {"what": h.treatment.scanned})
        note = note or _treatment_note(h.service, len(treatment))
        return HistoryCheck(h.as_of, True, note, (), treatment, scanned)
    if h.timeline is not None:
        segment = h.timeline.at(h.as_of)
        periods = _segment_periods((segment,) if segment is not None else (), h.as_of)
        scanned = (
            Message("scanned_in_force_held", {"as_of": h.as_of})
            if h.recorded
            else Message("scanned_in_force", {"service": h.service, "as_of": h.as_of})
        )
        checked = segment is not None and not segment.unknown and not _original_only(h)
        return HistoryCheck(h.as_of, checked, note, _unchecked(h, periods), (), scanned)
    qc = h.quote
    assert qc is not None
    periods = _quote_periods(qc)
    # answered from the versions held offline: say so, not the service that was not asked
    scanned = Message(
        "scanned_versions_held" if h.recorded else "scanned_versions",
        {
            "service": h.service,
            "label": qc.label,
            "wordings": len(qc.matches),
            "gaps": "; ".join(qc.gaps) or "—",
        },
    )
    checked = not qc.not_checked and not _original_only(h)
    return HistoryCheck(h.as_of, checked, note, _unchecked(h, periods), (), scanned)


def _unchecked(h: HistoryMeasure, periods: tuple[VersionPeriod, ...]) -> tuple[VersionPeriod, ...]:
    """No period is "the one checked" where the versions held offline cannot say which was in force."""
    return tuple(replace(p, checked=False) for p in periods) if _original_only(h) else periods


def _original_only(h: HistoryMeasure) -> bool:
    """Held offline in its original wording only: which wording was in force on `as_of` is not known."""
    return h.recorded and held_offline_message(h).key == "version_original_only"


_SCANNED = {"saos": "scanned_treatment_pl", "cellar": "scanned_treatment_eu"}


def _treatment_note(service: str, count: int) -> Message:
    """No row: nothing set it aside or overruled it (CELLAR cannot tell; it says which decisions cite it)"""
    if service == "cellar":
        return Message("treatment_eu_cited", {"count": count}) if count else Message("treatment_eu_none")
    return Message("treatment_cited_only", {"count": count}) if count else Message("treatment_none")


def _later(h: HistoryMeasure, later: LaterDecision) -> LaterTreatment:
    before = later.date is None or later.date < h.as_of
    overrules = later.full_bench or later.relation == "departed"
    kind = TreatmentKind.OVERRULED if overrules and before else TreatmentKind.NEGATIVE
    kind = TreatmentKind.CITED if later.relation == "cited" else kind
    return LaterTreatment(
        number=later.number,
        court=later.court,
        date=later.date,
        kind=kind.value,
        excerpt=short(later.excerpt, EXCERPT),
        full_bench=bool(later.full_bench),
        url=later.url or None,
    )


def _quote_periods(qc: QuoteCheck) -> tuple[VersionPeriod, ...]:
    rows: dict[tuple[str, str | None], VersionPeriod] = {}
    in_force = qc.in_force
    for match in qc.matches:
        exact = match.fragment.status is FragmentStatus.EXACT
        for period in match.wording.periods:
            rows[(period.start or "", period.end)] = _version_period(
                match.wording.made_by.label or match.wording.made_by.id,
                period,
                match.wording.reading.comparable or match.wording.reading.text,
                checked=in_force is not None and period == in_force.period,
                matches=exact,
            )
    if in_force is not None and in_force.version is not None:
        ident = (in_force.period.start or "", in_force.period.end)
        if ident not in rows:
            reading = in_force.reading
            text = (reading.comparable or reading.text) if reading is not None else ""
            rows[ident] = _version_period(
                in_force.version.label or in_force.version.id,
                in_force.period,
                text,
                checked=True,
                matches=qc.matches_in_force if reading is not None and text else None,
            )
    return tuple(sorted(rows.values(), key=lambda p: p.start))


def _segment_periods(segments: tuple[Segment, ...], as_of: str) -> tuple[VersionPeriod, ...]:
    out = []
    for segment in segments:
        if segment.version is None:
            continue
        reading = segment.reading
        text = (reading.comparable or reading.text) if reading is not None else ""
        label = segment.version.label or segment.version.id
        checked = segment.period.contains(as_of)
        out.append(_version_period(label, segment.period, text, checked=checked, matches=None))
    return tuple(out)


def _version_period(
    label: str, period: Period, text: str, *, checked: bool, matches: bool | None
) -> VersionPeriod:
    return VersionPeriod(
        label=label,
        start=period.start or "",
        end=period.end,
        checked=checked,
        matches=matches,
        excerpt=short(text, EXCERPT),
    )


__all__ = ["history_check"]

"""The figures of an accuracy run and the ratchet that compares them with the committed baseline.

Per labelled citation an `Outcome` says what came back. The figures (README "Figures") are:

    hard-block recall    faulty citations that only 🔴/⛔ may answer, that came back 🔴/⛔
    hard-block precision of the 🔴/⛔ answers, the share that fell on faulty citations
    false-alarm rate     correct citations that came back 🔴/⛔ although their outcome does not allow it
    false-green rate     faulty citations that came back 🟢
    status accuracy      citations whose expected outcome is satisfied (a missed citation is not)
    extraction recall    labelled citations the product found at all
    naming               rationales that name both values (the 'names' field), of the labels that ask
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.accuracy.cases import HARD

# For each figure: True when higher is better. The ratchet fails when a figure moves the other way.
DIRECTION: Mapping[str, bool] = {
    "hard_block_recall": True,
    "hard_block_precision": True,
    "false_alarm_rate": False,
    "false_green_rate": False,
    "status_accuracy": True,
    "extraction_recall": True,
    "naming": True,
}
EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class Outcome:
    """One labelled citation after the product ran."""

    case_id: str
    index: int  # the label's position in its case
    cls: str
    lang: str
    memo: str
    citation: str
    expect: tuple[str, ...]
    allowed: frozenset[str]
    faulty: bool
    must_block: bool
    found: str | None  # the citation text the product extracted for this label, None when missed
    status: str | None
    claim_type: str | None = None
    rationale: str = ""
    names: tuple[str, ...] = ()
    why: str = ""
    issue26: tuple[str, ...] = ()  # the case's classes of issue 26 §2/§3/§5

    @property
    def key(self) -> str:
        return f"{self.case_id}#{self.index + 1}"

    @property
    def satisfied(self) -> bool:
        return self.status is not None and self.status in self.allowed

    @property
    def blocked(self) -> bool:
        return self.status in HARD

    @property
    def false_alarm(self) -> bool:
        return not self.faulty and self.blocked and not self.satisfied

    @property
    def named(self) -> bool | None:
        """Whether the rationale names every value of `names` (None when the label asks for nothing)."""
        if not self.names:
            return None
        text = self.rationale.casefold()
        return all(any(alt.casefold() in text for alt in name.split("|")) for name in self.names)


@dataclass(slots=True)
class Figures:
    labels: int = 0
    found: int = 0
    satisfied: int = 0
    must_block: int = 0
    caught: int = 0
    correct: int = 0
    false_alarms: int = 0
    faulty: int = 0
    faulty_blocked: int = 0
    false_green: int = 0
    naming_total: int = 0
    named: int = 0

    def add(self, o: Outcome) -> None:
        self.labels += 1
        self.found += o.found is not None
        self.satisfied += o.satisfied
        if o.must_block:
            self.must_block += 1
            self.caught += o.blocked
        if o.faulty:
            self.faulty += 1
            self.faulty_blocked += o.blocked
            self.false_green += o.status == "verified"
        else:
            self.correct += 1
            self.false_alarms += o.false_alarm
        if o.named is not None:
            self.naming_total += 1
            self.named += o.named

    @staticmethod
    def _ratio(part: int, whole: int) -> float | None:
        return part / whole if whole else None

    @property
    def hard_block_recall(self) -> float | None:
        return self._ratio(self.caught, self.must_block)

    @property
    def hard_block_precision(self) -> float | None:
        return self._ratio(self.faulty_blocked, self.faulty_blocked + self.false_alarms)

    @property
    def false_alarm_rate(self) -> float | None:
        return self._ratio(self.false_alarms, self.correct)

    @property
    def false_green_rate(self) -> float | None:
        return self._ratio(self.false_green, self.faulty)

    @property
    def status_accuracy(self) -> float | None:
        return self._ratio(self.satisfied, self.labels)

    @property
    def extraction_recall(self) -> float | None:
        return self._ratio(self.found, self.labels)

    @property
    def naming(self) -> float | None:
        return self._ratio(self.named, self.naming_total)

    def as_dict(self) -> dict[str, Any]:
        counts = {name: getattr(self, name) for name in self.__slots__}
        ratios = {name: _round(getattr(self, name)) for name in DIRECTION}
        return {**ratios, "counts": counts}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def figures(outcomes: Iterable[Outcome]) -> Figures:
    out = Figures()
    for o in outcomes:
        out.add(o)
    return out


def grouped(outcomes: Sequence[Outcome], key: Callable[[Outcome], str]) -> dict[str, Figures]:
    groups: dict[str, Figures] = {}
    for o in outcomes:
        groups.setdefault(key(o), Figures()).add(o)
    return dict(sorted(groups.items()))


@dataclass(slots=True)
class Summary:
    overall: Figures
    classes: dict[str, Figures]
    languages: dict[str, Figures]
    passing: list[str] = field(default_factory=list)
    issue26: dict[str, Figures] = field(default_factory=dict)  # per class of issue 26 §2/§3/§5

    def as_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.as_dict(),
            "classes": {k: v.as_dict() for k, v in self.classes.items()},
            "languages": {k: v.as_dict() for k, v in self.languages.items()},
            "issue26": {k: v.as_dict() for k, v in self.issue26.items()},
            "passing": self.passing,
        }


def summarize(outcomes: Sequence[Outcome]) -> Summary:
    return Summary(
        overall=figures(outcomes),
        classes=grouped(outcomes, lambda o: o.cls),
        languages=grouped(outcomes, lambda o: o.lang),
        passing=sorted(o.key for o in outcomes if o.satisfied),
        issue26=by_tag(outcomes),
    )


def by_tag(outcomes: Sequence[Outcome]) -> dict[str, Figures]:
    """The figures of each class of issue 26 §2/§3/§5; a case with two tags counts in both."""
    groups: dict[str, Figures] = {}
    for o in outcomes:
        for tag in o.issue26:
            groups.setdefault(tag, Figures()).add(o)
    return dict(sorted(groups.items()))


def worse(figure: str, now: float | None, then: float | None) -> bool:
    """Whether `now` is worse than `then` for this figure. A figure that had no denominator then has
    nothing to be worse than; one that loses its denominator is not a regression either."""
    if now is None or then is None:
        return False
    return now < then - EPSILON if DIRECTION[figure] else now > then + EPSILON


def regressions(current: Mapping[str, Any], baseline: Mapping[str, Any]) -> list[str]:
    """Every figure of `current` (a `Summary.as_dict()`) worse than in `baseline`, as readable lines."""
    lines: list[str] = []

    def compare(scope: str, now: Mapping[str, Any], then: Mapping[str, Any]) -> None:
        for figure in DIRECTION:
            if worse(figure, now.get(figure), then.get(figure)):
                lines.append(f"{scope}: {figure} {then.get(figure)} → {now.get(figure)}")

    compare("overall", current["overall"], baseline["overall"])
    kinds = {"classes": "class", "languages": "language", "issue26": "issue 26 class"}
    for group, kind in kinds.items():
        for name, then in baseline.get(group, {}).items():
            now = current.get(group, {}).get(name)
            if now is None:
                lines.append(f"{kind} {name}: gone from the run")
            else:
                compare(f"{name}" if group != "issue26" else f"issue 26 {name}", now, then)
    return lines


def lost(current_passing: Iterable[str], baseline_passing: Iterable[str]) -> list[str]:
    """Labels that met their expected outcome at the baseline and do not now (to say what regressed)."""
    return sorted(set(baseline_passing) - set(current_passing))

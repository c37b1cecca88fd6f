"""The annotated set of `tests/data/accuracy/*.jsonl`: reading it, checking it, and what an expected outcome
allows. The format is documented in `tests/data/accuracy/README.md`; this module is its one reader.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data"
ACCURACY = DATA / "accuracy"
CORPUS = DATA / "corpus"

LANGUAGES = ("ko", "pl", "en")

# The error classes of issue 15 (1–9) and the basic classes the product already handles.
CLASSES = (
    "scope",
    "claim_type",
    "claim_language",
    "quantity",
    "polarity",
    "precedent_topic",
    "eu_anchor",
    "extraction",
    "structure",
    "fabricated_pinpoint",
    "fabricated_case_number",
    "wrong_case_metadata",
    "invented_quote",
    "modified_quote",
    "faithful_quote",
    "faithful_paraphrase",
    "bare_reference",
)

STATUSES = frozenset(
    {"verified", "modified", "needs_judgement", "calibration", "unverified", "no_source", "not_checked"}
)
HARD = frozenset({"unverified", "no_source"})
# The outcome words of the data files, each the set of statuses that satisfies it.
OUTCOMES: Mapping[str, frozenset[str]] = {
    "verified": frozenset({"verified"}),
    "not_red": frozenset({"verified", "modified", "needs_judgement", "calibration"}),
    "red": frozenset({"unverified"}),
    "hard_block": HARD,
    "never_green": STATUSES - {"verified"},
    **{status: frozenset({status}) for status in STATUSES},
}


class DataError(ValueError):
    """A case file that does not follow the format; the message names the file, line and field."""


def allowed(expect: str | Sequence[str]) -> frozenset[str]:
    """The statuses an expected outcome accepts: one outcome word, or a list of them (their union)."""
    words = [expect] if isinstance(expect, str) else list(expect)
    if not words:
        raise ValueError("an expected outcome needs at least one word")
    out: set[str] = set()
    for word in words:
        if word not in OUTCOMES:
            raise ValueError(f"unknown outcome {word!r} (known: {', '.join(OUTCOMES)})")
        out |= OUTCOMES[word]
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class Label:
    citation: str  # the citation as written in the draft
    expect: tuple[str, ...]
    faulty: bool
    occurrence: int  # which occurrence of `citation` in the draft (1 = first)
    names: tuple[str, ...]  # what the rationale must name ("a|b": either), checked separately

    @property
    def allowed(self) -> frozenset[str]:
        return allowed(self.expect)

    @property
    def must_block(self) -> bool:
        """A faulty citation that only 🔴/⛔ may answer: the ones hard-block recall counts."""
        return self.faulty and self.allowed <= HARD


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    cls: str
    lang: str  # the language the claim is written in
    memo: str  # the language of the memo it sits in (the review language the product is run with)
    faulty: bool
    draft: str
    labels: tuple[Label, ...]
    why: str
    sources: tuple[str, ...]  # corpus files (relative to tests/data/corpus) the verdicts rest on
    absent: str | None  # what the case needs that the corpus does not hold, when it says so
    where: str  # file:line

    def span(self, label: Label) -> tuple[int, int]:
        """Where `label` is in the draft: its `occurrence`-th appearance."""
        at = -1
        for _ in range(label.occurrence):
            at = self.draft.find(label.citation, at + 1)
            if at < 0:
                times = f"{label.occurrence}×"
                raise DataError(f"{self.where}: {label.citation!r} does not occur {times} in the draft")
        return at, at + len(label.citation)


def _require(raw: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in raw:
        raise DataError(f"{where}: missing {key!r}")
    value = raw[key]
    if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
        raise DataError(f"{where}: {key!r} must be a non-empty {getattr(kind, '__name__', kind)}")
    return value


def _label(raw: object, case_faulty: bool, where: str) -> Label:
    if not isinstance(raw, Mapping):
        raise DataError(f"{where}: each label is an object")
    citation = _require(raw, "citation", str, where)
    expect = raw.get("expect")
    words = (expect,) if isinstance(expect, str) else tuple(expect) if isinstance(expect, list) else None
    if not words or not all(isinstance(w, str) for w in words):
        raise DataError(f"{where}: label {citation!r} needs 'expect' (an outcome word or a list of them)")
    try:
        allowed(words)
    except ValueError as error:
        raise DataError(f"{where}: label {citation!r}: {error}") from None
    faulty = raw.get("faulty", case_faulty)
    occurrence = raw.get("occurrence", 1)
    names = raw.get("names", [])
    if not isinstance(faulty, bool):
        raise DataError(f"{where}: label {citation!r}: 'faulty' must be true or false")
    if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 1:
        raise DataError(f"{where}: label {citation!r}: 'occurrence' must be a positive integer")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise DataError(f"{where}: label {citation!r}: 'names' must be a list of strings")
    unknown = set(raw) - {"citation", "expect", "faulty", "occurrence", "names"}
    if unknown:
        raise DataError(f"{where}: label {citation!r}: unknown fields {sorted(unknown)}")
    return Label(citation, words, faulty, occurrence, tuple(names))


_CASE_FIELDS = {"id", "class", "lang", "memo", "faulty", "draft", "labels", "why", "sources", "absent"}


def parse_case(raw: object, where: str) -> Case:
    if not isinstance(raw, Mapping):
        raise DataError(f"{where}: a case is a JSON object")
    unknown = set(raw) - _CASE_FIELDS
    if unknown:
        raise DataError(f"{where}: unknown fields {sorted(unknown)}")
    case_id = _require(raw, "id", str, where)
    where = f"{where} ({case_id})"
    cls = _require(raw, "class", str, where)
    if cls not in CLASSES:
        raise DataError(f"{where}: unknown class {cls!r} (known: {', '.join(CLASSES)})")
    lang = _require(raw, "lang", str, where)
    memo = raw.get("memo", lang)
    for name, value in (("lang", lang), ("memo", memo)):
        if value not in LANGUAGES:
            raise DataError(f"{where}: {name!r} must be one of {', '.join(LANGUAGES)}")
    faulty = raw.get("faulty")
    if not isinstance(faulty, bool):
        raise DataError(f"{where}: 'faulty' must be true or false")
    draft = _require(raw, "draft", str, where)
    labels_raw = _require(raw, "labels", list, where)
    if not labels_raw:
        raise DataError(f"{where}: at least one labelled citation")
    labels = tuple(_label(item, faulty, where) for item in labels_raw)
    if faulty != any(label.faulty for label in labels):
        raise DataError(f"{where}: a faulty case has a faulty label, a correct case has none")
    why = _require(raw, "why", str, where)
    sources = _require(raw, "sources", list, where)
    if not all(isinstance(s, str) and s for s in sources):
        raise DataError(f"{where}: 'sources' is a list of corpus paths")
    absent = raw.get("absent")
    if absent is not None and (not isinstance(absent, str) or not absent.strip()):
        raise DataError(f"{where}: 'absent' says in words what the corpus lacks")
    case = Case(case_id, cls, lang, memo, faulty, draft, labels, why, tuple(sources), absent, where)
    for label in labels:
        case.span(label)
    return case


def case_files(folder: Path = ACCURACY) -> list[Path]:
    return sorted(folder.glob("*.jsonl"))


def load_cases(folder: Path = ACCURACY) -> list[Case]:
    cases: list[Case] = []
    for path in case_files(folder):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as error:
                raise DataError(f"{where}: not JSON ({error.msg})") from None
            cases.append(parse_case(raw, where))
    seen: dict[str, str] = {}
    for case in cases:
        if case.id in seen:
            raise DataError(f"{case.where}: id {case.id!r} is used again (first at {seen[case.id]})")
        seen[case.id] = case.where
    return cases


def fingerprint(paths: Iterable[Path]) -> str:
    """One digest of the case files: a baseline measured on other data is not comparable."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()

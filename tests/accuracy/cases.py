"""The annotated set of `tests/data/accuracy/*.jsonl`: reading it, checking it, and what an expected outcome
allows. The format is documented in `tests/data/accuracy/README.md`; this module is its one reader.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
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

# The classes of issue 26 §2, §3 and §5 (what real legal prose does that a verdict may misread): a case that
# exercises one names it in its optional "issue26" field (a tag or a list of tags). Every tag has correct and
# faulty cases in equal numbers (test_accuracy.py), written from real sentences (`why` says whose).
ISSUE26: Mapping[str, str] = {
    # §2
    "application": "§2 the law applied to the facts of a case",
    "interpretation": "§2 a court or lawyer saying in other words what a provision means",
    "doctrinal_name": "§2 a provision named by its doctrine (불법행위, nadużycie prawa)",
    "single_quote": "§2 a quote in single quotes or 「」/『』",
    "spacing_marker": "§2 spacing, a dropped 조사 or ①②③ before a quoted 항 are not a change of wording",
    "quote_citation": "§2 a citation inside a quotation belongs to the quoted court: context",
    "not_unit_quote": "§2 quotation marks that are not the cited unit's words (a party's, a definition)",
    "amendment_named": "§2 a sentence naming the amendment quotes the amended wording",
    "alias": "§2 an alias the text defines, a law named in a lead-in, EU citation forms",
    "same_thing_number": "§2 numbers compared must be about the same thing",
    "right_red": "§2 a right red names what is wrong",
    "one_verdict": "§2 one sentence, one verdict: the quote belongs to the one it was taken from",
    # §3
    "antonym": "§3 antonyms and negation by prefix (유효/무효, dopuszczalny/niedopuszczalny, lawful)",
    "number_word": "§3 numbers written as words (sześć, thirty, 삼십)",
    "reversed_holding": "§3 a holding reversed with all its words present",
    # §5
    "same_unit": "§5 같은 항 / 같은 조 / 같은 호 without a number",
    "not_yet_in_force": "§5 an article not yet in force on the as-of date",
    "superseded_wording": "§5 a quote of a superseded wording is never a plain 🟢",
    "older_source": "§5 where the source is an older wording, never 'correct to the source'",
    "supplied_article": "§5 a supplied article serves its own units",
}
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
    issue26: tuple[str, ...] = ()  # the classes of issue 26 §2/§3/§5 it exercises (ISSUE26)
    as_of: str | None = None  # the day the law is checked on (ISO; None: today), with the recorded history
    supplied: tuple[str, str] | None = None  # (citation, text): a source the user supplied for that citation

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


_CASE_FIELDS = {
    "id",
    "class",
    "lang",
    "memo",
    "faulty",
    "draft",
    "labels",
    "why",
    "sources",
    "absent",
    "issue26",
    "as_of",
    "supplied",
}
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


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
    tags = raw.get("issue26", [])
    tags = [tags] if isinstance(tags, str) else tags
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise DataError(f"{where}: 'issue26' is a tag or a list of tags")
    for tag in tags:
        if tag not in ISSUE26:
            raise DataError(f"{where}: unknown issue26 tag {tag!r} (known: {', '.join(ISSUE26)})")
    as_of = raw.get("as_of")
    if as_of is not None and (not isinstance(as_of, str) or not _ISO_DAY.fullmatch(as_of)):
        raise DataError(f"{where}: 'as_of' is a day, YYYY-MM-DD")
    case = Case(case_id, cls, lang, memo, faulty, draft, labels, why, tuple(sources), absent, where)
    supplied = raw.get("supplied")
    if supplied is not None:
        if not isinstance(supplied, Mapping) or set(supplied) != {"for", "text"}:
            raise DataError(
                f'{where}: \'supplied\' is {{"for": a citation, "text": the text supplied for it}}'
            )
        supplied = (_require(supplied, "for", str, where), _require(supplied, "text", str, where))
    case = dataclasses.replace(case, issue26=tuple(tags), as_of=as_of, supplied=supplied)
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

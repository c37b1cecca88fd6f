"""The peers' own test suites, restated as data (`tests/data/peers/*.json`) and run against our code.

Each case names a runner (`run`) and what our product must return (`expect`); the format is in
`tests/data/peers/README.md`. Runners:

    ground       one item of a `python -m verifier ground` task → `verifier.ground.ground_item`
    extract      a text → `verifier.citations.extract_citations`
    pipeline     a draft → ingest_text → verify_document over the offline corpus (like the annotated set)
    kr_law_json  a law.go.kr statute JSON → `sources.lawgokr.structure.parse_law_json` → rendered units
    corpus       a source of the offline corpus → its metadata and units
    function     one named helper of ours that does what the peer's unit under test does
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.accuracy.cases import DATA, DataError, allowed, parse_case

PEERS = DATA / "peers"


def peer_files(folder: Path = PEERS) -> list[Path]:
    return sorted(folder.glob("*.json"))


@dataclass(frozen=True, slots=True)
class PeerCase:
    suite: str
    id: str
    peer: str  # the peer's own name for the case (its test title)
    exercises: str
    run: str
    input: Any
    expect: Mapping[str, Any]
    differs: str | None


@dataclass(frozen=True, slots=True)
class PeerResult:
    case: PeerCase
    passed: bool
    detail: str  # what came back, when it is not what was expected


def load_suites(folder: Path = PEERS) -> dict[str, dict[str, Any]]:
    suites: dict[str, dict[str, Any]] = {}
    for path in peer_files(folder):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in ("suite", "repository", "path", "commit", "cases"):
            if key not in data:
                raise DataError(f"{path.name}: missing {key!r}")
        if data["suite"] in suites:
            raise DataError(f"{path.name}: suite {data['suite']!r} defined twice")
        suites[data["suite"]] = data
    return suites


def load_cases(folder: Path = PEERS) -> list[PeerCase]:
    out: list[PeerCase] = []
    for suite, data in load_suites(folder).items():
        seen: set[str] = set()
        for raw in data["cases"]:
            where = f"{suite} {raw.get('id')!r}"
            for key in ("id", "peer", "exercises", "run", "input", "expect"):
                if key not in raw:
                    raise DataError(f"{where}: missing {key!r}")
            if raw["run"] not in RUNNERS:
                raise DataError(f"{where}: unknown runner {raw['run']!r} (known: {', '.join(RUNNERS)})")
            if raw["id"] in seen:
                raise DataError(f"{where}: id used twice")
            seen.add(raw["id"])
            out.append(
                PeerCase(
                    suite,
                    raw["id"],
                    raw["peer"],
                    raw["exercises"],
                    raw["run"],
                    raw["input"],
                    raw["expect"],
                    raw.get("differs"),
                )
            )
    return out


# ---------------------------------------------------------------------------------------------- runners


def _alternatives(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _mentions(text: str, expect: Mapping[str, Any]) -> list[str]:
    problems = []
    folded = text.casefold()
    for want in expect.get("mentions", []):
        if not any(alt.casefold() in folded for alt in want.split("|")):
            problems.append(f"does not mention {want!r}")
    for unwanted in expect.get("not_mentions", []):
        if unwanted.casefold() in folded:
            problems.append(f"mentions {unwanted!r}")
    return problems


def run_ground(case: PeerCase) -> list[str]:
    from verifier.ground import TaskError, ground_item

    item = case.input["item"]
    try:
        result = ground_item(item, 0, lang=case.input.get("lang", "pl"))
    except TaskError as error:
        if case.expect.get("raises") == "TaskError":
            return []
        return [f"refused the item: {error}"]
    if case.expect.get("raises"):
        return [f"accepted the item ({result.status.value}), expected it refused"]
    problems = []
    if "status" in case.expect and result.status.value not in allowed(case.expect["status"]):
        problems.append(f"status {result.status.value} ({result.rationale})")
    problems += _mentions(" ".join([result.note, *result.notes, result.rationale]), case.expect)
    source = item.get("source_text") or ""
    fragment = result.fragment
    if "match_text" in case.expect:
        got = source[fragment.start : fragment.end] if fragment and fragment.start is not None else None
        if got != case.expect["match_text"]:
            problems.append(f"matched {got!r}")
    if "segments" in case.expect:
        got_segments = [source[s:e] for s, e in fragment.segments] if fragment else []
        if got_segments != case.expect["segments"]:
            problems.append(f"segments {got_segments!r}")
    if "excerpt_contains" in case.expect:
        excerpts = [fragment.excerpt, *(n.excerpt for n in fragment.nearest)] if fragment else []
        if not any(case.expect["excerpt_contains"] in e for e in excerpts):
            problems.append(f"no excerpt contains {case.expect['excerpt_contains']!r}: {excerpts[:1]!r}")
    return problems


def _citation_problems(want: Mapping[str, Any], got: Any) -> list[str]:
    problems = []
    anchor = None if got.problem is not None else got.anchor
    if "key" in want:
        key = anchor.key if anchor is not None else None
        if key not in _alternatives(want["key"]):
            problems.append(f"{got.text!r} has key {key!r} ({got.problem or 'parsed'})")
    if "law" in want and (anchor.law if anchor else None) != want["law"]:
        problems.append(f"{got.text!r} has law {anchor.law if anchor else None!r}")
    if "kind" in want and got.kind.value != want["kind"]:
        problems.append(f"{got.text!r} is a {got.kind.value}")
    if "pinpoint" in want:
        pin = anchor.pinpoint if anchor is not None else None
        have = {k: getattr(pin, k) if pin else None for k in ("article", "paragraph", "item", "subitem")}
        wanted = {k: want["pinpoint"].get(k) for k in have}
        if have != wanted:
            problems.append(f"{got.text!r} pinpoint {have}")
    return problems


def run_extract(case: PeerCase) -> list[str]:
    from verifier.citations import extract_citations

    citations = extract_citations(case.input["text"])
    shown = [(c.text, c.anchor.key if c.anchor and not c.problem else None) for c in citations]
    if case.expect.get("none"):
        return [f"found {shown}"] if citations else []
    problems = []
    keys = {c.anchor.key for c in citations if c.anchor is not None and c.problem is None}
    problems += [f"found key {k!r} among {shown}" for k in case.expect.get("not_keys", []) if k in keys]
    if "count" in case.expect and len(citations) != case.expect["count"]:
        problems.append(f"{len(citations)} citations: {shown}")
    used: set[int] = set()
    for position, want in enumerate(case.expect.get("citations", [])):
        if "text" in want:
            matches = [i for i, c in enumerate(citations) if c.text == want["text"] and i not in used]
        else:
            matches = [position] if position < len(citations) else []
        if not matches:
            if not want.get("may_be_absent"):
                problems.append(f"no citation {want.get('text', f'#{position + 1}')!r} in {shown}")
            continue
        used.add(matches[0])
        problems += _citation_problems(want, citations[matches[0]])
    return problems


def run_pipeline(case: PeerCase) -> list[str]:
    from tests.accuracy.evaluate import run_case, warm_up

    raw = {
        "id": f"{case.suite}:{case.id}",
        "class": "extraction",
        "lang": case.input.get("lang", case.input["memo"]),
        "memo": case.input["memo"],
        "faulty": any(label.get("faulty", False) for label in case.expect["labels"]),
        "draft": case.input["draft"],
        "labels": case.expect["labels"],
        "why": case.exercises,
        "sources": case.input.get("sources", []),
    }
    parsed = parse_case(raw, f"peer {case.suite} {case.id}")
    warm_up([parsed])
    problems = []
    for outcome in run_case(parsed):
        if not outcome.satisfied:
            got = "not extracted" if outcome.found is None else f"{outcome.status} on {outcome.found!r}"
            problems.append(f"{outcome.citation!r}: expected {'|'.join(outcome.expect)}, got {got}")
    return problems


def _unit_problems(text: str, units: Sequence[Any], expect: Mapping[str, Any]) -> list[str]:
    by_label = {u.label: text[u.start : u.end] for u in units}
    problems = []
    for want in expect.get("units", []):
        body = by_label.get(want["label"])
        if body is None:
            problems.append(f"no unit {want['label']!r} (units: {list(by_label)[:12]})")
        elif want.get("contains") and want["contains"] not in body:
            problems.append(f"{want['label']!r} lacks {want['contains']!r}: {body[:120]!r}")
    for label in expect.get("absent_units", []):
        if label in by_label:
            problems.append(f"unit {label!r} exists")
    if "labels" in expect and list(by_label) != expect["labels"]:
        problems.append(f"units {list(by_label)}")
    for piece in expect.get("text_contains", []):
        if piece not in text:
            problems.append(f"text lacks {piece!r}")
    for piece in expect.get("text_excludes", []):
        if piece in text:
            problems.append(f"text has {piece!r}")
    order = [text.find(piece) for piece in expect.get("order", [])]
    if order and (min(order) < 0 or order != sorted(order)):
        problems.append(f"out of order: {expect['order']} at {order}")
    return problems


def run_kr_law_json(case: PeerCase) -> list[str]:
    from verifier.sources.lawgokr.structure import parse_law_json

    text, units = parse_law_json(json.dumps(case.input, ensure_ascii=False)).render()
    return _unit_problems(text, units, case.expect)


def run_corpus(case: PeerCase) -> list[str]:
    from tests.accuracy.cases import CORPUS
    from verifier.model import Anchor, Found
    from verifier.sources.local import shared_corpus

    answer = shared_corpus(CORPUS).resolve(Anchor(key=case.input["key"]))
    if not isinstance(answer, Found):
        return [f"not in the corpus: {answer}"]
    document = answer.document
    meta = case.expect.get("meta", {})
    problems = [f"meta {k}={document.meta.get(k)!r}" for k, v in meta.items() if document.meta.get(k) != v]
    return problems + _unit_problems(document.text, document.units, case.expect)


def _functions() -> dict[str, Callable[..., Any]]:
    from verifier.match.anchor import party_jaccard, party_tokens
    from verifier.sources.lawgokr.structure import article_label, circled_to_int, jo_code
    from verifier.sources.lawgokr.wire import normalize_case_number

    return {
        "circled_to_int": circled_to_int,
        "jo_code": jo_code,
        "article_label": article_label,
        "normalize_case_number": normalize_case_number,
        "party_tokens": lambda parties: list(party_tokens(parties)),
        "party_jaccard": party_jaccard,
    }


def run_function(case: PeerCase) -> list[str]:
    function = _functions()[case.input["name"]]
    try:
        value = function(*case.input.get("args", []))
    except Exception as error:  # the expected outcome may be that it refuses
        if case.expect.get("raises") == type(error).__name__:
            return []
        return [f"raised {type(error).__name__}: {error}"]
    if "raises" in case.expect:
        return [f"returned {value!r}, expected {case.expect['raises']}"]
    if value != case.expect["value"]:
        return [f"returned {value!r}"]
    return []


RUNNERS: Mapping[str, Callable[[PeerCase], list[str]]] = {
    "ground": run_ground,
    "extract": run_extract,
    "pipeline": run_pipeline,
    "kr_law_json": run_kr_law_json,
    "corpus": run_corpus,
    "function": run_function,
}


def run_one(case: PeerCase) -> PeerResult:
    try:
        problems = RUNNERS[case.run](case)
    except Exception as error:  # a crash on a peer's input is a failure of ours, reported as such
        problems = [f"crashed: {type(error).__name__}: {error}"]
    return PeerResult(case, not problems, "; ".join(problems))


def run_all(folder: Path = PEERS) -> list[PeerResult]:
    return [run_one(case) for case in load_cases(folder)]


def report(results: Sequence[PeerResult]) -> str:
    lines: list[str] = []
    suites = load_suites()
    for suite in dict.fromkeys(r.case.suite for r in results):
        mine = [r for r in results if r.case.suite == suite]
        data = suites.get(suite, {})
        passed = sum(r.passed for r in mine)
        commit = f" @ {data['commit'][:10]}" if data.get("commit") else ""
        lines.append(
            f"{suite}: {passed}/{len(mine)} pass  ({data.get('repository')}: {data.get('path')}{commit})"
        )
        for r in mine:
            lines.append(f"  {'PASS' if r.passed else 'FAIL'} {r.case.id}: {r.case.exercises}")
            if not r.passed:
                lines.append(f"       got: {r.detail[:400]}")
        lines.append("")
    total = sum(r.passed for r in results)
    lines.append(f"peers: {total}/{len(results)} pass")
    return "\n".join(lines)


def as_baseline(results: Sequence[PeerResult]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for r in results:
        entry = out.setdefault(r.case.suite, {"passed": [], "total": 0})
        entry["total"] += 1
        if r.passed:
            entry["passed"].append(r.case.id)
    return out

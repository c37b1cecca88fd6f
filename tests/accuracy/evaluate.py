"""The accuracy yardstick: every annotated claim of `tests/data/accuracy/` through the product's own path.

    .venv/bin/python -m tests.accuracy.evaluate          the table (overall, per class, per language),
                                                          then every failing citation and what came back
    ... --peers            the peers' test suites (tests/data/peers/), pass/fail per case
    ... --write-baseline   record this run's figures in tests/data/accuracy/baseline.json
    ... -k TEXT            only cases whose id or class contains TEXT
    ... --json FILE        every outcome as JSON;  --brief: the table only;  --markdown: as Markdown

Each case is a pasted draft: `verifier.ingest.ingest_text` → `verifier.pipeline.verify_document`, with the
router `manage.py verify --local-only` builds over the offline corpus (tests/data/corpus) and the memo's
language as the review language. A labelled citation is matched to the finding whose span overlaps it most;
none is an extraction miss. No Django, no network.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from tests.accuracy.cases import ACCURACY, CORPUS, Case, case_files, fingerprint, load_cases
from tests.accuracy.scoring import Figures, Outcome, Summary, lost, regressions, summarize

BASELINE = ACCURACY / "baseline.json"
BASELINE_SCHEMA = "accuracy-baseline/1"


@cache
def corpus_router() -> Any:
    """The resolver of `manage.py verify --local-only`: uploads none, the offline corpus, nothing remote."""
    from verifier.sources.router import build_router

    return build_router(
        lawgokr_oc=None,
        lawgokr_base_url="",
        saos_base_url="",
        eli_base_url="",
        cellar_base_url="",
        timeout=1.0,
        local_only=True,
        corpus_dir=CORPUS,
    )


@cache
def corpus_history() -> Any:
    """The history `manage.py verify --local-only --as-of` asks beside that resolver: the versions the
    offline corpus records (Korean 연혁, the Polish amending acts, the EU act as adopted), kept in memory.
    Only a case with its own `as_of` is run with it."""
    from verifier.history.lookup import HistoryLookup

    return HistoryLookup.for_resolver(corpus_router(), corpus_dir=CORPUS)


class Supplied:
    """A source the user supplied for one citation, beside the offline corpus, as `manage.py verify --source
    "CITATION=FILE"` gives it: the corpus's answer is asked too (evidence, not authority), and the supplied
    text serves only the article it was supplied for (`for_claim`), with that article's own units."""

    def __init__(self, upstream: Any, citation: str, text: str) -> None:
        from verifier.citations import extract_citations
        from verifier.sources.supplied.uploads import document_from_upload

        anchors = [
            c.anchor for c in extract_citations(citation) if c.anchor is not None and c.problem is None
        ]
        if not anchors:
            raise ValueError(f"'supplied': no citation in {citation!r}")
        self.upstream, self.given = upstream, anchors[0]
        self.document = document_from_upload(self.given, text, f"{citation}.txt", form="paste")

    def resolve(self, anchor: Any) -> Any:
        from verifier.model import Found

        official = self.upstream.resolve(anchor)
        return Found(self.document, official=official) if anchor.key == self.given.key else official

    def for_claim(self, claim: Any, resolution: Any) -> Any:
        from verifier.model import Found

        if not isinstance(resolution, Found) or resolution.official is None:
            return resolution
        article = self.given.pinpoint.article if self.given.pinpoint else None
        cited = claim.citation.anchor
        if article is None or (cited is not None and cited.pinpoint and cited.pinpoint.article == article):
            return resolution
        return resolution.official


def warm_up(cases: Sequence[Case]) -> None:
    """Load Kiwi here, once, when any draft is Korean: the pipeline's per-draft helper process would
    otherwise start (and load the model) again for every Korean case."""
    from verifier.lang import has_hangul
    from verifier.match import korean

    if any(has_hangul(c.draft) for c in cases):
        korean.kiwi()


def run_case(case: Case, resolver: Any | None = None) -> list[Outcome]:
    from verifier.ingest import ingest_text
    from verifier.pipeline import verify_document

    resolver = resolver or corpus_router()
    options: dict[str, Any] = {"as_of": case.as_of, "history": corpus_history()} if case.as_of else {}
    if case.supplied:
        resolver = Supplied(resolver, *case.supplied)
        options["for_claim"] = resolver.for_claim
    report = verify_document(
        ingest_text(case.draft, name=case.id), resolver, lang=case.memo, workers=4, **options
    )
    findings = list(report.findings)
    taken: set[int] = set()
    outcomes = []
    for index, label in enumerate(case.labels):
        start, end = case.span(label)
        best, best_overlap = None, 0
        for j, finding in enumerate(findings):
            overlap = min(end, finding.span[1]) - max(start, finding.span[0])
            if j not in taken and overlap > best_overlap:
                best, best_overlap = j, overlap
        finding = findings[best] if best is not None else None
        if best is not None:
            taken.add(best)
        text = ""
        if finding is not None:
            text = " ".join([finding.rationale, *finding.notes, *finding.suggestions])
        outcomes.append(
            Outcome(
                case_id=case.id,
                index=index,
                cls=case.cls,
                lang=case.lang,
                memo=case.memo,
                citation=label.citation,
                expect=label.expect,
                allowed=label.allowed,
                faulty=label.faulty,
                must_block=label.must_block,
                found=finding.citation if finding is not None else None,
                status=finding.status.value if finding is not None else None,
                claim_type=finding.claim_type.value if finding is not None else None,
                rationale=text,
                names=label.names,
                why=case.why,
                issue26=case.issue26,
            )
        )
    return outcomes


def run(cases: Sequence[Case]) -> list[Outcome]:
    warm_up(cases)
    resolver = corpus_router()
    return [o for case in cases for o in run_case(case, resolver)]


# ------------------------------------------------------------------------------------------- printing


def _cell(value: float | None, part: int, whole: int) -> str:
    return "—" if value is None else f"{value:.3f} ({part}/{whole})"


_HEADER = (
    ("", 22),
    ("labels", 6),
    ("hard-block recall", 18),
    ("precision", 16),
    ("false alarms", 15),
    ("false 🟢", 14),
    ("status accuracy", 17),
    ("extraction", 17),
)


def _row(name: str, f: Figures) -> str:
    cells = (
        name,
        str(f.labels),
        _cell(f.hard_block_recall, f.caught, f.must_block),
        _cell(f.hard_block_precision, f.faulty_blocked, f.faulty_blocked + f.false_alarms),
        _cell(f.false_alarm_rate, f.false_alarms, f.correct),
        _cell(f.false_green_rate, f.false_green, f.faulty),
        _cell(f.status_accuracy, f.satisfied, f.labels),
        _cell(f.extraction_recall, f.found, f.labels),
    )
    return _line(cells)


def _line(cells: Sequence[str]) -> str:
    widths = [w for _, w in _HEADER]
    return "  ".join(
        c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
    )


def table(summary: Summary) -> str:
    head = _line([h for h, _ in _HEADER])
    lines = [head, "-" * len(head), _row("overall", summary.overall), ""]
    lines += ["by class"] + [_row(name, f) for name, f in summary.classes.items()] + [""]
    lines += ["by claim language"] + [_row(name, f) for name, f in summary.languages.items()]
    if summary.issue26:
        lines += ["", "by class of issue 26 §2/§3/§5 (cases tagged 'issue26')"]
        lines += [_row(name, f) for name, f in summary.issue26.items()]
    o = summary.overall
    if o.naming_total:
        lines += ["", f"rationale names both values: {o.named}/{o.naming_total}"]
    return "\n".join(lines)


def markdown(summary: Summary) -> str:
    """The same figures as a Markdown table (for the README and the closing note of issue 15)."""

    def short(value: float | None, part: int, whole: int) -> str:
        return "—" if value is None else f"{value:.2f} ({part}/{whole})"

    def row(name: str, f: Figures) -> str:
        cells = (
            name,
            str(f.labels),
            short(f.hard_block_recall, f.caught, f.must_block),
            short(f.hard_block_precision, f.faulty_blocked, f.faulty_blocked + f.false_alarms),
            short(f.false_alarm_rate, f.false_alarms, f.correct),
            short(f.false_green_rate, f.false_green, f.faulty),
            short(f.status_accuracy, f.satisfied, f.labels),
            short(f.extraction_recall, f.found, f.labels),
        )
        return "| " + " | ".join(cells) + " |"

    head = [
        "| | labels | hard-block recall | precision | false alarms | false 🟢 | status accuracy "
        "| extraction |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    rows = [row("**overall**", summary.overall)]
    rows += [row(name, f) for name, f in summary.classes.items()]
    rows += [row(f"*{name}*", f) for name, f in summary.languages.items()]
    rows += [row(f"issue 26: {name}", f) for name, f in summary.issue26.items()]
    return "\n".join(head + rows)


def failures(outcomes: Sequence[Outcome]) -> str:
    lines = []
    for o in outcomes:
        if o.satisfied:
            continue
        got = "NOT EXTRACTED" if o.found is None else f"{o.status} ({o.claim_type}) on {o.found!r}"
        kind = "faulty" if o.faulty else "correct"
        lines.append(
            f"FAIL {o.key} [{o.cls} {o.lang}/{o.memo} {kind}] {o.citation!r}: expected {'|'.join(o.expect)}, "
            f"got {got}"
        )
        if o.rationale:
            lines.append(f"     rationale: {o.rationale[:300]}")
        lines.append(f"     why: {o.why}")
    return "\n".join(lines) if lines else "no failing citation"


# ------------------------------------------------------------------------------------------- baseline


def data_fingerprint() -> str:
    from tests.accuracy.peers import peer_files

    return fingerprint([*case_files(), *peer_files()])


def baseline_payload(summary: Summary, peer_results: dict[str, Any]) -> dict[str, Any]:
    return {
        "schema": BASELINE_SCHEMA,
        "data_sha256": data_fingerprint(),
        **summary.as_dict(),
        "peers": peer_results,
    }


def read_baseline(path: Path = BASELINE) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("schema") != BASELINE_SCHEMA:
        raise ValueError(f"{path}: not a {BASELINE_SCHEMA} file")
    return data


def compare_with_baseline(
    summary: Summary, peer_results: dict[str, Any], baseline: dict[str, Any]
) -> list[str]:
    """What got worse than the baseline: figures, labels that passed and fail now, peer cases likewise."""
    problems = regressions(summary.as_dict(), baseline)
    if problems:
        problems += [f"no longer met: {key}" for key in lost(summary.passing, baseline.get("passing", []))]
    for suite, then in baseline.get("peers", {}).items():
        now = peer_results.get(suite)
        if now is None:
            problems.append(f"peer suite {suite}: gone from the run")
            continue
        for case_id in lost(now["passed"], then["passed"]):
            problems.append(f"peer {suite} {case_id}: passed at the baseline, fails now")
    return problems


# ------------------------------------------------------------------------------------------------ CLI


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m tests.accuracy.evaluate", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--peers", action="store_true", help="run the peers' test suites instead")
    parser.add_argument("--write-baseline", action="store_true", help=f"write {BASELINE.name} from this run")
    parser.add_argument("-k", dest="only", metavar="TEXT", help="only cases whose id or class contains TEXT")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every outcome as JSON")
    parser.add_argument("--brief", action="store_true", help="the table only, no list of failures")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args(argv)
    from tests.accuracy import peers

    started = time.monotonic()
    if args.peers:
        results = peers.run_all()
        print(peers.report(results), file=out)
        print(f"\n{time.monotonic() - started:.1f} s", file=out)
        return 0
    cases = load_cases()
    if args.only:
        cases = [c for c in cases if args.only in c.id or args.only in c.cls]
        if args.write_baseline:
            parser.error("--write-baseline measures the whole set; drop -k")
    outcomes = run(cases)
    summary = summarize(outcomes)
    print(f"{len(cases)} cases, {len(outcomes)} labelled citations\n", file=out)
    print(markdown(summary) if args.markdown else table(summary), file=out)
    if not args.brief:
        print("\n" + failures(outcomes), file=out)
    if args.json:
        args.json.write_text(
            json.dumps([_outcome_json(o) for o in outcomes], ensure_ascii=False, indent=1), encoding="utf-8"
        )
    if args.write_baseline:
        payload = baseline_payload(summary, peers.as_baseline(peers.run_all()))
        BASELINE.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {BASELINE}", file=out)
    print(f"\n{time.monotonic() - started:.1f} s", file=out)
    return 0


def _outcome_json(o: Outcome) -> dict[str, Any]:
    return {
        "label": o.key,
        "class": o.cls,
        "lang": o.lang,
        "memo": o.memo,
        "citation": o.citation,
        "expect": list(o.expect),
        "faulty": o.faulty,
        "found": o.found,
        "status": o.status,
        "claim_type": o.claim_type,
        "satisfied": o.satisfied,
        "rationale": o.rationale,
    }


if __name__ == "__main__":
    sys.exit(main())

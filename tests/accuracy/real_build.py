"""Build `tests/data/real/cases.jsonl` from the judgments (deterministic: run it again, get the same file).

    .venv/bin/python -m tests.accuracy.real_build            write cases.jsonl and print what it holds
    .venv/bin/python -m tests.accuracy.real_build --check    exit 1 when cases.jsonl is not what it gives

One line per case: a real citation (`group` "real", correct as of `as_of`) or a mutation of one (`origin`
names the real case; `group` anchor / meaning / quote; faulty). Fields: see tests/data/real/README.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tests.accuracy import real_extract, real_mutate, real_sources
from tests.accuracy.real_sources import REAL, Judgment

CASES = REAL / "cases.jsonl"
SEED = "realset-1"

# 구 근로기준법(2007. 4. 11. 법률 제8372호로 전부 개정되기 전의 것): the court cites the wording in force
# before that amendment, so the citation is checked as of the day before it was promulgated.
BEFORE_AMENDMENT = re.compile(
    r"(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.\s?법률\s?제\s?\d+호로[^()]*?개정되기\s?전"
)


def as_of(found: real_extract.Found) -> tuple[str, str]:
    """The day the citation is checked on, and why: the judgment's date, or the day before an amendment
    the citation says it predates."""
    if found.kind == "statute_carried":  # the version the citation it is carried from names
        text = found.draft[: found.span[1]]
    else:
        text = found.draft[max(0, found.span[0] - 5) : found.span[1]]
    matches = list(BEFORE_AMENDMENT.finditer(text))
    m = matches[-1] if matches else None
    if m is None:
        return found.judgment.date, "the judgment's date"
    import datetime as dt

    day = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) - dt.timedelta(days=1)
    return day.isoformat(), "the day before the amendment the citation says it predates"


def expect_of(found: real_extract.Found) -> tuple[list[str], str]:
    """What a correct citation may get. Poland: the corpus holds the 1964 k.c. and 1974 k.p. wordings only,
    so a citation of the wording in force on a later date is 'version not checked' (⚪) or any verdict short
    of a block; it is not wrong."""
    if found.key.startswith("pl:act:"):
        return ["not_red", "not_checked"], "version not checked: the corpus holds the 1964/1974 wording"
    return ["not_red"], ""


def _corpus_text(lang: str, judgments: Sequence[Judgment]) -> str:
    parts = ["\n".join(j.passages) for j in judgments if j.lang == lang]
    if lang == "ko":
        statutes = real_sources.KR_STATUTES
        parts += [p.read_text(encoding="utf-8") for p in sorted(statutes.glob("*/법률*.md"))]
    else:
        key = "pl:act:DU/1964/93" if lang == "pl" else "eu:celex:32016R0679"
        parts.append(real_sources.source_document(key, "2020-01-01").text)
    return "\n".join(parts)


EXCLUDED_FILE = REAL / "excluded.tsv"


def excluded() -> dict[tuple[str, str], str]:
    """(judgment, citation as written) → why the set leaves it out (tests/data/real/excluded.tsv)."""
    out: dict[tuple[str, str], str] = {}
    for line in EXCLUDED_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            judgment, citation, reason = line.split("\t")
            out[judgment, citation] = reason
    return out


def build() -> Iterator[dict[str, Any]]:
    judgments = real_sources.judgments()
    known = frozenset(k.removeprefix("kr:prec:") for k in real_sources.real_precedents().keys())  # noqa: SIM118
    pairs = {
        lang: real_mutate.antonym_pairs(lang, _corpus_text(lang, judgments)) for lang in ("ko", "pl", "en")
    }
    numbers: Counter[str] = Counter()
    left_out = excluded()
    for judgment in judgments:
        for found in real_extract.citations(judgment, known):
            if (judgment.id, found.draft[found.span[0] : found.span[1]]) in left_out:
                continue
            day, why_day = as_of(found)
            law = real_sources.law_of_key(found.key)
            if law is not None and real_sources.in_force(law, day) is None:
                continue  # the corpus has no version of that day (근로기준법 before its 1997 re-enactment)
            numbers[judgment.lang] += 1
            case_id = f"{judgment.lang}-{numbers[judgment.lang]:04d}"
            expect, note = expect_of(found)
            real = {
                "id": case_id,
                "group": "real",
                "class": found.kind,
                "lang": judgment.lang,
                "jurisdiction": judgment.jurisdiction,
                "judgment": judgment.id,
                "file": judgment.path,
                "as_of": day,
                "as_of_is": why_day,
                "key": found.key,
                "draft": found.draft,
                "span": list(found.span),
                "citation": found.draft[found.span[0] : found.span[1]],
                "faulty": False,
                "expect": expect,
                **({"note": note} if note else {}),
            }
            yield real
            document = real_sources.source_document(found.key, day) if found.kind != "precedent" else None
            for mutation in real_mutate.mutations(found, document, pairs[judgment.lang], f"{SEED}:{case_id}"):
                yield {
                    **{k: v for k, v in real.items() if k not in ("note", "expect")},
                    "id": f"{case_id}-{mutation.cls}",
                    "origin": case_id,
                    "group": mutation.group,
                    "class": mutation.cls,
                    "draft": mutation.draft,
                    "span": list(mutation.span),
                    "citation": mutation.draft[mutation.span[0] : mutation.span[1]],
                    "faulty": True,
                    "expect": ["hard_block"],
                    "change": mutation.change,
                }


def render(cases: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(c, ensure_ascii=False, sort_keys=True) + "\n" for c in cases)


def load(path: Path = CASES) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.accuracy.real_build", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare with the committed cases.jsonl")
    args = parser.parse_args(argv)
    cases = list(build())
    text = render(cases)
    if args.check:
        same = CASES.is_file() and CASES.read_text(encoding="utf-8") == text
        print("cases.jsonl is up to date" if same else "cases.jsonl differs from the build: run the build")
        return 0 if same else 1
    CASES.write_text(text, encoding="utf-8")
    counts = Counter((c["lang"], c["group"], c["class"]) for c in cases)
    for key, n in sorted(counts.items()):
        print(*key, n)
    print(f"wrote {len(cases)} cases to {CASES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Builds tests/data/form/citations.jsonl, the citation-form table (issue 29 §1): real citations as the real
judgments wrote them (tests/data/real/cases.jsonl, the group `real`) and the real judgments of the offline
corpus (tests/data/corpus), each with the facts of its source and the form the practice expects.

The expected form is written here from the style rules' own templates (docs/CITATION-FORM.md) — one
f-string per rule, over the facts — and never by `verifier.form`, so the table checks the module against
the rules rather than against itself.
Run: `PYTHONPATH=. .venv/bin/python scripts/form_table.py` (rewrites the file).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from verifier.citations import extract_citations
from verifier.model import Anchor, Found
from verifier.sources.local import shared_corpus

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "form" / "citations.jsonl"
PL_MONTHS = (
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia"
)
EN_MONTHS = "January February March April May June July August September October November December"
PL_COURTS = {
    "Sąd Najwyższy": "SN",
    "Trybunał Konstytucyjny": "TK",
    "Sąd Apelacyjny": "SA",
    "Sąd Okręgowy": "SO",
}


def kr_date(iso: str) -> str:  # kr.date: "YYYY. M. D."
    y, m, d = iso.split("-")
    return f"{int(y)}. {int(m)}. {int(d)}."


def kr_units(written: str) -> str:  # kr.unit: the units of the draft, one space between them
    written = written.rsplit(")", 1)[-1]  # not the numbers of a "(… 법률 제5641호로 개정되기 전의 것)"
    return " ".join(
        re.sub(r"\s+", "", u) for u in re.findall(r"제\s*\d+\s*조(?:\s*의\s*\d+)?|제\s*\d+\s*[항호]", written)
    )


def pl_units(written: str) -> str:  # pl.unit: art. N § N pkt N, a space after each sign
    m = re.search(r"(?i)art\.?\s*(\d+)(?:\s*§\s*(\d+))?(?:\s*pkt\.?\s*(\d+))?", written)
    assert m
    out = f"art. {m[1]}"
    out += f" § {m[2]}" if m[2] else ""
    out += f" pkt {m[3]}" if m[3] else ""
    return out


def eu_units(written: str) -> str:  # eu.unit: Article N(p)(i)
    m = re.search(r"Article\s*(\d+)((?:\(\w+\))*)", written.replace("\xa0", " "))
    assert m
    return f"Article {m[1]}{m[2]}"


def main() -> None:
    corpus = shared_corpus(ROOT / "tests" / "data" / "corpus")
    rows: list[dict[str, object]] = []
    seen: set[tuple[str, str]] = set()

    def add(written: str, facts: dict[str, object], expected: dict[str, str], where: str) -> None:
        if (written, json.dumps(facts, sort_keys=True)) in seen:
            return
        seen.add((written, json.dumps(facts, sort_keys=True)))
        rows.append(
            {
                "id": f"form-{len(rows) + 1:03d}",
                "where": where,
                "written": written,
                "facts": facts,
                "expected": expected,
            }
        )

    for line in (ROOT / "tests" / "data" / "real" / "cases.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if case["group"] != "real" or case["class"] not in ("statute", "statute_carried", "precedent"):
            continue
        written, key, j = case["citation"], case["key"], case["jurisdiction"]
        found = extract_citations(written)
        anchor = found[0].anchor if found and found[0].anchor else None
        unit = anchor.pinpoint if anchor else None
        unit_json = (
            None
            if unit is None
            else {
                "article": unit.article,
                "paragraph": unit.paragraph,
                "item": unit.item,
                "subitem": unit.subitem,
            }
        )
        where = f"tests/data/real/cases.jsonl {case['id']}"
        if key.startswith("kr:law:"):
            document = corpus.resolve(Anchor(key=key))
            if not isinstance(document, Found) or unit_json is None:
                continue
            act = document.document.title
            bracketed = written.lstrip().lstrip("구 ").startswith("「")
            name = f"「{act}」" if bracketed else act
            if written.startswith(("같은 법", "동법")):
                name = "같은 법"
            full = f"{name} {kr_units(written)}"
            add(
                written,
                {"jurisdiction": "kr", "kind": "statute", "act": act, "unit": unit_json},
                {"full": full, "short": full},
                where,
            )
        elif key.startswith("kr:prec:") and anchor is not None and anchor.date:
            # the cited judgment's facts as the Supreme Court itself gives them in its reasons
            kind = "결정" if written.rstrip().endswith("결정") else "판결"
            marker = "자" if kind == "결정" else "선고"
            full = f"대법원 {kr_date(anchor.date)} {marker} {anchor.number} {kind}"
            if "전원합의체" in written:
                full = full.replace(f" {kind}", f" 전원합의체 {kind}")
            add(
                written,
                {
                    "jurisdiction": "kr",
                    "kind": "judgment",
                    "court": "대법원",
                    "date": anchor.date,
                    "number": anchor.number,
                    "decision_type": kind,
                },
                {"full": full, "short": full},
                where,
            )
        elif key == "pl:act:DU/1964/93" and re.search(r"(?i)\bk\.?\s?c\.?$", written):
            full = f"{pl_units(written)} k.c."
            add(
                written,
                {
                    "jurisdiction": "pl",
                    "kind": "statute",
                    "act": "Ustawa z dnia 23 kwietnia 1964 r. Kodeks cywilny",
                    "unit": unit_json,
                },
                {"full": full, "short": full},
                where,
            )
        elif key == "eu:celex:32016R0679" and unit_json is not None:
            units = eu_units(written)
            tail = re.sub(r"^.*?Article\s*\d+(?:\(\w+\))*\s*", "", written.replace("\xa0", " "))
            anaphor = re.fullmatch(r"of (?:that|this|the) regulation", tail)
            full = f"{units} {tail}" if anaphor or not tail else f"{units} of Regulation (EU) 2016/679"
            short = f"{units} {tail}" if tail.startswith("of the ") or anaphor else full
            add(
                written,
                {
                    "jurisdiction": "eu",
                    "kind": "eu_act",
                    "act": "REGULATION (EU) 2016/679 OF THE EUROPEAN PARLIAMENT AND OF THE COUNCIL",
                    "unit": unit_json,
                },
                {"full": full.strip(), "short": short.strip()},
                where,
            )
        elif key.startswith("eu:case:"):
            document = corpus.resolve(Anchor(key=key))
            if not isinstance(document, Found):
                continue
            d = document.document
            y, m, day = (d.date or "").split("-")
            name = re.search(r"\d{4}, (.+?), C", written)
            assert name
            full = (
                f"judgment of {int(day)} {EN_MONTHS.split()[int(m) - 1]} {y}, {name[1]}, {d.number}, "
                f"{d.meta['ecli'].removeprefix('ECLI:')}"
            )
            add(
                written,
                {
                    "jurisdiction": "eu",
                    "kind": "eu_case",
                    "court": "CJEU",
                    "date": d.date,
                    "number": d.number,
                    "ecli": d.meta["ecli"],
                    "parties": list(d.parties),
                },
                {"full": full, "short": full},
                where,
            )

    for d in corpus.documents():
        if d.kind.value == "statute" or not (d.court and d.date and d.number):
            continue
        if d.jurisdiction.value == "kr":
            # 모 (준항고·재항고), 마, 그: case codes of 결정 proceedings in the courts' case-code table
            kind = "결정" if re.sub(r"\d", "", d.number) in ("모", "마", "그") else "판결"
            full = f"{d.court} {kr_date(d.date)} {'자' if kind == '결정' else '선고'} {d.number} {kind}"
            facts = {
                "jurisdiction": "kr",
                "kind": d.kind.value,
                "court": d.court,
                "date": d.date,
                "number": d.number,
            }
            where = f"tests/data/corpus/{d.meta.get('corpus_file', d.id)}"
            add(full, facts, {"full": full, "short": full}, where)  # the courts' own form: nothing differs
            y, m, day = d.date.split("-")
            add(f"{d.court} {y}.{m}.{day}. {d.number} {kind}", facts, {"full": full, "short": full}, where)
        elif d.jurisdiction.value == "pl" and d.meta.get("decision_type") in (
            "wyrok",
            "postanowienie",
            "uchwała",
        ):
            court = next(
                (
                    f"{short}{d.court[len(name) :]}"
                    for name, short in PL_COURTS.items()
                    if d.court.startswith(name)
                ),
                None,
            )
            if court is None:
                continue
            y, m, day = d.date.split("-")
            dtype = d.meta["decision_type"]
            full = f"{dtype} {court} z dnia {int(day)} {PL_MONTHS.split()[int(m) - 1]} {y} r., {d.number}"
            short = f"{dtype} {court} z {int(day)}.{m}.{y} r., {d.number}"
            facts = {
                "jurisdiction": "pl",
                "kind": d.kind.value,
                "court": d.court,
                "date": d.date,
                "number": d.number,
                "decision_type": dtype,
            }
            where = f"tests/data/corpus/{d.meta.get('corpus_file', d.id)}"
            add(d.title, facts, {"full": full, "short": short}, where)  # SAOS's own title of the judgment
            add(full, facts, {"full": full, "short": short}, where)
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    counts: dict[str, int] = {}
    for r in rows:
        j = str(r["facts"]["jurisdiction"])  # type: ignore[index]
        counts[j] = counts.get(j, 0) + 1
    print(len(rows), counts)


if __name__ == "__main__":
    main()

"""Seed compatibility: `python -m verifier ground TASK.json [--format md|json]`.

Reads the task format of the Polish citation-grounding seed (items with `id`, `source_id`, `claim_type` in
the seed's names or ours, `quote`, `claim_text`, `source_text`, `anchor`, `anchor_resolved`), runs the same
matchers and gradient as the workbench, and prints the seed's report. Exit status: 1 on any hard block
(🔴/⛔), 0 otherwise, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from verifier.claim_types import claim_type_from_name
from verifier.decide import Decision, decide
from verifier.lang import detect_language
from verifier.match.anchor import compare_anchor
from verifier.match.content import ContentResult
from verifier.match.fragment import FragmentResult
from verifier.measurement import Measurement
from verifier.model import (
    Anchor,
    Cause,
    Citation,
    Claim,
    ClaimType,
    Jurisdiction,
    Kind,
    Level,
    Misconfigured,
    SourceDocument,
    Status,
    is_hard_block,
)
from verifier.rationales import Message
from verifier.verify import read_claim

SEED_LEVEL = {
    Level.NONE: "BRAK",
    Level.EXISTENCE: "ISTNIENIE",
    Level.CONTENT: "TREŚĆ",
    Level.FRAGMENT: "FRAGMENT",
}
SEED_STATUS = {
    Status.VERIFIED: "ZWERYFIKOWANY",
    Status.MODIFIED: "ZMODYFIKOWANY",
    Status.NEEDS_JUDGEMENT: "WYMAGA_OSADU",
    Status.CALIBRATION: "KALIBRACJA",
    Status.UNVERIFIED: "NIEZWERYFIKOWANY",
    Status.NO_SOURCE: "BRAK ŹRÓDŁA",
    Status.NOT_CHECKED: "NIESPRAWDZONY",
}
_ANCHOR_FIELDS = {
    "sygnatura": "number",
    "signature": "number",
    "number": "number",
    "data": "date",
    "date": "date",
    "organ": "court",
    "sad": "court",
    "sąd": "court",
    "court": "court",
    "strony": "parties",
    "parties": "parties",
}


class TaskError(ValueError):
    """The task file cannot be read as a grounding task; the message says what to fix."""


@dataclass
class ItemResult:
    id: str
    source_id: str
    claim_type_name: str
    claim_type: ClaimType
    decision: Decision
    note: str
    rationale: str  # the decision's rationale in the report's language
    fragment: FragmentResult | None = None
    content: ContentResult | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def status(self) -> Status:
        return self.decision.status


def _anchor_fields(raw: object, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise TaskError(
            f"{where} must be an object with sygnatura/data/organ/strony, got {type(raw).__name__}"
        )
    out: dict[str, Any] = {}
    for key, value in raw.items():
        name = _ANCHOR_FIELDS.get(str(key).casefold())
        if name is None or value in (None, ""):
            continue
        if name == "parties":
            if isinstance(value, str):
                out[name] = (value,)
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                out[name] = tuple(value)
            else:
                raise TaskError(f"{where}.strony must be a string or a list of names")
        else:
            out[name] = str(value)
    return out


def _text(item: Mapping[str, Any], key: str, where: str) -> str | None:
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise TaskError(f"{where}.{key} must be a string, got {type(value).__name__}")
    return value if value.strip() else None


def ground_item(item: Mapping[str, Any], index: int, *, lang: str) -> ItemResult:
    """One task item measured and decided as the workbench measures and decides a claim; only the input
    (the seed's fields instead of a draft and a resolver) and the report differ."""
    where = f"items[{index}]"
    if not isinstance(item, Mapping):
        raise TaskError(f"{where} must be an object")
    item_id = item.get("id")
    if not isinstance(item_id, str | int) or str(item_id) == "":
        raise TaskError(f"{where} has no id")
    where = f"item {item_id}"
    type_name = str(item.get("claim_type") or "cytat_doslowny")  # the seed's v1 default
    try:
        claim_type = claim_type_from_name(type_name)
    except ValueError as error:
        raise TaskError(f"{where}: {error}") from None
    source_id = str(item.get("source_id") or "")
    quote = _text(item, "quote", where)
    claim_text = _text(item, "claim_text", where)
    source_text = _text(item, "source_text", where)
    required = claim_type.required_level
    thesis = claim_text or quote or ""

    claimed = _anchor_fields(item["anchor"], f"{where}.anchor") if item.get("anchor") is not None else {}
    anchor = Anchor(key=source_id or claimed.get("number", "") or f"item:{item_id}", **claimed)
    claim = Claim(
        citation=Citation(
            span=(0, 0), text="", jurisdiction=Jurisdiction.OTHER, kind=Kind.JUDGMENT, anchor=anchor
        ),
        claim_type=claim_type,
        claim_text=thesis,
        claim_span=(0, len(thesis)),
        quote=quote,
    )
    base = Measurement(claim=claim, lang=lang, required=required)

    def result(measured: Measurement) -> ItemResult:
        decision = decide(measured)
        reading = measured.reading
        fragment = reading.fragment if reading is not None else None
        content = reading.content if reading is not None else None
        fields = ", ".join(issue.field for issue in measured.anchor.hard) if measured.anchor else ""
        note = _mismatch_note(fields, lang) if fields else _note(decision, lang)
        notes = list(decision.note_texts(lang))
        return ItemResult(
            str(item_id),
            source_id,
            type_name,
            claim_type,
            decision,
            note,
            decision.rationale(lang),
            fragment,
            content,
            notes,
        )

    def missing(key: str) -> ItemResult:
        reason = Message(key).render(lang)
        return result(replace(base, failure=Misconfigured(anchor.key, reason, cause=Cause.NOT_RESOLVED)))

    document: SourceDocument | None = None
    if item.get("anchor") is not None:
        if item.get("anchor_resolved") is None:
            return missing("ground_anchor_unresolved")
        resolved = _anchor_fields(item["anchor_resolved"], f"{where}.anchor_resolved")
        document = _document(source_id, anchor.key, source_text or "", resolved)
        compared = compare_anchor(anchor, document)
        if not compared.ok:
            return result(replace(base, document=document, anchor=compared))
        base = replace(base, anchor=compared)
    elif source_text is not None:
        document = _document(source_id, anchor.key, source_text, {})

    if required is Level.EXISTENCE:
        if document is None:
            return missing("ground_no_anchor_no_source")
        return result(replace(base, document=document))
    if source_text is None or document is None:
        return missing("ground_no_source_text")
    if quote is None and claim_text is None:
        raise TaskError(f"{where}: a {type_name} item needs quote or claim_text")
    # one language for the thesis and the source, detected per item: the report's language is the reader's
    content_lang = detect_language(thesis + " " + source_text[:2000])
    document = replace(document, meta={"lang": content_lang})
    reading = read_claim(claim, document, None, lang=content_lang, pinpointed=False, substance=thesis)
    return result(replace(base, document=document, reading=reading))


def _document(source_id: str, key: str, text: str, resolved: Mapping[str, Any]) -> SourceDocument:
    return SourceDocument(
        id=source_id,
        key=key,
        jurisdiction=Jurisdiction.OTHER,
        kind=Kind.JUDGMENT,
        title=source_id,
        text=text,
        url="",
        version="",
        sha256="",
        fetched_at="",
        origin="task",
        **resolved,
    )


def _note(decision: Decision, lang: str) -> str:
    """The seed's short "Uwaga" column."""
    v = dict(decision.reason.values)
    status = decision.status
    if lang != "pl":
        return decision.rationale(lang)
    if status is Status.VERIFIED and decision.required is Level.FRAGMENT:
        return f"znak {v.get('start', '?')}"
    if status is Status.MODIFIED:
        return f"różnice: {v.get('changes', '—')}"
    if status is Status.NEEDS_JUDGEMENT:
        return f"terminy {v.get('pct', '?')}% - potwierdź substancję"
    if status is Status.CALIBRATION:
        return "złagodź do parafrazy lub oznacz prowizor."
    if status is Status.UNVERIFIED and "change" in v:
        change = v["change"]  # what changed is a sentence of its own, rendered like every other
        said = change.render(lang) if isinstance(change, Message) else change
        return f"zmiana sensu ({said}): {v.get('changes', '')} - BLOKADA"
    if status is Status.UNVERIFIED and decision.required is Level.FRAGMENT:
        return "brak w źródle - BLOKADA"
    if status is Status.UNVERIFIED:
        return f"terminy {v.get('pct', '?')}% - BLOKADA"
    if status is Status.NO_SOURCE:
        return "brak źródła - dołącz dokument"
    return "kotwica zgodna"


def _mismatch_note(fields: str, lang: str) -> str:
    if lang != "pl":
        return Message("ground_mismatch", {"fields": fields}).render(lang)
    phrases = {
        "number": "rozbieżna sygnatura",
        "date": "rozbieżna data",
        "court": "rozbieżny organ",
        "parties": "rozbieżne strony",
    }
    named = ", ".join(phrases.get(f.strip(), f.strip()) for f in fields.split(","))
    return f"{named} - możliwe fałszerstwo"


def load_task(path: Path) -> list[Mapping[str, Any]]:
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TaskError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise TaskError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise TaskError(
            f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    items = data.get("items") if isinstance(data, Mapping) else data
    if not isinstance(items, list):
        raise TaskError(f'{path}: expected {{"items": [...]}} (or a list of items)')
    if not items:
        raise TaskError(f"{path}: the task has no items")
    return items


def ground(items: Sequence[Mapping[str, Any]], *, lang: str = "pl") -> list[ItemResult]:
    results = [ground_item(item, i, lang=lang) for i, item in enumerate(items)]
    ids = [r.id for r in results]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise TaskError(f"duplicate item ids: {', '.join(duplicates)}")
    return results


_HEADERS = {
    "pl": ("ID", "Źródło", "Typ", "Wym.→Osiąg.", "Status", "Uwaga"),
    "en": ("ID", "Source", "Type", "Required→Achieved", "Status", "Note"),
    "ko": ("ID", "출처", "유형", "요구→달성", "상태", "비고"),
}


def _status_cell(status: Status, lang: str) -> str:
    return f"{status.icon} {SEED_STATUS[status] if lang == 'pl' else status.value}"


def _levels_cell(result: ItemResult, lang: str) -> str:
    if lang == "pl":
        return f"{SEED_LEVEL[result.decision.required]}→{SEED_LEVEL[result.decision.achieved]}"
    return f"{result.decision.required.label}→{result.decision.achieved.label}"


def summary_lines(results: Sequence[ItemResult], lang: str = "pl") -> list[str]:
    def ids(*statuses: Status) -> list[str]:
        return [r.id for r in results if r.status in statuses]

    verified = ids(Status.VERIFIED)
    blocks = ids(Status.UNVERIFIED, Status.NO_SOURCE)
    calibration = ids(Status.CALIBRATION)
    judgement = ids(Status.NEEDS_JUDGEMENT, Status.MODIFIED)
    not_checked = ids(Status.NOT_CHECKED)
    if lang != "pl":  # the seed's Polish report keeps its own wording below; the others are rationales

        def listed(found: list[str]) -> str:
            return f" ({', '.join(found)})" if found else ""

        values = {
            "verified": len(verified),
            "total": len(results),
            "blocks": len(blocks),
            "blocks_ids": listed(blocks),
            "calibration": len(calibration),
            "calibration_ids": listed(calibration),
            "judgement": len(judgement),
            "judgement_ids": listed(judgement),
        }
        out = [Message("ground_result", values).render(lang)]
        if blocks:
            out.append(Message("ground_do_not_publish", {"ids": ", ".join(blocks)}).render(lang))
        return out
    line = (
        f"Wynik: {len(verified)}/{len(results)} zweryfikowane. "
        + _pl_count(len(blocks), "blokada", "blokady", "blokad")
        + (f" ({', '.join(blocks)})" if blocks else "")
        + f", {_pl_count(len(calibration), 'kalibracja', 'kalibracje', 'kalibracji')}"
        + (f" ({', '.join(calibration)})" if calibration else "")
        + f", {len(judgement)} do osądu"
        + (f" ({', '.join(judgement)})" if judgement else "")
        + (f", {len(not_checked)} niesprawdzone ({', '.join(not_checked)})" if not_checked else "")
        + "."
    )
    advice = []
    if blocks:
        verb = "nie zostanie poprawione" if len(blocks) == 1 else "nie zostaną poprawione"
        advice.append(f"NIE publikuj dopóki {_pl_join(blocks)} {verb} lub usunięte.")
    if calibration:
        verb = "wymaga" if len(calibration) == 1 else "wymagają"
        advice.append(f"{_pl_join(calibration)} {verb} złagodzenia tezy.")
    return [line, " ".join(advice)] if advice else [line]


def _pl_count(n: int, one: str, few: str, many: str) -> str:
    if n == 1:
        return f"1 {one}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {few}"
    return f"{n} {many}"


def _pl_join(ids: Sequence[str]) -> str:
    return ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} i {ids[-1]}"


def render_markdown(results: Sequence[ItemResult], *, title: str, lang: str = "pl") -> str:
    headers = _HEADERS.get(lang, _HEADERS["en"])
    heading = Message("ground_heading").render(lang)
    rows = [
        (
            r.id,
            r.source_id,
            r.claim_type_name,
            _levels_cell(r, lang),
            _status_cell(r.status, lang),
            " ".join([r.note, *r.notes]).replace("|", "\\|"),
        )
        for r in results
    ]
    lines = [
        f"## {heading} - {title}",
        "",
        "| " + " | ".join(headers) + " |",
        "|" + "|".join("---" for _ in headers) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    lines += ["", *summary_lines(results, lang)]
    return "\n".join(lines) + "\n"


def render_json(results: Sequence[ItemResult], *, title: str, lang: str = "pl") -> str:
    items = []
    for r in results:
        entry: dict[str, Any] = {
            "id": r.id,
            "source_id": r.source_id,
            "claim_type": r.claim_type.value,
            "required_level": r.decision.required.label,
            "achieved_level": r.decision.achieved.label,
            "status": r.status.value,
            "label": r.status.label,
            "note": r.note,
            "rationale": r.rationale,
            "notes": r.notes,
        }
        if r.fragment is not None and r.fragment.found:
            entry["match"] = {
                "start": r.fragment.start,
                "end": r.fragment.end,
                "excerpt": r.fragment.excerpt,
                "similarity": r.fragment.similarity,
                "diff": [list(d) for d in r.fragment.diff],
                "rules": list(r.fragment.rules),
                "segments": [list(s) for s in r.fragment.segments],
            }
        elif r.fragment is not None:
            entry["nearest"] = [
                {"start": n.start, "end": n.end, "excerpt": n.excerpt, "similarity": n.similarity}
                for n in r.fragment.nearest
            ]
        if r.content is not None:
            entry["coverage"] = r.content.coverage
            entry["terms_missing"] = list(r.content.missing)
        items.append(entry)
    counts = {s.value: sum(1 for r in results if r.status is s) for s in Status}
    counts["hard_blocks"] = sum(1 for r in results if is_hard_block(r.status))
    payload = {"task": title, "items": items, "summary": counts, "summary_text": summary_lines(results, lang)}
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


def main(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m verifier ground", description=__doc__.splitlines()[0])
    parser.add_argument("task", type=Path, help="task JSON in the citation-grounding seed format")
    parser.add_argument("--format", choices=("md", "json"), default="md")
    parser.add_argument("--lang", choices=("pl", "en", "ko"), default="pl", help="language of the report")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 2 if exit_.code not in (0, None) else 0
    try:
        results = ground(load_task(args.task), lang=args.lang)
    except TaskError as error:
        print(f"error: {error}", file=err)
        return 2
    render = render_json if args.format == "json" else render_markdown
    out.write(render(results, title=args.task.stem, lang=args.lang))
    return 1 if any(is_hard_block(r.status) for r in results) else 0

"""The Polish parts of the offline corpus: SAOS import records, raw common-court HTML with its portal XML,
and the Kodeks cywilny as its 1964 text plus the whole articles later acts insert or replace (what is served,
and why, is in `verifier.sources.local`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import defusedxml.ElementTree as SafeET

from verifier.model import (
    Jurisdiction,
    Kind,
    SourceDocument,
    SourceUnit,
)
from verifier.sources.eli.client import act_for_code
from verifier.sources.eli.structure import (
    PlAct,
    Provision,
    act_from_provisions,
    amended_articles,
    article_label,
)
from verifier.sources.saos.client import html_to_text, saos_signature
from verifier.sources.stamps import fetched_now, text_sha256

MIN_JUDGMENT_CHARS = 300  # below this a SAOS import record is a test placeholder, not a judgment

# Which code an amending provision amends, recognised by its opening words ("W Kodeksie cywilnym …",
# "W ustawie z dnia 23 kwietnia 1964 r. - Kodeks cywilny …").
_CODE_BY_INFLECTION = {
    "kodeks cywilny": "kc",
    "kodeksie cywilnym": "kc",
    "kodeks pracy": "kp",
    "kodeksie pracy": "kp",
}

_PL_MONTHS = {
    "stycznia": 1, "lutego": 2, "marca": 3, "kwietnia": 4, "maja": 5, "czerwca": 6,
    "lipca": 7, "sierpnia": 8, "września": 9, "października": 10, "listopada": 11, "grudnia": 12,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class PlJudgment:
    path: Path
    signature: str
    text: str
    court: str | None
    division: str | None
    date: str | None
    judges: tuple[str, ...]
    decision_type: str | None
    kind: Kind


def _listish(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def saos_import(path: Path, *, court: str, kind: Kind) -> Iterator[PlJudgment]:
    for record in json.loads(path.read_text(encoding="utf-8")):
        text = str(record.get("textContent") or "")
        for opinion in _listish(record.get("dissentingOpinions")):
            if isinstance(opinion, dict) and opinion.get("textContent"):
                text += "\n\n" + str(opinion["textContent"])
        judges = tuple(str(j.get("name")) for j in _listish(record.get("judges")) if isinstance(j, dict))
        form = str(record.get("supremeCourtJudgmentForm") or record.get("judgmentType") or "")
        yield PlJudgment(
            path=path,
            signature=saos_signature(str(record.get("caseNumber") or "")),
            text=text.strip(),
            court=court,
            division=record.get("supremeCourtChamberDivision") or None,
            date=record.get("judgmentDate") or None,
            judges=judges,
            decision_type=_decision_type(form, text),
            kind=kind,
        )


def _decision_type(form: str, text: str) -> str | None:
    lowered = f"{form} {text[:300]}".lower()
    for word, name in (
        ("uchwał", "uchwała"),
        ("resolution", "uchwała"),
        ("postanowieni", "postanowienie"),
        ("decision", "postanowienie"),
        ("wyrok", "wyrok"),
        ("sentence", "wyrok"),
    ):
        if word in lowered:
            return name
    return None


def _sql_values(statement: str) -> list[str | None]:
    """The VALUES (…) tuple of one INSERT: strings ('' escapes), numbers, null, true/false, as text."""
    start = statement.index("VALUES (") + len("VALUES (")
    values: list[str | None] = []
    i = start
    while i < len(statement):
        c = statement[i]
        if c in " \n\t,":
            i += 1
        elif c == ")":
            break
        elif c == "'":
            j = i + 1
            pieces = []
            while True:
                k = statement.index("'", j)
                pieces.append(statement[j:k])
                if statement.startswith("''", k):
                    pieces.append("'")
                    j = k + 2
                    continue
                i = k + 1
                break
            values.append("".join(pieces))
        else:
            m = re.match(r"[^,)\s]+", statement[i:])
            assert m is not None
            word = m.group(0)
            values.append(None if word == "null" else word)
            i += len(word)
    return values


def raw_cc_sql(path: Path) -> Iterator[PlJudgment]:
    sql = path.read_text(encoding="utf-8")
    columns_seen: list[str] | None = None
    for statement in re.split(r"\n(?=INSERT INTO )", sql):
        if not statement.startswith("INSERT INTO"):
            continue
        header = re.match(r"INSERT INTO \w+ \(([^)]*)\)", statement)
        if header is None:
            continue
        columns_seen = [c.strip() for c in header.group(1).split(",")]
        row = dict(zip(columns_seen, _sql_values(statement), strict=False))
        metadata = _portal_metadata(row.get("text_metadata") or "")
        if row.get("case_number") and "signature" not in metadata:
            metadata["signature"] = str(row["case_number"])
        record = cc_html(path, row.get("text_content") or "", metadata)
        if record is not None:
            yield record


def _portal_metadata(xml: str) -> dict[str, Any]:
    if not xml.strip():
        return {}
    try:
        root = SafeET.fromstring(xml.encode("utf-8"))
    except SafeET.ParseError:
        return {}
    out: dict[str, Any] = {}
    for name in ("signature", "date", "type", "courtId", "departmentId"):
        el = root.find(name)
        if el is not None and el.text:
            out[name] = el.text.strip()
    out["judges"] = tuple(j.text.strip() for j in root.findall("judges/judge") if j.text)
    return out


_COURT_LINE = re.compile(
    r"(Sąd (?:Apelacyjny|Okręgowy|Rejonowy)\s+(?:we?|dla)\s+.+?)(?=\s+(?:w\s+)?[IVXL]+\s+Wydzia|\s+Wydzia|"
    r"\s+w składzie|,|$)"
)
_DIVISION = re.compile(r"((?:[IVXL]+\s+)?Wydzia\w*[^,\n]*?)(?=\s+w składzie|$|,)")
_SIGNATURE = re.compile(r"Sygn(?:atura|\.)\s*akt\s*:?\s*([IVXL]+\s+[A-Za-z]+\s+\d+/\d{2})")
_DATE_LINE = re.compile(r"Dnia\s+(\d{1,2})\s+([a-ząćęłńóśźż]+)\s+(\d{4})", re.IGNORECASE)


def cc_html(path: Path, html: str, metadata: Mapping[str, Any]) -> PlJudgment | None:
    text = html_to_text(html)
    head = text[:2000]
    signature = str(metadata.get("signature") or "")
    if not signature:
        m = _SIGNATURE.search(head)
        signature = m.group(1) if m else ""
    if not signature:
        return None
    court = division = None
    for line in head.split("\n")[:25]:
        cm = _COURT_LINE.search(line) if len(line) < 160 else None
        if cm:
            # "Sąd Okręgowy w Tarnobrzegu Sąd Pracy i Ubezpieczeń Społecznych": the court ends where the
            # name of its division-court begins.
            court = re.split(r"\s+(?=Sąd\s)", cm.group(1).strip())[0]
            dm = _DIVISION.search(line[cm.end() :])
            division = dm.group(1).strip() if dm else None
            break
    date = None
    if metadata.get("date"):
        date = str(metadata["date"])[:10]
    elif dm2 := _DATE_LINE.search(head):
        month = _PL_MONTHS.get(dm2.group(2).lower())
        if month:
            date = f"{int(dm2.group(3)):04d}-{month:02d}-{int(dm2.group(1)):02d}"
    kinds = str(metadata.get("type") or "")
    return PlJudgment(
        path=path,
        signature=saos_signature(signature),
        text=text,
        court=court,
        division=division,
        date=date,
        judges=tuple(metadata.get("judges") or ()),
        decision_type=_decision_type(kinds, text),
        kind=Kind.JUDGMENT,
    )


def pl_judgment_document(key: str, group: Sequence[PlJudgment], url: str) -> SourceDocument:
    ordered = sorted(group, key=lambda r: "UZASADNIENIE" in r.text[:200])
    main = ordered[0]
    text = "\n\n".join(r.text for r in ordered)
    judges: list[str] = []
    for record in ordered:
        judges.extend(j for j in record.judges if j not in judges)
    meta = {
        "judges": "; ".join(judges),
        "division": main.division or "",
        "decision_type": main.decision_type or "",
        "corpus_file": url.removeprefix("corpus:"),
        "parties_note": "published anonymised: party names are not available",
    }
    title = f"{main.decision_type or 'orzeczenie'} — {main.court or 'sąd'}"
    title += f" z dnia {main.date}, {main.signature}" if main.date else f", {main.signature}"
    return SourceDocument(
        id=f"corpus:{key}",
        key=key,
        jurisdiction=Jurisdiction.PL,
        kind=main.kind,
        title=title,
        text=text,
        url=url,
        version=text_sha256(text)[:12],
        sha256=text_sha256(text),
        fetched_at=fetched_now(),
        origin="corpus",
        number=main.signature,
        date=main.date,
        court=main.court,
        meta={k: v for k, v in meta.items() if v},
    )


def seed_article(provision: Mapping[str, Any]) -> str:
    raw = str(provision.get("section") or provision.get("provision_ref") or "").removeprefix("art")
    return raw.strip().replace(" ", "-")


def code_amendments(
    seeds: Mapping[str, Mapping[str, Any]],
) -> dict[str, list[tuple[str, str, list[Provision]]]]:
    """base act ELI → [(amending ELI, its title, whole articles it inserts or replaces)], oldest first."""
    found: dict[str, list[tuple[str, str, list[Provision]]]] = {}
    for eli, seed in sorted(seeds.items(), key=lambda item: str(item[1].get("issued_date") or "")):
        for provision in seed.get("provisions") or []:
            content = str(provision.get("content") or "")
            target = _amended_code(content)
            if target is None or target == eli:
                continue
            articles = list(amended_articles(content))
            if articles:
                found.setdefault(target, []).append((eli, str(seed.get("title") or eli), articles))
    return found


def amended_codes(seed: Mapping[str, Any]) -> set[str]:
    """The codes (their ELI) a seed act amends, whole articles or partial edits alike."""
    found = (_amended_code(str(p.get("content") or "")) for p in seed.get("provisions") or [])
    return {eli for eli in found if eli is not None}


def _amended_code(content: str) -> str | None:
    head = content[:300]
    for phrase, code in _CODE_BY_INFLECTION.items():
        if re.search(rf"\bW\s+(?:ustawie\s+z\s+dnia[^„]*?[-–]\s*)?{phrase}\b", head, re.IGNORECASE):
            return act_for_code(code)
    return None


def with_amendments(act: PlAct, amendments: Sequence[tuple[str, str, list[Provision]]]) -> tuple[PlAct, str]:
    """Append the whole-article wordings given by amending acts, and point those articles' units at them."""
    text = act.text
    units = list(act.units)
    applied: list[str] = []
    for eli, title, provisions in amendments:
        heading = f"Brzmienie nadane ustawą {title} ({eli}):"
        appendix = act_from_provisions(heading, provisions)
        offset = len(text) + 2
        text = f"{text}\n\n{appendix.text}"
        replaced = {p.article for p in provisions}
        units = [u for u in units if u.path[0][0] != "article" or u.path[0][1] not in replaced]
        units.extend(
            SourceUnit(u.path, u.label, u.start + offset, u.end + offset, u.title) for u in appendix.units
        )
        applied.append(f"{eli}: art. {', '.join(article_label(p.article) for p in provisions)}")
    wording = (
        "original wording as published, with the whole articles inserted or replaced by the amending acts in "
        f"the corpus appended ({'; '.join(applied)}); partial edits and all later amendments NOT applied — "
        "not the current consolidated text"
    )
    return PlAct(act.title, text, tuple(sorted(units, key=lambda u: (u.start, -u.end)))), wording


def pl_act_document(eli: str, act: PlAct, title: str, wording: str, url: str) -> SourceDocument:
    return SourceDocument(
        id=f"corpus:eli:{eli}",
        key=f"pl:act:{eli}",
        jurisdiction=Jurisdiction.PL,
        kind=Kind.STATUTE,
        title=title or act.title,
        text=act.text,
        url=url,
        version=f"{eli} (corpus)",
        sha256=text_sha256(act.text),
        fetched_at=fetched_now(),
        origin="corpus",
        number=eli,
        units=act.units,
        # not the consolidated text: a unit added by a later amendment is missing from it, not from the law
        meta={"wording": wording, "base_eli": eli, "consolidated": "no"},
    )

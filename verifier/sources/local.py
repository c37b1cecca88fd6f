"""Sources that never touch the network: the offline corpus, and documents a user attaches to an anchor.

`CorpusResolver(corpus_dir)` reads a folder laid out like `tests/data/corpus/`:

    kr/statutes/<name>/법률*.md              legalize-kr statute Markdown           → kr:law:<name, no spaces>
    kr/precedents/**/<court>_<date>_<no>.md  precedent-kr Markdown (YAML front)      → kr:prec:<case number>
    pl/judgments/supreme_court/*.json        SAOS import JSON (SN)                   → pl:case:<signature>
    pl/judgments/constitutional_tribunal/*.json  SAOS import JSON (TK)              → pl:case:<signature>
    pl/judgments/common_courts/*.sql, *.txt  raw common-court HTML (+ portal XML)    → pl:case:<signature>
    pl/statutes/eli/<DU_year_pos>/text.html  ELI text.html                           → pl:act:DU/<year>/<pos>
    pl/statutes/seed/pl-du-<year>-<pos>.json per-provision JSON                      → pl:act:DU/<year>/<pos>
    eu/legislation/<CELEX>/*.txt             EUR-Lex plain text                      → eu:celex:<CELEX>
    eu/case_law/C-311-18.md                  CJEU judgment Markdown → eu:celex:62018CJ0311, eu:case:C-311/18,
                                                                       eu:ecli:<ECLI> (when known)

A key the corpus does not hold is `Misconfigured` ("not in the offline corpus"), never `NotFound`: absence
from a small sample proves nothing about the real world. Test placeholders in the SAOS import files (texts
of a few dozen characters, e.g. III CZP 39/02) are not real judgments and are not indexed.

The Kodeks cywilny (pl:act:DU/1964/93). The corpus has its ORIGINAL 1964 wording (ELI text.html; no art. 353¹,
no art. 385¹) and the seed JSON of two amending acts (DU/1990/321, DU/2000/271) whose quoted wording is real
official text. The document served for DU/1964/93 is therefore: the 1964 text, then an appendix holding
each WHOLE article those acts insert ("dodaje się art. 385¹ w brzmieniu …") or replace ("art. 385 otrzymuje
brzmienie …"), newest last. The article units of those articles point into the appendix (the latest
wording); every other article keeps its 1964 wording and unit. Partial edits ("wyrazy … skreśla się") and all
later amendments are NOT applied. `meta["wording"]` says exactly this, so the reviewer sees that it is not the
current consolidated text.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import defusedxml.ElementTree as SafeET

from verifier.model import (
    Anchor,
    Cause,
    Found,
    Jurisdiction,
    Kind,
    Misconfigured,
    Resolution,
    Resolver,
    SourceDocument,
    SourceUnit,
)
from verifier.sources.eli import act_for_code, eli_from_key
from verifier.sources.saos import html_to_text, normalize_signature
from verifier.sources.structure_eu import (
    judgment_paragraphs,
    parse_cjeu_markdown,
    parse_eurlex_text,
)
from verifier.sources.structure_pl import (
    PlAct,
    Provision,
    act_from_provisions,
    amended_articles,
    article_label,
    parse_eli_html,
)

MIN_JUDGMENT_CHARS = 300  # below this a SAOS import record is a test placeholder, not a judgment

# ECLIs of the CJEU judgments in the corpus, from tests/data/corpus/PROVENANCE.md §3 (the Markdown files do
# not state their own ECLI).
KNOWN_ECLI: Mapping[str, str] = {
    "62018CJ0311": "ECLI:EU:C:2020:559",
    "62021CJ0300": "ECLI:EU:C:2023:370",
}

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


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def not_in_corpus(key: str) -> Misconfigured:
    return Misconfigured(
        key,
        f"not in the offline corpus: {key} (the corpus is a small sample; attach the source to verify it)",
        cause=Cause.NOT_IN_CORPUS,
    )


# ================================================================== the corpus


class CorpusResolver:
    """Every document of an offline corpus folder, indexed by anchor key. Built on first use, thread-safe."""

    def __init__(self, corpus_dir: str | Path, *, jurisdictions: Iterable[str] = ("kr", "pl", "eu")) -> None:
        self.root = Path(corpus_dir)
        if not self.root.is_dir():
            raise ValueError(f"corpus folder does not exist: {self.root}")
        self.jurisdictions = frozenset(jurisdictions)
        self._lock = threading.Lock()
        self._by_key: dict[str, SourceDocument] | None = None
        self._documents: list[SourceDocument] = []
        self.skipped: list[str] = []  # what was left out and why, for import_corpus to print

    def resolve(self, anchor: Anchor) -> Resolution:
        index = self._index()
        document = index.get(anchor.key)
        if document is None and anchor.key.startswith("pl:act:"):
            eli = eli_from_key(anchor.key)  # "pl:act:k.c." names the same act as "pl:act:DU/1964/93"
            document = index.get(f"pl:act:{eli}") if eli else None
        if document is None:
            return not_in_corpus(anchor.key)
        return Found(document if document.key == anchor.key else replace(document, key=anchor.key))

    def documents(self) -> Iterable[SourceDocument]:
        """One SourceDocument per source (aliases such as eu:case:… are not repeated)."""
        self._index()
        return tuple(self._documents)

    def keys(self) -> frozenset[str]:
        return frozenset(self._index())

    def _index(self) -> dict[str, SourceDocument]:
        with self._lock:
            if self._by_key is None:
                by_key: dict[str, SourceDocument] = {}
                for document, aliases in self._load_all():
                    self._documents.append(document)
                    for key in (document.key, *aliases):
                        by_key.setdefault(key, document)
                self._by_key = by_key
            return self._by_key

    def _load_all(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        loaders: Sequence[tuple[str, Callable[[], Iterator[tuple[SourceDocument, tuple[str, ...]]]]]] = (
            ("kr", self._kr_statutes),
            ("kr", self._kr_precedents),
            ("pl", self._pl_judgments),
            ("pl", self._pl_acts),
            ("eu", self._eu),
        )
        for jurisdiction, loader in loaders:
            if jurisdiction in self.jurisdictions:
                yield from loader()

    def _url(self, path: Path) -> str:
        return f"corpus:{path.relative_to(self.root).as_posix()}"

    # ------------------------------------------------------------------ Korea

    def _kr_statutes(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        from verifier.sources.structure_kr import law_from_markdown

        for folder in sorted((self.root / "kr" / "statutes").glob("*")):
            files = sorted(folder.glob("법률*.md"))
            if not files:
                continue
            path = files[0]
            law = law_from_markdown(path.read_text(encoding="utf-8"))
            text, units = law.render()
            name = law.name or folder.name
            key = f"kr:law:{re.sub(r'\s+', '', name)}"
            aliases = tuple({f"kr:law:{folder.name}"} - {key})
            meta = {
                "법령ID": law.law_id or "",
                "MST": law.mst or "",
                "시행일자": law.effective_date or "",
                "공포일자": law.promulgation_date or "",
                "corpus_file": path.relative_to(self.root).as_posix(),
            }
            yield (
                SourceDocument(
                    id=f"corpus:kr:law:{law.law_id or name}@{law.mst or '?'}",
                    key=key,
                    jurisdiction=Jurisdiction.KR,
                    kind=Kind.STATUTE,
                    title=name,
                    text=text,
                    url=f"https://www.law.go.kr/법령/{name.replace(' ', '%20')}",
                    version=law.mst or "",
                    sha256=_sha(text),
                    fetched_at=_now(),
                    origin="corpus",
                    number=law.law_id,
                    date=law.effective_date,
                    units=units,
                    meta={k: v for k, v in meta.items() if v},
                ),
                aliases,
            )

    def _kr_precedents(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        from verifier.sources.lawgokr import normalize_case_number

        for path in sorted((self.root / "kr" / "precedents").rglob("*.md")):
            front, sections = _markdown_sections(path.read_text(encoding="utf-8"))
            number = front.get("사건번호", "")
            if not number:
                self.skipped.append(f"{path.name}: no 사건번호 in the front matter")
                continue
            parts = [f"【{title}】\n{body}" for title, body in sections if body]
            text = "\n\n".join(parts)
            summary = "\n".join(
                body for title, body in sections if title in {"판시사항", "판결요지"} and body
            )
            serial = front.get("판례일련번호", "")
            meta = {
                "판례일련번호": serial,
                "사건명": front.get("사건명", ""),
                "사건종류명": front.get("사건종류", ""),
            }
            yield (
                SourceDocument(
                    id=f"corpus:kr:prec:{serial or number}",
                    key=f"kr:prec:{normalize_case_number(number)}",
                    jurisdiction=Jurisdiction.KR,
                    kind=Kind.JUDGMENT,
                    title=front.get("사건명", "") or number,
                    text=text,
                    url=front.get("출처") or self._url(path),
                    version=serial,
                    sha256=_sha(text),
                    fetched_at=_now(),
                    origin="corpus",
                    number=number,
                    date=front.get("선고일자") or None,
                    court=front.get("법원명") or None,
                    summary=summary or None,
                    meta={k: v for k, v in meta.items() if v},
                ),
                (),
            )

    # ----------------------------------------------------------------- Poland

    def _pl_judgments(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        base = self.root / "pl" / "judgments"
        records: list[_PlJudgment] = []
        for path in sorted((base / "supreme_court").glob("*.json")):
            records.extend(_saos_import(path, court="Sąd Najwyższy", kind=Kind.JUDGMENT))
        for path in sorted((base / "constitutional_tribunal").glob("*.json")):
            records.extend(
                _saos_import(path, court="Trybunał Konstytucyjny", kind=Kind.CONSTITUTIONAL_DECISION)
            )
        for path in sorted((base / "common_courts").glob("*.sql")):
            records.extend(_raw_cc_sql(path))
        for path in sorted((base / "common_courts").glob("*.txt")):
            record = _cc_html(path, path.read_text(encoding="utf-8"), {})
            if record is not None:
                records.append(record)
        grouped: dict[str, list[_PlJudgment]] = {}
        for record in records:
            if len(record.text) < MIN_JUDGMENT_CHARS:
                self.skipped.append(
                    f"{record.signature} ({record.path.name}): {len(record.text)}-char placeholder"
                )
                continue
            grouped.setdefault(record.signature, []).append(record)
        for signature, group in grouped.items():
            courts = {r.court for r in group if r.court}
            if len(courts) > 1:
                # One signature in two courts is two different cases; serving either would be a guess.
                self.skipped.append(f"{signature}: held for {len(courts)} different courts; not indexed")
                continue
            yield _pl_judgment_document(f"pl:case:{signature}", group, self._url(group[0].path)), ()

    def _pl_acts(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        statutes = self.root / "pl" / "statutes"
        seeds: dict[str, dict[str, Any]] = {}
        for path in sorted((statutes / "seed").glob("pl-du-*.json")):
            m = re.match(r"pl-du-(\d{4})-(\d+)\.json$", path.name)
            if m:
                seeds[f"DU/{m.group(1)}/{m.group(2)}"] = {"path": path, **json.loads(path.read_text("utf-8"))}
        amendments = _code_amendments(seeds)
        html_acts: set[str] = set()
        for folder in sorted((statutes / "eli").glob("*")):
            path = folder / "text.html"
            m = re.match(r"^(DU|MP)_(\d{4})_(\d+)$", folder.name)
            if not m or not path.is_file():
                continue
            eli = f"{m.group(1)}/{m.group(2)}/{m.group(3)}"
            html_acts.add(eli)
            act = parse_eli_html(path.read_bytes())
            wording = (
                "original wording as published (ELI text.html of the base act); not the consolidated text"
            )
            extra = amendments.get(eli, [])
            if extra:
                act, wording = _with_amendments(act, extra)
            yield _pl_act_document(eli, act, act.title, wording, self._url(path)), ()
        for eli, seed in sorted(seeds.items()):
            if eli in html_acts:
                continue
            provisions = [
                Provision(_seed_article(p), str(p.get("content") or "")) for p in seed.get("provisions") or []
            ]
            title = str(seed.get("title") or eli)
            act = act_from_provisions(title, [p for p in provisions if p.article and p.text])
            wording = "original wording as published (per-provision seed JSON); not the consolidated text"
            if eli in amendments:
                act, wording = _with_amendments(act, amendments[eli])
            document = _pl_act_document(eli, act, title, wording, self._url(seed["path"]))
            if seed.get("issued_date"):
                document = replace(document, date=str(seed["issued_date"]))
            yield document, ()

    # --------------------------------------------------------------------- EU

    def _eu(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        for folder in sorted((self.root / "eu" / "legislation").glob("*")):
            files = sorted(folder.glob("*.txt"))
            if not files:
                continue
            celex = folder.name
            parsed = parse_eurlex_text(files[0].read_text(encoding="utf-8"))
            yield (
                SourceDocument(
                    id=f"corpus:celex:{celex}",
                    key=f"eu:celex:{celex}",
                    jurisdiction=Jurisdiction.EU,
                    kind=Kind.EU_ACT,
                    title=parsed.title,
                    text=parsed.text,
                    url=f"https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:{celex}",
                    version=celex,
                    sha256=_sha(parsed.text),
                    fetched_at=_now(),
                    origin="corpus",
                    number=celex,
                    units=parsed.units,
                    meta={"celex": celex, "language": "en"},
                ),
                (),
            )
        for path in sorted((self.root / "eu" / "case_law").glob("*.md")):
            judgment = parse_cjeu_markdown(path.read_text(encoding="utf-8"))
            if judgment.celex is None:
                self.skipped.append(f"{path.name}: no CELEX on its first line")
                continue
            celex = judgment.celex
            aliases = []
            if judgment.case_number:
                aliases.append(f"eu:case:{judgment.case_number}")
            ecli = KNOWN_ECLI.get(celex)
            if ecli:
                aliases.append(f"eu:ecli:{ecli}")
            meta = {"celex": celex, "case_number": judgment.case_number or "", "ecli": ecli or ""}
            yield (
                SourceDocument(
                    id=f"corpus:celex:{celex}",
                    key=f"eu:celex:{celex}",
                    jurisdiction=Jurisdiction.EU,
                    kind=Kind.EU_CASE,
                    title=judgment.title,
                    text=judgment.text,
                    url=f"https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:{celex}",
                    version=celex,
                    sha256=_sha(judgment.text),
                    fetched_at=_now(),
                    origin="corpus",
                    number=judgment.case_number or celex,
                    date=judgment.date,
                    court="CJEU",
                    parties=judgment.parties,
                    units=judgment.units,
                    meta={k: v for k, v in meta.items() if v},
                ),
                tuple(aliases),
            )


_SHARED: dict[Path, CorpusResolver] = {}
_SHARED_LOCK = threading.Lock()


def shared_corpus(corpus_dir: str | Path) -> CorpusResolver:
    """One CorpusResolver per corpus folder per process: routers are built per review (and per worker task),
    and re-reading the corpus each time would cost seconds. The corpus is read-only while the process runs;
    after changing it, restart the process (or build a CorpusResolver yourself)."""
    path = Path(corpus_dir).resolve()
    with _SHARED_LOCK:
        corpus = _SHARED.get(path)
        if corpus is None:
            corpus = _SHARED[path] = CorpusResolver(path)
        return corpus


# ------------------------------------------------------------ Korean helpers


def _markdown_sections(md: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """precedent-kr Markdown → (front matter, [(section title, body)]) for the `## 판시사항` … sections."""
    front: dict[str, str] = {}
    body = md
    if md.startswith("---"):
        end = md.find("\n---", 3)
        if end > 0:
            for line in md[3:end].splitlines():
                name, sep, value = line.partition(":")
                if sep and not name.startswith((" ", "-")):
                    front[name.strip()] = value.strip().strip("'\"")
            body = md[end + 4 :]
    sections: list[tuple[str, str]] = []
    for chunk in re.split(r"^## ", body, flags=re.MULTILINE)[1:]:
        title, _, rest = chunk.partition("\n")
        sections.append((title.strip(), rest.strip()))
    return front, sections


# ------------------------------------------------------------ Polish helpers


@dataclass(frozen=True, slots=True)
class _PlJudgment:
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


def _saos_import(path: Path, *, court: str, kind: Kind) -> Iterator[_PlJudgment]:
    for record in json.loads(path.read_text(encoding="utf-8")):
        text = str(record.get("textContent") or "")
        for opinion in _listish(record.get("dissentingOpinions")):
            if isinstance(opinion, dict) and opinion.get("textContent"):
                text += "\n\n" + str(opinion["textContent"])
        judges = tuple(str(j.get("name")) for j in _listish(record.get("judges")) if isinstance(j, dict))
        form = str(record.get("supremeCourtJudgmentForm") or record.get("judgmentType") or "")
        yield _PlJudgment(
            path=path,
            signature=normalize_signature(str(record.get("caseNumber") or "")),
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


def _raw_cc_sql(path: Path) -> Iterator[_PlJudgment]:
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
        record = _cc_html(path, row.get("text_content") or "", metadata)
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


def _cc_html(path: Path, html: str, metadata: Mapping[str, Any]) -> _PlJudgment | None:
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
    return _PlJudgment(
        path=path,
        signature=normalize_signature(signature),
        text=text,
        court=court,
        division=division,
        date=date,
        judges=tuple(metadata.get("judges") or ()),
        decision_type=_decision_type(kinds, text),
        kind=Kind.JUDGMENT,
    )


def _pl_judgment_document(key: str, group: Sequence[_PlJudgment], url: str) -> SourceDocument:
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
        version=_sha(text)[:12],
        sha256=_sha(text),
        fetched_at=_now(),
        origin="corpus",
        number=main.signature,
        date=main.date,
        court=main.court,
        meta={k: v for k, v in meta.items() if v},
    )


def _seed_article(provision: Mapping[str, Any]) -> str:
    raw = str(provision.get("section") or provision.get("provision_ref") or "").removeprefix("art")
    return raw.strip().replace(" ", "-")


def _code_amendments(
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


def _amended_code(content: str) -> str | None:
    head = content[:300]
    for phrase, code in _CODE_BY_INFLECTION.items():
        if re.search(rf"\bW\s+(?:ustawie\s+z\s+dnia[^„]*?[-–]\s*)?{phrase}\b", head, re.IGNORECASE):
            return act_for_code(code)
    return None


def _with_amendments(act: PlAct, amendments: Sequence[tuple[str, str, list[Provision]]]) -> tuple[PlAct, str]:
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


def _pl_act_document(eli: str, act: PlAct, title: str, wording: str, url: str) -> SourceDocument:
    return SourceDocument(
        id=f"corpus:eli:{eli}",
        key=f"pl:act:{eli}",
        jurisdiction=Jurisdiction.PL,
        kind=Kind.STATUTE,
        title=title or act.title,
        text=act.text,
        url=url,
        version=f"{eli} (corpus)",
        sha256=_sha(act.text),
        fetched_at=_now(),
        origin="corpus",
        number=eli,
        units=act.units,
        meta={"wording": wording, "base_eli": eli},
    )


# ================================================================== uploads


def _namespace(key: str) -> tuple[Jurisdiction, Kind]:
    if key.startswith("kr:law:"):
        return Jurisdiction.KR, Kind.STATUTE
    if key.startswith("kr:detc:"):
        return Jurisdiction.KR, Kind.CONSTITUTIONAL_DECISION
    if key.startswith("kr:expc:"):
        return Jurisdiction.KR, Kind.INTERPRETATION
    if key.startswith("kr:"):
        return Jurisdiction.KR, Kind.JUDGMENT
    if key.startswith("pl:act:"):
        return Jurisdiction.PL, Kind.STATUTE
    if key.startswith("pl:"):
        return Jurisdiction.PL, Kind.JUDGMENT
    if key.startswith("eu:celex:3") or key.startswith("eu:celex:1"):
        return Jurisdiction.EU, Kind.EU_ACT
    if key.startswith("eu:"):
        return Jurisdiction.EU, Kind.EU_CASE
    return Jurisdiction.OTHER, Kind.OTHER


_PL_LINE_UNITS: Sequence[tuple[re.Pattern[str], str, str]] = (
    (re.compile(r"^\s*Art\.\s*(\d+[a-z]{0,3})\s*([¹²³⁴⁵⁶⁷⁸⁹⁰]*)\s*\."), "article", "art."),
    (re.compile(r"^\s*§\s*(\d+[a-z]?)\s*\."), "paragraph", "§"),
    (re.compile(r"^\s*(\d+[a-z]?)\.\s"), "paragraph", "ust."),
    (re.compile(r"^\s*(\d+[a-z]?)\)\s"), "item", "pkt"),
    (re.compile(r"^\s*([a-z])\)\s"), "subitem", "lit."),
)
_KR_ARTICLE_LINE = re.compile(r"^\s*제(\d+)조(?:의(\d+))?\s*(?:\(([^)]*)\))?")
_SUPERSCRIPT_DIGITS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")


def _plain_pl_units(text: str) -> tuple[SourceUnit, ...]:
    """Units of a Polish act pasted or extracted as plain text: one provision marker at each line start."""
    open_: dict[str, tuple[tuple[tuple[str, str], ...], str, int]] = {}
    order = ["article", "paragraph", "item", "subitem"]
    units: list[SourceUnit] = []
    offset = 0

    def close(level: str, end: int) -> None:
        for name in order[order.index(level) :][::-1]:
            if name in open_:
                path, label, start = open_.pop(name)
                units.append(SourceUnit(path, label, start, end))

    for line in text.split("\n"):
        for pattern, level, word in _PL_LINE_UNITS:
            m = pattern.match(line)
            if not m or (level != "article" and "article" not in open_):
                continue
            number = m.group(1)
            if level == "article" and m.group(2):
                number += "-" + m.group(2).translate(_SUPERSCRIPT_DIGITS)
            close(level, offset - 1 if offset else 0)
            parent = next((open_[n] for n in reversed(order[: order.index(level)]) if n in open_), None)
            path = (*(parent[0] if parent else ()), (level, number))
            shown = article_label(number) if level == "article" else number
            label = f"{parent[1]} {word} {shown}" if parent else f"{word} {shown}"
            open_[level] = (path, label, offset)
            break
        offset += len(line) + 1
    close("article", len(text))
    return tuple(sorted(units, key=lambda u: (u.start, -u.end)))


def _plain_kr_units(text: str) -> tuple[SourceUnit, ...]:
    starts = []
    offset = 0
    for line in text.split("\n"):
        m = _KR_ARTICLE_LINE.match(line)
        if m:
            number = m.group(1) + (f"-{m.group(2)}" if m.group(2) else "")
            label = f"제{m.group(1)}조" + (f"의{m.group(2)}" if m.group(2) else "")
            starts.append((offset, number, label, m.group(3)))
        offset += len(line) + 1
    units = []
    for i, (start, number, label, title) in enumerate(starts):
        end = starts[i + 1][0] - 1 if i + 1 < len(starts) else len(text)
        units.append(SourceUnit((("article", number),), label, start, max(start, end), title))
    return tuple(units)


def document_from_upload(anchor: Anchor, ingested_text: str, name: str) -> SourceDocument:
    """A source the user attached for `anchor` (already ingested to text like a draft), used as is.

    Its text is the user's file; units are found where the text has recognisable provision markers. The
    document asserts nothing about date, court or parties: the user supplied the file, not its metadata.
    """
    text = ingested_text
    if not text.strip():
        raise ValueError(f"the uploaded source {name!r} has no text")
    jurisdiction, kind = _namespace(anchor.key)
    units: tuple[SourceUnit, ...] = ()
    if kind is Kind.STATUTE and jurisdiction is Jurisdiction.PL:
        units = _plain_pl_units(text)
    elif kind is Kind.STATUTE and jurisdiction is Jurisdiction.KR:
        units = _plain_kr_units(text)
    elif kind is Kind.EU_ACT:
        units = parse_eurlex_text(text).units
    elif kind is Kind.EU_CASE:
        units = judgment_paragraphs(text)
    digest = _sha(text)
    return SourceDocument(
        id=f"upload:{digest[:16]}",
        key=anchor.key,
        jurisdiction=jurisdiction,
        kind=kind,
        title=name,
        text=text,
        url=f"upload:{name}",
        version=digest[:16],
        sha256=digest,
        fetched_at=_now(),
        origin="upload",
        number=anchor.number,
        units=units,
        meta={"uploaded_as": name},
    )


class UploadResolver:
    """Sources attached by the user, one per anchor key; a later attachment for the same key replaces it."""

    def __init__(self, documents: Iterable[SourceDocument] = ()) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[str, SourceDocument] = {d.key: d for d in documents}

    def add(self, document: SourceDocument) -> None:
        with self._lock:
            self._by_key[document.key] = document

    def attach(self, anchor: Anchor, ingested_text: str, name: str) -> SourceDocument:
        document = document_from_upload(anchor, ingested_text, name)
        self.add(document)
        return document

    def resolve(self, anchor: Anchor) -> Resolution:
        with self._lock:
            document = self._by_key.get(anchor.key)
        if document is None:
            return Misconfigured(
                anchor.key, f"no source was attached for {anchor.key}", cause=Cause.NOT_ATTACHED
            )
        return Found(document)

    def keys(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._by_key)


class LocalSources:
    """Uploads first, then the corpus: what `SourceRouter` consults before any remote service."""

    def __init__(self, uploads: Resolver | None = None, corpus: Resolver | None = None) -> None:
        self.uploads = uploads
        self.corpus = corpus

    def resolve(self, anchor: Anchor) -> Resolution:
        if self.uploads is not None:
            answer = self.uploads.resolve(anchor)
            if isinstance(answer, Found):
                return answer
        if self.corpus is not None:
            return self.corpus.resolve(anchor)
        return not_in_corpus(anchor.key)

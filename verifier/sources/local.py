"""Sources that never touch the network: the offline corpus (documents a user attaches are `uploads`).

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

import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

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
)
from verifier.sources.cellar.structure import parse_cjeu_markdown, parse_eurlex_text
from verifier.sources.corpus_pl import (
    MIN_JUDGMENT_CHARS,
    PlJudgment,
    cc_html,
    code_amendments,
    pl_act_document,
    pl_judgment_document,
    raw_cc_sql,
    saos_import,
    seed_article,
    with_amendments,
)
from verifier.sources.eli.client import eli_from_key
from verifier.sources.eli.structure import Provision, act_from_provisions, parse_eli_html
from verifier.sources.stamps import fetched_now, text_sha256

# ECLIs of the CJEU judgments in the corpus, from tests/data/corpus/PROVENANCE.md §3 (the Markdown files do
# not state their own ECLI).
KNOWN_ECLI: Mapping[str, str] = {
    "62018CJ0311": "ECLI:EU:C:2020:559",
    "62021CJ0300": "ECLI:EU:C:2023:370",
}


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
        from verifier.sources.lawgokr.structure_markdown import law_from_markdown

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
                    sha256=text_sha256(text),
                    fetched_at=fetched_now(),
                    origin="corpus",
                    number=law.law_id,
                    date=law.effective_date,
                    units=units,
                    meta={k: v for k, v in meta.items() if v},
                ),
                aliases,
            )

    def _kr_precedents(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        from verifier.sources.lawgokr.wire import normalize_case_number

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
                    sha256=text_sha256(text),
                    fetched_at=fetched_now(),
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
        records: list[PlJudgment] = []
        for path in sorted((base / "supreme_court").glob("*.json")):
            records.extend(saos_import(path, court="Sąd Najwyższy", kind=Kind.JUDGMENT))
        for path in sorted((base / "constitutional_tribunal").glob("*.json")):
            records.extend(
                saos_import(path, court="Trybunał Konstytucyjny", kind=Kind.CONSTITUTIONAL_DECISION)
            )
        for path in sorted((base / "common_courts").glob("*.sql")):
            records.extend(raw_cc_sql(path))
        for path in sorted((base / "common_courts").glob("*.txt")):
            record = cc_html(path, path.read_text(encoding="utf-8"), {})
            if record is not None:
                records.append(record)
        grouped: dict[str, list[PlJudgment]] = {}
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
            yield pl_judgment_document(f"pl:case:{signature}", group, self._url(group[0].path)), ()

    def _pl_acts(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        statutes = self.root / "pl" / "statutes"
        seeds: dict[str, dict[str, Any]] = {}
        for path in sorted((statutes / "seed").glob("pl-du-*.json")):
            m = re.match(r"pl-du-(\d{4})-(\d+)\.json$", path.name)
            if m:
                seeds[f"DU/{m.group(1)}/{m.group(2)}"] = {"path": path, **json.loads(path.read_text("utf-8"))}
        amendments = code_amendments(seeds)
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
                act, wording = with_amendments(act, extra)
            yield pl_act_document(eli, act, act.title, wording, self._url(path)), ()
        for eli, seed in sorted(seeds.items()):
            if eli in html_acts:
                continue
            provisions = [
                Provision(seed_article(p), str(p.get("content") or "")) for p in seed.get("provisions") or []
            ]
            title = str(seed.get("title") or eli)
            act = act_from_provisions(title, [p for p in provisions if p.article and p.text])
            wording = "original wording as published (per-provision seed JSON); not the consolidated text"
            if eli in amendments:
                act, wording = with_amendments(act, amendments[eli])
            document = pl_act_document(eli, act, title, wording, self._url(seed["path"]))
            if seed.get("issued_date"):
                document = replace(document, date=str(seed["issued_date"]))
            yield document, ()

    # --------------------------------------------------------------------- EU

    def _eu(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
        yield from self._eu_acts()
        yield from self._eu_judgments()

    def _eu_acts(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
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
                    sha256=text_sha256(parsed.text),
                    fetched_at=fetched_now(),
                    origin="corpus",
                    number=celex,
                    units=parsed.units,
                    meta={"celex": celex, "language": "en"},
                ),
                (),
            )

    def _eu_judgments(self) -> Iterator[tuple[SourceDocument, tuple[str, ...]]]:
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
                    sha256=text_sha256(judgment.text),
                    fetched_at=fetched_now(),
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

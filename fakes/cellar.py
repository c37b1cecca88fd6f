"""A fake CELLAR REST service (`/celex/{CELEX}`, `/ecli/{ECLI}`) answering in the OJ XHTML shape.

    make_app(corpus_dir, recorded_dir, *, pending_first=0) -> WSGI application

What it serves, and from where:
  - `celex/32024R1689` (and any other CELEX with a recorded file): the recorded, abridged CELLAR XHTML in
    `recorded/eu_eurlex_cellar/` verbatim;
  - `celex/<CELEX>` of `corpus/eu/legislation/<CELEX>/*.txt`: XHTML CONSTRUCTED from the real EUR-Lex text in
    the documented markup (SOURCE-APIS §5.3: `div.eli-subdivision#art_N`, `p.oj-ti-art`, `p.oj-sti-art`,
    paragraph divs `NNN.NNN` with "1.   …", points as two-column tables); the recorded abridged GDPR
    excerpt is not used for 32016R0679 because the corpus has the whole text;
  - `celex/6…` judgments of `corpus/eu/case_law/*.md`: HTML constructed from the real Markdown (numbered
    paragraphs as table rows "N | text");
  - `ecli/<ECLI>`: 303 to the judgment's `celex/` URL, for the ECLIs the corpus knows.
Behaviour reproduced: `Accept` without (x)html → 406; unknown CELEX → 404; with `pending_first=N` the first N
requests for each document answer 202 (rendition being generated), as CELLAR does.

History (docs/SOURCE-APIS.md §5.6-5.7): `/sparql?query=…&format=application/sparql-results+json` answers the
three queries `verifier.sources.cellar.history` and `.treatment` send (recognised by their CDM predicates, not
a SPARQL engine) in the W3C SPARQL JSON results shape, from the facts given to `make_app` — `consolidated`
({base CELEX: [(CELEX of a consolidated version, consolidation date)]}), `repealed_by` ({CELEX: [(repealing
CELEX, its date)]}), `entry_into_force` ({CELEX: date}), `end_of_validity` ({CELEX: its last day, served
with the repeal rows}); and the later judgments citing a judgment (`cdm:work_cites_work`): the corpus
judgments whose real text names its case number (C-300/21 names C-311/18), plus `cites` ({cited CELEX:
[(citing CELEX, date)]}). No CELLAR answer was recorded; tests pass facts found in public sources and say
where from. A consolidated version whose text is not in the corpus answers 404, as CELLAR does for
superseded versions.
"""

from __future__ import annotations

import html
import json
import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote

from fakes.faults import StartResponse, WSGIApp

_ARTICLE = re.compile(r"^Article\s+(\d+[a-z]?)$")
_PARA = re.compile(r"^(\d+[a-z]?)\.\s+")
_POINT = re.compile(r"^\(([a-z]{1,4}|\d{1,2})\)$")
_CHAPTER = re.compile(r"^(CHAPTER|Section|SECTION)\s+[IVXLC\d]+$")


def xhtml_from_eurlex_text(text: str, *, title: str = "") -> str:
    """The EUR-Lex plain text of an act laid out in CELLAR's OJ XHTML markup (constructed, see module doc)."""
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML//EN" "xhtml-strict.dtd">',
        '<html xmlns="http://www.w3.org/1999/xhtml"><head>',
        '<meta http-equiv="content-type" content="text/html; charset=utf-8"/>',
        f"<title>{html.escape(title or 'document')}</title></head><body>",
    ]
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    article: str | None = None
    in_paragraph = False
    paragraph_count = 0
    expect_title = False
    pending_point: str | None = None

    def close_paragraph() -> None:
        nonlocal in_paragraph
        if in_paragraph:
            out.append("</div>")
            in_paragraph = False

    def close_article() -> None:
        nonlocal article
        close_paragraph()
        if article is not None:
            out.append("</div>")
            article = None

    for index, line in enumerate(lines):
        esc = html.escape(line)
        if index == 0:
            out.append(f'<p class="oj-doc-ti">{esc}</p>')
            continue
        if pending_point is not None:
            out.append(
                '<table width="100%" border="0" cellspacing="0" cellpadding="0">'
                '<col width="4%"/><col width="96%"/>'
                f'<tbody><tr><td valign="top"><p class="oj-normal">({html.escape(pending_point)})</p></td>'
                f'<td valign="top"><p class="oj-normal">{esc}</p></td></tr></tbody></table>'
            )
            pending_point = None
            continue
        if m := _ARTICLE.match(line):
            close_article()
            article = m.group(1)
            paragraph_count = 0
            out.append(f'<div class="eli-subdivision" id="art_{article}">')
            out.append(f'<p class="oj-ti-art">{esc}</p>')
            expect_title = True
            continue
        if _CHAPTER.match(line):
            close_article()
            out.append(f'<p class="oj-ti-section-1">{esc}</p>')
            continue
        if expect_title and not _PARA.match(line) and not _POINT.match(line):
            out.append(f'<div class="eli-title"><p class="oj-sti-art">{esc}</p></div>')
            expect_title = False
            continue
        expect_title = False
        if (pm := _POINT.match(line)) and article is not None:
            pending_point = pm.group(1)
            continue
        if _PARA.match(line) and article is not None:
            close_paragraph()
            paragraph_count += 1
            number = int(re.match(r"\d+", article).group(0))  # type: ignore[union-attr]
            out.append(f'<div id="{number:03d}.{paragraph_count:03d}">')
            in_paragraph = True
        out.append(f'<p class="oj-normal">{esc}</p>')
    close_article()
    out.append("</body></html>")
    return "\n".join(out)


def html_from_judgment_markdown(md: str) -> str:
    """A CJEU judgment's Markdown as CELLAR-like HTML: header lines as paragraphs, numbered paragraphs as
    table rows (number | text), which is how the Court's HTML lays them out (constructed)."""
    from verifier.sources.cellar.structure import markdown_to_text

    text = markdown_to_text(md)
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'/><title>judgment</title></head><body>"]
    for line in (ln.strip() for ln in text.split("\n")):
        if not line:
            continue
        m = re.match(r"^(\d{1,3}) (\S.*)$", line)
        if m:
            out.append(
                f'<table><tr><td><p class="coj-count">{m.group(1)}</p></td>'
                f'<td><p class="coj-normal">{html.escape(m.group(2))}</p></td></tr></table>'
            )
        else:
            out.append(f'<p class="coj-normal">{html.escape(line)}</p>')
    out.append("</body></html>")
    return "\n".join(out)


type Facts = Mapping[str, Sequence[tuple[str, str | None]]]


class _App:
    def __init__(
        self,
        corpus_dir: Path,
        recorded_dir: Path,
        pending_first: int,
        consolidated: Facts | None = None,
        repealed_by: Facts | None = None,
        entry_into_force: Mapping[str, str] | None = None,
        cites: Facts | None = None,
        end_of_validity: Mapping[str, str] | None = None,
    ) -> None:
        self.consolidated = dict(consolidated or {})
        self.repealed_by = dict(repealed_by or {})
        self.entry_into_force = dict(entry_into_force or {})
        self.cites = dict(cites or {})
        self.end_of_validity = dict(end_of_validity or {})
        self._judgment_docs: list[Any] | None = None
        self.corpus_dir = corpus_dir
        self.recorded: dict[str, Path] = {}
        for path in sorted((recorded_dir / "eu_eurlex_cellar").glob("*.xhtml")):
            m = re.search(r"-(\d[0-9A-Z]{9,})-", path.name)
            if m:
                self.recorded[m.group(1)] = path
        self.acts = {
            folder.name: files[0]
            for folder in sorted((corpus_dir / "eu" / "legislation").glob("*"))
            if (files := sorted(folder.glob("*.txt")))
        }
        self.judgments: dict[str, Path] = {}
        for path in sorted((corpus_dir / "eu" / "case_law").glob("*.md")):
            first = path.read_text(encoding="utf-8").split("\n", 1)[0].strip()
            if re.fullmatch(r"6\d{4}[A-Z]{2}\d{4}", first):
                self.judgments[first] = path
        from verifier.sources.local import KNOWN_ECLI

        self.ecli = {ecli: celex for celex, ecli in KNOWN_ECLI.items() if celex in self.judgments}
        self.pending_first = pending_first
        self._seen: dict[str, int] = {}
        self._lock = threading.Lock()
        self._cache: dict[str, bytes] = {}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO", "") == "/sparql":
            return self._sparql(environ, start_response)
        accept = environ.get("HTTP_ACCEPT", "*/*")
        if not any(t in accept for t in ("html", "*/*")):
            return _send(start_response, "406 Not Acceptable", b"", "text/plain")
        path = unquote(environ.get("PATH_INFO", ""))
        if m := re.fullmatch(r"/ecli/(ECLI:[A-Z]{2}:[A-Z]+:\d{4}:\d+)/?", path, re.IGNORECASE):
            celex = self.ecli.get(m.group(1).upper())
            if celex is None:
                return _send(start_response, "404 Not Found", b"", "text/plain")
            base = environ.get("SCRIPT_NAME", "")
            return _send(
                start_response, "303 See Other", b"", "text/plain", [("Location", f"{base}/celex/{celex}")]
            )
        m = re.fullmatch(r"/celex/([0-9A-Z()\-]+)/?", path)
        if not m:
            return _send(start_response, "404 Not Found", b"", "text/plain")
        celex = m.group(1)
        body = self._document(celex)
        if body is None:
            return _send(start_response, "404 Not Found", b"", "text/plain")
        with self._lock:
            self._seen[celex] = self._seen.get(celex, 0) + 1
            pending = self._seen[celex] <= self.pending_first
        if pending:
            return _send(start_response, "202 Accepted", b"", "text/plain")
        return _send(start_response, "200 OK", body, "application/xhtml+xml;charset=UTF-8")

    def _sparql(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        query = dict(parse_qsl(environ.get("QUERY_STRING", ""))).get("query", "")
        m = re.search(r'resource_legal_id_celex "([0-9A-Z()\-]+)"\^\^xsd:string', query)
        if not m:
            return _send(start_response, "400 Bad Request", b"unsupported query", "text/plain")
        celex = m.group(1)
        known = celex in self.acts or celex in self.consolidated or celex in self.repealed_by
        rows: list[dict[str, Any]] = []
        if "work_cites_work" in query:
            variables = ["celex", "date", "ecli"]
            rows = [
                {"celex": _literal(c), **({"date": _literal(d, "date")} if d else {})}
                for c, d in self._cited_by(celex)
            ]
        elif "act_consolidated_based_on_resource_legal" in query:
            variables = ["celex", "date", "force"]
            force = self.entry_into_force.get(celex)
            base = {"force": _literal(force, "date")} if force else {}
            versions = self.consolidated.get(celex, [])
            rows = [
                {**base, "celex": _literal(c), **({"date": _literal(d, "date")} if d else {})}
                for c, d in versions
            ]
            if known and not rows:
                rows = [base]  # the base act matched, no consolidated version: one row of unbound variables
        elif "repeals_resource_legal" in query:
            variables = ["celex", "date", "end"]
            end = self.end_of_validity.get(celex)
            rows = [
                {
                    "celex": _literal(c),
                    **({"date": _literal(d, "date")} if d else {}),
                    **({"end": _literal(end, "date")} if end else {}),
                }
                for c, d in self.repealed_by.get(celex, [])
            ]
        else:
            return _send(start_response, "400 Bad Request", b"unsupported query", "text/plain")
        body = json.dumps({"head": {"vars": variables}, "results": {"bindings": rows}}).encode()
        return _send(start_response, "200 OK", body, "application/sparql-results+json")

    def _cited_by(self, celex: str) -> list[tuple[str, str | None]]:
        """The corpus judgments whose text names the case number of `celex` (C-362/14 in C-311/18), newest
        first, and the `cites` facts given to `make_app`."""
        from verifier.sources.cellar.treatment import case_number

        wanted = case_number(celex)
        if self._judgment_docs is None:
            from verifier.sources.local import CorpusResolver

            resolver = CorpusResolver(self.corpus_dir, jurisdictions=("eu",))
            self._judgment_docs = [
                d for d in resolver.documents() if str(d.meta.get("celex", "")).startswith("6")
            ]
        found = [
            (str(d.meta["celex"]), d.date)
            for d in self._judgment_docs
            if d.meta["celex"] != celex and wanted in d.text.replace("\u2011", "-")
        ]
        return sorted([*found, *self.cites.get(celex, [])], key=lambda r: r[1] or "", reverse=True)

    def _document(self, celex: str) -> bytes | None:
        with self._lock:
            if celex in self._cache:
                return self._cache[celex]
        if celex in self.acts:
            text = self.acts[celex].read_text(encoding="utf-8")
            body = xhtml_from_eurlex_text(text, title=celex).encode("utf-8")
        elif celex in self.judgments:
            body = html_from_judgment_markdown(self.judgments[celex].read_text(encoding="utf-8")).encode(
                "utf-8"
            )
        elif celex in self.recorded:
            body = self.recorded[celex].read_bytes()
        else:
            return None
        with self._lock:
            self._cache[celex] = body
        return body


def _send(
    start_response: StartResponse,
    status: str,
    body: bytes,
    ctype: str,
    extra: Iterable[tuple[str, str]] = (),
) -> list[bytes]:
    start_response(status, [("Content-Type", ctype), ("Content-Length", str(len(body))), *extra])
    return [body]


def _literal(value: str, datatype: str = "string") -> dict[str, str]:
    return {"type": "literal", "datatype": f"http://www.w3.org/2001/XMLSchema#{datatype}", "value": value}


def make_app(
    corpus_dir: Path,
    recorded_dir: Path,
    *,
    pending_first: int = 0,
    consolidated: Facts | None = None,
    repealed_by: Facts | None = None,
    entry_into_force: Mapping[str, str] | None = None,
    cites: Facts | None = None,
    end_of_validity: Mapping[str, str] | None = None,
) -> WSGIApp:
    """`corpus_dir` is the corpus root (…/corpus), `recorded_dir` the recorded responses (…/recorded); the
    history facts are described in the module doc."""
    corpus_dir, recorded_dir = Path(corpus_dir), Path(recorded_dir)
    if not (corpus_dir / "eu").is_dir():
        raise FileNotFoundError(f"{corpus_dir} has no eu/ directory: pass the corpus root (…/corpus)")
    return _App(
        corpus_dir,
        recorded_dir,
        pending_first,
        consolidated,
        repealed_by,
        entry_into_force,
        cites,
        end_of_validity,
    )

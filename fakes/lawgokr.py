"""A fake law.go.kr DRF (`/lawSearch.do`, `/lawService.do`) in the real wire formats, for tests and demos.

    make_app(corpus_dir, recorded_dir, *, precedents_without_body=()) -> WSGI application

What it serves, and from where:
  - statutes: the legalize-kr Markdown in `corpus_dir/statutes/*/*.md` (converted to the DRF `<법령>` XML/JSON
    shape by this module: constructed from real text, not recorded), the recorded 건축법 bodies
    (`lawService_target-{law,eflaw}_ID-001823_…xml`, served verbatim for ID=001823, also with JO=…), and
    the recorded single-article JSON bodies (UpstageAI_*.json, verbatim for target=eflaw&type=JSON with their
    법령ID and JO);
  - law search (target=law|eflaw): substring match on 법령명한글/법령약칭명 ignoring spaces, over a
    catalogue made of the entries of the recorded search responses (metadata only; 난민법 comes
    before 민법 for query=민법, as on the real server) and the laws above (which replace a recorded
    entry with the same 법령ID);
  - precedents: `corpus_dir/precedents/**/*.md` as PrecSearch / PrecService; the query matches the
    사건번호 (spaces and hyphens ignored) or the 사건명. IDs in `precedents_without_body` are listed by the
    search but their body answers `<Law>일치하는 판례가 없습니다…</Law>`, as the real API does for some IDs;
  - detc / expc: no real data is available, so searches answer with zero hits and bodies with "not found";
  - aiSearch: a constructed stand-in for the real semantic search (root `<aiSearch>`, total in
    `<검색결과개수>`, items `<법령조문>`), ranking the corpus statutes' articles by character-bigram
    overlap with the query;
  - statute HISTORY (docs/SOURCE-APIS.md §1.11), from `corpus_dir/statutes/<법령>/history/`: `versions.tsv`
    lists every 연혁 version (real front-matter data of the legalize-kr history), the `*.md` beside it are the
    texts held. `lawService.do?target=law|eflaw&MST=<old MST>` serves a held version's text (converted like
    the current ones; for eflaw the 공포 text of that MST, the only real text there is) and answers
    `<Law>일치하는 법령이 없습니다.</Law>` for a listed version whose text is not held. The version list is
    served three ways: `lawSearch.do?target=eflaw` (by `query` or by `LID`, with `nw` and `sort`: every
    version, 현행연혁코드 computed against `today`), `lawSearch.do?target=lsHistory&type=HTML` (the HTML
    연혁 table legalize-pipeline parses; constructed page around the documented row layout), and the
    article change list `lawService.do?target=lsJoHstInf&ID=…&JO=…` (CONSTRUCTED from the held texts: one
    entry per version whose article differs from the version before it, both held; shape of a client's
    fixture, SOURCE-APIS §1.11); `lawSearch.do?target=prec&search=2` searches the precedents' bodies.

Real quirks reproduced: OC=`unsubscribed` gets the recorded 미신청 HTML page with HTTP 200; a missing OC or a
missing Referer gets the "사용자 정보 검증에 실패하였습니다" answer; unknown ids get `{"Law": "일치하는 법령이
없습니다."}` / `<Law>…</Law>`; JSON turns attributes into {"content": …} and single children into objects;
with zero hits the JSON list key is absent. Routing uses PATH_INFO only, so the app works mounted under a
prefix (SCRIPT_NAME). Faults (timeouts, 5xx, 429) are injected by a separate middleware, not here.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from verifier.sources.lawgokr.structure import (
    KrArticle,
    KrLaw,
    int_to_circled,
    parse_law_json,
    parse_law_xml,
    strip_revision_notes,
)
from verifier.sources.lawgokr.structure_markdown import law_from_markdown

type StartResponse = Callable[[str, list[tuple[str, str]]], Any]
type WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

UNSUBSCRIBED_OC = "unsubscribed"
NO_LAW = "일치하는 법령이 없습니다."
NO_PREC = "일치하는 판례가 없습니다.  판례명을 확인하여 주십시오."
VERIFY_FAILED = "사용자 정보 검증에 실패하였습니다."
VERIFY_MSG = "IP 주소를 등록해 주세요."

# A node of a response: (tag, attributes, text or children). Rendered as XML or as DRF-style JSON.
type Node = tuple[str, dict[str, str], str | list[Node]]


def _leaf(tag: str, text: str | None, **attrs: str) -> Node:
    return (tag, dict(attrs), text or "")


def _cdata(text: str) -> str:
    if not re.search(r"[<>&]", text):
        return text
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def render_xml(node: Node) -> bytes:
    out: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>']

    def walk(n: Node) -> None:
        tag, attrs, body = n
        attr_text = "".join(f' {k}="{html.escape(v)}"' for k, v in attrs.items())
        if isinstance(body, str):
            out.append(f"<{tag}{attr_text}>{_cdata(body)}</{tag}>")
        else:
            out.append(f"<{tag}{attr_text}>")
            for child in body:
                walk(child)
            out.append(f"</{tag}>")

    walk(node)
    return "".join(out).encode()


def _json_value(node: Node) -> Any:
    _, attrs, body = node
    if isinstance(body, str):
        return {"content": body, **attrs} if attrs else body
    grouped: dict[str, list[Any]] = {}
    for child in body:
        grouped.setdefault(child[0], []).append(_json_value(child))
    # The DRF JSON gives a lone child as an object and several as a list.
    value: dict[str, Any] = dict(attrs)
    value.update({k: v[0] if len(v) == 1 else v for k, v in grouped.items()})
    return value


def render_json(node: Node) -> bytes:
    return json.dumps({node[0]: _json_value(node)}, ensure_ascii=False).encode()


# ------------------------------------------------------------------------------------------ catalogue


@dataclass
class _LawEntry:
    name: str
    law_id: str
    mst: str
    effective: str  # YYYYMMDD
    promulgated: str
    promulgation_number: str
    kind: str
    status: str = "현행"
    abbreviation: str = ""
    ministry: str = ""
    law: KrLaw | None = None
    raw_xml: dict[str, bytes] = field(default_factory=dict)  # target → recorded body


@dataclass
class _Precedent:
    serial: str
    number: str
    name: str
    court: str
    date: str  # YYYYMMDD
    case_type: str
    sections: dict[str, str]


def _digits(date: str | None) -> str:
    return re.sub(r"\D", "", date or "")


def _front(md: str) -> tuple[dict[str, str], str]:
    meta: dict[str, str] = {}
    if not md.startswith("---"):
        return meta, md
    head, _, rest = md[3:].partition("\n---")
    for line in head.splitlines():
        key, sep, value = line.partition(":")
        if sep and not key.startswith((" ", "-")):
            meta[key.strip()] = value.strip().strip("'\"")
    return meta, rest


def _load_precedent(path: Path) -> _Precedent:
    meta, body = _front(path.read_text(encoding="utf-8"))
    sections: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    for line in body.splitlines():
        if line.startswith("## "):
            if current:
                sections[current] = "\n".join(lines).strip()
            current, lines = line[3:].strip(), []
        elif current:
            lines.append(line)
    if current:
        sections[current] = "\n".join(lines).strip()
    return _Precedent(
        serial=meta.get("판례일련번호", ""),
        number=meta.get("사건번호", ""),
        name=meta.get("사건명", ""),
        court=meta.get("법원명", ""),
        date=_digits(meta.get("선고일자")),
        case_type=meta.get("사건종류", ""),
        sections=sections,
    )


def _recorded_search_entries(recorded: Path) -> Iterator[_LawEntry]:
    for path in sorted(recorded.glob("lawSearch_target-*_XML.xml")):
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"<law id=\"\d+\">(.*?)</law>", text, flags=re.S):

            def field_of(tag: str, block: str = block) -> str:
                m = re.search(rf"<{tag}>(?:<!\[CDATA\[)?(.*?)(?:\]\]>)?</{tag}>", block, flags=re.S)
                return m.group(1) if m else ""

            yield _LawEntry(
                name=field_of("법령명한글"),
                law_id=field_of("법령ID"),
                mst=field_of("법령일련번호"),
                effective=field_of("시행일자"),
                promulgated=field_of("공포일자"),
                promulgation_number=field_of("공포번호"),
                kind=field_of("법령구분명"),
                status=field_of("현행연혁코드"),
                abbreviation=field_of("법령약칭명"),
                ministry=field_of("소관부처명"),
            )


class _Catalogue:
    def __init__(self, corpus: Path, recorded: Path) -> None:
        entries: list[_LawEntry] = list(_recorded_search_entries(recorded))
        own: list[_LawEntry] = []
        for path in sorted(corpus.glob("statutes/*/*.md")):
            law = law_from_markdown(path.read_text(encoding="utf-8"))
            own.append(self._entry(law))
        for target in ("law", "eflaw"):
            for path in recorded.glob(f"lawService_target-{target}_ID-*_full_XML.xml"):
                raw = path.read_bytes()
                law = parse_law_xml(raw)
                existing = next((e for e in own if e.law_id == law.law_id), None)
                if existing is None:
                    existing = self._entry(law)
                    own.append(existing)
                existing.raw_xml[target] = raw
            for path in recorded.glob(f"lawService_target-{target}josub_ID-*_XML.xml"):
                m = re.search(r"ID-(\d+)_JO-(\d+)", path.name)
                if m:
                    for e in own:
                        if e.law_id == m.group(1):
                            e.raw_xml[f"{target}josub:{m.group(2)}"] = path.read_bytes()
        self.json_articles: dict[tuple[str, str], bytes] = {}
        for path in recorded.glob("UpstageAI_*.json"):
            raw = path.read_bytes()
            law = parse_law_json(raw)
            for article in law.articles:
                main, _, branch = article.number.partition("-")
                self.json_articles[(law.law_id or "", f"{int(main):04d}{int(branch or 0):02d}")] = raw
        by_id = {e.law_id: e for e in own}
        merged: list[_LawEntry] = []
        for entry in entries:
            replacement = by_id.pop(entry.law_id, None)
            merged.append(replacement or entry)
        merged.extend(by_id.values())
        self.laws = merged
        self.precedents = [
            _load_precedent(p) for p in sorted(corpus.glob("precedents/**/*.md")) if p.name.endswith(".md")
        ]
        self.history = _History(corpus)

    @staticmethod
    def _entry(law: KrLaw) -> _LawEntry:
        return _LawEntry(
            name=law.name,
            law_id=law.law_id or "",
            mst=law.mst or "",
            effective=_digits(law.effective_date),
            promulgated=_digits(law.promulgation_date),
            promulgation_number=law.promulgation_number or "",
            kind=law.kind or "법률",
            law=law,
        )

    def law_by(self, *, mst: str | None, law_id: str | None) -> _LawEntry | None:
        for entry in self.laws:
            if entry.law is None and not entry.raw_xml:
                continue
            if mst and entry.mst == mst:
                return entry
            if law_id and not mst and entry.law_id == law_id.zfill(6):
                return entry
        if mst:
            return self.history.entry(mst)
        return None


# ------------------------------------------------------------------------------------------- history


@dataclass
class _HistoryRow:
    law_id: str
    name: str
    mst: str
    promulgated: str  # YYYYMMDD
    number: str
    effective: str  # YYYYMMDD
    path: Path | None  # None: listed, text not held


class _History:
    """Every 연혁 version of the corpus statutes (`history/versions.tsv`) and the texts held beside it."""

    def __init__(self, corpus: Path) -> None:
        self.rows: dict[str, list[_HistoryRow]] = {}  # 법령ID → promulgation order
        self.by_mst: dict[str, _HistoryRow] = {}
        self._entries: dict[str, _LawEntry] = {}
        for index in sorted(corpus.glob("statutes/*/history/versions.tsv")):
            lines = index.read_text(encoding="utf-8").splitlines()
            head = lines[0].split("\t")
            for line in lines[1:]:
                cell = dict(zip(head, line.split("\t"), strict=True))
                path = index.parent / cell["file"]
                row = _HistoryRow(
                    law_id=cell["법령ID"],
                    name=cell["제목"],
                    mst=cell["법령MST"],
                    promulgated=_digits(cell["공포일자"]),
                    number=cell["공포번호"],
                    effective=_digits(cell["시행일자"]),
                    path=path if path.is_file() else None,
                )
                self.rows.setdefault(row.law_id, []).append(row)
                self.by_mst[row.mst] = row
        for rows in self.rows.values():
            rows.sort(key=lambda r: (r.promulgated, int(r.number or 0), r.mst))

    def entry(self, mst: str) -> _LawEntry | None:
        row = self.by_mst.get(mst)
        if row is None or row.path is None:
            return None
        if mst not in self._entries:
            law = law_from_markdown(row.path.read_text(encoding="utf-8"))
            self._entries[mst] = _LawEntry(
                name=law.name,
                law_id=row.law_id,
                mst=mst,
                effective=row.effective,
                promulgated=row.promulgated,
                promulgation_number=row.number,
                kind=law.kind or "법률",
                status="연혁",
                law=law,
            )
        return self._entries[mst]

    def laws_named(self, key: str) -> list[str]:
        return [law_id for law_id, rows in self.rows.items() if key in rows[-1].name.replace(" ", "")]

    def listing(self, law_id: str, today: str) -> list[_LawEntry]:
        """The versions as eflaw lists them, 현행연혁코드 computed against `today` (YYYYMMDD): 시행예정 when
        not yet in force, 현행 for the latest promulgated one in force, 연혁 for the rest."""
        rows = self.rows.get(law_id.zfill(6), [])
        current = max((i for i, r in enumerate(rows) if r.effective <= today), default=None)
        out = []
        for i, row in enumerate(rows):
            status = "시행예정" if row.effective > today else ("현행" if i == current else "연혁")
            out.append(
                _LawEntry(
                    name=row.name,
                    law_id=row.law_id,
                    mst=row.mst,
                    effective=row.effective,
                    promulgated=row.promulgated,
                    promulgation_number=row.number,
                    kind="법률",
                    status=status,
                )
            )
        return out

    def article_changes(self, law_id: str, jo: str) -> list[tuple[_HistoryRow, str]]:
        """(version, 변경사유) for each held version whose article `jo` differs from the held version just
        before it. Only pairs of consecutive versions that are both held are compared."""
        rows = self.rows.get(law_id.zfill(6), [])
        number = f"{int(jo[:4])}" + (f"-{int(jo[4:6])}" if int(jo[4:6] or 0) else "")
        out: list[tuple[_HistoryRow, str]] = []
        previous: str | None = None
        previous_held = False
        for row in rows:
            entry = self.entry(row.mst) if row.path else None
            if entry is None or entry.law is None:
                previous_held = False
                continue
            article = entry.law.article(number)
            text = _article_text(article) if article else None
            if previous_held and text != previous:
                if previous is None:
                    reason = "조문신설"
                elif text is None:
                    reason = "조문이동"
                elif re.fullmatch(r"삭제\s*", text):
                    reason = "조문삭제"
                else:
                    reason = "일부개정"
                out.append((row, reason))
            previous, previous_held = text, True
        return out


def _article_text(article: KrArticle) -> str:
    parts = [article.title or "", article.body]
    for paragraph in article.paragraphs:
        parts.append(paragraph.text)
        for item in paragraph.items:
            parts.append(item.text)
            parts.extend(sub.text for sub in item.subitems)
    return strip_revision_notes(re.sub(r"\s+", " ", " ".join(p for p in parts if p))).strip()


# ------------------------------------------------------------------------------------------- bodies


def _jo(article: KrArticle) -> tuple[str, str]:
    main, _, branch = article.number.partition("-")
    return main, branch


def law_node(law: KrLaw, *, jo: str | None = None) -> Node:
    """A KrLaw in the lawService.do `<법령>` shape (as the recorded 건축법 body is laid out)."""
    info: list[Node] = [
        _leaf("법령ID", law.law_id),
        _leaf("공포일자", _digits(law.promulgation_date)),
        _leaf("공포번호", law.promulgation_number),
        _leaf("언어", "한글"),
        _leaf("법종구분", law.kind or "법률"),
        _leaf("법령명_한글", law.name),
        _leaf("법령명약칭", law.abbreviation),
        _leaf("시행일자", _digits(law.effective_date)),
    ]
    units: list[Node] = []
    for article in law.articles:
        main, branch = _jo(article)
        code = f"{int(main):04d}{int(branch or 0):02d}"
        if jo and code != jo:
            continue
        children: list[Node] = [_leaf("조문번호", main)]
        if branch:
            children.append(_leaf("조문가지번호", branch))
        children += [
            _leaf("조문여부", "조문"),
            _leaf("조문제목", article.title),
            _leaf("조문시행일자", _digits(law.effective_date)),
            _leaf("조문내용", f"{article.heading} {article.body}".strip()),
        ]
        for paragraph in article.paragraphs:
            hang: list[Node] = []
            if paragraph.number is not None:
                mark = int_to_circled(paragraph.number)
                hang += [_leaf("항번호", mark), _leaf("항내용", f"{mark} {paragraph.text}")]
            for item in paragraph.items:
                imain, _, ibranch = item.number.partition("-")
                ho: list[Node] = [_leaf("호번호", f"{imain}.")]
                if ibranch:
                    ho.append(_leaf("호가지번호", ibranch))
                shown = f"{imain}의{ibranch}" if ibranch else imain
                ho.append(_leaf("호내용", f"{shown}. {item.text}"))
                for sub in item.subitems:
                    mok: list[Node] = [
                        _leaf("목번호", f"{sub.number}."),
                        _leaf("목내용", f"{sub.number}. {sub.text}"),
                    ]
                    ho.append(("목", {}, mok))
                hang.append(("호", {}, ho))
            children.append(("항", {}, hang))
        units.append(("조문단위", {"조문키": f"{code}1"}, children))
    return (
        "법령",
        {"법령키": f"{law.law_id}{_digits(law.promulgation_date)}{law.promulgation_number or ''}"},
        [("기본정보", {}, info), ("조문", {}, units)],
    )


_PREC_FIELDS = ("판시사항", "판결요지", "참조조문", "참조판례", "판례내용")


def prec_node(prec: _Precedent) -> Node:
    def br(text: str) -> str:
        return text.replace("\n", "<br/>")

    return (
        "PrecService",
        {},
        [
            _leaf("판례정보일련번호", prec.serial),
            _leaf("사건명", prec.name),
            _leaf("사건번호", prec.number),
            _leaf("선고일자", prec.date),
            _leaf("선고", "선고"),
            _leaf("법원명", prec.court),
            _leaf("법원종류코드", "400201" if prec.court == "대법원" else "400202"),
            _leaf("사건종류명", prec.case_type),
            _leaf("판결유형", "결정" if re.search(r"[모마그스]\d", prec.number) else "판결"),
            *(_leaf(name, br(prec.sections.get(name, ""))) for name in _PREC_FIELDS),
        ],
    )


# ------------------------------------------------------------------------------------------ the app


def _norm_number(text: str) -> str:
    return re.sub(r"[\s\-]", "", text)


def _bigrams(text: str) -> set[str]:
    text = re.sub(r"\s+", "", text)
    return {text[i : i + 2] for i in range(len(text) - 1)}


class _App:
    def __init__(
        self,
        catalogue: _Catalogue,
        unsubscribed_page: bytes,
        no_body: set[str],
        today: Callable[[], dt.date] = dt.date.today,
    ) -> None:
        self.catalogue = catalogue
        self.unsubscribed_page = unsubscribed_page
        self.no_body = no_body
        self.today = today
        self._index: list[tuple[_LawEntry, KrArticle, str, set[str]]] | None = None
        self._bodies: dict[tuple[str, str, str, str], bytes] = {}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        query = {
            k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", ""), keep_blank_values=True).items()
        }
        fmt = query.get("type", "XML").upper()
        oc = query.get("OC", "")
        if oc == UNSUBSCRIBED_OC:
            return self._send(start_response, 200, self.unsubscribed_page, "text/html;charset=UTF-8")
        if not oc or not environ.get("HTTP_REFERER"):
            if fmt == "JSON":
                body = json.dumps({"result": VERIFY_FAILED, "msg": VERIFY_MSG}, ensure_ascii=False).encode()
                return self._send(start_response, 200, body, "application/json;charset=UTF-8")
            node: Node = ("Law", {}, [_leaf("result", VERIFY_FAILED), _leaf("msg", VERIFY_MSG)])
            return self._send(start_response, 200, render_xml(node), "application/xml;charset=UTF-8")
        if path.endswith("/lawSearch.do"):
            node_or_none = self._search(query)
        elif path.endswith("/lawService.do"):
            node_or_none = self._service(query)
        else:
            return self._send(start_response, 404, b"Not Found", "text/plain")
        if isinstance(node_or_none, bytes):
            ctype = "application/json" if node_or_none[:1] == b"{" else "application/xml"
            if node_or_none.startswith(b"<!DOCTYPE html"):
                ctype = "text/html"
            return self._send(start_response, 200, node_or_none, f"{ctype};charset=UTF-8")
        node = node_or_none or ("Law", {}, NO_PREC if query.get("target") == "prec" else NO_LAW)
        if fmt == "JSON":
            return self._send(start_response, 200, render_json(node), "application/json;charset=UTF-8")
        return self._send(start_response, 200, render_xml(node), "application/xml;charset=UTF-8")

    @staticmethod
    def _send(start_response: StartResponse, status: int, body: bytes, ctype: str) -> list[bytes]:
        reason = {200: "OK", 404: "Not Found"}.get(status, "")
        start_response(f"{status} {reason}", [("Content-Type", ctype), ("Content-Length", str(len(body)))])
        return [body]

    # ---- lawSearch.do

    def _search(self, q: dict[str, str]) -> Node | bytes | None:
        target = q.get("target", "")
        display = max(1, min(100, int(q.get("display") or 20)))
        page = max(1, int(q.get("page") or 1))
        words = q.get("query", "")
        if target in ("law", "eflaw"):
            key = words.replace(" ", "")
            hits = [
                e
                for e in self.catalogue.laws
                if key in e.name.replace(" ", "")
                or (e.abbreviation and key in e.abbreviation.replace(" ", ""))
            ]
            if target == "eflaw":
                hits = self._versions(hits, q)
            items = [self._law_item(i, e, target, q.get("OC", "")) for i, e in enumerate(hits, 1)]
            return self._listing("LawSearch", "law", target, words, items, display, page)
        if target == "lsHistory":
            return self._history_page(q, display, page)
        if target == "prec":
            key = _norm_number(words)
            if q.get("search") == "2":  # 본문검색: the words anywhere in the body
                found = [
                    p
                    for p in self.catalogue.precedents
                    if key and key in _norm_number(" ".join(p.sections.values()))
                ]
            else:
                found = [
                    p
                    for p in self.catalogue.precedents
                    if key and (key in _norm_number(p.number) or words in p.name)
                ]
            items = [self._prec_item(i, p) for i, p in enumerate(found, 1)]
            return self._listing("PrecSearch", "prec", target, words, items, display, page)
        if target == "detc":
            return self._listing("DetcSearch", "Detc", target, words, [], display, page)
        if target == "expc":
            return self._listing("Expc", "expc", target, words, [], display, page)
        if target == "aiSearch":
            return self._ai_search(words, display)
        return None

    @staticmethod
    def _listing(
        root: str, item_tag: str, target: str, words: str, items: list[Node], display: int, page: int
    ) -> Node:
        shown = items[(page - 1) * display : page * display]
        return (
            root,
            {},
            [
                _leaf("target", target),
                _leaf("키워드", words),
                _leaf("totalCnt", str(len(items))),
                _leaf("page", str(page)),
                _leaf("numOfRows", str(display)),
                _leaf("resultCode", "00"),
                _leaf("resultMsg", "success"),
                *((item_tag, {"id": str(i)}, body) for i, (_, _, body) in enumerate(shown, 1)),
            ],
        )

    @staticmethod
    def _law_item(index: int, e: _LawEntry, target: str, oc: str) -> Node:
        link = (
            f"/DRF/lawService.do?OC={oc}&target={target}&MST={e.mst}&type=HTML&mobileYn=&efYd={e.effective}"
        )
        return (
            "law",
            {"id": str(index)},
            [
                _leaf("법령일련번호", e.mst),
                _leaf("현행연혁코드", e.status),
                _leaf("법령명한글", e.name),
                _leaf("법령약칭명", e.abbreviation),
                _leaf("법령ID", e.law_id),
                _leaf("공포일자", e.promulgated),
                _leaf("공포번호", e.promulgation_number),
                _leaf("소관부처명", e.ministry),
                _leaf("법령구분명", e.kind),
                _leaf("시행일자", e.effective),
                _leaf("법령상세링크", link),
            ],
        )

    @staticmethod
    def _prec_item(index: int, p: _Precedent) -> Node:
        return (
            "prec",
            {"id": str(index)},
            [
                _leaf("판례일련번호", p.serial),
                _leaf("사건명", p.name),
                _leaf("사건번호", p.number),
                _leaf("선고일자", p.date),
                _leaf("법원명", p.court),
                _leaf("사건종류명", p.case_type),
                _leaf("선고", "선고"),
                _leaf("판례상세링크", f"/DRF/lawService.do?target=prec&ID={p.serial}&type=HTML"),
            ],
        )

    # ---- history

    def _versions(self, hits: list[_LawEntry], q: dict[str, str]) -> list[_LawEntry]:
        """eflaw lists every version: a law with a history is replaced by all its versions. `LID` restricts
        the answer to one law, `nw` (1 연혁, 2 시행예정, 3 현행) to some statuses, `sort` orders it."""
        history = self.catalogue.history
        today = self.today().strftime("%Y%m%d")
        if q.get("LID"):
            law_id = q["LID"].zfill(6)
            hits = history.listing(law_id, today) or [e for e in self.catalogue.laws if e.law_id == law_id]
        else:
            expanded: list[_LawEntry] = []
            for entry in hits:
                expanded.extend(history.listing(entry.law_id, today) or [entry])
            hits = expanded
        wanted = {
            {"1": "연혁", "2": "시행예정", "3": "현행"}.get(n.strip(), "") for n in q.get("nw", "").split(",")
        }
        wanted.discard("")
        if wanted:
            hits = [e for e in hits if e.status in wanted]
        order = q.get("sort", "lasc")
        keys: dict[str, Callable[[_LawEntry], tuple[str, ...]]] = {
            "efasc": lambda e: (e.effective, e.promulgated, e.mst),
            "efdes": lambda e: (e.effective, e.promulgated, e.mst),
            "dasc": lambda e: (e.promulgated, e.promulgation_number.zfill(6), e.mst),
            "ddes": lambda e: (e.promulgated, e.promulgation_number.zfill(6), e.mst),
            "nasc": lambda e: (e.promulgation_number.zfill(6), e.mst),
            "ndes": lambda e: (e.promulgation_number.zfill(6), e.mst),
        }
        if order in keys:
            hits = sorted(hits, key=keys[order], reverse=order.endswith("des"))
        return hits

    def _history_page(self, q: dict[str, str], display: int, page: int) -> bytes:
        """The HTML 연혁 table (type=HTML only, as the real service): one row per version, 공포 order."""
        key = q.get("query", "").replace(" ", "")
        history = self.catalogue.history
        today = self.today().strftime("%Y%m%d")
        rows: list[_LawEntry] = []
        for law_id in history.laws_named(key) if key else []:
            rows.extend(history.listing(law_id, today))
        shown = rows[(page - 1) * display : page * display]

        def dotted(d: str) -> str:
            return f"{int(d[:4])}.{int(d[4:6])}.{int(d[6:])}" if len(d) == 8 else d

        body = []
        for i, e in enumerate(shown, (page - 1) * display + 1):
            link = f"/DRF/lawService.do?target=lsHistory&amp;MST={e.mst}&amp;type=HTML&amp;efYd={e.effective}"
            body.append(
                f'<tr><td class="ce">{i}</td><td><a href="{link}">{html.escape(e.name)}</a></td>'
                f'<td class="ce"></td><td class="ce"></td><td class="ce">{html.escape(e.kind)}</td>'
                f'<td class="ce">제 {e.promulgation_number}호</td><td class="ce">{dotted(e.promulgated)}</td>'
                f'<td class="ce">{dotted(e.effective)}</td><td class="ce">{e.status}</td></tr>'
            )
        page_html = (
            '<!DOCTYPE html><html lang="ko"><head><meta charset="UTF-8"><title>법령 연혁</title></head><body>'
            f'<div class="num">총<strong>{len(rows)}</strong>건</div>'
            '<table summary="법령 연혁정보 목록"><thead><tr><th>번호</th><th>법령명</th><th>소관부처</th>'
            "<th>제개정구분</th><th>법령종류</th><th>법령번호</th><th>공포일자</th><th>시행일자</th>"
            "<th>현행연혁</th></tr></thead><tbody>" + "".join(body) + "</tbody></table></body></html>"
        )
        return page_html.encode()

    def _article_history(self, q: dict[str, str]) -> Node | None:
        law_id, jo = q.get("ID", "").zfill(6), q.get("JO", "")
        history = self.catalogue.history
        rows = history.rows.get(law_id)
        if not rows or not re.fullmatch(r"\d{6}", jo):
            return None
        name = rows[-1].name
        items: list[Node] = []
        for row, reason in history.article_changes(law_id, jo):
            link = f"/DRF/lawService.do?target=eflawjosub&MST={row.mst}&efYd={row.effective}&JO={jo}"
            items.append(
                (
                    "law",
                    {},
                    [
                        (
                            "법령정보",
                            {},
                            [
                                _leaf("법령일련번호", row.mst),
                                _leaf("공포일자", row.promulgated),
                                _leaf("공포번호", row.number),
                                _leaf("제개정구분명", ""),
                                _leaf("소관부처명", ""),
                                _leaf("법령구분명", "법률"),
                                _leaf("시행일자", row.effective),
                            ],
                        ),
                        (
                            "조문정보",
                            {},
                            [
                                _leaf("조문번호", jo),
                                _leaf("변경사유", reason),
                                _leaf("조문링크", link),
                                _leaf("조문변경일", row.promulgated),
                            ],
                        ),
                    ],
                )
            )
        head = [_leaf("법령ID", law_id), _leaf("법령명한글", name), _leaf("totalCnt", str(len(items)))]
        return ("LawService", {}, [*head, *items])

    def _article_index(self) -> list[tuple[_LawEntry, KrArticle, str, set[str]]]:
        if self._index is None:
            index = []
            for entry in self.catalogue.laws:
                if entry.law is None:
                    continue
                text, units = entry.law.render()
                spans = {u.path[0][1]: (u.start, u.end) for u in units if len(u.path) == 1}
                for article in entry.law.articles:
                    start, end = spans[article.number]
                    body = text[start:end]
                    index.append((entry, article, body, _bigrams(strip_revision_notes(body))))
            self._index = index
        return self._index

    def _ai_search(self, words: str, display: int) -> Node:
        want = _bigrams(words)
        scored: list[tuple[float, int, _LawEntry, KrArticle, str]] = []
        for order, (entry, article, body, have) in enumerate(self._article_index()):
            if want and have:
                score = len(want & have) / len(want)
                if score > 0:
                    scored.append((-score, order, entry, article, body))
        scored.sort(key=lambda t: (t[0], t[1]))
        items: list[Node] = []
        for _, _, entry, article, body in scored[:display]:
            main, branch = _jo(article)
            fields = [
                _leaf("법령ID", entry.law_id),
                _leaf("법령명", entry.name),
                _leaf("법령종류명", entry.kind),
                _leaf("조문번호", main),
                _leaf("조문가지번호", f"{int(branch or 0):02d}"),
                _leaf("조문제목", article.title),
                _leaf("조문내용", body),
                _leaf("시행일자", entry.effective),
            ]
            items.append(("법령조문", {}, fields))
        return ("aiSearch", {}, [_leaf("검색결과개수", str(len(scored))), *items])

    # ---- lawService.do

    def _service(self, q: dict[str, str]) -> Node | bytes | None:
        target = q.get("target", "")
        fmt = q.get("type", "XML").upper()
        if target in ("law", "eflaw", "lawjosub", "eflawjosub"):
            jo = q.get("JO") or None
            base = target.removesuffix("josub")
            if fmt == "JSON" and jo and q.get("ID"):
                raw_json = self.catalogue.json_articles.get((q["ID"].zfill(6), jo))
                if raw_json is not None:
                    return raw_json
            entry = self.catalogue.law_by(mst=q.get("MST"), law_id=q.get("ID"))
            if entry is None:
                return None
            if fmt == "XML":
                raw = entry.raw_xml.get(f"{target}:{jo}") if jo else entry.raw_xml.get(base)
                if raw is not None:
                    return raw
            law = entry.law
            if law is None:
                source = entry.raw_xml.get(base) or next(iter(entry.raw_xml.values()))
                law = parse_law_xml(source, mst=entry.mst or None)
            # Rendering a whole code (민법: 150k chars) takes a while; the real server does not make a client
            # wait for that on every request, so neither should the fake.
            cache_key = (entry.law_id, entry.mst, jo or "", fmt)
            if cache_key not in self._bodies:
                node = law_node(law, jo=jo)
                if not node[2][1][2]:
                    return None
                self._bodies[cache_key] = render_json(node) if fmt == "JSON" else render_xml(node)
            return self._bodies[cache_key]
        if target == "lsJoHstInf":
            return self._article_history(q)
        if target == "prec":
            serial = q.get("ID", "")
            if serial in self.no_body:
                return None
            for p in self.catalogue.precedents:
                if p.serial == serial:
                    return prec_node(p)
            return None
        return None


def make_app(
    corpus_dir: Path,
    recorded_dir: Path,
    *,
    precedents_without_body: Iterable[str] = (),
    today: Callable[[], dt.date] = dt.date.today,
) -> WSGIApp:
    """`corpus_dir` is the Korean corpus (`tests/data/corpus/kr`), `recorded_dir` the recorded law.go.kr
    responses (`tests/data/recorded/korea_law_go_kr`). `today` decides which version eflaw calls 현행."""
    corpus_dir, recorded_dir = Path(corpus_dir), Path(recorded_dir)
    if not (corpus_dir / "statutes").is_dir():
        raise FileNotFoundError(
            f"{corpus_dir} has no statutes/ directory: pass the Korean corpus (…/corpus/kr)"
        )
    page = recorded_dir / "ERROR_lawSearch_type-JSON_unsubscribed_HTML_error_page.html"
    if not page.is_file():
        raise FileNotFoundError(f"{page} is missing: pass the recorded law.go.kr directory")
    return _App(_Catalogue(corpus_dir, recorded_dir), page.read_bytes(), set(precedents_without_body), today)

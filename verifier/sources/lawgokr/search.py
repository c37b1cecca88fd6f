"""Search over every law.go.kr collection, and the body of any hit as a `SourceDocument`.

    search = KoreaSearch(resolver)                 # the sources' LawGoKrResolver: same SourceHTTP, OC, cache
    search.statutes(query, effective_date=None, scope=None, page=1, display=20) -> Page
    search.precedents(query, court=None, case_type=None, date_from=None, date_to=None, scope=None, …) -> Page
    search.decisions(collection, query, date_from=None, date_to=None, scope=None, …) -> Page
        collection: detc, expc, decc, any of the 12 committees, 4 tribunals or 39 ministries, by any alias
    search.articles(query, domain=0, page=1, display=20) -> Page      aiSearch over article text (domains 0–3)
    search.terms(query, page=1, display=20) -> Page ; search.term(term_id, name) -> Term
    search.document(collection, doc_id) -> SourceDocument            raises SourceError / ValueError

Filters the API takes are sent (prec: org/curt/prncYd, detc: edYd, expc: explYd, search=1|2 for title or
body); a filter it has no documented parameter for (case type, dates for committees, tribunals and
ministries) is applied to the page that came back, and the page says so in `notes`, so that a reviewer never
mistakes a locally filtered page for the whole answer. Hits that contradict a filter the API was given are
dropped as well (and counted in a note): the upstream silently ignoring a parameter must not show a Seoul
High Court judgment under "대법원".

An empty upstream body (HTTP 200, 0 bytes) is an empty page with `empty_response=True`, not an error;
`<totalCnt>0</totalCnt>` is an empty page. Everything else that goes wrong is a `SourceError` from
`SourceHTTP`/`check_response`, with the law.go.kr-specific wording (미신청, verification failure).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from verifier.model import Jurisdiction, Kind, SourceDocument
from verifier.search.results import Hit, Page, Term, clamp_display, clamp_page
from verifier.sources.errors import NotFoundError, PermanentError, TransientError
from verifier.sources.http import Fetched
from verifier.sources.lawgokr import codes
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.codes import Collection
from verifier.sources.lawgokr.search_fields import (
    AI_DOMAINS,
    NOT_TEXT,
    PUBLIC_URLS,
    EmptyAnswer,
    body_text,
    check_list_response,
    court_ok,
    date_range,
    default_court,
    field,
    in_range,
    is_prose,
    iso_ymd,
    list_date,
    needed_query,
    public_url,
    scope_code,
    ymd,
)
from verifier.sources.lawgokr.structure import article_label
from verifier.sources.lawgokr.wire import (
    BROWSER_USER_AGENT,
    OC_MISSING,
    PUBLIC_LAW_URL,
    REFERER,
    LawHit,
    text_of,
)

if TYPE_CHECKING:
    pass


class KoreaSearch:
    def __init__(
        self,
        resolver: LawGoKrResolver,
        *,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.resolver = resolver
        self._now = now

    # ------------------------------------------------------------------------ requests

    def _get(self, endpoint: str, params: Mapping[str, str | int]) -> Fetched:
        if not self.resolver.oc:
            raise PermanentError(OC_MISSING)
        return self.resolver.http.get(
            f"{self.resolver.base_url}/{endpoint}",
            params={"OC": self.resolver.oc, **params},
            headers={"Referer": REFERER, "User-Agent": BROWSER_USER_AGENT},
            # The key is a secret; the words typed are the user's work: neither is logged.
            redact_params=("OC", "query"),
            check=check_list_response,
        )

    def _list(self, params: Mapping[str, str | int]) -> Element | None:
        """A lawSearch.do answer as XML; None for an empty body."""
        try:
            fetched = self._get("lawSearch.do", {**params, "type": "XML"})
        except EmptyAnswer:
            return None
        return self._xml(fetched)

    @staticmethod
    def _xml(fetched: Fetched) -> Element:
        try:
            root: Element = SafeET.fromstring(fetched.content)
        except Exception:
            raise TransientError("law.go.kr answered with malformed XML", retries=fetched.retries) from None
        return root

    @staticmethod
    def _total(root: Element, shown: int) -> int:
        for tag in ("totalCnt", "검색결과개수"):
            value = text_of(root.find(tag))
            if value.isdigit():
                return int(value)
        return shown

    # ------------------------------------------------------------------------ statutes

    def statutes(
        self,
        query: str,
        *,
        effective_date: str | None = None,
        scope: str | None = None,
        page: object = 1,
        display: object = 20,
    ) -> Page:
        """Laws by name (scope=title, the default) or by text (scope=body), current or as in force on a date.
        A search by 약칭 works because the API matches 법령약칭명 too."""
        query = needed_query(query)
        page_no, size = clamp_page(page), clamp_display(display)
        on_date = ymd(effective_date, "effective_date")
        target = "eflaw" if on_date else "law"
        params: dict[str, str | int] = {"target": target, "query": query, "display": size, "page": page_no}
        if (search := scope_code(scope)) is not None:
            params["search"] = search
        root = self._list(params)
        if root is None:
            return Page.empty(target, query, page_no, size, upstream_empty=True)
        items = [i for i in root if i.tag == "law"]
        hits = [self._law_hit(i, target) for i in items]
        if target == "eflaw":
            # A version is (MST, 시행일자): the same MST is listed as 현행 and 시행예정 with other dates.
            hits = [replace(h, id=f"{h.id}@{(h.date or '').replace('-', '')}") for h in hits]
        notes: list[str] = []
        if on_date:
            # eflaw lists every version; keep, per law, the newest one already in force on that day.
            chosen: dict[str, Hit] = {}
            for hit in hits:
                eff = (hit.date or "").replace("-", "")
                if not eff or eff > on_date:
                    continue
                law_id = hit.meta.get("법령ID", hit.id)
                if law_id not in chosen or (chosen[law_id].date or "") < (hit.date or ""):
                    chosen[law_id] = hit
            dropped = len(hits) - len(chosen)
            hits = list(chosen.values())
            if dropped:
                notes.append(f"{dropped} version(s) not in force on {iso_ymd(on_date)} are not shown")
        return Page(
            target, query, tuple(hits), self._total(root, len(items)), page_no, size, notes=tuple(notes)
        )

    @staticmethod
    def _law_hit(item: Element, target: str) -> Hit:
        name = field(item, "법령명한글")
        meta = {
            "법령ID": field(item, "법령ID"),
            "약칭": field(item, "법령약칭명"),
            "법령구분": field(item, "법령구분명"),
            "소관부처": field(item, "소관부처명"),
            "현행연혁": field(item, "현행연혁코드"),
            "공포일자": list_date(field(item, "공포일자")) or "",
        }
        return Hit(
            collection=target,
            id=field(item, "법령일련번호") or field(item, "법령ID"),
            title=name,
            number=field(item, "법령ID") or None,
            date=list_date(field(item, "시행일자")),
            court=field(item, "소관부처명") or None,
            snippet=" · ".join(v for v in (meta["법령구분"], meta["약칭"], meta["현행연혁"]) if v),
            url=PUBLIC_LAW_URL.format(name=name.replace(" ", "%20")),
            meta={k: v for k, v in meta.items() if v},
        )

    # ---------------------------------------------------------------------- precedents

    def precedents(
        self,
        query: str,
        *,
        court: str | None = None,
        case_type: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        scope: str | None = None,
        page: object = 1,
        display: object = 20,
    ) -> Page:
        query = needed_query(query)
        page_no, size = clamp_page(page), clamp_display(display)
        start, end = date_range(date_from, date_to)
        params: dict[str, str | int] = {"target": "prec", "query": query, "display": size, "page": page_no}
        court_filter = codes.court(court) if court else None
        if court_filter is not None and court_filter.name == "헌법재판소":
            raise ValueError("헌법재판소 decisions are in the 헌재결정례 collection (detc), not among 판례")
        if court_filter is not None and court_filter.org:
            params["org"] = court_filter.org
        if court_filter is not None and court_filter.curt:
            params["curt"] = court_filter.curt
        if start or end:
            params["prncYd"] = f"{start or '19000101'}~{end or '99991231'}"
        if (search := scope_code(scope)) is not None:
            params["search"] = search
        wanted_type = codes.case_type(case_type) if case_type else None
        spec = codes.collections()["prec"]
        root = self._list(params)
        if root is None:
            return Page.empty("prec", query, page_no, size, upstream_empty=True)
        items = [i for i in root if i.tag == spec.item]
        hits = [self._decision_hit(spec, i) for i in items]
        notes: list[str] = []
        kept = [h for h in hits if in_range(h.date, start, end)]
        if court_filter is not None:
            kept = [h for h in kept if court_ok(court_filter, h)]
        if len(kept) < len(hits):
            notes.append(f"{len(hits) - len(kept)} hit(s) on this page did not match the court/date filter")
        if wanted_type is not None:
            before = len(kept)
            kept = [
                h
                for h in kept
                if h.meta.get("사건종류코드") == wanted_type.code
                or h.meta.get("사건종류명") == wanted_type.name
            ]
            notes.append(
                f"case type {wanted_type.name} ({wanted_type.code}) is filtered on this page only "
                f"({before - len(kept)} hidden): law.go.kr has no documented case-type parameter"
            )
        return Page(
            "prec", query, tuple(kept), self._total(root, len(items)), page_no, size, notes=tuple(notes)
        )

    # ----------------------------------------------------------------------- decisions

    def decisions(
        self,
        collection: str,
        query: str,
        *,
        date_from: str | None = None,
        date_to: str | None = None,
        scope: str | None = None,
        page: object = 1,
        display: object = 20,
    ) -> Page:
        """헌재결정례, 법령해석례, 행정심판례, committee decisions, special tribunals, ministries' answers."""
        spec = codes.collection(collection)
        if spec.code in ("law", "eflaw", "prec", "lstrm", "aiSearch"):
            raise ValueError(f"{spec.name} has its own search; decisions() covers decision collections")
        query = needed_query(query)
        page_no, size = clamp_page(page), clamp_display(display)
        start, end = date_range(date_from, date_to)
        params: dict[str, str | int] = {"target": spec.code, "query": query, "display": size, "page": page_no}
        sent_dates = False
        if (start or end) and spec.code in ("detc", "expc"):
            params["edYd" if spec.code == "detc" else "explYd"] = f"{start or '19000101'}~{end or '99991231'}"
            sent_dates = True
        if (search := scope_code(scope)) is not None:
            params["search"] = search
        root = self._list(params)
        if root is None:
            return Page.empty(spec.code, query, page_no, size, upstream_empty=True)
        items = [i for i in root if i.tag == spec.item]
        hits = [self._decision_hit(spec, i) for i in items]
        kept = [h for h in hits if in_range(h.date, start, end)]
        notes: list[str] = []
        if (start or end) and not sent_dates:
            notes.append(
                f"the date filter is applied to this page only ({len(hits) - len(kept)} hidden): "
                f"law.go.kr has no documented date parameter for {spec.name}"
            )
        elif len(kept) < len(hits):
            notes.append(f"{len(hits) - len(kept)} hit(s) on this page fell outside the dates asked for")
        if not spec.has_body:
            notes.append(f"law.go.kr serves no text for {spec.name}: hits can be listed, not attached")
        total = self._total(root, len(items))
        return Page(spec.code, query, tuple(kept), total, page_no, size, notes=tuple(notes))

    def _decision_hit(self, spec: Collection, item: Element) -> Hit:
        doc_id = field(item, spec.id_field)
        number = field(item, *spec.number_fields) if spec.number_fields else ""
        meta = {
            child.tag: text_of(child)
            for child in item
            if len(child) == 0
            and text_of(child)
            and not child.tag.endswith("링크")
            and len(text_of(child)) < 200
        }
        return Hit(
            collection=spec.code,
            id=doc_id,
            title=field(item, spec.title_field, "사건명", "안건명", "제목") or number,
            number=number or None,
            date=list_date(field(item, *spec.date_fields)) if spec.date_fields else None,
            court=(field(item, *spec.court_fields) if spec.court_fields else "") or default_court(spec),
            snippet=" · ".join(v for v in (meta.get("사건종류명"), meta.get("판결유형")) if v),
            url=public_url(spec, doc_id),
            meta=meta,
        )

    # ------------------------------------------------------------------------ aiSearch

    def articles(self, query: str, *, domain: object = 0, page: object = 1, display: object = 20) -> Page:
        """Articles whose text answers the query (aiSearch): 0 법령조문, 1 법령 별표·서식, 2 행정규칙 조문,
        3 행정규칙 별표·서식."""
        query = needed_query(query)
        number = domain if isinstance(domain, int) else int(str(domain)) if str(domain).isdigit() else -1
        if number not in AI_DOMAINS:
            raise ValueError(f"aiSearch domain must be 0, 1, 2 or 3, got {domain!r}")
        page_no, size = clamp_page(page), clamp_display(display)
        root = self._list(
            {"target": "aiSearch", "query": query, "search": number, "display": size, "page": page_no}
        )
        if root is None:
            return Page.empty("aiSearch", query, page_no, size, upstream_empty=True)
        tag = AI_DOMAINS[number]
        items = list(root.iter(tag))
        hits = [self._article_hit(i, number) for i in items]
        return Page("aiSearch", query, tuple(hits), self._total(root, len(items)), page_no, size)

    @staticmethod
    def _article_hit(item: Element, domain: int) -> Hit:
        law = field(item, "법령명", "행정규칙명")
        main, branch = field(item, "조문번호"), field(item, "조문가지번호")
        article = ""
        if main.isdigit():
            article = f"{int(main)}-{int(branch)}" if branch.isdigit() and int(branch) else str(int(main))
        label = article_label(article) if article else field(item, "별표번호", "별표명")
        text = body_text(field(item, "조문내용", "별표내용"))
        return Hit(
            collection="aiSearch",
            id=f"{field(item, '법령ID')}:{article}" if article else field(item, "법령ID"),
            title=f"{law} {label}".strip(),
            number=label or None,
            date=list_date(field(item, "시행일자")),
            court=field(item, "소관부처명") or None,
            snippet=text[:300],
            url=PUBLIC_LAW_URL.format(name=law.replace(" ", "%20")) if law else "",
            meta={
                k: v
                for k, v in {
                    "법령ID": field(item, "법령ID"),
                    "법령명": law,
                    "조문": article,
                    "조문제목": field(item, "조문제목"),
                    "domain": str(domain),
                    "조문내용": text,
                }.items()
                if v
            },
        )

    # --------------------------------------------------------------------------- terms

    def terms(self, query: str, *, page: object = 1, display: object = 20) -> Page:
        query = needed_query(query)
        page_no, size = clamp_page(page), clamp_display(display)
        root = self._list({"target": "lstrm", "query": query, "display": size, "page": page_no})
        if root is None:
            return Page.empty("lstrm", query, page_no, size, upstream_empty=True)
        items = [i for i in root if i.tag == "lstrm"]
        hits = [
            Hit(
                collection="lstrm",
                id=field(i, "법령용어ID", "법령용어 일련번호"),
                title=field(i, "법령용어명"),
                url=PUBLIC_URLS["lstrm"].format(id=field(i, "법령용어ID")),
                meta={"사전구분코드": field(i, "사전구분코드")} if field(i, "사전구분코드") else {},
            )
            for i in items
        ]
        return Page("lstrm", query, tuple(hits), self._total(root, len(items)), page_no, size)

    def term(self, term_id: str, name: str, *, max_articles: int = 50) -> Term:
        """A term's definitions (lstrm body) and the articles that use it (lstrmRltJo, by name)."""
        if not re.fullmatch(r"\d+", term_id or ""):
            raise ValueError(f"a term id is a number, got {term_id!r}")
        try:
            fetched = self._get("lawService.do", {"target": "lstrm", "trmSeqs": term_id, "type": "XML"})
        except EmptyAnswer:
            raise NotFoundError(f"law.go.kr has no term {term_id}") from None
        root = self._xml(fetched)
        if root.tag == "Law":
            raise NotFoundError(f"law.go.kr has no term {term_id}: {text_of(root)}")
        title = field(root, "법령용어명") or name
        definitions: list[tuple[str, str]] = []
        for holder in [root, *root.iter()]:
            text = field(holder, "법령용어정의")
            if text and holder is not root:
                definitions.append((body_text(text), field(holder, "출처")))
        if not definitions and field(root, "법령용어정의"):
            definitions.append((body_text(field(root, "법령용어정의")), field(root, "출처")))
        articles: list[Hit] = []
        if title:
            try:
                rel = self._get("lawService.do", {"target": "lstrmRltJo", "query": title, "type": "XML"})
            except EmptyAnswer:
                rel = None
            if rel is not None:
                for item in self._xml(rel).iter("연계법령"):
                    main, branch = field(item, "조번호"), field(item, "조가지번호")
                    if not main.isdigit():
                        continue
                    number = (
                        f"{int(main)}-{int(branch)}" if branch.isdigit() and int(branch) else str(int(main))
                    )
                    law = field(item, "법령명")
                    articles.append(
                        Hit(
                            collection="aiSearch",
                            id=f"{law}:{number}",
                            title=f"{law} {article_label(number)}",
                            number=article_label(number),
                            snippet=body_text(field(item, "조문내용"))[:300],
                            url=PUBLIC_LAW_URL.format(name=law.replace(" ", "%20")),
                            meta={"용어구분": field(item, "용어구분")} if field(item, "용어구분") else {},
                        )
                    )
                    if len(articles) >= max_articles:
                        break
        return Term(id=term_id, name=title, definitions=tuple(definitions), articles=tuple(articles))

    # ------------------------------------------------------------------------ documents

    def document(self, collection: str, doc_id: str) -> SourceDocument:
        """The body of a hit, ready to be judged against. Statutes come through the sources' resolver (and its
        whole-law cache); every other collection is rendered from its body fields."""
        spec = codes.collection(collection)
        doc_id = (doc_id or "").strip()
        if not re.fullmatch(r"[0-9A-Za-z:_@-]{1,40}", doc_id):
            raise ValueError(f"not a document id: {doc_id!r}")
        if spec.code in ("law", "eflaw"):
            return self._statute(doc_id, spec.code)
        if not spec.has_body or spec.code in ("aiSearch", "lstrm"):
            raise ValueError(f"law.go.kr serves no document body for {spec.name}")
        try:
            fetched = self._get("lawService.do", {"target": spec.code, spec.id_param: doc_id, "type": "XML"})
        except EmptyAnswer:
            raise TransientError(f"law.go.kr answered {spec.name} {doc_id} with an empty body") from None
        root = self._xml(fetched)
        if root.tag == "Law" and len(root) == 0:
            raise NotFoundError(f"law.go.kr serves no text for {spec.name} {doc_id}: {text_of(root)}")
        return self._decision_document(spec, root, doc_id, fetched.retries)

    def _statute(self, doc_id: str, target: str) -> SourceDocument:
        mst, _, effective = doc_id.partition("@")
        if not mst.isdigit() or (effective and not re.fullmatch(r"\d{8}", effective)):
            raise ValueError(f"a statute is opened by its MST (법령일련번호)[@YYYYMMDD], got {doc_id!r}")
        if target == "eflaw" and not effective:
            raise ValueError("a version of a law (eflaw) is opened by MST@시행일자, e.g. 277015@20251001")
        hit = LawHit(name="", law_id="", mst=mst)
        return self.resolver.fetch_law(hit, ef_date=iso_ymd(effective) if effective else None)

    def _decision_document(
        self, spec: Collection, root: Element, doc_id: str, retries: int
    ) -> SourceDocument:
        leaves = [(el.tag, body_text(text_of(el))) for el in root.iter() if len(el) == 0 and text_of(el)]
        by_tag: dict[str, str] = {}
        for tag, value in leaves:
            by_tag.setdefault(tag, value)
        skip = {spec.id_field, spec.title_field, *spec.number_fields, *spec.date_fields, *spec.court_fields}
        order = [t for t in spec.sections if t in by_tag]
        rest = [
            t
            for t in by_tag
            if t not in order and t not in skip and not NOT_TEXT.search(t) and is_prose(by_tag[t])
        ]
        parts = [f"【{t}】\n{by_tag[t]}" for t in (*order, *rest)]
        text = "\n\n".join(parts)
        if not text:
            raise TransientError(
                f"law.go.kr served {spec.name} {doc_id} with no text in any field", retries=retries
            )
        number = next((by_tag[f] for f in spec.number_fields if f in by_tag), None)
        when = next((list_date(by_tag[f]) for f in spec.date_fields if f in by_tag), None)
        court = next((by_tag[f] for f in spec.court_fields if f in by_tag), None) or default_court(spec)
        summary = "\n".join(by_tag[t] for t in order[:2]) or None
        meta = {t: v for t, v in by_tag.items() if not is_prose(v) and len(v) < 200}
        return SourceDocument(
            id=f"lawgokr:{spec.code}:{doc_id}",
            key=f"kr:{spec.code}:{number or doc_id}",
            jurisdiction=Jurisdiction.KR,
            kind=Kind(spec.kind),
            title=by_tag.get(spec.title_field) or number or f"{spec.name} {doc_id}",
            text=text,
            url=public_url(spec, doc_id),
            version=doc_id,
            sha256=hashlib.sha256(text.encode()).hexdigest(),
            fetched_at=self._now().isoformat(timespec="seconds"),
            origin="law.go.kr",
            number=number,
            date=when,
            court=court,
            summary=summary,
            retries=retries,
            meta={**meta, "collection": spec.code},
        )

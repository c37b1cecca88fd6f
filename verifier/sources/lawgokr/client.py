"""law.go.kr DRF (법제처 Open API) client: statutes, precedents, 헌재결정례, 법령해석례 and aiSearch.

    resolver = LawGoKrResolver(http, base_url=settings.LAWGOKR_BASE_URL, oc=settings.LAWGOKR_OC)
    resolver.resolve(anchor) -> Found | NotFound | Unavailable | Misconfigured
        kr:law:<법령명 without spaces>    statute; whole law as text + 조/항/호/목 units; `anchor.date` (ISO)
                                         selects the version in force on that day (target=eflaw, efYd)
        kr:prec:<사건번호>                 판례 (PrecSearch by query, normalized 사건번호, PrecService body)
        kr:detc:<2017헌바127>             헌재결정례 (DetcSearch / DetcService)
        kr:expc:<안건번호>                 법령해석례 (Expc / ExpcService)
    resolver.search_laws(query, *, target="law") -> list[LawHit]
    resolver.search_articles(query, *, display=20) -> list[ArticleHit]      aiSearch, 법령조문
    resolver.suggest_articles(law_name, claim_text) -> list[str]          ["제17조", …] for "did you mean …?"

Every request carries `Referer: https://www.law.go.kr/` and a browser User-Agent (without them the API
answers "사용자 정보 검증에 실패하였습니다" or treats us as a bot). The OC key goes only into the query
string; `SourceHTTP` keeps it out of logs, errors and kept URLs, and scrubs it from 법령상세링크 in bodies.

How answers map to outcomes: the HTML "미신청" page and verification failures → `Misconfigured` (permanent,
said plainly); empty bodies, HTML maintenance/anti-bot pages, malformed XML/JSON, spurious 404s, 5xx and 429
→ retried by `SourceHTTP`, then `Unavailable` with the reason and the retry count; a search without an exact
match, or `<Law>일치하는 법령이 없습니다</Law>` for an id → `NotFound` (with close names as suggestions).
A precedent that the search lists but whose body the API refuses ("일치하는 판례가 없습니다") is
`Unavailable`: it exists, but there is no text to judge against, so no content claim may pass or fail on it.
Whole laws are cached by (법령ID, MST, efYd), so many citations of one law cost one fetch.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from verifier.model import (
    Anchor,
    Cause,
    Found,
    Jurisdiction,
    Kind,
    Misconfigured,
    NotFound,
    Resolution,
    SourceDocument,
    Unavailable,
)
from verifier.sources import act_names
from verifier.sources.errors import NotFoundError, SourceError, TransientError, as_resolution
from verifier.sources.http import Fetched, SourceHTTP
from verifier.sources.lawgokr.structure import KrLaw, parse_law_json, parse_law_xml
from verifier.sources.lawgokr.wire import (
    BROWSER_USER_AGENT,
    DISPLAY,
    OC_MISSING,
    PUBLIC_LAW_URL,
    REFERER,
    SEARCH_PAGES,
    SPECS,
    ArticleHit,
    DecisionHit,
    DecisionSpec,
    Format,
    LawHit,
    br_to_newlines,
    check_response,
    digits,
    find_text,
    iso_date,
    items_of,
    law_not_found,
    normalize_case_number,
    squash,
)

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------------------- resolver


class LawGoKrResolver:
    def __init__(
        self,
        http: SourceHTTP,
        *,
        base_url: str,
        oc: str,
        body_format: Format = "XML",
        cache_size: int = 32,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        if body_format not in ("XML", "JSON"):
            raise ValueError(f"body_format must be 'XML' or 'JSON', got {body_format!r}")
        self.http = http
        self.base_url = base_url.rstrip("/")
        self.oc = oc.strip()
        self.body_format = body_format
        self.cache_size = cache_size
        self._now = now
        self._cache: OrderedDict[tuple[str, str, str], SourceDocument] = OrderedDict()
        self._lock = threading.Lock()
        self._key_locks: dict[str, threading.Lock] = {}

    # ------------------------------------------------------------------ Resolver

    def resolve(self, anchor: Anchor) -> Resolution:
        key = anchor.key
        if not self.oc:
            return Misconfigured(key, OC_MISSING, cause=Cause.NOT_CONFIGURED)
        namespace, _, value = key.partition(":")[2].partition(":")
        if key.split(":", 1)[0] != "kr" or not value:
            return Misconfigured(
                key,
                f"law.go.kr cannot answer {key!r}: expected kr:law:…, kr:prec:…, kr:detc:…",
                cause=Cause.NOT_COVERED,
            )
        with self._key_lock(key):
            try:
                if namespace == "law":
                    return self._resolve_law(anchor, value)
                if namespace in SPECS:
                    return self._resolve_decision(anchor, SPECS[namespace], value)
            except SourceError as exc:
                return as_resolution(key, exc)
        return Misconfigured(
            key, f"law.go.kr has no collection {namespace!r} (key {key!r})", cause=Cause.NOT_COVERED
        )

    def _key_lock(self, key: str) -> threading.Lock:
        # Two threads resolving the same key wait for one fetch instead of both fetching.
        with self._lock:
            return self._key_locks.setdefault(key, threading.Lock())

    # ---------------------------------------------------------------- requests

    def _get(self, endpoint: str, params: dict[str, str | int]) -> Fetched:
        return self.request(endpoint, params)

    def request(
        self,
        endpoint: str,
        params: Mapping[str, str | int],
        *,
        check: Callable[[httpx.Response], None] = check_response,
        keep: bool = False,
    ) -> Fetched:
        """One DRF request with the OC key, the Referer and the browser User-Agent, classified by `check`.
        Public for the history client (`history`), which reads the 연혁 list that law.go.kr serves only as
        HTML and so needs a check that does not take every HTML page for a maintenance page. `keep`: a
        document that does not change (a judgment's body), answered again for a few minutes without asking
        (`SourceHTTP.get`)."""
        return self.http.get(
            f"{self.base_url}/{endpoint}",
            params={"OC": self.oc, **params},
            headers={"Referer": REFERER, "User-Agent": BROWSER_USER_AGENT},
            redact_params=("OC",),
            check=check,
            keep=keep,
        )

    def _xml(self, fetched: Fetched) -> Element:
        try:
            root: Element = SafeET.fromstring(fetched.content)
        except Exception:
            raise TransientError("law.go.kr answered with malformed XML", retries=fetched.retries) from None
        return root

    # ---------------------------------------------------------------- statutes

    def search_laws(self, query: str, *, target: str = "law") -> list[LawHit]:
        """Every hit of a law-name search (the API matches substrings: 민법 also finds 난민법)."""
        if not query.strip():
            raise ValueError("search_laws needs a law name")
        hits, _ = self._search_laws(query, target)
        return hits

    def _search_laws(self, query: str, target: str, want: str | None = None) -> tuple[list[LawHit], int]:
        if act_names.withheld(query):  # every law search, the history's too (verifier.sources.act_names)
            return [], 0
        hits: list[LawHit] = []
        retries = 0
        for page in range(1, SEARCH_PAGES + 1):
            # kept a few minutes: the statute's history (lawgokr.history) looks the law's id up with the same
            # search, ahead of the source (HistoryLookup.ahead) or just after it
            fetched = self.request(
                "lawSearch.do",
                {"target": target, "type": "XML", "query": query, "display": DISPLAY, "page": page},
                keep=True,
            )
            retries += fetched.retries
            root = self._xml(fetched)
            page_hits = [
                LawHit(
                    name=find_text(item, "법령명한글"),
                    law_id=find_text(item, "법령ID"),
                    mst=find_text(item, "법령일련번호"),
                    abbreviation=find_text(item, "법령약칭명"),
                    effective_date=iso_date(find_text(item, "시행일자")),
                    promulgation_date=iso_date(find_text(item, "공포일자")),
                    status=find_text(item, "현행연혁코드"),
                    kind=find_text(item, "법령구분명"),
                )
                for item in items_of(root, "law")
            ]
            seen = {(h.law_id, h.mst) for h in hits}
            hits.extend(h for h in page_hits if (h.law_id, h.mst) not in seen)
            count = find_text(root, "totalCnt")
            total = int(count) if count.isdigit() else 0
            # For the current law one exact hit is enough; versions (eflaw) need every page.
            if want and target == "law" and any(_matches(h, want) for h in page_hits):
                break
            if page * DISPLAY >= total or not page_hits:
                break
        return hits, retries

    def _resolve_law(self, anchor: Anchor, name: str) -> Resolution:
        wanted = squash(name)
        on_date = anchor.date
        target = "eflaw" if on_date else "law"
        query = re.sub(r"[「」『』]", "", anchor.law or name).strip() or name
        if why := act_names.withheld(query) or act_names.withheld(name):  # a client's name never goes out
            return Unavailable(anchor.key, why, cause=Cause.NOT_RESOLVED)
        hits, retries = self._search_laws(query, target, wanted)
        if not any(_matches(h, wanted) for h in hits) and squash(query) != query:
            more, extra = self._search_laws(wanted, target, wanted)
            hits, retries = hits + more, retries + extra
        exact = [h for h in hits if _matches(h, wanted)]
        if not exact:
            near = tuple(dict.fromkeys(h.name for h in hits if wanted in squash(h.name)))[:5]
            return NotFound(anchor.key, f"law.go.kr has no law named {name!r}", suggestions=near)
        if on_date:
            in_force = [h for h in exact if h.effective_date and h.effective_date <= on_date]
            if not in_force:
                first = min((h.effective_date for h in exact if h.effective_date), default=None)
                reason = f"no version of {exact[0].name} was in force on {on_date}"
                if first:
                    reason += f" (the earliest version law.go.kr lists takes effect on {first})"
                return NotFound(anchor.key, reason)
            hit = max(in_force, key=lambda h: (h.effective_date or "", h.mst))
        else:
            current = [h for h in exact if h.status in ("", "현행")] or exact
            hit = current[0]
        document = self.fetch_law(hit, ef_date=hit.effective_date if on_date else None)
        document = replace(document, key=anchor.key, retries=document.retries + retries)
        return Found(document)

    def fetch_law(self, hit: LawHit, *, ef_date: str | None = None) -> SourceDocument:
        """The whole law as a SourceDocument (cached by 법령ID + MST + efYd). Raises SourceError."""
        cache_key = (hit.law_id, hit.mst, ef_date or "")
        with self._lock:
            cached = self._cache.get(cache_key)
            if cached is not None:
                self._cache.move_to_end(cache_key)
                return replace(cached, retries=0)
        target = "eflaw" if ef_date else "law"
        params: dict[str, str | int] = {"target": target, "type": self.body_format}
        if hit.mst:
            params["MST"] = hit.mst
        elif hit.law_id:
            params["ID"] = hit.law_id
        else:
            raise NotFoundError(f"law.go.kr listed {hit.name} without an id to fetch it by")
        if ef_date:
            params["efYd"] = ef_date.replace("-", "")
        fetched = self._get("lawService.do", params)
        law = self._parse_law(fetched, hit)
        document = self._law_document(law, hit, ef_date, fetched.retries)
        with self._lock:
            self._cache[cache_key] = document
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return document

    def _parse_law(self, fetched: Fetched, hit: LawHit) -> KrLaw:
        body = fetched.content.lstrip()
        missing: str | None = None
        try:
            if body.startswith(b"{"):
                data = json.loads(body)
                if isinstance(data, dict) and "Law" in data:
                    missing = str(data["Law"])
                else:
                    return parse_law_json(body, mst=hit.mst or None)
            else:
                root = SafeET.fromstring(body)
                missing = law_not_found(root)
                if missing is None:
                    return parse_law_xml(body, mst=hit.mst or None)
        except Exception as exc:  # parse errors of any kind: a garbled answer is worth asking again
            raise TransientError(
                f"law.go.kr's text of {hit.name} could not be read ({exc})", retries=fetched.retries
            ) from None
        raise NotFoundError(f"law.go.kr has no text for {hit.name} (MST {hit.mst}): {missing}")

    def _law_document(self, law: KrLaw, hit: LawHit, ef_date: str | None, retries: int) -> SourceDocument:
        text, units = law.render()
        if not text:
            raise TransientError(f"law.go.kr returned {hit.name} without any article", retries=retries)
        name = law.name or hit.name
        mst = law.mst or hit.mst
        # The fake (and a search hit without 법령일련번호) gives no MST; the 시행일자 still pins the version.
        base = mst or f"{law.law_id or hit.law_id}:{digits(law.effective_date or hit.effective_date)}"
        version = base + (f"@{ef_date.replace('-', '')}" if ef_date else "")
        meta = {
            "법령ID": law.law_id or hit.law_id,
            "MST": mst,
            "시행일자": law.effective_date or hit.effective_date or "",
            "공포일자": law.promulgation_date or hit.promulgation_date or "",
            "공포번호": law.promulgation_number or "",
            "법령구분": law.kind or hit.kind,
            "현행연혁": hit.status,
        }
        return SourceDocument(
            id=f"lawgokr:law:{law.law_id or hit.law_id}@{mst or version}",
            key=f"kr:law:{squash(name)}",
            jurisdiction=Jurisdiction.KR,
            kind=Kind.STATUTE,
            title=name,
            text=text,
            url=PUBLIC_LAW_URL.format(name=name.replace(" ", "%20")),
            version=version,
            sha256=hashlib.sha256(text.encode()).hexdigest(),
            fetched_at=self._now().isoformat(timespec="seconds"),
            origin="law.go.kr",
            date=law.effective_date or hit.effective_date,
            units=units,
            retries=retries,
            meta={k: v for k, v in meta.items() if v},
        )

    # -------------------------------------------------------------- decisions

    def _search_decisions(self, spec: DecisionSpec, query: str) -> tuple[list[DecisionHit], int]:
        fetched = self._get(
            "lawSearch.do", {"target": spec.target, "type": "XML", "query": query, "display": DISPLAY}
        )
        root = self._xml(fetched)
        hits = []
        for item in items_of(root, *spec.search_items):
            serial = next((find_text(item, f) for f in spec.serial_fields if find_text(item, f)), "")
            date = next((find_text(item, f) for f in spec.date_fields if find_text(item, f)), "")
            court = find_text(item, spec.court_field) if spec.court_field else ""
            hits.append(
                DecisionHit(
                    serial=serial,
                    number=find_text(item, spec.number_field),
                    title=find_text(item, spec.title_field),
                    date=iso_date(date),
                    court=court or spec.default_court,
                )
            )
        return hits, fetched.retries

    def _resolve_decision(self, anchor: Anchor, spec: DecisionSpec, number: str) -> Resolution:
        wanted = normalize_case_number(anchor.number or number)
        hits, retries = self._search_decisions(spec, wanted)
        exact = [h for h in hits if normalize_case_number(h.number) == wanted]
        if not exact:
            near = tuple(dict.fromkeys(h.number for h in hits))[:5]
            return NotFound(anchor.key, f"law.go.kr has no {spec.label} numbered {wanted}", suggestions=near)
        exact = _prefer(exact, anchor)
        refused: list[str] = []
        for hit in exact:
            # the body is kept a few minutes: the later-treatment scan of another cited judgment may read it
            # among the later ones (lawgokr.treatment), and a judgment's text does not change
            fetched = self.request(
                "lawService.do", {"target": spec.target, "ID": hit.serial, "type": "XML"}, keep=True
            )
            retries += fetched.retries
            root = self._xml(fetched)
            missing = law_not_found(root)
            if missing is not None:
                refused.append(f"{hit.serial}: {missing}")
                continue
            document = self._decision_document(spec, root, hit, anchor.key, retries, age=fetched.age)
            if len(exact) > 1:
                others = ", ".join(f"{h.court} {h.date} ({h.serial})" for h in exact if h is not hit)
                document = replace(document, meta={**document.meta, "other_matches": others})
            return Found(document)
        first = exact[0]
        return Unavailable(
            anchor.key,
            f"law.go.kr lists {first.court} {first.number} ({first.date}) but serves no text for it "
            f"({'; '.join(refused)}); read it at {spec.public_url.format(serial=first.serial)}",
            retries=retries,
        )

    def _decision_document(
        self, spec: DecisionSpec, root: Element, hit: DecisionHit, key: str, retries: int, *, age: float = 0.0
    ) -> SourceDocument:
        parts: list[str] = []
        summary: list[str] = []
        for index, names in enumerate(spec.sections):
            value = next((br_to_newlines(find_text(root, n)) for n in names if find_text(root, n)), "")
            if not value:
                continue
            block = f"【{names[0]}】\n{value}"
            parts.append(block)
            if index < spec.summary_sections:
                summary.append(value)
        text = "\n\n".join(parts)
        if not text:
            raise TransientError(
                f"law.go.kr served {hit.number} with no text in any section", retries=retries
            )
        number = find_text(root, spec.number_field) or hit.number
        date = (
            next((iso_date(find_text(root, f)) for f in spec.date_fields if find_text(root, f)), None)
            or hit.date
        )
        court = (
            (find_text(root, spec.court_field) if spec.court_field else "") or hit.court or spec.default_court
        )
        serial = (
            next((find_text(root, f) for f in spec.serial_fields if find_text(root, f)), "") or hit.serial
        )
        meta = {
            spec.serial_fields[0]: serial,
            "사건명" if spec.target != "expc" else "안건명": find_text(root, spec.title_field) or hit.title,
        }
        for extra in ("사건종류명", "판결유형", "법원종류코드"):
            if find_text(root, extra):
                meta[extra] = find_text(root, extra)
        return SourceDocument(
            id=f"lawgokr:{spec.target}:{serial}",
            key=key,
            jurisdiction=Jurisdiction.KR,
            kind=spec.kind,
            title=find_text(root, spec.title_field) or hit.title or number,
            text=text,
            url=spec.public_url.format(serial=serial),
            version=serial,
            sha256=hashlib.sha256(text.encode()).hexdigest(),
            fetched_at=(self._now() - timedelta(seconds=age)).isoformat(timespec="seconds"),
            origin="law.go.kr",
            number=number,
            date=date,
            court=court,
            summary="\n".join(summary) or None,
            retries=retries,
            meta=meta,
        )

    # -------------------------------------------------------------- aiSearch

    def search_articles(self, query: str, *, display: int = 20) -> list[ArticleHit]:
        """law.go.kr's semantic article search (target=aiSearch, search=0: 법령조문). Raises SourceError."""
        if not query.strip():
            raise ValueError("search_articles needs words to search for")
        fetched = self._get(
            "lawSearch.do",
            {"target": "aiSearch", "type": "XML", "query": query, "search": 0, "display": display},
        )
        root = self._xml(fetched)
        hits = []
        for item in root.iter("법령조문"):
            main = find_text(item, "조문번호")
            if not main.isdigit():
                continue
            branch = find_text(item, "조문가지번호")
            number = f"{int(main)}-{int(branch)}" if branch.isdigit() and int(branch) else str(int(main))
            hits.append(
                ArticleHit(
                    law_id=find_text(item, "법령ID"),
                    law_name=find_text(item, "법령명"),
                    article=number,
                    title=find_text(item, "조문제목"),
                    text=br_to_newlines(find_text(item, "조문내용")),
                    effective_date=iso_date(find_text(item, "시행일자")),
                )
            )
        return hits

    def suggest_articles(self, law_name: str, claim_text: str, *, limit: int = 3) -> list[str]:
        """Articles of `law_name` that aiSearch finds for the claim ("did you mean 제17조?"). A failed search
        gives no suggestions rather than an error: suggestions are a courtesy, never evidence."""
        if not self.oc or not claim_text.strip():
            return []
        try:
            hits = self.search_articles(claim_text, display=50)
        except SourceError as exc:
            log.info("no article suggestions for %s: %s", law_name, exc.message)
            return []
        wanted = squash(law_name)
        labels = [h.label for h in hits if squash(h.law_name) == wanted]
        return list(dict.fromkeys(labels))[:limit]


def _matches(hit: LawHit, wanted: str) -> bool:
    return squash(hit.name) == wanted or (bool(hit.abbreviation) and squash(hit.abbreviation) == wanted)


_COURT_ABBREVIATIONS = (
    ("고법", "고등법원"),
    ("지법", "지방법원"),
    ("행법", "행정법원"),
    ("가법", "가정법원"),
)


def _court_key(court: str) -> str:
    court = squash(court)
    for short, full in _COURT_ABBREVIATIONS:
        court = court.replace(short, full)
    return court


def _prefer(hits: list[DecisionHit], anchor: Anchor) -> list[DecisionHit]:
    """Order same-numbered hits so that the one matching the draft's court and date comes first."""
    want_court = _court_key(anchor.court) if anchor.court else None

    def score(hit: DecisionHit) -> tuple[int, int]:
        court_ok = int(bool(want_court) and _court_key(hit.court) == want_court)
        date_ok = int(bool(anchor.date) and hit.date == anchor.date)
        return (-court_ok, -date_ok)

    return sorted(hits, key=score)

"""Polish search: SAOS judgments and Sejm ELI acts, with each hit's body as a `SourceDocument`.

    search = PolandSearch(saos_resolver, eli_resolver)       # the sources' resolvers: their SourceHTTP, URLs
    search.judgments(all=…, case_number=…, court_type=…, date_from=…, date_to=…, judge=…, keywords=(…),
                     referenced_regulation=…, page=1, display=20) -> Page
    search.acts(title=…, year=…, act_type=…, in_force=None, page=1, display=20) -> Page
    search.judgment(judgment_id) -> SourceDocument ; search.act(eli) -> SourceDocument

Only SAOS's documented parameter names are sent (it answers any other name with 400). SAOS pages are
0-based, ours 1-based. Administrative courts are not in SAOS: asking for them is a clear ValueError, not an
empty page that would read as "no such judgment". Snippets come without SAOS's <em> highlight tags.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from verifier.model import Anchor, Found, NotFound, SourceDocument, Unavailable
from verifier.search.results import Hit, Page, clamp_display, clamp_page
from verifier.sources.eli import EliResolver
from verifier.sources.eli import check_json as eli_check_json
from verifier.sources.errors import NotFoundError, PermanentError, TransientError
from verifier.sources.saos import (
    ACCEPT_JSON,
    SaosResolver,
    date_problem,
    judgment_document,
    parse_judgment,
    public_judgment_url,
)
from verifier.sources.saos import check_json as saos_check_json

if TYPE_CHECKING:
    import httpx

COURT_TYPES: Mapping[str, str] = {
    "common": "COMMON",
    "powszechny": "COMMON",
    "sądpowszechny": "COMMON",
    "supreme": "SUPREME",
    "sn": "SUPREME",
    "sądnajwyższy": "SUPREME",
    "constitutionaltribunal": "CONSTITUTIONAL_TRIBUNAL",
    "constitutional": "CONSTITUTIONAL_TRIBUNAL",
    "tk": "CONSTITUTIONAL_TRIBUNAL",
    "trybunałkonstytucyjny": "CONSTITUTIONAL_TRIBUNAL",
    "nationalappealchamber": "NATIONAL_APPEAL_CHAMBER",
    "kio": "NATIONAL_APPEAL_CHAMBER",
    "krajowaizbaodwoławcza": "NATIONAL_APPEAL_CHAMBER",
}
WORD_PARAMS = ("all", "judgeName", "keywords", "referencedRegulation")
ADMINISTRATIVE = {"administrative", "nsa", "wsa", "sądadministracyjny"}


class _Empty(NotFoundError):
    pass


def _check_saos(response: httpx.Response) -> None:
    if response.status_code == 200 and not response.content.strip():
        raise _Empty("SAOS answered with an empty body")
    saos_check_json(response)


def saos_court_type(alias: str) -> str:
    key = re.sub(r"[\s_.\-]", "", alias).casefold()
    if key in ADMINISTRATIVE or key == "administrative":
        raise ValueError(
            "SAOS holds no administrative court judgments (WSA/NSA); search orzeczenia.nsa.gov.pl instead"
        )
    for name, value in COURT_TYPES.items():
        if key == name.casefold() or key == value.replace("_", "").casefold():
            return value
    raise ValueError(f"unknown court type {alias!r}; expected common, supreme, constitutional or kio")


def _iso(value: str | None, what: str) -> str | None:
    if not value or not value.strip():
        return None
    text = value.strip()
    if re.fullmatch(r"\d{8}", text):
        text = f"{text[:4]}-{text[4:6]}-{text[6:]}"
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise ValueError(f"{what} must be a date like 2020-01-31, got {value!r}")
    return text


def _plain(snippet: str) -> str:
    text = re.sub(r"</?em>", "", snippet)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", text).strip()


class PolandSearch:
    def __init__(self, saos: SaosResolver, eli: EliResolver) -> None:
        self.saos = saos
        self.eli = eli

    # ------------------------------------------------------------------------- SAOS

    def judgments(
        self,
        *,
        all: str | None = None,
        case_number: str | None = None,
        court_type: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        judge: str | None = None,
        keywords: Iterable[str] = (),
        referenced_regulation: str | None = None,
        page: object = 1,
        display: object = 20,
    ) -> Page:
        page_no, size = clamp_page(page), clamp_display(display)
        start, end = _iso(date_from, "date_from"), _iso(date_to, "date_to")
        if start and end and start > end:
            raise ValueError(f"date_from {start} is after date_to {end}")
        words = [k.strip() for k in keywords if k and k.strip()]
        params: list[tuple[str, str | int]] = []
        for name, value in (
            ("all", all),
            ("caseNumber", case_number),
            ("judgeName", judge),
            ("referencedRegulation", referenced_regulation),
            ("judgmentDateFrom", start),
            ("judgmentDateTo", end),
        ):
            if value and str(value).strip():
                params.append((name, str(value).strip()))
        if court_type:
            params.append(("courtType", saos_court_type(court_type)))
        params.extend(("keywords", w) for w in words)
        named = {"all", "caseNumber", "judgeName", "referencedRegulation", "keywords"}
        # One day's judgments is a bounded list too: what identifier-only suggestions ask for.
        if not any(name in named for name, _ in params) and not (start and end and start == end):
            raise ValueError(
                "give words, a case number, a judge, a keyword, a referenced regulation or a single day"
            )
        # Newest first: the judgment a draft cites wrongly is usually a recent one.
        params += [
            ("pageSize", size),
            ("pageNumber", page_no - 1),
            ("sortingField", "JUDGMENT_DATE"),
            ("sortingDirection", "DESC"),
        ]
        query = " ".join(str(v) for n, v in params if not n.startswith(("page", "sorting")))
        try:
            text = self._get("/search/judgments", params).text
        except _Empty:
            return Page.empty("saos", query, page_no, size, upstream_empty=True)
        data = _json(text, "SAOS search answer")
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise TransientError("SAOS search answer has no `items` list")
        hits = [self._hit(item) for item in items if isinstance(item, dict)]
        total = int((data.get("info") or {}).get("totalResults", len(hits)))
        notes = tuple(
            f"{h.number}: SAOS gives the impossible date {h.meta['saos_date']}"
            for h in hits
            if "saos_date" in h.meta
        )
        return Page("saos", query, tuple(hits), total, page_no, size, notes=notes)

    def _get(self, path: str, params: list[tuple[str, str | int]] | None = None) -> Any:
        # httpx accepts repeated parameters as a list of pairs; SourceHTTP types them as a mapping.
        url = f"{self.saos.base_url}{path}"
        if params:
            import httpx

            url += "?" + str(httpx.QueryParams(tuple((k, str(v)) for k, v in params)))
        # Words typed into a search are the user's work: logged URLs keep identifiers only.
        return self.saos.http.get(url, headers=ACCEPT_JSON, redact_params=WORD_PARAMS, check=_check_saos)

    def _hit(self, item: Mapping[str, Any]) -> Hit:
        numbers = [str(c.get("caseNumber", "")).strip() for c in item.get("courtCases") or [] if c]
        division = item.get("division") or {}
        court = (division.get("court") or {}).get("name") or {
            "SUPREME": "Sąd Najwyższy",
            "CONSTITUTIONAL_TRIBUNAL": "Trybunał Konstytucyjny",
            "NATIONAL_APPEAL_CHAMBER": "Krajowa Izba Odwoławcza",
        }.get(str(item.get("courtType")), "")
        when = item.get("judgmentDate") or None
        meta = {
            "courtType": str(item.get("courtType") or ""),
            "judgmentType": str(item.get("judgmentType") or ""),
            "keywords": "; ".join(str(k) for k in item.get("keywords") or []),
            "judges": "; ".join(str(j.get("name")) for j in item.get("judges") or [] if j.get("name")),
            "division": str(division.get("name") or ""),
        }
        if date_problem(when):
            meta["saos_date"] = str(when)
            when = None
        judgment_id = str(item.get("id"))
        return Hit(
            collection="saos",
            id=judgment_id,
            title=f"{court} {', '.join(numbers)}".strip(),
            number=", ".join(numbers) or None,
            date=when,
            court=court or None,
            snippet=_plain(str(item.get("textContent") or ""))[:400],
            url=public_judgment_url(self.saos.base_url, int(judgment_id)) if judgment_id.isdigit() else "",
            meta={k: v for k, v in meta.items() if v},
        )

    def judgment(self, judgment_id: str) -> SourceDocument:
        if not re.fullmatch(r"\d{1,12}", judgment_id or ""):
            raise ValueError(f"a SAOS judgment id is a number, got {judgment_id!r}")
        try:
            fetched = self._get(f"/judgments/{judgment_id}")
        except _Empty:
            raise TransientError(f"SAOS answered judgment {judgment_id} with an empty body") from None
        data = parse_judgment(fetched.text)
        numbers = [str(c.get("caseNumber", "")).strip() for c in data.get("courtCases") or [] if c]
        key = f"pl:case:{numbers[0]}" if numbers else f"pl:case:saos-{judgment_id}"
        url = public_judgment_url(self.saos.base_url, int(judgment_id))
        return judgment_document([data], key=key, url=url, retries=fetched.retries)

    # -------------------------------------------------------------------------- ELI

    def acts(
        self,
        *,
        title: str | None = None,
        year: object = None,
        act_type: str | None = None,
        in_force: bool | None = None,
        publisher: str = "DU",
        page: object = 1,
        display: object = 20,
    ) -> Page:
        page_no, size = clamp_page(page), clamp_display(display)
        params: dict[str, str | int] = {"publisher": publisher, "limit": size, "offset": (page_no - 1) * size}
        if title and title.strip():
            params["title"] = title.strip()
        if year not in (None, ""):
            if not re.fullmatch(r"\d{4}", str(year).strip()):
                raise ValueError(f"year must be four digits, got {year!r}")
            params["year"] = str(year).strip()
        if act_type and act_type.strip():
            params["type"] = act_type.strip()
        if in_force is not None:
            params["inForce"] = "1" if in_force else "0"
        if not any(k in params for k in ("title", "year", "type")):
            raise ValueError("give a title, a year or a type of act")
        query = " ".join(str(params[k]) for k in ("title", "year", "type") if k in params)
        try:
            fetched = self.eli.http.get(
                f"{self.eli.base_url}/acts/search",
                params=params,
                headers={"Accept": "application/json"},
                redact_params=("title", "keyword"),
                check=_check_eli,
            )
        except _Empty:
            return Page.empty("eli", query, page_no, size, upstream_empty=True)
        data = _json(fetched.text, "ELI search answer")
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise TransientError("the ELI search answer has no `items` list")
        hits = [self._act_hit(i) for i in items if isinstance(i, dict)]
        notes: list[str] = []
        if in_force is not None:
            # Clients disagree on how inForce is spelled (1 or true): check the answer instead of trusting it.
            wanted = "IN_FORCE" if in_force else "NOT_IN_FORCE"
            kept = [h for h in hits if h.meta.get("inForce", wanted) == wanted]
            if len(kept) < len(hits):
                notes.append(f"{len(hits) - len(kept)} act(s) with another in-force status were hidden")
            hits = kept
        total = int(data.get("totalCount", len(hits)) or 0)
        return Page("eli", query, tuple(hits), total, page_no, size, notes=tuple(notes))

    def _act_hit(self, item: Mapping[str, Any]) -> Hit:
        eli = str(item.get("ELI") or item.get("eli") or "")
        meta = {
            "type": str(item.get("type") or ""),
            "status": str(item.get("status") or ""),
            "inForce": str(item.get("inForce") or ""),
            "displayAddress": str(item.get("displayAddress") or ""),
        }
        return Hit(
            collection="eli",
            id=eli,
            title=str(item.get("title") or eli),
            number=meta["displayAddress"] or eli,
            date=item.get("announcementDate") or None,
            court=str(item.get("publisher") or "") or None,
            snippet=" · ".join(v for v in (meta["type"], meta["status"]) if v),
            url=f"{self.eli.base_url}/acts/{eli}" if eli else "",
            meta={k: v for k, v in meta.items() if v},
        )

    def act(self, eli: str) -> SourceDocument:
        if not re.fullmatch(r"(DU|MP)/\d{4}/\d+", eli or ""):
            raise ValueError(f"an act is opened by its ELI address like DU/1964/93, got {eli!r}")
        resolution = self.eli.resolve(Anchor(key=f"pl:act:{eli}", number=eli))
        if isinstance(resolution, Found):
            return resolution.document
        if isinstance(resolution, NotFound):
            raise NotFoundError(resolution.reason)
        if isinstance(resolution, Unavailable):
            raise TransientError(resolution.reason, retries=resolution.retries)
        raise PermanentError(resolution.reason)


def _check_eli(response: httpx.Response) -> None:
    if response.status_code == 200 and not response.content.strip():
        raise _Empty("the ELI API answered with an empty body")
    eli_check_json(response)


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise TransientError(f"{what} is not valid JSON") from None

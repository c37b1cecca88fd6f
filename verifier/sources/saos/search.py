"""Search of SAOS judgments, with each hit's body as a `SourceDocument`.

    search = SaosSearch(saos_resolver)       # the sources' resolver: its SourceHTTP and URL
    search.judgments(all=…, case_number=…, court_type=…, date_from=…, date_to=…, judge=…, keywords=(…),
                     referenced_regulation=…, page=1, display=20) -> Page
    search.judgment(judgment_id) -> SourceDocument

Only SAOS's documented parameter names are sent (it answers any other name with 400). SAOS pages are
0-based, ours 1-based. Administrative courts are not in SAOS: asking for them is a clear ValueError, not an
empty page that would read as "no such judgment". Snippets come without SAOS's <em> highlight tags.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from verifier.model import SourceDocument
from verifier.search.results import EmptyAnswer, Hit, Page, clamp_display, clamp_page, json_answer
from verifier.sources.errors import TransientError
from verifier.sources.saos.client import (
    ACCEPT_JSON,
    SaosResolver,
    check_json,
    date_problem,
    judgment_document,
    parse_judgment,
    public_judgment_url,
)

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


def _check_saos(response: httpx.Response) -> None:
    if response.status_code == 200 and not response.content.strip():
        raise EmptyAnswer("SAOS answered with an empty body")
    check_json(response)


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


def _filters(
    named: Mapping[str, str | None], court_type: str | None, keywords: Iterable[str]
) -> list[tuple[str, str | int]]:
    """SAOS's search parameters for the filters given; ValueError when they would list judgments unbounded."""
    params: list[tuple[str, str | int]] = []
    for name, value in named.items():
        if value and str(value).strip():
            params.append((name, str(value).strip()))
    if court_type:
        params.append(("courtType", saos_court_type(court_type)))
    params.extend(("keywords", k.strip()) for k in keywords if k and k.strip())
    start, end = named.get("judgmentDateFrom"), named.get("judgmentDateTo")
    wordy = {"all", "caseNumber", "judgeName", "referencedRegulation", "keywords"}
    # One day's judgments is a bounded list too: what identifier-only suggestions ask for.
    if not any(name in wordy for name, _ in params) and not (start and end and start == end):
        raise ValueError(
            "give words, a case number, a judge, a keyword, a referenced regulation or a single day"
        )
    return params


class SaosSearch:
    def __init__(self, saos: SaosResolver) -> None:
        self.saos = saos

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
        params = _filters(
            {
                "all": all,
                "caseNumber": case_number,
                "judgeName": judge,
                "referencedRegulation": referenced_regulation,
                "judgmentDateFrom": start,
                "judgmentDateTo": end,
            },
            court_type,
            keywords,
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
        except EmptyAnswer:
            return Page.empty("saos", query, page_no, size, upstream_empty=True)
        data = json_answer(text, "SAOS search answer")
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
        except EmptyAnswer:
            raise TransientError(f"SAOS answered judgment {judgment_id} with an empty body") from None
        data = parse_judgment(fetched.text)
        numbers = [str(c.get("caseNumber", "")).strip() for c in data.get("courtCases") or [] if c]
        key = f"pl:case:{numbers[0]}" if numbers else f"pl:case:saos-{judgment_id}"
        url = public_judgment_url(self.saos.base_url, int(judgment_id))
        return judgment_document([data], key=key, url=url, retries=fetched.retries)

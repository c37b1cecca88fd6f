"""One entry point for the search panel: a flat set of form values → the right collection's search.

    searcher = Searcher(korea=KoreaSearch(…) | None, poland=PolandSearch(…) | None, eu=EuSearch(…) | None)
    searcher.search(Params(collection="prec", query="업무방해", court="대법원", date_from="2004-01-01"))
        -> Page
    searcher.document("prec", "67362") -> SourceDocument
    collection_choices() -> [(group label, [(code, label), …]), …]     for the form's <select>

Collections: every law.go.kr target (statutes, 판례, 헌재, 해석례, 행정심판, 12 committees, 4 tribunals, 39
ministries, 법령용어, aiSearch), "saos", "eli" and "cellar". A collection whose client is missing (no OC key,
local-only mode) raises `SearchUnavailable` with the reason, so the panel says why instead of showing nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from verifier.model import SourceDocument
from verifier.search.poland import PolandSearch
from verifier.search.results import Page, clamp_display, clamp_page
from verifier.sources.cellar.search import EuSearch
from verifier.sources.lawgokr import codes
from verifier.sources.lawgokr.search import KoreaSearch

NON_KOREAN = ("saos", "eli", "cellar")
TERM_COLLECTIONS = ("lstrm",)


class SearchUnavailable(Exception):
    """This collection cannot be searched here (no key, local-only mode); the message says why."""


@dataclass(frozen=True, slots=True)
class Params:
    collection: str
    query: str = ""
    court: str = ""
    case_type: str = ""
    date_from: str = ""
    date_to: str = ""
    scope: str = ""
    effective_date: str = ""
    domain: str = "0"
    case_number: str = ""
    judge: str = ""
    keywords: str = ""  # comma-separated
    regulation: str = ""
    year: str = ""
    act_type: str = ""
    in_force: str = ""  # "", "yes", "no"
    page: int = 1
    display: int = 20

    def normalized(self) -> Params:
        values = {
            f.name: (
                getattr(self, f.name).strip()
                if isinstance(getattr(self, f.name), str)
                else getattr(self, f.name)
            )
            for f in dataclasses.fields(self)
        }
        values["page"] = clamp_page(self.page)
        values["display"] = clamp_display(self.display)
        return Params(**values)

    def cache_key(self) -> str:
        return "|".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))

    @property
    def is_term_search(self) -> bool:
        return self.collection in TERM_COLLECTIONS


class Searcher:
    def __init__(
        self,
        *,
        korea: KoreaSearch | None,
        poland: PolandSearch | None,
        eu: EuSearch | None,
        why_not: str = "",
    ) -> None:
        self.korea = korea
        self.poland = poland
        self.eu = eu
        self.why_not = why_not or "this source is not configured"

    def _kr(self) -> KoreaSearch:
        if self.korea is None:
            raise SearchUnavailable(f"law.go.kr cannot be searched: {self.why_not}")
        return self.korea

    def _pl(self) -> PolandSearch:
        if self.poland is None:
            raise SearchUnavailable(f"SAOS and ELI cannot be searched: {self.why_not}")
        return self.poland

    def _eu(self) -> EuSearch:
        if self.eu is None:
            raise SearchUnavailable(f"CELLAR cannot be searched: {self.why_not}")
        return self.eu

    def search(self, params: Params) -> Page:
        """Raises ValueError for bad input, SearchUnavailable, or a SourceError from the upstream."""
        p = params.normalized()
        paging = {"page": p.page, "display": p.display}
        if p.collection == "saos":
            return self._pl().judgments(
                all=p.query or None,
                case_number=p.case_number or None,
                court_type=p.court or None,
                date_from=p.date_from or None,
                date_to=p.date_to or None,
                judge=p.judge or None,
                keywords=[k for k in p.keywords.split(",") if k.strip()],
                referenced_regulation=p.regulation or None,
                **paging,
            )
        if p.collection == "eli":
            in_force = {"yes": True, "no": False}.get(p.in_force)
            return self._pl().acts(
                title=p.query or None,
                year=p.year or None,
                act_type=p.act_type or None,
                in_force=in_force,
                page=p.page,
                display=p.display,
            )
        if p.collection == "cellar":
            page, _ = self._eu().lookup(p.query)
            return page
        spec = codes.collection(p.collection)
        korea = self._kr()
        if spec.code in ("law", "eflaw"):
            return korea.statutes(
                p.query, effective_date=p.effective_date or None, scope=p.scope or None, **paging
            )
        if spec.code == "prec":
            return korea.precedents(
                p.query,
                court=p.court or None,
                case_type=p.case_type or None,
                date_from=p.date_from or None,
                date_to=p.date_to or None,
                scope=p.scope or None,
                **paging,
            )
        if spec.code == "aiSearch":
            return korea.articles(p.query, domain=p.domain or 0, **paging)
        if spec.code == "lstrm":
            return korea.terms(p.query, **paging)
        return korea.decisions(
            spec.code,
            p.query,
            date_from=p.date_from or None,
            date_to=p.date_to or None,
            scope=p.scope or None,
            **paging,
        )

    def document(self, collection: str, doc_id: str) -> SourceDocument:
        if collection == "saos":
            return self._pl().judgment(doc_id)
        if collection == "eli":
            return self._pl().act(doc_id)
        if collection == "cellar":
            return self._eu().document(doc_id)
        return self._kr().document(collection, doc_id)


GROUP_LABELS: Mapping[str, Mapping[str, str]] = {
    "core": {"en": "law.go.kr (Korea)", "pl": "law.go.kr (Korea)", "ko": "law.go.kr"},
    "committee": {
        "en": "Korean committees' decisions",
        "pl": "Decyzje komisji koreańskich",
        "ko": "위원회 결정문",
    },
    "tribunal": {
        "en": "Korean special administrative tribunals",
        "pl": "Koreańskie szczególne organy odwoławcze",
        "ko": "특별행정심판",
    },
    "ministry": {
        "en": "Korean ministries' interpretations",
        "pl": "Wykładnia ministerstw koreańskich",
        "ko": "중앙부처 1차 해석",
    },
    "pl": {"en": "Poland", "pl": "Polska", "ko": "폴란드"},
    "eu": {"en": "European Union", "pl": "Unia Europejska", "ko": "유럽연합"},
}


def collection_choices(language: str = "en") -> list[tuple[str, list[tuple[str, str]]]]:
    """The form's <optgroup>s and <option>s, labelled in the reader's language (Korean names beside)."""
    lang = language[:2] if language[:2] in ("en", "pl", "ko") else "en"

    def group(name: str, codes_: list[str]) -> tuple[str, list[tuple[str, str]]]:
        return GROUP_LABELS[name][lang], [(code, codes.label(code, lang)) for code in codes_]

    return [
        group("core", [c.code for c in codes.in_group("core") if c.code != "eflaw"]),
        group("committee", [c.code for c in codes.in_group("committee")]),
        group("tribunal", [c.code for c in codes.in_group("tribunal")]),
        group("ministry", [c.code for c in codes.in_group("ministry")]),
        group("pl", ["saos", "eli"]),
        group("eu", ["cellar"]),
    ]


def is_known_collection(code: str) -> bool:
    return code in NON_KOREAN or code in codes.collections()

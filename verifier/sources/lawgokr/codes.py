"""Code tables for the source search, with aliases, so that `형사`, `criminal` and `400102` are one filter.

    collection(alias) -> Collection      any law.go.kr collection: "prec", "판례", "공정위", "tax", "moj" …
    committee(alias) / tribunal(alias) / ministry(alias) -> Collection   the same, limited to one group
    case_type(alias) -> CaseType          "형사" | "criminal" | "400102" → CaseType("400102", "형사")
    court(alias) -> CourtFilter          "대법원" | "supreme" | "400201" → org=400201;
                                         "서울고법" → curt=서울고등법원

The tables live in `verifier/data/search-*.json` (one entry per code, its Korean name and aliases). Unknown
aliases raise `ValueError` naming the accepted values: a typo must never turn into "no results", since the
upstream answers an unknown target with an empty 200 that looks exactly like an empty result.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

type Group = Literal["core", "committee", "tribunal", "ministry"]


@dataclass(frozen=True, slots=True)
class Collection:
    """One law.go.kr search target and how its list and body answers are shaped."""

    code: str  # the DRF `target`
    name: str
    group: Group
    list_root: str
    item: str  # the list item tag (case-sensitive: detc items are <Detc>)
    id_field: str
    title_field: str
    body_root: str = ""
    number_fields: tuple[str, ...] = ()
    date_fields: tuple[str, ...] = ()
    court_fields: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()  # body fields in reading order; others follow in document order
    has_body: bool = True
    id_param: str = "ID"
    aliases: tuple[str, ...] = field(default=(), compare=False)
    kind: str = "other"  # a verifier.model.Kind value for documents of this collection


@dataclass(frozen=True, slots=True)
class CaseType:
    code: str
    name: str


@dataclass(frozen=True, slots=True)
class CourtFilter:
    """What to send: `org` (court level code) or `curt` (법원명); `name` is how the UI shows it."""

    name: str
    org: str | None = None
    curt: str | None = None


_CORE: Sequence[Collection] = (
    Collection(
        code="law",
        name="현행법령",
        group="core",
        list_root="LawSearch",
        item="law",
        id_field="법령일련번호",
        title_field="법령명한글",
        body_root="법령",
        date_fields=("시행일자",),
        id_param="MST",
        aliases=("statute", "statutes", "법령", "법률", "현행법령"),
        kind="statute",
    ),
    Collection(
        code="eflaw",
        name="시행일법령",
        group="core",
        list_root="LawSearch",
        item="law",
        id_field="법령일련번호",
        title_field="법령명한글",
        body_root="법령",
        date_fields=("시행일자",),
        id_param="MST",
        aliases=("시행일", "effective"),
        kind="statute",
    ),
    Collection(
        code="prec",
        name="판례",
        group="core",
        list_root="PrecSearch",
        item="prec",
        id_field="판례일련번호",
        title_field="사건명",
        body_root="PrecService",
        number_fields=("사건번호",),
        date_fields=("선고일자",),
        court_fields=("법원명",),
        sections=("판시사항", "판결요지", "참조조문", "참조판례", "판례내용"),
        aliases=("precedent", "precedents", "case", "cases", "판결", "판례"),
        kind="judgment",
    ),
    Collection(
        code="detc",
        name="헌재결정례",
        group="core",
        list_root="DetcSearch",
        item="Detc",
        id_field="헌재결정례일련번호",
        title_field="사건명",
        body_root="DetcService",
        number_fields=("사건번호",),
        date_fields=("종국일자", "선고일자"),
        sections=("판시사항", "결정요지", "판결요지", "참조조문", "참조판례", "전문", "결정내용", "판례내용"),
        aliases=("constitutional", "헌재", "헌법재판소", "헌재결정"),
        kind="constitutional_decision",
    ),
    Collection(
        code="expc",
        name="법령해석례",
        group="core",
        list_root="Expc",
        item="expc",
        id_field="법령해석례일련번호",
        title_field="안건명",
        body_root="ExpcService",
        number_fields=("안건번호",),
        date_fields=("회신일자", "해석일자"),
        court_fields=("회신기관명", "해석기관명"),
        sections=("질의요지", "회답", "이유"),
        aliases=("interpretation", "interpretations", "법제처해석", "해석례"),
        kind="interpretation",
    ),
    Collection(
        code="decc",
        name="행정심판례",
        group="core",
        list_root="Decc",
        item="decc",
        id_field="행정심판재결례일련번호",
        title_field="사건명",
        body_root="PrecService",
        number_fields=("사건번호",),
        date_fields=("의결일자", "처분일자"),
        court_fields=("재결청", "재결기관"),
        sections=("재결요지", "주문", "청구취지", "이유"),
        aliases=("admin", "administrative appeal", "administrative appeals", "행정심판"),
        kind="interpretation",
    ),
    Collection(
        code="lstrm",
        name="법령용어",
        group="core",
        list_root="LsTrmSearch",
        item="lstrm",
        id_field="법령용어ID",
        title_field="법령용어명",
        body_root="LsTrmService",
        id_param="trmSeqs",
        aliases=("term", "terms", "용어", "법령용어"),
    ),
    Collection(
        code="aiSearch",
        name="지능형 조문검색",
        group="core",
        list_root="aiSearch",
        item="법령조문",
        id_field="법령ID",
        title_field="법령명",
        has_body=False,
        aliases=("ai", "article", "articles", "조문", "조문검색"),
        kind="statute",
    ),
)

_GROUP_FILES: Mapping[Group, str] = {
    "committee": "search-committees.json",
    "tribunal": "search-tribunals.json",
    "ministry": "search-ministries.json",
}


def fold(alias: str) -> str:
    """How aliases compare: case, spaces, dots and hyphens do not matter."""
    return re.sub(r"[\s.\-·_]", "", alias).casefold()


def _data(name: str) -> Any:
    return json.loads(resources.files("verifier").joinpath("data", name).read_text(encoding="utf-8"))


def _from_entry(entry: Mapping[str, Any], group: Group) -> Collection:
    kind = "interpretation"
    return Collection(
        code=str(entry["code"]),
        name=str(entry["name"]),
        group=group,
        list_root=str(entry["list_root"]),
        item=str(entry["item"]),
        id_field=str(entry["id_field"]),
        title_field=str(entry["title_field"]),
        body_root=str(entry.get("body_root", "")),
        number_fields=tuple(entry.get("number_fields", ())),
        date_fields=tuple(entry.get("date_fields", ())),
        has_body=bool(entry.get("has_body", True)),
        aliases=tuple(entry.get("aliases", ())),
        kind=kind,
    )


@cache
def collections() -> Mapping[str, Collection]:
    """Every law.go.kr collection the search knows, by target code."""
    table = {c.code: c for c in _CORE}
    for group, name in _GROUP_FILES.items():
        for entry in _data(name)["entries"]:
            item = _from_entry(entry, group)
            if item.code in table:
                raise ValueError(f"{name}: target {item.code} is listed twice")
            table[item.code] = item
    return table


@cache
def _alias_index() -> Mapping[str, str]:
    index: dict[str, str] = {}
    for item in collections().values():
        # The group's own short code ("ftc", "moj") comes first so a core alias cannot shadow it.
        for alias in (item.code, item.code.removesuffix("CgmExpc"), item.name, *item.aliases):
            index.setdefault(fold(alias), item.code)
    return index


def collection(alias: str, *, group: Group | None = None) -> Collection:
    """The collection an alias names; `group` limits the answer to committees, tribunals or ministries."""
    code = _alias_index().get(fold(alias))
    if code is not None:
        found = collections()[code]
        if group is None or found.group == group:
            return found
    choices = [c for c in collections().values() if group is None or c.group == group]
    what = {"committee": "committee", "tribunal": "tribunal", "ministry": "ministry"}.get(group or "", "")
    raise ValueError(
        f"unknown {what or 'collection'} {alias!r}; expected one of: "
        + ", ".join(f"{c.code.removesuffix('CgmExpc')} ({c.name})" for c in choices)
    )


def committee(alias: str) -> Collection:
    return collection(alias, group="committee")


def tribunal(alias: str) -> Collection:
    return collection(alias, group="tribunal")


def ministry(alias: str) -> Collection:
    return collection(alias, group="ministry")


@cache
def _labels() -> Mapping[str, Mapping[str, str]]:
    labels: Mapping[str, Mapping[str, str]] = _data("search-labels.json")["labels"]
    return labels


def label(code: str, language: str) -> str:
    """How the search form names a collection to a reader of `language` (en, pl, ko): translated, with the
    Korean name beside it for a Korean collection ("Ministry of Education (교육부)"); the Korean name alone
    for a Korean reader."""
    own = collections()[code].name if code in collections() else ""
    translated = _labels().get(code, {}).get(language[:2])
    if language.startswith("ko"):
        return translated or own or code
    if translated and own:
        return f"{translated} ({own})"
    return translated or own or code


def in_group(group: Group) -> list[Collection]:
    return [c for c in collections().values() if c.group == group]


@cache
def _case_types() -> Mapping[str, CaseType]:
    index: dict[str, CaseType] = {}
    for entry in _data("search-case-types.json")["entries"]:
        item = CaseType(code=str(entry["code"]), name=str(entry["name"]))
        for alias in (item.code, item.name, *entry.get("aliases", ())):
            index.setdefault(fold(alias), item)
    return index


def case_types() -> list[CaseType]:
    return sorted(set(_case_types().values()), key=lambda c: c.code)


def case_type(alias: str) -> CaseType:
    found = _case_types().get(fold(alias))
    if found is None:
        names = ", ".join(f"{c.name}/{c.code}" for c in case_types())
        raise ValueError(f"unknown case type {alias!r}; expected one of: {names}")
    return found


@cache
def _courts() -> Mapping[str, CourtFilter]:
    data = _data("search-courts.json")
    index: dict[str, CourtFilter] = {}
    for entry in data["levels"]:
        level = CourtFilter(name=str(entry["name"]), org=str(entry["code"]))
        for alias in (entry["code"], entry["name"], *entry.get("aliases", ())):
            index.setdefault(fold(alias), level)
    for entry in data["courts"]:
        named = CourtFilter(name=str(entry["name"]), curt=str(entry["name"]))
        for alias in (entry["name"], *entry.get("aliases", ())):
            index.setdefault(fold(alias), named)
    return index


def court(alias: str) -> CourtFilter:
    """A court level or a named court. A court name not in the table is passed on as written (curt), since
    law.go.kr knows more courts than the table does; court-level aliases are exact."""
    text = alias.strip()
    if not text:
        raise ValueError("empty court filter")
    found = _courts().get(fold(text))
    if found is not None:
        return found
    if re.fullmatch(r"\d{6}", text):
        raise ValueError(f"unknown court code {text!r}; expected 400201 (대법원) or 400202 (하급심)")
    if not re.search(r"[가-힣]", text):
        raise ValueError(
            f"unknown court {text!r}; use a Korean court name (서울고등법원) or supreme/lower/대법원/하급심"
        )
    return CourtFilter(name=text, curt=text)

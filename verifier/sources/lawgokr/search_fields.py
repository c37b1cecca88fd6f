"""The law.go.kr search's reading of list answers: fields, dates and ranges, court filters, public
addresses. What the statute resolver reads as well (headers, errors, an element's text) is
`verifier.sources.lawgokr.wire`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element

from verifier.search.results import Hit
from verifier.sources.errors import NotFoundError
from verifier.sources.lawgokr import codes
from verifier.sources.lawgokr.codes import Collection
from verifier.sources.lawgokr.wire import check_response, iso_date

if TYPE_CHECKING:
    import httpx
from verifier.sources.lawgokr.wire import squash, text_of

PUBLIC_URLS: Mapping[str, str] = {
    "prec": "https://www.law.go.kr/LSW/precInfoP.do?precSeq={id}",
    "detc": "https://www.law.go.kr/LSW/detcInfoP.do?detcSeq={id}",
    "expc": "https://www.law.go.kr/LSW/expcInfoP.do?expcSeq={id}",
    "decc": "https://www.law.go.kr/LSW/deccInfoP.do?deccSeq={id}",
    "lstrm": "https://www.law.go.kr/LSW/lsTrmInfoR.do?trmSeqs={id}",
}
# The service URL without the key is the one stable public address for the other collections' bodies.
GENERIC_URL = "https://www.law.go.kr/DRF/lawService.do?target={target}&ID={id}&type=HTML"
AI_DOMAINS: Mapping[int, str] = {0: "법령조문", 1: "법령별표서식", 2: "행정규칙조문", 3: "행정규칙별표서식"}
SCOPES: Mapping[str, int] = {"title": 1, "body": 2}
NOT_TEXT = re.compile(r"(링크|일련번호|ID|코드|구분)$")


class EmptyAnswer(NotFoundError):
    """HTTP 200 with no body at all: law.go.kr's "nothing" (also its answer to an unknown target)."""


def check_list_response(response: httpx.Response) -> None:
    if response.status_code == 200 and not response.content.strip():
        raise EmptyAnswer("law.go.kr answered with an empty body")
    check_response(response)


def field(item: Element, *names: str) -> str:
    for name in names:
        value = text_of(item.find(name))
        if value:
            return value
    return ""


def body_text(text: str) -> str:
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    text = re.sub(r"</?(p|div|span|b|strong|em)[^>]*>", "", text, flags=re.I)
    return "\n".join(line.rstrip() for line in text.strip().split("\n")).strip()


def list_date(value: str | None) -> str | None:
    """A list or body date as ISO: YYYYMMDD, 단기 years, and committee dates written "2009.4.15."."""
    if value and (m := re.fullmatch(r"\s*(\d{4})\s*[.\-/]\s*(\d{1,2})\s*[.\-/]\s*(\d{1,2})\.?\s*", value)):
        return iso_date(f"{m.group(1)}{int(m.group(2)):02d}{int(m.group(3)):02d}")
    return iso_date(value)


def ymd(value: str | None, what: str) -> str | None:
    """ISO or YYYYMMDD (dots and dashes allowed) → YYYYMMDD; a clear ValueError otherwise."""
    if value is None or not value.strip():
        return None
    digits = re.sub(r"[\s.\-/]", "", value)
    if not re.fullmatch(r"\d{8}", digits):
        raise ValueError(f"{what} must be a date like 2020-01-31 or 20200131, got {value!r}")
    try:
        date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        raise ValueError(f"{what} {value!r} is not a calendar date") from None
    return digits


def iso_ymd(ymd: str | None) -> str | None:
    return f"{ymd[:4]}-{ymd[4:6]}-{ymd[6:]}" if ymd else None


def date_range(date_from: str | None, date_to: str | None) -> tuple[str | None, str | None]:
    start, end = ymd(date_from, "date_from"), ymd(date_to, "date_to")
    if start and end and start > end:
        raise ValueError(f"date_from {iso_ymd(start)} is after date_to {iso_ymd(end)}")
    return start, end


def in_range(iso: str | None, start: str | None, end: str | None) -> bool:
    if not (start or end):
        return True
    if not iso:
        return False  # a hit without a date cannot be shown under a date filter as if it matched
    day = iso.replace("-", "")
    return (not start or day >= start) and (not end or day <= end)


def scope_code(scope: str | None) -> int | None:
    if scope is None or scope == "":
        return None
    if scope not in SCOPES:
        raise ValueError(f"scope must be 'title' or 'body', got {scope!r}")
    return SCOPES[scope]


def is_prose(value: str) -> bool:
    # A field is body text when it reads like prose; short values (names, codes, dates) are metadata.
    return len(value) >= 40 or "\n" in value


def needed_query(query: str) -> str:
    text = (query or "").strip()
    if not text:
        raise ValueError("type something to search for")
    if len(text) > 500:
        raise ValueError("the search text is longer than 500 characters; shorten it")
    return text


def public_url(spec: Collection, doc_id: str) -> str:
    if spec.code in PUBLIC_URLS:
        return PUBLIC_URLS[spec.code].format(id=doc_id)
    return GENERIC_URL.format(target=spec.code, id=doc_id)


def default_court(spec: Collection) -> str | None:
    if spec.code == "detc":
        return "헌법재판소"
    if spec.group in ("committee", "tribunal", "ministry"):
        return spec.name.removesuffix(" 법령해석")
    return None


def court_ok(wanted: codes.CourtFilter, hit: Hit) -> bool:
    court = squash(hit.court or "")
    if not court:
        return True  # nothing to contradict the filter with
    if wanted.org == "400201":
        return court == "대법원"
    if wanted.org == "400202":
        return court != "대법원"
    if wanted.curt:
        return squash(wanted.curt) in court or court in squash(wanted.curt)
    return True


def unique(hits: Iterable[Hit]) -> list[Hit]:
    seen: set[tuple[str, str]] = set()
    out = []
    for hit in hits:
        if (hit.collection, hit.id) not in seen:
            seen.add((hit.collection, hit.id))
            out.append(hit)
    return out

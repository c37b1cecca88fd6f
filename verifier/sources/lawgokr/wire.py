"""The law.go.kr DRF wire: request headers, the errors the API answers with, the shapes of its search hits
and decision bodies, and the XML helpers the resolver and the searches read them with."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from verifier.model import (
    Kind,
)
from verifier.sources.errors import PermanentError, TransientError
from verifier.sources.lawgokr.structure import article_label

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)


REFERER = "https://www.law.go.kr/"
BROWSER_USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Safari/537.36"
)
PUBLIC_LAW_URL = "https://www.law.go.kr/법령/{name}"
PUBLIC_PREC_URL = "https://www.law.go.kr/LSW/precInfoP.do?precSeq={serial}"
PUBLIC_DETC_URL = "https://www.law.go.kr/LSW/detcInfoP.do?detcSeq={serial}"
PUBLIC_EXPC_URL = "https://www.law.go.kr/LSW/expcInfoP.do?expcSeq={serial}"
OC_MISSING = (
    "LAWGOKR_OC is not set: Korean sources cannot be fetched. Set it to your open.law.go.kr user id "
    "(the OC key) and enable the law, precedent, 헌재결정례 and 법령해석례 APIs for it."
)
UNSUBSCRIBED = (
    "law.go.kr refuses this API for our OC key (미신청: not enabled). Log in at open.law.go.kr → "
    "OPEN API → OPEN API 신청 and tick the API and 법령종류 used here."
)
VERIFICATION_FAILED = (
    "law.go.kr rejected our credentials (사용자 정보 검증에 실패): check LAWGOKR_OC and register this "
    "server's IP address/domain at open.law.go.kr."
)
SEARCH_PAGES = 5  # 100 hits a page; a name search that needs more than this is not a name search
DISPLAY = 100

type Format = Literal["XML", "JSON"]  # the body format asked of lawService.do


# ------------------------------------------------------------------------------------------- hits


@dataclass(frozen=True, slots=True)
class LawHit:
    name: str
    law_id: str
    mst: str
    abbreviation: str = ""
    effective_date: str | None = None  # ISO
    promulgation_date: str | None = None
    status: str = ""  # 현행 / 연혁 / 시행예정
    kind: str = ""  # 법률 / 대통령령 / …


@dataclass(frozen=True, slots=True)
class DecisionHit:
    serial: str
    number: str
    title: str
    date: str | None  # ISO
    court: str


@dataclass(frozen=True, slots=True)
class ArticleHit:
    law_id: str
    law_name: str
    article: str  # "17", "2-2"
    title: str
    text: str
    effective_date: str | None = None

    @property
    def label(self) -> str:
        return article_label(self.article)


# ---------------------------------------------------------------------------------------- helpers


def normalize_case_number(text: str) -> str:
    """사건번호 as compared: no spaces or hyphens; `대법원-2012-두-15340` (국세 source) → `2012두15340`;
    a multi-case number keeps its first case."""
    text = re.sub(r"[\s\-·]", "", text)
    text = re.sub(r"^[가-힣]+법원(?=\d)", "", text)
    m = re.match(r"\d{2,4}[가-힣]{1,4}\d{1,7}", text)
    return m.group(0) if m else text


def iso_date(value: str | None) -> str | None:
    """YYYYMMDD / YYYY.MM.DD / 단기 years (4200–4330, as old precedents carry them) → ISO."""
    if not value:
        return None
    digits = re.sub(r"\D", "", value)
    if len(digits) != 8:
        return None
    year = int(digits[:4])
    if 4200 <= year <= 4330:
        year -= 2333
    return f"{year:04d}-{digits[4:6]}-{digits[6:]}"


def digits(value: str | None) -> str:
    return re.sub(r"\D", "", value or "")


def squash(name: str) -> str:
    return re.sub(r"\s+", "", name)


def br_to_newlines(text: str) -> str:
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    return "\n".join(line.rstrip() for line in text.strip().split("\n")).strip()


def looks_html(body: str) -> bool:
    head = body.lstrip()[:200].lower()
    return head.startswith(("<!doctype html", "<html")) or "<html" in head


def check_response(response: httpx.Response) -> None:
    """law.go.kr-specific classification, run by SourceHTTP on every response before the status rules."""
    if response.status_code == 404:
        # Bursts of valid requests get spurious 404s that clear within seconds (korean-law-mcp saw 10 of 19).
        raise TransientError("law.go.kr answered 404 for a valid request (it does this under load)")
    if response.status_code != 200:
        return
    body = response.text
    if not body.strip():
        raise TransientError("law.go.kr answered with an empty page")
    if "미신청" in body:
        raise PermanentError(UNSUBSCRIBED)
    if "사용자 정보 검증에 실패" in body:
        raise PermanentError(VERIFICATION_FAILED)
    if looks_html(body):
        if "location.assign" in body:
            raise TransientError("law.go.kr served an anti-bot page instead of data")
        raise TransientError("law.go.kr served an HTML page (maintenance?) instead of data")
    stripped = body.lstrip()
    try:
        if stripped.startswith(("{", "[")):
            json.loads(stripped)
        else:
            SafeET.fromstring(response.content)
    except Exception:  # a truncated or garbled answer: ask again rather than judge against half a text
        raise TransientError("law.go.kr answered with malformed XML/JSON") from None


def text_of(el: Element | None) -> str:
    return "" if el is None else "".join(el.itertext()).strip()


def find_text(root: Element, tag: str) -> str:
    return text_of(root.find(tag))


def items_of(root: Element, *tags: str) -> list[Element]:
    wanted = {t.lower() for t in tags}
    return [child for child in root if child.tag.lower() in wanted]


def law_not_found(root: Element) -> str | None:
    """The API's "no such id" answer: a bare `<Law>` element (JSON `{"Law": …}`), which says so in Korean."""
    if root.tag == "Law":
        return text_of(root) or "일치하는 법령이 없습니다."
    return None


@dataclass(frozen=True, slots=True)
class DecisionSpec:
    target: str
    search_items: tuple[str, ...]
    service_root: str
    serial_fields: tuple[str, ...]
    number_field: str
    title_field: str
    date_fields: tuple[str, ...]
    court_field: str | None
    default_court: str
    sections: tuple[tuple[str, ...], ...]  # each: alternative field names for one section
    summary_sections: int  # the first N sections make the summary
    kind: Kind
    public_url: str
    label: str  # how the reason names the collection


SPECS: Mapping[str, DecisionSpec] = {
    "prec": DecisionSpec(
        target="prec",
        search_items=("prec",),
        service_root="PrecService",
        serial_fields=("판례일련번호", "판례정보일련번호"),
        number_field="사건번호",
        title_field="사건명",
        date_fields=("선고일자",),
        court_field="법원명",
        default_court="",
        sections=(("판시사항",), ("판결요지",), ("참조조문",), ("참조판례",), ("판례내용",)),
        summary_sections=2,
        kind=Kind.JUDGMENT,
        public_url=PUBLIC_PREC_URL,
        label="판례",
    ),
    "detc": DecisionSpec(
        target="detc",
        search_items=("detc",),
        service_root="DetcService",
        serial_fields=("헌재결정례일련번호",),
        number_field="사건번호",
        title_field="사건명",
        date_fields=("종국일자", "선고일자"),
        court_field=None,
        default_court="헌법재판소",
        sections=(
            ("판시사항",),
            ("결정요지", "판결요지"),
            ("참조조문",),
            ("참조판례",),
            ("전문", "판례내용", "결정내용"),
        ),
        summary_sections=2,
        kind=Kind.CONSTITUTIONAL_DECISION,
        public_url=PUBLIC_DETC_URL,
        label="헌재결정례",
    ),
    "expc": DecisionSpec(
        target="expc",
        search_items=("expc",),
        service_root="ExpcService",
        serial_fields=("법령해석례일련번호",),
        number_field="안건번호",
        title_field="안건명",
        date_fields=("회신일자", "해석일자"),
        court_field="회신기관명",
        default_court="법제처",
        sections=(("질의요지",), ("회답",), ("이유",)),
        summary_sections=2,
        kind=Kind.INTERPRETATION,
        public_url=PUBLIC_EXPC_URL,
        label="법령해석례",
    ),
}

SECTION_TITLES = {"판례내용": "판례내용", "전문": "전문", "결정내용": "결정내용"}

"""The evidence references a finding offers the lawyer (`supporting_urls`), in the Korean protocol's forms.

Statute evidence for Korea is `law.go.kr/법령/<법령명>/<조>`; a precedent whose number is confirmed gets a
plain-language search-result note, never a constructed link (CONTRACT §2). Elsewhere the source's own URL,
when it is a web address (a corpus file or an upload is not a link to offer).
"""

from __future__ import annotations

import re

from verifier.model import Jurisdiction, SourceDocument
from verifier.pinpoint import unit_label

_SUMMARY_CHARS = 160


def kr_statute_evidence(law: str, article: str) -> str:
    """The seed's statute evidence reference: law.go.kr/법령/<법령명>/<조>."""
    return f"law.go.kr/법령/{law}/{unit_label('article', article, Jurisdiction.KR)}"


def kr_precedent_note(document: SourceDocument) -> str | None:
    """The seed's plain-language precedent note; never a constructed link."""
    serial = document.meta.get("판례일련번호") or document.meta.get("prec_id")
    if serial is None:
        m = re.search(r"(\d+)(?!.*\d)", document.id)
        serial = m.group(1) if m else None
    if serial is None:
        return None
    return f"law.go.kr 판례 검색 결과 ID {serial} (전문 제공 여부가 일정하지 않을 수 있습니다.)"


def web_url(document: SourceDocument) -> str:
    return document.url if document.url.startswith(("https://", "http://")) else ""


def summary(document: SourceDocument) -> str:
    """What the source is about, short enough for a rationale: its headnote, else its title."""
    text = " ".join((document.summary or document.title).split())
    return text if len(text) <= _SUMMARY_CHARS else text[: _SUMMARY_CHARS - 1] + "…"

"""What a judgment says it is about, per jurisdiction: the text a claim's subject is compared with first.

    topic_fields(document) -> TopicFields | None

- Korean precedents: 판시사항/판결요지 (`SourceDocument.summary`);
- Polish judgments (SAOS, the corpus): the keywords, legal bases and summary SAOS gives (`meta`), and the
  part of the judgment before its reasons — the thesis, "sprawy z powództwa … o …", the operative part;
- CJEU judgments: the subject-matter line under the heading ("(Reference for a preliminary ruling — …)"), the
  keywords when the source gives them, and the operative part ("… hereby rules: …").

`about` is the short form a rationale shows ("the judgment is about: …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.model import Jurisdiction, SourceDocument

_HEAD_LIMIT = 6_000  # a Polish judgment's reasons start within its first pages
_PL_REASONS = re.compile(r"\n\s*(?:UZASADNIENIE|U\s?z\s?a\s?s\s?a\s?d\s?n\s?i\s?e\s?n\s?i\s?[ea])\b", re.I)
_PL_SUBJECT = re.compile(
    r"(?:przeciwko|z (?:powództwa|wniosku|odwołania|udziałem))[^\n]{0,200}?(?:\n\s*|\s)(o\s+[^\n,;]{4,160})"
)
_EU_SUBJECT = re.compile(
    r"^\s*\(((?:Reference for a preliminary ruling|Action|Appeal|Failure)[^\n]{20,})\)\s*$", re.M
)
_EU_OPERATIVE = re.compile(r"(?:hereby rules|hereby declares and rules|hereby:)\s*:?", re.I)
_ABOUT = 240


@dataclass(frozen=True, slots=True)
class TopicFields:
    text: str  # what the judgment says it is about, in the source's words
    about: str  # its short form for a rationale


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _ABOUT else flat[: _ABOUT - 1].rstrip() + "…"


def _korean(document: SourceDocument) -> TopicFields | None:
    if not document.summary:
        return None
    return TopicFields(document.summary, _short(document.summary))


def _polish(document: SourceDocument) -> TopicFields | None:
    meta = document.meta
    listed = [meta.get(k, "") for k in ("keywords", "legal_bases", "summary")] + [document.summary or ""]
    listed = [v for v in listed if v]
    text = document.text
    reasons = _PL_REASONS.search(text, 0, _HEAD_LIMIT)
    head = text[: reasons.start()] if reasons is not None and reasons.start() > 200 else text[:2_000]
    subject = _PL_SUBJECT.search(head)
    about = meta.get("keywords") or (subject.group(1) if subject else "") or head
    return TopicFields("\n".join([*listed, head]), _short(about))


def _eu(document: SourceDocument) -> TopicFields | None:
    text = document.text
    parts: list[str] = []
    subject = _EU_SUBJECT.search(text, 0, 6_000)
    if subject is not None:
        parts.append(subject.group(1))
    if document.meta.get("keywords"):
        parts.append(document.meta["keywords"])
    operative = None
    for operative in _EU_OPERATIVE.finditer(text):  # noqa: B007 - the last: the operative part closes it
        pass
    if operative is not None:
        parts.append(text[operative.end() : operative.end() + 8_000])
    if document.summary:
        parts.append(document.summary)
    if not parts:
        return None
    return TopicFields("\n".join(parts), _short(subject.group(1) if subject else parts[0]))


def operative_part(document: SourceDocument) -> tuple[int, int] | None:
    """Where a CJEU judgment's operative part is ("On those grounds, the Court … hereby rules: …"): from
    the last "hereby rules" to the end of the text. None for other judgments."""
    if document.jurisdiction is not Jurisdiction.EU:
        return None
    last = None
    for last in _EU_OPERATIVE.finditer(document.text):  # noqa: B007 - the last: the operative part closes it
        pass
    return (last.end(), len(document.text)) if last is not None else None


def topic_fields(document: SourceDocument) -> TopicFields | None:
    """None when the judgment says nothing of its subject that can be read (then only its text is)."""
    if document.jurisdiction is Jurisdiction.KR:
        return _korean(document)
    if document.jurisdiction is Jurisdiction.PL:
        return _polish(document)
    if document.jurisdiction is Jurisdiction.EU:
        return _eu(document)
    return None


__all__ = ["TopicFields", "operative_part", "topic_fields"]

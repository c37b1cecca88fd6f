"""Where a source came from, in data and in words a lawyer reads.

    provenance_of(document) -> Provenance            from the document's origin, url, time and meta
    provenance_from(origin, url, at, sha256, meta)   the same from a stored snapshot's fields
    provenance_message(p) -> Message                 "text pasted by associate on 1 Dec 2026, not an official
                                                     source", rendered in en / pl / ko
    supplied_meta(...) / chosen_meta(...)             what a supplied document and a chosen search hit carry

A document's `meta` says who brought it in: a supplied one carries `supplied_as` (file or paste), its
name, who supplied it and the sha256 of the text as it came in; a search hit someone chose carries its
collection, its id, who chose it and when. Everything else is an official answer: the offline corpus
(origin `corpus`) or an official service's API.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from verifier.model import Provenance, SourceDocument, SourceKind
from verifier.rationales import Message

SUPPLIED_ORIGIN = "upload"
CORPUS_ORIGIN = "corpus"


def supplied_meta(*, form: str, name: str, by: str | None, sha256: str) -> dict[str, str]:
    meta = {"supplied_as": form, "supplied_name": name, "supplied_sha256": sha256}
    if by:
        meta["supplied_by"] = by
    return meta


def chosen_meta(*, collection: str, document_id: str, by: str, at: str) -> dict[str, str]:
    return {"search_collection": collection, "search_id": document_id, "chosen_by": by, "chosen_at": at}


def provenance_of(document: SourceDocument) -> Provenance:
    return provenance_from(document.origin, document.url, document.fetched_at, document.sha256, document.meta)


def provenance_from(origin: str, url: str, at: str, sha256: str, meta: Mapping[str, str]) -> Provenance:
    if origin == SUPPLIED_ORIGIN:
        # stored before supplied sources were scoped: a name was all that was kept
        name = meta.get("supplied_name") or meta.get("uploaded_as") or url.removeprefix("upload:")
        form = meta.get("supplied_as") or ("paste" if name == "pasted text" else "file")
        return Provenance(
            kind=SourceKind.SUPPLIED,
            service=SUPPLIED_ORIGIN,
            url=url,
            at=at,
            sha256=meta.get("supplied_sha256") or sha256,
            by=meta.get("supplied_by") or None,
            form=form,
            name=name or None,
        )
    if meta.get("chosen_at"):
        return Provenance(
            kind=SourceKind.SEARCH_HIT,
            service=origin,
            url=url,
            at=meta["chosen_at"],
            sha256=sha256,
            by=meta.get("chosen_by") or None,
            collection=meta.get("search_collection") or None,
            document_id=meta.get("search_id") or None,
        )
    if origin == CORPUS_ORIGIN:
        corpus_file = meta.get("corpus_file") or (
            url.removeprefix("corpus:") if url.startswith("corpus:") else ""
        )
        return Provenance(
            kind=SourceKind.CORPUS,
            service=origin,
            url=url,
            at=at,
            sha256=sha256,
            corpus_file=corpus_file or None,
        )
    return Provenance(kind=SourceKind.OFFICIAL, service=origin, url=url, at=at, sha256=sha256)


SERVICE_NAMES: Mapping[str, str] = {
    "law.go.kr": "law.go.kr",
    "saos": "SAOS",
    "eli": "Sejm ELI",
    "cellar": "EU CELLAR",
    "corpus": "offline corpus",
}
_MONTHS: Mapping[str, tuple[str, ...]] = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "pl": (
        "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca",
        "lipca", "sierpnia", "września", "października", "listopada", "grudnia",
    ),
}  # fmt: skip


class Day:
    """The day of an ISO time as a lawyer writes it in each language: 1 Dec 2026, 1 grudnia 2026,
    2026년 12월 1일 (UTC: the day the record was made, whatever the reader's clock)."""

    def __init__(self, iso: str) -> None:
        self.iso = iso

    def describe(self, lang: str) -> str:
        date = self.iso[:10]
        try:
            year, month, day = (int(part) for part in date.split("-"))
        except ValueError:
            return self.iso
        if not 1 <= month <= 12:
            return self.iso
        if lang == "ko":
            return f"{year}년 {month}월 {day}일"
        months = _MONTHS.get(lang, _MONTHS["en"])
        return f"{day} {months[month - 1]} {year}"


def provenance_message(p: Provenance) -> Message:
    values: dict[str, object] = {"day": Day(p.at), "by": p.by or "", "url": p.url}
    if p.kind is SourceKind.SUPPLIED:
        values["name"] = p.name or ""
        if p.form == "paste":
            return Message("provenance_paste" if p.by else "provenance_paste_anonymous", values)
        return Message("provenance_file" if p.by else "provenance_file_anonymous", values)
    if p.kind is SourceKind.SEARCH_HIT:
        values.update(
            service=SERVICE_NAMES.get(p.service, p.service),
            document=f"{p.collection or '?'} {p.document_id or '?'}",
        )
        return Message("provenance_search_hit", values)
    if p.kind is SourceKind.CORPUS:
        values["file"] = p.corpus_file or p.url
        return Message("provenance_corpus", values)
    values["service"] = SERVICE_NAMES.get(p.service, p.service)
    return Message("provenance_official", values)


def provenance_json(p: Provenance) -> dict[str, Any]:
    """The findings JSON's `source.provenance` (CONTRACT §2), also what audit events keep of a source."""
    return {
        "kind": p.kind.value,
        "official": p.official,
        "service": p.service,
        "url": p.url,
        "at": p.at,
        "sha256": p.sha256,
        "by": p.by,
        "form": p.form,
        "name": p.name,
        "collection": p.collection,
        "document_id": p.document_id,
        "corpus_file": p.corpus_file,
        "description": describe(p, "en"),
    }


def provenance_of_json(data: object) -> Provenance | None:
    """A provenance read back from `provenance_json` (an audit event's payload); None when it is not one."""
    if not isinstance(data, Mapping):
        return None
    try:
        kind = SourceKind(str(data.get("kind")))
    except ValueError:
        return None

    def text(name: str) -> str | None:
        value = data.get(name)
        return str(value) if value not in (None, "") else None

    return Provenance(
        kind=kind,
        service=text("service") or "",
        url=text("url") or "",
        at=text("at") or "",
        sha256=text("sha256") or "",
        by=text("by"),
        form=text("form"),
        name=text("name"),
        collection=text("collection"),
        document_id=text("document_id"),
        corpus_file=text("corpus_file"),
    )


def describe(p: Provenance, lang: str) -> str:
    """The source in words: what the evidence view says after "Checked against"."""
    return provenance_message(p).render(lang)


def checked_against(p: Provenance, lang: str) -> str:
    """A sentence: "Checked against text pasted by associate on 1 Dec 2026, not an official source." """
    return Message("checked_against", {"source": provenance_message(p)}).render(lang)


__all__ = [
    "Day",
    "checked_against",
    "chosen_meta",
    "describe",
    "provenance_from",
    "provenance_json",
    "provenance_message",
    "provenance_of",
    "provenance_of_json",
    "supplied_meta",
]

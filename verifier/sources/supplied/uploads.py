"""Documents a user supplies for an anchor (an uploaded file or pasted text), read as a source.

document_from_upload(anchor, text, name) -> SourceDocument   structured into units where the text allows
UploadResolver                                              attached documents by anchor key
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

from verifier.model import (
    Anchor,
    Cause,
    Found,
    Jurisdiction,
    Kind,
    Misconfigured,
    Resolution,
    SourceDocument,
    SourceUnit,
)
from verifier.provenance import SUPPLIED_ORIGIN, supplied_meta
from verifier.sources.cellar.structure import judgment_paragraphs, parse_eurlex_text
from verifier.sources.stamps import fetched_now, text_sha256
from verifier.sources.supplied.statute import structured_statute


def _namespace(key: str) -> tuple[Jurisdiction, Kind]:
    if key.startswith("kr:law:"):
        return Jurisdiction.KR, Kind.STATUTE
    if key.startswith("kr:detc:"):
        return Jurisdiction.KR, Kind.CONSTITUTIONAL_DECISION
    if key.startswith("kr:expc:"):
        return Jurisdiction.KR, Kind.INTERPRETATION
    if key.startswith("kr:"):
        return Jurisdiction.KR, Kind.JUDGMENT
    if key.startswith("pl:act:"):
        return Jurisdiction.PL, Kind.STATUTE
    if key.startswith("pl:"):
        return Jurisdiction.PL, Kind.JUDGMENT
    if key.startswith("eu:celex:3") or key.startswith("eu:celex:1"):
        return Jurisdiction.EU, Kind.EU_ACT
    if key.startswith("eu:"):
        return Jurisdiction.EU, Kind.EU_CASE
    return Jurisdiction.OTHER, Kind.OTHER


def document_from_upload(
    anchor: Anchor,
    ingested_text: str,
    name: str,
    *,
    form: str = "file",
    by: str | None = None,
    at: str | None = None,
) -> SourceDocument:
    """A source a user supplied for `anchor` (a file already ingested to text like a draft, or pasted text):
    evidence, not authority (`verifier.provenance`). `form` ("file" or "paste"), `by` and `at` say who
    supplied it and when.

    A statute in its ordinary printed form is laid out and structured like an official one
    (`supplied.statute`): its text is then that layout, and `meta["supplied_sha256"]` keeps the sha256 of the
    text as it came in. The document asserts nothing about date, court or parties: the user supplied the
    text, not its metadata.
    """
    if not ingested_text.strip():
        raise ValueError(f"the uploaded source {name!r} has no text")
    jurisdiction, kind = _namespace(anchor.key)
    text = ingested_text
    units: tuple[SourceUnit, ...] = ()
    if kind in (Kind.STATUTE, Kind.EU_ACT):
        laid = structured_statute(text, jurisdiction) or _as_cited_article(text, anchor, jurisdiction)
        if laid is not None:
            text, units = laid
        elif kind is Kind.EU_ACT:
            units = parse_eurlex_text(text).units  # EUR-Lex lines as copied: the text unchanged
    elif kind is Kind.EU_CASE:
        units = judgment_paragraphs(text)
    digest = text_sha256(text)
    return SourceDocument(
        id=f"upload:{digest[:16]}",
        key=anchor.key,
        jurisdiction=jurisdiction,
        kind=kind,
        title=_title(name, ingested_text, kind),
        text=text,
        url=f"upload:{name}",
        version=digest[:16],
        sha256=digest,
        fetched_at=at or fetched_now(),
        origin=SUPPLIED_ORIGIN,
        number=anchor.number,
        units=units,
        meta=supplied_meta(form=form, name=name, by=by, sha256=text_sha256(ingested_text)),
    )


# how the article heading of each jurisdiction is printed, for a pasted article that left it out
_HEADINGS = {Jurisdiction.KR: "제{}조 ", Jurisdiction.PL: "Art. {}.\n", Jurisdiction.EU: "Article {}\n"}


def _as_cited_article(
    text: str, anchor: Anchor, jurisdiction: Jurisdiction
) -> tuple[str, tuple[SourceUnit, ...]] | None:
    """A pasted article without its heading ("① 상대방과 통정한 … ② 전항의 …"), supplied for a citation of the
    whole article (민법 제108조): laid out as that article, so that it serves the article's own paragraphs
    and points (민법 제108조 제2항) as an official text would. Not for a citation of a paragraph: a paste of
    that paragraph alone must not become the whole article."""
    pin = anchor.pinpoint
    heading = _HEADINGS.get(jurisdiction)
    if pin is None or pin.article is None or pin.paragraph is not None or heading is None:
        return None
    article = pin.article.replace("-", "의") if jurisdiction is Jurisdiction.KR else pin.article
    if "-" in article:
        return None  # art. 385¹: a branch number's printed form is not rebuilt here
    return structured_statute(heading.format(article) + text.lstrip(), jurisdiction)


def _title(name: str, text: str, kind: Kind) -> str:
    """The name a supplied statute gives itself on its first line ("민법"), beside the file's name: what the
    text says it is, compared with the act the draft names; any other source is called by its file's name."""
    if kind is not Kind.STATUTE:
        return name
    first = next((line.strip() for line in text.split("\n") if line.strip()), "")
    if not first or len(first) > 60 or re.match(r"(?:제\s*\d+\s*조|Art\.|Article\s)", first):
        return name
    return f"{first} ({name})"


class UploadResolver:
    """Sources attached by the user, one per anchor key; a later attachment for the same key replaces it."""

    def __init__(self, documents: Iterable[SourceDocument] = ()) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[str, SourceDocument] = {d.key: d for d in documents}

    def add(self, document: SourceDocument) -> None:
        with self._lock:
            self._by_key[document.key] = document

    def attach(self, anchor: Anchor, ingested_text: str, name: str) -> SourceDocument:
        document = document_from_upload(anchor, ingested_text, name)
        self.add(document)
        return document

    def resolve(self, anchor: Anchor) -> Resolution:
        with self._lock:
            document = self._by_key.get(anchor.key)
        if document is None:
            return Misconfigured(
                anchor.key, f"no source was attached for {anchor.key}", cause=Cause.NOT_ATTACHED
            )
        return Found(document)

    def keys(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._by_key)

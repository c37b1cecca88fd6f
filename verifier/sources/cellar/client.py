"""CELLAR REST (publications.europa.eu/resource): EU acts and CJEU judgments by CELEX, as XHTML/HTML.

`eu:celex:<CELEX>` is fetched directly; `eu:case:C-311/18` is turned into the judgment's CELEX
(62018CJ0311) by arithmetic; `eu:ecli:ECLI:EU:C:2020:559` uses CELLAR's own `ecli/` identifier space
(EUR-Lex links judgments that way), since ECLI → CELEX is not arithmetic.

CELLAR answers 202 while it is still rendering and sometimes 2xx with an empty body mid-render: both are
retried as transient. The EUR-Lex website (JavaScript challenge since 2025) is never used.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from typing import TYPE_CHECKING
from urllib.parse import quote

from verifier.model import (
    Anchor,
    Cause,
    Found,
    Jurisdiction,
    Kind,
    Misconfigured,
    NotFound,
    Resolution,
    SourceDocument,
    Unavailable,
)
from verifier.sources.cellar.structure import (
    EuText,
    celex_for_case,
    is_celex,
    judgment_paragraphs,
    parse_cellar_xhtml,
    parse_cjeu_markdown,
)
from verifier.sources.errors import PermanentError, SourceError, TransientError, as_resolution
from verifier.sources.http import Fetched, SourceHTTP

if TYPE_CHECKING:
    import httpx

DEFAULT_BASE_URL = "https://publications.europa.eu/resource"
HEADERS = {"Accept": "application/xhtml+xml, text/html;q=0.9", "Accept-Language": "eng"}
_ECLI = re.compile(r"^ECLI:EU:[CTF]:\d{4}:\d+$", re.IGNORECASE)


def celex_of(anchor: Anchor) -> str | None:
    """The CELEX an anchor names, when it can be known without asking anyone."""
    key = anchor.key
    if key.startswith("eu:celex:"):
        celex = key[len("eu:celex:") :].strip().upper()
        return celex if is_celex(celex) else None
    if key.startswith("eu:case:"):
        return celex_for_case(key[len("eu:case:") :])
    if anchor.number and is_celex(anchor.number):
        return anchor.number
    return None


def public_url(celex: str) -> str:
    """The EUR-Lex page a lawyer opens to read the document (a link for people, never fetched by us)."""
    return f"https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:{celex}"


def kind_of(celex: str) -> Kind:
    if celex.startswith("6"):
        return Kind.EU_CASE
    if celex.startswith(("3", "1", "0")):
        return Kind.EU_ACT
    return Kind.OTHER


def _check(response: httpx.Response) -> None:
    host = response.url.host
    if response.status_code == 202:
        raise TransientError("CELLAR is still generating the document (HTTP 202)", host=host)
    if response.status_code == 406:
        raise PermanentError("CELLAR has no XHTML/HTML rendition of this document (HTTP 406)", host=host)
    if response.status_code == 200 and response.content.strip():
        head = response.content[:4000].lower()
        if b"awswaf" in head or (b"challenge" in head and b"<script" in head):
            raise TransientError("CELLAR answered a bot-challenge page", host=host)
        if b"<html" not in head and b"<!doctype" not in head and b"<?xml" not in head:
            raise TransientError("CELLAR answered something that is not (X)HTML", host=host)
        if b"<html" in head and not response.content.rstrip().lower().endswith(b"</html>"):
            # A body cut short parses leniently into a partial text: judging against it would be wrong.
            raise TransientError("CELLAR answered a truncated document", host=host)
        parsed = parse_cellar_xhtml(response.content)
        if not (parsed.units or judgment_paragraphs(parsed.text)):
            # a maintenance or error page served as 200 is well-formed HTML too: retried like a 503 (in the
            # 30 % fault runs it was the one failure the retries did not absorb), never judged as the act
            raise TransientError(
                "CELLAR answered a page with no articles or numbered paragraphs (an error page?)", host=host
            )


def document_from_xhtml(
    body: str | bytes, *, key: str, celex: str, origin: str = "cellar", retries: int = 0
) -> SourceDocument:
    """Build the SourceDocument for one CELLAR rendition (acts: Article units; judgments: paragraphs)."""
    parsed: EuText = parse_cellar_xhtml(body)
    units = parsed.units
    title = parsed.title
    date: str | None = None
    court: str | None = None
    parties: tuple[str, ...] = ()
    if celex.startswith("6"):
        judgment = parse_cjeu_markdown(parsed.text)  # plain text reads the same: heading, date, parties
        units = units or judgment_paragraphs(parsed.text)
        title, date, parties = judgment.title, judgment.date, judgment.parties
        # the court is the CELEX's (6YYYYC… Court of Justice, 6YYYYT… General Court): a draft saying "the
        # General Court ruled in Case C-…" is compared with it
        court = {"C": "CJEU", "T": "General Court", "F": "Civil Service Tribunal"}.get(celex[5:6], "CJEU")
    if not title or re.search(r"\.(xml|html?)$", title) or title.upper().startswith("ANNEX"):
        title = f"CELEX {celex}"
    return SourceDocument(
        id=f"celex:{celex}",
        key=key,
        jurisdiction=Jurisdiction.EU,
        kind=kind_of(celex),
        title=title,
        text=parsed.text,
        url=public_url(celex),
        version=celex,
        sha256=hashlib.sha256(parsed.text.encode("utf-8")).hexdigest(),
        fetched_at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        origin=origin,
        number=celex,
        date=date,
        court=court,
        parties=parties,
        units=units,
        retries=retries,
        meta={"celex": celex, "language": "en"},
    )


class CellarResolver:
    """`eu:celex:*`, `eu:case:*` and `eu:ecli:*` → the English text from CELLAR."""

    def __init__(self, http: SourceHTTP, *, base_url: str = DEFAULT_BASE_URL) -> None:
        self.http = http
        self.base_url = base_url.rstrip("/")

    def resolve(self, anchor: Anchor) -> Resolution:
        key = anchor.key
        celex = celex_of(anchor)
        ecli = key[len("eu:ecli:") :].strip().upper() if key.startswith("eu:ecli:") else None
        if celex is None and not (ecli and _ECLI.match(ecli)):
            return Misconfigured(
                key,
                f"cannot derive a CELEX number from {key!r} (joined cases and appeals need a lookup)",
                cause=Cause.NOT_COVERED,
            )
        path = f"celex/{celex}" if celex else f"ecli/{quote(ecli or '', safe='')}"
        try:
            fetched = self._get(path)
            document = document_from_xhtml(
                fetched.content,
                key=key,
                celex=celex or self._celex_from(fetched, ecli or ""),
                retries=fetched.retries,
            )
        except SourceError as exc:
            what = f"CELEX {celex}" if celex else ecli
            return as_resolution(
                key,
                exc,
                service="CELLAR",
                not_found=lambda _: NotFound(
                    key, f"CELLAR has no English (X)HTML document for {what} (no such document, or PDF only)"
                ),
            )
        except ValueError as exc:
            return Unavailable(
                key, f"CELLAR answered something unreadable: {exc}", cause=Cause.UPSTREAM_ERROR
            )
        if not document.units:
            # An error or challenge page served as 200 parses as "text" too; a real act has Articles and a
            # real judgment numbered paragraphs. Better ⛔ than judging a draft against an error page.
            return Unavailable(
                key,
                "CELLAR answered a page with no articles or numbered paragraphs (an error page?)",
                cause=Cause.UPSTREAM_ERROR,
            )
        return Found(document)

    def get(self, path: str) -> Fetched:
        """`<base>/<path>` (celex/…, ecli/…) with the (X)HTML Accept headers and CELLAR's answer checks.
        Public for the history client (`cellar.history`), which reads consolidated versions the same way."""
        return self._get(path)

    def _get(self, path: str) -> Fetched:
        return self.http.get(f"{self.base_url}/{path}", headers=HEADERS, redact_params=(), check=_check)

    @staticmethod
    def _celex_from(fetched: Fetched, ecli: str) -> str:
        """A judgment fetched by ECLI names its CELEX in the document (title or first line)."""
        m = re.search(r"\b6\d{4}[A-Z]{2}\d{4}\b", fetched.text[:20000])
        return m.group(0) if m else ecli

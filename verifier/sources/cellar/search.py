"""EU look-up by identifier: a CELEX number, an ECLI or a CJEU case number (C-362/14, T-…).

    search = EuSearch(cellar_resolver)
    search.lookup(identifier) -> (Page, SourceDocument | None)   one hit when CELLAR has the document, an
                                               empty page when it has none (404); failures raise SourceError
    search.document(identifier) -> SourceDocument

CELLAR has no free-text search without EU Login (the SOAP web service), so this is a look-up, not a search:
the identifier is checked, then the document is fetched once (the body is what the preview shows and what
"use as source" attaches, so nothing is fetched twice when the Django side keeps it).
"""

from __future__ import annotations

import re

from verifier.model import Anchor, Found, NotFound, SourceDocument, Unavailable
from verifier.search.results import Hit, Page
from verifier.sources.cellar.client import CellarResolver, public_url
from verifier.sources.cellar.structure import is_celex
from verifier.sources.errors import NotFoundError, PermanentError, TransientError

_ECLI = re.compile(r"^ECLI:EU:[CTF]:\d{4}:\d+$", re.IGNORECASE)
_CASE = re.compile(r"^(?:Case\s+)?([CTF])\s*-\s*(\d{1,4})\s*/\s*(\d{2,4})(?:\s*P)?$", re.IGNORECASE)


def anchor_for(identifier: str) -> Anchor:
    """`32016R0679` → eu:celex; `ECLI:EU:C:2015:650` → eu:ecli; `C-362/14` → eu:case. ValueError otherwise."""
    text = re.sub(r"\s+", " ", (identifier or "").strip())
    if not text:
        raise ValueError("give a CELEX number, an ECLI or a case number such as C-362/14")
    upper = text.upper().removeprefix("CELEX:").strip()
    if is_celex(upper.replace(" ", "")):
        celex = upper.replace(" ", "")
        return Anchor(key=f"eu:celex:{celex}", number=celex)
    if _ECLI.match(upper.replace(" ", "")):
        ecli = upper.replace(" ", "")
        return Anchor(key=f"eu:ecli:{ecli}", number=ecli)
    m = _CASE.match(text)
    if m:
        number = f"{m.group(1).upper()}-{int(m.group(2))}/{m.group(3)}"
        return Anchor(key=f"eu:case:{number}", number=number)
    raise ValueError(
        f"{identifier!r} is not a CELEX number (32016R0679), an ECLI (ECLI:EU:C:2015:650) or a case number "
        "(C-362/14)"
    )


class EuSearch:
    def __init__(self, cellar: CellarResolver) -> None:
        self.cellar = cellar

    def document(self, identifier: str) -> SourceDocument:
        anchor = anchor_for(identifier)
        resolution = self.cellar.resolve(anchor)
        if isinstance(resolution, Found):
            return resolution.document
        if isinstance(resolution, NotFound):
            raise NotFoundError(resolution.reason)
        if isinstance(resolution, Unavailable):
            raise TransientError(resolution.reason, retries=resolution.retries)
        raise PermanentError(resolution.reason)

    def lookup(self, identifier: str) -> tuple[Page, SourceDocument | None]:
        anchor = anchor_for(identifier)
        query = anchor.number or identifier
        try:
            document = self.document(identifier)
        except NotFoundError:
            return Page("cellar", query, (), 0, 1, 1), None
        celex = document.meta.get("celex") or document.number or anchor.number or ""
        hit = Hit(
            collection="cellar",
            id=anchor.number or celex,
            title=document.title,
            number=celex or None,
            date=document.date,
            court="CJEU" if anchor.key.startswith(("eu:case:", "eu:ecli:")) else "EU",
            snippet=document.text[:300],
            url=public_url(celex) if is_celex(celex) else document.url,
            meta={"key": anchor.key},
        )
        return Page("cellar", query, (hit,), 1, 1, 1), document

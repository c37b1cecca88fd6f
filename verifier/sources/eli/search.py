"""Search of Sejm ELI acts, with each hit's body as a `SourceDocument`.

search = EliSearch(eli_resolver)       # the sources' resolver: its SourceHTTP and URL
search.acts(title=…, year=…, act_type=…, in_force=None, page=1, display=20) -> Page
search.act(eli) -> SourceDocument
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from verifier.model import Anchor, Found, NotFound, SourceDocument, Unavailable
from verifier.search.results import EmptyAnswer, Hit, Page, clamp_display, clamp_page, json_answer
from verifier.sources.eli.client import EliResolver, check_json
from verifier.sources.errors import NotFoundError, PermanentError, TransientError

if TYPE_CHECKING:
    import httpx


class EliSearch:
    def __init__(self, eli: EliResolver) -> None:
        self.eli = eli

    def acts(
        self,
        *,
        title: str | None = None,
        year: object = None,
        act_type: str | None = None,
        in_force: bool | None = None,
        publisher: str = "DU",
        page: object = 1,
        display: object = 20,
    ) -> Page:
        page_no, size = clamp_page(page), clamp_display(display)
        params: dict[str, str | int] = {"publisher": publisher, "limit": size, "offset": (page_no - 1) * size}
        if title and title.strip():
            params["title"] = title.strip()
        if year not in (None, ""):
            if not re.fullmatch(r"\d{4}", str(year).strip()):
                raise ValueError(f"year must be four digits, got {year!r}")
            params["year"] = str(year).strip()
        if act_type and act_type.strip():
            params["type"] = act_type.strip()
        if in_force is not None:
            params["inForce"] = "1" if in_force else "0"
        if not any(k in params for k in ("title", "year", "type")):
            raise ValueError("give a title, a year or a type of act")
        query = " ".join(str(params[k]) for k in ("title", "year", "type") if k in params)
        try:
            fetched = self.eli.http.get(
                f"{self.eli.base_url}/acts/search",
                params=params,
                headers={"Accept": "application/json"},
                redact_params=("title", "keyword"),
                check=_check_eli,
            )
        except EmptyAnswer:
            return Page.empty("eli", query, page_no, size, upstream_empty=True)
        data = json_answer(fetched.text, "ELI search answer")
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise TransientError("the ELI search answer has no `items` list")
        hits = [self._act_hit(i) for i in items if isinstance(i, dict)]
        notes: list[str] = []
        if in_force is not None:
            # Clients disagree on how inForce is spelled (1 or true): check the answer instead of trusting it.
            wanted = "IN_FORCE" if in_force else "NOT_IN_FORCE"
            kept = [h for h in hits if h.meta.get("inForce", wanted) == wanted]
            if len(kept) < len(hits):
                notes.append(f"{len(hits) - len(kept)} act(s) with another in-force status were hidden")
            hits = kept
        total = int(data.get("totalCount", len(hits)) or 0)
        return Page("eli", query, tuple(hits), total, page_no, size, notes=tuple(notes))

    def _act_hit(self, item: Mapping[str, Any]) -> Hit:
        eli = str(item.get("ELI") or item.get("eli") or "")
        meta = {
            "type": str(item.get("type") or ""),
            "status": str(item.get("status") or ""),
            "inForce": str(item.get("inForce") or ""),
            "displayAddress": str(item.get("displayAddress") or ""),
        }
        return Hit(
            collection="eli",
            id=eli,
            title=str(item.get("title") or eli),
            number=meta["displayAddress"] or eli,
            date=item.get("announcementDate") or None,
            court=str(item.get("publisher") or "") or None,
            snippet=" · ".join(v for v in (meta["type"], meta["status"]) if v),
            url=f"{self.eli.base_url}/acts/{eli}" if eli else "",
            meta={k: v for k, v in meta.items() if v},
        )

    def act(self, eli: str) -> SourceDocument:
        if not re.fullmatch(r"(DU|MP)/\d{4}/\d+", eli or ""):
            raise ValueError(f"an act is opened by its ELI address like DU/1964/93, got {eli!r}")
        resolution = self.eli.resolve(Anchor(key=f"pl:act:{eli}", number=eli))
        if isinstance(resolution, Found):
            return resolution.document
        if isinstance(resolution, NotFound):
            raise NotFoundError(resolution.reason)
        if isinstance(resolution, Unavailable):
            raise TransientError(resolution.reason, retries=resolution.retries)
        raise PermanentError(resolution.reason)


def _check_eli(response: httpx.Response) -> None:
    if response.status_code == 200 and not response.content.strip():
        raise EmptyAnswer("the ELI API answered with an empty body")
    check_json(response)

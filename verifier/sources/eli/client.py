"""The Sejm ELI API (api.sejm.gov.pl/eli): Polish acts by their journal address, in the current wording.

`pl:act:DU/1964/93` → act metadata → its `/references`, where "Inf. o tekście jednolitym" lists the
consolidated texts (teksty jednolite); the newest one whose metadata says it has HTML is fetched and parsed.
The HTML of a base act is its ORIGINAL wording (k.c. 1964 has no art. 385¹), so the original is used only
when no consolidated text has HTML, and the document says so in `meta["wording"]`.

An empty `text.html` is only "no HTML rendering" when the metadata says `textHTML: false`; otherwise an
empty 200 is a glitch and is retried like any other (SourceHTTP's default).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
from verifier.sources.eli.structure import EmptyActText, PlAct, parse_eli_html
from verifier.sources.errors import NotFoundError, SourceError, TransientError, as_resolution
from verifier.sources.http import Fetched, SourceHTTP

if TYPE_CHECKING:
    import httpx

DEFAULT_BASE_URL = "https://api.sejm.gov.pl/eli"
KEY_PREFIX = "pl:act:"
CONSOLIDATED_CATEGORY = "Inf. o tekście jednolitym"
AMENDED_AFTER_CATEGORY = "Nowelizacje po tekście jednolitym"
MAX_CONSOLIDATED_TRIED = 3

# Code abbreviations → base act (ELI). Sources: SOURCE-APIS §4.4; entries marked there as [guess] are
# marked here too, so that a wrong one is easy to find.
CODES: Mapping[str, str] = {
    "kc": "DU/1964/93",  # Kodeks cywilny
    "kpc": "DU/1964/296",  # Kodeks postępowania cywilnego
    "kk": "DU/1997/553",  # Kodeks karny
    "kpk": "DU/1997/555",  # Kodeks postępowania karnego
    "kp": "DU/1974/141",  # Kodeks pracy
    "ksh": "DU/2000/1037",  # Kodeks spółek handlowych
    "kpa": "DU/1960/168",  # Kodeks postępowania administracyjnego
    "konstytucja": "DU/1997/483",  # Konstytucja RP
    "kro": "DU/1964/59",  # Kodeks rodzinny i opiekuńczy [guess in SOURCE-APIS]
    "ppsa": "DU/2002/1270",  # Prawo o postępowaniu przed sądami administracyjnymi [guess]
    "kw": "DU/1971/114",  # Kodeks wykroczeń [guess]
    "kks": "DU/1999/930",  # Kodeks karny skarbowy [guess]
}
_CODE_NAMES: Mapping[str, str] = {
    "kodeks cywilny": "kc",
    "kodeks postępowania cywilnego": "kpc",
    "kodeks karny": "kk",
    "kodeks postępowania karnego": "kpk",
    "kodeks pracy": "kp",
    "kodeks spółek handlowych": "ksh",
    "kodeks postępowania administracyjnego": "kpa",
    "konstytucja rzeczypospolitej polskiej": "konstytucja",
    "konstytucja rp": "konstytucja",
    "kodeks rodzinny i opiekuńczy": "kro",
    "kodeks wykroczeń": "kw",
    "kodeks karny skarbowy": "kks",
}
_ELI = re.compile(r"^(DU|MP)/(\d{4})/(\d+)$")


def act_for_code(code: str) -> str | None:
    """'k.c.' / 'KC' / 'Kodeks cywilny' → 'DU/1964/93'; None when it is not a code we know."""
    folded = re.sub(r"\s+", " ", code.strip().lower())
    name = _CODE_NAMES.get(folded)
    if name is None:
        name = re.sub(r"[.\s]", "", folded)
    return CODES.get(name)


def code_name(eli: str) -> str | None:
    """'DU/1964/93' → 'Kodeks cywilny': the name of the code an act is, when it is one we know."""
    code = next((c for c, value in CODES.items() if value == eli), None)
    name = next((n for n, c in _CODE_NAMES.items() if c == code), None)
    return name[:1].upper() + name[1:] if name else None


def eli_from_key(key: str) -> str | None:
    """'pl:act:DU/1964/93' → 'DU/1964/93'; also accepts a code abbreviation after the prefix."""
    rest = key[len(KEY_PREFIX) :] if key.startswith(KEY_PREFIX) else key
    if _ELI.match(rest):
        return rest
    return act_for_code(rest)


@dataclass(frozen=True, slots=True)
class ActInfo:
    eli: str
    title: str
    display_address: str
    has_html: bool | None  # None when the metadata does not say
    status: str
    in_force: str
    date: str | None  # the act's date ("z dnia")
    legal_status_date: str | None  # state of the law of a consolidated text


def parse_act(text: str) -> ActInfo:
    data = json.loads(text)
    if not isinstance(data, dict) or ("ELI" not in data and "eli" not in data):
        raise ValueError("ELI act metadata has no ELI field")
    html = data.get("textHTML")
    return ActInfo(
        eli=str(data.get("ELI") or data.get("eli")),
        title=str(data.get("title") or ""),
        display_address=str(data.get("displayAddress") or ""),
        has_html=html if isinstance(html, bool) else None,
        status=str(data.get("status") or ""),
        in_force=str(data.get("inForce") or ""),
        date=data.get("announcementDate") or None,
        legal_status_date=data.get("legalStatusDate") or None,
    )


def consolidated_texts(references_json: str) -> list[tuple[str, str, bool | None]]:
    """`/references` → [(ELI, date, textHTML?)] of the consolidated texts, newest first."""
    data = json.loads(references_json)
    if not isinstance(data, dict):
        raise ValueError("ELI references answer is not an object")
    found = []
    for entry in data.get(CONSOLIDATED_CATEGORY) or []:
        act = entry.get("act") or {}
        eli = act.get("ELI") or entry.get("id")
        if not eli:
            continue
        html = act.get("textHTML")
        found.append((str(eli), str(entry.get("date") or act.get("announcementDate") or ""), html))
    found.sort(key=lambda item: (item[1], _eli_order(item[0])), reverse=True)
    return [(eli, date, html if isinstance(html, bool) else None) for eli, date, html in found]


def _eli_order(eli: str) -> tuple[int, int]:
    m = _ELI.match(eli)
    return (int(m.group(2)), int(m.group(3))) if m else (0, 0)


def amended_after(references_json: str) -> list[str]:
    data = json.loads(references_json)
    out = []
    for entry in (data.get(AMENDED_AFTER_CATEGORY) or []) if isinstance(data, dict) else []:
        act = entry.get("act") or {}
        eli = act.get("ELI") or entry.get("id")
        if eli:
            out.append(str(eli))
    return out


def check_json(response: httpx.Response) -> None:
    if response.status_code != 200 or not response.content.strip():
        return
    head = response.content.lstrip()[:100].lower()
    if head.startswith(b"<"):
        raise TransientError(
            "the ELI API answered an HTML page instead of JSON (maintenance or WAF)", host=response.url.host
        )
    try:
        json.loads(response.content)
    except ValueError:
        raise TransientError("the ELI API answered malformed JSON", host=response.url.host) from None


_ARTICLE_MARK = re.compile(rb"Art\.\s*\d")


def _check_html(response: httpx.Response) -> None:
    """An act's text.html carries its articles (`unit_arti`, or at least "Art. 1"): a maintenance or error
    page answered with 200 has a <body> and an <h1> too, and judged as the act it would turn every claim
    about it red for words the page never had."""
    if response.status_code != 200 or not response.content.strip():
        return
    if b"unit_arti" not in response.content and not _ARTICLE_MARK.search(response.content):
        raise TransientError(
            "the ELI API answered a page without any article instead of the act's text.html (maintenance?)",
            host=response.url.host,
        )
    if b"<html" in response.content[:3000].lower() and not response.content.rstrip().lower().endswith(
        b"</html>"
    ):
        # a body cut short still has its first articles: judged as the act, "k.c. has no art. 691" would be
        # a 🔴 for an article the answer merely lost (seen at 60 % faults, seed 4)
        raise TransientError("the ELI API answered a truncated text.html", host=response.url.host)


class EliResolver:
    """`pl:act:<DU/year/pos>` → the act's current consolidated text (or its original wording, labelled)."""

    def __init__(self, http: SourceHTTP, *, base_url: str = DEFAULT_BASE_URL) -> None:
        self.http = http
        self.base_url = base_url.rstrip("/")

    def resolve(self, anchor: Anchor) -> Resolution:
        key = anchor.key
        eli = eli_from_key(key)
        if eli is None:
            return Misconfigured(
                key, f"not a Polish act address the ELI API understands: {key!r}", cause=Cause.NOT_COVERED
            )
        try:
            return self._resolve(key, eli)
        except SourceError as exc:
            # a "not found" escaping the look-up is the API answering out of line: said as a refusal
            return as_resolution(
                key,
                exc,
                service="ELI",
                not_found=lambda e: Misconfigured(key, f"ELI: {e.message}", cause=e.cause),
            )
        except (ValueError, KeyError) as exc:
            return Unavailable(
                key, f"the ELI API answered something unreadable: {exc}", cause=Cause.UPSTREAM_ERROR
            )

    def get(self, path: str, *, html: bool = False) -> Fetched:
        """`/acts/<path>` as JSON (or, with html=True, an act's text.html), checked as every ELI answer is.
        Public for the history client (`eli.history`), which reads metadata, references and texts the same
        way."""
        return self._get(path, html=html)

    def _get(self, path: str, *, html: bool = False) -> Fetched:
        accept = "text/html" if html else "application/json"
        # kept a few minutes: the history client (eli.history) reads the same metadata, references and texts
        # just after the resolver did, and an act's ELI record does not change within minutes
        return self.http.get(
            f"{self.base_url}/acts/{path}",
            headers={"Accept": accept},
            redact_params=(),
            check=_check_html if html else check_json,
            keep=True,
        )

    def _resolve(self, key: str, eli: str) -> Resolution:
        try:
            meta_answer = self._get(eli)
        except NotFoundError:
            return NotFound(key, f"the ELI API has no act {eli}")
        retries = meta_answer.retries
        base = parse_act(meta_answer.text)
        try:
            refs = self._get(f"{eli}/references")
            retries += refs.retries
            candidates = consolidated_texts(refs.text)[:MAX_CONSOLIDATED_TRIED]
            later = amended_after(refs.text)
        except NotFoundError:
            candidates, later = [], []
        for text_eli, _date, has_html in candidates:
            info: ActInfo | None = None
            if has_html is None:
                info_answer = self._get(text_eli)
                retries += info_answer.retries
                info = parse_act(info_answer.text)
                has_html = info.has_html
            if has_html is False:
                continue
            act, fetched = self._text(text_eli)
            if act is None or fetched is None:
                continue
            retries += fetched.retries
            wording = f"consolidated text {info.display_address if info else text_eli}"
            if later:
                wording += f"; amended after it by {', '.join(later)} (not applied)"
            return Found(self._document(key, base, text_eli, info, act, fetched, wording, retries))
        if base.has_html is False:
            return Misconfigured(
                key,
                f"the ELI API has no HTML text of {eli} ({base.display_address}) nor of a consolidated "
                "text; attach the act as the source",
                cause=Cause.NOT_COVERED,
            )
        act, fetched = self._text(eli)
        if act is None or fetched is None:
            return Misconfigured(
                key,
                f"the ELI API's text.html of {eli} is empty; attach the act as the source",
                cause=Cause.NOT_COVERED,
            )
        retries += fetched.retries
        wording = "original wording as published (no consolidated text with HTML found; later amendments "
        wording += "not applied)"
        return Found(self._document(key, base, eli, None, act, fetched, wording, retries))

    def _text(self, eli: str) -> tuple[PlAct | None, Fetched | None]:
        try:
            fetched = self._get(f"{eli}/text.html", html=True)
        except NotFoundError:
            return None, None
        try:
            return parse_eli_html(fetched.content), fetched
        except EmptyActText:
            return None, None

    def _document(
        self,
        key: str,
        base: ActInfo,
        text_eli: str,
        text_info: ActInfo | None,
        act: PlAct,
        fetched: Fetched,
        wording: str,
        retries: int,
    ) -> SourceDocument:
        as_of = (text_info.legal_status_date if text_info else None) or base.date or ""
        meta: dict[str, Any] = {
            "wording": wording,
            "base_eli": base.eli,
            "text_eli": text_eli,
            "display_address": base.display_address,
            "status": base.status,
            "in_force": base.in_force,
        }
        if as_of:
            meta["as_of"] = as_of
        return SourceDocument(
            id=f"eli:{text_eli}",
            key=key,
            jurisdiction=Jurisdiction.PL,
            kind=Kind.STATUTE,
            title=base.title or act.title,
            text=act.text,
            url=fetched.public_url,
            version=f"{text_eli}@{as_of}" if as_of else text_eli,
            sha256=hashlib.sha256(act.text.encode("utf-8")).hexdigest(),
            fetched_at=(dt.datetime.now(dt.UTC) - dt.timedelta(seconds=fetched.age)).isoformat(
                timespec="seconds"
            ),
            origin="eli",
            number=base.eli,
            date=base.date,
            units=act.units,
            retries=retries,
            meta={k: str(v) for k, v in meta.items()},
        )

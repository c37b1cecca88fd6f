"""SAOS (www.saos.org.pl): Polish common courts, the Supreme Court and the Constitutional Tribunal.

A citation `pl:case:<signature>` is looked up by the exact `caseNumber` search parameter (SAOS rejects
unknown parameter names with HTTP 400, so only documented ones are sent), then each matching judgment is
fetched from `/judgments/{id}`, because the search `textContent` is only a highlight snippet.

What SAOS cannot answer is not a "no": administrative courts (WSA/NSA) are not in SAOS at all, and its
Supreme Court and Constitutional Tribunal data end in 2016/2015. Those anchors come back `Misconfigured`
("not covered by SAOS") so the finding is ⛔ no_source, never a false 🔴.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import lxml.html
from lxml.etree import ParserError

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
from verifier.sources.errors import PermanentError, SourceError, TransientError, as_resolution
from verifier.sources.http import Fetched, SourceHTTP

if TYPE_CHECKING:
    import httpx

DEFAULT_BASE_URL = "https://www.saos.org.pl/api"
KEY_PREFIX = "pl:case:"
ACCEPT_JSON = {"Accept": "application/json"}
MAX_JUDGMENTS_PER_CASE = 3  # a sentence and its reasons are separate SAOS items; more is a different case

# Signature repertories of the administrative courts (WSA "SA/Wa", "SAB/Kr"; NSA "OSK", "FSK", "GSK", their
# zażalenia "OZ/FZ/GZ" and resolutions "OPS/FPS/GPS"). None of these is in SAOS.
ADMINISTRATIVE = re.compile(r"\bSAB?/|\b(?:OSK|FSK|GSK|OZ|FZ|GZ|OPS|FPS|GPS|OW)\b")
_SUPREME = re.compile(r"\b(?:CSKP?|CZP|CNP|CZ|CO|CSP|KK|KZP|KO|KS|KZ|KSP|PK|PZP|PZ|UK|UZP|UZ|NSP|NSNc|NSK)\b")
_TRIBUNAL = re.compile(r"^(?:K|SK|P|U|Kp|Kpt|Ts|Tw)\s+\d")
# Coverage ends observed by third parties (SOURCE-APIS §3.1): later judgments of these courts are not there.
SUPREME_COVERAGE_END = "2016-06-30"
TRIBUNAL_COVERAGE_END = "2015-12-31"
EARLIEST_PLAUSIBLE_DATE = "1918-01-01"

JUDGMENT_TYPE_PL = {
    "SENTENCE": "wyrok",
    "DECISION": "postanowienie",
    "RESOLUTION": "uchwała",
    "REASONS": "uzasadnienie",
    "REGULATION": "zarządzenie",
}


# ------------------------------------------------------------------- parsing


@dataclass(frozen=True, slots=True)
class SaosHit:
    id: int
    case_numbers: tuple[str, ...]
    court_type: str
    judgment_type: str
    date: str | None
    court: str | None
    division: str | None


@dataclass(frozen=True, slots=True)
class SaosSearch:
    total: int
    hits: tuple[SaosHit, ...]


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what} is not valid JSON: {exc}") from None


def _case_numbers(item: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(str(c.get("caseNumber", "")).strip() for c in item.get("courtCases") or [] if c)


def _court_of(item: Mapping[str, Any]) -> tuple[str | None, str | None]:
    division = item.get("division") or {}
    court = division.get("court") or {}
    court_name = court.get("name")
    if item.get("courtType") == "SUPREME":
        court_name = court_name or "Sąd Najwyższy"
    elif item.get("courtType") == "CONSTITUTIONAL_TRIBUNAL":
        court_name = court_name or "Trybunał Konstytucyjny"
    return court_name, division.get("name")


def parse_search(text: str) -> SaosSearch:
    """`GET /api/search/judgments` → the hits (ids, signatures, court, date); raises ValueError on garbage."""
    data = _json(text, "SAOS search answer")
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise ValueError("SAOS search answer has no `items` list")
    hits = []
    for item in data["items"]:
        court, division = _court_of(item)
        hits.append(
            SaosHit(
                id=int(item["id"]),
                case_numbers=_case_numbers(item),
                court_type=str(item.get("courtType") or ""),
                judgment_type=str(item.get("judgmentType") or ""),
                date=item.get("judgmentDate") or None,
                court=court,
                division=division,
            )
        )
    total = int((data.get("info") or {}).get("totalResults", len(hits)))
    return SaosSearch(total=total, hits=tuple(hits))


def saos_signature(signature: str) -> str:
    """Compare signatures the way SAOS stores them: one space between tokens, case kept ("ACa" ≠ "Aca")."""
    return re.sub(r"\s+", " ", signature.replace("\xa0", " ")).strip()


def date_problem(date: str | None, *, today: dt.date | None = None) -> str | None:
    """Why a SAOS judgment date cannot be trusted (real data holds 3013-12-04, 2101-04-14), or None."""
    if not date:
        return None
    try:
        parsed = dt.date.fromisoformat(date)
    except ValueError:
        return f"SAOS gives the judgment date as {date!r}, which is not a date"
    today = today or dt.datetime.now(dt.UTC).date()
    if parsed.isoformat() < EARLIEST_PLAUSIBLE_DATE or parsed > today:
        return f"SAOS gives the judgment date as {date}, which is impossible (a data-entry error in SAOS)"
    return None


_BLOCKS = ("p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "li", "br", "table", "section")


def html_to_text(html: str) -> str:
    """Judgment HTML (common-court `textContent`) → plain text, one line per block, anonymisation kept."""
    if "<" not in html:
        return html.strip()
    try:
        root = lxml.html.fromstring(f"<div>{html}</div>")
    except (ParserError, ValueError):
        return re.sub(r"<[^>]+>", " ", html).strip()
    for el in root.iter(*_BLOCKS):
        el.tail = "\n" + (el.tail or "")
    lines = []
    for raw in "".join(str(t) for t in root.itertext()).split("\n"):
        line = re.sub(r"[ \t\xa0]+", " ", raw).strip()
        if line:
            lines.append(line)
    return "\n".join(lines)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def public_judgment_url(base_url: str, judgment_id: int) -> str:
    """The page a lawyer can open (www.saos.org.pl/judgments/N), not the API URL."""
    site = base_url.rstrip("/")
    site = site[: -len("/api")] if site.endswith("/api") else site
    return f"{site}/judgments/{judgment_id}"


def judgment_document(
    parts: Sequence[Mapping[str, Any]], *, key: str, url: str, origin: str = "saos", retries: int = 0
) -> SourceDocument:
    """One SourceDocument from the `data` of one or more `/judgments/{id}` answers of the same case
    (a sentence and its separately published reasons are joined, sentence first)."""
    if not parts:
        raise ValueError("no judgment data to build a document from")
    ordered = sorted(parts, key=lambda d: d.get("judgmentType") == "REASONS")
    main = ordered[0]
    signature = next(iter(_case_numbers(main)), "")
    court, division = _court_of(main)
    texts = [html_to_text(str(d.get("textContent") or "")) for d in ordered]
    text = "\n\n".join(t for t in texts if t)
    if not text.strip():
        raise ValueError(f"SAOS judgment {main.get('id')} has no text")
    date = main.get("judgmentDate") or None
    problem = date_problem(date)
    meta = _judgment_meta(ordered, division, date, problem)
    kind = (
        Kind.CONSTITUTIONAL_DECISION if main.get("courtType") == "CONSTITUTIONAL_TRIBUNAL" else Kind.JUDGMENT
    )
    type_pl = meta["decision_type"] or "orzeczenie"
    title = f"{type_pl} — {court or 'sąd nieznany'}"
    title += f", {division}" if division else ""
    title += f" z dnia {date}, {signature}" if date and not problem else f", {signature}"
    return SourceDocument(
        id=f"saos:{main.get('id')}",
        key=key,
        jurisdiction=Jurisdiction.PL,
        kind=kind,
        title=title,
        text=text,
        url=url,
        version=f"saos:{meta['saos_ids']}",
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        fetched_at=_now(),
        origin=origin,
        number=signature or None,
        date=None if problem else date,  # an impossible date must not "contradict" the draft
        court=court,
        parties=(),
        summary=str(main.get("summary") or "") or None,
        retries=retries,
        meta=meta,
    )


def _judgment_meta(
    ordered: Sequence[Mapping[str, Any]], division: str | None, date: str | None, problem: str | None
) -> dict[str, str]:
    """What a SAOS judgment document keeps beside its text: ids, types, judges, division, topics, the
    court's own address, and an impossible date with why."""
    main = ordered[0]
    judges: list[str] = []
    for d in ordered:
        for judge in d.get("judges") or []:
            name = str(judge.get("name") or "").strip()
            if name and name not in judges:
                judges.append(name)
    meta: dict[str, str] = {
        "saos_ids": ",".join(str(d.get("id")) for d in ordered),
        "court_type": str(main.get("courtType") or ""),
        "judgment_type": str(main.get("judgmentType") or ""),
        "decision_type": JUDGMENT_TYPE_PL.get(str(main.get("judgmentType")), ""),
        "judges": "; ".join(judges),
        "parties_note": "SAOS publishes anonymised judgments: party names are not available",
    }
    if division:
        meta["division"] = division
    meta.update(_topic_meta(ordered))
    if problem:
        meta["date_problem"] = problem
        meta["saos_date"] = str(date)
    source = main.get("source") or {}
    if isinstance(source, dict) and source.get("judgmentUrl"):
        meta["court_url"] = str(source["judgmentUrl"])
    return meta


def _texts(values: object, field: str | None = None) -> list[str]:
    out: list[str] = []
    for value in values if isinstance(values, list) else []:
        text = value.get(field) if field is not None and isinstance(value, dict) else value
        if isinstance(text, str) and text.strip() and text.strip() not in out:
            out.append(text.strip())
    return out


def _topic_meta(parts: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """What SAOS says a judgment is about — its keywords, legal bases and the acts it refers to — for the
    topic check (verifier/topic_fields.py)."""
    keywords: list[str] = []
    bases: list[str] = []
    for d in parts:
        keywords += [k for k in _texts(d.get("keywords")) if k not in keywords]
        bases += [b for b in _texts(d.get("legalBases")) if b not in bases]
        bases += [b for b in _texts(d.get("referencedRegulations"), "text") if b not in bases]
    return {k: "; ".join(v) for k, v in (("keywords", keywords), ("legal_bases", bases)) if v}


def parse_judgment(text: str) -> Mapping[str, Any]:
    """`GET /api/judgments/{id}` → its `data` object."""
    data = _json(text, "SAOS judgment answer")
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise ValueError("SAOS judgment answer has no `data` object")
    inner: Mapping[str, Any] = data["data"]
    return inner


# ------------------------------------------------------------------ coverage


def not_covered_reason(signature: str, date: str | None) -> str | None:
    """Why SAOS cannot answer for this signature at all (so 0 hits would prove nothing), or None."""
    if ADMINISTRATIVE.search(signature):
        return (
            f"not covered by SAOS: {signature} is an administrative-court (WSA/NSA) signature and SAOS "
            "has no administrative judgments; attach the judgment (orzeczenia.nsa.gov.pl) as the source"
        )
    year = _signature_year(signature)
    if _SUPREME.search(signature):
        end, court = SUPREME_COVERAGE_END, "Supreme Court (SN)"
    elif _TRIBUNAL.match(signature):
        end, court = TRIBUNAL_COVERAGE_END, "Constitutional Tribunal (TK)"
    else:
        return None
    if (date and date > end) or (year is not None and year > int(end[:4])):
        return (
            f"not covered by SAOS: its {court} data ends in {end[:7]}, and {signature} is later; "
            "attach the judgment as the source"
        )
    return None


def _signature_year(signature: str) -> int | None:
    m = re.search(r"/(\d{2})(?:/|$|\s)", signature.strip() + " ")
    if not m:
        return None
    yy = int(m.group(1))
    return 1900 + yy if yy >= 50 else 2000 + yy


# ------------------------------------------------------------------ matching


def _fold(text: str) -> str:
    text = text.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


_COURT_ABBREVIATIONS = {
    "sa": "sąd apelacyjny",
    "so": "sąd okręgowy",
    "sr": "sąd rejonowy",
    "sn": "sąd najwyższy",
    "tk": "trybunał konstytucyjny",
}


def court_matches(as_cited: str, saos_court: str | None) -> bool:
    """'SA w Krakowie' ~ 'Sąd Apelacyjny w Krakowie'; every significant word cited must be in SAOS's name."""
    if not saos_court:
        return False
    words = as_cited.replace(".", " ").split()
    expanded = " ".join(_COURT_ABBREVIATIONS.get(w.lower(), w) for w in words)
    wanted = [w[:5] for w in _fold(expanded).split() if len(w) > 2 and w not in {"sad", "dla"}]
    have = [w[:5] for w in _fold(saos_court).split()]
    return bool(wanted) and all(w in have for w in wanted)


# ------------------------------------------------------------------ resolver


def check_json(response: httpx.Response) -> None:
    """SAOS speaks JSON; an HTML page is a proxy/maintenance page, a 400 names the bad parameter."""
    if response.status_code == 400:
        try:
            error = response.json().get("error", {})
            detail = f"{error.get('reason')}: {error.get('propertyName')} {error.get('message')}"
        except (ValueError, AttributeError):
            detail = "HTTP 400"
        raise PermanentError(f"SAOS rejected the request ({detail})", host=response.url.host)
    body = response.content.lstrip()[:200].lower()
    if response.status_code == 200 and (body.startswith(b"<") or b"<html" in body):
        raise TransientError(
            "SAOS answered an HTML page instead of JSON (maintenance or anti-bot)", host=response.url.host
        )
    if response.status_code == 200 and body:
        try:
            json.loads(response.content)
        except ValueError:
            raise TransientError("SAOS answered malformed JSON", host=response.url.host) from None


class SaosResolver:
    """`pl:case:<signature>` → the judgment from SAOS."""

    def __init__(self, http: SourceHTTP, *, base_url: str = DEFAULT_BASE_URL) -> None:
        self.http = http
        self.base_url = base_url.rstrip("/")

    def resolve(self, anchor: Anchor) -> Resolution:
        key = anchor.key
        if not key.startswith(KEY_PREFIX):
            return Misconfigured(
                key, f"SAOS resolves only {KEY_PREFIX}… keys, not {key!r}", cause=Cause.NOT_COVERED
            )
        signature = saos_signature(anchor.number or key[len(KEY_PREFIX) :])
        if not signature:
            return Misconfigured(key, "no case signature to look up in SAOS", cause=Cause.NOT_COVERED)
        reason = not_covered_reason(signature, anchor.date)
        if reason:
            return Misconfigured(key, reason, cause=Cause.NOT_COVERED)
        try:
            return self._resolve(key, signature, anchor.court)
        except SourceError as exc:
            # The search listed the judgment, so a 404 on its page is SAOS being inconsistent, not a "no".
            return as_resolution(
                key,
                exc,
                service="SAOS",
                not_found=lambda e: Unavailable(
                    key,
                    f"SAOS listed the judgment but would not serve it: {e.message}",
                    cause=Cause.UPSTREAM_ERROR,
                ),
            )
        except ValueError as exc:
            return Unavailable(key, f"SAOS answered something unreadable: {exc}", cause=Cause.UPSTREAM_ERROR)

    def _get(self, path: str, params: Mapping[str, str | int] | None = None) -> Fetched:
        return self.http.get(
            f"{self.base_url}{path}", params=params, headers=ACCEPT_JSON, redact_params=(), check=check_json
        )

    def _resolve(self, key: str, signature: str, court: str | None) -> Resolution:
        fetched = self._get("/search/judgments", {"caseNumber": signature, "pageSize": 20, "pageNumber": 0})
        retries = fetched.retries
        search = parse_search(fetched.text)
        wanted = saos_signature(signature)
        hits = [h for h in search.hits if wanted in {saos_signature(c) for c in h.case_numbers}]
        if not hits:
            near = sorted({c for h in search.hits for c in h.case_numbers})[:5]
            return NotFound(key, f"SAOS has no judgment with the signature {signature}", tuple(near))
        groups: dict[str, list[SaosHit]] = {}
        for hit in hits:
            groups.setdefault(hit.court or "?", []).append(hit)
        if court:
            matching = {name: g for name, g in groups.items() if court_matches(court, name)}
            if matching:
                groups = matching
        if len(groups) > 1:
            courts = "; ".join(sorted(groups))
            return Misconfigured(
                key,
                f"ambiguous in SAOS: the signature {signature} exists in {len(groups)} courts ({courts}); "
                "name the court in the citation",
                cause=Cause.NOT_COVERED,
            )
        chosen = next(iter(groups.values()))[:MAX_JUDGMENTS_PER_CASE]
        parts = []
        for hit in chosen:
            answer = self._get(f"/judgments/{hit.id}")
            retries += answer.retries
            parts.append(parse_judgment(answer.text))
        url = public_judgment_url(self.base_url, chosen[0].id)
        document = judgment_document(parts, key=key, url=url, retries=retries)
        return Found(document)

"""A fake SAOS API (`/api/search/judgments`, `/api/judgments/{id}`) in the real JSON shapes.

    make_app(corpus_dir, recorded_dir) -> WSGI application (mount it so that its paths start with /api)

What it serves, and from where:
  - the corpus judgments (`pl/judgments/…`: SN and TK import JSON, the common-court SQL dump and HTML
    fragments), read through `verifier.sources.local.CorpusResolver` and re-shaped into the SAOS API
    `data` object (CONSTRUCTED from real texts in the documented shape, SOURCE-APIS §3.4: ids are ours,
    courtType/division/judges as the corpus gives them, textContent the full text);
  - the recorded search answer (`poland_saos/search_…json`), replayed verbatim for its own query
    (`all=żona`), and its ten items, which `caseNumber` searches also find; their `/judgments/{id}` has
    only the search snippet (with <em> highlights removed) as text, since nothing more was recorded.

Server rules reproduced (from the SAOS code): GET only (405), `Accept` must allow application/json (406),
unknown query parameter names are a 400 "WRONG REQUEST PARAMETER", pageSize above 100 is a 400, unknown ids
are a 404 "ELEMENT DOES NOT EXIST". `caseNumber` matches the exact signature; `all` a "quoted phrase" as
consecutive words and loose words all together (no stemming); `judgmentDateFrom/To` and
`sortingField=JUDGMENT_DATE` with `sortingDirection` as documented. `referencedCourtCases` is served empty
(SAOS fills it by its own enrichment, which the fake does not run). Administrative courts are not
in SAOS, so their signatures find nothing, as on the real server.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from fakes.faults import StartResponse, WSGIApp

# The documented search parameters (JudgmentsParameters.java); any other name is a 400 on the real server.
PARAMETERS = frozenset(
    {
        "all", "legalBase", "referencedRegulation", "lawJournalEntryCode", "judgeName", "caseNumber",
        "judgmentDateFrom", "judgmentDateTo", "courtType", "ccCourtType", "ccCourtId", "ccCourtCode",
        "ccCourtName", "ccDivisionId", "ccDivisionCode", "ccDivisionName",
        "ccIncludeDependentCourtJudgments", "scPersonnelType", "scJudgmentForm", "scChamberId",
        "scChamberName", "scDivisionId", "scDivisionName", "judgmentTypes", "keywords", "pageSize",
        "pageNumber", "sortingField", "sortingDirection",
    }
)  # fmt: skip
PUBLIC_ROOT = "https://www.saos.org.pl"
FIRST_ID = 900001  # well away from the recorded ids (31345 … 493137)

_TYPE_BY_DECISION = {"wyrok": "SENTENCE", "postanowienie": "DECISION", "uchwała": "RESOLUTION"}


@dataclass
class _Judgment:
    id: int
    data: dict[str, Any]

    @property
    def case_numbers(self) -> list[str]:
        return [c["caseNumber"] for c in self.data.get("courtCases", [])]


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "


def _matches_all(value: str, text: str) -> bool:
    """`all=` as the SAOS search engine reads it [client, SOURCE-APIS §3.9]: a "quoted phrase" is matched as
    consecutive words, unquoted words must all occur (AND). No stemming here: the real engine stems Polish."""
    have = _words(text)
    phrases = re.findall(r'"([^"]+)"', value)
    loose = re.sub(r'"[^"]*"', " ", value).split()
    return all(_words(p) in have for p in phrases) and all(_words(w) in have for w in loose)


def _snippet(text: str, length: int = 300) -> str:
    return re.sub(r"\s+", " ", text[:length]).strip() + " ..."


def _from_corpus(corpus_dir: Path) -> list[_Judgment]:
    from verifier.sources.local import CorpusResolver

    judgments = []
    documents = [
        d
        for d in CorpusResolver(corpus_dir, jurisdictions=("pl",)).documents()
        if d.key.startswith("pl:case:")
    ]
    for index, doc in enumerate(documents):
        court = doc.court or ""
        if court == "Sąd Najwyższy":
            court_type = "SUPREME"
        elif court == "Trybunał Konstytucyjny":
            court_type = "CONSTITUTIONAL_TRIBUNAL"
        else:
            court_type = "COMMON"
        judges: list[dict[str, Any]] = [
            {"name": name, "function": None, "specialRoles": []}
            for name in doc.meta.get("judges", "").split("; ")
            if name
        ]
        data: dict[str, Any] = {
            "id": FIRST_ID + index,
            "courtType": court_type,
            "courtCases": [{"caseNumber": doc.number}],
            "judgmentType": _TYPE_BY_DECISION.get(doc.meta.get("decision_type", ""), "SENTENCE"),
            "judgmentDate": doc.date or "",
            "judges": judges,
            "source": {
                "code": {"SUPREME": "SUPREME_COURT", "COMMON": "COMMON_COURT"}.get(court_type, court_type)
            },
            "courtReporters": [],
            "decision": None,
            "summary": None,
            "textContent": doc.text,
            "legalBases": [],
            "referencedRegulations": [],
            "keywords": [],
            "referencedCourtCases": [],
        }
        division = {"id": 5000 + index, "name": doc.meta.get("division", "")}
        if court_type == "COMMON":
            division["court"] = {"id": 7000 + index, "name": court}
        data["division"] = division
        judgments.append(_Judgment(FIRST_ID + index, data))
    return judgments


def _from_recording(recorded_dir: Path) -> tuple[dict[str, Any] | None, list[_Judgment]]:
    path = next(iter(sorted((recorded_dir / "poland_saos").glob("search_judgments_*.json"))), None)
    if path is None:
        return None, []
    answer = json.loads(path.read_text(encoding="utf-8"))
    judgments = []
    for item in answer.get("items", []):
        data = dict(item)
        data["textContent"] = re.sub(r"</?em>", "", str(item.get("textContent") or ""))
        judgments.append(_Judgment(int(item["id"]), data))
    return answer, judgments


class _App:
    def __init__(self, judgments: list[_Judgment], recorded: dict[str, Any] | None) -> None:
        self.judgments = {j.id: j for j in judgments}
        self.recorded = recorded
        self.recorded_query = self._recorded_query(recorded)

    @staticmethod
    def _recorded_query(recorded: dict[str, Any] | None) -> dict[str, str] | None:
        if not recorded:
            return None
        self_link = next(
            (link["href"] for link in recorded.get("links", []) if link.get("rel") == "self"), ""
        )
        return dict(parse_qsl(self_link.partition("?")[2]))

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD", "GET") != "GET":
            return _error(start_response, 405, "UNSUPPORTED HTTP METHOD", None, "only GET is supported")
        accept = environ.get("HTTP_ACCEPT", "*/*")
        if not any(t in accept for t in ("application/json", "*/*", "application/*")):
            return _error(start_response, 406, "UNSUPPORTED MEDIA TYPE", None, f"cannot produce {accept}")
        path = environ.get("PATH_INFO", "")
        pairs = parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True)
        if path.rstrip("/") == "/api/search/judgments":
            return self._search(start_response, pairs)
        m = re.fullmatch(r"/api/judgments/(\d+)/?", path)
        if m:
            return self._judgment(start_response, int(m.group(1)))
        return _error(start_response, 404, "PAGE DOES NOT EXIST", None, f"no such page: {path}")

    def _search(self, start_response: StartResponse, pairs: list[tuple[str, str]]) -> Iterable[bytes]:
        for name, _ in pairs:
            if name not in PARAMETERS:
                return _error(start_response, 400, "WRONG REQUEST PARAMETER", name, "unknown parameter")
        query = dict(pairs)
        try:
            page_size = int(query.get("pageSize") or 20)
            page = int(query.get("pageNumber") or 0)
        except ValueError:
            return _error(start_response, 400, "WRONG REQUEST PARAMETER", "pageSize", "must be a number")
        if page_size > 100:
            return _error(
                start_response, 400, "WRONG REQUEST PARAMETER", "pageSize", "may not be greater than 100"
            )
        if page_size < 1 or page < 0:
            return _error(start_response, 400, "WRONG REQUEST PARAMETER", "pageSize", "must be positive")
        if self.recorded is not None and query == self.recorded_query:
            return _json(start_response, 200, self.recorded)
        hits = list(self.judgments.values())
        if "caseNumber" in query:
            wanted = re.sub(r"\s+", " ", query["caseNumber"]).strip()
            hits = [j for j in hits if wanted in j.case_numbers]
        if query.get("all"):
            hits = [j for j in hits if _matches_all(query["all"], str(j.data.get("textContent", "")))]
        if query.get("courtType"):
            hits = [j for j in hits if j.data.get("courtType") == query["courtType"]]
        if query.get("judgmentDateFrom"):
            hits = [j for j in hits if str(j.data.get("judgmentDate") or "") >= query["judgmentDateFrom"]]
        if query.get("judgmentDateTo"):
            hits = [j for j in hits if str(j.data.get("judgmentDate") or "9999") <= query["judgmentDateTo"]]
        if query.get("sortingField") == "JUDGMENT_DATE":
            descending = query.get("sortingDirection") == "DESC"
            hits.sort(key=lambda j: str(j.data.get("judgmentDate") or ""), reverse=descending)
        window = hits[page * page_size : (page + 1) * page_size]
        items = []
        for j in window:
            item = {k: v for k, v in j.data.items() if k in _ITEM_FIELDS}
            item["href"] = f"{PUBLIC_ROOT}/api/judgments/{j.id}"
            item["textContent"] = _snippet(str(j.data.get("textContent") or ""))
            items.append(item)
        self_href = f"{PUBLIC_ROOT}/api/search/judgments?{urlencode(pairs)}"
        answer = {
            "links": [{"rel": "self", "href": self_href}],
            "items": items,
            "queryTemplate": {
                "pageNumber": {"value": page},
                "pageSize": {"value": page_size},
                "caseNumber": query.get("caseNumber"),
                "all": query.get("all"),
            },
            "info": {"totalResults": len(hits)},
        }
        return _json(start_response, 200, answer)

    def _judgment(self, start_response: StartResponse, judgment_id: int) -> Iterable[bytes]:
        judgment = self.judgments.get(judgment_id)
        if judgment is None:
            return _error(start_response, 404, "ELEMENT DOES NOT EXIST", "id", f"no judgment {judgment_id}")
        data = dict(judgment.data)
        data["href"] = f"{PUBLIC_ROOT}/api/judgments/{judgment_id}"
        links = [{"rel": "self", "href": data["href"]}]
        return _json(start_response, 200, {"links": links, "data": data})


_ITEM_FIELDS = frozenset(
    {"id", "courtType", "courtCases", "judgmentType", "judges", "keywords", "division", "judgmentDate"}
)


def _json(start_response: StartResponse, status: int, payload: Any) -> list[bytes]:
    body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    reason = {
        200: "OK",
        400: "Bad Request",
        404: "Not Found",
        405: "Method Not Allowed",
        406: "Not Acceptable",
    }
    start_response(
        f"{status} {reason.get(status, '')}",
        [("Content-Type", "application/json;charset=UTF-8"), ("Content-Length", str(len(body)))],
    )
    return [body]


def _error(
    start_response: StartResponse, status: int, reason: str, prop: str | None, message: str
) -> list[bytes]:
    error = {"httpStatus": str(status), "reason": reason, "propertyName": prop, "message": message}
    return _json(start_response, status, {"error": error})


def make_app(corpus_dir: Path, recorded_dir: Path) -> WSGIApp:
    """`corpus_dir` is the whole corpus (…/corpus), `recorded_dir` the recorded responses (…/recorded)."""
    corpus_dir, recorded_dir = Path(corpus_dir), Path(recorded_dir)
    if not (corpus_dir / "pl").is_dir():
        raise FileNotFoundError(f"{corpus_dir} has no pl/ directory: pass the corpus root (…/corpus)")
    recorded, recorded_items = _from_recording(recorded_dir)
    return _App(_from_corpus(corpus_dir) + recorded_items, recorded)

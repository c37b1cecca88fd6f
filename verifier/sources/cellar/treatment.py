"""Later judgments citing a CJEU / General Court judgment, from CELLAR's citation relation.

    treatment = EuJudgmentTreatment(cellar_resolver, sparql_url=…, store=…)
    treatment.later_treatment("62014CJ0362") -> Treatment | NotChecked

How (docs/SOURCE-APIS.md §5.7): one SPARQL query by CELEX (only the identifier leaves the machine) for the
case-law works that cite the judgment — `?later cdm:work_cites_work ?cited` — with each citing work's CELEX
(sector 6 only: judgments, orders, opinions), `cdm:work_date_document` and `cdm:case-law_ecli`. The relation
says THAT a later judgment cites it, not HOW: CELLAR has no "overrules" or "departs from" relation for case
law, so every row is "cited" (shown, no status change) and `scanned` says that the relation cannot tell
whether the Court departed from it.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable

from verifier.model import Cause
from verifier.sources.cellar.client import CellarResolver, public_url
from verifier.sources.cellar.history import DEFAULT_SPARQL_URL, PREFIXES, check_sparql
from verifier.sources.cellar.structure import is_celex
from verifier.sources.errors import SourceError
from verifier.sources.history_store import HistoryStore, KeyLocks, MemoryStore, list_is_fresh
from verifier.sources.treatment import LaterDecision, Treatment, treatment_from_json, treatment_to_json
from verifier.sources.versions import NotChecked, not_checked, said

ORIGIN = "cellar"
MAX_ROWS = 200
Q_CITED_BY = (
    PREFIXES
    + "SELECT DISTINCT ?celex ?date ?ecli WHERE {{ "
    + '?cited cdm:resource_legal_id_celex "{celex}"^^xsd:string . '
    "?later cdm:work_cites_work ?cited . ?later cdm:resource_legal_id_celex ?celex . "
    'FILTER(STRSTARTS(STR(?celex), "6")) '
    "OPTIONAL {{ ?later cdm:work_date_document ?date }} OPTIONAL {{ ?later cdm:case-law_ecli ?ecli }} }} "
    "ORDER BY DESC(?date) LIMIT " + str(MAX_ROWS)
)
_COURTS = {"C": "CJEU", "T": "General Court", "F": "Civil Service Tribunal"}
_FORMS = {
    "CJ": "judgment",
    "TJ": "judgment",
    "CO": "order",
    "TO": "order",
    "CC": "Advocate General's opinion",
}


def case_number(celex: str) -> str:
    """62018CJ0311 → C-311/18 (the case number printed on the judgment)."""
    if len(celex) < 11 or not celex[1:5].isdigit() or not celex[7:11].isdigit():
        return celex
    return f"{celex[5]}-{int(celex[7:11])}/{celex[3:5]}"


class EuJudgmentTreatment:
    def __init__(
        self,
        resolver: CellarResolver,
        *,
        sparql_url: str = DEFAULT_SPARQL_URL,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
    ) -> None:
        self.resolver = resolver
        self.sparql_url = sparql_url
        self.store: HistoryStore = store if store is not None else MemoryStore()
        self._today = today
        self._locks = KeyLocks()

    def later_treatment(self, celex: str) -> Treatment | NotChecked:
        celex = celex.strip().upper()
        if not is_celex(celex) or not celex.startswith("6"):
            return NotChecked(f"{celex!r} is not the CELEX of an EU judgment (sector 6)", Cause.NOT_FOUND)
        with self._locks(f"treatment:{celex}"):
            return self._later_treatment(celex)

    def _later_treatment(self, celex: str) -> Treatment | NotChecked:
        today = self._today().isoformat()
        key = f"{ORIGIN}:{celex}"
        cached = self.store.get("treatment", key)
        if cached is not None and list_is_fresh(str(cached["listed_on"]), day=today, today=today):
            return treatment_from_json(cached)
        try:
            fetched = self.resolver.http.get(
                self.sparql_url,
                params={"query": Q_CITED_BY.format(celex=celex), "format": "application/sparql-results+json"},
                headers={"Accept": "application/sparql-results+json"},
                redact_params=(),
                check=check_sparql,
            )
        except SourceError as exc:
            return not_checked(exc, said("asked_citing_judgments", celex=celex))
        rows = json.loads(fetched.content)["results"].get("bindings") or []
        values = [{k: str(v.get("value", "")) for k, v in row.items()} for row in rows]
        decisions = {}
        for row in values:
            later = row.get("celex", "")
            if not later or later == celex or later in decisions:
                continue
            decisions[later] = _decision(later, row.get("date") or None, row.get("ecli") or None)
        ordered = tuple(sorted(decisions.values(), key=lambda d: d.date or "", reverse=True))
        scanned = (
            f"CELLAR SPARQL cdm:work_cites_work for {celex}: "
            f"{len(ordered)} later decisions of the EU courts cite it"
            + (f" (the first {MAX_ROWS} rows)" if len(values) >= MAX_ROWS else "")
        )
        treatment = Treatment(celex, ordered, scanned, today, len(ordered), 0, len(values) >= MAX_ROWS)
        self.store.put("treatment", key, treatment_to_json(treatment))
        return treatment


def _decision(celex: str, date: str | None, ecli: str | None) -> LaterDecision:
    form = _FORMS.get(celex[5:7], "decision")
    number = case_number(celex)
    return LaterDecision(
        number=number,
        court=_COURTS.get(celex[5:6], "CJEU"),
        date=date[:10] if date else None,
        serial=celex,
        title=f"{form} {number}" + (f", {ecli}" if ecli else ""),
        relation="cited",
        excerpt=f"CELLAR records that {form} {number} (CELEX {celex}) cites this judgment",
        full_bench=None,
        url=public_url(celex),
    )

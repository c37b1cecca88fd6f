"""EU act history from CELLAR: the consolidated versions of an act, their texts, and repealing acts.

    history = EuActHistory(cellar_resolver, sparql_url=…, store=…)
    history.history("32016R0679") -> History | NotChecked
    history.timeline("32016R0679", Pinpoint("6", "1")) -> Timeline | NotChecked
    history.check_quote("32016R0679", Pinpoint("6", "1"), quote, as_of=…) -> QuoteCheck | NotChecked
    history.repealed_by("31995L0046") -> tuple[Repeal, ...] | NotChecked

Sources (docs/SOURCE-APIS.md §5.6), asked by CELEX only:
  - the SPARQL endpoint (`format=application/sparql-results+json`): the consolidated versions of a base act
    (`?c cdm:act_consolidated_based_on_resource_legal ?base`, `cdm:act_consolidated_date`, their CELEX
    `0…-YYYYMMDD`), the base act's `cdm:resource_legal_date_entry-into-force`, and the acts that repeal it
    (`cdm:resource_legal_repeals_resource_legal` / `…_implicitly_repeals_…`, with `cdm:work_date_document`);
  - CELLAR REST `celex/<CELEX>` through `CellarResolver.get` for the text of the original act and of each
    consolidated version (a superseded consolidated version may answer 404: that version is then unread).
The original act is in force from its entry into force (unknown when CELLAR does not give it); each
consolidated version from its consolidation date. Consolidated texts are documentation: only the OJ is
authentic; the original's text is the OJ text.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from verifier.model import Cause, Pinpoint, SourceDocument
from verifier.sources.cellar.client import CellarResolver, public_url
from verifier.sources.cellar.structure import is_celex, parse_cellar_xhtml
from verifier.sources.errors import NotFoundError, SourceError, TransientError
from verifier.sources.history_store import (
    HistoryStore,
    KeyLocks,
    ListCache,
    MemoryStore,
    TextCache,
    list_is_fresh,
)
from verifier.sources.units import unit_for
from verifier.sources.versions import (
    History,
    NotChecked,
    QuoteCheck,
    Timeline,
    UnitReading,
    UnitState,
    Version,
    VersionText,
    build_timeline,
    check_quote,
    not_answered,
    not_checked,
    promulgation_order,
    said,
)

ORIGIN = "cellar"
DEFAULT_SPARQL_URL = "https://publications.europa.eu/webapi/rdf/sparql"
MAX_TEXTS = 30

PREFIXES = (
    "PREFIX cdm: <http://publications.europa.eu/ontology/cdm#> "
    "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> "
)
Q_VERSIONS = (
    PREFIXES
    + 'SELECT DISTINCT ?celex ?date ?force WHERE {{ ?b cdm:resource_legal_id_celex "{celex}"^^xsd:string . '
    "OPTIONAL {{ ?b cdm:resource_legal_date_entry-into-force ?force }} "
    "OPTIONAL {{ ?c cdm:act_consolidated_based_on_resource_legal ?b ; cdm:resource_legal_id_celex ?celex . "
    "OPTIONAL {{ ?c cdm:act_consolidated_date ?date }} }} }}"
)
Q_REPEALED = (
    PREFIXES
    + 'SELECT DISTINCT ?celex ?date ?end WHERE {{ ?b cdm:resource_legal_id_celex "{celex}"^^xsd:string . '
    "{{ ?r cdm:resource_legal_repeals_resource_legal ?b }} UNION "
    "{{ ?r cdm:resource_legal_implicitly_repeals_resource_legal ?b }} "
    "?r cdm:resource_legal_id_celex ?celex . OPTIONAL {{ ?r cdm:work_date_document ?date }} "
    "OPTIONAL {{ ?b cdm:resource_legal_date_end-of-validity ?end }} }}"
)


@dataclass(frozen=True, slots=True)
class Repeal:
    by: str  # CELEX of the repealing act
    date: (
        str | None
    )  # the repealing act's date (cdm:work_date_document), not necessarily when it takes effect
    url: str
    end: str | None = (
        None  # the repealed act's last day of validity (cdm:resource_legal_date_end-of-validity)
    )

    @property
    def effective(self) -> str | None:
        """The first day on which the act is no longer in force (the day after its end of validity)."""
        if not self.end:
            return None
        return (dt.date.fromisoformat(self.end[:10]) + dt.timedelta(days=1)).isoformat()


def check_sparql(response: Any) -> None:
    if response.status_code == 200:
        try:
            data = json.loads(response.content)
        except ValueError:
            raise TransientError("the CELLAR SPARQL endpoint answered something that is not JSON") from None
        if not isinstance(data, dict) or "results" not in data:
            raise TransientError("the CELLAR SPARQL endpoint answered JSON without results")


class EuActHistory:
    def __init__(
        self,
        resolver: CellarResolver,
        *,
        sparql_url: str = DEFAULT_SPARQL_URL,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        max_texts: int = MAX_TEXTS,
    ) -> None:
        self.resolver = resolver
        self.sparql_url = sparql_url
        self.store: HistoryStore = store if store is not None else MemoryStore()
        self.texts = TextCache(self.store)
        self.lists = ListCache(self.store)
        self._locks = KeyLocks()
        self._today = today
        self.max_texts = max_texts

    def _sparql(self, query: str) -> list[dict[str, str]]:
        fetched = self.resolver.http.get(
            self.sparql_url,
            params={"query": query, "format": "application/sparql-results+json"},
            headers={"Accept": "application/sparql-results+json"},
            redact_params=(),
            check=check_sparql,
        )
        rows = json.loads(fetched.content)["results"].get("bindings") or []
        return [{k: str(v.get("value", "")) for k, v in row.items()} for row in rows]

    def history(self, celex: str, *, as_of: str | None = None) -> History | NotChecked:
        with self._locks(f"list:{celex}"):
            return self._history(celex, as_of=as_of)

    def _history(self, celex: str, *, as_of: str | None = None) -> History | NotChecked:
        celex = celex.strip().upper()
        if not is_celex(celex) or not celex.startswith("3"):
            return NotChecked(f"{celex!r} is not the CELEX of an EU act (sector 3)", Cause.NOT_FOUND)
        today = self._today().isoformat()
        key = f"{ORIGIN}:{celex}"
        cached = self.lists.fresh(key, day=as_of or today, today=today)
        if cached is not None:
            return cached
        try:
            rows = self._sparql(Q_VERSIONS.format(celex=celex))
        except SourceError as exc:
            return not_checked(exc, said("asked_consolidated_versions", celex=celex))
        if not rows:
            return not_answered(said("cellar_no_act", celex=celex), Cause.NOT_FOUND)
        force = min((r["force"] for r in rows if r.get("force")), default=None)
        versions = [
            Version(
                id=celex,
                effective=force,
                promulgated=force,
                number=celex,
                kind="original (OJ)",
                label=f"CELEX {celex} (OJ text)",
                url=public_url(celex),
            )
        ]
        notes = [] if force else [f"CELLAR gives no date of entry into force of {celex}"]
        for row in rows:
            version_celex = row.get("celex", "")
            if not version_celex:
                continue
            date = row.get("date") or _date_from_celex(version_celex)
            versions.append(
                Version(
                    id=version_celex,
                    effective=date,
                    promulgated=date,
                    number=version_celex,
                    kind="consolidated",
                    label=f"consolidated version {version_celex} ({date})",
                    url=public_url(version_celex),
                )
            )
        if len(versions) == 1:
            notes.append(f"CELLAR lists no consolidated version of {celex}")
        history = History(
            key=f"eu:celex:{celex}",
            title=f"CELEX {celex}",
            law_id=celex,
            versions=promulgation_order({v.id: v for v in versions}.values()),
            listed_on=today,
            origin=ORIGIN,
            source=self.sparql_url,
            notes=tuple(notes),
        )
        self.lists.put(key, history)
        return history

    def prefetch(self, celex: str, *, versions: bool) -> None:
        """Ask now, before the cited text is in (HistoryLookup.ahead), the SPARQL questions the act's history
        will ask: the acts repealing it and, for a quote (`versions`), its consolidated versions. The
        answers land in the store."""
        self.repealed_by(celex)
        if versions:
            self.history(celex)

    def repealed_by(self, celex: str) -> tuple[Repeal, ...] | NotChecked:
        celex = celex.strip().upper()
        today = self._today().isoformat()
        with self._locks(f"repeal:{celex}"):
            cached = self.store.get("repeal", f"{ORIGIN}:{celex}")
            if cached is not None and list_is_fresh(str(cached["listed_on"]), day=today, today=today):
                rows = list(cached["rows"])
            else:
                try:
                    rows = self._sparql(Q_REPEALED.format(celex=celex))
                except SourceError as exc:
                    return not_checked(exc, said("asked_repealing_acts", celex=celex))
                self.store.put("repeal", f"{ORIGIN}:{celex}", {"rows": rows, "listed_on": today})
        return tuple(
            Repeal(
                r["celex"], r.get("date") or None, public_url(r["celex"]), (r.get("end") or "")[:10] or None
            )
            for r in rows
            if r.get("celex")
        )

    def text(self, version: Version) -> VersionText | NotChecked:
        with self._locks(f"text:{version.id}"):
            return self._text(version)

    def _text(self, version: Version) -> VersionText | NotChecked:
        key = f"{ORIGIN}:{version.id}"
        cached = self.texts.get(key)
        if cached is not None:
            return cached
        try:
            fetched = self.resolver.get(f"celex/{version.id}")
            parsed = parse_cellar_xhtml(fetched.content)
        except NotFoundError:
            return NotChecked(f"CELLAR has no English (X)HTML text of {version.label}", Cause.NO_TEXT)
        except SourceError as exc:
            return not_checked(exc, said("asked_version_text", version=version.label))
        except ValueError as exc:
            return NotChecked(f"the text of {version.label} could not be parsed: {exc}", Cause.NO_TEXT)
        if not parsed.units:
            return NotChecked(f"CELLAR's text of {version.label} has no articles", Cause.NO_TEXT)
        text = VersionText(
            version, parsed.text, parsed.units, hashlib.sha256(parsed.text.encode()).hexdigest()
        )
        self.texts.put(key, text)
        return text

    def timeline(
        self, celex: str, pinpoint: Pinpoint, *, as_of: str | None = None, known: SourceDocument | None = None
    ) -> Timeline | NotChecked:
        """`known`: the document the verifier already has for the CELEX (used as that version's text)."""
        history = self.history(celex, as_of=as_of)
        if isinstance(history, NotChecked):
            return history
        if known is not None and known.units and known.number:
            version = history.version(known.number)
            if version is not None:
                self.texts.seed(f"{ORIGIN}:{version.id}", version, known)
        label = _label(pinpoint)
        readings: list[UnitReading] = []
        for index, version in enumerate(history.versions):
            if index >= self.max_texts:
                readings.append(
                    UnitReading(UnitState.UNREAD, why=f"over the budget of {self.max_texts} texts")
                )
                continue
            text = self.text(version)
            if isinstance(text, NotChecked):
                readings.append(UnitReading(UnitState.UNREAD, label=label, why=text.why))
                continue
            unit = unit_for(text.units, pinpoint)
            if unit is None:
                readings.append(UnitReading(UnitState.ABSENT, label=label))
                continue
            printed = text.text[unit.start : unit.end]
            state = (
                UnitState.REPEALED
                if re.search(r"^\S+\s*\(?deleted\)?\.?$", printed.strip(), re.I)
                else UnitState.PRESENT
            )
            readings.append(UnitReading(state, printed, printed, label=unit.label))
        if all(r.state in (UnitState.ABSENT, UnitState.UNREAD) for r in readings):
            why = next((r.why for r in readings if r.why), f"{label} is in none of the texts read")
            return NotChecked(f"{label} of {history.title}: {why}", Cause.NO_UNIT)
        return build_timeline(history, readings, label=label)

    def check_quote(
        self, celex: str, pinpoint: Pinpoint, quote: str, *, as_of: str, known: SourceDocument | None = None
    ) -> QuoteCheck | NotChecked:
        timeline = self.timeline(celex, pinpoint, as_of=as_of, known=known)
        if isinstance(timeline, NotChecked):
            return timeline
        return check_quote(timeline, quote, as_of=as_of)


def _date_from_celex(celex: str) -> str | None:
    m = re.search(r"-(\d{4})(\d{2})(\d{2})$", celex)
    return f"{m.group(1)}-{m.group(2)}-{m.group(3)}" if m else None


def _label(pinpoint: Pinpoint) -> str:
    label = f"Article {pinpoint.article}"
    for part in (pinpoint.paragraph, pinpoint.item, pinpoint.subitem):
        if part is not None:
            label += f"({part})"
    return label

"""Later treatment of a Polish judgment in SAOS: the later judgments that reference its signature.

    treatment = PolishJudgmentTreatment(saos_resolver, store=…)
    treatment.later_treatment("I C 4147/12", decided="2012-12-18", court="Sąd Rejonowy w Bydgoszczy")
        -> Treatment | NotChecked

How (docs/SOURCE-APIS.md §3.9): SAOS has no "judgments referencing X" parameter, so a phrase search of the
full texts for the signature (`GET /api/search/judgments?all="<signature>"&judgmentDateFrom=<decided>&
sortingField=JUDGMENT_DATE&sortingDirection=DESC`; only the signature leaves the machine), then the bodies
(`/api/judgments/{id}`) of the hits, newest first, at most `max_bodies`. A body references the signature when
its `textContent` names it (tokens matched with their boundaries: "I C 41/12" is not in "II C 41/125") or its
`referencedCourtCases` lists it. Each referencing judgment is
  - "set_aside" / "changed" (kind negative, 🟠): a higher court (SN over a common court, a court of appeal
    over a regional court, a regional court over a district court) whose operative part "uchyla / zmienia
    zaskarżony wyrok (postanowienie)" follows the signature named as the judgment appealed against
    ("… od wyroku Sądu Rejonowego w Bydgoszczy z dnia 18 grudnia 2012r. sygn. akt. I C 4147/12 I. zmienia
    zaskarżony wyrok …", SO Bydgoszcz II Ca 174/13, in the SAOS test export);
  - "departed" (kind overruled, 🔴 before the as-of date): a Supreme Court judgment or resolution one of whose
    sentences names the signature and departs from it ("odstępuje od poglądu wyrażonego w …", "odstąpić od
    stanowiska …"), not negated ("nie ma podstaw, aby odstąpić od poglądu …" is the opposite);
  - "cited": any other reference (shown, no status change).
`scanned` says what was read: SAOS holds the common courts and the Supreme Court (its SN data end in 2016),
not the administrative courts; the search engine stems Polish, so its hit count is an upper bound.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from typing import Any

from verifier.model import Cause
from verifier.sources.errors import SourceError
from verifier.sources.history_store import HistoryStore, KeyLocks, MemoryStore, list_is_fresh
from verifier.sources.http import fan_out
from verifier.sources.saos.client import (
    SUPREME_COVERAGE_END,
    SaosHit,
    SaosResolver,
    html_to_text,
    parse_judgment,
    parse_search,
    public_judgment_url,
    saos_signature,
)
from verifier.sources.treatment import LaterDecision, Treatment, treatment_from_json, treatment_to_json
from verifier.sources.versions import NotChecked, not_checked, said

MAX_BODIES = 20
BODY_READERS = 4
PAGE_SIZE = 100  # SAOS's maximum: one page of the newest hits is read
ORIGIN = "saos"
EXCERPT = 420

# a court's place in the hierarchy: SN 4, sąd apelacyjny 3, sąd okręgowy 2, sąd rejonowy 1
_RANKS = (("najwyższ", 4), ("apelacyjn", 3), ("okręgow", 2), ("rejonow", 1))
_DISPOSITIVE = re.compile(
    r"\b(uchyla|zmienia)\s+zaskarżon[ya]\s+(?:wyrok|postanowienie|nakaz|orzeczenie|uchwałę)", re.I
)
# the judgment appealed against: "na skutek apelacji … od wyroku …", "skargi kasacyjnej", "zażalenia" (not the
# "Sądu Apelacyjnego" of a court named in passing)
_APPEALED = re.compile(
    r"\bod\s+(?:wyroku|postanowienia|nakazu|orzeczenia)\b|\bapelacj[iaęą]\b|\bkasacyjn|\bkasacj[iaęą]\b"
    r"|\bzażaleni[ae]\b",
    re.I,
)
_LOWER_COURT = re.compile(r"\bSądu\s+(Najwyższego|Apelacyjnego|Okręgowego|Rejonowego)\b", re.I)
_DEPARTS = re.compile(
    r"\b(?:odstępuje|odstępujemy|odstąpić|odstąpił\w*|odstępując\w*|odstąpienie|odstąpienia)\s+od\s+"
    r"(?:\w+\s+){0,3}?(?:poglądu|poglądów|stanowiska|wykładni|uchwały|linii|zasady\s+prawnej|tezy)",
    re.I,
)
_NEGATION = re.compile(r"\b(?:nie|brak|brak\s+jest|bez)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[A-ZĄĆĘŁŃÓŚŹŻ])")


def court_level(name: str | None, court_type: str | None = None) -> int | None:
    """4 SN, 3 a court of appeal, 2 a regional court, 1 a district court; None when the name does not say."""
    if court_type == "SUPREME":
        return 4
    folded = (name or "").lower()
    return next((rank for stem, rank in _RANKS if stem in folded), None)


def signature_pattern(signature: str) -> re.Pattern[str]:
    """The signature's tokens with any whitespace between them, bounded: not inside a longer signature."""
    tokens = [re.escape(t) for t in saos_signature(signature).split(" ") if t]
    return re.compile(r"(?<![\w/])" + r"\s+".join(tokens) + r"(?!\d|/\d)")


def treatment_of(
    text: str, signature: str, *, later_rank: int | None, cited_rank: int | None
) -> tuple[str, str]:
    """(relation, excerpt) of a later judgment's plain text that names `signature`; relation "" when the
    text does not name it."""
    pattern = signature_pattern(signature)
    found = list(pattern.finditer(text))
    if not found:
        return "", ""
    for m in found:  # the operative part: the signature as the judgment appealed against, then uchyla/zmienia
        before = text[max(0, m.start() - 300) : m.start()]
        after = text[m.end() : m.end() + 300]
        disposed = _DISPOSITIVE.search(after)
        if disposed is None or not _APPEALED.search(before):
            continue
        lower = [x.group(1).lower() for x in _LOWER_COURT.finditer(before)]
        rank = cited_rank if cited_rank is not None else (court_level(f"sąd {lower[-1]}") if lower else None)
        if later_rank is None or rank is None or later_rank <= rank:
            continue
        opening = next(_APPEALED.finditer(before))  # "na skutek apelacji … od wyroku …": the excerpt's start
        excerpt = text[max(0, m.start() - 300) + opening.start() : m.end() + disposed.end() + 120]
        return ("set_aside" if disposed.group(1).lower() == "uchyla" else "changed"), _clip(excerpt)
    if later_rank == 4:
        for sentence in _SENTENCE.split(text):
            if not pattern.search(sentence):
                continue
            if departs(sentence):
                return "departed", _clip(sentence)
    first = found[0]
    return "cited", _clip(text[max(0, first.start() - 200) : first.end() + 200])


def departs(sentence: str) -> bool:
    """Whether a sentence departs from a view ("odstępuje od poglądu wyrażonego w …"), not negated."""
    return any(
        not _NEGATION.search(sentence[max(0, d.start() - 40) : d.start()])
        for d in _DEPARTS.finditer(sentence)
    )


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1].rstrip() + "…"


class PolishJudgmentTreatment:
    def __init__(
        self,
        resolver: SaosResolver,
        *,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        max_bodies: int = MAX_BODIES,
    ) -> None:
        self.resolver = resolver
        self.store: HistoryStore = store if store is not None else MemoryStore()
        self._today = today
        self.max_bodies = max_bodies
        self._locks = KeyLocks()

    def later_treatment(
        self, signature: str, *, decided: str | None = None, court: str | None = None
    ) -> Treatment | NotChecked:
        wanted = saos_signature(signature)
        if not wanted:
            return NotChecked("no signature to look up in SAOS", Cause.NOT_FOUND)
        with self._locks(f"treatment:{wanted}:{court or ''}"):
            return self._later_treatment(wanted, decided, court)

    def _later_treatment(
        self, signature: str, decided: str | None, court: str | None
    ) -> Treatment | NotChecked:
        today = self._today().isoformat()
        key = f"{ORIGIN}:{signature}:{court or ''}"
        cached = self.store.get("treatment", key)
        if cached is not None and list_is_fresh(str(cached["listed_on"]), day=today, today=today):
            return treatment_from_json(cached)
        params: dict[str, str | int] = {
            "all": f'"{signature}"',
            "sortingField": "JUDGMENT_DATE",
            "sortingDirection": "DESC",
            "pageSize": PAGE_SIZE,
            "pageNumber": 0,
        }
        if decided:
            params["judgmentDateFrom"] = decided
        try:
            search = parse_search(self.resolver._get("/search/judgments", params).text)
        except SourceError as exc:
            return not_checked(exc, said("asked_search_saos", signature=signature))
        except ValueError as exc:
            return NotChecked(
                f"SAOS answered an unreadable search for {signature}: {exc}", Cause.UPSTREAM_ERROR
            )
        own = saos_signature(signature)
        candidates = [h for h in search.hits if own not in {saos_signature(c) for c in h.case_numbers}]
        wanted = candidates[: self.max_bodies]
        bodies = fan_out(self._body_or_error, [hit.id for hit in wanted], threads=BODY_READERS)
        cited_rank = court_level(court)
        decisions: list[LaterDecision] = []
        for hit, body in zip(wanted, bodies, strict=True):
            if isinstance(body, SourceError):
                return not_checked(body, said("asked_judgment_text_saos", id=hit.id))
            decision = self._decision(hit, body, signature, cited_rank)
            if decision is not None:
                decisions.append(decision)
        truncated = len(candidates) > self.max_bodies or search.total > len(search.hits)
        scanned = (
            f'SAOS full-text search for "{signature}"'
            + (f" in judgments from {decided}" if decided else "")
            + f": {search.total} hits; {len(wanted)} other judgments read, {len(decisions)} of them name it"
            + (" (not every hit was read)" if truncated else "")
            + f"; SAOS's Supreme Court judgments end in {SUPREME_COVERAGE_END[:7]}"
        )
        treatment = Treatment(
            signature, tuple(decisions), scanned, today, search.total, len(wanted), truncated
        )
        self.store.put("treatment", key, treatment_to_json(treatment))
        return treatment

    def _decision(
        self, hit: SaosHit, body: Mapping[str, Any], signature: str, cited_rank: int | None
    ) -> LaterDecision | None:
        text = html_to_text(str(body.get("textContent") or ""))
        later_rank = court_level(hit.court, hit.court_type)
        relation, excerpt = treatment_of(text, signature, later_rank=later_rank, cited_rank=cited_rank)
        if not relation:
            listed = {
                saos_signature(str(c.get("caseNumber", ""))) for c in body.get("referencedCourtCases") or []
            }
            if signature not in listed:
                return None  # the search engine stems and tokenises: a hit need not name the signature
            relation, excerpt = "cited", "referencedCourtCases lists " + signature
        return LaterDecision(
            number="; ".join(hit.case_numbers),
            court=hit.court or "?",
            date=hit.date,
            serial=str(hit.id),
            title=f"{body.get('judgmentType') or ''} {hit.division or ''}".strip(),
            relation=relation,
            excerpt=excerpt,
            full_bench=None,
            url=public_judgment_url(self.resolver.base_url, hit.id),
        )

    def _body_or_error(self, judgment_id: int) -> Mapping[str, Any] | SourceError:
        try:
            return self._body(judgment_id)
        except SourceError as exc:
            return exc
        except ValueError as exc:
            return SourceError(f"SAOS answered an unreadable judgment {judgment_id}: {exc}")

    def _body(self, judgment_id: int) -> Mapping[str, Any]:
        """A judgment's `data` (kept for good: a judgment's text does not change)."""
        with self._locks(f"body:{judgment_id}"):
            kept = self.store.get("saos_body", f"{ORIGIN}:{judgment_id}")
            if kept is not None:
                return kept
            data = dict(parse_judgment(self.resolver._get(f"/judgments/{judgment_id}").text))
            keep = {k: data.get(k) for k in ("judgmentType", "textContent", "referencedCourtCases")}
            self.store.put("saos_body", f"{ORIGIN}:{judgment_id}", keep)
            return keep

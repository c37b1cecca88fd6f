"""Is it still good law? The wording of a cited provision in force on the review's as-of date,
and what later happened to a cited judgment.

    lookup = HistoryLookup.for_resolver(router, store=…)      the history clients beside the resolvers
    lookup.lookup(claim, resolution, as_of=…) -> HistoryMeasure | None      FETCH phase (asks upstream)
    decide.as_of.history_row(m.history, reason_key)    what the history says, and the status it leads to
    history.keep.history_check(m.history, row) -> HistoryCheck | None    what the finding carries

Only identifiers leave the machine (a law's name and 법령ID, an MST, an ELI, a CELEX, a case number): the
clients in `verifier.sources.history_*` / `treatment_kr`. `lookup` runs in the fetch phase of
`pipeline.run_plan`; `history_row` is pure and MEASURES what the history says (the quote is in the wording
of another version, the article was repealed, a full bench changed the judgment's view); the status it leads
to is `verifier.decide.as_of`'s (`still_good_law`): the outcomes below name rows, not statuses.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from verifier.model import (
    Claim,
    Found,
    Kind,
    NotFound,
    Pinpoint,
    Resolution,
    Resolver,
    SourceDocument,
)
from verifier.provenance import provenance_of
from verifier.sources.host_slots import background
from verifier.sources.versions import (
    InForce,
    NotChecked,
    QuoteCheck,
    Timeline,
    UnitState,
)
from verifier.text import normalize_plain

if TYPE_CHECKING:
    from pathlib import Path

    from verifier.sources.cellar.history import EuActHistory, Repeal
    from verifier.sources.cellar.treatment import EuJudgmentTreatment
    from verifier.sources.eli.history import PolishActHistory
    from verifier.sources.history_store import HistoryStore
    from verifier.sources.lawgokr.history import KoreanStatuteHistory
    from verifier.sources.lawgokr.treatment import KoreanPrecedentTreatment
    from verifier.sources.local_history_eu import RecordedEuActHistory
    from verifier.sources.local_history_pl import RecordedPolishActHistory, Start
    from verifier.sources.saos.treatment import PolishJudgmentTreatment
    from verifier.sources.treatment import Treatment

STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})
PRECEDENT_KINDS = frozenset({Kind.JUDGMENT, Kind.CONSTITUTIONAL_DECISION, Kind.EU_CASE})
EXCERPT = 600


@dataclass(frozen=True, slots=True)
class HistoryMeasure:
    """What the history clients answered for one claim (the Measurement's `history`)."""

    as_of: str
    statute: bool  # a provision's versions (else: a judgment's later treatment)
    service: str  # "law.go.kr", "eli", "cellar"
    quote: QuoteCheck | None = None  # a quote against every wording of its unit
    timeline: Timeline | None = None  # no quote: the unit's wording in force on `as_of`
    treatment: Treatment | None = None
    not_checked: str = ""  # why there is no answer ("" when there is one)
    local_only: bool = False  # no answer because nothing may be looked up outside this machine
    today_differs: bool = False  # no quote: the unit in force on `as_of` reads otherwise than the text judged
    repeal: Repeal | None = None  # an EU act repealed on `as_of` (or by an act CELLAR gives no date for)
    act: str = ""  # the act `repeal` is about (its CELEX)
    # answered from the versions recorded offline (a Polish or EU act of the corpus): what they hold
    recorded: bool = False
    original: str = ""  # the original wording's version as labelled: "Dz.U. 1964 poz. 93 (tekst pierwotny…)"
    held: str = ""  # the amending acts held offline ("Dz.U. 1990 poz. 321, Dz.U. 2000 poz. 271"; "": none)
    start: Start | None = None  # when the act took effect (and applied), and who says so
    not_yet: bool = False  # the act did not yet apply on `as_of`


def today_iso() -> str:
    return dt.date.today().isoformat()


class HistoryLookup:
    """The history clients of one run. A missing client (local-only mode, no key) answers "not checked"."""

    def __init__(
        self,
        *,
        kr: KoreanStatuteHistory | None = None,
        treatment: KoreanPrecedentTreatment | None = None,
        pl: PolishActHistory | None = None,
        eu: EuActHistory | None = None,
        treatment_pl: PolishJudgmentTreatment | None = None,
        treatment_eu: EuJudgmentTreatment | None = None,
        why_not: str = "the version history services are not configured",
        local_only: bool = False,
        pl_recorded: RecordedPolishActHistory | None = None,
        eu_recorded: RecordedEuActHistory | None = None,
    ) -> None:
        self.kr, self.treatment, self.pl, self.eu = kr, treatment, pl, eu
        # the Polish and EU acts of the offline corpus, with the versions it holds: asked for a text the
        # corpus served (the history of the text judged) and whenever the services cannot be asked
        self.pl_recorded, self.eu_recorded = pl_recorded, eu_recorded
        self.treatment_pl, self.treatment_eu = treatment_pl, treatment_eu
        self.why_not = why_not
        self.local_only = local_only

    @classmethod
    def for_resolver(
        cls,
        resolver: Resolver,
        *,
        store: HistoryStore | None = None,
        sparql_url: str | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        corpus_dir: str | Path | None = None,
    ) -> HistoryLookup:
        """The clients beside the router's remote resolvers, sharing their HTTP client, key and limits. A
        Korean statute's versions are read from the corpus's recorded 연혁 (`corpus_dir`) when law.go.kr
        cannot be asked (local-only mode, no LAWGOKR_OC): offline, "still good law" is then still answered. A
        Polish or EU act of the corpus is answered from the versions the corpus holds (`local_history_pl`,
        `local_history_eu`) when its text came from the corpus or nothing may leave the machine."""
        from verifier.sources.cellar.history import DEFAULT_SPARQL_URL, EuActHistory
        from verifier.sources.cellar.treatment import EuJudgmentTreatment
        from verifier.sources.eli.history import PolishActHistory
        from verifier.sources.lawgokr.history import KoreanStatuteHistory
        from verifier.sources.lawgokr.treatment import KoreanPrecedentTreatment
        from verifier.sources.local_history import recorded_history
        from verifier.sources.local_history_eu import recorded_eu_history
        from verifier.sources.local_history_pl import recorded_polish_history
        from verifier.sources.router import remotes_of
        from verifier.sources.saos.treatment import PolishJudgmentTreatment

        remotes = remotes_of(resolver)
        recorded = recorded_history(corpus_dir, today=today)
        pl_recorded = recorded_polish_history(corpus_dir, today=today)
        eu_recorded = recorded_eu_history(corpus_dir, today=today)
        if remotes is None:
            return cls(
                kr=recorded,
                why_not="local-only mode: the versions were not looked up outside this machine",
                local_only=True,
                pl_recorded=pl_recorded,
                eu_recorded=eu_recorded,
            )
        sparql = sparql_url or DEFAULT_SPARQL_URL
        online = remotes.kr.oc or recorded is None
        return cls(
            kr=KoreanStatuteHistory(remotes.kr, store=store, today=today) if online else recorded,
            treatment=KoreanPrecedentTreatment(remotes.kr, store=store, today=today),
            pl=PolishActHistory(remotes.eli, store=store, today=today),
            eu=EuActHistory(remotes.cellar, sparql_url=sparql, store=store, today=today),
            treatment_pl=PolishJudgmentTreatment(remotes.saos, store=store, today=today),
            treatment_eu=EuJudgmentTreatment(remotes.cellar, sparql_url=sparql, store=store, today=today),
            pl_recorded=pl_recorded,
            eu_recorded=eu_recorded,
        )

    def ahead(self, claim: Claim) -> None:
        """Ask now what the history question of `claim` needs before its source is in, so that it is not one
        round trip after another behind the source: the body search for a Korean judgment's later treatment
        (it needs only the case number), a Korean statute's 연혁 list (its name: the law's id comes from the
        same search the resolver makes), the list of versions of a Polish or EU act a quote cites (only the
        act). The same questions as `lookup` asks, for the same claims; their answers wait in the history
        store and the kept HTTP answers for it. Asked behind every cited source (`background`)."""
        with background():
            self._ahead(claim)

    def _ahead(self, claim: Claim) -> None:
        citation = claim.citation
        anchor = citation.anchor
        if anchor is None or citation.problem is not None:
            return
        key = anchor.key
        if citation.kind in PRECEDENT_KINDS:
            if key.startswith("kr:prec:") and self.treatment is not None:
                self.treatment.search_ahead(anchor.number or key[8:])
            return
        # as in `_quote_only`: an act's versions are asked for a quote of an article, never for a paraphrase
        quoted = bool(claim.quote and claim.quote.strip())
        article = anchor.pinpoint.article if anchor.pinpoint is not None else None
        versions = citation.kind in STATUTE_KINDS and quoted and bool(article)
        if key.startswith("kr:law:") and article and citation.kind in STATUTE_KINDS and self.kr is not None:
            self.kr.history(anchor.law or key.removeprefix("kr:law:"))  # quote or not: `_korean_statute`
        elif citation.kind is Kind.EU_ACT and key.startswith("eu:celex:3") and self.eu is not None:
            self.eu.prefetch(key.removeprefix("eu:celex:"), versions=versions)  # the repeal: always asked
        elif versions and key.startswith("pl:act:") and self.pl is not None:
            from verifier.sources.eli.client import eli_from_key

            self.pl.prefetch(eli_from_key(key) or key)

    def lookup(
        self, claim: Claim, resolution: Resolution | None, *, as_of: str | None = None
    ) -> HistoryMeasure | None:
        """The history question of one claim, asked upstream. None: the claim has none to ask (no source,
        no article, not a statute or a judgment). Its requests wait behind the cited sources' requests to the
        same host (`background`): the sources' claims wait for those, a history can be had in their gaps."""
        with background():
            return self._lookup(claim, resolution, as_of)

    def _lookup(
        self, claim: Claim, resolution: Resolution | None, as_of: str | None
    ) -> HistoryMeasure | None:
        citation = claim.citation
        anchor = citation.anchor
        if anchor is None or citation.problem is not None:
            return None
        day = as_of or today_iso()
        eu_act = citation.kind is Kind.EU_ACT and anchor.key.startswith("eu:celex:3")
        if (
            eu_act
            and isinstance(resolution, (Found, NotFound))
            and (repeal := self._eu_repealed(anchor.key, day))
        ):
            return repeal
        if not isinstance(resolution, Found):
            return None
        document = _official(resolution)
        key = anchor.key
        try:
            if citation.kind in STATUTE_KINDS:
                pinpoint = anchor.pinpoint
                if pinpoint is None or pinpoint.article is None:
                    return None
                if key.startswith("kr:law:"):
                    return self._korean_statute(claim, document, day)
                if key.startswith("pl:act:"):
                    return self._quote_only(claim, document, day, "eli")
                if key.startswith("eu:celex:3"):
                    return self._quote_only(claim, document, day, "cellar")
                return HistoryMeasure(day, True, "", not_checked=f"no version history is wired for {key}")
            if citation.kind in PRECEDENT_KINDS:
                return self._precedent(claim, document, day)
        except Exception as exc:  # a failing history look-up costs a note, never the review
            return HistoryMeasure(
                day, citation.kind in STATUTE_KINDS, "", not_checked=f"internal error while asking: {exc}"
            )
        return None

    def _korean_statute(self, claim: Claim, document: SourceDocument | None, day: str) -> HistoryMeasure:
        anchor = claim.citation.anchor
        assert anchor is not None
        assert anchor.pinpoint is not None
        if self.kr is None:
            return HistoryMeasure(
                day, True, "law.go.kr", not_checked=self.why_not, local_only=self.local_only
            )
        law = anchor.law or anchor.key.removeprefix("kr:law:")
        law_id = document.meta.get("법령ID") if document is not None else None
        if claim.quote and claim.quote.strip():
            answer = self.kr.check_quote(
                law, anchor.pinpoint, claim.quote, as_of=day, law_id=law_id, known=document
            )
            if isinstance(answer, NotChecked):
                return HistoryMeasure(day, True, "law.go.kr", not_checked=answer.why)
            return HistoryMeasure(day, True, "law.go.kr", quote=answer)
        # no quote: the unit as it reads on `as_of`, reading only the version(s) that print it
        in_force = self.kr.in_force(law, day, law_id=law_id)
        if isinstance(in_force, NotChecked):
            return HistoryMeasure(day, True, "law.go.kr", not_checked=in_force.why)
        only = None
        if isinstance(in_force, InForce):
            only = {in_force.version.id, *(v.id for v in in_force.pending)}
            # and the versions already promulgated that take effect later (민법 제14조의2, promulgated
            # 2011-03-07, in force 2013-07-01): a unit they add is not yet law on `day`, and saying so is the
            # answer, not "no version has it"
            history = self.kr.history(law, law_id=law_id, as_of=day)
            if not isinstance(history, NotChecked):
                later = {
                    v.effective
                    for v in history.versions
                    if v.promulgated and v.effective and v.promulgated <= day < v.effective
                }
                for effective in sorted(later):  # the version that prints the law of that later day
                    then = self.kr.in_force(law, effective, law_id=law_id)
                    if isinstance(then, InForce):
                        only.add(then.version.id)
        timeline = self.kr.timeline(law, anchor.pinpoint, law_id=law_id, as_of=day, only=only, known=document)
        if isinstance(timeline, NotChecked):
            return HistoryMeasure(day, True, "law.go.kr", not_checked=timeline.why)
        differs = _differs_from(timeline, day, document, anchor.pinpoint)
        return HistoryMeasure(day, True, "law.go.kr", timeline=timeline, today_differs=differs)

    def _quote_only(
        self, claim: Claim, document: SourceDocument | None, day: str, service: str
    ) -> HistoryMeasure | None:
        """Polish and EU acts: a quote is compared with every consolidated wording; without a quote, nothing
        is asked (every consolidated text of the act would be read for a paraphrase) — unless the versions
        are held offline, where reading them costs nothing."""
        anchor = claim.citation.anchor
        assert anchor is not None
        assert anchor.pinpoint is not None
        recorded = self._recorded(anchor.key, document, service)
        if recorded is not None:
            return self._recorded_act(claim, document, day, service, recorded)
        if not (claim.quote and claim.quote.strip()):
            return None
        client = self.pl if service == "eli" else self.eu
        if client is None:
            return HistoryMeasure(day, True, service, not_checked=self.why_not, local_only=self.local_only)
        if service == "eli":
            from verifier.sources.eli.client import eli_from_key

            act = eli_from_key(anchor.key) or anchor.key
        else:
            act = anchor.key.removeprefix("eu:celex:")
        answer = client.check_quote(act, anchor.pinpoint, claim.quote, as_of=day, known=document)
        if isinstance(answer, NotChecked):
            return HistoryMeasure(day, True, service, not_checked=answer.why)
        return HistoryMeasure(day, True, service, quote=answer)

    def _recorded(
        self, key: str, document: SourceDocument | None, service: str
    ) -> RecordedPolishActHistory | RecordedEuActHistory | None:
        """The offline versions of the act, when the corpus holds it and they are the ones to ask: the text
        judged came from the corpus, or the service may not (or cannot) be asked."""
        from verifier.sources.eli.client import eli_from_key

        recorded = self.pl_recorded if service == "eli" else self.eu_recorded
        remote = self.pl if service == "eli" else self.eu
        if recorded is None or not recorded.holds(_act_of(key, service, eli_from_key)):
            return None
        if remote is None or document is None or document.origin == "corpus":
            return recorded
        return None

    def _recorded_act(
        self,
        claim: Claim,
        document: SourceDocument | None,
        day: str,
        service: str,
        recorded: RecordedPolishActHistory | RecordedEuActHistory,
    ) -> HistoryMeasure:
        """A Polish or EU act from the versions the corpus holds: not yet in force on `day`, or the quote
        against each held wording (no quote: the wording in force that day)."""
        from verifier.sources.eli.client import eli_from_key

        anchor = claim.citation.anchor
        assert anchor is not None
        assert anchor.pinpoint is not None
        act = _act_of(anchor.key, service, eli_from_key)
        history = recorded.history(act)
        original = history.versions[0].label if not isinstance(history, NotChecked) else ""
        held = ", ".join(v.number for v in recorded.held(act))

        def measured(**answer: Any) -> HistoryMeasure:
            return HistoryMeasure(
                day, True, service, recorded=True, original=original, held=held, start=start, **answer
            )

        start = recorded.start(act)
        if start is not None and day < (start.applies or start.in_force):
            return measured(not_yet=True)
        answer: QuoteCheck | Timeline | NotChecked
        if claim.quote and claim.quote.strip():
            answer = recorded.check_quote(act, anchor.pinpoint, claim.quote, as_of=day, known=document)
        else:
            answer = recorded.timeline(act, anchor.pinpoint, as_of=day, known=document)
        if isinstance(answer, NotChecked):
            return measured(not_checked=answer.why)
        if isinstance(answer, QuoteCheck):
            return measured(quote=answer)
        return measured(timeline=answer)

    def _precedent(self, claim: Claim, document: SourceDocument | None, day: str) -> HistoryMeasure:
        anchor = claim.citation.anchor
        assert anchor is not None
        if anchor.key.startswith("pl:case:") and (document is None or document.kind is Kind.JUDGMENT):
            return self._polish(anchor.key, document, day)
        celex = (document.meta.get("celex") or document.number or "") if document is not None else ""
        if anchor.key.startswith("eu:") and celex.startswith("6"):
            return self._european(celex, day)
        if not anchor.key.startswith("kr:prec:"):
            where = {"pl": "the Constitutional Tribunal", "eu": "EU judgments"}.get(
                anchor.key[:2], anchor.key
            )
            if anchor.key.startswith("kr:"):
                where = "Korean decisions other than the 대법원's"
            return HistoryMeasure(
                day, False, "", not_checked=f"no database of later judgments is wired for {where}"
            )
        if self.treatment is None:
            return HistoryMeasure(
                day, False, "law.go.kr", not_checked=self.why_not, local_only=self.local_only
            )
        number = (document.number if document is not None else None) or anchor.number or anchor.key[8:]
        decided = (document.date if document is not None else None) or anchor.date
        answer = self.treatment.later_treatment(number, decided=decided)
        if isinstance(answer, NotChecked):
            return HistoryMeasure(day, False, "law.go.kr", not_checked=answer.why)
        return HistoryMeasure(day, False, "law.go.kr", treatment=answer)

    def _eu_repealed(self, key: str, day: str) -> HistoryMeasure | None:
        """An EU act repealed with effect on or before `day` (or by an act CELLAR gives no date for); None:
        not repealed then, or not known — the quote is then checked against its versions, which says so."""
        celex = key.removeprefix("eu:celex:")
        repeals = self.eu.repealed_by(celex) if self.eu is not None else ()
        for repeal in () if isinstance(repeals, NotChecked) else repeals:
            if (repeal.effective or repeal.date or "") <= day:
                return HistoryMeasure(day, True, "cellar", repeal=repeal, act=celex)
        return None

    def _polish(self, key: str, document: SourceDocument | None, day: str) -> HistoryMeasure:
        if self.treatment_pl is None:
            return HistoryMeasure(day, False, "saos", not_checked=self.why_not, local_only=self.local_only)
        number = (document.number if document is not None else None) or key.removeprefix("pl:case:")
        decided = document.date if document is not None else None
        court = document.court if document is not None else None
        answer = self.treatment_pl.later_treatment(number, decided=decided, court=court)
        if isinstance(answer, NotChecked):
            return HistoryMeasure(day, False, "saos", not_checked=answer.why)
        return HistoryMeasure(day, False, "saos", treatment=answer)

    def _european(self, celex: str, day: str) -> HistoryMeasure:
        if self.treatment_eu is None:
            return HistoryMeasure(day, False, "cellar", not_checked=self.why_not, local_only=self.local_only)
        answer = self.treatment_eu.later_treatment(celex)
        if isinstance(answer, NotChecked):
            return HistoryMeasure(day, False, "cellar", not_checked=answer.why)
        return HistoryMeasure(day, False, "cellar", treatment=answer)


def _differs_from(timeline: Timeline, day: str, document: SourceDocument | None, pinpoint: Pinpoint) -> bool:
    """Whether the unit in force on `day` reads otherwise than the same unit of the document judged."""
    from verifier.sources.lawgokr.structure import strip_revision_notes
    from verifier.sources.units import unit_for

    segment = timeline.at(day)
    if document is None or segment is None or segment.reading is None or not document.units:
        return False
    if segment.reading.state is not UnitState.PRESENT:
        return False  # the row says the unit is gone
    unit = unit_for(document.units, pinpoint)
    if unit is None:
        return True
    judged = strip_revision_notes(document.text[unit.start : unit.end])
    return normalize_plain(judged) != normalize_plain(segment.reading.comparable)


def _act_of(key: str, service: str, eli_from_key: Callable[[str], str | None]) -> str:
    """The act a history is asked about: an ELI ("DU/1964/93", also for "pl:act:k.c.") or a CELEX."""
    if service == "eli":
        return eli_from_key(key) or key
    return key.removeprefix("eu:celex:")


def _official(resolution: Found) -> SourceDocument | None:
    """The official document of a resolution (a supplied text's official answer beside it, if any)."""
    if provenance_of(resolution.document).official:
        return resolution.document
    official = resolution.official
    return official.document if isinstance(official, Found) else None


__all__ = ["HistoryLookup", "HistoryMeasure"]

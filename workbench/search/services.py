"""The Django side of source search: cached searches, kept bodies, audited choices and suggestions.

    run_search(params, *, user, review=None) -> SearchOutcome      lists cached 1 h, 법령용어 24 h
    open_document(collection, doc_id) -> DocumentOutcome           bodies kept for good as SourceSnapshots
    use_as_source(user=, finding=, collection=, doc_id=, query="") -> list[Finding]
        attaches the chosen document to the finding's citation (in this matter) and re-verifies at once every
        finding of the review that cites the same source; audit event `source_search_chosen`
    suggestions_for(finding) -> SuggestionsOutcome                  for 🔴 statute and 🔴/⛔ case findings

Every search made from a review writes `source_search` to its audit chain (what was asked, how many hits,
whether it came from the cache, the error if any). A search outside a review is logged, not audited: the
audit chain belongs to a review. Upstream failures are returned as a plain message with `retry=True`, never
raised into the view; an empty upstream answer is "no results".
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from verifier.model import Anchor, Jurisdiction, Kind, SourceDocument, Status
from verifier.provenance import chosen_meta
from verifier.search.dispatch import Params, Searcher, SearchUnavailable
from verifier.search.poland import PolandSearch
from verifier.search.results import Hit, Page
from verifier.search.suggest import (
    CaseLookup,
    Suggestion,
    case_lookup,
    defined_names,
    draft_words,
    statute_suggestions,
)
from verifier.sources import act_names
from verifier.sources.cellar.search import EuSearch
from verifier.sources.errors import SourceError
from verifier.sources.lawgokr.search import KoreaSearch
from verifier.sources.stamps import fetched_now
from workbench import audit
from workbench.models import Finding, Review, SourceSnapshot
from workbench.reviews.permissions import ASSOCIATE, PARTNER, AnyUser, require_role
from workbench.search.local import LOCAL, open_here, search_here
from workbench.security import upstream_budget

log = logging.getLogger(__name__)

LIST_TTL = 60 * 60  # search lists: 1 hour, as the reference caches them
TERM_TTL = 24 * 60 * 60  # 법령용어: 24 hours
SUGGESTION_TTL = 60 * 60
CACHE_VERSION = "search-v1"
BODY_KEY = "search:{collection}:{doc_id}"  # the snapshot key of a body opened from the search


# ----------------------------------------------------------------------------------------- clients


def searcher() -> Searcher:
    """The searches, built on the sources' own resolvers: one SourceHTTP, one OC key, one law cache."""
    if settings.WORKBENCH_LOCAL_ONLY:
        return Searcher(korea=None, poland=None, eu=None, why_not="local-only mode: nothing is sent outside")
    from verifier.sources.router import remotes_of
    from workbench.pipeline.sources import router

    remotes = remotes_of(router())
    if remotes is None:
        return Searcher(korea=None, poland=None, eu=None, why_not="no source service is configured")
    return Searcher(
        korea=KoreaSearch(remotes.kr) if remotes.kr.oc else None,
        poland=PolandSearch(remotes.saos, remotes.eli),
        eu=EuSearch(remotes.cellar),
        why_not="" if remotes.kr.oc else "LAWGOKR_OC is not set",
    )


# ----------------------------------------------------------------------------------------- searches


@dataclass(frozen=True)
class SearchOutcome:
    params: Params
    page: Page | None = None
    error: str = ""
    retry: bool = False  # the failure is transient: the same search may work in a moment
    cached: bool = False
    local: bool = False  # answered from this machine: the upstream was not configured or not reachable
    retry_after: int = 0  # refused by the upstream budget: the seconds until it may be asked again


def _cache_key(kind: str, text: str) -> str:
    return f"{CACHE_VERSION}:{kind}:{hashlib.sha256(text.encode()).hexdigest()}"


_cache_down = False  # said once per outage, not at every search of a busy day


def _cache_failed(exc: Exception) -> None:
    global _cache_down
    if not _cache_down:
        _cache_down = True
        log.warning("search cache unavailable, searching without it until it is back: %s", type(exc).__name__)


def _cache_works() -> None:
    global _cache_down
    if _cache_down:
        _cache_down = False
        log.warning("search cache is back")


def _cache_get(key: str) -> Any:
    """The cache is an optimisation: when it is down, everything is computed again (never a 500)."""
    try:
        value = cache.get(key)
    except Exception as exc:  # the backend's own connection errors (redis.ConnectionError, OSError…)
        _cache_failed(exc)
        return None
    _cache_works()
    return value


def _cache_set(key: str, value: Any, timeout: int) -> None:
    try:
        cache.set(key, value, timeout)
    except Exception as exc:
        _cache_failed(exc)


def _list_scope(user: AnyUser, review: Review | None) -> str:
    """Whose searches a cached list may answer: the review's matter, or the user outside a review. A list
    cached for one matter would tell another matter what was searched ("from the cache")."""
    return f"matter:{review.matter_id}" if review is not None else f"user:{getattr(user, 'pk', None)}"


def run_search(params: Params, *, user: AnyUser, review: Review | None = None) -> SearchOutcome:
    try:
        params = params.normalized()
    except (TypeError, ValueError) as exc:
        return SearchOutcome(params, error=str(exc))
    if review is not None and (planted := _defined_by_draft(params, review)):
        return SearchOutcome(params, error=planted)
    key = _cache_key("list", f"{_list_scope(user, review)}|{params.cache_key()}")
    page: Page | None = _cache_get(key)
    outcome: SearchOutcome
    if page is not None:
        outcome = SearchOutcome(params, page=page, cached=True)
    elif wait := over_budget(user, params.collection):
        return SearchOutcome(params, error=refusal(wait), retry=True, retry_after=wait)
    else:
        outcome = _search_upstream(params)
        if outcome.page is not None and not outcome.local:
            _cache_set(key, outcome.page, TERM_TTL if params.is_term_search else LIST_TTL)
    _record_search(outcome, user=user, review=review)
    return outcome


def _defined_by_draft(params: Params, review: Review) -> str:
    """A name the review's draft defines (이하 "…", hereinafter, dalej) is never searched for upstream, even
    typed into the panel or inside an act's name: it is the client's, not the law's."""
    from workbench.pipeline.worker import defined_in

    words = act_names.squash(
        " ".join(str(v) for v in dataclasses.asdict(params).values() if isinstance(v, str))
    )
    for name in sorted(defined_in(review)):
        if name in words:
            return gettext(
                "%(name)s is a name this draft defines: it is not sent to the sources. Search without it."
            ) % {"name": name}
    return ""


def over_budget(user: AnyUser, collection: str) -> int:
    """0 when this user, and everybody together, may ask the collection's upstream server once more; else
    the seconds to wait (workbench.security.upstream_budget). A search answered from the cache costs
    nothing."""
    for bucket, who in (
        ("search_user", f"user:{getattr(user, 'pk', None)}"),
        ("search_server", upstream_budget.server_of(collection)),
    ):
        wait = upstream_budget.take(bucket, who)
        if wait > 0:
            log.warning("upstream budget %s of %s spent: refused for %.0f s", bucket, who, wait)
            return upstream_budget.seconds_to_say(wait)
    return 0


def refusal(seconds: int) -> str:
    return gettext("Too many searches were sent to the sources just now: try again in %(seconds)d s.") % {
        "seconds": seconds
    }


def _search_upstream(params: Params) -> SearchOutcome:
    try:
        return SearchOutcome(params, page=searcher().search(params))
    except ValueError as exc:
        return SearchOutcome(params, error=str(exc))
    except SearchUnavailable as exc:
        return _search_here(params, str(exc), retry=False)
    except SourceError as exc:
        if exc.permanent:
            return SearchOutcome(params, error=exc.message, retry=False)
        # Unreachable for now: said as before (with "Try again"), and what this machine holds meanwhile.
        here = _search_here(params, exc.message, retry=True)
        return replace(here, error=exc.message, page=here.page)


def _search_here(params: Params, why: str, *, retry: bool) -> SearchOutcome:
    """The upstream is not configured or cannot be reached: the corpus and stored sources instead, saying so.
    Such a page is never cached: it must not stand in for the upstream's answer once it is back."""
    try:
        page = search_here(params, why)
    except ValueError as exc:
        return SearchOutcome(params, error=f"{why}; {exc}", retry=retry, local=True)
    return SearchOutcome(params, page=page, retry=retry, local=True)


def _record_search(outcome: SearchOutcome, *, user: AnyUser, review: Review | None) -> None:
    asked = {k: v for k, v in dataclasses.asdict(outcome.params).items() if v not in ("", None)}
    payload: dict[str, Any] = {"params": asked, "cached": outcome.cached}
    if outcome.page is not None:
        payload.update(
            total=outcome.page.total,
            shown=[h.id for h in outcome.page.hits],
            empty_response=outcome.page.empty_response,
        )
    if outcome.error:
        payload["error"] = outcome.error
    if review is None:
        # The words typed are the user's work: the log says how long they were, never what they were.
        log.info(
            "source search outside a review: collection=%s query_chars=%d cached=%s hits=%s error=%s",
            outcome.params.collection,
            len(outcome.params.query),
            outcome.cached,
            outcome.page.total if outcome.page is not None else "-",
            bool(outcome.error),
        )
        return
    audit.append(review, "source_search", payload, user)


# ------------------------------------------------------------------------------------------- bodies


@dataclass(frozen=True)
class DocumentOutcome:
    document: SourceDocument | None = None
    snapshot: SourceSnapshot | None = None
    error: str = ""
    retry: bool = False
    retry_after: int = 0


def open_document(collection: str, doc_id: str, *, user: AnyUser | None = None) -> DocumentOutcome:
    """A hit's body: from the kept snapshot when it was opened before, else fetched once and kept."""
    from workbench.pipeline.records import document_of
    from workbench.pipeline.sources import store

    if collection == LOCAL:
        here = open_here(doc_id)
        if here is None:
            return DocumentOutcome(error="No such source on this machine.")
        return DocumentOutcome(document_of(here), here)
    key = BODY_KEY.format(collection=collection, doc_id=doc_id)
    kept = SourceSnapshot.objects.filter(key=key, matter__isnull=True).order_by("-fetched_at", "-pk").first()
    if kept is not None:
        return DocumentOutcome(document_of(kept), kept)
    if user is not None and (wait := over_budget(user, collection)):
        return DocumentOutcome(error=refusal(wait), retry=True, retry_after=wait)
    try:
        document = searcher().document(collection, doc_id)
    except ValueError as exc:
        return DocumentOutcome(error=str(exc))
    except SearchUnavailable as exc:
        return DocumentOutcome(error=str(exc))
    except SourceError as exc:
        return DocumentOutcome(error=exc.message, retry=not exc.permanent)
    meta = {**document.meta, "answers_key": document.key, "search_collection": collection}
    snapshot = store(replace(document, key=key, meta=meta))
    return DocumentOutcome(document_of(snapshot), snapshot)


def use_as_source(
    *, user: AnyUser, finding: Finding, collection: str, doc_id: str, query: str = ""
) -> list[Finding]:
    """Attach a search hit as the source of the finding's citation and re-verify at once."""
    from verifier.provenance import provenance_json
    from workbench.pipeline.records import anchor_from_json, provenance_of_snapshot
    from workbench.pipeline.sources import store
    from workbench.reviews.services import ensure_open, reverify_with

    require_role(user, ASSOCIATE, PARTNER)
    review = finding.review
    ensure_open(review)
    if not finding.anchor:
        raise ValidationError("This citation could not be parsed, so no source can be attached to it.")
    opened = open_document(collection, doc_id)
    if opened.document is None:
        raise ValidationError(opened.error or "The document could not be opened.")
    anchor = anchor_from_json(finding.anchor)
    # an official document the user chose: it counts as official, and says who chose it from which search
    who = getattr(user, "get_username", lambda: "")()
    chosen_by = chosen_meta(collection=collection, document_id=doc_id, by=who, at=fetched_now())
    chosen = replace(opened.document, key=anchor.key, meta={**opened.document.meta, **chosen_by})
    snapshot = store(chosen, matter=review.matter)
    audit.append(
        review,
        "source_search_chosen",
        {
            "finding": finding.finding_id,
            "key": anchor.key,
            "collection": collection,
            "id": doc_id,
            "query": query,
            "title": snapshot.title,
            "url": snapshot.url,
            "sha256": snapshot.sha256,
            "status_before": finding.status,
            "provenance": provenance_json(provenance_of_snapshot(snapshot)),
        },
        user,
    )
    return reverify_with(review, anchor.key, snapshot)


# -------------------------------------------------------------------------------------- suggestions


@dataclass(frozen=True)
class SuggestionsOutcome:
    articles: tuple[Suggestion, ...] = ()
    cases: tuple[Hit, ...] = ()
    law_search: tuple[str, str] | None = None  # (collection, id) to open the law at a suggested article
    notes: tuple[str, ...] = field(default=())
    # A search with words of the draft, offered, never run: the user sees it, may edit it, and submits it.
    draft_search: Params | None = None

    @property
    def draft_search_service(self) -> str:
        return UPSTREAM_NAMES.get(self.draft_search.collection, "") if self.draft_search else ""


CASE_KINDS = (Kind.JUDGMENT.value, Kind.CONSTITUTIONAL_DECISION.value, Kind.EU_CASE.value)
UPSTREAM_NAMES = {"prec": "law.go.kr (판례)", "saos": "SAOS"}


def wants_suggestions(finding: Finding) -> bool:
    if finding.kind == Kind.STATUTE.value and finding.jurisdiction == Jurisdiction.KR.value:
        return finding.status == Status.UNVERIFIED.value
    if finding.kind in CASE_KINDS:
        return finding.status in (Status.UNVERIFIED.value, Status.NO_SOURCE.value)
    return False


def suggestions_for(finding: Finding) -> SuggestionsOutcome:
    if not wants_suggestions(finding) or not finding.anchor:
        return SuggestionsOutcome()
    key = _cache_key("suggest", f"{finding.pk}:{finding.computed_at}:{finding.status}")
    found: SuggestionsOutcome | None = _cache_get(key)
    if found is None:
        found = _suggest(finding)
        _cache_set(key, found, SUGGESTION_TTL)
    return found


def _suggest(finding: Finding) -> SuggestionsOutcome:
    """Computed without being asked, so only identifiers may leave the machine (CONTRACT §3): the statute
    suggestions rank the stored law's own text here; the case suggestions ask for the same court, day, year
    and case type. The claim's words go out only in `draft_search`, which the user sees and submits."""
    from workbench.pipeline.records import anchor_from_json, document_of

    anchor = anchor_from_json(finding.anchor)
    if finding.kind == Kind.STATUTE.value:
        law = anchor.law or anchor.key.removeprefix("kr:law:")
        document = document_of(finding.snapshot) if finding.snapshot else None
        pin = anchor.pinpoint
        cited: list[tuple[str, str]] = []
        if pin and pin.article:
            cited.append(("article", pin.article))
            if pin.paragraph:
                cited.append(("paragraph", pin.paragraph))
        articles = statute_suggestions(
            document, finding.claim_text, law_name=law, citation=finding.citation, cited=cited
        )
        law_ref = None
        if document is not None and document.meta.get("MST"):
            law_ref = ("law", document.meta["MST"])
        notes = () if document is not None else ("the law's text is not stored, so no article is suggested",)
        return SuggestionsOutcome(articles=tuple(articles), law_search=law_ref, notes=notes)
    collection = {"kr": "prec", "pl": "saos"}.get(finding.jurisdiction, "")
    if not collection:
        return SuggestionsOutcome(notes=("no case search for this jurisdiction; use the search below",))
    proposal = _draft_search(finding, anchor, collection)
    lookup = case_lookup(anchor, finding.jurisdiction)
    if lookup is None:
        return SuggestionsOutcome(
            notes=("the citation gives no date to look for neighbouring decisions by",), draft_search=proposal
        )
    candidates, note = _neighbours(lookup, wrong=anchor.number or "")
    return SuggestionsOutcome(cases=candidates, notes=(note,) if note else (), draft_search=proposal)


def _neighbours(lookup: CaseLookup, *, wrong: str) -> tuple[tuple[Hit, ...], str]:
    """Decisions of the cited court on the cited day (of the cited year and case type in Korea)."""
    search = searcher()
    for court in dict.fromkeys([lookup.court, ""]):
        params = Params(
            collection=lookup.collection,
            query=lookup.query,
            court=court,
            date_from=lookup.date,
            date_to=lookup.date,
            display=20,
        )
        try:
            page = search.search(params)
        except ValueError:
            continue  # a court the search does not know by that name: the same day in any court
        except SearchUnavailable:
            page = search_here(replace(params, court=""), "the service is not configured")
        except SourceError as exc:
            return (), str(exc)
        same_day = [h for h in page.hits if h.number != wrong and (h.date or "") == lookup.date]
        same_day.sort(key=lambda h: lookup.repertory not in (h.number or ""))
        if same_day:
            return tuple(same_day[:5]), ""
        break
    return (), f"no decision of {lookup.court or 'that court'} on {lookup.date} found by its identifiers"


def _draft_search(finding: Finding, anchor: Anchor, collection: str) -> Params | None:
    names = defined_names(finding.review.draft_text, anchor.parties)
    words = draft_words(finding.claim_text, finding.citation, names)
    if not words:
        return None
    return Params(
        collection=collection,
        query=" ".join(words),
        court=anchor.court or "",
        date_from=anchor.date or "",
        date_to=anchor.date or "",
        display=5,
    )

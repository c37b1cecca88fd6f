"""The verification pipeline without Django: ingested draft → claims → plan → sources → findings.

    run_plan(plan, resolve, on_ready, …) -> RunStats    fetch each distinct source once, all at once, and
                                                         hand each source's claims on as soon as what they
                                                         need (the source, their Korean analysis) is in
    verify_document(document, resolver, …) -> DocumentReport     `manage.py verify`: run_plan on threads

The workbench runs the same plan with the same `run_plan`: its review task fetches, and its `on_ready`
dispatches Celery tasks that check the claims (workbench.pipeline.worker). Only the callbacks differ; each
claim is checked by `verifier.check.check_claim` in both.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from verifier.check import History, Remembered, check_claim
from verifier.citations import extract_claims
from verifier.history.lookup import HistoryLookup
from verifier.ingest import IngestedDocument
from verifier.lang import detect_language
from verifier.match import korean
from verifier.model import Anchor, Cause, Claim, Finding, Resolution, Resolver, Unavailable
from verifier.plan import Plan, SourceGroup, plan
from verifier.sources.host_slots import look_up

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DocumentReport:
    path: str
    sha256: str
    chars: int
    language: str
    findings: tuple[Finding, ...]
    as_of: str = ""  # the review's reference date (ISO): the law is checked as it read that day


def language_of(text: str, lang: str | None) -> str:
    """The draft's language: as asked, or detected (`auto`, the default of the CLI and the workbench)."""
    return detect_language(text) if lang in (None, "", "auto") else str(lang)


def claims_of(document: IngestedDocument, language: str) -> list[Claim]:
    return extract_claims(document.text, lang=language, origin_at=document.origin_at)


type Ready = list[tuple[SourceGroup | None, Resolution | None]]  # None: the unresolvable claims


@dataclass
class RunStats:
    """What a run of the plan did, for the audit trail."""

    sources: int = 0
    korean_claims: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0  # sources (and the Korean analysis) still on their way when time was up
    seconds: float = 0.0


def _resolve(resolve: Callable[[Anchor], Resolution], anchor: Anchor) -> Resolution:
    try:
        return resolve(anchor)
    except Exception as exc:  # a failing look-up costs this source's findings a ⛔, never the review
        return Unavailable(
            anchor.key, f"internal error while fetching the source: {exc}", cause=Cause.INTERNAL_ERROR
        )


def _fetch(
    resolve: Callable[[Anchor], Resolution],
    group: SourceGroup,
    history: Callable[[SourceGroup, Resolution], None] | None,
) -> Resolution:
    # one look-up: its requests queue at their hosts in the order this source was begun (host_slots)
    with look_up():
        resolution = _resolve(resolve, group.anchor)
        if history is not None:
            try:
                history(group, resolution)
            except Exception:  # the history's failures are notes; a bug costs the note only
                log.exception("history look-up failed for %s", group.key)
    return resolution


def _ahead(ahead: Callable[[SourceGroup], None], group: SourceGroup) -> None:
    try:
        ahead(group)
    except Exception:  # only a head start: the history look-up after the source asks again and says why
        log.exception("history look-up ahead of the source failed for %s", group.key)


type Narrow = Callable[[Claim, Resolution | None], Resolution | None]


def _history_steps(
    the_plan: Plan,
    history: History,
    as_of: str | None,
    narrow: Narrow | None,
    within: Callable[[], AbstractContextManager[object]],
) -> tuple[Callable[[SourceGroup, Resolution], None], Callable[[SourceGroup], None]]:
    """The two history callbacks of a run: each claim's history asked beside its source (in the fetch
    thread, once the source is in), and the head start asked as the fetching begins (`History.ahead`)."""
    day = as_of or dt.date.today().isoformat()
    claims = the_plan.claims

    def beside(group: SourceGroup, resolution: Resolution) -> None:
        with within():
            for i in group.claims:
                narrowed = narrow(claims[i], resolution) if narrow is not None else resolution
                history.lookup(claims[i], narrowed, as_of=day)

    def ahead(group: SourceGroup) -> None:
        with within():
            history.ahead(claims[group.claims[0]])

    return beside, ahead


# Threads of the head-start pool: its look-ups are single requests, and SourceHTTP bounds each host anyway.
AHEAD_THREADS = 4


def run_plan(
    the_plan: Plan,
    resolve: Callable[[Anchor], Resolution],
    on_ready: Callable[[Ready], None],
    *,
    workers: int = 16,
    timeout: float | None = None,
    at_hand: Callable[[list[SourceGroup]], set[str]] | None = None,
    history: History | None = None,
    as_of: str | None = None,
    narrow: Narrow | None = None,
    within: Callable[[], AbstractContextManager[object]] = nullcontext,
) -> RunStats:
    """Ask for every distinct source at once (the HTTP layer bounds each host) and have the Korean claims
    analysed in a helper process on the other core meanwhile; call `on_ready` with each batch of sources that
    came in together (and first with the unresolvable claims). A source's claims wait for the Korean analysis
    only when some of them need it. Returns when everything was handed on, or after `timeout` seconds with
    what is still on its way left out (`RunStats.unfinished`): the caller decides what becomes of it.

    `at_hand(groups)`: the keys whose sources need no fetching (a runner whose checks resolve for themselves
    from its cache); those groups are handed on together, first, with no resolution, instead of one by one
    as a pool thread gets to each.

    `history`: the history clients (`HistoryLookup`, or `check.Remembered` around one). Each claim's
    history as of `as_of` is asked in the fetch thread as soon as its source is in, before its claims are
    handed on — the provision's versions and the judgment's later treatment are asked for there, beside the
    source, never in the check; what the history needs before the source is in (`History.ahead`) is asked
    on a pool of its own as the fetching starts, and nothing waits for it. `narrow(claim, resolution)`:
    what one claim is checked against (a supplied source); `within()`: the context each history look-up
    runs in (the worker's per-review budget).

    Resolving and checking claim by claim in one pool had its threads queue behind the same statute, cited
    forty times, while the other sources sat unrequested."""
    started = time.monotonic()
    beside, ahead = _history_steps(the_plan, history, as_of, narrow, within) if history else (None, None)
    stats = RunStats(sources=len(the_plan.groups), korean_claims=len(the_plan.korean_texts))
    helper = korean.prefetch(the_plan.korean_texts) if any(g.korean for g in the_plan.groups) else None
    cached = at_hand(list(the_plan.groups)) if at_hand is not None else set()
    first: Ready = [(None, None)] if the_plan.unresolvable else []
    waiting_korean: list[tuple[SourceGroup, Resolution | None]] = []
    for group in the_plan.groups:
        if group.key in cached:
            stats.outcomes["cached"] += 1
            (waiting_korean if group.korean and helper is not None else first).append((group, None))
    if first:
        on_ready(first)
    # the sources whose claims can be checked the moment they arrive are asked for first: the Korean ones
    # wait for their analysis anyway (the per-host limit of SourceHTTP queues the rest behind them)
    wanted = sorted(
        (group for group in the_plan.groups if group.key not in cached),
        key=lambda group: group.korean and helper is not None,
    )
    if not wanted and not waiting_korean:
        return stats
    # a group's history is asked in its fetch thread: twice the threads, so that the other sources' look-ups
    # do not queue behind it (SourceHTTP's per-host limit still bounds what each host is asked at once)
    threads = workers * (2 if beside is not None else 1)
    pool = ThreadPoolExecutor(max_workers=max(1, min(threads, len(wanted) or 1)), thread_name_prefix="fetch")
    fetching: dict[Future[Resolution], SourceGroup] = {
        pool.submit(_fetch, resolve, group, beside): group for group in wanted
    }
    head_start = None
    if ahead is not None:
        head_start = ThreadPoolExecutor(max_workers=AHEAD_THREADS, thread_name_prefix="ahead")
        for group in wanted:
            head_start.submit(_ahead, ahead, group)
    pending: set[Future[Any]] = set(fetching)
    if helper is not None:
        pending.add(helper)
    deadline = None if timeout is None else started + timeout
    try:
        while pending:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            done, pending = wait(pending, timeout=left, return_when=FIRST_COMPLETED)
            if not done:
                break
            ready = _arrived(done, fetching, helper, waiting_korean, stats)
            if ready:
                on_ready(ready)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        if head_start is not None:
            head_start.shutdown(wait=False, cancel_futures=True)
        stats.unfinished = len(pending) + len(waiting_korean)
        stats.seconds = round(time.monotonic() - started, 2)
    return stats


def _arrived(
    done: set[Future[Any]],
    fetching: dict[Future[Resolution], SourceGroup],
    helper: Future[Any] | None,
    waiting_korean: list[tuple[SourceGroup, Resolution | None]],
    stats: RunStats,
) -> Ready:
    """The groups that can be handed on now: those just fetched, and those that waited for the Korean
    analysis once it is in (`waiting_korean` is emptied then; a Korean group fetched before it waits)."""
    korean_done = helper is None or helper.done()
    ready: Ready = []
    for future in done:
        if future is helper:
            stats.outcomes["korean_analysed" if helper.exception() is None else "korean_failed"] += 1
            continue
        group = fetching[future]
        resolution: Resolution = future.result()
        stats.outcomes[type(resolution).__name__] += 1
        if group.korean and not korean_done:
            waiting_korean.append((group, resolution))
        else:
            ready.append((group, resolution))
    if korean_done and waiting_korean:
        ready += waiting_korean
        waiting_korean.clear()
    return ready


# Checking is CPU work under one interpreter lock: two threads keep a core busy while the fetch pool waits
# on the network; more would only trade places.
CHECK_THREADS = 2


def verify_document(
    document: IngestedDocument,
    resolver: Resolver,
    *,
    lang: str | None = "auto",
    workers: int = 16,
    on_finding: Callable[[Finding], None] | None = None,
    for_claim: Callable[[Claim, Resolution | None], Resolution | None] | None = None,
    as_of: str | None = None,
    history: HistoryLookup | None = None,
) -> DocumentReport:
    """Every claim of the draft checked against its source, in-process: `run_plan` fetching on threads, a
    small pool checking claims as their sources come in. A source is fetched once for all the claims citing
    it; `for_claim(claim, resolution)` may narrow what one claim is checked against (a document a user
    supplied serves only the citation it was supplied for). `as_of` (ISO, None: today): the day the law is
    checked on; `history`: the clients that ask for each source's versions / later treatment in the fetch
    phase (None: not asked, `Finding.history` stays None)."""
    language = language_of(document.text, lang)
    the_plan = plan(claims_of(document, language))
    claims = the_plan.claims
    day = as_of or dt.date.today().isoformat()
    remembered = Remembered(history) if history is not None else None

    def check(i: int, resolution: Resolution | None) -> Finding:
        if for_claim is not None:
            resolution = for_claim(claims[i], resolution)
        finding = check_claim(
            claims[i], resolution, finding_id=f"C{i + 1}", lang=language, as_of=day, history=remembered
        )
        if on_finding is not None:
            on_finding(finding)
        return finding

    checks: dict[int, Future[Finding]] = {}
    with ThreadPoolExecutor(max_workers=CHECK_THREADS, thread_name_prefix="check") as checking:

        def on_ready(ready: Ready) -> None:
            for group, resolution in ready:
                for i in the_plan.unresolvable if group is None else group.claims:
                    checks[i] = checking.submit(check, i, resolution)

        run_plan(
            the_plan,
            resolver.resolve,
            on_ready,
            workers=workers,
            history=remembered,
            as_of=day,
            narrow=for_claim,
        )
        findings = tuple(checks[i].result() for i in range(len(claims)))
    return DocumentReport(
        path=document.name,
        sha256=document.sha256,
        chars=len(document.text),
        language=language,
        findings=findings,
        as_of=day,
    )

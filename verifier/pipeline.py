"""The verification pipeline without Django: ingested draft → claims → sources → findings.

The workbench runs the same steps, one Celery task per finding; `manage.py verify` runs them here: a pool
that fetches each distinct source once (I/O-bound; per-host limits live in the HTTP layer) feeding a small
pool that checks claims as their sources arrive.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass

from verifier.citations import extract_claims
from verifier.citations.substance import claim_substance
from verifier.ingest import IngestedDocument
from verifier.lang import detect_language, has_hangul
from verifier.match import korean
from verifier.model import Claim, Finding, Resolution, Resolver
from verifier.text import normalize
from verifier.verify import verify_claim


@dataclass(frozen=True, slots=True)
class DocumentReport:
    path: str
    sha256: str
    chars: int
    language: str
    findings: tuple[Finding, ...]


def language_of(text: str, lang: str | None) -> str:
    return detect_language(text) if lang in (None, "", "auto") else str(lang)


def claims_of(document: IngestedDocument, language: str) -> list[Claim]:
    return extract_claims(document.text, lang=language, origin_at=document.origin_at)


def resolve_claim(claim: Claim, resolver: Resolver) -> Resolution | None:
    """Unparseable citations are not looked up: they become not_checked, never a guess."""
    anchor = claim.citation.anchor
    if anchor is None or claim.citation.problem is not None:
        return None
    return resolver.resolve(anchor)


def check_claim(claim: Claim, resolver: Resolver, *, finding_id: str, language: str) -> Finding:
    return verify_claim(claim, resolve_claim(claim, resolver), finding_id=finding_id, lang=language)


def korean_texts(claims: list[Claim]) -> list[str]:
    """The texts CONTENT matching will hand to Kiwi for these claims (their normalized substance)."""
    texts = (normalize(claim_substance(c)).text for c in claims)
    return [t for t in texts if has_hangul(t)]


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
) -> DocumentReport:
    """Every distinct source is requested at once (the HTTP layer bounds each host), and each claim is
    checked as soon as its source is in. Resolving and checking claim by claim in one pool had its threads
    queue behind the same statute, cited forty times, while the other sources sat unrequested."""
    language = language_of(document.text, lang)
    claims = claims_of(document, language)
    by_key: dict[str, list[int]] = {}
    unresolvable: list[int] = []
    for i, claim in enumerate(claims):
        anchor = claim.citation.anchor
        if anchor is None or claim.citation.problem is not None:
            unresolvable.append(i)
        else:
            by_key.setdefault(anchor.key, []).append(i)

    def check(i: int, resolution: Resolution | None) -> Finding:
        finding = verify_claim(claims[i], resolution, finding_id=f"C{i + 1}", lang=language)
        if on_finding is not None:
            on_finding(finding)
        return finding

    checks: dict[int, Future[Finding]] = {}
    with (
        ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="fetch") as fetching,
        ThreadPoolExecutor(max_workers=CHECK_THREADS, thread_name_prefix="check") as checking,
    ):
        if has_hangul(document.text):
            # the Korean claims are analysed in another process, on another core, while sources come in
            korean.prefetch(korean_texts(claims))
        pending = {
            fetching.submit(resolve_claim, claims[indices[0]], resolver): indices
            for indices in by_key.values()
        }
        for i in unresolvable:
            checks[i] = checking.submit(check, i, None)
        for done in as_completed(pending):
            resolution = done.result()
            for i in pending[done]:
                checks[i] = checking.submit(check, i, resolution)
        findings = tuple(checks[i].result() for i in range(len(claims)))
    return DocumentReport(
        path=document.name,
        sha256=document.sha256,
        chars=len(document.text),
        language=language,
        findings=findings,
    )

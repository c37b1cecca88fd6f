"""The verification pipeline without Django: ingested draft → claims → sources → findings.

The workbench runs the same steps, one Celery task per finding; `manage.py verify` runs them here, with a
bounded thread pool (resolving is I/O-bound; per-host limits live in the HTTP layer).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from verifier.citations import extract_claims
from verifier.ingest import IngestedDocument
from verifier.lang import detect_language
from verifier.model import Claim, Finding, Resolution, Resolver
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


def verify_document(
    document: IngestedDocument,
    resolver: Resolver,
    *,
    lang: str | None = "auto",
    workers: int = 8,
    on_finding: Callable[[Finding], None] | None = None,
) -> DocumentReport:
    language = language_of(document.text, lang)
    claims = claims_of(document, language)

    def run(numbered: tuple[int, Claim]) -> Finding:
        ordinal, claim = numbered
        finding = check_claim(claim, resolver, finding_id=f"C{ordinal}", language=language)
        if on_finding is not None:
            on_finding(finding)
        return finding

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        findings = tuple(pool.map(run, enumerate(claims, start=1)))
    return DocumentReport(
        path=document.name,
        sha256=document.sha256,
        chars=len(document.text),
        language=language,
        findings=findings,
    )

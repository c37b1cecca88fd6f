"""Mechanical citation verification for legal drafts: pure Python, no Django.

The data flows one way — ingest → extract → plan → resolve → measure → decide → report:

    ingest_path / ingest_bytes / ingest_text   verifier.ingest     a draft file → IngestedDocument
    extract_citations / extract_claims         verifier.citations  every citation, and the claim it carries
    plan                                        verifier.plan       which sources the claims need
    run_plan / verify_document                  verifier.pipeline   fetch each source once, check each claim
    build_router                                verifier.sources.router  the resolvers (corpus, law.go.kr…)
    measure / verify_claim                      verifier.verify     what is true of a claim and its source
    check_claim                                 verifier.check      the per-claim step of every runner
    decide                                      verifier.decide     the decision table: the status
    to_json / to_markdown / to_csv              verifier.report     the findings JSON (CONTRACT §2) and more

The vocabulary (Claim, Citation, Anchor, SourceDocument, Finding, Status, Level, Cause…) is `verifier.model`.
The names below are imported on first use, so `import verifier` costs nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
ENGINE_VERSION = __version__

_EXPORTS = {
    "ingest_path": "verifier.ingest",
    "ingest_bytes": "verifier.ingest",
    "ingest_text": "verifier.ingest",
    "IngestedDocument": "verifier.ingest",
    "IngestError": "verifier.ingest",
    "extract_citations": "verifier.citations",
    "extract_claims": "verifier.citations",
    "plan": "verifier.plan",
    "Plan": "verifier.plan",
    "run_plan": "verifier.pipeline",
    "verify_document": "verifier.pipeline",
    "DocumentReport": "verifier.pipeline",
    "build_router": "verifier.sources.router",
    "measure": "verifier.verify",
    "verify_claim": "verifier.verify",
    "check_claim": "verifier.check",
    "decide": "verifier.decide",
    "Decision": "verifier.decide",
    "to_json": "verifier.report",
    "to_markdown": "verifier.report",
    "to_csv": "verifier.report",
}

if TYPE_CHECKING:
    from verifier.check import check_claim
    from verifier.citations import extract_citations, extract_claims
    from verifier.decide import Decision, decide
    from verifier.ingest import IngestedDocument, IngestError, ingest_bytes, ingest_path, ingest_text
    from verifier.pipeline import DocumentReport, run_plan, verify_document
    from verifier.plan import Plan, plan
    from verifier.report import to_csv, to_json, to_markdown
    from verifier.sources.router import build_router
    from verifier.verify import measure, verify_claim


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'verifier' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "ENGINE_VERSION",
    "Decision",
    "DocumentReport",
    "IngestError",
    "IngestedDocument",
    "Plan",
    "build_router",
    "check_claim",
    "decide",
    "extract_citations",
    "extract_claims",
    "ingest_bytes",
    "ingest_path",
    "ingest_text",
    "measure",
    "plan",
    "run_plan",
    "to_csv",
    "to_json",
    "to_markdown",
    "verify_claim",
    "verify_document",
]

"""The finding the product gives one citation of a real sentence, run as a draft through the product's path
(`ingest_text` → `verify_document`, offline, the law as of the judgment's date: `real_sources.AsOfResolver`);
shared by the table-driven tests of real sentences and their wrong twins."""

from __future__ import annotations

from tests.accuracy.real_sources import AsOfResolver
from verifier.ingest import ingest_text
from verifier.model import Finding, Status
from verifier.pipeline import verify_document

BLOCKS = frozenset({Status.UNVERIFIED, Status.NO_SOURCE})


def finding_for(lang: str, as_of: str, draft: str, citation: str, *, prefix: bool = False) -> Finding:
    """The finding whose citation is `citation` (or starts with it, `prefix`: "Article 37" for "Article
    37(3) of the GDPR")."""
    report = verify_document(ingest_text(draft, name="row"), AsOfResolver(as_of), lang=lang, as_of=as_of)
    found = [
        f for f in report.findings if (f.citation.startswith(citation) if prefix else f.citation == citation)
    ]
    assert found, f"{citation!r} not among {[f.citation for f in report.findings]}"
    return found[0]


def assert_row(finding: Finding, why: str, status: Status | None, key: str) -> None:
    """A row's expectation: None — not blocked, whatever a person is then asked to read (the sentence as
    the court wrote it); else the status and the reason key the wrong twin must get."""
    assert finding.reason is not None, why
    if status is None:
        assert finding.status not in BLOCKS, (why, finding.rationale)
        return
    assert (finding.status, finding.reason.key) == (status, key), (why, finding.rationale)

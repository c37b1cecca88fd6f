"""Wrong citations in real prose are blocked on evidence, and the same sentences as the courts wrote them are
not. Each row is a sentence of a real judgment (tests/data/real/: the judgment and its date named) or the same
sentence with one fact made wrong as tests/accuracy/real_mutate.py makes it, run through the product's path
(`ingest_text` → `verify_document`, offline, the law as of the judgment's date: `real_sources.AsOfResolver`).
A row names the finding by its citation text and the status and reason key it must get (a wrong one), or
None: not blocked, whatever a person is then asked to read (a correct one)."""

from __future__ import annotations

import pytest

from tests.accuracy.real_sources import AsOfResolver
from verifier.ingest import ingest_text
from verifier.model import Finding, Status
from verifier.pipeline import verify_document

# C-300/21 (4 May 2023), paragraph 31: the Court cites C-311/18 by date, name, number and ECLI
SCHREMS = (
    "It is apparent, in particular, from recital 10 of the GDPR that the objectives of the GDPR are, inter "
    "alia, to ensure a consistent and high level of protection of natural persons with regard to the "
    "processing of personal data within the European Union (see, to that effect, judgments of {date} July "
    "2020, Facebook Ireland and Schrems, C\u2011{number}/18, EU:C:2020:559, paragraph 101)."
)
# C-507/23 (4 October 2024): C-300/21 by date, name, number and ECLI
POST = (
    "Accordingly, the person seeking compensation for non-material damage on the basis of that provision is "
    "required to establish not only infringement of that regulation, but also that that infringement has "
    "actually caused him or her such damage (see, to that effect, judgments of {date} May 2023, "
    "Österreichische Post, C\u2011{number}/21, EU:C:2023:370, paragraphs 32, 33, 42 and 50)."
)

# (why, language, as of, draft, finding's citation, status and reason key, or None: not blocked)
_BLOCKS = (Status.UNVERIFIED, Status.NO_SOURCE)
ROWS = [
    (
        "an ECLI printed after a case number is checked against that number: EU:C:2020:559 is C-311/18",
        "en",
        "2023-05-04",
        SCHREMS.format(date=16, number=314),
        "EU:C:2020:559",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "and against the date the draft gives the case: C-311/18 was decided on 16 July 2020",
        "en",
        "2023-05-04",
        SCHREMS.format(date=17, number=311),
        "EU:C:2020:559",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "the Court's own citation: number, date and ECLI agree, nothing to block",
        "en",
        "2023-05-04",
        SCHREMS.format(date=16, number=311),
        "EU:C:2020:559",
        None,
        "",
    ),
    (
        "C-300/21 given as C-302/21 beside its ECLI",
        "en",
        "2024-10-04",
        POST.format(date=4, number=302),
        "EU:C:2023:370",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "C-300/21 dated the day after its judgment",
        "en",
        "2024-10-04",
        POST.format(date=5, number=300),
        "EU:C:2023:370",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
]


def _finding(lang: str, as_of: str, draft: str, citation: str) -> Finding:
    report = verify_document(ingest_text(draft, name="row"), AsOfResolver(as_of), lang=lang, as_of=as_of)
    found = [f for f in report.findings if f.citation == citation]
    assert found, f"{citation!r} not among {[f.citation for f in report.findings]}"
    return found[0]


@pytest.mark.parametrize(
    ("why", "lang", "as_of", "draft", "citation", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_a_wrong_citation_is_blocked_on_evidence_and_the_real_one_is_not(
    why: str, lang: str, as_of: str, draft: str, citation: str, status: Status | None, key: str
) -> None:
    finding = _finding(lang, as_of, draft, citation)
    assert finding.reason is not None
    if status is None:
        assert finding.status not in _BLOCKS, (why, finding.rationale)
        return
    assert (finding.status, finding.reason.key) == (status, key), (why, finding.rationale)
    assert finding.status in _BLOCKS


def test_the_block_names_the_number_the_source_has() -> None:
    finding = _finding("en", "2023-05-04", SCHREMS.format(date=16, number=314), "EU:C:2020:559")
    assert "C-314/18" in finding.rationale, finding.rationale
    assert "C-311/18" in finding.rationale, finding.rationale

"""Builders for measured records (`verifier.measurement`), so a decision-table row is one line.

The fragment results are the real matcher's answers on C-311/18 (tests/data/corpus/eu/case_law/C-311-18.md):
a sentence of the judgment quoted word for word, with one diacritic changed, and a sentence it does not have.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import cache
from pathlib import Path

from verifier.match.anchor import AnchorResult
from verifier.match.content import ContentResult
from verifier.match.fragment import FragmentResult, find_quote
from verifier.match.normalized import normalized_source
from verifier.match.polarity import PolarityCheck, compare_polarity
from verifier.match.quantities import QuantityCheck, compare_quantities
from verifier.match.stated import Statements
from verifier.measurement import Measurement, Reading
from verifier.model import (
    Anchor,
    Citation,
    Claim,
    ClaimType,
    Jurisdiction,
    Kind,
    Misconfigured,
    NotFound,
    Provenance,
    SourceDocument,
    SourceKind,
    SourceUnit,
    Unavailable,
)
from verifier.other_unit import OtherUnit
from verifier.pinpoint import PinpointCheck
from verifier.precedent_topic import TopicCheck

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"


def _document(path: str, **fields: object) -> SourceDocument:
    text = (CORPUS / path).read_text(encoding="utf-8")
    base: dict[str, object] = {
        "id": f"corpus:{path}",
        "key": "k",
        "jurisdiction": Jurisdiction.EU,
        "kind": Kind.EU_CASE,
        "title": path,
        "text": text,
        "url": "https://example.invalid/source",
        "version": "1",
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "fetched_at": "2026-12-01T00:00:00Z",
        "origin": "corpus",
    }
    base.update(fields)
    return SourceDocument(**base)  # type: ignore[arg-type]


C311 = _document("eu/case_law/C-311-18.md", key="eu:case:C-311/18", number="C-311/18", date="2020-07-16")
MINBEOP = _document(
    "kr/statutes/민법/법률.md", key="kr:law:민법", jurisdiction=Jurisdiction.KR, kind=Kind.STATUTE
)
_103 = MINBEOP.text.index("##### 제103조")
MINBEOP_103 = SourceUnit((("article", "103"),), "제103조", _103, MINBEOP.text.index("##### 제104조"))
SCHREMS_QUOTE = (
    "In the course of the Commissioner’s investigation, Facebook Ireland explained that a large part of "
    "personal data was transferred to Facebook Inc. pursuant to the standard data protection clauses set out "
    "in the annex to the SCC Decision."
)


@cache
def exact() -> FragmentResult:
    return find_quote(SCHREMS_QUOTE, normalized_source(C311.text))


@cache
def modified() -> FragmentResult:
    result = find_quote(SCHREMS_QUOTE.replace("Commissioner", "Commissiöner"), normalized_source(C311.text))
    assert result.status.value == "modified", result
    return result


@cache
def _absent() -> FragmentResult:
    invented = "The Court held that every transfer of personal data to a third country is forbidden."
    result = find_quote(invented, normalized_source(C311.text))
    assert not result.found
    assert result.nearest
    return result


@cache
def far() -> FragmentResult:
    """A quote C-311/18 has nothing like (its nearest passage well below a counterpart's likeness)."""
    invented = (
        "the national court must award punitive damages to every data subject whose data were processed"
    )
    result = find_quote(invented, normalized_source(C311.text))
    assert not result.found
    assert result.nearest
    assert result.nearest[0].similarity < 0.5
    return result


def absent(*, meaning_change: str | None = None) -> FragmentResult:
    return replace(_absent(), meaning_change=meaning_change)


def content(coverage: float, *, terms: int = 5, scattered: bool = False) -> ContentResult:
    words = tuple(f"term{i}" for i in range(terms))
    found = words[: round(coverage * terms)]
    return ContentResult(
        lang="en",
        coverage=coverage,
        threshold=0.7,
        terms=words,
        found=found,
        missing=words[len(found) :],
        boilerplate=(),
        start=1000 if found else None,
        end=1200 if found else None,
        excerpt="…" if found else "",
        jaccard=coverage,
        window_terms=found,
        scattered=scattered,
    )


def reading(
    *,
    fragment: FragmentResult | None = None,
    content: ContentResult | None = None,
    pinpointed: bool = False,
    draft_lang: str = "en",
    source_lang: str = "en",
    statements: Statements | None = None,
) -> Reading:
    found = fragment is not None and fragment.found
    return Reading(
        draft_lang=draft_lang,
        source_lang=source_lang,
        pinpointed=pinpointed,
        unit_start=0,
        content_asked=True,
        content=content if draft_lang == source_lang else None,
        content_evidence=content.evidence() if content is not None and draft_lang == source_lang else None,
        fragment=fragment,
        fragment_match=fragment.evidence() if fragment is not None and found else None,
        fragment_start=fragment.start if fragment is not None and found else None,
        nearest=fragment.nearest if fragment is not None and not found else (),
        statements=statements,
    )


def measurement(
    claim_type: ClaimType,
    *,
    kind: str = "judgment",
    problem: str | None = None,
    failure: NotFound | Unavailable | Misconfigured | None = None,
    anchor: AnchorResult | None = None,
    pinpoint: PinpointCheck | None = None,
    korean_precedent: bool = False,
    topic: TopicCheck | None = None,
    read: Reading | None = None,
    case_paragraph: str | None = None,
    elsewhere: Reading | None = None,
    elsewhere_paragraph: str | None = None,
    other_unit: OtherUnit | None = None,
) -> Measurement:
    statute = kind == "statute"
    document = MINBEOP if statute else C311
    citation = Citation(
        span=(0, 10),
        text="민법 제103조" if statute else "C-311/18",
        jurisdiction=document.jurisdiction,
        kind=document.kind,
        anchor=None if problem else Anchor(key=document.key, law="민법" if statute else None),
        problem=problem,
    )
    claim = Claim(citation, claim_type, SCHREMS_QUOTE, (0, len(SCHREMS_QUOTE)), quote=SCHREMS_QUOTE)
    found = problem is None and failure is None
    return Measurement(
        claim=claim,
        lang="en",
        required=claim_type.required_level,
        problem=problem,
        failure=failure,
        document=document if found else None,
        anchor=(anchor or AnchorResult()) if found else None,
        statute_pinpoint=pinpoint,
        topic=topic,
        korean_precedent=korean_precedent,
        reading=read,
        case_paragraph=case_paragraph,
        other_unit=other_unit,
        elsewhere=elsewhere,
        elsewhere_paragraph=elsewhere_paragraph,
        summary="Data Protection Commissioner v Facebook Ireland and Schrems",
    )


# --- issue 15, classes 4 and 5: quantities and polarity, measured on the corpus's own units ------------


@cache
def unit_text(citation: str) -> str:
    """The text the product reads for `citation` ("Article 33(1) GDPR", "민법 제766조 제1항", "art. 10 § 1
    k.c."): its unit with the unit's lead-ins, from the offline corpus (tests/data/corpus), resolved as
    `manage.py verify --local-only` resolves it."""
    from tests.accuracy.evaluate import corpus_router
    from verifier.citations import extract_citations
    from verifier.model import Found
    from verifier.pinpoint import Pieces, check_pinpoint, reading_spans

    (cited,) = extract_citations(citation)
    assert cited.anchor is not None, citation
    assert cited.anchor.pinpoint is not None, citation
    found = corpus_router().resolve(cited.anchor)
    assert isinstance(found, Found), (citation, found)
    unit = check_pinpoint(found.document.units, cited.anchor.pinpoint).unit
    assert unit is not None, citation
    return Pieces(found.document.text, reading_spans(found.document.units, unit)).text


def statements(
    claim: str, citation: str, *, lang: str, quantities: bool = True, polarity: bool = True
) -> Statements:
    """What `claim` states against the unit of `citation`, measured by the real checks (either left empty)."""
    text = unit_text(citation)
    return Statements(
        compare_quantities(claim, text, lang=lang) if quantities else QuantityCheck(),
        compare_polarity(claim, text, lang=lang) if polarity else PolarityCheck(),
    )


# --- a source a user supplied (issue 16) ---------------------------------------------------------------

PASTED = Provenance(
    kind=SourceKind.SUPPLIED,
    service="upload",
    url="upload:pasted text",
    at="2026-12-01T09:30:00+00:00",
    sha256="0" * 64,
    by="associate",
    form="paste",
    name="pasted text",
)


def supplied(record: Measurement, *, official: Measurement | None) -> Measurement:
    """`record` measured against a text a user pasted, with `official` measured against the official source
    beside it (None: the official source was not asked)."""
    return replace(record, provenance=PASTED, official=official)

"""Issue 15 §10: a statute's unit is read with the units of its article it refers to (k.p., 민법, GDPR)."""

from __future__ import annotations

from functools import cache

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.cross_reference import referenced_units
from verifier.model import Anchor, Found, Pinpoint, SourceDocument
from verifier.pinpoint import check_pinpoint


@cache
def act(key: str) -> SourceDocument:
    found = corpus_router().resolve(Anchor(key=key))
    assert isinstance(found, Found), found
    return found.document


@pytest.mark.parametrize(
    ("key", "pinpoint", "referred"),
    [
        # "w związku z okolicznościami określonymi w § 1 pkt 2" (the seed's text has no pkt units: § 1 whole)
        ("pl:act:DU/1974/141", Pinpoint(article="133", paragraph="2"), ["art. 133 § 1"]),
        # "Rada Ministrów … może ustalić … inną niż w § 2 dopuszczalną liczbę godzin"
        ("pl:act:DU/1974/141", Pinpoint(article="133", paragraph="3"), ["art. 133 § 2"]),
        # § 1 refers to nothing of its own article
        ("pl:act:DU/1974/141", Pinpoint(article="133", paragraph="1"), []),
        # 민법 제108조 ② "전항의 의사표시의 무효는 …"
        ("kr:law:민법", Pinpoint(article="108", paragraph="2"), ["제108조 제1항"]),
    ],
)
def test_a_unit_is_read_with_the_units_it_refers_to(
    key: str, pinpoint: Pinpoint, referred: list[str]
) -> None:
    document = act(key)
    unit = check_pinpoint(document.units, pinpoint).unit
    assert unit is not None
    found = referenced_units(document.units, unit, document.text)
    assert [u.label for u, _ in found] == referred
    for u, spans in found:
        assert all(u.start <= a < b <= u.end or b <= u.start for a, b in spans)


HOURS = (
    "Zgodnie z art. 133 § 2 k.p. liczba godzin nadliczbowych przepracowanych z powodu szczególnych potrzeb "
    "zakładu pracy nie może przekroczyć dla poszczególnego pracownika {} godzin w roku kalendarzowym."
)


@pytest.mark.parametrize(
    ("hours", "status", "key"),
    # 150 hours: art. 133 § 2 states 120 for the same thing — a number stated otherwise, named
    [("120", "needs_judgement", "content_with_reference"), ("150", "unverified", "quantity_differs")],
)
def test_a_paraphrase_in_the_words_of_the_cross_reference_is_no_false_block(
    hours: str, status: str, key: str
) -> None:
    from verifier.citations import extract_claims
    from verifier.decide import decide
    from verifier.verify import measure

    (claim,) = extract_claims(HOURS.format(hours), lang="pl")
    assert claim.citation.anchor is not None
    decision = decide(measure(claim, corpus_router().resolve(claim.citation.anchor), lang="pl"))
    assert (decision.status.value, decision.reason.key) == (status, key)
    if status == "needs_judgement":
        assert "art. 133 § 1" in decision.rationale("pl")

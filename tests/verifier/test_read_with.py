"""A provision cited "w zw. z" / "read with" the one before it (a partner) is checked only for existence: the
sentence's claim is the lead's, and is checked against the lead. A 🟢 for the partner would say more than
was checked: a neighbour of the right partner (art. 22 for art. 23 k.c.) exists just as well, and the real
set's shifted partners came back 🟢. So a partner of a lead that makes a claim is 🟡, naming the lead; a
partner of a bare lead (a list of provisions the sentence says nothing of) stays an existence check.

Sentences from the Polish judgments of the real set (tests/data/corpus/pl, tests/data/real/cases.jsonl
pl-0046, pl-0054, pl-0058, pl-0070, pl-0076), through the product's path on the offline corpus."""

from __future__ import annotations

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.citations import extract_claims
from verifier.ingest import ingest_text
from verifier.model import Finding, Status
from verifier.pipeline import verify_document

CLAIM = (
    "W tym miejscu jeszcze raz należy odwołać się do zaprezentowanych przez Sąd I instancji poglądów "
    "judykatury w kwestii dopuszczalności dochodzenia zadośćuczynienia na podstawie art. 448 k.c. w zw. z "
    "art. {partner} k.c."
)

# (draft, partner, lead, status, why)
PARTNERS = [
    (
        CLAIM.format(partner="23"),
        "art. 23 k.c.",
        "art. 448 k.c.",
        Status.NEEDS_JUDGEMENT,
        "the personal interests of art. 23 are what the art. 448 claim rests on: a person confirms it",
    ),
    (
        CLAIM.format(partner="22"),
        "art. 22 k.c.",
        "art. 448 k.c.",
        Status.NEEDS_JUDGEMENT,
        "art. 22 (the shifted partner) exists too: its existence is no evidence it is the right one",
    ),
    (
        "Za chybiony uznać należało zarzut 4 (czwarty) apelacji, naruszenia przez Sąd Rejonowy przepisu art. "
        "481 kc w zw. z art. 455 kc poprzez przyjęcie daty początkowej naliczania odsetek za opóźnienie w "
        "wypłacie zadośćuczynienia od dnia zgłoszenia roszczenia pozwanemu.",
        "art. 455 kc",
        "art. 481 kc",
        Status.NEEDS_JUDGEMENT,
        "the date interest runs from is art. 455's part of the claim, unchecked",
    ),
    (
        "O odsetkach ustawowych orzeczono zgodnie z żądaniem powoda na podstawie art. 455 k.c. w związku z "
        "art. 481 k.c.",
        "art. 481 k.c.",
        "art. 455 k.c.",
        Status.NEEDS_JUDGEMENT,
        "'w związku z' written out is the same conjunction",
    ),
]


def _finding(draft: str, citation: str) -> Finding:
    report = verify_document(ingest_text(draft, name="read-with"), corpus_router(), lang="pl", workers=1)
    return next(f for f in report.findings if f.citation == citation)


@pytest.mark.parametrize(("draft", "partner", "lead", "status", "why"), PARTNERS)
def test_a_partner_of_a_claim_is_read_not_passed(
    draft: str, partner: str, lead: str, status: Status, why: str
) -> None:
    finding = _finding(draft, partner)
    assert finding.status is status, why
    assert finding.reason is not None
    assert finding.reason.key == "read_with"
    # the rationale names both, in the reader's language
    assert lead in finding.rationale
    assert partner in finding.rationale
    assert "w związku z" in finding.rationale


def test_a_partner_of_a_bare_list_of_provisions_is_an_existence_check() -> None:
    # pl-0079: the sentence says the court misapplied the chain, nothing of what any of them says
    draft = (
        "W niniejszej sprawie Sąd I instancji dokonał częściowo wadliwej subsumcji ustalonego w sprawie "
        "stanu faktycznego pod przepisy prawa materialnego w postaci do art. 451§3 k.c w zw. z art. 481§1 kc "
        "w zw. z art. 6 kc., co doprowadziło do konieczności częściowego uwzględnienia zarzutów pozwanego."
    )
    claims = {c.citation.text: c for c in extract_claims(draft, lang="pl")}
    assert [c.read_with for c in claims.values()] == [None, None, None]
    assert _finding(draft, "art. 6 kc").status is Status.VERIFIED


def test_a_chain_of_partners_is_read_with_its_first_lead() -> None:
    draft = (
        "Ostatecznie należy więc przyjąć, że podstawą roszczenia powódki był przepis art. 448 k.c. w zw. z "
        "art. 23 k.c. w zw. z art. 24 k.c."
    )
    leads = [c.read_with for c in extract_claims(draft, lang="pl")]
    assert leads == [None, "art. 448 k.c.", "art. 448 k.c."]

"""A provision cited "w zw. z" / "read with" the one before it (a partner) is checked only for existence: the
sentence's claim is the lead's, and is checked against the lead. A 🟢 for the partner would say more than
was checked: a neighbour of the right partner (art. 22 for art. 23 k.c.) exists just as well, and the real
set's shifted partners came back 🟢. So a partner of a lead that makes a claim is 🟡, naming the lead; a
partner of a bare lead (a list of provisions the sentence says nothing of) stays an existence check; a
partner of a lead that cannot be read carries the sentence's claim itself.

Sentences from the Polish judgments of the real set (tests/data/corpus/pl, tests/data/real/cases.jsonl
pl-0046, pl-0054, pl-0058, pl-0070, pl-0071, pl-0076, pl-0079), through the product's path on the offline
corpus."""

from __future__ import annotations

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.citations import extract_claims
from verifier.ingest import ingest_text
from verifier.model import ClaimType, Finding, Status
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
    # a list of provisions and nothing said of them (a footnote, a line of legal bases): each only exists
    draft = "art. 455 k.c. w zw. z art. 481 k.c."
    assert [c.read_with for c in extract_claims(draft, lang="pl")] == [None, None]
    assert _finding(draft, "art. 481 k.c.").status is Status.VERIFIED


def test_a_chain_with_a_lead_written_without_its_last_dot_is_read_with_that_lead() -> None:
    # pl-0079: "k.c" for "k.c." is still the code, so the chain has a lead that makes the claim
    draft = (
        "W niniejszej sprawie Sąd I instancji dokonał częściowo wadliwej subsumcji ustalonego w sprawie "
        "stanu faktycznego pod przepisy prawa materialnego w postaci do art. 451§3 k.c w zw. z art. 481§1 kc "
        "w zw. z art. 6 kc., co doprowadziło do konieczności częściowego uwzględnienia zarzutów pozwanego."
    )
    claims = extract_claims(draft, lang="pl")
    assert [c.citation.problem for c in claims] == [None, None, None]
    assert [c.read_with for c in claims] == [None, "art. 451§3 k.c", "art. 451§3 k.c"]
    assert _finding(draft, "art. 6 kc").status is Status.NEEDS_JUDGEMENT


def test_a_chain_of_partners_is_read_with_its_first_lead() -> None:
    draft = (
        "Ostatecznie należy więc przyjąć, że podstawą roszczenia powódki był przepis art. 448 k.c. w zw. z "
        "art. 23 k.c. w zw. z art. 24 k.c."
    )
    leads = [c.read_with for c in extract_claims(draft, lang="pl")]
    assert leads == [None, "art. 448 k.c.", "art. 448 k.c."]


def test_a_partner_of_a_lead_that_cannot_be_read_carries_the_claim() -> None:
    # pl-0071: the lead names an act the patterns do not know; art. 822 k.c. is the one provision the
    # sentence's claim can be read against, so it is read, and a shifted art. 823 is no 🟢 either
    draft = (
        "Nie można zaaprobować postawionego przez pozwanego zarzutu, że wydając zaskarżony wyrok Sąd "
        "Rejonowy dopuścił się naruszenia art. 34 ust. 1 ustawy z dnia 22 maja 2003 r. o ubezpieczeniach "
        "obowiązkowych, Ubezpieczeniowym Funduszu Gwarancyjnym i Polskim Biurze Ubezpieczycieli "
        "Komunikacyjnych w zw. z art. {partner} k.c. poprzez zasądzenie zadośćuczynienia za naruszenia "
        "prawa do życia w rodzinie i ból spowodowany utratą najbliższej osoby."
    )
    for partner in ("822", "823"):
        text = draft.format(partner=partner)
        [claim] = [c for c in extract_claims(text, lang="pl") if c.citation.text == f"art. {partner} k.c."]
        assert claim.read_with is None
        assert claim.claim_type is not ClaimType.BARE_CITATION
        assert _finding(text, f"art. {partner} k.c.").status is Status.NEEDS_JUDGEMENT


@pytest.mark.parametrize("article", ["23", "22"])
def test_a_statute_reported_as_what_a_court_held_is_read_not_passed(article: str) -> None:
    # pl-0001 and its shifted twin: the holding is the resolution's (checked against it); the statute only
    # exists, and a neighbour exists as well, so neither is 🟢
    draft = (
        "W uchwale składu siedmiu sędziów z dnia 24 marca 1994 r., I PZP 5/94 (OSNPiUS 1994 Nr 1, poz. 7) "
        f"Sąd Najwyższy stwierdził, iż przepisy art. {article} i 24 k.p. stosuje się do syndyka masy "
        "upadłości odpowiednio."
    )
    claim = next(c for c in extract_claims(draft, lang="pl") if c.citation.text == f"art. {article}")
    assert claim.claim_type is ClaimType.BARE_CITATION
    assert claim.held_in is not None
    assert "I PZP 5/94" in claim.held_in
    finding = _finding(draft, f"art. {article}")
    assert finding.status is Status.NEEDS_JUDGEMENT
    assert finding.reason is not None
    assert finding.reason.key == "held_in"
    assert "I PZP 5/94" in finding.rationale

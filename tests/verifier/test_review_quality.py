"""False 🟢 and false 🔴 found by running the test memos end to end, each pinned by a row: the claim type a
sentence makes, and the status the engine gives it against the real corpus texts (tests/data/corpus).

Sentences are from tests/data/memos (constructed memos citing real texts; see their PROVENANCE.md) or are
built the same way; the sources are the real statutes and judgments of the corpus.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import pytest

from verifier.citations import extract_claims
from verifier.citations.substance import claim_substance
from verifier.lang import detect_language
from verifier.match.anchor import compare_anchor
from verifier.model import (
    Anchor,
    Cause,
    Claim,
    ClaimType,
    Jurisdiction,
    Kind,
    Misconfigured,
    Resolution,
    Resolver,
    SourceDocument,
    Status,
    Unavailable,
)
from verifier.rationales import rationale
from verifier.sources.router import build_router
from verifier.verify import verify_claim

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"


@cache
def corpus() -> Resolver:
    return build_router(
        lawgokr_oc=None,
        lawgokr_base_url="",
        saos_base_url="",
        eli_base_url="",
        cellar_base_url="",
        timeout=1.0,
        local_only=True,
        corpus_dir=CORPUS,
    )


def only_claim(sentence: str, citation: str) -> Claim:
    claims = [c for c in extract_claims(sentence) if c.citation.text == citation]
    assert len(claims) == 1, [c.citation.text for c in extract_claims(sentence)]
    return claims[0]


# (sentence, citation, claim type, why)
CLAIM_TYPES = [
    (
        "대법원 2004. 10. 15. 선고 2004도4869 판결은 확률형 아이템 소비자 보호 의무 위반 시 "
        "사업자의 손해배상 책임을 인정한 선례이다.",
        "대법원 2004. 10. 15. 선고 2004도4869 판결",
        ClaimType.COURT_HOLDING,
        "'…을 인정한 선례이다' says what the case decided (seed protocol B, example 3)",
    ),
    (
        "대법원 2015. 7. 23. 선고 2015다200111 판결은 반사회적 법률행위에 관한 판결이다.",
        "대법원 2015. 7. 23. 선고 2015다200111 판결",
        ClaimType.COURT_HOLDING,
        "'…에 관한 판결' says what the case is about",
    ),
    (
        "대법원 2015. 7. 23. 선고 2015다200111 판결도 이미 공개된 개인정보는 자유롭게 쓸 수 있다는 취지이다.",
        "대법원 2015. 7. 23. 선고 2015다200111 판결",
        ClaimType.COURT_HOLDING,
        "'…라는 취지이다' states a holding",
    ),
    (
        "민법 제1200조는 상속재산의 분할을 금지하는 유언의 효력을 정한다.",
        "민법 제1200조",
        ClaimType.PARAPHRASE,
        "'…을 정한다' says what the article provides",
    ),
    (
        "W tej samej uchwale (III CZP 36/02) Sąd Najwyższy wskazał, że „przepis art. 691 k.c. w brzmieniu "
        "nadanym ustawą o ochronie praw lokatorów nie ma zastosowania do najemców zmarłych przed wejściem w "
        "życie tej ustawy”.",
        "art. 691 k.c.",
        ClaimType.BARE_CITATION,
        "cited inside the SN's quoted words: the sentence's claim is about the resolution, not art. 691",
    ),
    (
        "W tej samej uchwale (III CZP 36/02) Sąd Najwyższy wskazał, że „przepis art. 691 k.c. w brzmieniu "
        "nadanym ustawą o ochronie praw lokatorów nie ma zastosowania do najemców zmarłych przed wejściem w "
        "życie tej ustawy”.",
        "uchwale (III CZP 36/02)",
        ClaimType.VERBATIM_QUOTE,
        "the quote is attributed to the resolution, which is checked for it",
    ),
    (
        "Uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02, dotyczyła przy tym najmu lokalu użytkowego.",
        "Uchwała SN z dnia 5 lipca 2002 r., III CZP 36/02",
        ClaimType.COURT_HOLDING,
        "'dotyczyła …' says what the case was about",
    ),
    (
        "Case C-300/21 concerned the compensation of non-material damage under Article 82 GDPR.",
        "Case C-300/21",
        ClaimType.COURT_HOLDING,
        "'concerned …' says what the case was about",
    ),
]


CLAIM_TYPES += [
    (
        "Article 6(1)(a) GDPR permits processing that is necessary for the purposes of the legitimate "
        "interests pursued by the controller.",
        "Article 6(1)(a) GDPR",
        ClaimType.PARAPHRASE,
        "'permits …' says what the provision does",
    ),
    (
        "Art. 6 k.c. reguluje rozkład ciężaru dowodu.",
        "Art. 6 k.c.",
        ClaimType.PARAPHRASE,
        "'reguluje …' says what the article does",
    ),
]

CLAIM_TYPES += [
    (
        "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02, przyjął, że art. 691 k.c. w nowym "
        "brzmieniu nie ma zastosowania, gdy najemca zmarł przed wejściem w życie ustawy.",
        "art. 691 k.c.",
        ClaimType.BARE_CITATION,
        "art. 691 is what the SN's holding is about; the holding is checked against the resolution",
    ),
    (
        "Case C-300/21 concerned the right to compensation under Article 82 GDPR.",
        "Article 82 GDPR",
        ClaimType.BARE_CITATION,
        "the sentence says what the case was about; Article 82 is its subject",
    ),
    (
        "Art. 58 § 1 k.c. w zw. z art. 5 k.c. stanowi, że czynność prawna sprzeczna z ustawą jest nieważna.",
        "art. 5 k.c.",
        ClaimType.BARE_CITATION,
        "'w zw. z' names a supporting provision; the thesis is art. 58 § 1's",
    ),
    (
        "In Case C-311/18 Facebook Ireland and Schrems the Court declared Decision 2016/1250 invalid.",
        "Case C-311/18",
        ClaimType.COURT_HOLDING,
        "'declared … invalid' is what the Court decided",
    ),
]


@pytest.mark.parametrize(("sentence", "citation", "claim_type", "why"), CLAIM_TYPES)
def test_it_reads_the_claim_a_sentence_makes(
    sentence: str, citation: str, claim_type: ClaimType, why: str
) -> None:
    assert only_claim(sentence, citation).claim_type is claim_type, why


def test_a_case_number_without_its_serial_is_listed_not_dropped() -> None:
    claims = extract_claims("한편 2023다 사건에서도 같은 쟁점이 다투어졌다.")
    assert [(c.citation.text, c.citation.anchor) for c in claims] == [("2023다", None)]
    assert claims[0].citation.problem is not None


# (sentence, citation, status, why) — judged against the corpus texts
STATUSES = [
    (
        "개인정보 보호법 제15조 제1항 제2호는 법률에 특별한 규정이 있거나 법령상 의무를 "
        "준수하기 위하여 불가피한 경우에 개인정보를 수집할 수 있다고 규정한다.",
        "개인정보 보호법 제15조 제1항 제2호",
        Status.NEEDS_JUDGEMENT,
        "제2호 read with ①'s lead-in (개인정보를 수집할 수 있으며) says exactly this",
    ),
    (
        "개인정보 보호법 제15조 제1항 제1호는 정보주체의 동의를 받은 경우에 개인정보를 "
        "수집할 수 있다고 규정한다.",
        "개인정보 보호법 제15조 제1항 제1호",
        Status.NEEDS_JUDGEMENT,
        "제1호 (consent) with the lead-in",
    ),
    (
        "개인정보 보호법 제15조 제1항 제1호는 법령상 의무를 준수하기 위하여 불가피한 "
        "경우에도 개인정보를 수집할 수 있다고 규정한다.",
        "개인정보 보호법 제15조 제1항 제1호",
        Status.UNVERIFIED,
        "the legal-obligation ground is 제2호: the lead-in does not lend 제1호 the words of 제2호",
    ),
    (
        "민법 제750조에 따라 고의 또는 과실로 인한 위법행위로 타인에게 손해를 가한 자는 "
        "그 손해를 배상할 책임이 있다.",
        "민법 제750조",
        Status.NEEDS_JUDGEMENT,
        "제750조 says this; the law's name is not a term the article must contain",
    ),
    (
        "대법원 2004. 10. 15. 선고 2004도4869 판결은 확률형 아이템 소비자 보호 의무 위반 시 "
        "사업자의 손해배상 책임을 인정한 선례이다.",
        "대법원 2004. 10. 15. 선고 2004도4869 판결",
        Status.UNVERIFIED,
        "the case is about 선고유예 결격사유: a topic mismatch",
    ),
    (
        "W tej samej uchwale (III CZP 36/02) Sąd Najwyższy wskazał, że „przepis art. 691 k.c. w brzmieniu "
        "nadanym ustawą o ochronie praw lokatorów nie ma zastosowania do najemców zmarłych przed wejściem w "
        "życie tej ustawy”.",
        "art. 691 k.c.",
        Status.NOT_CHECKED,
        "inside the SN's words: the resolution's own citation, shown as context and never blocking; "
        "the quote is checked against III CZP 36/02",
    ),
    (
        "Under Article 6(1)(f) GDPR, processing is lawful where it is necessary for the purposes of the "
        "legitimate interests pursued by the controller.",
        "Article 6(1)(f) GDPR",
        Status.NEEDS_JUDGEMENT,
        "point (f) read with paragraph 1's lead-in ('Processing shall be lawful only if …')",
    ),
]


STATUSES += [
    (
        "Article 6(1)(a) GDPR permits processing that is necessary for the purposes of the legitimate "
        "interests pursued by the controller.",
        "Article 6(1)(a) GDPR",
        Status.UNVERIFIED,
        "'permits …' is a claim about point (a), which is consent; legitimate interests are point (f)",
    ),
    (
        "Art. 58 § 2 k.c. stanowi, że nieważna jest czynność prawna sprzeczna z zasadami współżycia "
        "społecznego.",
        "Art. 58 § 2 k.c.",
        Status.NEEDS_JUDGEMENT,
        "§ 2 says this; 'stanowi, że' frames the claim and is not a word the article must contain",
    ),
    (
        "Zgodnie z art. 58 § 2 k.c. czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy "
        "jest nieważna.",
        "art. 58 § 2 k.c.",
        Status.UNVERIFIED,
        "that is § 1; § 2 is about the principles of social coexistence",
    ),
]

STATUSES += [
    (
        "Article 82 GDPR, as interpreted in Case C-300/21, gives any person who has suffered non-material "
        "damage a right to compensation.",
        "Article 82 GDPR",
        Status.NEEDS_JUDGEMENT,
        "Article 82(1) says this; 'Case C-300/21' is another source, not a term Article 82 must contain",
    ),
    (
        "Case C-311/18 concerned the calculation of VAT on second-hand cars.",
        "Case C-311/18",
        Status.UNVERIFIED,
        "Schrems II is about transfers of personal data to the United States",
    ),
    (
        "대법원 2016. 8. 17. 선고 2014다235080 판결 held that collecting personal data that the data subject "
        "had already made public is not unlawful merely because it was done for profit without separate "
        "consent.",
        "대법원 2016. 8. 17. 선고 2014다235080 판결",
        Status.NEEDS_JUDGEMENT,
        "an English paraphrase of a Korean holding cannot be compared word for word: a person judges it "
        "(the Hangul citation does not make the claim Korean)",
    ),
]


@pytest.mark.parametrize(("sentence", "citation", "status", "why"), STATUSES)
def test_it_gives_the_status_a_careful_lawyer_would(
    sentence: str, citation: str, status: Status, why: str
) -> None:
    claim = only_claim(sentence, citation)
    assert claim.citation.anchor is not None
    lang = detect_language(sentence)
    finding = verify_claim(claim, corpus().resolve(claim.citation.anchor), finding_id="C1", lang=lang)
    assert finding.status is status, f"{why}: {finding.rationale}"


def test_the_citation_itself_is_not_part_of_what_the_source_must_say() -> None:
    claim = only_claim("민법 제750조에 따라 타인에게 손해를 가한 자는 배상할 책임이 있다.", "민법 제750조")
    substance = claim_substance(claim)
    assert "민법" not in substance
    assert "손해를 가한 자는 배상할 책임이 있다" in substance


def cjeu(number: str) -> SourceDocument:
    text = "JUDGMENT OF THE COURT"
    return SourceDocument(
        id=f"celex:{number}",
        key="eu:case:x",
        jurisdiction=Jurisdiction.EU,
        kind=Kind.EU_CASE,
        title="t",
        text=text,
        url="https://eur-lex.europa.eu/",
        version=number,
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        fetched_at="2026-11-30T00:00:00Z",
        origin="cellar",
        number=number,
    )


# (number in the draft, number of the source CELLAR returned, same case?, why)
EU_NUMBERS = [
    ("C-300/21", "62021CJ0300", True, "the judgment's CELEX is the case number in another form"),
    ("C‑300/21", "62021CJ0300", True, "a non-breaking hyphen in the draft"),
    ("C-300/21", "62021CJ0301", False, "another case of the same year"),
    ("C-300/20", "62021CJ0300", False, "the same serial a year apart is another case"),
    ("T-300/21", "62021CJ0300", False, "a General Court case is not the Court of Justice's"),
    ("ECLI:EU:C:2023:370", "62021CJ0300", True, "an ECLI and a CELEX cannot be compared without a lookup"),
]


@pytest.mark.parametrize(("claimed", "resolved", "same", "why"), EU_NUMBERS)
def test_a_cjeu_case_number_matches_its_celex(claimed: str, resolved: str, same: bool, why: str) -> None:
    assert compare_anchor(Anchor(key="eu:case:x", number=claimed), cjeu(resolved)).ok is same, why


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Local-only mode: eu:celex:32016R0679 was not looked up outside this machine. "
            "Attach the document to verify this citation.",
        ),
        (
            "pl",
            "Tryb lokalny: eu:celex:32016R0679 nie był wyszukiwany poza tym komputerem - "
            "dołącz dokument, aby zweryfikować powołanie.",
        ),
        ("ko", "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다."),
    ],
)
def test_local_only_is_said_once(lang: str, expected: str) -> None:
    claim = only_claim("See Article 6(1)(f) GDPR.", "Article 6(1)(f) GDPR")
    resolution: Resolution = Misconfigured(
        "eu:celex:32016R0679",
        "local-only mode: eu:celex:32016R0679 was not looked up outside this machine",
        cause=Cause.LOCAL_ONLY,
    )
    finding = verify_claim(claim, resolution, finding_id="C1", lang=lang)
    assert finding.status is Status.NO_SOURCE
    assert finding.rationale == expected
    assert finding.notes == ()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "ko",
            "원문 조회 실패 (law.go.kr: HTTP 503 after 3 retries) - "
            "지금 다시 시도하거나 원문을 첨부하십시오.",
        ),
        (
            "en",
            "The source could not be obtained for now (law.go.kr: HTTP 503 after 3 retries). Retry now, or "
            "attach the document to verify this citation.",
        ),
        (
            "pl",
            "BRAK ŹRÓDŁA (law.go.kr: HTTP 503 after 3 retries) - ponów teraz albo dołącz dokument, aby "
            "zweryfikować powołanie.",
        ),
    ],
)
def test_a_failed_look_up_says_why_in_every_language(lang: str, expected: str) -> None:
    claim = only_claim("민법 제750조를 보라.", "민법 제750조")
    resolution = Unavailable("kr:law:민법", "law.go.kr: HTTP 503 after 3 retries", retries=3)
    finding = verify_claim(claim, resolution, finding_id="C1", lang=lang)
    assert finding.status is Status.NO_SOURCE
    assert finding.rationale == expected


def test_an_items_evidence_points_into_the_source_at_the_lead_in_and_the_item() -> None:
    claim = only_claim(
        "개인정보 보호법 제15조 제1항 제2호는 법률에 특별한 규정이 있거나 법령상 의무를 준수하기 위하여 "
        "불가피한 경우에 개인정보를 수집할 수 있다고 규정한다.",
        "개인정보 보호법 제15조 제1항 제2호",
    )
    assert claim.citation.anchor is not None
    resolution = corpus().resolve(claim.citation.anchor)
    finding = verify_claim(claim, resolution, finding_id="C1", lang="ko")
    assert finding.match is not None
    text = resolution.document.text  # type: ignore[union-attr]
    lead = text.index("개인정보처리자는 다음 각 호의 어느 하나에 해당하는 경우에는")
    item_two = text.index("법률에 특별한 규정이 있거나 법령상 의무를 준수하기")
    item_three = text.index("공공기관이 법령 등에서 정하는 소관 업무의 수행을 위하여")
    assert lead <= finding.match.start < item_three
    assert item_two < finding.match.end <= item_three
    assert text[finding.match.start : finding.match.start + 8] == finding.match.excerpt[:8]


@pytest.mark.parametrize(
    ("sentence", "citation", "lang"),
    [
        ("Art. 58 k.c. stanowi tak samo.", "Art. 58 k.c.", "pl"),
        ("민법 제750조도 같은 내용을 규정한다.", "민법 제750조", "ko"),
    ],
)
def test_a_claim_with_no_words_of_its_own_is_for_a_person_not_red(
    sentence: str, citation: str, lang: str
) -> None:
    claim = only_claim(sentence, citation)
    assert claim.claim_type is ClaimType.PARAPHRASE
    assert claim.citation.anchor is not None
    finding = verify_claim(claim, corpus().resolve(claim.citation.anchor), finding_id="C1", lang=lang)
    assert finding.status is Status.NEEDS_JUDGEMENT, finding.rationale
    assert finding.rationale == rationale("no_terms", lang)


MERE_INFRINGEMENT = (
    '"the mere infringement of the provisions of that regulation is not sufficient to confer a right to '
    'compensation"'
)


# (sentence, status, why) — a pinpoint into C-300/21, whose paragraph 42 holds the quoted words
CASE_PINPOINTS = [
    (
        f"In Case C-300/21, para. 42, the Court held that {MERE_INFRINGEMENT}.",
        Status.VERIFIED,
        "para. 42 has it",
    ),
    (
        f"In Case C-300/21, para. 51, the Court held that {MERE_INFRINGEMENT}.",
        Status.CALIBRATION,
        "real words at the wrong paragraph: correct the pinpoint",
    ),
    (
        f"In Case C-300/21, para. 142, the Court held that {MERE_INFRINGEMENT}.",
        Status.CALIBRATION,
        "the judgment has 60 paragraphs; the words are real",
    ),
    (
        'In Case C-300/21, para. 42, the Court held that "any infringement automatically gives rise to '
        'compensation".',
        Status.UNVERIFIED,
        "the words are nowhere in the judgment",
    ),
]


@pytest.mark.parametrize(("sentence", "status", "why"), CASE_PINPOINTS)
def test_a_pinpoint_into_a_judgment_is_checked_at_its_paragraph(
    sentence: str, status: Status, why: str
) -> None:
    claim = only_claim(sentence, "Case C-300/21")
    assert claim.claim_type is ClaimType.PINPOINT
    assert claim.citation.anchor is not None
    finding = verify_claim(claim, corpus().resolve(claim.citation.anchor), finding_id="C1", lang="en")
    assert finding.status is status, f"{why}: {finding.rationale}"
    if status is Status.CALIBRATION:
        assert "paragraph 42" in finding.rationale

"""Issue 15, class 3: a claim is compared in its own language, not the draft's.

The sentences are the corpus's (GDPR, k.c., 근로기준법, C-300/21, 2014다235080) as lawyers write them in memos
of another language; the citation titles and quoted source text are left out of what is detected.
"""

from __future__ import annotations

import pytest

from verifier.citations import extract_claims
from verifier.claim_sample import language_of_claim, language_sample
from verifier.lang import claim_language

CASES = [
    # (memo language, sentence, the citation to look at, the claim's language)
    (
        "pl",
        "Article 37(1) GDPR requires the controller and the processor to designate a data protection officer "
        "where the processing is carried out by a public authority or body.",
        "Article 37(1) GDPR",
        "en",
    ),
    (
        "ko",
        "Article 8(1) GDPR sets the age for a child's own consent to information society services "
        "at 16 years.",
        "Article 8(1) GDPR",
        "en",
    ),
    (
        "en",
        "Zgodnie z art. 58 § 2 k.c. nieważna jest czynność prawna sprzeczna z zasadami "
        "współżycia społecznego.",
        "art. 58 § 2 k.c.",
        "pl",
    ),
    (
        "en",
        "근로기준법 제26조에 따라 사용자는 근로자를 해고하려면 적어도 30일 전에 예고를 하여야 한다.",
        "근로기준법 제26조",
        "ko",
    ),
    # the Korean case title does not make an English holding Korean
    (
        "ko",
        "In 대법원 2016. 8. 17. 선고 2014다235080 판결 the Supreme Court held that personal "
        "information already made public may be processed without separate consent.",
        "대법원 2016. 8. 17. 선고 2014다235080 판결",
        "en",
    ),
    # an English quote inside a Polish sentence: the sentence is Polish
    (
        "en",
        "Art. 82 ust. 1 RODO stanowi, że każda osoba, która poniosła szkodę, ma prawo do odszkodowania, a "
        "Trybunał dodał: “the mere infringement of the GDPR is not sufficient to confer a right to "
        "compensation”.",
        "Art. 82 ust. 1 RODO",
        "pl",
    ),
    # too few words of its own: the memo's language stands
    ("pl", "Zob. art. 58 § 2 k.c.", "art. 58 § 2 k.c.", "pl"),
    ("en", "See Article 82(1) GDPR.", "Article 82(1) GDPR", "en"),
    # the memo's own language is kept when the claim is in it
    (
        "pl",
        "Zgodnie z art. 10 § 1 k.c. pełnoletnim jest, kto ukończył lat osiemnaście.",
        "art. 10 § 1 k.c.",
        "pl",
    ),
    (
        "en",
        "Under Article 33(1) GDPR the controller must notify the supervisory authority not later "
        "than 72 hours after having become aware of the breach.",
        "Article 33(1) GDPR",
        "en",
    ),
]


@pytest.mark.parametrize(("memo", "sentence", "citation", "lang"), CASES)
def test_a_claim_is_read_in_its_own_language(memo: str, sentence: str, citation: str, lang: str) -> None:
    claims = [c for c in extract_claims(sentence, lang=memo) if c.citation.text == citation]
    assert claims, (
        f"no citation {citation!r} in {[c.citation.text for c in extract_claims(sentence, lang=memo)]}"
    )
    assert language_of_claim(claims[0], memo) == lang


def test_the_sample_leaves_out_titles_and_quotes() -> None:
    sentence = (
        "Art. 8 k.p. stanowi: „Nie można czynić ze swego prawa użytku, który byłby sprzeczny ze społeczno-"
        "gospodarczym przeznaczeniem tego prawa” and this is the rule we rely on."
    )
    (claim,) = extract_claims(sentence, lang="en")
    sample = language_sample(claim)
    assert "Art. 8 k.p." not in sample
    assert "Nie można" not in sample
    assert "rule we rely on" in sample
    assert len(sample) == len(claim.claim_text)


@pytest.mark.parametrize(
    ("sample", "memo", "lang"),
    [
        ("", "pl", "pl"),
        ("", None, "en"),
        ("stanowi:", "en", "en"),  # one word: nothing to tell
        ("the withdrawal of consent shall not affect the lawfulness", "pl", "en"),
        ("pracownik nie może zrzec się prawa do urlopu", "en", "pl"),
        ("정보주체는 자신의 개인정보에 대한 열람을 요구할 수 있다", "en", "ko"),
    ],
)
def test_claim_language_from_a_sample(sample: str, memo: str | None, lang: str) -> None:
    assert claim_language(sample, memo) == lang

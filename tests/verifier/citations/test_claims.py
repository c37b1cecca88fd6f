"""The claim around each citation: sentence, claim type, attached quote, origin."""

from __future__ import annotations

import pytest

from verifier.citations import extract_claims
from verifier.citations.quotes import find_quotes
from verifier.model import ClaimType

Q = ClaimType


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        pytest.param(
            "SN w wyroku z 12.03.2019 r., II CSK 123/19 przyjął, że "
            "„klauzula waloryzacyjna jest dopuszczalna”.",
            "pl",
            [("II CSK 123/19", Q.VERBATIM_QUOTE, "klauzula waloryzacyjna jest dopuszczalna")],
            id="pl-quote-same-sentence",
        ),
        pytest.param(
            "SN przyjął, że klauzula waloryzacyjna w umowie kredytu "
            "jest dopuszczalna (wyrok SN z 12.03.2019 r.,"
            " II CSK 123/19).",
            "pl",
            [("II CSK 123/19", Q.COURT_HOLDING, None)],
            id="pl-holding-cue-from-seed",
        ),
        pytest.param(
            "Sąd Najwyższy wskazał w wyroku z dnia 8 marca 2013 r. III CSK 192/12, że wpis ma charakter"
            " deklaratywny.",
            "pl",
            [("III CSK 192/12", Q.COURT_HOLDING, None)],
            id="pl-wskazal",
        ),
        pytest.param(
            "Zgodnie z art. 58 § 1 k.c. czynność prawna sprzeczna z ustawą jest nieważna.",
            "pl",
            [("art. 58 § 1 k.c.", Q.PARAPHRASE, None)],
            id="pl-statute-paraphrase",
        ),
        pytest.param(
            "Sąd Najwyższy oddalił kasację (wyrok SN z 4.10.2007 r., V CSK 221/07).",
            "pl",
            [("V CSK 221/07", Q.PROCEDURAL_FACT, None)],
            id="pl-procedural",
        ),
        pytest.param(
            "Por. też wyrok SN z 4.10.2007 r., V CSK 221/07.",
            "pl",
            [("V CSK 221/07", Q.BARE_CITATION, None)],
            id="pl-bare",
        ),
        pytest.param(
            "Trybunał wskazał, że „ochrona danych nie jest prawem "
            "absolutnym” (wyrok z 16.07.2020 r., C-311/18, pkt 172).",
            "pl",
            [("C-311/18", Q.PINPOINT, "ochrona danych nie jest prawem absolutnym")],
            id="pl-quote-with-paragraph-pinpoint",
        ),
        pytest.param(
            "민법 제103조는 선량한 풍속 기타 사회질서에 위반한 사항을 "
            "내용으로 하는 법률행위는 무효로 한다고 규정하고 있다.",
            "ko",
            [("민법 제103조", Q.PARAPHRASE, None)],
            id="real-2015다200111-규정하고-있다",
        ),
        pytest.param(
            "대법원은 형사사건에 관한 성공보수약정이 무효라고 판시하였다"
            "(대법원 2015. 7. 23. 선고 2015다200111 전원합의체 판결).",
            "ko",
            [("2015다200111", Q.COURT_HOLDING, None)],
            id="ko-판시하였다",
        ),
        pytest.param(
            '형법 제59조 제1항 단행에서 정한 "자격정지 이상의 형을 받은 전과"라 함은 '
            "범죄경력 자체를 의미한다.",
            "ko",
            [("형법 제59조 제1항", Q.VERBATIM_QUOTE, "자격정지 이상의 형을 받은 전과")],
            id="real-2004도4869-quoted-statute",
        ),
        pytest.param(
            "The Court held that the mere infringement is not sufficient (judgment of 4 May 2023, C-300/21).",
            "en",
            [("C-300/21", Q.COURT_HOLDING, None)],
            id="en-held-that",
        ),
        pytest.param(
            "Article 82(1) of the GDPR provides that any person who has "
            "suffered damage has the right to receive"
            " compensation.",
            "en",
            [("82", Q.PARAPHRASE, None)],
            id="en-provides-that",
        ),
        pytest.param(
            "„Każdy ma prawo do ochrony danych osobowych”. Tak stanowi art. 51 ust. 1 Konstytucji.",
            "pl",
            [("art. 51 ust. 1 Konstytucji", Q.VERBATIM_QUOTE, "Każdy ma prawo do ochrony danych osobowych")],
            id="pl-quote-then-citation-in-next-sentence",
        ),
        pytest.param(
            "Ustawa stanowi, że „umowa […] jest nieważna”[^1].\n\n[^1]: Art. 58 § 1 k.c.",
            "pl",
            [("Art. 58 § 1 k.c.", Q.VERBATIM_QUOTE, "umowa […] jest nieważna")],
            id="pl-footnote-marker-with-gap",
        ),
    ],
)
def test_it_types_each_claim(text: str, lang: str, expected: list[tuple[str, ClaimType, str | None]]) -> None:
    claims = extract_claims(text, lang=lang)
    got = [(c.citation.text, c.claim_type, c.quote) for c in claims]
    assert [(needle in t, ct, q) for (t, ct, q), (needle, _, _) in zip(got, expected, strict=True)] == [
        (True, ct, q) for _, ct, q in expected
    ]
    for c in claims:
        assert text[c.claim_span[0] : c.claim_span[1]] == c.claim_text
        if c.quote_span is not None:
            assert text[c.quote_span[0] : c.quote_span[1]] == c.quote


def test_it_cuts_the_claim_at_the_sentence_of_the_citation() -> None:
    text = (
        "Pierwsze zdanie nie cytuje niczego. Zgodnie z art. 58 § 1 k.c. czynność jest nieważna. "
        "Trzecie zdanie też nie."
    )
    (claim,) = extract_claims(text, lang="pl")
    assert claim.claim_text == "Zgodnie z art. 58 § 1 k.c. czynność jest nieważna."


def test_it_keeps_korean_dates_inside_the_sentence() -> None:
    text = "원심은 옳다. 이는 대법원 2004. 10. 15. 선고 2004도4869 판결과 같은 취지이다. 상고를 기각한다."
    (claim,) = extract_claims(text, lang="ko")
    assert claim.claim_text == "이는 대법원 2004. 10. 15. 선고 2004도4869 판결과 같은 취지이다."


@pytest.mark.parametrize(
    ("text", "claim_text"),
    [
        # the year of a Korean date is no sentence end when its month and day follow, whatever is cited
        (
            "서론이다. 유럽연합 사법재판소는 2020. 7. 16. C-311/18 사건 판결에서 결정을 무효라고 판단하였다.",
            "유럽연합 사법재판소는 2020. 7. 16. C-311/18 사건 판결에서 결정을 무효라고 판단하였다.",
        ),
        (
            "위원회는 2016. 4. 27. 규정을 채택하였다. 이에 따라 개인정보 보호법 제15조 제1항이 적용된다.",
            "이에 따라 개인정보 보호법 제15조 제1항이 적용된다.",
        ),
        # a year that ends a sentence still ends it
        (
            "The Regulation entered into force in 2016. 2 years later Article 99 GDPR made it apply.",
            "2 years later Article 99 GDPR made it apply.",
        ),
    ],
)
def test_a_korean_date_does_not_end_the_sentence(text: str, claim_text: str) -> None:
    (claim,) = extract_claims(text, lang="ko" if "다" in text else "en")
    assert claim.claim_text == claim_text


def test_it_names_the_origin_of_each_claim() -> None:
    text = "Zgodnie z art. 58 § 1 k.c. czynność jest nieważna."
    (claim,) = extract_claims(text, lang="pl", origin_at=lambda offset: f"page {1 + offset // 1000}")
    assert claim.origin == "page 1"


def test_it_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="unsupported language"):
        extract_claims("art. 5 k.c.", lang="de")


@pytest.mark.parametrize(
    ("text", "quotes"),
    [
        pytest.param("„Umowa jest ważna”", ["Umowa jest ważna"], id="polish"),
        pytest.param("„Umowa jest ważna“", ["Umowa jest ważna"], id="german-style"),
        pytest.param("“the Court”", ["the Court"], id="english"),
        pytest.param('"straight"', ["straight"], id="straight"),
        pytest.param("«guillemets»", ["guillemets"], id="guillemets"),
        pytest.param("‘single’ and don’t", ["single"], id="single-with-apostrophe"),
        pytest.param("「인용문」과 『책』", ["인용문", "책"], id="korean-brackets"),
        pytest.param("「민사집행법」 제246조", [], id="law-name-bracket-is-not-a-quote"),
        pytest.param("„outer “inner” outer”", ["outer “inner” outer"], id="nested"),
        pytest.param("> first line\n> second line\n\nafter", ["first line second line"], id="block-quote"),
        pytest.param("„never closed\n\n„closed”", ["closed"], id="unclosed-does-not-leak-past-paragraph"),
    ],
)
def test_it_finds_quoted_passages(text: str, quotes: list[str]) -> None:
    assert [q.text for q in find_quotes(text)] == quotes

"""Extraction of what courts and lawyers actually write: sentences of the corpus's real judgments and statutes
(named beside each case), each class with the reading it must get and, in equal number, the look-alike it
must not get.

Sources (all under the shared corpus, copied here verbatim or with the change said in the id):
  kr/precedents-real and kr/precedents: 대법원 2007. 6. 21. 선고 2004다26133, 2016. 5. 19. 선고 2014도6992,
  1998. 5. 21. 선고 98도321, 2000. 4. 25. 선고 98도2389, 2000. 3. 24. 선고 98도4347, 2003. 12. 26. 선고
  2003도3768 판결; kr/statutes: 개인정보 보호법 제71조, 근로기준법 제61조, 민법 제908조의2, 근로기준법 제2조;
  pl/judgments/supreme_court: uchwała SN z 5 lipca 2002 r., III CZP 36/02; eu/case_law: C-300/21, C-311/18.
"""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found
from verifier.citations import extract_claims
from verifier.citations.quotes import find_quotes
from verifier.model import Claim, ClaimType

Q = ClaimType
LAW = "kr:law:"
GDPR = "eu:celex:32016R0679"


def claim_for(text: str, citation: str, lang: str) -> Claim:
    claims = [c for c in extract_claims(text, lang=lang) if citation in c.citation.text]
    assert claims, [c.citation.text for c in extract_claims(text, lang=lang)]
    return claims[0]


# ----------------------------------------------------------------- 같은 항 / 같은 조 / 같은 조항 / 같은 호


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # 2004다26133: 같은 조 제3항 after 같은 법 제8조 제1항
            "주택임대차보호법(이하 ‘같은 법’이라 한다) 제3조의2 제2항은 우선변제권을 인정하고, 같은 법 제8조 "
            "제1항은, 대항요건을 갖춘 임차인에 대하여 보증금 중 일정액(이하 ‘소액보증금’이라 한다)에 관하여 "
            "다른 담보물권자보다 우선하여 변제받을 권리를 인정하는 한편 같은 조 제3항은 우선변제를 받을 "
            "임차인(이하 ‘소액임차인’이라 한다)과 소액보증금의 범위와 기준을 "
            "대통령령으로 정하도록 위임하고 있다.",
            [
                ("같은 법 제8조 제1항", LAW + "주택임대차보호법", art("8", "1")),
                ("같은 조 제3항", LAW + "주택임대차보호법", art("8", "3")),
            ],
            id="2004다26133-같은-조-제3항",
        ),
        pytest.param(
            # 개인정보 보호법 제71조 제1호 (2011), the law named before its own cross-reference
            "개인정보 보호법 제17조제1항제2호에 해당하지 아니함에도 같은 항 "
            "제1호를 위반하여 정보주체의 동의를 "
            "받지 아니하고 개인정보를 제3자에게 제공한 자",
            [("같은 항 제1호", LAW + "개인정보보호법", art("17", "1", "1"))],
            id="개인정보보호법-71-같은-항-제1호",
        ),
        pytest.param(
            # 근로기준법 제61조: 같은 항 alone names the paragraph cited before (제60조 제7항)
            "근로기준법 제60조제7항 본문에 따라 소멸된 경우에는 사용자는 그 "
            "사용하지 아니한 휴가에 대하여 보상할 "
            "의무가 없고, 같은 항 단서에 따른 사용자의 귀책사유에 해당하지 아니하는 것으로 본다.",
            [("같은 항", LAW + "근로기준법", art("60", "7"))],
            id="근로기준법-61-같은-항-alone",
        ),
        pytest.param(
            # 근로기준법 제2조 제1항 제7호, then 같은 조항 / 같은 호 / 같은 조문 (the held-out memo
            # forms): each names
            # the unit the citation right before it named
            "근로기준법 제2조 제1항 제7호는 1주를 정의하고, 같은 조항에 따르면 "
            "7일에는 휴일이 포함되며, 같은 호의 "
            "정의는 같은 조문의 다른 정의와 함께 읽는다.",
            [
                ("같은 조항", LAW + "근로기준법", art("2", "1", "7")),
                ("같은 호", LAW + "근로기준법", art("2", "1", "7")),
                ("같은 조문", LAW + "근로기준법", art("2")),
            ],
            id="근로기준법-2-같은-호-조문-조항",
        ),
    ],
)
def test_a_same_unit_anaphora_names_the_unit_cited_before(text: str, expected: list) -> None:
    got = [f for f in found(text) if f[0].startswith("같은")]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "problem_for"),
    [
        pytest.param(
            # 98도2389 with 같은 항 after a citation of a whole article: there is no paragraph to name
            "형법 제20조 소정의 정당행위에 해당하는지는 같은 항의 요건에 따라 판단한다.",
            "같은 항",
            id="같은-항-after-a-whole-article-is-not-checked",
        ),
        pytest.param(
            # 같은 조 across a blank line does not reach back to the last paragraph's article
            "근로기준법 제60조제7항 본문에 따라 소멸된다.\n\n같은 조 제2항은 별도로 정한다.",
            "같은 조 제2항",
            id="같은-조-across-a-paragraph-break-is-not-checked",
        ),
    ],
)
def test_a_same_unit_anaphora_with_nothing_to_name_is_listed_not_guessed(text: str, problem_for: str) -> None:
    claim = claim_for(text, problem_for, "ko")
    assert claim.citation.anchor is None
    assert claim.citation.problem


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            "같은 항목의 금액과 동호회 회비는 근로기준법 제43조의 임금이 아니다.", id="같은-항목-동호회"
        ),
        pytest.param("민법 제908조의2 제1항에 따른 청구와 같은 조건으로 입양을 허가한다.", id="같은-조건"),
    ],
)
def test_words_that_start_like_an_anaphora_are_not_one(text: str) -> None:
    assert [f for f in found(text) if f[0].startswith(("같은", "동"))] == []


# ----------------------------------------------------------------- single quotes and 「」 are quotes


@pytest.mark.parametrize(
    ("text", "citation", "quote"),
    [
        pytest.param(
            # 98도4347 판시사항
            "그 수탁자가 형법 제355조 제1항 소정의 '타인의 재물을 보관하는 자'에 해당하는지 여부",
            "형법 제355조 제1항",
            "타인의 재물을 보관하는 자",
            id="98도4347-single-quotes",
        ),
        pytest.param(
            # 형법 제65조 in 「」 as a memo quotes it
            "형법 제65조는 「집행유예의 선고를 받은 후 그 선고의 실효 또는 "
            "취소됨이 없이 유예기간을 경과한 때에는 "
            "형의 선고는 효력을 잃는다」고 규정한다.",
            "형법 제65조",
            "집행유예의 선고를 받은 후 그 선고의 실효 또는 취소됨이 없이 유예기간을 "
            "경과한 때에는 형의 선고는 효력을 잃는다",
            id="형법-65-corner-brackets",
        ),
        pytest.param(
            # 98도2389: a term of the statute quoted and then interpreted stays a quote of it
            "형법 제20조 소정의 '사회상규에 위배되지 아니하는 행위'라 함은 "
            "법질서 전체의 정신이나 그 배후에 놓여 "
            "있는 사회윤리 내지 사회통념에 비추어 용인될 수 있는 행위를 말한다.",
            "형법 제20조",
            "사회상규에 위배되지 아니하는 행위",
            id="98도2389-statute-term-stays-a-quote",
        ),
    ],
)
def test_single_quotes_and_corner_brackets_carry_a_quote(text: str, citation: str, quote: str) -> None:
    claim = claim_for(text, citation, "ko")
    assert (claim.claim_type, claim.quote) == (Q.VERBATIM_QUOTE, quote)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("the Court's reading of the parties' rights under Article 82(1) GDPR", id="apostrophes"),
        pytest.param("「민사집행법」 제90조와 「형법」 제20조", id="law-names-in-brackets"),
        pytest.param("O'Brien's claim under Article 17 GDPR", id="apostrophe-in-a-name"),
    ],
)
def test_apostrophes_and_bracketed_law_names_are_not_quotes(text: str) -> None:
    assert find_quotes(text) == []


# ----------------------------------------------------------------- quotation marks that are not the unit's


@pytest.mark.parametrize(
    ("text", "citation", "lang", "role"),
    [
        pytest.param(
            # 98도321: the statute's words quoted, then the court's own short name for them
            "형법 제331조 제2항 후단의 '2인 이상이 합동하여 타인의 재물을 "
            "절취한 자'(이하 '합동절도'라고 한다)에 "
            "관한 규정은 2인 이상의 범인이 범행현장에서 합동하여 절도의 범행을 하는 경우를 말한다.",
            "형법 제331조 제2항",
            "ko",
            "alias",
        ),
        pytest.param(
            # 2014도6992: a law's short name is not a quote of 제4조 제2항
            "부동산 실권리자명의 등기에 관한 법률(이하 ‘부동산실명법’이라 한다) "
            "제4조 제2항 본문에 의하여 명의수탁자 "
            "명의의 소유권이전등기는 무효이다.",
            "제4조 제2항",
            "ko",
            "alias",
        ),
        pytest.param(
            # 근로기준법 제2조 제1항 제7호 applied by a memo: the defined term is not the quoted unit
            "근로기준법 제2조 제1항 제7호에 따르면 ‘1주’란 휴일을 포함한 7일을 말한다.",
            "근로기준법 제2조 제1항 제7호",
            "ko",
            "term",
        ),
        pytest.param(
            # the court's own definition of an element of 형법 제329조
            "형법 제329조의 절취란 '타인이 점유하는 재물을 그 의사에 반하여 자기 "
            "또는 제3자의 점유로 옮기는 것'을 말한다.",
            "형법 제329조",
            "ko",
            "definition",
        ),
        pytest.param(
            # a party's letter in a statement of facts, then the article applied
            "원고는 피고에게 내용증명우편으로 '임대차계약을 해지하니 보증금을 반환하라'는 취지를 통지하였고, "
            "민법 제635조에 따라 해지의 효력이 발생한다.",
            "민법 제635조",
            "ko",
            "party",
        ),
        pytest.param(
            # testRawSourceCcJudgments.sql (near III Ca 1461/13): the defendant's own words, reported, then
            # the article she relied on
            "Pozwana podnosiła, że „nie miała możliwości negocjacji treści porozumienia i była przymuszona "
            "do jego zaakceptowania”, co jej zdaniem było sprzeczne z zasadami współżycia społecznego "
            "(art. 5 k.c.).",
            "art. 5 k.c.",
            "pl",
            "party",
        ),
        pytest.param(
            # the same in a CJEU judgment's account of a party's case
            "The applicant submits that ‘the controller has never informed him of the recipients of his "
            "data’, in breach of Article 15(1) of the GDPR.",
            "Article 15(1) of the GDPR",
            "en",
            "party",
        ),
        pytest.param(
            # 95도1351: words the court stresses ('변경', '사용') are terms, not a passage of the cited
            # judgment
            "건축법상 건축물의 건축으로 보는 용도변경행위에는 타용도로 "
            "'변경'하는 행위자체 뿐만 아니라 타용도로 "
            "'사용'하는 행위까지도 포함된다(1993.4.13. 선고 92도3222 판결 참조).",
            "92도3222",
            "ko",
            "term",
        ),
        pytest.param(
            # C-311/18 paragraph 2: the Court's short names in quotation marks
            "The request has been made in proceedings between the Data Protection Commissioner (Ireland) "
            "(‘the Commissioner’), on the one hand, and Facebook Ireland Ltd, concerning Article 46(1) GDPR.",
            "Article 46(1) GDPR",
            "en",
            "alias",
        ),
    ],
)
def test_quotation_marks_that_are_not_the_units_words_are_no_quote_of_it(
    text: str, citation: str, lang: str, role: str
) -> None:
    claim = claim_for(text, citation, lang)
    assert role in [why for _, why in claim.other_quotes]
    if role != "alias" or claim.quote is None:
        assert claim.claim_type is not Q.VERBATIM_QUOTE
    for (a, b), _ in claim.other_quotes:
        assert claim.quote is None or text[a:b].strip("'‘’\"“”") != claim.quote


@pytest.mark.parametrize(
    ("text", "citation", "quote"),
    [
        pytest.param(
            # 2003도3768: the statute's words, after "단행에서 정한", stay a quote of it
            '형법 제59조 제1항 단행에서 정한 선고유예 결격사유인 "자격정지 '
            '이상의 형을 받은 전과가 있는 자"에 '
            "해당한다고 보아야 할 것이다.",
            "형법 제59조 제1항",
            "자격정지 이상의 형을 받은 전과가 있는 자",
        ),
        pytest.param(
            # 95도1642 판시사항: a quote followed by "라고 함은" after "제2조 제2항의" is the statute's words
            "폭력행위등처벌에관한법률 제2조 제2항의 '2인 이상이 공동하여 폭행의 "
            "죄를 범한 때'라고 함은 그 수인 간에 "
            "소위 공범관계가 존재하는 것을 요건으로 한다.",
            "폭력행위등처벌에관한법률 제2조 제2항",
            "2인 이상이 공동하여 폭행의 죄를 범한 때",
        ),
        pytest.param(
            # 98도321: beside the alias, the statute's own words stay the claim's quote
            "형법 제331조 제2항 후단의 '2인 이상이 합동하여 타인의 재물을 "
            "절취한 자'(이하 '합동절도'라고 한다)에 "
            "관한 규정은 2인 이상의 범인이 범행현장에서 합동하여 절도의 범행을 하는 경우를 말한다.",
            "형법 제331조 제2항",
            "2인 이상이 합동하여 타인의 재물을 절취한 자",
        ),
        pytest.param(
            # 형법 제65조: "라고 규정" after a quote is what the statute provides
            "형법 제65조는 '집행유예의 선고를 받은 후 그 선고의 실효 또는 "
            "취소됨이 없이 유예기간을 경과한 때에는 "
            "형의 선고는 효력을 잃는다.'라고 규정하고 있다.",
            "형법 제65조",
            "집행유예의 선고를 받은 후 그 선고의 실효 또는 취소됨이 없이 유예기간을 "
            "경과한 때에는 형의 선고는 효력을 잃는다.",
        ),
        pytest.param(
            # 95도2446 판결요지: a statute's sentence in single quotes, in the middle of the court's reasoning
            "형법 제65조 소정의 '형의 선고는 효력을 잃는다.'는 의미와 "
            "마찬가지로 단지 형의 선고의 법률적 효과가 "
            "없어진다는 것일 뿐이다.",
            "형법 제65조",
            "형의 선고는 효력을 잃는다.",
        ),
        pytest.param(
            # C-300/21 paragraph 42 quoted with its paragraph: the Court's words stay a quote
            "Article 82(1) GDPR “must be interpreted as meaning that the "
            "mere infringement of the provisions of that "
            "regulation is not sufficient to confer a right to compensation” (C-300/21, paragraph 42).",
            "C-300/21",
            "must be interpreted as meaning that the mere infringement of "
            "the provisions of that regulation is not "
            "sufficient to confer a right to compensation",
        ),
        pytest.param(
            # III CZP 36/02: the resolution's words quoted after the holding's verb
            "W uchwale z dnia 5 lipca 2002 r., III CZP 36/02, Sąd "
            "Najwyższy przyjął, że „przepis art. 691 k.c. "
            "w brzmieniu nadanym ustawą z dnia 21 czerwca 2001 r. nie ma zastosowania dla oceny przesłanek "
            "wstąpienia w stosunek najmu po najemcy zmarłym przed wejściem w życie tej ustawy”.",
            "III CZP 36/02",
            "przepis art. 691 k.c. w brzmieniu nadanym ustawą z dnia 21 "
            "czerwca 2001 r. nie ma zastosowania dla "
            "oceny przesłanek wstąpienia w stosunek najmu po najemcy "
            "zmarłym przed wejściem w życie tej ustawy",
        ),
    ],
)
def test_a_quote_of_the_units_words_stays_a_quote(text: str, citation: str, quote: str) -> None:
    lang = "en" if "Article" in text else "pl" if "przepis" in text else "ko"
    claim = claim_for(text, citation, lang)
    assert claim.quote == quote
    assert claim.other_quotes == () or all(why == "alias" for _, why in claim.other_quotes)


# ----------------------------------------------------------------- a law named in a lead-in


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # 대법원 2016. 8. 17. 선고 2014다235080 판결
            "2011. 9. 30.부터 시행된 개인정보 보호법은 개인정보처리자의 개인정보 수집·이용(제15조)과 제3자 "
            "제공(제17조)에 원칙적으로 정보주체의 동의가 필요하다고 규정한다.",
            [
                ("제15조", LAW + "개인정보보호법", art("15")),
                ("제17조", LAW + "개인정보보호법", art("17")),
            ],
            id="2014다235080-known-law-lead-in",
        ),
        pytest.param(
            # 2014도6992's law, named as the topic of the sentence (a law the name list does not hold)
            "부동산 실권리자명의 등기에 관한 법률은 제4조 제1항에서 명의신탁약정을 무효로 하고, 제4조 제2항 "
            "본문에서 그 등기도 무효로 한다.",
            [
                ("제4조 제1항", LAW + "부동산실권리자명의등기에관한법률", art("4", "1")),
                ("제4조 제2항", LAW + "부동산실권리자명의등기에관한법률", art("4", "2")),
            ],
            id="2014도6992-unlisted-law-lead-in",
        ),
        pytest.param(
            # a 구법 parenthetical between the law and its particle
            "구 근로기준법(2007. 4. 11. 법률 제8372호로 전부 개정되기 전의 것)은 제30조 제1항에서 "
            "정당한 이유 없는 해고를 금지하였다.",
            [("제30조 제1항", LAW + "근로기준법", art("30", "1"))],
            id="구법-parenthetical-lead-in",
        ),
    ],
)
def test_a_law_named_in_a_lead_in_names_the_articles_after_it(text: str, expected: list) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("이 법률은 제2조에서 용어를 정의한다.", id="이-법률"),
        pytest.param("개정법은 제3조에서 적용례를 정한다.", id="개정법"),
        pytest.param("그 방법은 제3조에서 정한 절차에 따른다.", id="방법"),
    ],
)
def test_a_lead_in_that_names_no_law_lends_none(text: str) -> None:
    (citation,) = found(text)
    assert citation[1] is None

"""Whose words and whose citation: citations inside a quotation, short names the text defines, EU units as
other drafts write them, a named amendment, and which citation of a sentence owns its quote. Real sentences
of the corpus (named beside each case), with the look-alike that must keep today's reading in equal number.

Sources: pl/judgments/supreme_court (uchwała SN z 5 lipca 2002 r., III CZP 36/02), eu/case_law (C-300/21,
C-311/18), kr/precedents (대법원 2003. 12. 26. 선고 2003도3768, 2016. 5. 19. 선고 2014도6992, 2007. 6. 21.
선고 2004다26133 판결), kr/statutes (근로기준법 제2조).
"""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found
from verifier.citations import extract_claims
from verifier.model import Claim, ClaimType

Q = ClaimType
GDPR = "eu:celex:32016R0679"
DIRECTIVE = "eu:celex:31995L0046"


def claim_for(text: str, citation: str, lang: str) -> Claim:
    claims = [c for c in extract_claims(text, lang=lang) if citation in c.citation.text]
    assert claims, [c.citation.text for c in extract_claims(text, lang=lang)]
    return claims[0]


# ----------------------------------------------------------------- a citation inside a quotation

III_CZP_36_02 = (
    "W uchwale z dnia 5 lipca 2002 r., III CZP 36/02, Sąd Najwyższy przyjął, że „Przepis art. 691 k.c. w "
    "brzmieniu nadanym ustawą z dnia 21 czerwca 2001 r. o ochronie "
    "praw lokatorów, mieszkaniowym zasobie gminy "
    "i o zmianie Kodeksu cywilnego (Dz.U. Nr 71, poz. 733) nie ma "
    "zastosowania dla oceny przesłanek wstąpienia "
    "w stosunek najmu po najemcy zmarłym przed wejściem w życie tej ustawy”."
)
C_300_21 = (
    "In Case C-300/21 the Court ruled: “Article 82(1) of the GDPR "
    "must be interpreted as meaning that the mere "
    "infringement of the provisions of that regulation is not sufficient to confer a right to compensation.”"
)
C_311_18 = (
    "In Case C-311/18 the Court declared: “Commission Implementing Decision (EU) 2016/1250 of 12 July 2016 "
    "pursuant to Directive 95/46/EC of the European Parliament and of the Council on the adequacy of the "
    "protection provided by the EU-US Privacy Shield is invalid.”"
)


@pytest.mark.parametrize(
    ("text", "lang", "inside", "quoted"),
    [
        pytest.param(III_CZP_36_02, "pl", "art. 691 k.c.", "III CZP 36/02", id="III-CZP-36-02-art-691"),
        pytest.param(
            III_CZP_36_02, "pl", "ustawą z dnia 21 czerwca 2001", "III CZP 36/02", id="III-CZP-36-02-act"
        ),
        pytest.param(C_300_21, "en", "Article 82(1) of the GDPR", "C-300/21", id="C-300-21-Article-82"),
        pytest.param(C_311_18, "en", "Decision (EU) 2016/1250", "C-311/18", id="C-311-18-Decision-2016-1250"),
    ],
)
def test_a_citation_inside_a_quotation_is_context_naming_whose_quotation(
    text: str, lang: str, inside: str, quoted: str
) -> None:
    claim = claim_for(text, inside, lang)
    # listed ⚪ with the reason (a problem is never looked up, so never ⛔ or 🔴, never blocking sign-off)
    assert claim.citation.problem is not None
    assert claim.citation.problem.startswith("cited inside a quotation of ")
    assert quoted in claim.citation.problem
    assert claim.inside_quotation_of is not None
    assert quoted in claim.inside_quotation_of
    assert not claim.citation.resolvable
    # decided as context: ⚪ naming whose citation it is, never a block
    from verifier.decide import decide
    from verifier.model import Status
    from verifier.verify import measure

    decision = decide(measure(claim, None, lang=lang))
    assert (decision.status, decision.reason.key) == (Status.NOT_CHECKED, "quoted_context")
    assert quoted in decision.rationale("en")
    # the quote is the quoted judgment's, checked against it
    owner = claim_for(text, quoted, lang)
    assert owner.claim_type is Q.VERBATIM_QUOTE
    assert owner.quote is not None
    assert inside.split()[0] in owner.quote


@pytest.mark.parametrize(
    ("text", "lang", "citation"),
    [
        pytest.param(
            # III CZP 36/02's reasoning: art. 27 ust. 1 quoted, art. 691 k.c. the court's own citation
            # after it
            "Sąd pierwszej instancji, mając na względzie treść art. 27 "
            "ust. 1 u.ochr.pr.lok. w brzmieniu „ustawa "
            "niniejsza znajduje również zastosowanie do stosunków "
            "prawnych przed dniem jej wejścia w życie”, uznał, "
            "że dla oceny skutków prawnych wstąpienia w stosunek najmu miarodajny jest przepis art. 691 k.c.",
            "pl",
            "art. 691 k.c.",
        ),
        pytest.param(
            # C-311/18 named outside the quote: Decision 2016/1250 is the draft's own citation
            "In Case C-311/18 the Court held that Decision 2016/1250 “is invalid”.",
            "en",
            "Decision 2016/1250",
        ),
        pytest.param(
            # a short quoted title that is the citation itself is not someone else's words around it
            "Article 82 GDPR, headed “Right to compensation and "
            "liability”, gives any person who has suffered damage "
            "a right to compensation.",
            "en",
            "Article 82 GDPR",
        ),
        pytest.param(
            # C-300/21 paragraph 42 pinpointed: the statute before the quote stays the draft's own
            "Article 82(1) GDPR “must be interpreted as meaning that the "
            "mere infringement of the provisions of that "
            "regulation is not sufficient to confer a right to compensation” (C-300/21, paragraph 42).",
            "en",
            "Article 82(1) GDPR",
        ),
    ],
)
def test_a_citation_outside_the_quotation_is_the_drafts_own(text: str, lang: str, citation: str) -> None:
    claim = claim_for(text, citation, lang)
    assert claim.citation.problem is None
    assert claim.citation.resolvable
    assert claim.inside_quotation_of is None


# ----------------------------------------------------------------- aliases the text defines, EU forms


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # 2014도6992, then the alias used with another article (the court's next sentence's form)
            "부동산 실권리자명의 등기에 관한 법률(이하 ‘부동산실명법’이라 한다) 제4조 제2항 본문에 의하여 "
            "명의수탁자 명의의 소유권이전등기는 무효이고, 부동산실명법 제4조 "
            "제1항에 의하여 명의신탁약정도 무효이다.",
            ("부동산실명법 제4조 제1항", "kr:law:부동산실권리자명의등기에관한법률", art("4", "1")),
            id="2014도6992-부동산실명법",
        ),
        pytest.param(
            "주택임대차보호법(이하 '주택임대차법'이라 한다) 제3조 제1항에 "
            "따라 대항력을 갖춘다. 주택임대차법은 "
            "제8조에서 소액임차인을 보호한다.",
            ("제8조", "kr:law:주택임대차보호법", art("8")),
            id="주택임대차법-lead-in",
        ),
        pytest.param(
            # C-311/18 paragraph 1's form: the Directive's own short name, then an article of it
            "This request concerns Directive 95/46/EC of the European "
            "Parliament and of the Council of 24 October "
            "1995 on the protection of individuals with regard to the "
            "processing of personal data and on the free "
            "movement of such data (‘the Directive’). Article 25(6) of "
            "the Directive allows adequacy findings.",
            ("Article 25(6) of the Directive", DIRECTIVE, art("25", "6")),
            id="C-311-18-the-Directive",
        ),
        pytest.param(
            "Art. 6 (1) (f) GDPR", ("Art. 6 (1) (f) GDPR", GDPR, art("6", "1", "f")), id="Art-6-(1)-(f)"
        ),
        pytest.param(
            "Art. 6 para. 1 lit. f GDPR",
            ("Art. 6 para. 1 lit. f GDPR", GDPR, art("6", "1", "f")),
            id="para-lit",
        ),
        pytest.param(
            "Article 4 Paragraph 7 GDPR",
            ("Article 4 Paragraph 7 GDPR", GDPR, art("4", "7")),
            id="Paragraph-7",
        ),
    ],
)
def test_aliases_and_other_forms_name_the_unit(text: str, expected: tuple) -> None:
    assert expected in found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # 2014도6992: "(이하 ‘이 사건 부동산’이라 한다)" names a thing, no law
            "피해자가 서산시 답 9,292㎡(이하 ‘이 사건 부동산’이라 한다) 중 지분을 매수하였다.",
            [],
            id="이-사건-부동산-is-no-law",
        ),
        pytest.param(
            # 2004다26133: '같은 법' as an alias is read as the anaphora it is
            "주택임대차보호법(이하 ‘같은 법’이라 한다) 제3조의2 제2항은 우선변제권을 인정하고, 같은 법 제8조 "
            "제1항은 소액보증금을 보호한다.",
            [("같은 법 제8조 제1항", "kr:law:주택임대차보호법", art("8", "1"))],
            id="같은-법-alias-stays-an-anaphora",
        ),
        pytest.param(
            "Article 6 (see above) applies.",
            [],
            id="a-parenthesis-of-words-is-no-paragraph",
        ),
        pytest.param(
            # the Commissioner of C-311/18 is a party's short name, not an act's
            "the Data Protection Commissioner (Ireland) (‘the "
            "Commissioner’) relied on Article 4 of the Commissioner.",
            [],
            id="a-party-alias-names-no-act",
        ),
        pytest.param(
            "Article 6(1)(f) GDPR",
            [("Article 6(1)(f) GDPR", GDPR, art("6", "1", "f"))],
            id="the-usual-form-unchanged",
        ),
        pytest.param(
            "Art. 6 Abs. 1 lit. f DSGVO",
            [("Art. 6 Abs. 1 lit. f DSGVO", GDPR, art("6", "1", None, "f"))],
            id="the-German-form-unchanged",
        ),
    ],
)
def test_look_alikes_of_aliases_and_forms_keep_their_reading(text: str, expected: list) -> None:
    got = [f for f in found(text) if not f[0].startswith("주택임대차보호법")]
    assert got == expected


# ----------------------------------------------------------------- a named amendment


@pytest.mark.parametrize(
    ("text", "lang", "citation", "amended"),
    [
        pytest.param(
            "개정 근로기준법은 제2조 제1항 제7호에서 ‘1주’란 휴일을 포함한 7일을 말한다고 정의하였다.",
            "ko",
            "제2조 제1항 제7호",
            True,
            id="개정-근로기준법",
        ),
        pytest.param(
            # III CZP 36/02's reasoning
            "Oceniając przesłanki wstąpienia w stosunek najmu, należy zatem zastosować art. 691 § 1 k.c. w "
            "brzmieniu nadanym tą ustawą.",
            "pl",
            "art. 691 § 1 k.c.",
            True,
            id="III-CZP-36-02-w-brzmieniu-nadanym",
        ),
        pytest.param(
            "구 근로기준법(2007. 4. 11. 법률 제8372호로 전부 개정되기 전의 것) 제30조는 해고를 제한한다.",
            "ko",
            "제30조",
            False,
            id="개정되기-전의-것-is-the-old-wording",
        ),
        pytest.param(
            "개정 전 민법 제14조의2는 없었다.",
            "ko",
            "민법 제14조의2",
            False,
            id="개정-전-is-the-old-wording",
        ),
    ],
)
def test_a_sentence_that_names_the_amendment_marks_its_claim(
    text: str, lang: str, citation: str, amended: bool
) -> None:
    assert claim_for(text, citation, lang).amended_wording is amended


# ----------------------------------------------------------------- one sentence, one verdict

HELD = (
    "대법원 2003. 12. 26. 선고 2003도3768 판결은 '형의 선고의 법률적 효과가 없어진다는 것일 뿐, 형의 선고가 "
    "있었다는 기왕의 사실 자체까지 없어지는 것은 아니'라고 판시하였다(형법 제65조 참조)."
)
PROVIDED = (
    "형법 제65조는 '집행유예의 선고를 받은 후 그 선고의 실효 또는 "
    "취소됨이 없이 유예기간을 경과한 때에는 형의 "
    "선고는 효력을 잃는다.'라고 규정하고 있다(대법원 2003. 12. 26. 선고 2003도3768 판결 참조)."
)
# 2003도3768's own sentence: the cases cited for the first point, the statute's words quoted for the second
REASONING = (
    "형의 선고가 있었다는 기왕의 사실 자체까지 없어지는 것은 아니므로(대법원 1983. 4. 2. 자 83모8 결정, "
    "1995. 12. 22. 선고 95도2446 판결 등 참조), 형법 제59조 "
    '제1항 단행에서 정한 선고유예 결격사유인 "자격정지 '
    '이상의 형을 받은 전과가 있는 자"에 해당한다고 보아야 할 것이다.'
)


@pytest.mark.parametrize(
    ("text", "owner", "other"),
    [
        pytest.param(HELD, "2003도3768", "형법 제65조", id="the-court-held-it"),
        pytest.param(PROVIDED, "형법 제65조", "2003도3768", id="the-statute-provides-it"),
        pytest.param(REASONING, "형법 제59조 제1항", "95도2446", id="2003도3768-reasoning"),
    ],
)
def test_the_sentences_quote_belongs_to_one_citation_and_the_other_says_so(
    text: str, owner: str, other: str
) -> None:
    owning = claim_for(text, owner, "ko")
    not_owning = claim_for(text, other, "ko")
    assert owning.claim_type is Q.VERBATIM_QUOTE
    assert owning.quote is not None
    assert owning.quote_owner is None
    assert not_owning.quote is None
    assert not_owning.claim_type is not Q.VERBATIM_QUOTE
    if owning.quote in not_owning.claim_text:
        # the other citation's claim holds the quote's words: it says whose they are, to be read without them
        assert not_owning.quote_owner is not None
        assert owner in not_owning.quote_owner
        assert "another_citation" in [why for _, why in not_owning.other_quotes]


@pytest.mark.parametrize(
    ("text", "quotes"),
    [
        pytest.param(
            # 95도2446 판결요지: two statutes, each with the words quoted of it: nothing moves
            "사면법 제5조 제1항 제1호 소정의 '일반사면은 형의 언도의 효력이 상실된다.'는 의미는 형법 제65조 "
            "소정의 '형의 선고는 효력을 잃는다.'는 의미와 마찬가지로 단지 "
            "형의 선고의 법률적 효과가 없어진다는 "
            "것일 뿐이다.",
            {
                "사면법 제5조 제1항 제1호": "일반사면은 형의 언도의 효력이 상실된다.",
                "형법 제65조": "형의 선고는 효력을 잃는다.",
            },
            id="95도2446-two-statutes-each-its-own",
        ),
        pytest.param(
            # 98도4347: a statute's words with a case only referred to ("참조"), no holding verb after
            # the quote
            "형법 제355조 제1항 소정의 '타인의 재물을 보관하는 자'에 해당하지 "
            "않는다(대법원 2016. 5. 19. 선고 "
            "2014도6992 판결 참조).",
            {"형법 제355조 제1항": "타인의 재물을 보관하는 자"},
            id="98도4347-quote-stays-with-the-statute",
        ),
        pytest.param(
            # 2003도3768 cites 형법 제65조 and quotes nothing: no claim gets an owner
            "형의 집행유예를 선고받은 자는 형법 제65조에 의하여 형의 선고가 "
            "효력을 잃게 되었다고 하더라도 형의 "
            "선고가 있었다는 기왕의 사실 자체까지 없어지는 것은 아니다(대법원 1995. "
            "12. 22. 선고 95도2446 판결 참조).",
            {},
            id="2003도3768-no-quote-no-owner",
        ),
    ],
)
def test_a_quote_stays_with_the_citation_it_was_written_for(text: str, quotes: dict) -> None:
    claims = extract_claims(text, lang="ko")
    # no quote moves to a citation that was not written for it; an owner named is one that has the quote
    assert {c.citation.text: c.quote for c in claims if c.quote is not None} == quotes
    assert all(c.quote_owner is None or c.quote_owner in quotes for c in claims)
    for citation, quote in quotes.items():
        assert claim_for(text, citation, "ko").quote == quote


def test_the_quoted_source_is_read_back_from_the_stored_reason() -> None:
    # a stored finding keeps the citation's problem, not the claim's field: the worker reads it back
    from verifier.citations.owners import quotation_reason, quoted_source

    assert quoted_source(quotation_reason("Sąd Najwyższy III CZP 36/02")) == "Sąd Najwyższy III CZP 36/02"
    assert quoted_source("no anchor could be read from the citation") is None
    assert quoted_source(None) is None

"""A 🔴 only on evidence, and no 🟢 for what the words found cannot show (issue 26). Each row is a sentence of
a real judgment (tests/data/real/, the judgment and its date named) or the same sentence with one word made
wrong as tests/accuracy/real_mutate.py makes it, run through the product's path (`ingest_text` →
`verify_document`, offline, the law as of the judgment's date). A row names the finding by its citation text
and the status and reason key it must get, or only that it is not blocked (None) or not 🟢 (NOT_GREEN)."""

from __future__ import annotations

import pytest

from tests.verifier.decide.real_rows import BLOCKS, assert_row, finding_for
from verifier.model import Status

# C-311/18 (16 July 2020), paragraph 92: Article 44 GDPR quoted twice, its heading and its rule
ARTICLE_44 = (
    "Although Article 46 of the GDPR does not specify the nature of the requirements which flow from that "
    "reference to ‘appropriate safeguards’, ‘enforceable rights’ and ‘effective legal remedies’, it should "
    "be noted that that article appears in Chapter V of that regulation and, accordingly, must be read in "
    "the light of Article 44 of that regulation, entitled ‘General principle for transfers’, which lays down "
    "that ‘all provisions [in that chapter] shall {verb} applied in order to ensure that the level of "
    "protection of natural persons guaranteed by [that regulation] is not undermined’."
)
# C-507/23 (4 October 2024), paragraph 41: what Article 83 GDPR makes apparent
ARTICLE_83 = (
    "In the first place, it is {apparent} from Article 83 of the GDPR, read in the light of recital 148 "
    "thereof, that criteria relating to the attitude and motivation of the controller should, inter alia, "
    "be taken into account, as an ‘aggravating or mitigating factor’, in deciding whether it is appropriate "
    "to impose an administrative fine and in determining its amount."
)
# C-300/21 (4 May 2023), paragraph 34: two terms of Article 82(1) GDPR quoted
ARTICLE_82 = (
    "Moreover, it is important to point out that the separate reference to ‘damage’ and to an ‘{term}’ in "
    "Article 82(1) of the GDPR would be superfluous if the EU legislature had considered that an "
    "infringement of the provisions of that regulation could be sufficient, by itself and in any event, to "
    "give rise to a right to compensation."
)
# C-311/18 (16 July 2020), paragraph 130: Article 45(2)(a) GDPR restated around a quote
ARTICLE_45 = (
    "To that effect, Article 45(2)(a) of the GDPR states that, in its assessment of the adequacy of the "
    "level of protection in a third country, the Commission is{negation}, in particular, to take account of "
    "‘effective and enforceable data subject rights’ for data subjects whose personal data are transferred."
)
# 대법원 1994. 4. 15. 선고 93도2899 판결 (as in test_wrong_citations_real): 형법 제16조's 정당한 이유
KR_16 = (
    "형법 제16조에 의하여 처벌하지 아니하는 경우란 단순한 법률의 부지의 경우를 말하는 것이 아니고, "
    "일반적으로 범죄가 되는 행위이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 되지 "
    "아니한다고 그릇 인식하고 그와 같이 인식함에 있어 {reason} 이유가 있는 경우에는 벌하지 아니한다는 "
    "취지이다."
)
# 대법원 1993. 4. 27. 선고 92다45308 판결: 민법 제629조 restated
KR_629 = (
    "민법 제629조는 임차인은 임대인의 {consent} 없이 그 권리를 양도하거나 전대하지 못하고, 임차인이 이에 "
    "위반한 때에는 임대인은 계약을 해지할 수 있다고 규정하고 있는바 이는 민법상의 임대차계약은 원래 당사자의 "
    "개인적 신뢰를 기초로 하는 계속적 법률관계임을 고려하여 임대인의 인적 신뢰나 경제적 이익을 보호하여 이를 "
    "해치지 않게 하고자 함에 있다."
)
# C-300/21 (4 May 2023), the legal context: the GDPR's articles named by their headings
HEADINGS = (
    "Article 1 of the GDPR, headed ‘Subject matter and objectives’, provides in paragraphs 1 and 2: Under "
    "Article 4(1) of that regulation, that article being entitled ‘{heading}’:"
)
# 대법원 2022. 11. 10. 선고 2018도1966 판결: 개인정보 보호법 제59조 제2호 quoted twice, subject and object
PIPA_59 = (
    "개인정보 보호법 제59조 제2호가 금지하는 누설행위의 주체는 ‘개인정보를 처리하거나 처리하였던 자’이고, "
    "그 대상은 ‘{object} 알게 된 개인정보’로 제한되므로, 수사기관에 대한 모든 개인정보 제공이 금지되는 것도 "
    "아닌 점 및 개인정보 보호법의 제정 취지 등을 감안하면, 구 공공기관의 개인정보보호에 관한 법률에 따른 "
    "‘누설’에 관한 위의 법리는 개인정보 보호법에도 그대로 적용된다."
)

NOT_GREEN = "not green"
# (why, language, as of, draft, finding's citation, status and reason key | None | NOT_GREEN)
ROWS = [
    (
        "the sentence's second quote with a word of the unit replaced (업무상 → 채권자): near the unit's "
        "words without being them, and no meaning shown turned: 🟡 naming both, not the first quote's 🟢",
        "ko",
        "2022-11-10",
        PIPA_59.format(object="채권자"),
        "개인정보 보호법 제59조 제2호",
        Status.NEEDS_JUDGEMENT,
        "also_quoted_differs",
    ),
    (
        "the court's sentence: both quotes are 제59조 제2호's",
        "ko",
        "2022-11-10",
        PIPA_59.format(object="업무상"),
        "개인정보 보호법 제59조 제2호",
        Status.VERIFIED,
        "verified_fragment",
    ),
    (
        "the sentence's second quote of Article 44 with 'not' added: read in the unit like the first, it is "
        "the unit's rule negated",
        "en",
        "2020-07-16",
        ARTICLE_44.format(verb="not be"),
        "Article 44 of that regulation",
        Status.UNVERIFIED,
        "also_quoted_meaning",
    ),
    (
        "the Court's sentence: both quotes are Article 44's",
        "en",
        "2020-07-16",
        ARTICLE_44.format(verb="be"),
        "Article 44 of that regulation",
        Status.VERIFIED,
        "verified_fragment",
    ),
    (
        "'it is not apparent from Article 83': the quoted factor is in the article, which cannot show what "
        "the article does not say",
        "en",
        "2024-10-04",
        ARTICLE_83.format(apparent="not apparent"),
        "Article 83 of the GDPR",
        Status.NEEDS_JUDGEMENT,
        "denies_unit",
    ),
    (
        "the Court's sentence: what Article 83 makes apparent",
        "en",
        "2024-10-04",
        ARTICLE_83.format(apparent="apparent"),
        "Article 83 of the GDPR",
        None,
        "",
    ),
    (
        "another term of Article 82(1) put in the quotation marks: the term is the article's, what the "
        "sentence says of it is not shown by that",
        "en",
        "2023-05-04",
        ARTICLE_82.format(term="processor"),
        "Article 82(1) of the GDPR",
        Status.NEEDS_JUDGEMENT,
        "quoted_term_found",
    ),
    (
        "the Court's sentence on the terms of Article 82(1)",
        "en",
        "2023-05-04",
        ARTICLE_82.format(term="infringement"),
        "Article 82(1) of the GDPR",
        None,
        "",
    ),
    (
        "a term that is all the sentence says of the unit (its heading) is verified by the unit's words",
        "en",
        "2023-05-04",
        HEADINGS.format(heading="Definitions"),
        "Article 4(1) of that regulation",
        Status.VERIFIED,
        "verified_fragment",
    ),
    (
        "'is not, in particular, to take account of': the aside does not hide the negation from the "
        "article's 'shall, in particular, take account of' (a condition in the sentence: a person reads it)",
        "en",
        "2020-07-16",
        ARTICLE_45.format(negation=" not"),
        "Article 45(2)(a) of the GDPR",
        NOT_GREEN,
        "",
    ),
    (
        "the Court's sentence on Article 45(2)(a)",
        "en",
        "2020-07-16",
        ARTICLE_45.format(negation=""),
        "Article 45(2)(a) of the GDPR",
        None,
        "",
    ),
    (
        "민법 제629조① restated with 부동의 (non-consent, the corpus's own word: 부동의낙태) for its 동의",
        "ko",
        "1993-04-27",
        KR_629.format(consent="부동의"),
        "민법 제629조",
        Status.UNVERIFIED,
        "restated_otherwise",
    ),
    (
        "the court's sentence on 민법 제629조",
        "ko",
        "1993-04-27",
        KR_629.format(consent="동의"),
        "민법 제629조",
        None,
        "",
    ),
    (
        "the court's sentence on 형법 제16조's 정당한 이유",
        "ko",
        "1994-04-15",
        KR_16.format(reason="정당한"),
        "형법 제16조",
        None,
        "",
    ),
]


@pytest.mark.parametrize(
    ("why", "lang", "as_of", "draft", "citation", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_a_changed_meaning_is_blocked_on_evidence_and_never_green(
    why: str, lang: str, as_of: str, draft: str, citation: str, status: Status | str | None, key: str
) -> None:
    finding = finding_for(lang, as_of, draft, citation)
    if status == NOT_GREEN:
        assert finding.status is not Status.VERIFIED, (why, finding.rationale)
        assert finding.status not in BLOCKS, (why, finding.rationale)
        return
    assert status is None or isinstance(status, Status)
    assert_row(finding, why, status, key)

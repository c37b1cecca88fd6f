"""Wrong citations in real prose are blocked on evidence, and the same sentences as the courts wrote them are
not. Each row is a sentence of a real judgment (tests/data/real/: the judgment and its date named) or the same
sentence with one fact made wrong as tests/accuracy/real_mutate.py makes it, run through the product's path
(`ingest_text` → `verify_document`, offline, the law as of the judgment's date: `real_sources.AsOfResolver`).
A row names the finding by its citation text and the status and reason key it must get (a wrong one), or
None: not blocked, whatever a person is then asked to read (a correct one)."""

from __future__ import annotations

import pytest

from tests.verifier.decide.real_rows import assert_row, finding_for
from verifier.model import Status

# C-300/21 (4 May 2023), paragraph 31: the Court cites C-311/18 by date, name, number and ECLI
SCHREMS = (
    "It is apparent, in particular, from recital 10 of the GDPR that the objectives of the GDPR are, inter "
    "alia, to ensure a consistent and high level of protection of natural persons with regard to the "
    "processing of personal data within the European Union (see, to that effect, judgments of {date} July "
    "2020, Facebook Ireland and Schrems, C\u2011{number}/18, EU:C:2020:559, paragraph 101)."
)
# C-507/23 (4 October 2024): C-300/21 by date, name, number and ECLI
POST = (
    "Accordingly, the person seeking compensation for non-material damage on the basis of that provision is "
    "required to establish not only infringement of that regulation, but also that that infringement has "
    "actually caused him or her such damage (see, to that effect, judgments of {date} May 2023, "
    "Österreichische Post, C\u2011{number}/21, EU:C:2023:370, paragraphs 32, 33, 42 and 50)."
)
# C-300/21 (4 May 2023), paragraph 30: the terms of Article 82 GDPR quoted; recital 75 has the first one
# before Article 82(1) does
TERMS_82 = (
    "The GDPR makes no reference to the law of the Member States as regards the meaning and scope of the "
    "terms set out in Article {article} of that regulation, in particular as regards the concepts of "
    "‘material or non-material damage’ and of ‘compensation for the damage suffered’."
)

# 대법원 1998. 6. 23. 선고 97도1189 판결: the court quotes 형법 제16조 whole
KR_16_QUOTED = (
    '형법 제16조가 "자기의 행위가 법령에 의하여 죄가 되지 아니하는 것으로 오인한 행위는 그 오인에 '
    '정당한 이유가 있는 때에 한하여 {verb}."고 규정하고 있는 것은, 일반적으로 범죄가 되는 경우이지만 '
    "자기의 특수한 경우에는 "
    "법령에 의하여 허용된 행위로서 죄가 되지 아니한다고 그릇 인식하고 그와 같이 그릇 인식함에 정당한 이유가 "
    "있는 경우에는 벌하지 아니한다는 취지이다."
)
# 대법원 1999. 2. 23. 선고 98도1869 판결: 형법 제20조 quoted
KR_20_QUOTED = (
    '형법 제20조는 "법령에 의한 행위 또는 업무로 인한 행위 기타 사회상규에 위배되지 아니하는 행위는 '
    '{verb}."고 규정하고 있는데, 어떠한 행위가 정당한 행위로서 위법성이 조각되는 것인지는 구체적인 경우에 '
    "따라 합목적적, 합리적으로 가려져야 할 것인바."
)
# 대법원 1995. 8. 25. 선고 95도1351 판결: 형법 제16조 restated without quotation marks, in the court's spacing
# and endings ("자기가 행한 행위가", "아니한 것으로", "아니한다고")
KR_16_RESTATED = (
    "나. 형법 제16조에 자기가 행한 행위가 법령에 의하여 죄가 되지 아니한 것으로 오인한 행위는 그 오인에 "
    "{reason} 이유가 있는 때에 한하여 {verb}고 규정하고 있는 것은 단순한 법률의 부지의 경우를 말하는 것이 "
    "아니고 일반적으로 범죄가 되는 경우이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 되지 "
    "아니한다고 그릇 인식하고 그와 같이 그릇 인식함에 정당한 이유가 있는 경우에는 벌하지 아니한다는 취지이다."
)

# C-311/18 (16 July 2020), paragraph 83: a term quoted, then the unit's definition of it
DEFINES = (
    "Under Article 2(1) of the GDPR, that regulation applies to the processing of personal data wholly or "
    "partly by automated means and to the processing other than by automated means of personal data which "
    "form part of a filing system or are intended to form part of a filing system. "
    "Article {article}(2) of that regulation defines ‘processing’ as ‘any operation or set of "
    "operations which {verb} performed on personal data or on sets of personal data, whether or not by "
    "automated means’ and mentions, by way of example, ‘disclosure by transmission, dissemination or "
    "otherwise making available’, but does not distinguish between operations which take place within "
    "the European Union and those which are connected with a third country."
)

# 대법원 1993. 4. 27. 선고 92다45308 판결: 민법 제629조 restated in the court's spacing and endings
KR_629 = (
    "민법 제{article}조는 임차인은 임대인의 동의 없이 그 권리를 양도하거나 전대하지 못하고, 임차인이 이에 "
    "위반한 때에는 임대인은 계약을 해지할 수 있다고 규정하고 있는바 이는 민법상의 임대차계약은 원래 당사자의 "
    "개인적 신뢰를 기초로 하는 계속적 법률관계임을 고려하여 임대인의 인적 신뢰나 경제적 이익을 보호하여 이를 "
    "해치지 않게 하고자 함에 있다."
)
# C-311/18 (16 July 2020), paragraph 91: Article 46(2)(c) GDPR restated
SCC = (
    "According to Article 46(2)(c) of the GDPR, those safeguards {verb} provided by standard data protection "
    "clauses drawn up by the Commission."
)

# 대법원 1986. 6. 10. 선고 85도119 판결: 형법 제30조 named by its heading
KR_JOINT = (
    "형법 제{article}조의 소위 공동정범은 공범자 전원간에 범죄에 대한 공동가공의 의사가 있는 경우 즉 범행자 "
    "상호간에 범의의 연락이 있고 그 일부자가 범죄의 실행에 당한 경우에 성립되고, 이때에는 그 전원이 "
    "공동일체로서 범죄를 실행한 것이 되고 비록 스스로 직접 그 실행행위를 분담하지 아니한 자이더라도 그 범죄 "
    "전체에 관하여 공동정범으로서의 책임을 져야 한다."
)
# 대법원 1996. 11. 12. 선고 96다34061 판결: 민법 제104조 named by its heading
KR_UNFAIR = (
    "민법 제{article}조에 규정된 불공정한 법률행위는 객관적으로 급부와 반대급부 사이에 현저한 불균형이 "
    "존재하고, 주관적으로 그와 같이 균형을 잃은 거래가 피해 당사자의 궁박, 경솔 또는 무경험을 이용하여 "
    "이루어진 경우에 성립하는 것이다."
)
# 대법원 1998. 5. 21. 선고 98도321 전원합의체 판결: 형법 제331조② applied; 공동정범 (제30조's heading) named
# far from the citation, as a concept of the reasoning
KR_GANG = (
    "형법 제331조 제2항 후단의 규정이 위와 같이 3인 이상이 공모하고 적어도 2인 이상이 합동절도의 범행을 "
    "실행한 경우에 대하여 공동정범의 성립을 부정하는 취지라고 해석할 이유가 없을 뿐만 아니라, 만일 "
    "공동정범의 성립가능성을 제한한다면 직접 실행행위에 참여하지 아니하면서 배후에서 합동절도의 범행을 "
    "조종하는 수괴는 그 행위의 기여도가 강력함에도 불구하고 공동정범으로 처벌받지 아니하는 불합리한 현상이 "
    "나타날 수 있다."
)
# C-311/18 (16 July 2020), paragraph 162: Article 45 GDPR named by its heading
HEADING = (
    "Article {article} of the GDPR, under the heading ‘Transfers on the basis of an adequacy decision’, "
    "provides, in paragraphs 1 to 3 that a transfer of personal data to a third country may take place where "
    "the Commission has decided that the third country ensures an adequate level of protection."
)

# 대법원 1992. 11. 27. 선고 92다7719 판결: the effect 민법 제103조 gives, attached to the citation
KR_VOID = (
    "나. 민법 제103조에 의하여 {effect}로 되는 반사회질서행위는 법률행위의 목적인 권리의무의 내용이 "
    "선량한 풍속 기타 사회질서에 위반되는 경우뿐 아니라 그 내용 자체는 반사회질서적인것이 아니라고 "
    "하여도 법률적으로 이를 강제하거나 법률행위에 반사회질서적인 조건 또는 금전적 대가가 결부됨으로써 "
    "반사회질서적 성질을 띠게 되는 경우를 포함한다."
)
# 대법원 1994. 4. 15. 선고 93도2899 판결: 형법 제20조 named by what it makes lawful
KR_JUSTIFIED = (
    "형법 제20조 소정의 {act}에 해당한다고 판단하였는 바, 이를 기록과 대조하여 살펴 보면 원심의 이러한 "
    "판단은 정당하고 거기에 정당행위에 관한 법리를 오해한 위법이 있다고 할 수 없다."
)

# (why, language, as of, draft, finding's citation, status and reason key, or None: not blocked)
ROWS = [
    (
        "Article 82's terms as the Court quoted them",
        "en",
        "2023-05-04",
        TERMS_82.format(article=82),
        "Article 82 of that regulation",
        None,
        "",
    ),
    (
        "the same terms given to Article 83: a recital has them first, Article 82(1) has them too",
        "en",
        "2023-05-04",
        TERMS_82.format(article=83),
        "Article 83 of that regulation",
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    (
        "an ECLI printed after a case number is checked against that number: EU:C:2020:559 is C-311/18",
        "en",
        "2023-05-04",
        SCHREMS.format(date=16, number=314),
        "EU:C:2020:559",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "and against the date the draft gives the case: C-311/18 was decided on 16 July 2020",
        "en",
        "2023-05-04",
        SCHREMS.format(date=17, number=311),
        "EU:C:2020:559",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "the Court's own citation: number, date and ECLI agree, nothing to block",
        "en",
        "2023-05-04",
        SCHREMS.format(date=16, number=311),
        "EU:C:2020:559",
        None,
        "",
    ),
    (
        "C-300/21 given as C-302/21 beside its ECLI",
        "en",
        "2024-10-04",
        POST.format(date=4, number=302),
        "EU:C:2023:370",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "C-300/21 dated the day after its judgment",
        "en",
        "2024-10-04",
        POST.format(date=5, number=300),
        "EU:C:2023:370",
        Status.UNVERIFIED,
        "anchor_mismatch",
    ),
    (
        "the definition quoted after the term it defines is what the draft says Article 4(2) says: a "
        "negation added to it is a changed meaning",
        "en",
        "2020-07-16",
        DEFINES.format(article=4, verb="is not"),
        "Article 4(2) of that regulation",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "the definition of Article 4(2) cited as Article 3(2): the quoted words are in Article 4(2)",
        "en",
        "2020-07-16",
        DEFINES.format(article=3, verb="is"),
        "Article 3(2) of that regulation",
        Status.UNVERIFIED,
        "quote_in_other_unit",
    ),
    (
        "the Court's own sentence: the definition is Article 4(2)'s, word for word",
        "en",
        "2020-07-16",
        DEFINES.format(article=4, verb="is"),
        "Article 4(2) of that regulation",
        Status.VERIFIED,
        "verified_fragment",
    ),
    (
        "민법 제629조① restated under 제628조: the clause is 제629조's (spacing and endings aside), and "
        "제628조 has nothing like it",
        "ko",
        "1993-04-27",
        KR_629.format(article=628),
        "민법 제628조",
        Status.UNVERIFIED,
        "restated_in_other_unit",
    ),
    (
        "the court's sentence on 민법 제629조",
        "ko",
        "1993-04-27",
        KR_629.format(article=629),
        "민법 제629조",
        None,
        "",
    ),
    (
        "Article 46(2)(c) says the safeguards may be provided by standard clauses; 'provided' is its verb, "
        "not a proviso that would make the negation a question for a person",
        "en",
        "2020-07-16",
        SCC.format(verb="may not be"),
        "Article 46(2)(c) of the GDPR",
        Status.UNVERIFIED,
        "polarity_negation",
    ),
    (
        "the Court's own sentence on Article 46(2)(c)",
        "en",
        "2020-07-16",
        SCC.format(verb="may be"),
        "Article 46(2)(c) of the GDPR",
        None,
        "",
    ),
    (
        "형법 제31조 called 공동정범, the heading of 제30조 (제31조 is 교사범)",
        "ko",
        "1986-06-10",
        KR_JOINT.format(article=31),
        "형법 제31조",
        Status.UNVERIFIED,
        "title_of_other_unit",
    ),
    (
        "the court's sentence: 제30조's own heading",
        "ko",
        "1986-06-10",
        KR_JOINT.format(article=30),
        "형법 제30조",
        None,
        "",
    ),
    (
        "민법 제105조 said to provide the 불공정한 법률행위 of 제104조",
        "ko",
        "1996-11-12",
        KR_UNFAIR.format(article=105),
        "민법 제105조",
        Status.UNVERIFIED,
        "title_of_other_unit",
    ),
    (
        "the court's sentence on 민법 제104조",
        "ko",
        "1996-11-12",
        KR_UNFAIR.format(article=104),
        "민법 제104조",
        None,
        "",
    ),
    (
        "another article's heading used as a concept, away from the citation, is no evidence",
        "ko",
        "1998-05-21",
        KR_GANG,
        "형법 제331조 제2항",
        None,
        "",
    ),
    (
        "Article 46 said to be headed as Article 45 is",
        "en",
        "2020-07-16",
        HEADING.format(article=46),
        "Article 46 of the GDPR",
        Status.UNVERIFIED,
        "title_of_other_unit",
    ),
    (
        "the Court's citation of Article 45 under its own heading",
        "en",
        "2020-07-16",
        HEADING.format(article=45),
        "Article 45 of the GDPR",
        None,
        "",
    ),
    (
        "민법 제103조 said to make the act 유효 (valid): the article makes it 무효",
        "ko",
        "1992-11-27",
        KR_VOID.format(effect="유효"),
        "민법 제103조",
        Status.UNVERIFIED,
        "polarity_opposite",
    ),
    (
        "the court's sentence: 제103조에 의하여 무효",
        "ko",
        "1992-11-27",
        KR_VOID.format(effect="무효"),
        "민법 제103조",
        None,
        "",
    ),
    (
        "형법 제20조 소정의 부당행위: the article's act is 정당행위",
        "ko",
        "1994-04-15",
        KR_JUSTIFIED.format(act="부당행위"),
        "형법 제20조",
        Status.UNVERIFIED,
        "polarity_negation",
    ),
    (
        "the court's sentence: 형법 제20조 소정의 정당행위",
        "ko",
        "1994-04-15",
        KR_JUSTIFIED.format(act="정당행위"),
        "형법 제20조",
        None,
        "",
    ),
    (
        "a quote of 형법 제16조 that drops its negation (벌하지 아니한다 → 벌한다): the closest window "
        "keeps the negation that follows the verb, or the drop reads as a word changed",
        "ko",
        "1998-06-23",
        KR_16_QUOTED.format(verb="벌한다"),
        "형법 제16조",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "the court's own quote of 형법 제16조",
        "ko",
        "1998-06-23",
        KR_16_QUOTED.format(verb="벌하지 아니한다"),
        "형법 제16조",
        Status.VERIFIED,
        "verified_fragment",
    ),
    (
        "a quote of 형법 제20조 that drops its negation",
        "ko",
        "1999-02-23",
        KR_20_QUOTED.format(verb="벌한다"),
        "형법 제20조",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "the court's own quote of 형법 제20조",
        "ko",
        "1999-02-23",
        KR_20_QUOTED.format(verb="벌하지 아니한다"),
        "형법 제20조",
        Status.VERIFIED,
        "verified_fragment",
    ),
    (
        "형법 제16조 restated with its negation dropped: spacing and endings are not words changed",
        "ko",
        "1995-08-25",
        KR_16_RESTATED.format(reason="정당한", verb="벌한다"),
        "형법 제16조",
        Status.UNVERIFIED,
        "restated_otherwise",
    ),
    (
        "형법 제16조 restated with 정당한 turned into 부당한",
        "ko",
        "1995-08-25",
        KR_16_RESTATED.format(reason="부당한", verb="벌하지 아니한다"),
        "형법 제16조",
        Status.UNVERIFIED,
        "restated_otherwise",
    ),
    (
        "형법 제16조 restated as the court wrote it",
        "ko",
        "1995-08-25",
        KR_16_RESTATED.format(reason="정당한", verb="벌하지 아니한다"),
        "형법 제16조",
        None,
        "",
    ),
]


@pytest.mark.parametrize(
    ("why", "lang", "as_of", "draft", "citation", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_a_wrong_citation_is_blocked_on_evidence_and_the_real_one_is_not(
    why: str, lang: str, as_of: str, draft: str, citation: str, status: Status | None, key: str
) -> None:
    assert_row(finding_for(lang, as_of, draft, citation), why, status, key)


def test_a_heading_block_names_both_headings_in_every_language() -> None:
    finding = finding_for("ko", "1986-06-10", KR_JOINT.format(article=31), "형법 제31조")
    assert finding.reason is not None
    for lang, words in (("en", "heading"), ("pl", "tytuł"), ("ko", "제목")):
        text = finding.reason.render(lang)
        assert "공동정범" in text, text
        assert "교사범" in text, text
        assert "제30조" in text, text
        assert words in text, text


def test_the_block_names_the_number_the_source_has() -> None:
    finding = finding_for("en", "2023-05-04", SCHREMS.format(date=16, number=314), "EU:C:2020:559")
    assert "C-314/18" in finding.rationale, finding.rationale
    assert "C-311/18" in finding.rationale, finding.rationale

"""A red must rest on evidence that the draft is wrong about the text it names. Sentences of real Supreme
Court judgments harvested into tests/data/real/ (the judgment and its date named), through the product's
path (real_rows.finding_for), each beside a twin that the same rule must still block:

- the former act ("구 민법 제996조"): the draft says it means an earlier wording than the one in force;
- a bare 제N조 read with an act named in another clause ("형법 제30조는 누락하고, 무등록행위(제28조 제1항)");
- another country's act of the same name ("중화민국 민법 제1146조");
- 본문 of a unit of two sentences, 단서 of a proviso written "단 …" (형법 제33조 as worded in 1953);
- a judgment the court distinguishes ("… 판결은 사안을 달리 하므로 …"): its subject is not the claim's;
- the effect or the name the draft attaches to the unit ("제107조에 해당하여 무효",
  "불법원인급여를 규정한 제746조"), which a turned twin contradicts;
- a quote whose last word is the court's bound noun ("“공공의 이익에 관한 것”에 해당한다" of "… 관한 때에는");
- a term of the unit the court defines in another unit's words ("… 불법원인이라 함은 … 선량한 풍속 …"), and
  the words of an act named without an article ("담배사업법은 "…"으로 제정된").

A row gives the status and reason key the finding must get, or None: not blocked."""

from __future__ import annotations

import pytest

from tests.verifier.decide.real_rows import assert_row, finding_for
from verifier.model import Status

# 대법원 1995. 2. 10. 선고 94다39116 판결: 구 민법 제996조 (deleted on 1990-01-13) quoted in its own wording
KR_FORMER = (
    "{law} 제996조에는 “분묘에 속한 1정보 이내의 금양임야와 600평 이내의 묘토인 농지, 족보와 제구의 "
    "소유권은 호주상속인이 승계한다”고 규정하고 있는바,"
)
# 대법원 2001. 3. 27. 선고 2000도5318 판결: the articles are 방문판매등에관한법률's; 형법 is named in
# another clause
KR_INFERRED = (
    "다만 원심판결문에 의하면, 원심은 위 피고인들의 무등록영업행위죄와 금전거래영업행위죄에 대하여 "
    "'공모하여'라는 표현을 쓰고 있어 공동정범으로 인정한 것으로 보이나, 적용법령을 설시함에 있어서는 "
    "공동정범에 관한 형법 제30조는 누락하고, 무등록행위(제28조 제1항), 금전거래행위(제45조 제2항 "
    "제1호)에 관한 조문 외에 그와 같은 행위들과는 관계없는 것으로 보이는 제30조(다단계판매원의 등록 "
    "등에 관한 조문)를 표시하고 있다."
)
# the same act named in a list right before the bare article: that act's, and its missing unit is evidence
KR_LISTED = "형법 제30조, 제28조 제1항에 해당한다."
# 대법원 1991. 2. 22. 선고 90다카19470 판결
KR_FOREIGN = (
    "이러한 바탕에서 중화민국 민법 제1146조의 해석상 소외 2가 참칭상속인에 해당하지 아니한다고 한 원심의 "
    "판단은 수긍하기 어렵다."
)
# 대법원 1991. 5. 14. 선고 91다2656 판결: 본문 of 민법 제538조 제1항, a paragraph of two sentences
KR_BODY = (
    "민법 제538조 제1항 본문의 규정에 의하여 사용자에 대하여 임금을 청구할 수 있고 이 경우 근로자가 자기의 "
    "채무를 면함으로써 이익을 얻은 때에는 이를 사용자에게 상환하여야 한다."
)
# 대법원 1997. 12. 26. 선고 97도2609 판결: 형법 제33조 (1953) writes its proviso "단 신분관계로 …"
KR_PROVISO = (
    "그러한 신분관계가 없는 자에 대하여는 형법 제33조 단서에 의하여 형법 제355조 제2항에 따라 처단하여야 "
    "할 것이다."
)
# 민법 제103조 has one sentence and no proviso: 단서 of it is no unit at all
KR_NO_PROVISO = "그러한 약정은 민법 제103조 단서에 의하여 무효라고 할 것이다."
# 대법원 1997. 11. 28. 선고 96누18069 판결
KR_DISTINGUISHED = (
    "그리고 소론이 들고 있는 대법원 1996. 9. 24. 선고 95누17236 판결은 사안을 달리 하므로 이 사건에서 "
    "원용하기에 적절하지 아니하다."
)

# 대법원 1993. 6. 22. 선고 92도3160 판결: the court's "것" for 형법 제310조's "때" at the quote's end
KR_BOUND = (
    "따라서 위 대자보에 기재된 사실들은 그 내용과 성질에 비추어 객관적으로 판단할 때 형법 제310조 소정의 "
    "“공공의 {word}에 관한 것”에 해당한다고 봄이 상당하다."
)
# 대법원 2001. 5. 29. 선고 2001다1782 판결: 민법 제746조's 불법원인 defined in 제103조's words (which 제151조
# repeats), and 담배사업법's words quoted with no article of it
KR_DEFINED = (
    "부당이득의 반환청구가 금지되는 사유로 민법 제746조가 규정하는 불법원인이라 함은 그 원인되는 행위가 "
    "선량한 풍속 기타 사회질서에 위반하는 경우를 말하는 것으로서 법률의 금지에 위반하는 경우라 할지라도 "
    "그것이 선량한 풍속 기타 사회질서에 위반하지 않는 경우에는 이에 해당하지 않는다고 할 것인바, "
    '담배사업법은 "담배산업의 건전한 발전을 도모하고 국민경제에 이바지하게 함을 목적"으로 제정된 것이다.'
)

# 대법원 1994. 4. 15. 선고 93다61307 판결: the name the draft gives 민법 제746조 before "…를 규정한"
KR_NAMED_BEFORE = (
    '{name}를 규정한 민법 제746조 소정의 "불법의 원인"이라 함은 재산을 급여한 원인이 선량한 풍속 기타 '
    "사회질서에 위반하는 경우를 가리키는 것이다."
)
# 대법원 1992. 5. 26. 선고 92다3670 판결: the effect the draft says 민법 제107조 gives ("에 해당하여 무효")
KR_FALLS_UNDER = (
    "사용자가 이러한 사정을 알면서 위 사직의 의사표시를 수리하였다면 위 사직의 의사표시는 민법 제107조에 "
    "해당하여 {effect}라 할 것이다."
)

ROWS = [
    ("구 민법 제996조 quoted in the wording it had until 1990", "1995-02-10",
     KR_FORMER.format(law="구 민법"), "구 민법 제996조", Status.NEEDS_JUDGEMENT, "former_wording"),
    ("the same quote said to be 민법 제996조 as in force on 1995-02-10", "1995-02-10",
     KR_FORMER.format(law="민법"), "민법 제996조", Status.UNVERIFIED, "absent"),  # 제996조 reads "삭제"
    ("a bare 제28조 제1항 read with 형법, named in another clause", "2001-03-27",
     KR_INFERRED, "제28조 제1항", Status.NEEDS_JUDGEMENT, "inferred_law"),
    ("a bare 제28조 제1항 in a list right after 형법 제30조", "2001-03-27",
     KR_LISTED, "제28조 제1항", Status.UNVERIFIED, "paragraph_missing"),
    ("another country's 민법", "1991-02-22", KR_FOREIGN, "민법 제1146조", Status.NOT_CHECKED, "foreign_act"),
    ("본문 of a paragraph of two sentences", "1991-05-14", KR_BODY, "민법 제538조 제1항", None, ""),
    ("단서 of a 1953 proviso written 단 …", "1997-12-26", KR_PROVISO, "형법 제33조", None, ""),
    ("단서 of an article without one", "1997-12-26",
     KR_NO_PROVISO, "민법 제103조", Status.UNVERIFIED, "proviso_missing"),
    ("a quote whose last word is the court's bound noun", "1993-06-22",
     KR_BOUND.format(word="이익"), "형법 제310조", Status.MODIFIED, "bound_noun_adapted"),
    ("the same quote with a word of it turned", "1993-06-22",
     KR_BOUND.format(word="손해"), "형법 제310조", Status.UNVERIFIED, "absent"),
    ("a term of the unit defined in another unit's words, another act's words quoted", "2001-05-29",
     KR_DEFINED, "민법 제746조", None, ""),
    ("the unit named by its own heading", "1994-04-15",
     KR_NAMED_BEFORE.format(name="불법원인급여"), "민법 제746조", None, ""),
    ("the unit named by its heading turned (합법 for 불법)", "1994-04-15",
     KR_NAMED_BEFORE.format(name="합법원인급여"), "민법 제746조", Status.UNVERIFIED, "polarity_opposite"),
    ("falls under 제107조 and is void, as the unit says", "1992-05-26",
     KR_FALLS_UNDER.format(effect="무효"), "민법 제107조", None, ""),
    ("falls under 제107조 and is valid: the unit says void", "1992-05-26",
     KR_FALLS_UNDER.format(effect="유효"), "민법 제107조", Status.UNVERIFIED, "polarity_opposite"),
    ("a judgment the court distinguishes", "1997-11-28",
     KR_DISTINGUISHED, "대법원 1996. 9. 24. 선고 95누17236 판결", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(
    ("why", "as_of", "draft", "citation", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_a_block_rests_on_the_text_the_draft_names(
    why: str, as_of: str, draft: str, citation: str, status: Status | None, key: str
) -> None:
    assert_row(finding_for("ko", as_of, draft, citation), why, status, key)


def test_the_yellow_says_which_text_was_checked_and_keeps_what_it_found_in_every_language() -> None:
    finding = finding_for("ko", "2001-03-27", KR_INFERRED, "제28조 제1항")
    assert finding.reason is not None
    assert [n.key for n in finding.note_messages][:1] == ["paragraph_missing"]  # what the text checked lacks
    for lang in ("en", "pl", "ko"):
        text = finding.reason.render(lang)
        assert "제28조 제1항" in text, text
        assert "형법" in text, text


def test_a_law_written_without_spaces_is_not_joined_to_the_words_before_it() -> None:
    # 대법원 2000. 7. 7. 선고 2000도1899 판결: "… 사기죄와 방문판매등에관한법률 제45조"
    from verifier.citations import extract_claims

    draft = (
        "그러한 금전거래를 통한 형법 제347조 제1항의 사기죄와 방문판매등에관한법률 제45조 제2항 제1호의 "
        "위반죄는 법률상 1개의 행위로 평가되는 경우에 해당하지 않는다."
    )
    cited = [c.citation.text for c in extract_claims(draft, lang="ko")]
    assert cited == ["형법 제347조 제1항", "방문판매등에관한법률 제45조 제2항 제1호"], cited

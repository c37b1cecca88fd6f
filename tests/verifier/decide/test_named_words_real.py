"""The words a draft says a provision provides, written without quotation marks, are evidence of a wrong
pinpoint only when they are another unit's and not the cited one's: "형법 제20조 소정의 사회상규에 위배되지
아니하는 행위", "the right to compensation provided for in Article 82". Each row is a sentence of a real
judgment (tests/data/real/, the judgment and its date named) or the same sentence with the article shifted as
tests/accuracy/real_mutate.py shifts it, through the product's path (real_rows.finding_for). A row gives the
status and reason key a wrong twin must get, or None: the sentence as the court wrote it is not blocked."""

from __future__ import annotations

import pytest

from tests.verifier.decide.real_rows import assert_row, finding_for
from verifier.match.numbers import same_numbers
from verifier.model import Status

# 대법원 1997. 11. 14. 선고 97도2118 판결: 형법 제20조's words, unquoted, after 소정의
KR_SOCIAL = (
    "형법 제{article}조 소정의 사회상규에 위배되지 않는 행위로 판단되기 위하여서는 그 범행의 동기, 행위자의 "
    "의사, 목적과 수단의 정당성, 그로 인한 법익침해의 정도 등을 종합적으로 고려하여 사회통념상 용인될 정도의 "
    "상당성이 있다고 인정되어야 한다."
)
# 대법원 2001. 1. 19. 선고 2000다55645 판결: one word after 소정의 (대항력 is 제3조의3's word, not 제3조's)
KR_OPPOSABLE = (
    "주택임대차보호법 제{article}조 제1항 소정의 대항력은 임차인이 당해 주택에 거주하면서 이를 직접 점유하는 "
    "경우뿐만 아니라 타인의 점유를 매개로 하여 이를 간접점유하는 경우에도 인정될 수 있을 것이다."
)
# 대법원 1990. 10. 30. 선고 90도2022 판결: the words after a list of provisions are the list's
KR_LISTED = (
    "원심이 나아가 위 피고인들이 형법 제260조 제1항, 제{article}조 제1항 소정의 폭행, 협박의 죄를 범한 "
    "것인지 여부를 심리, 판단하지 아니한 것은 위법이라 할 것이다."
)
# 대법원 1991. 6. 11. 선고 91다9299 판결: 민법 제622조 restated, 제3자 for the act's 제삼자
KR_622 = (
    "또 건물의 소유를 목적으로 하는 토지임대차의 경우에는 이를 등기하지 아니한 경우에도 임차인이 그 "
    "지상건물을 등기한 때에는 제3자에 대하여 임대차의 효력이 생긴다는 민법 제{article}조의 규정까지를 "
    "참작하여 본다면, 원고가 이 사건 건물의 철거를 구하는 것은 신의성실의 원칙에 어긋난다고 볼 수 "
    "있을 것이다."
)
# 대법원 1993. 3. 23. 선고 92다52238 판결: 제104조 writes "현저하게 공정을 잃은", the court "현저히 …"
KR_UNFAIR = (
    "민법 제{article}조가 규정하는 현저히 공정을 잃은 법률행위라 함은 자기의 급부에 비하여 현저하게 균형을 "
    "잃은 반대급부를 하게 하여 부당한 재산적 이익을 얻는 행위를 의미하는 것이므로,"
)
# C-300/21 (4 May 2023), paragraphs 29 and 48
EN_RIGHT = (
    "In the present proceedings, Question 1 concerns the conditions required for the exercise of the right "
    "to compensation provided for in Article {article} of the GDPR."
)
EN_DAMAGE = (
    "The fact remains that the interpretation thus adopted cannot be understood as meaning that a person "
    "concerned by an infringement of the GDPR which had negative consequences for him or her would be "
    "relieved of the need to demonstrate that those consequences constitute non-material damage within the "
    "meaning of Article {article} of that regulation."
)
# C-300/21 (4 May 2023), paragraph 41: the name, a comma, then the connector pointing back
EN_COMMA = (
    "By Question 3, which it is appropriate to examine before Question 2, the referring court asks, in "
    "essence, whether Article {article}(1) of the GDPR must be interpreted as precluding a national rule or "
    "practice which makes compensation for non-material damage, within the meaning of that provision, "
    "subject to the condition that the damage suffered by the data subject has reached a certain degree of "
    "seriousness."
)
# C-590/22 (20 June 2024): "effective compensation" is Article 82(4)'s, but the Court names "full and
# effective compensation", which no unit writes
EN_FULL = (
    "That is without prejudice to the fact that, if national law allows it to do so, the national court may "
    "award the data subject greater compensation than the full and effective compensation provided for in "
    "Article 82(1) of the GDPR."
)
# C-590/22 (20 June 2024), paragraph 20: "under that provision" points back at the paragraph cited, and the
# name is Article 82's heading ("Right to compensation and liability"), which no paragraph repeats
EN_POINTS_BACK = (
    "By its first and second questions, which it is appropriate to examine together, the referring court, "
    "in essence, is asking whether Article {article}(1) of the GDPR must be interpreted as meaning that an "
    "infringement of that regulation is, in itself, sufficient to give rise to a right to compensation under "
    "that provision, or whether the data subject must also establish the existence of damage, of a certain "
    "degree of seriousness, caused by that infringement."
)
# C-300/21 (4 May 2023): "processing of personal data" is the GDPR's vocabulary, in dozens of units
EN_VOCABULARY = (
    "Such operations are processing of personal data within the meaning of Article {article}(2) of the GDPR."
)

ROWS = [
    ("형법 제19조 said to provide 사회상규에 위배되지 않는 행위: 제20조's words", "ko", "1997-11-14",
     KR_SOCIAL.format(article=19), "형법 제19조", Status.UNVERIFIED, "term_of_other_unit"),
    ("the court's sentence on 형법 제20조", "ko", "1997-11-14",
     KR_SOCIAL.format(article=20), "형법 제20조", None, ""),
    ("one word (대항력) the neighbours use names no other unit", "ko", "2001-01-19",
     KR_OPPOSABLE.format(article=3), "주택임대차보호법 제3조 제1항", None, ""),
    ("the words after a list of provisions are the list's", "ko", "1990-10-30",
     KR_LISTED.format(article=283), "제283조 제1항", None, ""),
    ("민법 제623조 said to provide 제622조's rule, 제3자 for 제삼자", "ko", "1991-06-11",
     KR_622.format(article=623), "민법 제623조", Status.UNVERIFIED, "restated_in_other_unit"),
    ("the court's sentence on 민법 제622조", "ko", "1991-06-11",
     KR_622.format(article=622), "민법 제622조", None, ""),
    ("민법 제105조 said to provide 현저히 공정을 잃은 법률행위: 제104조's words, its adverb in -하게", "ko",
     "1993-03-23", KR_UNFAIR.format(article=105), "민법 제105조", Status.UNVERIFIED, "term_of_other_unit"),
    ("the court's sentence on 민법 제104조 (현저히 for the act's 현저하게)", "ko", "1993-03-23",
     KR_UNFAIR.format(article=104), "민법 제104조", None, ""),
    ("Article 83 said to provide the right to compensation: Article 82's words", "en", "2023-05-04",
     EN_RIGHT.format(article=83), "Article 83 of the GDPR", Status.UNVERIFIED, "term_of_other_unit"),
    ("the Court's sentence on Article 82", "en", "2023-05-04",
     EN_RIGHT.format(article=82), "Article 82 of the GDPR", None, ""),
    ("non-material damage within the meaning of Article 81: Article 82's words", "en", "2023-05-04",
     EN_DAMAGE.format(article=81), "Article 81 of that regulation", Status.UNVERIFIED, "term_of_other_unit"),
    ("the Court's sentence: non-material damage within the meaning of Article 82", "en", "2023-05-04",
     EN_DAMAGE.format(article=82), "Article 82 of that regulation", None, ""),
    ("non-material damage, within the meaning of that provision, Article 81(1): Article 82's words", "en",
     "2023-05-04", EN_COMMA.format(article=81), "Article 81(1) of the GDPR", Status.UNVERIFIED,
     "term_of_other_unit"),
    ("the Court's sentence on Article 82(1), the name set off by a comma", "en", "2023-05-04",
     EN_COMMA.format(article=82), "Article 82(1) of the GDPR", None, ""),
    ("a piece of a longer name (effective compensation of full and effective compensation)", "en",
     "2024-06-20", EN_FULL, "Article 82(1) of the GDPR", None, ""),
    ("a right to compensation under that provision, Article 83(1): Article 82's heading", "en", "2024-06-20",
     EN_POINTS_BACK.format(article=83), "Article 83(1) of the GDPR", Status.UNVERIFIED, "term_of_other_unit"),
    ("the Court's sentence on Article 82(1)", "en", "2024-06-20",
     EN_POINTS_BACK.format(article=82), "Article 82(1) of the GDPR", None, ""),
    ("the act's vocabulary names no one unit", "en", "2023-05-04",
     EN_VOCABULARY.format(article=5), "Article 5(2) of the GDPR", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(
    ("why", "lang", "as_of", "draft", "citation", "status", "key"), ROWS, ids=[r[0] for r in ROWS]
)
def test_words_said_to_be_the_units_are_evidence_only_when_another_unit_has_them(
    why: str, lang: str, as_of: str, draft: str, citation: str, status: Status | None, key: str
) -> None:
    assert_row(finding_for(lang, as_of, draft, citation), why, status, key)


def test_the_block_names_the_words_and_the_unit_that_has_them_in_every_language() -> None:
    finding = finding_for("ko", "1997-11-14", KR_SOCIAL.format(article=19), "형법 제19조")
    assert finding.reason is not None
    for lang in ("en", "pl", "ko"):
        text = finding.reason.render(lang)
        assert "사회상규에 위배되지" in text, text
        assert "제20조" in text, text
        assert "제19조" in text, text


@pytest.mark.parametrize(
    ("ours", "theirs", "same"),
    [
        ("제3자에", "제삼자에", True),  # 민법 제622조 (1958) writes 제삼자; courts write 제3자
        ("제4자에", "제삼자에", False),
        ("제2항", "제이항", True),
        ("제일", "제1항", False),  # "제일" (the first, the most) before no counter is no ordinal
    ],
)
def test_an_ordinal_in_words_is_the_same_number_as_in_digits(ours: str, theirs: str, same: bool) -> None:
    assert same_numbers([ours], [theirs]) is same

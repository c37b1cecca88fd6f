"""A quote of an act with one of its words put for another is a misquote (🔴 naming both words), not a quote
"with small differences" (issue 26: a red on evidence). Each row is a sentence of a real judgment
(tests/data/real/, the judgment and its date named) or the same sentence with one quoted word replaced as
tests/accuracy/real_mutate.py replaces it, run through the product's path (`ingest_text` → `verify_document`,
offline, the law as of the judgment's date). Endings, particles, hyphens and an editor's brackets stay
differences for a person: the rows with None must not be blocked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.verifier.decide.real_rows import assert_row, finding_for
from verifier.match.defined_terms import defined_terms
from verifier.match.substitution import substituted
from verifier.model import Status

CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpus"

# 대법원 1998. 6. 23. 선고 97도1189 판결: 형법 제16조 quoted whole
KR_16 = (
    '형법 제16조가 "자기의 행위가 법령에 의하여 죄가 되지 아니하는 것으로 오인한 행위는 그 오인에 '
    '정당한 이유가 있는 때에 한하여 {word} 아니한다."고 규정하고 있는 것은, 일반적으로 범죄가 되는 '
    "경우이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 되지 아니한다고 그릇 인식하고 "
    "그와 같이 그릇 인식함에 정당한 이유가 있는 경우에는 벌하지 아니한다는 취지이다."
)
# 대법원 1992. 7. 14. 선고 92다527 판결: 민법 제358조 본문 quoted
KR_358 = (
    "가. 민법 제358조 본문은 “저당권의 효력은 저당부동산에 {word} 물건과 종물에 미친다.”고 규정하고 있는바, "
    "이 규정은 저당부동산에 종된 권리에도 유추적용되어 건물에 대한 저당권의 효력은 그 건물의 소유를 목적으로 "
    "하는 지상권에도 미친다고 보아야 할 것이다."
)
# the same judgment's quote with the thing it names ("물건과") as the word that changes
KR_358_THING = (
    "민법 제358조 본문은 “저당권의 효력은 저당부동산에 부합된 {word} 종물에 미친다.”고 규정하고 "
    "있는바, 이 규정은 저당부동산에 종된 권리에도 유추적용되어 건물에 대한 저당권의 효력은 그 건물의 "
    "소유를 목적으로 하는 지상권에도 미친다고 보아야 할 것이다."
)
# 대법원 1999. 2. 23. 선고 98도1869 판결: 형법 제20조 quoted whole
KR_20_WHOLE = (
    '형법 제20조는 "법령에 의한 행위 또는 업무로 인한 행위 {word} 사회상규에 위배되지 아니하는 행위는 '
    '벌하지 아니한다."고 규정하고 있는데, 어떠한 행위가 정당한 행위로서 위법성이 조각되는 것인지는 '
    "구체적인 경우에 따라 합목적적, 합리적으로 가려져야 할 것이다."
)
# 대법원 2018. 1. 24. 선고 2015도16508 판결: 개인정보 보호법 제71조 제5호's words quoted as a term
KR_71 = (
    "개인정보를 처리하거나 처리하였던 자로부터 직접 개인정보를 제공받지 아니하더라도 개인정보 보호법 제71조 "
    "제5호의 ‘{word} 제공받은 자’에 해당한다."
)
# 대법원 2000. 4. 25. 선고 98도2389 판결: 형법 제20조's words quoted with the particle of the sentence
KR_20 = (
    "형법 제20조 소정의 '사회상규에 위배되지 아니하는 행위'라 함은 법질서 전체의 정신이나 그 배후에 "
    "놓여 있는 사회윤리 내지 사회통념에 비추어 용인될 수 있는 행위를 말한다."
)
# C-311/18 (16 July 2020), paragraph 83: Article 4(2) GDPR's definition of processing quoted (the sentence
# before it names the act)
ARTICLE_4 = (
    "Under Article 2(1) of the GDPR, that regulation applies to the processing of personal data wholly or "
    "partly by automated means and to the processing other than by automated means of personal data which "
    "form part of a filing system or are intended to form part of a filing system. "
    "Article 4(2) of that regulation defines ‘processing’ as ‘any operation or set of {word} which is "
    "performed on personal data or on sets of personal data, whether or not by automated means’ and "
    "mentions, by way of example, ‘disclosure by transmission, dissemination or otherwise making "
    "available’, but does not distinguish between operations which take place within the European "
    "Union and those which are connected with a third country."
)
# C-300/21 (4 May 2023), paragraph 7: Article 77 GDPR's heading quoted
ARTICLE_77 = (
    "Chapter VIII of the GDPR, entitled ‘Remedies, liability and penalties’, contains Articles 77 to 84 of "
    "that regulation. Article 77 of that regulation deals with the ‘right to lodge a complaint {word} a "
    "supervisory authority’, while Article 78 concerns the ‘right to an effective judicial remedy against a "
    "supervisory authority’."
)
# C-300/21 (4 May 2023), paragraph 8: Article 82's heading quoted
ARTICLE_82 = (
    "Article 82 of the GDPR, entitled ‘Right to compensation and {word}’, states in paragraphs 1 and 2:"
)
# C-456/22 (14 December 2023), paragraph 16: Article 82(1)'s term quoted
ARTICLE_82_1 = (
    "From that point of view, on the basis of considerations of a literal, systemic and teleological "
    "nature, the Court has interpreted Article 82(1) of the GDPR as precluding a national rule or practice "
    "which makes compensation for ‘{word}’, within the meaning of that provision, subject to the "
    "condition that the damage suffered by the data subject has reached a certain degree of seriousness."
)
# C-453/21 (9 February 2023), paragraph 37: Article 38(6)'s term quoted
ARTICLE_38 = (
    "By its fourth question, the referring court asks, in essence, in which circumstances may the existence "
    "of a ‘conflict of {word}’, within the meaning of Article 38(6) of the GDPR, be established."
)
# C-300/21 and C-453/21: headings quoted with a hyphen of the judgment's own, or adapted in brackets
ARTICLE_1 = "Article 1 of the GDPR, headed ‘Subject matter and objectives’, provides in paragraphs 1 and 2:"
ARTICLE_37 = "Article 37 of the GDPR, entitled ‘Designation of the [DPO]’, provides in paragraphs 5 and 6:"

# (why, language, as of, draft, finding's citation, status and reason key | None)
ROWS = [
    (
        "형법 제16조 quoted word for word",
        "ko",
        "1998-06-23",
        KR_16.format(word="벌하지"),
        "형법 제16조",
        None,
        "",
    ),
    (
        "형법 제16조 quoted with 근로자 where the article says 벌하지",
        "ko",
        "1998-06-23",
        KR_16.format(word="근로자"),
        "형법 제16조",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "민법 제358조 본문 quoted word for word",
        "ko",
        "1992-07-14",
        KR_358.format(word="부합된"),
        "민법 제358조",
        None,
        "",
    ),
    (
        "민법 제358조 본문 quoted with 채권자 where the article says 부합된",
        "ko",
        "1992-07-14",
        KR_358.format(word="채권자"),
        "민법 제358조",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "형법 제20조's words with the sentence's particle: an ending, not another word",
        "ko",
        "2000-04-25",
        KR_20,
        "형법 제20조",
        None,
        "",
    ),
    (
        "민법 제358조 본문 with 임차인 (a person of the law) where the article names a thing (물건과)",
        "ko",
        "1992-07-14",
        KR_358_THING.format(word="임차인"),
        "민법 제358조",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "형법 제20조 quoted word for word (기타)",
        "ko",
        "1999-02-23",
        KR_20_WHOLE.format(word="기타"),
        "형법 제20조",
        None,
        "",
    ),
    (
        "형법 제20조 with 피해자 where the article says 기타",
        "ko",
        "1999-02-23",
        KR_20_WHOLE.format(word="피해자"),
        "형법 제20조",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "개인정보 보호법 제71조 제5호's ‘개인정보를 제공받은 자’ quoted word for word",
        "ko",
        "2018-01-24",
        KR_71.format(word="개인정보를"),
        "개인정보 보호법 제71조 제5호",
        None,
        "",
    ),
    (
        "Article 4(2)'s definition quoted word for word",
        "en",
        "2020-07-16",
        ARTICLE_4.format(word="operations"),
        "Article 4(2) of that regulation",
        None,
        "",
    ),
    (
        "Article 4(2)'s definition with 'actions' for 'operations': a noun for a noun may be a synonym, "
        "so a person reads it (🟡 modified, the words shown), never 🟢",
        "en",
        "2020-07-16",
        ARTICLE_4.format(word="actions"),
        "Article 4(2) of that regulation",
        Status.MODIFIED,
        "modified",
    ),
    (
        "Article 4(2)'s definition with 'third party' for 'operations': a term Article 4(10) defines is no "
        "synonym of another word",
        "en",
        "2020-07-16",
        ARTICLE_4.format(word="third party"),
        "Article 4(2) of that regulation",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "Article 78's heading with 'controller' (Article 4(7)) for 'remedy'",
        "en",
        "2023-05-04",
        ARTICLE_77.format(word="with").replace("effective judicial remedy", "effective judicial controller"),
        "Article 78",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "Article 78's heading quoted word for word",
        "en",
        "2023-05-04",
        ARTICLE_77.format(word="with"),
        "Article 78",
        None,
        "",
    ),
    (
        "Article 77's heading quoted word for word",
        "en",
        "2023-05-04",
        ARTICLE_77.format(word="with"),
        "Article 77 of that regulation",
        None,
        "",
    ),
    (
        "Article 77's heading with 'third party' for the short word 'with'",
        "en",
        "2023-05-04",
        ARTICLE_77.format(word="third party"),
        "Article 77 of that regulation",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "Article 82's heading quoted word for word",
        "en",
        "2023-05-04",
        ARTICLE_82.format(word="liability"),
        "Article 82 of the GDPR",
        None,
        "",
    ),
    (
        "Article 82's heading with 'controller' for 'liability': too unlike to be found with small "
        "differences, a passage of the act with one of its defined terms put in",
        "en",
        "2023-05-04",
        ARTICLE_82.format(word="controller"),
        "Article 82 of the GDPR",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "Article 82's heading with 'responsibility' for 'liability': no term of the act, a person reads it",
        "en",
        "2023-05-04",
        ARTICLE_82.format(word="responsibility"),
        "Article 82 of the GDPR",
        None,
        "",
    ),
    (
        "Article 82(1)'s term ‘non-material damage’ quoted word for word",
        "en",
        "2023-12-14",
        ARTICLE_82_1.format(word="non-material damage"),
        "Article 82(1) of the GDPR",
        None,
        "",
    ),
    (
        "‘non-material recipient’ for Article 82(1)'s ‘non-material damage’",
        "en",
        "2023-12-14",
        ARTICLE_82_1.format(word="non-material recipient"),
        "Article 82(1) of the GDPR",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "‘conflict of interests’ of Article 38(6) quoted word for word",
        "en",
        "2023-02-09",
        ARTICLE_38.format(word="interests"),
        "Article 38(6) of the GDPR",
        None,
        "",
    ),
    (
        "‘conflict of controller’ for Article 38(6)'s ‘conflict of interests’",
        "en",
        "2023-02-09",
        ARTICLE_38.format(word="controller"),
        "Article 38(6) of the GDPR",
        Status.UNVERIFIED,
        "absent_meaning",
    ),
    (
        "‘conflict of loyalties’ (no term of the act) for ‘conflict of interests’: a court's own name for "
        "the concept, never 🔴",
        "en",
        "2023-02-09",
        ARTICLE_38.format(word="loyalties"),
        "Article 38(6) of the GDPR",
        None,
        "",
    ),
    (
        "Article 1's heading with the judgment's hyphen ('Subject matter' / 'Subject-matter')",
        "en",
        "2023-05-04",
        ARTICLE_1,
        "Article 1 of the GDPR",
        None,
        "",
    ),
    (
        "Article 37's heading adapted by the editor's brackets ('[DPO]')",
        "en",
        "2023-02-09",
        ARTICLE_37,
        "Article 37 of the GDPR",
        None,
        "",
    ),
]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_a_word_of_the_act_quoted_as_another_is_blocked(row: tuple) -> None:
    why, lang, as_of, draft, citation, status, key = row
    finding = finding_for(lang, as_of, draft, citation)
    assert_row(finding, why, status, key)
    if status is Status.UNVERIFIED:
        # the rationale names the draft's word, not a share of the terms
        named = ("근로자", "채권자", "임차인", "피해자", "제3자", "third party", "controller", "recipient")
        assert any(word in finding.rationale for word in named), finding.rationale


# (the quote's side of the diff, the source's, the words named | None)
DIFFS = [
    ("근로자", "벌하지", ("근로자", "벌하지")),  # a noun where the act has a predicate
    ("피해자", "다른", ("피해자", "다른")),  # a noun where the act has a determiner
    ("입힌", "가한", None),  # a synonym, both predicates
    ("임차인", "물건과", ("임차인", "물건과")),  # a person of the law where the act names a thing
    ("채무자", "행위는", ("채무자", "행위는")),
    ("제3자", "개인정보를", ("제3자", "개인정보를")),  # 제3자 is a word, not a number
    ("노동자", "근로자", None),  # one person for another may be a synonym
    ("확정일자", "대항요건", None),  # a date is no person
    ("a breach", "an infringement", None),  # a synonym (no part of speech is told for a Latin script)
    ("swojej", "swej", None),
    ("행위", "행위는", None),  # a particle
    ("벌한다", "벌하지", None),  # an ending
    ("Subject matter", "Subject-matter", None),  # a hyphen
    ("lodged", "lodge", None),  # an inflection
    ("umowy", "umowa", None),
    ("third party", "with", ("third", "with")),  # the act's side a short word
    ("the", "a", None),  # function words on both sides
    ("", "personal", None),  # a word left out is a gap, not another word
    ("72", "48", None),  # a number is compared as a number
]


@pytest.mark.parametrize(("quoted", "source", "named"), DIFFS, ids=[f"{q}/{s}" for q, s, _ in DIFFS])
def test_only_a_word_of_another_stem_is_another_word(
    quoted: str, source: str, named: tuple[str, str] | None
) -> None:
    diff = [("equal", "x"), *([("delete", quoted)] if quoted else []), ("insert", source)]
    assert substituted(diff) == named


GDPR_TERMS = defined_terms((CORPUS / "eu" / "legislation" / "32016R0679" / "EU_document.txt").read_text())
# (the quote's side, the act's, the words named | None), with the terms the GDPR defines in Article 4
TERM_DIFFS = [
    ("controller", "liability", ("controller", "liability")),  # Article 82's heading
    ("third party", "operations", ("third party", "operations")),  # Article 4(2)
    ("the processor", "the controller", ("processor", "controller")),  # one defined person for another
    ("supervisory authorities", "courts", ("supervisory authority", "courts")),  # a plural
    ("non-processor", "non-material", ("processor", "material")),  # a hyphenated word is its parts
    ("controllers", "controller", None),  # the same term, inflected
    ("a breach", "an infringement", None),  # neither is a term of the act: a synonym stays 🟡
    ("breach", "infringement", None),  # 'personal data breach' is defined, 'breach' alone is not
    ("personal data", "data", None),  # a word added to the act's, none replaced
]


@pytest.mark.parametrize(
    ("quoted", "source", "named"), TERM_DIFFS, ids=[f"{q}/{s}" for q, s, _ in TERM_DIFFS]
)
def test_a_term_the_act_defines_is_no_synonym(
    quoted: str, source: str, named: tuple[str, str] | None
) -> None:
    diff = [("equal", "x "), ("delete", quoted), ("insert", source), ("equal", " y")]
    assert substituted(diff, GDPR_TERMS) == named
    if named is not None:
        assert substituted(diff) is None  # without the act's terms, a noun for a noun may be a synonym

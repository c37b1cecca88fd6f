"""Correct citations of real judgments that came back 🔴/⛔, each class with the court's own sentence (from
tests/data/real/, judgment and date beside it) that must now come back short of a block, and a faulty
neighbour made of the same sentence that must still be blocked. Each runs the product's path as the real set
does (`tests.accuracy.real.run_case`: ingest → verify_document, offline, as of the judgment's date).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.accuracy import real, real_build, real_extract, real_sources
from tests.accuracy.real_sources import AsOfResolver

BLOCKED = {"unverified", "no_source"}

# C-300/21 (4 May 2023), paragraph 38: recital 146 quoted, the Article it concerns named in passing
C_300_21_RECITAL = (
    "In addition, the clarifications provided by recitals\xa075, 85 and\xa0146 of the GDPR support that "
    "interpretation. First, recital\xa0146, which specifically concerns the right to compensation provided "
    "for "
    "in Article\xa082(1) of that regulation, refers, in its first sentence, to ‘damage which a person may "
    "suffer as a result of processing that infringes this Regulation’."
)
# C-456/22 (14 December 2023): an Article with its title quoted
C_456_22_TITLE = (
    "The first, third and sixth sentences of recital 146 of the GDPR are worded as follows: "
    "Article 5(1)(a) of that regulation, entitled ‘Principles relating to processing of personal data’, "
    "provides:"
)
# C-453/21 (9 February 2023): the Court's own marks in a quoted title
C_453_21_BRACKETS = (
    "Article 37 of the GDPR, entitled ‘Designation of the [DPO]’, provides in paragraphs 5 and 6:"
)
# C-590/22 (20 June 2024): a judgment cited for two of its paragraphs, in a list of authorities
C_590_22 = (
    "In that regard, in the absence of any reference in Article 82(1) of the GDPR to the domestic law of the "
    "Member States, the concept of ‘non-material damage’, within the meaning of that provision, must be "
    "given "
    "an autonomous and uniform definition specific to EU law (see, to that effect, judgments of 4 May 2023, "
    "Österreichische Post (Non-material damage in connection with the processing of personal data), "
    "C‑300/21, EU:C:2023:370, paragraphs 30 and 44, and of 25 January 2024, MediaMarktSaturn, C‑687/21, "
    "EU:C:2024:72, paragraph 64)."
)
C_300_21_CITED = (
    "judgments of 4 May 2023, Österreichische Post (Non-material damage in connection with the processing of "
    "personal data), C‑300/21, EU:C:2023:370"
)
# C-311/18 (16 July 2020): a term named by the Article, the rest of the sentence about something else
C_311_18_TERM = (
    "However, a Commission adequacy decision adopted pursuant to Article 45(3) of the GDPR cannot prevent "
    "persons whose personal data has been or could be transferred to a third country from lodging a "
    "complaint, within the meaning of Article 77(1) of the GDPR, with the competent national supervisory "
    "authority concerning the protection of their rights and freedoms in regard to the processing of that "
    "data."
)
# C-507/23 (4 October 2024): "paragraphs 54 and 59", the claim said across both
C_507_23 = (
    "In the present case, since the GDPR does not contain any provision intended to define the rules on the "
    "assessment of the damages due under the right to compensation laid down in Article 82 of that "
    "regulation, "
    "national courts must, to that end, apply the domestic rules of each Member State relating to the "
    "extent of "
    "financial compensation, provided that the principles of equivalence and effectiveness of EU law are "
    "observed (see, to that effect, judgments of 4 May 2023, Österreichische Post, C‑300/21, EU:C:2023:370, "
    "paragraphs 54 and 59; of 20 June 2024, Scalable Capital, C‑182/22 and C‑189/22, EU:C:2024:531, "
    "paragraphs 27 and 33; and of 20 June 2024, PS (Incorrect address), C‑590/22, EU:C:2024:536, paragraph "
    "40)."
)
# 95도2088 (1995. 11. 10.): a 참조 list that closes the proposition, the facts of the case after it
KO_95DO2088 = (
    "형법 제16조에서 자기의 행위가 법령에 의하여 죄가 되지 아니하는 것으로 오인한 행위는 그 오인에 정당한 "
    "이유가 있는 때에 한하여 벌하지 아니한다고 규정하고 있는 것은 단순한 법률의 부지의 경우를 말하는 것이 "
    "아니고, 일반적으로 범죄가 되는 경우이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 "
    "되지 아니한다고 그릇 인식하고 그와 같은 그릇 인식함에 정당한 이유가 있는 경우에는 벌하지 아니한다는 "
    "취지인데( 대법원 1994.4.15. 선고 94도365 판결; 1995.6.16. 선고 94도1793 판결 등 참조), 기록에 의하면 "
    "피고인은 1971.4.10. 순경으로 임용된 이래 이 사건 범행 당시까지 약 23년간 경찰공무원으로 근무하여 "
    "왔고, 이 사건 범행당시에는 관악경찰서 형사과 형사계 G로 근무하고 있는 사람으로서 일반인들 보다도 "
    "형벌법규를 잘 알고 있으리라 추단이 된다."
)
# 98도321 (1998. 5. 21., 전원합의체): the precedent it overrules
KO_98DO321 = "이와 다른 견해를 표명하였던 대법원 1976. 7. 27. 선고 75도2720 판결 등은 이를 변경하기로 한다."


def case(lang: str, as_of: str, draft: str, citation: str, *, faulty: bool = False) -> dict[str, Any]:
    start = draft.index(citation)
    return {
        "id": f"{lang}-test",
        "class": "test",
        "lang": lang,
        "as_of": as_of,
        "draft": draft,
        "span": [start, start + len(citation)],
        "citation": citation,
        "faulty": faulty,
        "expect": ["hard_block"] if faulty else ["not_red"],
    }


def run(c: dict[str, Any]) -> tuple[str | None, str]:
    outcome, key = real.run_case(c, {c["as_of"]: AsOfResolver(c["as_of"])})
    return outcome.status, key


@pytest.mark.parametrize(
    ("c", "status", "key"),
    [
        pytest.param(
            case("en", "2023-05-04", C_300_21_RECITAL, "Article\xa082(1) of that regulation"),
            "needs_judgement",
            "quote_elsewhere_in_act",
            id="C-300/21-recital-146-quoted",
        ),
        pytest.param(
            case("en", "2023-12-14", C_456_22_TITLE, "Article 5(1)(a) of that regulation"),
            "needs_judgement",
            "quote_elsewhere_in_act",
            id="C-456/22-title-quoted",
        ),
        pytest.param(
            case("en", "2023-02-09", C_453_21_BRACKETS, "Article 37 of the GDPR"),
            "modified",
            "adapted",
            id="C-453/21-[DPO]",
        ),
        pytest.param(
            case("en", "2024-06-20", C_590_22, C_300_21_CITED),
            "needs_judgement",
            None,
            id="C-590/22-paras-30-44",
        ),
        pytest.param(
            case("en", "2020-07-16", C_311_18_TERM, "Article 77(1) of the GDPR"),
            "needs_judgement",
            "not_in_these_words",
            id="C-311/18-within-the-meaning-of",
        ),
        pytest.param(
            case(
                "en",
                "2024-10-04",
                C_507_23,
                "judgments of 4 May 2023, Österreichische Post, C‑300/21, EU:C:2023:370",
            ),
            "needs_judgement",
            None,
            id="C-507/23-paras-54-and-59",
        ),
        pytest.param(
            case("ko", "1995-11-10", KO_95DO2088, "대법원 1994.4.15. 선고 94도365 판결"),
            "needs_judgement",
            "precedent_check_text",
            id="95도2088-94도365",
        ),
        pytest.param(
            case("ko", "1998-05-21", KO_98DO321, "대법원 1976. 7. 27. 선고 75도2720 판결"),
            None,
            None,
            id="98도321-overruled-75도2720",
        ),
    ],
)
def test_a_correct_citation_of_real_prose_is_not_blocked(
    c: dict[str, Any], status: str | None, key: str
) -> None:
    got_status, got_key = run(c)
    assert got_status not in BLOCKED, got_key
    if status is not None:
        assert got_status == status
    if key is not None:
        assert got_key == key


@pytest.mark.parametrize(
    "c",
    [
        pytest.param(
            # the recital's words changed: no longer the act's words anywhere
            case(
                "en",
                "2023-05-04",
                C_300_21_RECITAL.replace(
                    "that infringes this Regulation", "that complies with this Regulation"
                ),
                "Article\xa082(1) of that regulation",
                faulty=True,
            ),
            id="recital-quote-changed",
        ),
        pytest.param(
            # the title of Article 37 cited as Article 38's
            case(
                "en",
                "2023-02-09",
                C_453_21_BRACKETS.replace("37", "38"),
                "Article 38 of the GDPR",
                faulty=True,
            ),
            id="[DPO]-title-of-another-article",
        ),
        pytest.param(
            # what paragraph 44 says, cited to paragraph 30 alone
            case(
                "en", "2024-06-20", C_590_22.replace("paragraphs 30 and 44", "paragraph 30"), C_300_21_CITED
            ),
            id="C-590/22-para-30-alone",
        ),
        pytest.param(
            # the same words claimed of Article 77(1) itself, not of a term: Article 57(1) says them
            case(
                "en",
                "2020-07-16",
                C_311_18_TERM.replace("within the meaning of Article 77(1)", "under Article 77(1)"),
                "Article 77(1) of the GDPR",
                faulty=True,
            ),
            id="C-311/18-under-article-77",
        ),
        pytest.param(
            # the date of the cited judgment changed
            case(
                "ko",
                "1995-11-10",
                KO_95DO2088.replace("1994.4.15. 선고 94도365", "1994.5.15. 선고 94도365"),
                "대법원 1994.5.15. 선고 94도365 판결",
                faulty=True,
            ),
            id="95도2088-date-changed",
        ),
    ],
)
def test_its_faulty_neighbour_is_still_blocked(c: dict[str, Any]) -> None:
    status, key = run(c)
    assert status in BLOCKED, (status, key)


# ------------------------------------------------------------------------------------------- the set itself


@pytest.mark.parametrize(
    "sentence",
    [
        # 79도1956 (1980. 11. 25.): the court answers the ground of appeal with the holding it gives
        "형법 제314조에서 말하는 업무에 해당된다고 봄이 상당하니 농지를 임차하여 경작하는 사람의 경작행위를 "
        "방해하는 행위가 업무방해죄를 구성하지 않는다는 논지는 이유없다.",
        # the heading of that answer
        "(1) 변호인의 상고이유 제1점 중 업무방해죄의 법리오해의 주장에 대하여, 생각컨대,",
        "원심판결에는 근로기준법 소정의 근로자에 관한 법리오해의 위법이 있다고 할 것이므로, 이 점을 지적하는 "
        "논지는 이유 있다.",
    ],
)
def test_a_sentence_that_answers_a_ground_of_appeal_is_the_courts_own(sentence: str) -> None:
    assert not real_sources.reports_others(sentence, real_sources.KR_OTHERS)


@pytest.mark.parametrize(
    "sentence",
    [
        # what the court below or a party said stays out (real sentences of the set's judgments)
        "원심판결 이유에 의하면, 원심은 거시 증거에 의하여 이 사건 재해 당시 원고가 소속하고 있던 사단법인 "
        "○○○수송협회는 자가용 버스를 소유한 자들을 회원으로 가입시켜 운영하였다.",
        "논지는 원심의 전권사항을 탓하거나 원심이 인정하지 아니한 사실관계를 주장하여, 또는 독자적 입장에서 "
        "원심판결을 비난하는 것이어서 이유가 없다.",
        "변호인의 상고이유의 요지는 형법 제16조의 법리를 오해하였다는 것이다.",
    ],
)
def test_a_sentence_that_reports_the_court_below_or_a_party_stays_out(sentence: str) -> None:
    assert real_sources.reports_others(sentence, real_sources.KR_OTHERS)


def test_every_exclusion_names_a_citation_the_set_finds_and_leaves_out() -> None:
    left_out = real_build.excluded()
    assert left_out  # the court's own slips of 90도2022 and 2012다45689
    found = {
        (j.id, f.draft[f.span[0] : f.span[1]])
        for j in real_sources.kr_judgments()
        if any(j.id == judgment for judgment, _ in left_out)
        for f in real_extract.citations(j, frozenset(["90다카11377"]))
    }
    assert set(left_out) <= found
    built = {(c["judgment"], c["citation"]) for c in real_build.load() if c["group"] == "real"}
    assert not set(left_out) & built

"""Korean citations, eyecite style: input text → the citations a lawyer would mark.

Rows marked "real" are sentences from tests/data/corpus/kr (file named in the id); rows marked
"constructed" spell out a form of the task list that the corpus does not contain."""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found, only
from verifier.model import Jurisdiction, Kind

LAW = "kr:law:"

STATUTES = [
    pytest.param(
        '형법 제59조 제1항 단행에서 정한 "자격정지 이상의 형을 받은 전과"라 함은',
        [("형법 제59조 제1항", LAW + "형법", art("59", "1"))],
        id="real-2004도4869-article-paragraph",
    ),
    pytest.param(
        "[1] 형법 제59조 제1항, 제65조, 구 형의실효등에관한법률"
        "(1993. 12. 10. 법률 제4591호로 개정되기 전의 것) 제7조 제1항 제1호",
        [
            ("형법 제59조 제1항", LAW + "형법", art("59", "1")),
            ("제65조", LAW + "형법", art("65")),
            (
                "구 형의실효등에관한법률(1993. 12. 10. 법률 제4591호로 개정되기 전의 것) 제7조 제1항 제1호",
                LAW + "형의실효등에관한법률",
                art("7", "1", "1"),
            ),
        ],
        id="real-2004도4869-참조조문-list-and-old-law",
    ),
    pytest.param(
        "동의를 받지 아니한 경우, 개인정보 보호법 제15조나 제17조를 위반한 것인지 여부(소극)",
        [
            ("개인정보 보호법 제15조", LAW + "개인정보보호법", art("15")),
            ("제17조", LAW + "개인정보보호법", art("17")),
        ],
        id="real-2014다235080-spaced-law-name",
    ),
    pytest.param(
        "매매나 경매의 목적물이 된 경우에는 「민법」 제575조제1항ㆍ제3항 및 같은 법 제578조를 준용한다.",
        [
            ("「민법」 제575조제1항", LAW + "민법", art("575", "1")),
            ("제3항", LAW + "민법", art("575", "3")),
            ("같은 법 제578조", LAW + "민법", art("578")),
        ],
        id="real-주택임대차보호법-bracketed-law-same-law",
    ),
    pytest.param(
        "「가족관계의 등록 등에 관한 법률」 제57조제1항에 따른 신고를 하는 경우에는",
        [
            (
                "「가족관계의 등록 등에 관한 법률」 제57조제1항",
                LAW + "가족관계의등록등에관한법률",
                art("57", "1"),
            )
        ],
        id="real-민법-bracketed-long-name",
    ),
    pytest.param(
        "구 전기통신사업법 제54조 제3항, 제4항(현행 제83조 제4항 참조), 제8항",
        [
            ("구 전기통신사업법 제54조 제3항", LAW + "전기통신사업법", art("54", "3")),
            ("제4항", LAW + "전기통신사업법", art("54", "4")),
            ("제83조 제4항", LAW + "전기통신사업법", art("83", "4")),
            ("제8항", LAW + "전기통신사업법", art("54", "8")),
        ],
        id="real-2012다105482-paragraph-alone-takes-article-in-context",
    ),
    pytest.param(
        "변호사법은 … 선언하면서(제1조, 제2조), 변호사의 자격과 등록을 엄격히 제한하고(제4조 내지 제20조)",
        [
            ("제1조", LAW + "변호사법", art("1")),
            ("제2조", LAW + "변호사법", art("2")),
            ("제4조", LAW + "변호사법", art("4")),
            ("제20조", LAW + "변호사법", art("20")),
        ],
        id="real-2015다200111-bare-articles-take-named-law",
    ),
    pytest.param(
        "「민사집행법」 제246조의2 제1항 제8호의2 다목",
        [
            (
                "「민사집행법」 제246조의2 제1항 제8호의2 다목",
                LAW + "민사집행법",
                art("246-2", "1", "8-2", "다"),
            )
        ],
        id="constructed-branch-numbers-and-목",
    ),
    pytest.param(
        "민법 제869조제1항에 따른 동의를 하거나 같은 조 제2항에 따른 승낙을 한 경우",
        [
            ("민법 제869조제1항", LAW + "민법", art("869", "1")),
            ("같은 조 제2항", LAW + "민법", art("869", "2")),
        ],
        id="adapted-민법-제908조의2-같은-조",
    ),
    pytest.param(
        "근로기준법 시행령 제2조제1항 및 동법 제3조",
        [
            ("근로기준법 시행령 제2조제1항", LAW + "근로기준법시행령", art("2", "1")),
            ("동법 제3조", LAW + "근로기준법시행령", art("3")),
        ],
        id="constructed-시행령-동법",
    ),
    pytest.param(
        "개인정보 보호법 제15조 제1항 제2호",
        [("개인정보 보호법 제15조 제1항 제2호", LAW + "개인정보보호법", art("15", "1", "2"))],
        id="constructed-full-chain",
    ),
    pytest.param(
        "개인정보 보호법 제15조제1항제2호",
        [("개인정보 보호법 제15조제1항제2호", LAW + "개인정보보호법", art("15", "1", "2"))],
        id="constructed-no-spaces",
    ),
]

PRECEDENTS = [
    pytest.param(
        "대법원 2004. 10. 15. 선고 2004도4869 판결",
        [("대법원 2004. 10. 15. 선고 2004도4869 판결", "kr:prec:2004도4869", None)],
        id="real-recorded-2004도4869",
    ),
    pytest.param(
        "대법원 1983. 4. 2. 자 83모8 결정(공1983, 841), "
        "대법원 1995. 12. 22. 선고 95도2446 판결(공1996상, 630)",
        [
            ("대법원 1983. 4. 2. 자 83모8 결정", "kr:prec:83모8", None),
            ("대법원 1995. 12. 22. 선고 95도2446 판결", "kr:prec:95도2446", None),
        ],
        id="real-2004도4869-참조판례-2-digit-year",
    ),
    pytest.param(
        "( 대법원 1995. 12. 22. 선고 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결 등 참조)",
        [
            ("대법원 1995. 12. 22. 선고 95도2446 판결", "kr:prec:95도2446", None),
            ("2003. 12. 26. 선고 2003도3768 판결", "kr:prec:2003도3768", None),
        ],
        id="real-2004도4869-list-without-court",
    ),
    pytest.param(
        "고 할 수는 없다(대법원 2011. 9. 2. 선고 2008다42430 전원합의체 판결, "
        "대법원 2014. 7. 24. 선고 2012다49933 판결",
        [
            ("대법원 2011. 9. 2. 선고 2008다42430 전원합의체 판결", "kr:prec:2008다42430", None),
            ("대법원 2014. 7. 24. 선고 2012다49933 판결", "kr:prec:2012다49933", None),
        ],
        id="real-2014다235080-전원합의체",
    ),
    pytest.param(
        "【원심판결】 인천지법 2004. 7. 8. 선고 2004노538 판결",
        [("인천지법 2004. 7. 8. 선고 2004노538 판결", "kr:prec:2004노538", None)],
        id="real-2004도4869-lower-court",
    ),
    pytest.param(
        "헌법재판소 2010. 2. 25. 선고 2008헌마324, 2009헌바31 전원재판부 결정(헌공161, 402)",
        [
            ("헌법재판소 2010. 2. 25. 선고 2008헌마324", "kr:detc:2008헌마324", None),
            ("2009헌바31", "kr:detc:2009헌바31", None),
        ],
        id="real-2012다105482-constitutional",
    ),
    pytest.param(
        "대법원 2006. 5. 26. 선고 2003다54322, 54339 판결",
        [
            ("대법원 2006. 5. 26. 선고 2003다54322", "kr:prec:2003다54322", None),
            ("54339", "kr:prec:2003다54339", None),
        ],
        id="real-2011다42324-merged-cases",
    ),
    pytest.param(
        "헌재 2019. 4. 11. 2017헌바127 결정",
        [("헌재 2019. 4. 11. 2017헌바127 결정", "kr:detc:2017헌바127", None)],
        id="constructed-헌재",
    ),
    pytest.param(
        "2023 다 302036", [("2023 다 302036", "kr:prec:2023다302036", None)], id="constructed-spaced"
    ),
    pytest.param(
        "2023-다-302036", [("2023-다-302036", "kr:prec:2023다302036", None)], id="constructed-hyphens"
    ),
    pytest.param(
        "2000므1257, 1264 판결",
        [("2000므1257", "kr:prec:2000므1257", None), ("1264", "kr:prec:2000므1264", None)],
        id="constructed-merged",
    ),
    pytest.param("94누4615", [("94누4615", "kr:prec:94누4615", None)], id="constructed-2-digit-year"),
    pytest.param(
        "대법원 4281. 3. 4. 선고 4280민상278 판결",
        [("대법원 4281. 3. 4. 선고 4280민상278 판결", "kr:prec:4280민상278", None)],
        id="constructed-단기-year",
    ),
]

NEGATIVE = [
    pytest.param('피고의 이용약관 제7조는 "피고는 정보통신망', [], id="real-2012다105482-contract-clause"),
    pytest.param("2023-10-01에 010-1234-5678로 전화하였다.", [], id="constructed-date-and-phone"),
    pytest.param("제1심에서 징역 3년에 집행유예 5년을 선고받았고", [], id="real-2015다200111-제1심"),
    pytest.param("(1993. 8. 5. 법률 제4569호)", [], id="real-2004도4869-promulgation-number"),
    pytest.param("2023년도 예산은 1,000만 원이고 2023도 마찬가지이다.", [], id="constructed-year-not-case"),
]


@pytest.mark.parametrize(("text", "expected"), STATUTES + PRECEDENTS + NEGATIVE)
def test_it_finds_korean_citations(text: str, expected: list[tuple[str, str, object]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "court", "date", "decision_type", "kind"),
    [
        ("대법원 2004. 10. 15. 선고 2004도4869 판결", "대법원", "2004-10-15", "판결", Kind.JUDGMENT),
        ("대법원 1983. 4. 2. 자 83모8 결정", "대법원", "1983-04-02", "결정", Kind.JUDGMENT),
        ("서울고법 2012. 10. 18. 선고 2011나19012 판결", "서울고법", "2012-10-18", "판결", Kind.JUDGMENT),
        (
            "대법원 2020. 1. 1. 선고 2019다12345 전원합의체 판결",
            "대법원",
            "2020-01-01",
            "전원합의체 판결",
            Kind.JUDGMENT,
        ),
        ("헌재 2019. 4. 11. 2017헌바127", "헌재", "2019-04-11", None, Kind.CONSTITUTIONAL_DECISION),
    ],
)
def test_it_reads_court_date_and_decision_type(
    text: str, court: str, date: str, decision_type: str | None, kind: Kind
) -> None:
    c = only(text)
    assert c.anchor is not None
    assert (c.anchor.court, c.anchor.date, c.anchor.decision_type, c.kind) == (
        court,
        date,
        decision_type,
        kind,
    )
    assert c.jurisdiction is Jurisdiction.KR


def test_it_gives_the_list_court_to_a_case_without_one() -> None:
    text = "( 대법원 1995. 12. 22. 선고 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결 등 참조)"
    second = found(text)[1]
    assert second[1] == "kr:prec:2003도3768"
    from verifier.citations import extract_citations

    assert extract_citations(text)[1].anchor.court == "대법원"  # type: ignore[union-attr]

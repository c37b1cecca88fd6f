"""`Tamże`, `ibid.`: the source cited just before, cited again (issue 15, class 8).

Rows are footnotes as the test drafts write them (tests/data/drafts/make_drafts.py builds footnotes with the
corpus's k.c. and C-300/21 citations), with the marker added."""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found

KC = "pl:act:DU/1964/93"
C300 = "eu:celex:62021CJ0300"

ROWS = [
    pytest.param(
        "[^1]: Art. 101 § 2 kc.\n[^2]: Tamże.",
        [("Art. 101 § 2 kc", KC, art("101", "2")), ("Tamże", KC, art("101", "2"))],
        id="tamże-is-the-same-unit",
    ),
    pytest.param(
        "[^1]: Art. 101 § 2 kc.\n[^2]: Tamże, art. 5.",
        [("Art. 101 § 2 kc", KC, art("101", "2")), ("art. 5", KC, art("5"))],
        id="tamże-art-N-is-another-unit-of-the-same-act",
    ),
    pytest.param(
        "See the judgment of 4 May 2023, C-300/21, paragraph 42.\n\nIbid., paragraph 45.\n\nIbid.",
        [("C-300/21", C300, None), ("Ibid.", C300, None), ("Ibid.", C300, None)],
        id="ibid-paragraph-N-and-ibid-after-ibid",
    ),
    pytest.param(
        "Article 82 GDPR applies. Ibid., Article 83.",
        [
            ("Article 82 GDPR", "eu:celex:32016R0679", art("82")),
            ("Article 83", "eu:celex:32016R0679", art("83")),
        ],
        id="ibid-article-N-is-the-same-act",
    ),
    pytest.param("Tamże.", [("Tamże", None, None)], id="tamże-with-nothing-before-is-not-checked"),
    pytest.param("Pisał o tym tamżeński autor.", [], id="a-word-starting-tamże-is-no-marker"),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_ibid_cites_the_source_before_it(text: str, expected: list[tuple[str, str | None, object]]) -> None:
    assert found(text) == expected


KR_ROWS = [
    pytest.param(
        "대법원 2015. 9. 10. 선고 2015두41401 판결은 해고통지의 방식에 관한 것이다. 위 판결은 이메일에 의한"
        " 해고통지도 서면에 의한 해고통지로서 유효하다고 보았다.",
        [
            ("대법원 2015. 9. 10. 선고 2015두41401 판결", "kr:prec:2015두41401", None),
            ("위 판결", "kr:prec:2015두41401", None),
        ],
        id="위-판결-is-the-judgment-before",
    ),
    pytest.param(
        "대법원 2015다200111 판결 참조. 같은 판결에서 대법원은 이를 무효라고 보았다.",
        [
            ("대법원 2015다200111 판결", "kr:prec:2015다200111", None),
            ("같은 판결", "kr:prec:2015다200111", None),
        ],
        id="같은-판결에서-is-the-judgment-before",
    ),
    pytest.param(
        "대법원 2015다200111 판결과 민법 제103조에 비추어 보면, 위 판결의 취지는 분명하다.",
        [
            ("대법원 2015다200111 판결", "kr:prec:2015다200111", None),
            ("민법 제103조", "kr:law:민법", art("103")),
            ("위 판결", "kr:prec:2015다200111", None),
        ],
        id="위-판결-skips-the-statute-cited-in-between",
    ),
    pytest.param(
        "대법원 2015다200111 판결 참조.\n\n위 판결은 다른 사건에 관한 것이다.",
        [("대법원 2015다200111 판결", "kr:prec:2015다200111", None)],
        id="no-reference-back-across-a-paragraph-break",
    ),
    pytest.param(
        "대법원 2015다200111 판결 참조. 원심도 같은 결정을 하였다.",
        [("대법원 2015다200111 판결", "kr:prec:2015다200111", None)],
        id="같은-결정을-하였다-is-no-reference",
    ),
    pytest.param("위 판결은 타당하다.", [], id="위-판결-with-no-case-before-is-nothing"),
]


@pytest.mark.parametrize(("text", "expected"), KR_ROWS)
def test_a_korean_reference_back_cites_the_judgment_before_it(
    text: str, expected: list[tuple[str, str | None, object]]
) -> None:
    assert found(text) == expected

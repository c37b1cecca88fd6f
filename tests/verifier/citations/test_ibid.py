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

"""Language of a draft, which picks the claim cues a reviewer expects."""

from __future__ import annotations

import pytest

from verifier.lang import detect_language


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        pytest.param(
            "형법 제59조 제1항 단행에서 정한 자격정지 이상의 형을 받은 전과라 함은 범죄경력 자체를 의미한다.",
            "ko",
            id="real-2004도4869",
        ),
        pytest.param(
            "Pracownik, który podjął zatrudnienie jako inwalida III grupy, spełnia warunki z art.",
            "pl",
            id="real-sc-json",
        ),
        pytest.param(
            "Article 82(1) of the GDPR must be interpreted as meaning that the mere infringement of the GDPR",
            "en",
            id="real-C-300-21",
        ),
        pytest.param(
            "Zgodnie z Article 6(1)(f) GDPR administrator może przetwarzać dane, jeżeli jest to niezbędne.",
            "pl",
            id="polish-with-english-citation",
        ),
        pytest.param(
            "개인정보 보호법 제15조 and Article 6 GDPR 모두 동의를 요구한다.", "ko", id="korean-with-english"
        ),
        pytest.param("", "en", id="empty"),
    ],
)
def test_it_detects_the_language_of_a_draft(text: str, lang: str) -> None:
    assert detect_language(text) == lang


def test_it_refuses_bytes() -> None:
    with pytest.raises(TypeError, match="needs str"):
        detect_language(b"art. 5 k.c.")  # type: ignore[arg-type]

""" "What was checked" never contradicts the verdict beside it, in any language."""

from __future__ import annotations

import pytest
from django.utils import translation

from workbench.words import check_word

CASES = [
    # (required, achieved, claim type, status, language, words expected, words that must not appear)
    ("fragment", "fragment", "verbatim_quote", "verified", "ko", "인용문을 문언 그대로 확인함", None),
    ("fragment", "fragment", "verbatim_quote", "modified", "ko", "원문과 다름", "문언 그대로 확인함"),
    (
        "fragment",
        "fragment",
        "verbatim_quote",
        "modified",
        "en",
        "it differs from the source",
        "checked word",
    ),
    (
        "fragment",
        "none",
        "verbatim_quote",
        "unverified",
        "en",
        "source found, but not the provision",
        "not found",
    ),
    ("fragment", "none", "verbatim_quote", "no_source", "en", "source not found", None),
    ("content", "none", "paraphrase", "unverified", "pl", "źródło znalezione", None),
]


@pytest.mark.parametrize(("required", "achieved", "claim", "status", "lang", "expected", "never"), CASES)
def test_what_was_checked_agrees_with_the_status(required, achieved, claim, status, lang, expected, never):
    with translation.override(lang):
        said = check_word(required, achieved, claim, status)
    assert expected in said
    if never:
        assert never not in said

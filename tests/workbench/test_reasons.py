"""The clients' own English sentences inside a rationale, said in the reader's language."""

from __future__ import annotations

import pytest

from verifier.rationales import Message
from workbench.reasons import in_words

CASES = [
    # (message, language, what the reader reads, what must not be left)
    (
        Message("no_source_retry", {"reason": "[Errno -2] Name or service not known"}),
        "en",
        "the service's address could not be found",
        "Errno",
    ),
    (
        Message("no_source", {"reason": "LAWGOKR_OC is not set: law.go.kr cannot be asked"}),
        "ko",
        "law.go.kr 인증키(LAWGOKR_OC)가 설정되지 않았습니다",
        "is not set",
    ),
    (
        Message(
            "version_not_checked",
            {"why": "the history of DU/1964/93 could not be read from the ELI API (HTTP 503)"},
        ),
        "pl",
        "nie udało się odczytać wersji DU/1964/93 z serwisu ELI Sejmu",
        "could not",
    ),
    (
        Message(
            "scanned_versions",
            {
                "service": "law.go.kr",
                "label": "제103조",
                "wordings": 1,
                "gaps": "the other 36 versions were not read: the quote is in the wording in force",
            },
        ),
        "ko",
        "나머지 36개 버전은 읽지 않았습니다",
        "were not read",
    ),
    (
        Message(
            "no_source", {"reason": "not in the offline corpus: pl:case:II CSK 123/19 (the corpus is small)"}
        ),
        "pl",
        "pl:case:II CSK 123/19 nie ma w korpusie offline",
        "offline corpus",
    ),
]


@pytest.mark.parametrize(("message", "lang", "reads", "not_left"), CASES)
def test_a_clients_sentence_is_said_in_the_readers_words(message, lang, reads, not_left):
    said = in_words(message).render(lang)
    assert reads in said
    assert not_left not in said


def test_an_english_reader_keeps_the_clients_detail():
    why = "law.go.kr's 연혁 of this act could not be had (HTTP 503)"
    assert why in in_words(Message("version_not_checked", {"why": why})).render("en")


def test_an_unknown_english_sentence_is_not_left_half_english_in_polish():
    said = in_words(Message("no_source", {"reason": "the upstream answered something odd"})).render("pl")
    assert "upstream" not in said

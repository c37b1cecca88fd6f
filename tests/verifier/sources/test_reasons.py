"""Why a source's history could not be read, said in the reader's language: every cause has its sentence in
en, pl and ko, and what a failure's English reason says is what the findings JSON keeps."""

from __future__ import annotations

import pytest

from verifier.model import Cause
from verifier.rationales import LANGS, Message
from verifier.sources.errors import NotFoundError, PermanentError, TransientError
from verifier.sources.reasons import SOURCE_RATIONALES
from verifier.sources.versions import not_checked, said


@pytest.mark.parametrize("cause", list(Cause))
def test_every_cause_has_a_sentence_in_every_language(cause: Cause) -> None:
    texts = SOURCE_RATIONALES[f"cause_{cause.value}"]
    assert set(texts) == set(LANGS)
    assert len({texts[lang] for lang in LANGS}) == len(LANGS)  # translated, not copied


@pytest.mark.parametrize(
    ("exc", "cause", "pl"),
    [
        (
            TransientError("api.sejm.gov.pl did not answer in time (ReadTimeout)", cause=Cause.TIMED_OUT),
            Cause.TIMED_OUT,
            "historii aktu DU/1964/93 nie udało się odczytać z API ELI: usługa nie odpowiedziała na czas; "
            "spróbuj ponownie później",
        ),
        (
            NotFoundError(
                "api.sejm.gov.pl answered 404 Not Found for https://api.sejm.gov.pl/eli/acts/DU/1964/93"
            ),
            Cause.NOT_FOUND,
            "historii aktu DU/1964/93 nie udało się odczytać z API ELI: usługa nie ma takiego dokumentu",
        ),
        (
            PermanentError("api.sejm.gov.pl refused the request with HTTP 403", cause=Cause.REFUSED),
            Cause.REFUSED,
            "historii aktu DU/1964/93 nie udało się odczytać z API ELI: usługa odmówiła odpowiedzi",
        ),
    ],
)
def test_a_failure_keeps_its_cause_its_english_reason_and_says_it_in_polish(
    exc: Exception, cause: Cause, pl: str
) -> None:
    assert isinstance(exc, TransientError | NotFoundError | PermanentError)
    result = not_checked(exc, said("asked_act_history_eli", act="DU/1964/93"))
    assert result.cause is cause
    assert result.why == f"the history of DU/1964/93 could not be read from the ELI API: {exc.message}"
    assert result.reason.render("pl") == pl
    assert exc.message not in result.reason.render("ko")
    assert Message.from_json(result.reason.to_json()) == result.reason

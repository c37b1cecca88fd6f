"""A refused upload is said in the reader's language: at the form (what the request can tell cheaply) and on
the failed review's page (what only reading the file finds out). Random bytes named .docx are not "a plain
text file" to rename in any language."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from tests.security.test_uploads import (
    BAD_FILES,
    UNREADABLE_FILES,
    _no_queue,  # noqa: F401 - the autouse fixture: nothing is sent to a broker
    _uploads_here,  # noqa: F401 - the autouse fixture: uploads in a temporary folder
    error_messages,
    post_draft,
)

RANDOM_BYTES = random.Random(28).randbytes(3000)
REFUSED = [
    *BAD_FILES,
    ("random bytes.docx", RANDOM_BYTES),
    ("random bytes.pdf", RANDOM_BYTES),
    ("text named.docx", "Zgodnie z art. 58 k.c. czynność jest nieważna.\n".encode()),
    ("draft.xyz", b"art. 58 k.c."),
    ("no extension", b"art. 58 k.c."),
]
# English words a Polish or Korean refusal must not carry (file names and formats such as .docx aside)
ENGLISH = re.compile(r"\b(?:is|the|file|cannot|really|named|check|upload|rename|damaged|password)\b", re.I)
# a word each language's refusal uses, whatever the file: the message is in that language at all
OWN_WORDS = {"pl": re.compile(r"[ąćęłńóśźż]|plik", re.I), "ko": re.compile(r"[\uac00-\ud7a3]")}


def _reader(people, language: str):
    from workbench.models import Profile

    Profile.objects.update_or_create(user=people["associate"], defaults={"language": language})


def _without_names(message: str) -> str:
    return re.sub(r"“[^”]*”|\([^)]*\.(?:txt|md|docx|pdf)[^)]*\)|\.\w+", "", message)


@pytest.mark.parametrize("language", ["pl", "ko"])
@pytest.mark.parametrize(("name", "data"), REFUSED, ids=[n for n, _ in REFUSED])
def test_it_refuses_an_upload_in_the_readers_language(name, data, language, client_for, people):
    _reader(people, language)
    response = post_draft(client_for("associate"), people["matter"], name, data)
    messages = error_messages(response.content.decode())
    assert response.status_code == 400
    assert len(messages) == 1, messages
    assert OWN_WORDS[language].search(messages[0]), messages
    assert not ENGLISH.search(_without_names(messages[0])), messages


@pytest.mark.parametrize("language", ["en", "pl", "ko"])
def test_it_never_calls_random_bytes_a_text_file_to_rename(language, client_for, people):
    _reader(people, language)
    response = post_draft(client_for("associate"), people["matter"], "memo.docx", RANDOM_BYTES)
    message = error_messages(response.content.decode())[0]
    assert ".txt" not in message, message
    assert "plain text" not in message, message


@pytest.mark.parametrize("language", ["pl", "ko"])
@pytest.mark.parametrize(("name", "data", "words"), UNREADABLE_FILES, ids=[n for n, _, _ in UNREADABLE_FILES])
def test_it_says_why_a_read_draft_failed_in_the_readers_language(
    name, data, words, language, client_for, people
):
    from workbench.models import Review
    from workbench.pipeline import worker

    _reader(people, language)
    client = client_for("associate")
    post_draft(client, people["matter"], name, data)
    review = Review.objects.get()
    worker.extract_findings(review.pk)
    review.refresh_from_db()
    assert words in review.error  # the audit keeps the engine's sentence
    html = client.get(reverse("review", args=[review.pk])).content.decode()
    shown = [m for m in re.findall(r'<span class="error">(.*?)</span>', html, re.S) if name in m]
    assert len(shown) == 1, shown
    said = shown[0]
    assert OWN_WORDS[language].search(said), said
    assert words not in said, said

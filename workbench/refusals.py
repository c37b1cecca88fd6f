"""A service's refusal in the reader's language.

The services say why they refuse an action in English (their messages are also what the tests and the logs
read); the page says it in the reader's language: each message is looked up in the catalog by its English
words, and one the catalog does not hold (a message with a number in it) stays as it is.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext


def refusal_text(exc: ValidationError) -> str:
    return " ".join(gettext(message) for message in exc.messages)

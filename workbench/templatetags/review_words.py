"""Template filters that show the verifier's code words as words (workbench.words)."""

from django import template

from workbench import words
from workbench.pipeline import drafts
from workbench.pipeline.records import provenance_of_snapshot

register = template.Library()


@register.filter
def status_word(value: object) -> str:
    return words.status_word(str(value or ""))


@register.filter
def claim_type_word(value: object) -> str:
    return words.claim_type_word(str(value or ""))


@register.filter
def origin_word(value: object) -> str:
    return words.origin_word(str(value or ""))


@register.filter
def role_word(value: object) -> str:
    return words.role_word(str(value or ""))


@register.filter
def kind_word(value: object) -> str:
    return words.kind_word(str(value or ""))


@register.filter
def jurisdiction_word(value: object) -> str:
    return words.jurisdiction_word(str(value or ""))


@register.simple_tag
def check_word(finding: object) -> str:
    return words.check_word(
        str(getattr(finding, "required_level", "")),
        str(getattr(finding, "achieved_level", "")),
        str(getattr(finding, "claim_type", "")),
        str(getattr(finding, "status", "") or ""),
    )


def _reader_language() -> str:
    from django.utils import translation

    return (translation.get_language() or "en")[:2]


@register.filter
def rationale_here(finding: object) -> str:
    """The finding's rationale in the reader's language (the page's), not the draft's."""
    from workbench.pipeline.records import rationale_in

    return rationale_in(finding, _reader_language())  # type: ignore[arg-type]


@register.filter
def notes_here(finding: object) -> list[str]:
    from workbench.pipeline.records import history_note_in, notes_in

    lang = _reader_language()
    # the history panel prints the version note itself: once is enough
    history = history_note_in(finding, lang)  # type: ignore[arg-type]
    notes = notes_in(finding, lang)  # type: ignore[arg-type]
    return [n for i, n in enumerate(notes) if n != history and n not in notes[:i]]


@register.filter
def checked_against(snapshot: object) -> str:
    """A snapshot's provenance as a sentence in the reader's language."""
    if snapshot is None:
        return ""
    return words.source_words(provenance_of_snapshot(snapshot))  # type: ignore[arg-type]


@register.filter
def failure_text(review: object) -> str:
    """Why a review failed, in the reader's language when a budget stopped it (workbench.pipeline.drafts)."""
    return drafts.failure_text(review)  # type: ignore[arg-type]


@register.filter
def truncation_text(review: object) -> str:
    """ "" or what a review truncated at the citation limit checked and did not (pipeline.drafts)."""
    return drafts.truncation_text(review)  # type: ignore[arg-type]

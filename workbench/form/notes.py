"""A finding's citation-form note read in its matter's form (full or short): what the review page, the PDF
report and the table of authorities show. The stored note is the full form's; the other is read from the
facts it keeps (`verifier.form.write.restyle`), so a matter's choice needs nothing checked again."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from verifier.form import FormNote
from verifier.form.rules import RULES
from verifier.form.write import restyle
from verifier.model import Finding as VerifiedFinding
from workbench.models import Finding, Matter
from workbench.pipeline.records import form_of


def note_of(row: Finding, style: str) -> FormNote | None:
    note = form_of(row)
    return restyle(note, style) if note is not None else None


def in_style(finding: VerifiedFinding, style: str) -> VerifiedFinding:
    """A verifier Finding (the findings JSON's) with its form note in the matter's form."""
    if finding.form is None or finding.form.style == style:
        return finding
    return dataclasses.replace(finding, form=restyle(finding.form, style))


def canonical_citation(row: Finding, style: str) -> str:
    """The citation as the practice writes it in the matter's form; as the draft wrote it where there is no
    note (no official source, or no rule for its kind)."""
    note = note_of(row, style)
    return note.canonical if note is not None else row.citation


def style_of(matter: Matter) -> str:
    return matter.citation_style or Matter.CitationStyle.FULL


@dataclass(frozen=True)
class FormLine:
    text: str  # what differs, in the reader's language
    rule: str  # the rule's id (verifier.form.rules)
    source: str  # the public source the rule comes from
    url: str


@dataclass(frozen=True)
class FormView:
    """What the evidence panel shows beside the verdict: the citation as the practice writes it in the
    matter's form, and each difference with the rule and source behind it."""

    canonical: str
    style: str
    lines: tuple[FormLine, ...]


def form_view(row: Finding, style: str, lang: str) -> FormView | None:
    note = note_of(row, style)
    if note is None:
        return None
    lines = []
    for difference in note.differences:
        rule = RULES.get(difference.rule_id)
        lines.append(
            FormLine(
                text=difference.message.render(lang),
                rule=difference.rule_id,
                source=rule.source if rule else "",
                url=rule.url if rule else "",
            )
        )
    return FormView(canonical=note.canonical, style=note.style, lines=tuple(lines))

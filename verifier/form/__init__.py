"""Citation form: the citation written as each jurisdiction's practice writes it, from the facts the product
knows of the resolved source, and where the draft's words differ. A note beside the verdict, never a change
of it: nothing in `verifier.decide` reads this package, and a finding's status is the same with or without
its note (tests/verifier/form/test_status_unchanged.py).

The interface (stable; the tracked-changes export of issue 29 §2 consumes it). The records are in
`verifier.form.note` (re-exported here; free of `verifier.model`, which carries a FormNote on every Finding as
`Finding.form`), the functions in `verifier.form.write`:

    SourceFacts                 what the product knows of the source: jurisdiction, kind (the model's enum
                                values as strings), court, date (ISO), number, decision type, parties, ECLI,
                                the act's official name, the unit (`Unit`: article, paragraph, item, subitem)
    facts_of(citation, document) -> SourceFacts | None
                                the facts of an official resolved source (None: no form can be built for it)
    form_note(span, written, facts, style="full") -> FormNote | None
                                the canonical form and the differences of the draft's `written` citation,
                                which sits at `span` (offsets into the draft's text); None: no rule applies
    note_for(citation, document, style="full") -> FormNote | None   = form_note(citation.span,
                                citation.text, facts_of(citation, document), style)

    @dataclass(frozen=True) class FormNote:
        span: tuple[int, int]           the citation's offsets in the draft text (code points, end exclusive)
        written: str                    the citation as the draft wrote it (== draft[span[0]:span[1]])
        canonical: str                  the form the practice expects, in the chosen style
        differences: tuple[FormDifference, ...]   empty: the draft already writes it so
        full: str                       the full form
        short: str | None               the short form where the practice has one (None: it has only one)
        style: str                      "full" | "short": which of the two `canonical` is
        facts: SourceFacts              what it was built from (another style is `restyle(note, style)`)
    restyle(note, style) -> FormNote   the same note in the other style (a matter's choice)

    @dataclass(frozen=True) class FormDifference:
        rule_id: str                    a row of `verifier.form.rules.RULES` (which names its public source)
        message: Message                what differs, in en/pl/ko (`verifier.rationales_form`)
        written_part: str               the draft's words at [start, end) ("" where a part is missing)
        canonical_part: str             what the practice writes there ("" where a part should go)
        start: int                      offsets into the DRAFT text (not the citation): replacing
        end: int                        draft[start:end] by canonical_part applies the fix

In the workbench a stored finding's note, in its matter's form, is `workbench.form.notes.note_of(row,
style_of(review.matter))` (the row keeps the full form's note as `Finding.form`, its offsets into the review's
`draft_text`).

Differences never overlap and are in the draft's order, so they can be applied from the last to the first.
`FormNote.to_json()` / `FormNote.from_json()` are the findings JSON's `form` (CONTRACT §2, schema /5).
"""

from __future__ import annotations

from verifier.form.note import STYLES, FormDifference, FormNote, SourceFacts, Unit

__all__ = ["STYLES", "FormDifference", "FormNote", "SourceFacts", "Unit"]

"""The PDF report's "Check" column says what was checked whole, in every language: each cell's text is
written line by line inside its column (never wider than it, so never cut at its edge), and the lines put
back together are the words the page shows."""

from __future__ import annotations

import pytest

from tests.workbench.factories import review_with_findings
from workbench.exports import report as exports
from workbench.exports.common import Lines
from workbench.words import check_word

CHECK_COLUMN = 34  # mm, report.py's findings table


@pytest.mark.parametrize("lang", ["en", "pl", "ko"])
def test_the_check_column_is_written_whole_inside_its_width(people, monkeypatch, lang):
    from django.utils import translation

    review = review_with_findings(people)
    written: list[tuple[float, str, float]] = []
    real_cell = Lines.cell

    def spy(self, width, height, text, **kwargs):
        written.append((width, text, self.width(text)))
        return real_cell(self, width, height, text, **kwargs)

    monkeypatch.setattr(Lines, "cell", spy)
    with translation.override(lang):  # as render() holds it
        exports.export_pdf(review, lang)
    column = [(text, used) for width, text, used in written if width == CHECK_COLUMN]
    assert column
    assert all(used <= CHECK_COLUMN for _, used in column), column
    shown = " ".join(text for text, _ in column)
    with translation.override(lang):
        for f in review.findings.all():
            words = check_word(f.required_level, f.achieved_level, f.claim_type, f.status)
            assert " ".join(words.split()) in shown, (lang, f.finding_id, words)

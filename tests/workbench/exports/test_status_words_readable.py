"""A status printed in its colour in the PDF report and the table of authorities (PDF and DOCX) is a word in
a colour that reads on white paper (WCAG 2.1 AA, 4.5:1): the colour helps, the word carries the status."""

from __future__ import annotations

import pytest

from verifier.model import Status
from workbench.exports.common import STATUS_TEXT_RGB


def contrast_on_white(rgb: tuple[int, int, int]) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 1.05 / (luminance + 0.05)


@pytest.mark.parametrize("status", [s.value for s in Status])
def test_every_status_word_colour_reads_on_white(status):
    assert contrast_on_white(STATUS_TEXT_RGB[status]) >= 4.5, (status, STATUS_TEXT_RGB[status])

"""A pasted judgment's own date against the draft's date for it: 22 October is not 7 October."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from workbench.supplied.dates import date_mismatch, stated_date

# Headings as the judgments in the corpus print them (demo/corpus/pl/judgments, kr/precedents, eu/case_law).
HEADINGS = [
    ("WYROK W IMIENIU RZECZYPOSPOLITEJ POLSKIEJ Dnia 17 maja 2012 r. Sąd Apelacyjny", date(2012, 5, 17)),
    ("Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12.", date(2012, 5, 17)),
    ("대법원 2016. 8. 17. 선고 2014다235080 판결 [손해배상(기)]", date(2016, 8, 17)),
    (
        "JUDGMENT OF THE COURT (Third Chamber) 4 May 2023 (Reference for a preliminary ruling)",
        date(2023, 5, 4),
    ),
    ("Postanowienie bez daty w nagłówku.", None),
]


@pytest.mark.parametrize(("heading", "expected"), HEADINGS)
def test_it_reads_the_date_a_judgment_states_for_itself(heading, expected):
    assert stated_date(heading) == expected


def test_a_pasted_source_dated_otherwise_than_the_draft_is_flagged():
    pasted = "Wyrok Sądu Najwyższego z dnia 22 października 2019 r., I CSK 1/19\n\nSąd Najwyższy …"
    with translation.override("en"):
        said = date_mismatch(pasted, "2019-10-07")
    assert "dated Oct. 22, 2019" in said
    assert "judgment of Oct. 7, 2019" in said
    assert date_mismatch(pasted, "2019-10-22") == ""
    assert date_mismatch(pasted, None) == ""

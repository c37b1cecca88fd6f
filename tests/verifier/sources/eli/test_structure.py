"""Polish act structure from ELI's text.html: paragraphs (§) printed inline get their units too (issue 15,
class 9). Without them "art. 129 § 1 k.p." came back "§ 1 missing", a false hard block, although the seed
JSON form of the same act splits them.

The inline bodies are built in the shape of ELI's text.html (the article div, its h3 and unit-inner of
tests/data/corpus/pl/statutes/eli/DU_1964_93/text.html) around the words of the Kodeks pracy as the seed
JSON holds them (tests/data/corpus/pl/statutes/seed/pl-du-1974-141.json, art. 129, 130)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from verifier.model import Pinpoint
from verifier.sources.eli.structure import PlAct, parse_eli_html
from verifier.verify import check_pinpoint

CORPUS = Path(__file__).resolve().parents[3] / "data" / "corpus" / "pl" / "statutes"


@cache
def kp(article: str) -> str:
    seed = json.loads((CORPUS / "seed" / "pl-du-1974-141.json").read_text(encoding="utf-8"))
    return next(p["content"] for p in seed["provisions"] if p["section"] == article)


def _eli(articles: dict[str, str]) -> str:
    divs = "".join(
        f'<div class="unit unit_arti pro-text false" id="arti_{n}" data-id="arti_{n}">'
        f'<h3 CLASS="pro-none"><B CLASS="b">Art.&nbsp;{n}.</B></h3>'
        f'<div class="unit-inner"><div data-template="xText" CLASS="pro-text">{text}</div></div></div>'
        for n, text in articles.items()
    )
    return f"<html><body><h1>Ustawa z dnia 26 czerwca 1974 r. Kodeks pracy</h1>{divs}</body></html>"


def _paragraphs(act: PlAct, article: str) -> dict[str, str]:
    return {
        u.path[1][1]: act.text[u.start : u.end]
        for u in act.units
        if len(u.path) == 2 and u.path[0] == ("article", article) and u.path[1][0] == "paragraph"
    }


@pytest.mark.parametrize(
    ("articles", "article", "expected"),
    [
        pytest.param(
            {"129": kp("129")},
            "129",
            {
                "1": "§ 1. Czas pracy nie może przekraczać 8 godzin na dobę i 46 godzin na tydzień.",
                "2": "§ 2. Rada Ministrów po porozumieniu z Centralną Radą Związków Zawodowych określa w"
                " drodze"
                " rozporządzenia zakres i zasady skracania czasu pracy.",
            },
            id="kp-129-inline-paragraphs",
        ),
        pytest.param(
            {"130": kp("130")},
            "130",
            {"1", "2"},
            id="kp-130-a-reference-to-art-129-inside-is-no-paragraph",
        ),
        pytest.param(
            {"5": "Czas pracy skraca się w trybie art. 129 § 2. Przepis stosuje się odpowiednio."},
            "5",
            {},
            id="constructed-a-lone-§-2-is-a-reference",
        ),
        pytest.param(
            {"7": "§ 1. Pierwszy. § 2. Drugi. § 2a. Dodany. § 3. Trzeci."},
            "7",
            {"1": "§ 1. Pierwszy.", "2": "§ 2. Drugi.", "2a": "§ 2a. Dodany.", "3": "§ 3. Trzeci."},
            id="constructed-an-inserted-§-2a",
        ),
    ],
)
def test_inline_paragraphs_become_units(
    articles: dict[str, str], article: str, expected: dict[str, str] | set[str]
) -> None:
    act = parse_eli_html(_eli(articles))
    got = _paragraphs(act, article)
    if isinstance(expected, set):
        assert set(got) == expected
    else:
        assert got == expected


def test_art_129_para_1_kp_is_not_missing() -> None:
    act = parse_eli_html(_eli({"129": kp("129")}))
    check = check_pinpoint(act.units, Pinpoint("129", "1"))
    assert check.missing is None
    assert check.unit is not None
    assert act.text[check.unit.start : check.unit.end].startswith(
        "§ 1. Czas pracy nie może przekraczać 8 godzin"
    )


def test_paragraph_divs_of_the_real_kc_are_read_as_before() -> None:
    act = parse_eli_html((CORPUS / "eli" / "DU_1964_93" / "text.html").read_bytes())
    assert set(_paragraphs(act, "58")) == {"1", "2", "3"}
    assert _paragraphs(act, "5") == {}  # art. 5 k.c. has no paragraphs

"""EXISTENCE level: the draft's anchor against the resolved source. Identifiers are real (SN III CZP 36/02,
SA w Łodzi I ACa 772/13 from the recorded SAOS search, 대법원 2015다200111, CJEU C-311/18); the wrong
values are the kind of error a model makes."""

from __future__ import annotations

import datetime

import pytest

from verifier.match.anchor import (
    compare_anchor,
    court_kind,
    expand_court,
    normalize_kr_case_number,
    normalize_signature,
    parse_date,
    party_jaccard,
    party_not_in_case,
)
from verifier.model import Anchor, Jurisdiction, Kind, SourceDocument


def doc(**overrides: object) -> SourceDocument:
    fields: dict[str, object] = {
        "id": "saos:1",
        "key": "pl:case:III CZP 36/02",
        "jurisdiction": Jurisdiction.PL,
        "kind": Kind.JUDGMENT,
        "title": "Uchwała z dnia 5 lipca 2002 r., III CZP 36/02",
        "text": "",
        "url": "https://www.saos.org.pl/judgments/1",
        "version": "1",
        "sha256": "0" * 64,
        "fetched_at": "2026-11-29T00:00:00Z",
        "origin": "saos",
        "number": "III CZP 36/02",
        "date": "2002-07-05",
        "court": "Sąd Najwyższy Izba Cywilna",
        "parties": ("Katarzyna Z.", "Gmina Miasta S."),
    }
    fields.update(overrides)
    return SourceDocument(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("12.03.2019", datetime.date(2019, 3, 12)),
        ("12.03.2019 r.", datetime.date(2019, 3, 12)),
        ("12 marca 2019 r.", datetime.date(2019, 3, 12)),
        ("5 lipca 2002 r.", datetime.date(2002, 7, 5)),
        ("28 września 1994 r.", datetime.date(1994, 9, 28)),
        ("2019-03-12", datetime.date(2019, 3, 12)),
        ("2019. 3. 12.", datetime.date(2019, 3, 12)),
        ("2015. 7. 23. 선고", datetime.date(2015, 7, 23)),
        ("2019년 3월 12일", datetime.date(2019, 3, 12)),
        ("16 July 2020", datetime.date(2020, 7, 16)),
        ("July 16, 2020", datetime.date(2020, 7, 16)),
        ("31.02.2019", None),  # no such day
        ("bez daty", None),
    ],
)
def test_it_reads_dates_as_lawyers_write_them(written: str, expected: datetime.date | None) -> None:
    assert parse_date(written) == expected


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("2015다200111", "2015다200111"),
        ("2015 다 200111", "2015다200111"),
        ("2015다-200111", "2015다200111"),
        ("96다47951", "96다47951"),
        ("1996다47951", "96다47951"),  # law.go.kr writes pre-2000 years with two digits
        ("4294민상123", "61민상123"),  # 단기 4294 = 1961
        ("대법원 2015. 7. 23. 선고 2015다200111 판결", "2015다200111"),
        ("２０１７헌바１２７", "2017헌바127"),
    ],
)
def test_it_normalizes_korean_case_numbers(written: str, expected: str) -> None:
    assert normalize_kr_case_number(written) == expected


def test_it_rejects_what_is_not_a_korean_case_number() -> None:
    with pytest.raises(ValueError, match="not a Korean case number"):
        normalize_kr_case_number("II CSK 123/19")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("II CSK 123/19", "IICSK123/19"),
        ("sygn. akt II CSK 123/19.", "II CSK 123/19"),
        ("C‑311/18", "C-311/18"),
        ("ECLI:EU:C:2020:559", "ecli:eu:c:2020:559"),
    ],
)
def test_it_compares_signatures_without_dots_spaces_or_dash_variants(a: str, b: str) -> None:
    assert normalize_signature(a) == normalize_signature(b)


@pytest.mark.parametrize(
    ("written", "kind", "expanded"),
    [
        ("SN", "SN", "sąd najwyższy"),
        ("Sądu Najwyższego", "SN", None),
        ("NSA", "NSA", "naczelny sąd administracyjny"),
        ("WSA w Gliwicach", "WSA", "wojewódzki sąd administracyjny w gliwicach"),
        ("TK", "TK", "trybunał konstytucyjny"),
        ("SA w Łodzi", "SA", "sąd apelacyjny w łodzi"),
        ("SO", "SO", "sąd okręgowy"),
        ("SR", "SR", "sąd rejonowy"),
        ("TSUE", "CJEU", "trybunał sprawiedliwości unii europejskiej"),
        ("CJEU", "CJEU", "court of justice of the european union"),
        ("대법원", "KR-SC", "대법원"),
        ("헌재", "KR-CC", "헌법재판소"),
        ("서울고법", "KR-HIGH", "서울고등법원"),
        ("서울중앙지법", "KR-DIST", "서울중앙지방법원"),
    ],
)
def test_it_expands_court_abbreviations(written: str, kind: str, expanded: str | None) -> None:
    assert court_kind(written) == kind
    if expanded is not None:
        assert expand_court(written) == expanded


# (claimed anchor fields, resolved document fields, hard-mismatch fields, soft-note fields)
ANCHOR_CASES = [
    # the seed's C3: right signature, wrong parties → the party guard blocks
    (
        {
            "number": "II CSK 123/19",
            "date": "2019-03-12",
            "court": "SN Izba Cywilna",
            "parties": ("Kowalski przeciwko Bank Millennium S.A.",),
        },
        {
            "number": "II CSK 123/19",
            "date": "2019-03-12",
            "court": "Sąd Najwyższy Izba Cywilna",
            "parties": ("Nowak przeciwko Skarb Państwa",),
        },
        {"parties"},
        set(),
    ),
    ({"number": "III CZP 36/02", "date": "2002-07-05", "court": "SN"}, {}, set(), set()),
    ({"number": "III CZP 36/02.", "date": "2002-07-05"}, {}, set(), set()),
    ({"number": "III CZP 63/02"}, {}, {"number"}, set()),
    ({"date": "2002-07-15"}, {}, {"date"}, set()),
    ({"court": "NSA"}, {}, {"court"}, set()),
    ({"court": "Sąd Najwyższy"}, {}, set(), set()),
    # I ACa signatures exist at every court of appeal: the seat decides
    (
        {"number": "I ACa 772/13", "court": "SA w Krakowie"},
        {"number": "I ACa 772/13", "court": "Sąd Apelacyjny w Łodzi"},
        {"court"},
        set(),
    ),
    (
        {"number": "I ACa 772/13", "court": "SA w Łodzi"},
        {"number": "I ACa 772/13", "court": "Sąd Apelacyjny w Łodzi"},
        set(),
        set(),
    ),
    # "we" is "w" before some names (we Wrocławiu, we Włocławku): the seat is read all the same
    (
        {"number": "III AUa 271/12", "court": "SA we Wrocławiu"},
        {"number": "III AUa 271/12", "court": "Sąd Apelacyjny w Krakowie"},
        {"court"},
        set(),
    ),
    (
        {"number": "III AUa 271/12", "court": "SA we Wrocławiu"},
        {"number": "III AUa 271/12", "court": "Sąd Apelacyjny we Wrocławiu"},
        set(),
        set(),
    ),
    # legal forms are not carrier tokens
    (
        {"parties": ("Bank Millennium S.A.", "Kowalski")},
        {"parties": ("Bank Millennium Spółka Akcyjna", "Kowalski")},
        set(),
        set(),
    ),
    # legal forms typed without Polish letters are still legal forms (issue 15, class 10): only the names
    # are compared
    (
        {"parties": ("Bank Polski Spolka z ograniczona odpowiedzialnoscia", "Kowalski")},
        {"parties": ("Bank Polski Spółka z ograniczoną odpowiedzialnością", "Kowalski")},
        set(),
        set(),
    ),
    (
        {"parties": ("Kowalski", "Bank Millennium Spolka Akcyjna")},
        {"parties": ("Nowak", "Skarb Państwa")},
        {"parties"},
        set(),
    ),
    # anonymised names in the database are never a mismatch
    ({"parties": ("Katarzyna Zielińska", "Gmina Miasta Słupska")}, {"parties": ("(...)",)}, set(), set()),
    ({"parties": ("Jan Kowalski",)}, {"parties": ("A. R.",)}, set(), set()),
    # partly the same parties → a soft note for the reviewer
    ({"parties": ("Katarzyna Z.", "Skarb Państwa", "Gmina Ustka")}, {}, set(), {"parties"}),
    # Korean precedent: 2-digit year and spacing do not matter, the date does
    (
        {"number": "2015 다 200111", "date": "2015-07-23", "court": "대법원"},
        {
            "jurisdiction": Jurisdiction.KR,
            "number": "2015다200111",
            "date": "2015-07-23",
            "court": "대법원",
            "parties": (),
        },
        set(),
        set(),
    ),
    # a seed task carries no jurisdiction: a Hangul case number is still read as one
    (
        {"number": "1996다47951"},
        {"jurisdiction": Jurisdiction.OTHER, "number": "96다47951", "parties": ()},
        set(),
        set(),
    ),
    (
        {"number": "2015다200111", "court": "서울고법"},
        {"jurisdiction": Jurisdiction.KR, "number": "2015다200111", "court": "대법원", "parties": ()},
        {"court"},
        set(),
    ),
    (
        {"number": "C-311/18", "date": "16 July 2020", "court": "TSUE"},
        {
            "jurisdiction": Jurisdiction.EU,
            "kind": Kind.EU_CASE,
            "number": "C‑311/18",
            "date": "2020-07-16",
            "court": "Court of Justice (Grand Chamber)",
            "parties": (),
        },
        set(),
        set(),
    ),
]


@pytest.mark.parametrize(("claimed", "resolved", "hard", "soft"), ANCHOR_CASES)
def test_it_compares_the_drafts_anchor_with_the_source(
    claimed: dict[str, object], resolved: dict[str, object], hard: set[str], soft: set[str]
) -> None:
    result = compare_anchor(Anchor(key="k", **claimed), doc(**resolved))  # type: ignore[arg-type]
    assert {i.field for i in result.hard} == hard
    assert {i.field for i in result.soft} == soft
    assert result.ok is (not hard)


@pytest.mark.parametrize(
    ("claimed", "resolved", "expected"),
    [
        (["Kowalski przeciwko Bank Millennium S.A."], ["Nowak przeciwko Skarb Państwa"], 0.0),
        (["Bank Millennium S.A."], ["Bank Millennium Spółka Akcyjna"], 1.0),
        (["Jan Kowalski"], ["Jana Kowalskiego"], 1.0),  # inflection
        (["(...)"], ["Jan Kowalski"], None),
        (["S.A."], ["Jan Kowalski"], None),  # nothing but a legal form to compare
    ],
)
def test_it_scores_parties_by_carrier_tokens(
    claimed: list[str], resolved: list[str], expected: float | None
) -> None:
    assert party_jaccard(claimed, resolved) == expected


# The party guard's bands (issue 15 §10, the Polish seed's test-grounding.mjs S1, S3, S4): another case's
# parties are hard, a partial overlap or one differing name per side is soft (a person confirms), not a
# block.
PARTY_BANDS = [
    (
        "wholly different parties",
        ["Nowicka przeciwko Bank Pekao S.A."],
        ["Zieliński przeciwko Skarb Państwa"],
        "hard",
    ),
    (
        "one party shared, one not (0.40)",
        ["Nowicka przeciwko Bank Pekao S.A."],
        ["Bank Pekao S.A. przeciwko Skarb Państwa"],
        "soft",
    ),
    ("one name per side, different", ["Nowicka"], ["Zieliński"], "soft"),
    ("one name per side, inflected", ["Kowalski"], ["Kowalskiego"], "match"),
    ("one name against two others", ["Nowicka"], ["Zieliński", "Skarb Państwa"], "hard"),
    (
        "the same parties, reordered",
        ["Skarb Państwa przeciwko Kowalski"],
        ["Jan Kowalski", "Skarb Państwa"],
        "match",
    ),
]


@pytest.mark.parametrize(
    ("claimed", "resolved", "band"), [r[1:] for r in PARTY_BANDS], ids=[r[0] for r in PARTY_BANDS]
)
def test_the_party_guard_has_a_soft_band(claimed: list[str], resolved: list[str], band: str) -> None:
    result = compare_anchor(Anchor(key="k", parties=tuple(claimed)), doc(parties=tuple(resolved)))
    fields = ({i.field for i in result.hard}, {i.field for i in result.soft})
    assert (
        fields == {"hard": ({"parties"}, set()), "soft": (set(), {"parties"}), "match": (set(), set())}[band]
    )


@pytest.mark.parametrize(("lang", "word"), [("en", "source"), ("pl", "źródło"), ("ko", "원문")])
def test_it_describes_a_mismatch_in_the_drafts_language(lang: str, word: str) -> None:
    result = compare_anchor(Anchor(key="k", date="2002-07-15"), doc())
    assert word in result.hard[0].describe(lang)
    assert "2002-07-05" in result.hard[0].describe(lang)


# A party of two words or more that fits none of the case's parties (issue 15, class 8): pooled words hid it.
# The case's side: the heading of the real judgment (tests/data/corpus/eu/case_law/C-311-18.md, C-300-21.md).
SCHREMS_II = ["Data Protection Commissioner", "Facebook Ireland Ltd", "Maximillian Schrems"]
POST = ["UI", "Österreichische Post AG"]
STRANGERS = [
    (
        "another company of the same country",
        ["Data Protection Commissioner", "Google Ireland Ltd"],
        SCHREMS_II,
        "Google Ireland Ltd",
    ),
    ("the same name of another country", ["UI", "Deutsche Post AG"], POST, "Deutsche Post AG"),
    ("another company, one party shared", ["UI v Royal Mail Group Ltd"], POST, "Royal Mail Group Ltd"),
    (
        "shortened as drafts do",
        ["Data Protection Commissioner v Facebook Ireland", "Schrems"],
        SCHREMS_II,
        None,
    ),
    ("the English name of the company", ["UI", "Austrian Post"], POST, None),
    (
        "one word is too little to tell",
        ["Nowicka przeciwko Bank Pekao S.A."],
        ["Bank Pekao S.A. przeciwko Skarb Państwa"],
        None,
    ),
    ("anonymised", ["(...)", "Facebook Ireland"], SCHREMS_II, None),
]


@pytest.mark.parametrize(("why", "claimed", "resolved", "stranger"), STRANGERS, ids=[s[0] for s in STRANGERS])
def test_a_party_the_case_does_not_have_is_named(
    why: str, claimed: list[str], resolved: list[str], stranger: str | None
) -> None:
    assert party_not_in_case(claimed, resolved) == stranger

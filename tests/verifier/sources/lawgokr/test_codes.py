"""Code tables and aliases: whatever a lawyer types for a collection, case type or court names one
thing, and a typo is an error that says what is accepted — never an empty result."""

from __future__ import annotations

import pytest

from verifier.search.results import clamp_display, clamp_page
from verifier.sources.lawgokr import codes


@pytest.mark.parametrize(
    ("alias", "code", "group"),
    [
        ("ftc", "ftc", "committee"),
        ("공정위", "ftc", "committee"),
        ("공정거래", "ftc", "committee"),
        ("공정거래위원회", "ftc", "committee"),
        ("개인정보위", "ppc", "committee"),
        ("PIPC", "ppc", "committee"),
        ("노동위원회", "nlrc", "committee"),
        ("방통위", "kcc", "committee"),
        ("인권위", "nhrck", "committee"),
        ("tax", "ttSpecialDecc", "tribunal"),
        ("조세심판원", "ttSpecialDecc", "tribunal"),
        ("maritime", "kmstSpecialDecc", "tribunal"),
        ("acrh", "acrSpecialDecc", "tribunal"),
        ("appeal", "adapSpecialDecc", "tribunal"),
        ("소청심사위원회", "adapSpecialDecc", "tribunal"),
        ("moj", "mojCgmExpc", "ministry"),
        ("법무부", "mojCgmExpc", "ministry"),
        ("고용노동부", "moelCgmExpc", "ministry"),
        ("MOEL", "moelCgmExpc", "ministry"),
        ("기획재정부", "moefCgmExpc", "ministry"),
        ("국세청", "ntsCgmExpc", "ministry"),
        ("판례", "prec", "core"),
        ("precedents", "prec", "core"),
        ("헌재", "detc", "core"),
        ("법령해석례", "expc", "core"),
        ("행정심판", "decc", "core"),
        ("법령용어", "lstrm", "core"),
        ("aiSearch", "aiSearch", "core"),
    ],
)
def test_it_resolves_every_alias_of_a_collection(alias: str, code: str, group: str) -> None:
    found = codes.collection(alias)
    assert (found.code, found.group) == (code, group)


@pytest.mark.parametrize(("group", "count"), [("committee", 12), ("tribunal", 4), ("ministry", 39)])
def test_it_covers_the_reference_surface(group: codes.Group, count: int) -> None:
    members = codes.in_group(group)
    assert len(members) == count
    assert len({m.code for m in members}) == count


@pytest.mark.parametrize(
    ("finder", "alias", "message"),
    [
        (codes.committee, "tax", "unknown committee 'tax'"),  # a tribunal, not a committee
        (codes.tribunal, "ftc", "unknown tribunal 'ftc'"),
        (codes.ministry, "공정위", "unknown ministry"),
        (codes.collection, "공정휘", "unknown collection"),
    ],
)
def test_it_refuses_an_alias_of_the_wrong_group_by_naming_the_choices(
    finder: object, alias: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message) as info:
        finder(alias)  # type: ignore[operator]
    assert "(" in str(info.value)  # the accepted values are listed with their Korean names


@pytest.mark.parametrize(
    ("alias", "code", "name"),
    [
        ("형사", "400102", "형사"),
        ("criminal", "400102", "형사"),
        ("400102", "400102", "형사"),
        ("Criminal", "400102", "형사"),
        ("민사", "400101", "민사"),
        ("civil", "400101", "민사"),
        ("일반행정", "400107", "일반행정"),
        ("administrative", "400107", "일반행정"),
        ("세무", "400108", "세무"),
        ("특허", "400106", "특허"),
    ],
)
def test_it_makes_a_case_type_name_code_and_english_alias_the_same_filter(
    alias: str, code: str, name: str
) -> None:
    assert codes.case_type(alias) == codes.CaseType(code, name)


def test_it_refuses_an_unknown_case_type_listing_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown case type '살인'.*형사/400102"):
        codes.case_type("살인")


@pytest.mark.parametrize(
    ("alias", "org", "curt"),
    [
        ("대법원", "400201", None),
        ("supreme", "400201", None),
        ("400201", "400201", None),
        ("하급심", "400202", None),
        ("lower", "400202", None),
        ("서울고법", None, "서울고등법원"),
        ("Seoul High Court", None, "서울고등법원"),
        ("서울중앙지법", None, "서울중앙지방법원"),
        ("춘천지방법원", None, "춘천지방법원"),  # not in the table: passed on as written
    ],
)
def test_it_maps_courts_to_the_level_code_or_the_court_name(
    alias: str, org: str | None, curt: str | None
) -> None:
    found = codes.court(alias)
    assert (found.org, found.curt) == (org, curt)


@pytest.mark.parametrize(("alias", "message"), [("400299", "unknown court code"), ("high court", "Korean")])
def test_it_refuses_a_court_it_cannot_send(alias: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        codes.court(alias)


@pytest.mark.parametrize(
    ("asked", "shown"),
    [
        (0, 1),
        (-5, 1),
        (1, 1),
        (20, 20),
        (100, 100),
        (101, 100),
        (10_000, 100),
        ("50", 50),
        ("3.0", 3),
        (3.7, 3),
        ("abc", 20),
        (None, 20),
        (True, 20),
    ],
)
def test_it_clamps_the_page_size_to_1_through_100_like_the_reference(asked: object, shown: int) -> None:
    assert clamp_display(asked) == shown


@pytest.mark.parametrize(("asked", "shown"), [(0, 1), (-1, 1), (1, 1), (7, 7), ("2", 2), ("x", 1), (None, 1)])
def test_it_starts_pages_at_1(asked: object, shown: int) -> None:
    assert clamp_page(asked) == shown

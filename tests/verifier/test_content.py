"""CONTENT level on real sources: does the source say in substance what the draft claims?"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from verifier.match.content import carrier_terms, content_coverage, gram_size, ngrams
from verifier.text import Normalized, normalize

CORPUS = Path(__file__).parent.parent / "data" / "corpus"


@cache
def source(name: str) -> Normalized:
    if name == "czp":  # SN, III CZP 36/02: art. 691 k.c. and a tenant who died before the new act
        judgments = json.loads((CORPUS / "pl/judgments/supreme_court/scJudgments_v1_1.json").read_text())
        return normalize(next(j["textContent"] for j in judgments if j["caseNumber"] == "III CZP 36/02"))
    if name == "schrems":
        return normalize((CORPUS / "eu/case_law/C-311-18.md").read_text(encoding="utf-8"))
    return normalize((CORPUS / "kr/precedents/민사/대법원/대법원_2015-07-23_2015다200111.md").read_text())


# (source, lang, the draft's claim, reaches CONTENT, terms scattered)
CLAIMS = [
    (
        "czp",
        "pl",
        "SN przyjął, że art. 691 k.c. w nowym brzmieniu nie stosuje się do oceny wstąpienia w najem po "
        "najemcy, który zmarł przed wejściem w życie ustawy o ochronie praw lokatorów.",
        True,
        False,
    ),
    (
        "czp",
        "pl",
        "SN przyjął, że klauzula waloryzacyjna w umowie kredytu frankowego jest dopuszczalna "
        "i wiąże konsumenta.",
        False,
        False,
    ),
    # every word is in the judgment, but about the facts, nowhere together: "true words, false thesis"
    (
        "czp",
        "pl",
        "Gmina Miasta musi wyremontować lokal mieszkalny dzieciom powódki po rozwodzie, "
        "bo ojciec był najemcą.",
        True,
        True,
    ),
    (
        "schrems",
        "en",
        "The Court declared the Privacy Shield Decision invalid because US surveillance programmes are not "
        "limited to what is strictly necessary.",
        True,
        False,
    ),
    (
        "schrems",
        "en",
        "The Court held that national rules on taxation of pension funds breach the free movement "
        "of capital.",
        False,
        False,
    ),
    (
        "prec",
        "ko",
        "형사사건에 관한 성공보수약정은 선량한 풍속 기타 사회질서에 위배되어 무효이다.",
        True,
        False,
    ),
    (
        "prec",
        "ko",
        "확률형 아이템 소비자 보호 의무 위반 시 사업자의 손해배상 책임을 인정한 선례이다.",
        False,
        False,
    ),
]


@pytest.mark.parametrize(("name", "lang", "claim", "reached", "scattered"), CLAIMS, ids=lambda v: str(v)[:24])
def test_it_measures_whether_the_source_carries_the_claim(
    name: str, lang: str, claim: str, reached: bool, scattered: bool
) -> None:
    result = content_coverage(claim, source(name), lang=lang)
    assert result.reached is reached, (result.coverage, result.missing)
    assert result.scattered is scattered, (result.jaccard, result.window_terms)
    if reached:
        assert result.start is not None
        assert result.end is not None
        assert source(name).original[result.start : result.end] == result.excerpt
        assert result.window_terms


def test_it_lists_the_missing_terms_of_an_off_topic_claim() -> None:
    result = content_coverage(
        "SN uznał, że klauzula waloryzacyjna jest dopuszczalna.", source("czp"), lang="pl"
    )
    assert {"klauzula", "waloryzacyjna", "dopuszczalna"} <= set(result.missing)


@pytest.mark.parametrize(
    ("lang", "claim", "framing"),
    [
        ("pl", "Sąd Najwyższy przyjął w wyroku, że najem wygasa.", {"sąd", "najwyższy", "przyjął", "wyroku"}),
        ("en", "The Court held in its judgment that the decision is invalid.", {"court", "held", "judgment"}),
        ("ko", "대법원 판결은 성공보수약정이 무효라고 판시한 선례이다.", {"대법원", "판결", "판시", "선례"}),
    ],
)
def test_it_does_not_count_the_framing_of_a_claim_as_its_substance(
    lang: str, claim: str, framing: set[str]
) -> None:
    result = content_coverage(claim, source("prec" if lang == "ko" else "czp"), lang=lang)
    assert result.terms
    assert not framing & set(result.terms)


def test_it_counts_a_term_found_only_in_boilerplate_as_half() -> None:
    result = content_coverage(
        "in accordance with the standard data protection clauses", source("schrems"), lang="en"
    )
    assert result.boilerplate == ("accordance",)
    assert set(result.found) == {"accordance", "standard", "data", "protection", "clauses"}
    assert result.coverage == pytest.approx((0.5 + 4) / 5)


def test_its_threshold_is_configurable() -> None:
    claim = CLAIMS[0][2]
    assert content_coverage(claim, source("czp"), lang="pl").reached
    assert not content_coverage(claim, source("czp"), lang="pl", threshold=0.99).reached


@pytest.mark.parametrize(("text", "n"), [("umowa najmu", 3), ("sąd najwyższy", 3), ("사회질서에 위반", 2)])
def test_it_uses_trigrams_for_latin_and_bigrams_for_hangul(text: str, n: int) -> None:
    assert gram_size(text) == n
    assert ngrams("abcd", 3) == frozenset({"abc", "bcd"})


@pytest.mark.parametrize(("lang", "message"), [("de", "supports pl, en, ko"), ("", "supports")])
def test_it_rejects_a_language_it_cannot_lemmatize(lang: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        content_coverage("claim", "source", lang=lang)


def test_a_claim_with_no_carrier_terms_never_reaches_content() -> None:
    result = content_coverage("SN uznał, że tak jest.", source("czp"), lang="pl")
    assert result.terms == ()
    assert not result.reached


@pytest.mark.parametrize(
    ("lang", "claim", "kept", "dropped"),
    [
        # the seed: carrier terms have at least 4 characters and are not stop-words
        (
            "pl",
            "Sąd uznał, że art. 58 k.c. nie ma tu zastosowania do umowy najmu.",
            {"zastosowania", "umowy", "najmu"},
            {"art", "58", "k.c", "że", "nie", "ma", "tu", "do"},
        ),
        (
            "en",
            "The Court held that the act of the Commission is void.",
            {"commission", "void"},
            {"the", "of", "is", "act", "court", "held"},
        ),
    ],
)
def test_it_keeps_only_words_of_four_letters_or_more_that_are_not_stop_words(
    lang: str, claim: str, kept: set[str], dropped: set[str]
) -> None:
    surfaces = {t.surface for t in carrier_terms(normalize(claim), lang=lang)}
    assert kept <= surfaces
    assert not dropped & surfaces


# --- issue 15 §10: a claim typed without Polish letters, a rare inflected word, template language ---------
CZP_CLAIMS = [
    # the claim of CLAIMS[0], typed without diacritics: the same terms are found
    (
        "SN przyjal, ze art. 691 k.c. w nowym brzmieniu nie stosuje sie do oceny wstapienia w najem po "
        "najemcy, ktory zmarl przed wejsciem w zycie ustawy o ochronie praw lokatorow.",
        True,
    ),
    # "niekorzystnej" is not in the lemmatizer's dictionary: its stem finds "niekorzystnym" in the judgment
    (
        "Sąd Najwyższy uznał, że ustalone prawa i obowiązki podmiotów nie powinny ulegać zmianie "
        "niekorzystnej.",
        True,
    ),
    # a stem is no licence for another word: kredytu frankowego / waloryzacyjna are nowhere in III CZP 36/02
    (
        "SN przyjal, ze klauzula waloryzacyjna w umowie kredytu frankowego jest dopuszczalna i wiaze "
        "konsumenta.",
        False,
    ),
]


@pytest.mark.parametrize(("claim", "reached"), CZP_CLAIMS)
def test_terms_are_found_without_diacritics_and_by_the_stem_of_a_rare_word(claim: str, reached: bool) -> None:
    assert content_coverage(claim, source("czp"), lang="pl").reached is reached


@pytest.mark.parametrize(
    ("word", "folded", "stem"),
    [
        ("stosował", "stosowal", "stoso"),
        ("Spółka", "Spolka", "Spolk"),  # six letters: the stem keeps five
        ("odpowiedzialnością", "odpowiedzialnoscia", "odpowiedzialnos"),
        ("근로기준법", "근로기준법", None),  # Hangul is not "folded" into its jamo, and not stemmed here
    ],
)
def test_fold_and_stem(word: str, folded: str, stem: str | None) -> None:
    from verifier.match.content import fold, stem_prefix

    assert fold(word) == folded
    assert len(fold(word)) == len(word)
    assert stem_prefix(word) == stem


def test_template_phrases_are_discounted_with_and_without_diacritics() -> None:
    # art. 353¹ k.c.-style contract boilerplate: "z zastrzeżeniem" is a formula, typed either way
    source_text = "Strony mogą ułożyć stosunek prawny według swego uznania, z zastrzeżeniem przepisów ustawy."
    for claim in (
        "Strony mogą ułożyć stosunek według uznania, z zastrzeżeniem wyjątków.",
        "Strony moga ulozyc stosunek wedlug uznania, z zastrzezeniem wyjatkow.",
    ):
        result = content_coverage(claim, source_text, lang="pl")
        assert "zastrzeżeniem" in result.boilerplate or "zastrzezeniem" in result.boilerplate
        assert result.raw_coverage is not None
        assert result.raw_coverage > result.coverage


def test_a_known_word_is_not_looked_for_by_its_stem() -> None:
    # "konkurencji" is the noun konkurencja: its stem would also find "konkurencyjną" (I ACa 927/13)
    from verifier.match.content import known_word

    assert known_word("konkurencji", "pl")
    assert not known_word("abuzywne", "pl")
    source_text = "Powódka poniosła szkodę wyrządzoną przez działalność konkurencyjną pozwanych."
    assert "konkurencji" in content_coverage("czyn konkurencji", source_text, lang="pl").missing

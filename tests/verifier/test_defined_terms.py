"""The terms an act defines, read from the act's own definitions (verifier/match/defined_terms.py): the
GDPR's Article 4, 근로기준법 제2조 and 개인정보 보호법 제2조 as the corpus holds them; an act without a
definitions article gives none, so no word of it is held to be a term."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.match.defined_terms import defined_terms, names_a_term

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
ACTS = {
    "GDPR": CORPUS / "eu" / "legislation" / "32016R0679" / "EU_document.txt",
    "근로기준법": CORPUS / "kr" / "statutes" / "근로기준법" / "법률(법률).md",
    "개인정보 보호법": CORPUS / "kr" / "statutes" / "개인정보보호법" / "법률.md",
    "민법": CORPUS / "kr" / "statutes" / "민법" / "법률.md",
    "형법": CORPUS / "kr" / "statutes" / "형법" / "법률.md",
}

# (act, terms it defines, words it uses but does not define)
ROWS = [
    (
        "GDPR",
        {"controller", "processor", "third party", "supervisory authority", "consent"},
        {"damage", "breach"},
    ),
    ("근로기준법", {"근로자", "사용자", "임금", "평균임금"}, {"해고"}),
    ("개인정보 보호법", {"개인정보", "정보주체", "개인정보처리자"}, {"제3자"}),
    ("민법", set(), {"채권자", "임차인"}),
    ("형법", set(), {"행위"}),
]


@pytest.mark.parametrize(("act", "defined", "used"), ROWS, ids=[r[0] for r in ROWS])
def test_an_act_defines_the_terms_of_its_definitions_article(
    act: str, defined: set[str], used: set[str]
) -> None:
    text = ACTS[act].read_text(encoding="utf-8")
    terms = defined_terms(text)
    assert defined <= terms
    assert not used & terms
    assert all(word in text for word in used)  # the act uses them: not a term is a finding, not an absence
    if not defined:
        assert terms == frozenset()


# (the words, the terms, the term they name | None)
NAMES = [
    (["the", "controller"], frozenset({"controller"}), "controller"),
    (["controllers"], frozenset({"controller"}), "controller"),
    (["third", "party"], frozenset({"third party", "party"}), "third party"),  # the longest term first
    (
        ["supervisory", "authority", "concerned"],
        frozenset({"supervisory authority concerned"}),
        "supervisory authority concerned",
    ),
    (["controlling"], frozenset({"controller"}), None),  # another word that starts alike
    (["근로자는"], frozenset({"근로자"}), "근로자"),  # a particle glued on
    (["processing"], frozenset(), None),  # an act without definitions
]


@pytest.mark.parametrize(("words", "terms", "named"), NAMES, ids=[" ".join(w) for w, _, _ in NAMES])
def test_words_name_a_defined_term(words: list[str], terms: frozenset[str], named: str | None) -> None:
    assert names_a_term(words, terms) == named

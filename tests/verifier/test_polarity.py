"""Polarity, modality and legal effect (issue 15, class 5): the draft states a provision the other way round.

The source texts are the units the product reads for the citations, from the offline corpus
(`builders.unit_text`); the claims are what drafts write about them, right and reversed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.verifier.builders import unit_text
from verifier.match.fragment import FragmentStatus, find_quote, meaning_change
from verifier.match.polarity import LANGUAGES, compare_polarity, cues, predications, quote_change
from verifier.text import normalize

CORPUS = Path(__file__).parent.parent / "data" / "corpus"
C300 = (CORPUS / "eu/case_law/C-300-21.md").read_text(encoding="utf-8")

# (lang, the draft's claim, its citation, [(kind, the draft's phrase, the source's)] — [] when it agrees)
PARAPHRASES = [
    # k.c. art. 5 "Nie można czynić ze swego prawa użytku, który by był sprzeczny …": a prohibition denies a
    # permission, so a court's finding that a party did the prohibited thing applies it (testRawSource-
    # CcJudgments.sql), while a draft that says one MAY do it states it the other way round
    (
        "pl",
        "Działanie powódki stanowiło czynienie ze swego prawa użytku sprzecznego z jego "
        "społeczno-gospodarczym przeznaczeniem.",
        "art. 5 k.c.",
        [],
    ),
    (
        "pl",
        "Można czynić ze swego prawa użytku, który by był sprzeczny ze społeczno-gospodarczym "
        "przeznaczeniem tego prawa.",
        "art. 5 k.c.",
        [("negation", "Można czynić", "Nie można czynić")],
    ),
    # k.c. art. 417 § 1 "Skarb Państwa ponosi odpowiedzialność za szkodę …": the same word, negated in the
    # draft and plain in the unit, is a reversal; another form of it is not evidence ("odpowiedzialności")
    (
        "pl",
        "Skarb Państwa nie ponosi odpowiedzialności za szkodę wyrządzoną przez funkcjonariusza państwowego.",
        "art. 417 § 1 k.c.",
        [("negation", "nie ponosi", "ponosi")],
    ),
    (
        "pl",
        "Skarb Państwa ponosi odpowiedzialność za szkodę wyrządzoną przez funkcjonariusza państwowego.",
        "art. 417 § 1 k.c.",
        [],
    ),
    # GDPR Art. 6(1)(f) "… except where such interests are overridden by the interests or fundamental rights":
    # a concession of the case the point excepts is the other legal effect
    (
        "en",
        "processing is lawful where it is necessary for the legitimate interests pursued by the controller, "
        "even where such interests are overridden by the fundamental rights of the data subject.",
        "Article 6(1)(f) GDPR",
        [
            (
                "opposite",
                "even where such interests are overridden",
                "except where such interests are overridden",
            )
        ],
    ),
    (
        "en",
        "processing is lawful where it is necessary for the legitimate interests pursued by the controller, "
        "except where such interests are overridden by the fundamental rights of the data subject.",
        "Article 6(1)(f) GDPR",
        [],
    ),
    # "even" about another case than the exception's is no reversal: "even where the data subject is a child"
    (
        "en",
        "processing necessary for the legitimate interests pursued by the controller is lawful even where "
        "the data subject is a child.",
        "Article 6(1)(f) GDPR",
        [],
    ),
    # P14 and its control: GDPR Art. 7(3) "The withdrawal of consent shall not affect the lawfulness…"
    (
        "en",
        "the withdrawal of consent affects the lawfulness of processing based on consent before its "
        "withdrawal.",
        "Article 7(3) GDPR",
        [("negation", "affects", "shall not affect")],
    ),
    (
        "en",
        "the withdrawal of consent shall not affect the lawfulness of processing based on consent before its "
        "withdrawal.",
        "Article 7(3) GDPR",
        [],
    ),
    # Art. 15(3) "the controller may charge a reasonable fee" (may ↔ may not)
    (
        "en",
        "the controller may not charge any fee for further copies requested by the data subject.",
        "Article 15(3) GDPR",
        [("negation", "may not charge", "may charge")],
    ),
    ("en", "the controller may charge a reasonable fee for further copies.", "Article 15(3) GDPR", []),
    # "without affecting" is "shall not affect" in other words
    (
        "en",
        "the data subject may withdraw consent at any time, without affecting the lawfulness of earlier "
        "processing.",
        "Article 7(3) GDPR",
        [],
    ),
    # Art. 12(3) "The controller shall provide information" (may ↔ must)
    (
        "en",
        "the controller may provide information on action taken on a request",
        "Article 12(3) GDPR",
        [("modality", "may provide", "shall provide")],
    ),
    ("en", "the controller must provide information on action taken on a request", "Article 12(3) GDPR", []),
    # Art. 9(2)(a): "explicit consent" (explicit ↔ implicit)
    (
        "en",
        "the data subject has given implicit consent to the processing",
        "Article 9(2)(a) GDPR",
        [("opposite", "implicit", "explicit")],
    ),
    # P15 and its control: k.p. art. 8 "nie jest uważane za wykonywanie prawa i nie korzysta z ochrony"
    (
        "pl",
        "działanie sprzeczne ze społeczno-gospodarczym przeznaczeniem prawa jest uważane za wykonywanie "
        "prawa i korzysta z ochrony.",
        "art. 8 k.p.",
        [("negation", "jest uważane", "nie jest uważane"), ("negation", "korzysta", "nie korzysta")],
    ),
    (
        "pl",
        "działanie sprzeczne ze społeczno-gospodarczym przeznaczeniem prawa nie jest uważane za wykonywanie "
        "prawa i nie korzysta z ochrony.",
        "art. 8 k.p.",
        [],
    ),
    # k.c. art. 123 § 1 "Bieg przedawnienia przerywa się" (przerwanie ↔ zawieszenie)
    (
        "pl",
        "bieg przedawnienia zawiesza się przez uznanie roszczenia przez osobę, przeciwko której roszczenie "
        "przysługuje.",
        "art. 123 § 1 pkt 2 k.c.",
        [("opposite", "zawiesza", "przerywa")],
    ),
    ("pl", "bieg przedawnienia przerywa się przez uznanie roszczenia", "art. 123 § 1 pkt 2 k.c.", []),
    # k.c. art. 353¹ "byleby jego treść lub cel nie sprzeciwiały się … ustawie"
    (
        "pl",
        "strony mogą ułożyć stosunek prawny według swego uznania, nawet jeżeli jego treść lub cel "
        "sprzeciwia się ustawie.",
        "art. 353¹ k.c.",
        # the negation sits beside a condition ("jeżeli", "byleby"); the concession for the article's
        # exception is the certain reversal
        [
            ("negation", "sprzeciwia", "nie sprzeciwiały"),
            (
                "opposite",
                "nawet jeżeli jego treść lub cel sprzeciwia",
                "byleby jego treść lub cel nie sprzeciwiały",
            ),
        ],
    ),
    # k.c. art. 58 § 2 "Nieważna jest czynność prawna sprzeczna z zasadami współżycia społecznego":
    # void, not voidable
    (
        "pl",
        "czynność prawna sprzeczna z zasadami współżycia społecznego jest wzruszalna.",
        "art. 58 § 2 k.c.",
        [("opposite", "wzruszalna", "Nieważna")],
    ),
    (
        "pl",
        "nieważna jest czynność prawna sprzeczna z zasadami współżycia społecznego.",
        "art. 58 § 2 k.c.",
        [],
    ),
    # a factual premise's negation is not the statute's: "nie wykonał" is not "wykonania" negated
    (
        "pl",
        "Ponieważ pozwany nie wykonał umowy w terminie, jest on obowiązany do naprawienia szkody wynikłej z "
        "niewykonania zobowiązania.",
        "art. 471 k.c.",
        [],
    ),
    # P16 and its control: 개인정보 보호법 제22조의2② "…해당 아동으로부터 직접 수집할 수 있다"
    (
        "ko",
        "법정대리인의 동의를 받기 위하여 필요한 최소한의 정보도 법정대리인의 동의 없이는 아동으로부터 직접 "
        "수집할 수 없다.",
        "개인정보 보호법 제22조의2 제2항",
        [("negation", "수집할 수 없다", "수집할 수 있다")],
    ),
    (
        "ko",
        "법정대리인의 동의를 받기 위하여 필요한 최소한의 정보는 법정대리인의 동의 없이 해당 아동으로부터 "
        "직접 수집할 수 있다.",
        "개인정보 보호법 제22조의2 제2항",
        [],
    ),
    # 근로기준법 제23조① "…을 하지 못한다" (할 수 있다 ↔ 하지 못한다)
    (
        "ko",
        "사용자는 근로자에게 정당한 이유가 없더라도 해고, 휴직, 정직, 전직, 감봉을 할 수 있다.",
        "근로기준법 제23조 제1항",
        [("negation", "할 수 있다", "하지 못한다")],
    ),
    (
        "ko",
        "사용자는 근로자에게 정당한 이유 없이 해고, 휴직, 정직, 전직, 감봉, 그 밖의 징벌을 하지 못한다.",
        "근로기준법 제23조 제1항",
        [],
    ),
    # 근로기준법 제94조①: 취업규칙, not 단체협약
    (
        "ko",
        "사용자가 단체협약을 근로자에게 불리하게 변경하는 경우에는 그 동의를 받아야 한다.",
        "근로기준법 제94조 제1항",
        [("opposite", "단체협약을", "취업규칙의")],
    ),
    # 근로기준법 제60조① "…주어야 한다": "need not" denies a "must"
    (
        "ko",
        "사용자는 1년간 80퍼센트 이상 출근한 근로자에게 15일의 유급휴가를 주지 않아도 된다.",
        "근로기준법 제60조 제1항",
        [("negation", "주지 않아도 된다", "주어야 한다")],
    ),
    # 민법 제5조② "취소할 수 있다" (무효 ↔ 취소)
    (
        "ko",
        "미성년자가 법정대리인의 동의 없이 한 법률행위는 무효로 한다.",
        "민법 제5조 제2항",
        [("opposite", "무효로", "취소할")],
    ),
]


@pytest.mark.parametrize(
    ("lang", "claim", "citation", "reversals"), PARAPHRASES, ids=[p[1][:40] for p in PARAPHRASES]
)
def test_a_phrase_the_unit_states_only_the_other_way_round_is_named(
    lang: str, claim: str, citation: str, reversals: list[tuple[str, str, str]]
) -> None:
    check = compare_polarity(claim, unit_text(citation), lang=lang)
    assert [(r.kind, r.draft, r.source) for r in check.reversals] == reversals
    assert not any(r.conditional for r in check.reversals) or citation == "art. 353¹ k.c."


# (lang, a claim that says what its unit says with the negation moved beside a condition, citation)
CONDITIONAL = [
    # GDPR Art. 6(1) "Processing shall be lawful only if …"
    ("en", "processing is not lawful unless one of the listed grounds applies.", "Article 6(1) GDPR"),
    # GDPR Art. 33(1) "… unless the personal data breach is unlikely to result in a risk"
    (
        "en",
        "a breach need not be notified unless it is likely to result in a risk to the rights and freedoms",
        "Article 33(1) GDPR",
    ),
    # k.c. art. 353¹ "mogą ułożyć stosunek prawny …, byleby jego treść lub cel nie sprzeciwiały się … ustawie"
    ("pl", "strony nie mogą ułożyć stosunku prawnego sprzecznie z ustawą.", "art. 353¹ k.c."),
    # 개인정보 보호법 제15조① "다음 각 호의 어느 하나에 해당하는 경우에는 개인정보를 수집할 수 있으며"
    ("ko", "정보주체의 동의가 없으면 개인정보를 수집할 수 없다.", "개인정보 보호법 제15조 제1항"),
]


@pytest.mark.parametrize(("lang", "claim", "citation"), CONDITIONAL, ids=[c[1][:40] for c in CONDITIONAL])
def test_a_negation_beside_a_condition_is_only_a_question(lang: str, claim: str, citation: str) -> None:
    """ "is not lawful unless" says what "shall be lawful only if" says: the flip is marked conditional, and
    the gradient makes it a note, not a 🔴."""
    check = compare_polarity(claim, unit_text(citation), lang=lang)
    assert check.reversals
    assert all(r.conditional for r in check.reversals if r.kind == "negation")


def test_a_negated_side_of_a_pair_is_the_other_side() -> None:
    # GDPR Art. 9(1) "… shall be prohibited": "is not permitted" says the same
    text = unit_text("Article 9(1) GDPR")
    assert (
        compare_polarity(
            "processing of data revealing racial origin is not permitted", text, lang="en"
        ).reversals
        == ()
    )
    (reversal,) = compare_polarity(
        "processing of data revealing racial origin is permitted", text, lang="en"
    ).reversals
    assert (reversal.kind, reversal.draft, reversal.source) == ("opposite", "permitted", "prohibited")


def test_a_polish_modal_negates_its_verb_not_the_object_before_it() -> None:
    # k.c. art. 117 § 2 (1964): "nie można roszczenia przedawnionego dochodzić"
    said = normalize(unit_text("art. 117 § 2 k.c.")).text
    negated = {p.key for p in predications(said, "pl") if p.negated}
    assert "dochodzić" in negated
    assert "roszczenie" not in negated


def test_a_word_in_a_negated_clause_is_not_the_word_negated() -> None:
    # C-300/21: "…is not subject to the condition…"; the draft's "cannot be made subject to" says the same
    check = compare_polarity(
        "compensation for non-material damage cannot be made subject to the condition that the damage has "
        "reached a certain degree of seriousness",
        C300,
        lang="en",
    )
    assert check.reversals == ()


def test_a_headnotes_answer_decides_its_question() -> None:
    # 2014다235080 판시사항: "…위법하다고 할 수 있는지 여부(소극)": the answer is no
    said = normalize("정보처리 행위를 위법하다고 할 수 있는지 여부(소극)").text
    (question,) = predications(said, "ko")
    assert (question.negated, question.modality) == (True, "can")
    claim = "정보처리 행위를 위법하다고 할 수 없다고 판시하였다."
    assert compare_polarity(claim, said, lang="ko").reversals == ()
    assert predications(normalize("할 수 있는지 여부가 문제된다").text, "ko") == []  # no answer: no statement


def test_a_word_the_unit_states_both_ways_is_no_evidence() -> None:
    # GDPR Art. 8(1) says "shall be lawful" twice, once "only if": "is not lawful" has a positive twin there
    text = unit_text("Article 8(1) GDPR")
    assert compare_polarity("the processing is lawful", text, lang="en").reversals == ()


# quotes: the one changed word that turns the law around (FRAGMENT, verifier/match/fragment.py)
QUOTES = [
    # en-pol-02f: GDPR Art. 9(1) "… shall be prohibited."
    (
        "data concerning health or data concerning a natural person's sex life or sexual orientation shall "
        "be permitted",
        "Article 9(1) GDPR",
        "opposite",
    ),
    # GDPR Art. 15(3) "the controller may charge a reasonable fee based on administrative costs"
    (
        "For any further copies requested by the data subject, the controller shall charge a reasonable fee "
        "based on administrative costs.",
        "Article 15(3) GDPR",
        "modality",
    ),
    # k.p. art. 152 § 2 "Pracownik nie może zrzec się prawa do urlopu." (the negation dropped)
    ("Pracownik może zrzec się prawa do urlopu.", "art. 152 § 2 k.p.", "negation"),
    # 민법 제103조 "…법률행위는 무효로 한다." / 제5조② "…취소할 수 있다"
    ("전항의 규정에 위반한 행위는 무효로 할 수 있다.", "민법 제5조 제2항", "opposite"),
]


@pytest.mark.parametrize(("quote", "citation", "change"), QUOTES, ids=[q[0][:40] for q in QUOTES])
def test_a_quote_with_a_reversing_word_is_not_a_small_difference(
    quote: str, citation: str, change: str
) -> None:
    result = find_quote(quote, normalize(unit_text(citation)))
    assert result.status is FragmentStatus.ABSENT
    assert result.meaning_change == change
    assert result.nearest  # the passage it was taken from is shown


@pytest.mark.parametrize(
    ("deleted", "inserted", "change"),
    [
        (["permitted"], ["prohibited"], "opposite"),
        (["zawiesza"], ["przerywa"], "opposite"),
        (["무효로"], ["취소할"], "opposite"),
        (["may"], ["shall"], "modality"),
        (["może"], ["powinien"], "modality"),
        (["shall"], ["must"], None),  # the same modality
        (["Commissiöner"], ["Commissioner"], None),
    ],
)
def test_it_names_what_a_changed_word_does_to_a_quote(
    deleted: list[str], inserted: list[str], change: str | None
) -> None:
    assert quote_change([w.casefold() for w in deleted], [w.casefold() for w in inserted]) == change
    assert meaning_change((("delete", " ".join(deleted)), ("insert", " ".join(inserted)))) == change


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_cue_and_pair_comes_with_a_real_example(lang: str) -> None:
    path = Path(__file__).resolve().parents[2] / "verifier" / "data" / f"polarity-{lang}.txt"
    entries = [
        line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")
    ]
    assert entries
    for line in entries:
        assert "\t#" in line, f"polarity-{lang}.txt: {line!r} has no example"
    assert cues(lang).pairs

"""Issue 15, class 6: the topic check in every jurisdiction — a real case number attached to another subject.

Each row is a sentence a lawyer writes about a judgment of the offline corpus (tests/data/corpus), the claim's
subject compared with what the judgment says it is about (판시사항, the Polish head before the reasons, the
CJEU's subject matter and operative part) and then with its text. The faulty rows attach the number to the
subject of another judgment of the corpus; the correct ones are their controls.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.citations import extract_claims
from verifier.citations.substance import claim_substance
from verifier.claim_sample import language_of_claim
from verifier.model import Found, SourceDocument
from verifier.precedent_topic import check_topic
from verifier.rarity import FLOOR, compound_weight, weight
from verifier.topic_fields import topic_fields


@cache
def document(key: str) -> SourceDocument:
    from verifier.model import Anchor

    found = corpus_router().resolve(Anchor(key=key, number=key.rsplit(":", 1)[-1]))
    assert isinstance(found, Found), found
    return found.document


# (memo, sentence, the judgment's key, the subject is another case's)
TOPICS = [
    # Korean: 96다47951 is on 불공정한 법률행위 (간통 합의금), not on 직장 내 괴롭힘 (issue 15, P6 / P7)
    (
        "ko",
        "직장 내 괴롭힘의 판단 기준에 관하여 대법원 1997. 3. 25. 선고 96다47951 판결은 사용자의 "
        "조치의무를 인정하였다.",
        "kr:prec:96다47951",
        True,
    ),
    (
        "ko",
        "불공정한 법률행위의 성립 요건에 관하여는 대법원 1997. 3. 25. 선고 96다47951 판결이 판시하였다.",
        "kr:prec:96다47951",
        False,
    ),
    # 2002다62432 is on 시용기간 (probation); 정리해고 is not 해고 of a probationer: compounds stay whole
    (
        "ko",
        "대법원 2006. 2. 24. 선고 2002다62432 판결은 정리해고의 요건인 긴박한 경영상의 필요를 판단하였다.",
        "kr:prec:2002다62432",
        True,
    ),
    (
        "ko",
        "대법원 2006. 2. 24. 선고 2002다62432 판결은 시용기간 중의 근로자를 해고하는 데에도 객관적으로 "
        "합리적인 이유가 있어야 한다고 판시하였다.",
        "kr:prec:2002다62432",
        False,
    ),
    # Polish: I ACa 499/13 is an unfair-competition case; II UZP 26/94 is on 'dochód'; II URN 30/94 on a
    # disability pension
    (
        "pl",
        "W postanowieniu z 7 listopada 2013 r., I ACa 499/13, Sąd Apelacyjny w Gdańsku orzekł o wstąpieniu "
        "w stosunek najmu lokalu mieszkalnego po zmarłym najemcy.",
        "pl:case:I ACa 499/13",
        True,
    ),
    (
        "pl",
        "W postanowieniu z 7 listopada 2013 r., I ACa 499/13, Sąd Apelacyjny w Gdańsku orzekł w sprawie "
        "o zaniechanie czynów nieuczciwej konkurencji.",
        "pl:case:I ACa 499/13",
        False,
    ),
    (
        "pl",
        "W uchwale z 28 września 1994 r., II UZP 26/94, Sąd Najwyższy orzekł o odpowiedzialności syndyka "
        "masy upadłości za składki na ubezpieczenie społeczne.",
        "pl:case:II UZP 26/94",
        True,
    ),
    (
        "pl",
        "W uchwale z 28 września 1994 r., II UZP 26/94, Sąd Najwyższy orzekł, że pojęcie dochodu "
        "powodującego zawieszenie lub zmniejszenie emerytury obejmuje kwotę po odliczeniu kosztów.",
        "pl:case:II UZP 26/94",
        False,
    ),
    (
        "pl",
        "W wyroku z 28 września 1994 r., II URN 30/94, Sąd Najwyższy przyznał pracownikowi odszkodowanie "
        "za mobbing.",
        "pl:case:II URN 30/94",
        True,
    ),
    # EU: C-311/18 is on transfers to third countries; C-300/21 on compensation under Article 82 GDPR
    (
        "en",
        "In Case C-311/18 the Court ruled on the conditions for compensation of non-material damage.",
        "eu:celex:62018CJ0311",
        True,
    ),
    (
        "en",
        "In Case C-311/18 the Court ruled on the powers of the supervisory authorities to suspend or "
        "prohibit transfers of personal data to third countries based on standard data protection clauses.",
        "eu:celex:62018CJ0311",
        False,
    ),
    (
        "en",
        "In Case C-300/21 the Court ruled on the validity of the EU-US Privacy Shield decision.",
        "eu:celex:62021CJ0300",
        True,
    ),
    (
        "en",
        "In Case C-300/21 the Court ruled that a national rule making compensation for non-material "
        "damage subject to a threshold of seriousness is precluded.",
        "eu:celex:62021CJ0300",
        False,
    ),
]


def _claim(memo: str, sentence: str):
    claims = [c for c in extract_claims(sentence, lang=memo) if c.citation.anchor is not None]
    assert claims, sentence
    return claims[0]


@pytest.mark.parametrize(("memo", "sentence", "key", "other"), TOPICS)
def test_a_judgment_is_checked_for_the_subject_the_claim_gives_it(
    memo: str, sentence: str, key: str, other: bool
) -> None:
    claim = _claim(memo, sentence)
    topic = check_topic(claim_substance(claim), document(key), lang=language_of_claim(claim, memo))
    assert topic.compared
    assert topic.mismatch is other, topic


def test_a_claim_in_another_language_than_the_judgment_is_not_compared() -> None:
    # an English memo on a Korean precedent, a Polish one on an English CJEU text: a person compares them
    english = _claim(
        "en",
        "In 대법원 2016. 8. 17. 선고 2014다235080 판결 the Supreme Court held that an employer may give "
        "notice of dismissal by e-mail.",
    )
    topic = check_topic(claim_substance(english), document("kr:prec:2014다235080"), lang="en")
    assert (topic.compared, topic.reason, topic.mismatch) == (False, "cross_language", False)


def test_the_mismatch_names_what_is_missing_and_what_the_judgment_is_about() -> None:
    claim = _claim("pl", TOPICS[6][1])
    topic = check_topic(claim_substance(claim), document("pl:case:II UZP 26/94"), lang="pl")
    assert "syndyka" in topic.missing
    assert topic.about.startswith("o zwrot")


@pytest.mark.parametrize(
    ("key", "starts"),
    [
        ("kr:prec:96다47951", "[1] 간통으로"),  # 판시사항
        ("pl:case:I ACa 499/13", "o zaniechanie"),  # the subject line before the reasons
        ("eu:celex:62021CJ0300", "Reference for a preliminary ruling"),  # the subject matter
    ],
)
def test_what_a_judgment_says_it_is_about(key: str, starts: str) -> None:
    fields = topic_fields(document(key))
    assert fields is not None
    assert fields.about.startswith(starts)


def test_the_operative_part_is_read_for_an_eu_judgment() -> None:
    fields = topic_fields(document("eu:celex:62018CJ0311"))
    assert fields is not None
    assert "Privacy Shield is invalid" in " ".join(fields.text.split())


@pytest.mark.parametrize(
    ("word", "lang", "rare"),
    [
        ("mobbing", "pl", True),
        ("syndyka", "pl", True),
        ("sąd", "pl", False),
        ("non-material", "en", True),
        ("court", "en", False),
        ("괴롭힘", "ko", True),
        ("판단", "ko", False),
    ],
)
def test_rare_words_weigh_more_than_common_ones(word: str, lang: str, rare: bool) -> None:
    assert (weight(word, lang) >= 0.7) is rare
    assert weight(word, lang) >= FLOOR


def test_a_korean_compound_weighs_more_than_its_pieces() -> None:
    assert compound_weight(["정리", "해고"], "ko") > weight("해고", "ko")
    assert compound_weight(["판단", "기준"], "ko") < 0.3  # two words every judgment uses

"""Verdict rules of issue 15 that the annotated set found wrong, through the product's own path (ingest →
claims → the offline corpus → measure → decide), each on real sentences of tests/data/corpus/ with a correct
twin and a faulty one: what a lawyer sees (the status and the words of the rationale that say why).
"""

from __future__ import annotations

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.ingest import ingest_text
from verifier.model import Finding, Status
from verifier.pipeline import verify_document


def finding(draft: str, citation: str, *, lang: str) -> Finding:
    report = verify_document(ingest_text(draft, name="rules"), corpus_router(), lang=lang, workers=1)
    return next(f for f in report.findings if f.citation == citation)


# --- an article made of numbered points (GDPR Art. 4, "Definitions"): "Article 4(11)" is its point (11) ---
# (draft, citation, statuses allowed, words the rationale must hold or must not hold: "!…")
DEFINITIONS = [
    (  # GDPR Art. 4(11): "'consent' of the data subject means any freely given, specific, informed …"
        "Article 4(11) GDPR defines consent as any freely given, specific, informed and unambiguous "
        "indication of the data subject's wishes.",
        "Article 4(11) GDPR",
        {Status.VERIFIED, Status.NEEDS_JUDGEMENT},
        "!no paragraph",
    ),
    (  # GDPR Art. 4(7): "'controller' means the natural or legal person … which, alone or jointly with
        # others, determines the purposes and means of the processing of personal data"
        "Under Article 4(7) GDPR the controller is the natural or legal person which, alone or jointly with "
        "others, determines the purposes and means of the processing of personal data.",
        "Article 4(7) GDPR",
        {Status.VERIFIED, Status.NEEDS_JUDGEMENT},
        "!no paragraph",
    ),
    (  # the same claim at point (12), 'personal data breach': its words are not there
        "Article 4(12) GDPR defines consent as any freely given, specific, informed and unambiguous "
        "indication of the data subject's wishes.",
        "Article 4(12) GDPR",
        {Status.UNVERIFIED},
        "consent",
    ),
    (  # Art. 4 has 26 points: a point (40) does not exist, and is named as missing
        "Article 4(40) GDPR defines consent as any freely given, specific, informed and unambiguous "
        "indication of the data subject's wishes.",
        "Article 4(40) GDPR",
        {Status.UNVERIFIED},
        "(40)",
    ),
]


@pytest.mark.parametrize(("draft", "citation", "allowed", "words"), DEFINITIONS)
def test_a_numbered_definition_is_the_articles_point(
    draft: str, citation: str, allowed: set[Status], words: str
) -> None:
    f = finding(draft, citation, lang="en")
    assert f.status in allowed, f.rationale
    if words.startswith("!"):
        assert words[1:] not in f.rationale
    else:
        assert words in f.rationale


# --- a claim in another language than its unit: the words are a person's to compare, the numbers are not --
# (memo language, draft, citation, status, words the rationale must hold)
ACROSS = [
    # k.c. art. 10 § 1 "Pełnoletnim jest, kto ukończył lat osiemnaście."
    (
        "pl",
        "Under art. 10 § 1 k.c., a person who has reached twenty-one years of age is of full age.",
        "art. 10 § 1 k.c.",
        Status.UNVERIFIED,
        ("twenty-one years", "lat osiemnaście"),
    ),
    (
        "pl",
        "Under art. 10 § 1 k.c., a person who has reached eighteen years of age is of full age.",
        "art. 10 § 1 k.c.",
        Status.NEEDS_JUDGEMENT,
        ("(en)", "(pl)"),
    ),
    # 민법 제4조 "사람은 19세로 성년에 이르게 된다."
    (
        "en",
        "Under 민법 제4조, a person comes of age at 20 years.",
        "민법 제4조",
        Status.UNVERIFIED,
        ("20 years", "19세"),
    ),
    (
        "en",
        "Under 민법 제4조, a person comes of age at 19 years.",
        "민법 제4조",
        Status.NEEDS_JUDGEMENT,
        ("(ko)",),
    ),
    # GDPR Art. 33(1) "… not later than 72 hours after having become aware of it"
    (
        "pl",
        "Zgodnie z art. 33 ust. 1 RODO administrator zgłasza naruszenie ochrony danych osobowych organowi "
        "nadzorczemu w ciągu 48 godzin.",
        "art. 33 ust. 1 RODO",
        Status.UNVERIFIED,
        ("48 godzin", "72 hours"),
    ),
    (
        "pl",
        "Zgodnie z art. 33 ust. 1 RODO administrator zgłasza naruszenie ochrony danych osobowych organowi "
        "nadzorczemu w ciągu 72 godzin.",
        "art. 33 ust. 1 RODO",
        Status.NEEDS_JUDGEMENT,
        ("(pl)", "(en)"),
    ),
    # GDPR Art. 12(3) states "one month" and "two further months": which one the claim's number is about
    # cannot be told without the words, so nothing is compared
    (
        "pl",
        "Zgodnie z art. 12 ust. 3 RODO administrator udziela informacji bez zbędnej zwłoki, w każdym razie w "
        "terminie trzech miesięcy od otrzymania żądania.",
        "art. 12 ust. 3 RODO",
        Status.NEEDS_JUDGEMENT,
        (),
    ),
]


@pytest.mark.parametrize(("memo", "draft", "citation", "status", "words"), ACROSS)
def test_a_claims_number_is_compared_in_another_language(
    memo: str, draft: str, citation: str, status: Status, words: tuple[str, ...]
) -> None:
    f = finding(draft, citation, lang=memo)
    assert f.status is status, f.rationale
    for word in words:
        assert word in f.rationale


# --- a paraphrase that names the paragraph of a judgment is read at that paragraph -----------------------
# C-300/21 paragraph 51: "… precluding a national rule or practice which makes compensation for non-material
# damage … subject to the condition that the damage suffered by the data subject has reached a certain degree
# of seriousness"; paragraph 57 is on recital 146, paragraph 45 on the concept of 'damage'
PARAGRAPHS = [
    (
        "Compensation for non-material damage cannot be made subject to a threshold of seriousness "
        "(Case C-300/21, paragraph 51).",
        "Case C-300/21",
        False,
    ),
    (
        "Compensation for non-material damage cannot be made subject to a threshold of seriousness "
        "(Case C-300/21, paragraph 57).",
        "Case C-300/21",
        True,
    ),
    (
        "The Court held that the mere infringement of the GDPR is not sufficient to confer a right to "
        "compensation (Case C-300/21, paragraph 42). National courts must apply the domestic rules of each "
        "Member State relating to the extent of financial compensation (ibid., paragraph 59).",
        "ibid.",
        False,
    ),
    (
        "The Court held that the mere infringement of the GDPR is not sufficient to confer a right to "
        "compensation (Case C-300/21, paragraph 42). National courts must apply the domestic rules of each "
        "Member State relating to the extent of financial compensation (ibid., paragraph 45).",
        "ibid.",
        True,
    ),
]


@pytest.mark.parametrize(("draft", "citation", "red"), PARAGRAPHS)
def test_a_paraphrase_is_read_at_the_paragraph_it_names(draft: str, citation: str, red: bool) -> None:
    f = finding(draft, citation, lang="en")
    assert (f.status is Status.UNVERIFIED) is red, f.rationale
    if red:
        assert "terms are there" in f.rationale
    else:
        assert f.status is not Status.VERIFIED  # a paraphrase of a judgment is a person's to confirm

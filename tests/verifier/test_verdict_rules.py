"""Verdict rules of issue 15 that the annotated set found wrong, through the product's own path (ingest →
claims → the offline corpus → measure → decide), each on real sentences of tests/data/corpus/ with a correct
twin and a faulty one: what a lawyer sees (the status and the words of the rationale that say why).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accuracy.evaluate import corpus_router
from verifier.ingest import ingest_text
from verifier.match.fragment import find_quote
from verifier.match.normalized import normalized_source
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
    (  # the same claim at point (12), 'personal data breach': its words are point (11)'s, which is named
        "Article 4(12) GDPR defines consent as any freely given, specific, informed and unambiguous "
        "indication of the data subject's wishes.",
        "Article 4(12) GDPR",
        {Status.UNVERIFIED},
        "what Article 4(11) of the act says",
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
    if red:  # the paragraph that says it is named: a wrong pinpoint, not "few of the terms"
        assert "correct the pinpoint to paragraph" in f.rationale
    else:
        assert f.status is not Status.VERIFIED  # a paraphrase of a judgment is a person's to confirm


# --- an invented quote whose nearest passage the source denies ("it cannot be held that …") -------------
CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
C300, C311 = "eu/case_law/C-300-21.md", "eu/case_law/C-311-18.md"
SAOS = "pl/judgments/common_courts/testRawSourceCcJudgments.sql"
K2015 = "kr/precedents/민사/대법원/대법원_2015-07-23_2015다200111.md"

# (source, quote, what find_quote says: "denied" / None, the denying words shown as the diff's insertion)
DENIED = [
    # paragraph 33: "Therefore, it cannot be held that any ‘infringement’ of the provisions of the GDPR, by
    # itself, confers that right to compensation on the data subject"
    (
        C300,
        "any infringement of the GDPR gives rise, of itself, to a right to compensation for non-material "
        "damage",
        "denied",
        "cannot be held that",
    ),
    # paragraph 128: "However, those provisions do not state that all safeguards must necessarily be provided
    # for in a Commission decision such as the SCC Decision."
    (
        C311,
        "all the safeguards must always be provided for in a decision of the Commission",
        "denied",
        "not state that",
    ),
    # "W tych okolicznościach nie można uznać, że orzeczenie, którego skarga dotyczy jest orzeczeniem
    # dotyczącym tego samego stosunku prawnego."
    (
        SAOS,
        "orzeczenie, którego dotyczy skarga, jest orzeczeniem w tym samym stosunku prawnym",
        "denied",
        "nie można uznać, że",
    ),
    # 대법원 2015다200111: "…상당한 금액을 수수하는 것은 사회적 타당성을 갖추고 있다고 볼 수 없고": a
    # Korean court denies the clause before "…고 볼 수 없다"
    (
        K2015,
        "의뢰인에게 유리한 결과에 대한 대가로 상당한 금액을 수수하는 것은 사회적 타당성을 갖추고 있다",
        "denied",
        "있다고 볼 수 없고",
    ),
    # the same judgment's 판결요지 on the agreements: "…선량한 풍속 기타 사회질서에 위배되는 것으로
    # 평가할 수 있다"; a quote that calls them 유효 has no passage like it and no frame to read: no denial
    (
        K2015,
        "형사사건의 성공보수약정은 변호사의 정당한 직무수행에 대한 대가이므로 원칙적으로 유효하다",
        None,
        "",
    ),
    # paragraph 46: "the right to compensation is not subject to the condition that the damage in question has
    # reached a certain threshold of seriousness": a negation before "that", but no frame of holding — the
    # clause is the condition, not what is denied
    (C300, "the damage has reached a particular threshold of seriousness", None, ""),
    # "Ostatecznie należy więc przyjąć, że podstawą roszczenia powódki był przepis …": a frame, no negation
    (SAOS, "podstawą roszczenia powódki był przepis art. 405 k.c.", None, ""),
]


@pytest.mark.parametrize(("path", "quote", "change", "denying"), DENIED)
def test_a_quote_near_a_denied_passage_says_the_opposite(
    path: str, quote: str, change: str | None, denying: str
) -> None:
    result = find_quote(quote, normalized_source((CORPUS / path).read_text(encoding="utf-8")))
    assert not result.found
    assert result.meaning_change == change
    if change is not None:
        assert ("insert", denying) in result.nearest[0].diff


# through the product: the invented quote is 🔴 naming the denial; the verbatim sentence that holds the
# denial stays 🟢
@pytest.mark.parametrize(
    ("draft", "status"),
    [
        (
            'In Case C-311/18 the Court stated that "all the safeguards must always be provided for in a '
            'decision of the Commission".',
            Status.UNVERIFIED,
        ),
        (
            'In Case C-311/18 the Court stated that "those provisions do not state that all safeguards must '
            'necessarily be provided for in a Commission decision such as the SCC Decision".',
            Status.VERIFIED,
        ),
    ],
)
def test_an_invented_quote_the_judgment_denies_is_red(draft: str, status: Status) -> None:
    f = finding(draft, "Case C-311/18", lang="en")
    assert f.status is status, f.rationale
    if status is Status.UNVERIFIED:
        assert "denies" in f.rationale
        assert "not state that" in f.rationale


# --- what a holding quotes of the judgment is read in the judgment's words, and what the Court ruled in its
# operative part. C-311/18 operative part 3: "Article 58(2)(f) and (j) of Regulation 2016/679 must be
# interpreted as meaning that, unless there is a valid European Commission adequacy decision, the competent
# supervisory authority is required to suspend or prohibit a transfer …"; C-300/21 paragraph 28 (the
# referring court's question): "… whether Article 82(1) of the GDPR must be interpreted as meaning that the
# mere infringement of the provisions of that regulation is sufficient to confer a right to compensation",
# operative part 1: "… is not sufficient …"
OP3 = (
    'In Case C-311/18 the Court ruled that Article 58(2)(f) and (j) GDPR "must be interpreted as meaning '
    "that, unless there is a valid European Commission adequacy decision, the competent supervisory "
    "authority is {} to suspend or prohibit a transfer of data to a third country pursuant to standard data "
    'protection clauses adopted by the Commission".'
)
HOLDINGS = [
    (OP3.format("required"), "Case C-311/18", Status.VERIFIED, "verbatim"),
    (OP3.format("not required"), "Case C-311/18", Status.UNVERIFIED, "−not"),
    (
        'In Case C-300/21 the Court ruled that Article 82(1) GDPR "must be interpreted as meaning that the '
        "mere infringement of the provisions of that regulation is not sufficient to confer a right to "
        'compensation".',
        "Case C-300/21",
        Status.VERIFIED,
        "verbatim",
    ),
    (  # near the question's words, the operative part says "is not sufficient"
        'In Case C-300/21 the Court ruled that Article 82(1) GDPR "must be interpreted as meaning that any '
        'infringement of the provisions of that regulation is sufficient to confer a right to compensation".',
        "Case C-300/21",
        Status.UNVERIFIED,
        "+not",
    ),
    (  # the clause quotes Article 7(3) GDPR, words C-300/21 does not have: no evidence either way
        "In Case C-300/21 the Court held that the right to compensation requires damage, as Article 7(3) "
        'GDPR provides that "the withdrawal of consent shall not affect the lawfulness of processing based '
        'on consent before its withdrawal".',
        "Case C-300/21",
        Status.NEEDS_JUDGEMENT,
        "",
    ),
]


@pytest.mark.parametrize(("draft", "citation", "status", "words"), HOLDINGS)
def test_a_holding_is_read_in_the_judgments_words(
    draft: str, citation: str, status: Status, words: str
) -> None:
    f = finding(draft, citation, lang="en")
    assert f.status is status, f.rationale
    assert words in f.rationale


# --- a quote that is not there, whose terms are only strewn about the source and that no passage is like, is
# invented (🔴), not "on topic" (🟠): the calibration rule needs a source that holds its subject somewhere
# (memo language, draft, citation, status)
STREWN = [
    (  # III Ca 1461/13: "nie mogą być one przedmiotem badania przez Sąd wieczystoksięgowy, pozostając poza
        # zakresem jego kognicji" — the quote's terms occur, but nowhere together
        "pl",
        "W uzasadnieniu postanowienia III Ca 1461/13 Sąd Okręgowy wskazał: „Sąd wieczystoksięgowy ma "
        "obowiązek zbadać zasadność egzekwowanego roszczenia i stan zdrowia dłużnika.”",
        "postanowienia III Ca 1461/13",
        Status.UNVERIFIED,
    ),
    (
        "en",
        'In Case C-300/21 the Court stated that "the national court must award punitive damages to every '
        'data subject whose data were processed without consent".',
        "Case C-300/21",
        Status.UNVERIFIED,
    ),
    (  # a loose rendering of paragraph 42 (tests/data/memos/every-status.md): its subject is in one place
        "en",
        'In Case C-300/21 the Court held that "a mere breach of the regulation does not by itself give the '
        'data subject a right to compensation".',
        "Case C-300/21",
        Status.CALIBRATION,
    ),
    (  # GDPR Art. 21(3)'s sentence cited as Art. 21(2): real words of another unit, a wrong pinpoint
        "en",
        'Article 21(2) GDPR provides: "Where the data subject objects to processing for direct marketing '
        'purposes, the personal data shall no longer be processed for such purposes."',
        "Article 21(2) GDPR",
        Status.UNVERIFIED,
    ),
]


@pytest.mark.parametrize(("memo", "draft", "citation", "status"), STREWN)
def test_a_quote_with_no_counterpart_and_strewn_terms_is_invented(
    memo: str, draft: str, citation: str, status: Status
) -> None:
    assert finding(draft, citation, lang=memo).status is status

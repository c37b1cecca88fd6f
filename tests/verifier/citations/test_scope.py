"""Each claim's scope and type (issue 15, classes 1 and 2): the clause a citation owns, and what it claims.

Rows marked "issue-N" are the public test sentences of issue 15 (written from tests/data/corpus: GDPR,
k.c., k.p., 근로기준법, 개인정보 보호법, the SN and 대법원 judgments there); "real-<case>" rows are sentences
of the corpus files named; "constructed" rows spell out a form the corpus lacks, with the corpus's words.
"""

from __future__ import annotations

import pytest

from verifier.citations import extract_claims
from verifier.citations.claims import ALL_CUES
from verifier.citations.substance import claim_substance
from verifier.model import ClaimType
from verifier.pinpoint import case_paragraph

Q = ClaimType

# (text, lang, [(citation text, claim type, claim text)]) — every citation of the text, in order
SCOPES = [
    pytest.param(
        'Article 7(3) GDPR provides that "The data subject shall have the right to withdraw his or her'
        " consent"
        " at any time.\" Under Article 8(1) GDPR the processing of a child's data is lawful where the"
        " child is"
        " at least 16 years old.",
        "en",
        [
            (
                "Article 7(3) GDPR",
                Q.VERBATIM_QUOTE,
                'Article 7(3) GDPR provides that "The data subject shall have the right to withdraw his'
                " or her"
                ' consent at any time."',
            ),
            (
                "Article 8(1) GDPR",
                Q.PARAPHRASE,
                "Under Article 8(1) GDPR the processing of a child's data is lawful where the child is"
                " at least"
                " 16 years old.",
            ),
        ],
        id="issue-1-period-inside-the-closing-quote-ends-the-sentence",
    ),
    pytest.param(
        "Termin przedawnienia roszczenia o naprawienie szkody wyrządzonej czynem niedozwolonym określa"
        " art. 442 § 1 k.c. Termin ten biegnie od dnia, w którym poszkodowany dowiedział się o szkodzie.",
        "pl",
        [
            (
                "art. 442 § 1 k.c.",
                Q.PARAPHRASE,
                "Termin przedawnienia roszczenia o naprawienie szkody wyrządzonej czynem niedozwolonym"
                " określa"
                " art. 442 § 1 k.c.",
            )
        ],
        id="issue-2-k.c.-ends-the-sentence-when-a-new-one-starts",
    ),
    pytest.param(
        "Na gruncie art. 5 k.c. Sąd Najwyższy wielokrotnie wskazywał granice nadużycia prawa.",
        "pl",
        [
            (
                "art. 5 k.c.",
                Q.PARAPHRASE,
                "Na gruncie art. 5 k.c. Sąd Najwyższy wielokrotnie wskazywał granice nadużycia prawa.",
            )
        ],
        id="constructed-k.c.-inside-a-phrase-heading-the-sentence-ends-nothing",
    ),
    pytest.param(
        "51. Zgodnie z art. 1 § 1 k.c. „Kodeks niniejszy reguluje stosunki cywilnoprawne”.",
        "pl",
        [
            (
                "art. 1 § 1 k.c.",
                Q.VERBATIM_QUOTE,
                "51. Zgodnie z art. 1 § 1 k.c. „Kodeks niniejszy reguluje stosunki cywilnoprawne”.",
            )
        ],
        id="bench-draft-100-quote-after-k.c.-is-its-own",
    ),
    pytest.param(
        "근로기준법 제50조 제1항에 따라 1주 간의 근로시간은 40시간을 초과할 수 없고, 근로기준법 제60조"
        " 제1항에 따라"
        " 1년간 80퍼센트 이상 출근한 근로자에게는 15일의 유급휴가를 주어야 한다.",
        "ko",
        [
            (
                "근로기준법 제50조 제1항",
                Q.PARAPHRASE,
                "근로기준법 제50조 제1항에 따라 1주 간의 근로시간은 40시간을 초과할 수 없고",
            ),
            (
                "근로기준법 제60조 제1항",
                Q.PARAPHRASE,
                "근로기준법 제60조 제1항에 따라 1년간 80퍼센트 이상 출근한 근로자에게는 15일의 유급휴가를"
                " 주어야 한다.",
            ),
        ],
        id="issue-3-two-statutes-two-clauses",
    ),
    pytest.param(
        "A가 작성한 인사 메모는 A의 개인정보에 해당하므로, 개인정보 보호법 제35조 제1항에 따라 정보주체는"
        " 자신의"
        " 개인정보에 대한 열람을 개인정보처리자에게 요구할 수 있다.",
        "ko",
        [
            (
                "개인정보 보호법 제35조 제1항",
                Q.PARAPHRASE,
                "개인정보 보호법 제35조 제1항에 따라 정보주체는 자신의 개인정보에 대한 열람을"
                " 개인정보처리자에게 요구할 수 있다.",
            )
        ],
        id="issue-4-a-factual-premise-is-not-the-statute's-claim",
    ),
    pytest.param(
        "따라서 형의 집행유예를 선고받은 자는 형법 제65조에 의하여 그 선고가 실효 또는 취소됨이 없이"
        " 정해진 유예기간을"
        " 무사히 경과하여 형의 선고가 효력을 잃게 되었다고 하더라도 형의 선고의 법률적 효과가 없어진다는"
        " 것일 뿐, 형의"
        " 선고가 있었다는 기왕의 사실 자체까지 없어지는 것은 아니므로, 형법 제59조 제1항 단행에서 정한"
        " 선고유예"
        ' 결격사유인 "자격정지 이상의 형을 받은 전과가 있는 자"에 해당한다고 보아야 한다.',
        "ko",
        [
            (
                "형법 제65조",
                Q.PARAPHRASE,
                "따라서 형의 집행유예를 선고받은 자는 형법 제65조에 의하여 그 선고가 실효 또는 취소됨이"
                " 없이 정해진"
                " 유예기간을 무사히 경과하여 형의 선고가 효력을 잃게 되었다고 하더라도 형의 선고의 법률적"
                " 효과가 없어진다는"
                " 것일 뿐, 형의 선고가 있었다는 기왕의 사실 자체까지 없어지는 것은 아니므로",
            ),
            (
                "형법 제59조 제1항",
                Q.VERBATIM_QUOTE,
                '형법 제59조 제1항 단행에서 정한 선고유예 결격사유인 "자격정지 이상의 형을 받은 전과가'
                ' 있는 자"에'
                " 해당한다고 보아야 한다.",
            ),
        ],
        id="real-2003도3768-each-article-its-clause",
    ),
    pytest.param(
        "Czas pracy nie może przekraczać 8 godzin na dobę (art. 129 § 1 k.p.), a zakres i zasady skracania"
        " czasu pracy określa Rada Ministrów w drodze rozporządzenia (art. 129 § 2 k.p.).",
        "pl",
        [
            (
                "art. 129 § 1 k.p.",
                Q.PARAPHRASE,
                "Czas pracy nie może przekraczać 8 godzin na dobę (art. 129 § 1 k.p.)",
            ),
            (
                "art. 129 § 2 k.p.",
                Q.PARAPHRASE,
                "zakres i zasady skracania czasu pracy określa Rada Ministrów w drodze rozporządzenia"
                " (art. 129 § 2 k.p.).",
            ),
        ],
        id="constructed-k.p.-a-citation-closing-its-clause",
    ),
    pytest.param(
        "W ocenie Sądu wypłata dokonana po śmierci posiadacza rachunku nie stanowi wypłaty dokonanej „innej"
        " uprawnionej osobie”, o której mowa w art. 55 ust. 3 ustawy – Prawo Bankowe, bowiem w dacie śmierci"
        " właścicielki rachunku umocowanie wygasło, zgodnie z art. 101 § 2 kc.",
        "pl",
        [
            (
                "art. 55 ust. 3 ustawy – Prawo Bankowe",
                Q.VERBATIM_QUOTE,
                "W ocenie Sądu wypłata dokonana po śmierci posiadacza rachunku nie stanowi wypłaty"
                " dokonanej „innej"
                " uprawnionej osobie”, o której mowa w art. 55 ust. 3 ustawy – Prawo Bankowe",
            ),
            (
                "art. 101 § 2 kc",
                Q.PARAPHRASE,
                "bowiem w dacie śmierci właścicielki rachunku umocowanie wygasło, zgodnie z art. 101 § 2 kc.",
            ),
        ],
        id="real-contentField1961-relative-clause-and-its-reason",
    ),
    pytest.param(
        "Czynność prawna sprzeczna z ustawą jest nieważna (art. 58 § 1 i 2 k.c.).",
        "pl",
        [
            (
                "art. 58 § 1",
                Q.PARAPHRASE,
                "Czynność prawna sprzeczna z ustawą jest nieważna (art. 58 § 1 i 2 k.c.).",
            ),
            (
                "2 k.c.",
                Q.PARAPHRASE,
                "Czynność prawna sprzeczna z ustawą jest nieważna (art. 58 § 1 i 2 k.c.).",
            ),
        ],
        id="constructed-a-chain-is-one-clause",
    ),
    pytest.param(
        "(대법원 1995. 12. 22. 선고 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결 등 참조)",
        "ko",
        [
            (
                "대법원 1995. 12. 22. 선고 95도2446 판결",
                Q.BARE_CITATION,
                "(대법원 1995. 12. 22. 선고 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결 등 참조)",
            ),
            (
                "2003. 12. 26. 선고 2003도3768 판결",
                Q.BARE_CITATION,
                "(대법원 1995. 12. 22. 선고 95도2446 판결, 2003. 12. 26. 선고 2003도3768 판결 등 참조)",
            ),
        ],
        id="real-2004도4869-a-list-of-authorities-is-one-bare-clause",
    ),
    pytest.param(
        "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02, przyjął, że art. 691 k.c. w brzmieniu"
        " nadanym ustawą o ochronie praw lokatorów nie ma zastosowania do najemców zmarłych przed wejściem w"
        " życie tej ustawy.",
        "pl",
        [
            (
                "uchwale z dnia 5 lipca 2002 r., III CZP 36/02",
                Q.COURT_HOLDING,
                "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02, przyjął, że art. 691 k.c. w"
                " brzmieniu nadanym ustawą o ochronie praw lokatorów nie ma zastosowania do najemców zmarłych"
                " przed wejściem w życie tej ustawy.",
            ),
            (
                "art. 691 k.c.",
                Q.BARE_CITATION,
                "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02, przyjął, że art. 691 k.c. w"
                " brzmieniu nadanym ustawą o ochronie praw lokatorów nie ma zastosowania do najemców zmarłych"
                " przed wejściem w życie tej ustawy.",
            ),
        ],
        id="real-III-CZP-36-02-a-statute-inside-a-reported-holding-shares-the-case's-clause",
    ),
    pytest.param(
        "대법원 2015. 7. 23. 선고 2015다200111 전원합의체 판결은 형사사건에 관한 성공보수약정이 민법"
        " 제103조에 의하여"
        " 무효라고 판시하였다.",
        "ko",
        [
            (
                "대법원 2015. 7. 23. 선고 2015다200111 전원합의체 판결",
                Q.COURT_HOLDING,
                "대법원 2015. 7. 23. 선고 2015다200111 전원합의체 판결은 형사사건에 관한 성공보수약정이"
                " 민법 제103조에"
                " 의하여 무효라고 판시하였다.",
            ),
            (
                "민법 제103조",
                Q.BARE_CITATION,
                "대법원 2015. 7. 23. 선고 2015다200111 전원합의체 판결은 형사사건에 관한 성공보수약정이"
                " 민법 제103조에"
                " 의하여 무효라고 판시하였다.",
            ),
        ],
        id="real-2015다200111-verb-final-holding-about-a-statute",
    ),
    pytest.param(
        'In its judgment in Case C-311/18 the Court examined "the interpretation and validity of Commission'
        ' Decision 2010/87/EU of 5 February 2010 on standard contractual clauses" and, in the same judgment'
        " (C-311/18), held that the standard contractual clauses remained valid.",
        "en",
        [
            (
                "Case C-311/18",
                Q.VERBATIM_QUOTE,
                'In its judgment in Case C-311/18 the Court examined "the interpretation and validity of'
                " Commission"
                ' Decision 2010/87/EU of 5 February 2010 on standard contractual clauses"',
            ),
            (
                "Decision 2010/87/EU",
                Q.BARE_CITATION,
                'In its judgment in Case C-311/18 the Court examined "the interpretation and validity of'
                " Commission"
                ' Decision 2010/87/EU of 5 February 2010 on standard contractual clauses"',
            ),
            (
                "C-311/18",
                Q.COURT_HOLDING,
                "in the same judgment (C-311/18), held that the standard contractual clauses remained valid.",
            ),
        ],
        id="issue-20-separators-inside-a-quote-do-not-count",
    ),
]


@pytest.mark.parametrize(("text", "lang", "expected"), SCOPES)
def test_each_citation_owns_its_clause(
    text: str, lang: str, expected: list[tuple[str, ClaimType, str]]
) -> None:
    claims = extract_claims(text, lang=lang)
    assert [(c.citation.text, c.claim_type, c.claim_text) for c in claims] == expected
    for c in claims:
        assert text[c.claim_span[0] : c.claim_span[1]] == c.claim_text


# (text, lang, citation text, claim type)
TYPES = [
    pytest.param(
        "Por. stanowisko Sądu Najwyższego w wyroku z 4.10.2007 r., V CSK 221/07.",
        "pl",
        "wyroku z 4.10.2007 r., V CSK 221/07",
        Q.BARE_CITATION,
        id="constructed-Stanowisko-is-not-stanowi",
    ),
    pytest.param(
        "Stanowisko to potwierdza wyrok SN z 4.10.2007 r., V CSK 221/07.",
        "pl",
        "wyrok SN z 4.10.2007 r., V CSK 221/07",
        Q.COURT_HOLDING,
        id="real-sql-potwierdza-is-a-holding",
    ),
    pytest.param(
        "Wyrok Sądu Najwyższego z 28 września 1994 r., II URN 30/94, w którym Sąd Najwyższy przyznał"
        " pracownikowi odszkodowanie za mobbing, nie ma tu zastosowania.",
        "pl",
        "Wyrok Sądu Najwyższego z 28 września 1994 r., II URN 30/94",
        Q.COURT_HOLDING,
        id="issue-5-w-którym-SN-przyznał",
    ),
    pytest.param(
        "Uchwała Sądu Najwyższego z dnia 5 lipca 2002 r., III CZP 36/02, według której przepis art. 691 k.c."
        " nie ma zastosowania do najemców zmarłych przed wejściem w życie ustawy, jest tu rozstrzygająca.",
        "pl",
        "Uchwała Sądu Najwyższego z dnia 5 lipca 2002 r., III CZP 36/02",
        Q.COURT_HOLDING,
        id="constructed-według-której",
    ),
    pytest.param(
        "Sąd Okręgowy w Łodzi (III Ca 1461/13) uznał zarzuty dotyczące zasad współżycia społecznego za"
        " możliwe do uwzględnienia w postępowaniu wieczystoksięgowym.",
        "pl",
        "Sąd Okręgowy w Łodzi (III Ca 1461/13)",
        Q.COURT_HOLDING,
        id="issue-17-uznał-X-za",
    ),
    pytest.param(
        "직장 내 괴롭힘의 판단 기준이 대법원 1997. 3. 25. 선고 96다47951 판결의 입장이다.",
        "ko",
        "대법원 1997. 3. 25. 선고 96다47951 판결",
        Q.COURT_HOLDING,
        id="issue-6-판결의-입장이다",
    ),
    pytest.param(
        "불공정한 법률행위의 성립 요건에 관하여는 대법원 1997. 3. 25. 선고 96다47951 판결의 입장이 참고가"
        " 된다.",
        "ko",
        "대법원 1997. 3. 25. 선고 96다47951 판결",
        Q.COURT_HOLDING,
        id="issue-7-판결의-입장이-참고가-된다-is-still-a-holding",
    ),
    pytest.param(
        "The Commission relies on Case C-311/18 as the leading authority on transfers of personal data to"
        " third countries.",
        "en",
        "Case C-311/18",
        Q.COURT_HOLDING,
        id="constructed-relies-on-as-the-leading-authority",
    ),
    pytest.param(
        "Article 8(1) GDPR sets the age for a child's own consent to information society services at 16"
        " years.",
        "en",
        "Article 8(1) GDPR",
        Q.PARAPHRASE,
        id="issue-9-sets",
    ),
    pytest.param(
        "Czas pracy nie może przekraczać 8 godzin na dobę (art. 129 § 1 k.p.).",
        "pl",
        "art. 129 § 1 k.p.",
        Q.PARAPHRASE,
        id="issue-22-a-parenthetical-reference-after-a-claim-is-a-paraphrase",
    ),
    pytest.param(
        "In Case C-300/21 a mere infringement of the GDPR is not sufficient to confer a right to"
        " compensation.",
        "en",
        "Case C-300/21",
        Q.PARAPHRASE,
        id="constructed-no-cue-but-a-claim-is-a-paraphrase-of-the-judgment",
    ),
    pytest.param(
        "Por. także wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.",
        "pl",
        "wyrok SN z dnia 12 marca 2019 r., II CSK 123/19",
        Q.BARE_CITATION,
        id="memo-opinia-por.",
    ),
    pytest.param(
        "See also Case C-362/14 Schrems, ECLI:EU:C:2015:650.",
        "en",
        "Case C-362/14",
        Q.BARE_CITATION,
        id="memo-eu-see-also",
    ),
    pytest.param(
        "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12.",
        "pl",
        "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12",
        Q.BARE_CITATION,
        id="memo_footnotes-a-citation-alone-says-nothing",
    ),
    pytest.param(
        "Sygnatura\tData\nIII AUa 271/12\t17 maja 2012 r.",
        "pl",
        "III AUa 271/12",
        Q.BARE_CITATION,
        id="memo_tracked-a-table-row-says-nothing",
    ),
    pytest.param(
        "Likewise, Article 82(1) of the GDPR does not preclude the making of an apology from being able to"
        " constitute standalone or supplementary compensation for non-material damage.",
        "en",
        "Article 82(1) of the GDPR",
        Q.PARAPHRASE,
        id="real-C-507-23-likewise-links-sentences-it-is-no-signal-of-a-bare-reference",
    ),
    pytest.param(
        "Similarly, see Case C-300/21.",
        "en",
        "Case C-300/21",
        Q.BARE_CITATION,
        id="constructed-similarly-see-the-signal-is-see",
    ),
]


@pytest.mark.parametrize(("text", "lang", "citation", "claim_type"), TYPES)
def test_it_types_each_clause(text: str, lang: str, citation: str, claim_type: ClaimType) -> None:
    claims = [c for c in extract_claims(text, lang=lang) if c.citation.text == citation]
    assert len(claims) == 1, [c.citation.text for c in extract_claims(text, lang=lang)]
    assert claims[0].claim_type is claim_type


@pytest.mark.parametrize(
    ("word", "claim_type"),
    [
        ("stanowisko", Q.PARAPHRASE),  # stanowi
        ("postanowienie", Q.PARAPHRASE),  # stanowi
        ("przewidujący", Q.PARAPHRASE),  # przewiduje
        ("oddalenie", Q.PROCEDURAL_FACT),  # oddalił
        ("restates that", Q.PARAPHRASE),  # states that
        ("heldout", Q.COURT_HOLDING),  # held
    ],
)
def test_cues_match_whole_words_only(word: str, claim_type: ClaimType) -> None:
    assert ALL_CUES[claim_type].search(word) is None


@pytest.mark.parametrize(
    ("phrase", "claim_type"),
    [
        ("uchwała dotyczyła najmu", Q.COURT_HOLDING),  # dotyczył* is a stem
        ("sąd podkreśliła", Q.COURT_HOLDING),
        ("the court held", Q.COURT_HOLDING),
        ("stanowią", Q.PARAPHRASE),
    ],
)
def test_stems_match_their_endings(phrase: str, claim_type: ClaimType) -> None:
    assert ALL_CUES[claim_type].search(phrase) is not None


@pytest.mark.parametrize(
    ("text", "framing", "substance"),
    [
        pytest.param(
            "불공정한 법률행위의 성립 요건에 관하여는 대법원 1997. 3. 25. 선고 96다47951 판결의 입장이"
            " 참고가 된다.",
            ["참고가 된다", "의 입장"],
            ["불공정한 법률행위", "성립 요건"],
            id="issue-7-참고가-된다-frames-the-claim",
        ),
        pytest.param(
            "Stanowisko to potwierdza wyrok SN z 4.10.2007 r., V CSK 221/07.",
            ["potwierdza"],
            ["Stanowisko"],
            id="real-sql-potwierdza-frames-Stanowisko-is-substance",
        ),
    ],
)
def test_the_frame_of_a_claim_is_no_term_of_it(text: str, framing: list[str], substance: list[str]) -> None:
    (claim,) = extract_claims(text)
    words = claim_substance(claim)
    assert not any(f in words for f in framing)
    assert all(s in words for s in substance)


# A quote that completes the holding reported of a case is the case's words (issue 15, class 1): the statute
# the holding is about only has to exist. (text, lang, citation, its claim type, whether it carries the quote)
HOLDING_QUOTES = [
    pytest.param(
        'In Case C-300/21 the Court ruled that Article 82(1) GDPR "must be interpreted as meaning that the'
        " mere infringement of the provisions of that regulation is not sufficient to confer a right to"
        ' compensation".',
        "en",
        [("Case C-300/21", Q.VERBATIM_QUOTE, True), ("Article 82(1) GDPR", Q.BARE_CITATION, False)],
        id="real-C-300-21-operative-part-1-is-the-court's",
    ),
    pytest.param(
        "Sąd Najwyższy w uchwale z 5 lipca 2002 r., III CZP 36/02, przyjął, że art. 691 k.c. „w brzmieniu"
        " nadanym ustawą o ochronie praw lokatorów nie ma zastosowania dla oceny przesłanek wstąpienia w"
        " stosunek najmu po najemcy zmarłym przed wejściem w życie tej ustawy”.",
        "pl",
        [
            ("uchwale z 5 lipca 2002 r., III CZP 36/02", Q.VERBATIM_QUOTE, True),
            ("art. 691 k.c.", Q.BARE_CITATION, False),
        ],
        id="real-III-CZP-36-02-the-resolution's-words",
    ),
    pytest.param(
        "대법원 2016. 8. 17. 선고 2014다235080 판결은 개인정보 보호법 제15조에 관하여 “이미 공개된 개인정보를"
        " 정보주체의 동의가 있었다고 객관적으로 인정되는 범위 내에서 처리할 때는 정보주체의 별도의 동의는"
        " 불필요하다”고 판시하였다.",
        "ko",
        [
            ("대법원 2016. 8. 17. 선고 2014다235080 판결", Q.VERBATIM_QUOTE, True),
            ("개인정보 보호법 제15조", Q.BARE_CITATION, False),
        ],
        id="real-2014다235080-판결요지-closed-by-고-판시하였다-is-the-court's",
    ),
    pytest.param(
        "대법원 2016. 8. 17. 선고 2014다235080 판결은 개인정보 보호법 제15조가 “개인정보처리자는 정보주체의"
        " 동의를 받은 경우에는 개인정보를 수집할 수 있다”라고 규정하고 있음을 전제로 판단하였다.",
        "ko",
        [
            ("대법원 2016. 8. 17. 선고 2014다235080 판결", Q.COURT_HOLDING, False),
            ("개인정보 보호법 제15조", Q.VERBATIM_QUOTE, True),
        ],
        id="real-제15조-라고-규정-the-quote-stays-the-statute's",
    ),
    pytest.param(
        'The Court held in Case C-311/18 that Article 46(1) GDPR provides that "a controller or processor may'
        ' transfer personal data to a third country".',
        "en",
        [("Case C-311/18", Q.COURT_HOLDING, False), ("Article 46(1) GDPR", Q.VERBATIM_QUOTE, True)],
        id="constructed-provides-that-the-quote-stays-the-statute's",
    ),
    # a quote between the statute it is about and a judgment's pinpoint citation is the judgment's
    pytest.param(
        'Article 82(1) GDPR "must be interpreted as meaning that the mere infringement of the provisions'
        ' of that regulation is not sufficient to confer a right to compensation" (Case C-300/21,'
        " paragraph 42).",
        "en",
        [("Case C-300/21", Q.PINPOINT, True), ("Article 82(1) GDPR", Q.BARE_CITATION, False)],
        id="real-C-300-21-paragraph-42-quote-before-its-pinpoint-citation",
    ),
    # a "see also" reference does not own the quote before it, and says nothing of its own
    pytest.param(
        'Article 7(3) GDPR provides that "The data subject shall have the right to withdraw his or her'
        ' consent at any time" (see also Case C-311/18, paragraph 42).',
        "en",
        [("Article 7(3) GDPR", Q.VERBATIM_QUOTE, True), ("Case C-311/18", Q.BARE_CITATION, False)],
        id="real-GDPR-7-3-see-also-does-not-take-the-quote",
    ),
    pytest.param(
        "Zgodnie z art. 58 § 1 k.c. „Czynność prawna sprzeczna z ustawą albo mająca na celu obejście ustawy"
        " jest nieważna” (zob. też uchwała SN z 5 lipca 2002 r., III CZP 36/02).",
        "pl",
        [
            ("art. 58 § 1 k.c.", Q.VERBATIM_QUOTE, True),
            ("uchwała SN z 5 lipca 2002 r., III CZP 36/02", Q.BARE_CITATION, False),
        ],
        id="real-kc-58-zob-też-is-a-bare-reference",
    ),
    pytest.param(
        "Article 82(1) GDPR applies; see Case C-300/21, in which the Court held that the mere infringement is"
        " not sufficient.",
        "en",
        [("Article 82(1) GDPR", Q.PARAPHRASE, False), ("Case C-300/21", Q.COURT_HOLDING, False)],
        id="constructed-see-with-a-holding-after-it-is-no-bare-reference",
    ),
    pytest.param(
        'Article 82(1) GDPR "must be interpreted as meaning that the mere infringement of the provisions of'
        ' that regulation is not sufficient to confer a right to compensation" (Case C-300/21).',
        "en",
        [("Case C-300/21", Q.COURT_HOLDING, False), ("Article 82(1) GDPR", Q.VERBATIM_QUOTE, True)],
        id="constructed-no-case-before-the-statute-the-quote-stays",
    ),
]


@pytest.mark.parametrize(("text", "lang", "expected"), HOLDING_QUOTES)
def test_a_quote_completing_a_reported_holding_is_the_cases(
    text: str, lang: str, expected: list[tuple[str, ClaimType, bool]]
) -> None:
    by_text = {c.citation.text: c for c in extract_claims(text, lang=lang)}
    got = [(t, by_text[t].claim_type, by_text[t].quote is not None) for t, _, _ in expected]
    assert got == expected


# The paragraph of a judgment a claim names (issue 15, class 8: "ibid., paragraph N" carried to the case
# cited before it): for a quote and for what the draft says the Court held; the reference's own words (short
# name, ECLI, paragraph) are not terms the source must hold. (text, citation, paragraph, words left out)
PARAGRAPHS = [
    pytest.param(
        "The Court held that the mere infringement of the GDPR is not sufficient to confer a right to"
        " compensation (Case C-300/21, Österreichische Post, paragraph 42). National courts must apply the"
        " domestic rules of each Member State relating to the extent of financial compensation (ibid.,"
        " paragraph 59).",
        "ibid.",
        "59",
        ["paragraph", "59"],
        id="issue-ibid-paragraph-is-the-earlier-case's",
    ),
    pytest.param(
        "The Court held that the mere infringement of the GDPR is not sufficient to confer a right to"
        " compensation (Case C-300/21, Österreichische Post, paragraph 42).",
        "Case C-300/21",
        "42",
        ["Österreichische", "Post", "42"],
        id="constructed-short-name-between-number-and-paragraph",
    ),
    pytest.param(
        "The Court held that the Privacy Shield Decision is invalid (C-311/18, EU:C:2020:559, para. 201).",
        "C-311/18",
        "201",
        ["EU:C:2020:559", "201"],
        id="constructed-ecli-between-number-and-paragraph",
    ),
    pytest.param(
        "Samo naruszenie RODO nie wystarcza do powstania prawa do odszkodowania (wyrok TSUE z 4 maja 2023 r.,"
        " C-300/21, pkt 42). Sądy krajowe stosują przepisy krajowe dotyczące zakresu odszkodowania (tamże,"
        " pkt 59).",
        "tamże",
        "59",
        ["pkt", "59"],
        id="constructed-tamże-pkt-is-the-earlier-case's",
    ),
    pytest.param(
        "See Case C-300/21, paragraph 42.",
        "Case C-300/21",
        None,
        [],
        id="constructed-a-bare-reference-names-no-paragraph-to-read",
    ),
    pytest.param(
        "The Court held in Case C-300/21 that paragraph 42 of its reasoning answers the first question.",
        "Case C-300/21",
        None,
        [],
        id="constructed-a-paragraph-not-right-after-the-citation-is-not-its",
    ),
]


@pytest.mark.parametrize(("text", "citation", "paragraph", "left_out"), PARAGRAPHS)
def test_the_paragraph_a_claim_names_is_read_and_is_no_term(
    text: str, citation: str, paragraph: str | None, left_out: list[str]
) -> None:
    lang = "pl" if "tamże" in text else "en"
    (claim,) = [c for c in extract_claims(text, lang=lang) if c.citation.text == citation]
    assert case_paragraph(claim) == paragraph
    words = claim_substance(claim)
    assert not any(w in words for w in left_out)

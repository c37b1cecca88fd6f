"""Correct citations of real judgments that were read wrongly, each class with the sentences of the real set
(tests/data/real/, the judgment named beside each) that must now be read right, and the faulty neighbours
that must still be read as they are.

- a list of authorities in parentheses is cited for the words before it, not for what follows it, and its
  names and dates are no part of any claim (C-456/22, C-507/23, C-590/22, 95도2088, 2014도6992, 95누1972);
- "that regulation" is the last regulation named, not the Charter or the TFEU named after it (C-311/18,
  C-659/22);
- "주택임대차보호법(이하 ‘같은 법’이라 한다)": every 같은 법 is that law, whatever law was named last
  (2004다26133);
- "형법 331조 2항": units without 제 right after a law's name (75도2720).
"""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found
from verifier.citations import extract_claims
from verifier.citations.substance import claim_substance
from verifier.model import Claim

GDPR = "eu:celex:32016R0679"


def claim_for(text: str, citation: str, lang: str) -> Claim:
    claims = [c for c in extract_claims(text, lang=lang) if citation == c.citation.text]
    assert claims, [c.citation.text for c in extract_claims(text, lang=lang)]
    return claims[0]


# C-507/23 (en-0181), C-456/22 (en-0143), C-590/22 (en-0215), 95도2088 (ko-0131), 2014도6992 (ko-0171)
C_507_23 = (
    "As regards observance of the principle of effectiveness, the exclusively compensatory function of the "
    "right to compensation laid down in Article 82 of the GDPR means that the criteria for assessing the "
    "compensation due under that article must be prescribed within the legal system of each Member State, "
    "provided that such compensation is full and effective, without there being any need, for the purposes "
    "of "
    "such compensation in full, to require the payment of punitive damages (see, to that effect, judgments "
    "of "
    "4 May 2023, Österreichische Post, C‑300/21, EU:C:2023:370, paragraphs 57 and 58; of 20 June 2024, "
    "Scalable Capital, C‑182/22 and C‑189/22, EU:C:2024:531, paragraphs 23, 24, 35, 36 and 43; and of 20 "
    "June "
    "2024, PS (Incorrect address), C‑590/22, EU:C:2024:536, paragraph 42)."
)
C_456_22 = (
    "As the Court has pointed out, it is clear from the wording of Article 82(1) of the GDPR that the "
    "existence "
    "of ‘damage’ which has been ‘suffered’ constitutes one of the conditions for the right to compensation "
    "laid "
    "down in that provision, as does the existence of an infringement of that regulation and of a causal "
    "link "
    "between that damage and that infringement, those three conditions being cumulative (judgments of 4 May "
    "2023, Österreichische Post (Non-material damage in connection with the processing of personal data), "
    "C‑300/21, EU:C:2023:370, paragraph 32, and of today, Natsionalna agentsia za prihodite, C‑340/21, "
    "paragraph 77)."
)
KO_95DO2088 = (
    "형법 제16조에서 자기의 행위가 법령에 의하여 죄가 되지 아니하는 것으로 오인한 행위는 그 오인에 정당한 "
    "이유가 있는 때에 한하여 벌하지 아니한다고 규정하고 있는 것은 단순한 법률의 부지의 경우를 말하는 것이 "
    "아니고, 일반적으로 범죄가 되는 경우이지만 자기의 특수한 경우에는 법령에 의하여 허용된 행위로서 죄가 "
    "되지 아니한다고 그릇 인식하고 그와 같은 그릇 인식함에 정당한 이유가 있는 경우에는 벌하지 아니한다는 "
    "취지인데( 대법원 1994.4.15. 선고 94도365 판결; 1995.6.16. 선고 94도1793 판결 등 참조), 기록에 의하면 "
    "피고인은 1971.4.10. 순경으로 임용된 이래 이 사건 범행 당시까지 약 23년간 경찰공무원으로 근무하여 왔고, "
    "이 사건 범행당시에는 관악경찰서 형사과 형사계 G로 근무하고 있는 사람으로서 일반인들 보다도 "
    "형벌법규를 잘 알고 있으리라 추단이 된다."
)
KO_2014DO6992 = (
    "이러한 위탁신임관계는 사용대차·임대차·위임 등의 계약에 의하여서뿐만 아니라 사무관리·관습·조리·신의칙 "
    "등에 의해서도 성립될 수 있으나(대법원 2006. 1. 12. 선고 2005도7610 판결 등 참조), 횡령죄의 본질이 "
    "신임관계에 기초하여 위탁된 타인의 물건을 위법하게 영득하는 데 있음에 비추어 볼 때 그 위탁신임관계는 "
    "횡령죄로 보호할 만한 가치 있는 신임에 의한 것으로 한정함이 타당하다."
)

# the Polish real set's pl-0072 (tests/data/real/cases.jsonl; a Sąd Apelacyjny judgment of the corpus)
PL_OC_LIST = (
    "W ramach zawartej umowy ubezpieczenia ubezpieczyciel przejmuje odpowiedzialność sprawcy, taka jest "
    "bowiem istota ubezpieczania się od odpowiedzialności cywilnej (art. 9 ust. 1 ustawy z 2003 r. o "
    "ubezpieczeniach obowiązkowych, Ubezpieczeniowym Funduszu Gwarancyjnym i Polskim Biurze Ubezpieczycieli "
    "Komunikacyjnych, art. 822 k.c.)."
)


@pytest.mark.parametrize(
    ("text", "citation", "lang", "said", "not_said"),
    [
        pytest.param(
            PL_OC_LIST,
            "art. 822 k.c.",
            "pl",
            ["istota ubezpieczania się od odpowiedzialności cywilnej"],
            ["Ubezpieczeniowym Funduszu Gwarancyjnym", "obowiązkowych"],
            id="pl-0072-a-list-of-provisions-in-brackets",
        ),
        pytest.param(
            C_507_23,
            "C‑300/21",
            "en",
            ["punitive damages", "compensatory function"],
            ["Scalable", "Capital", "Incorrect address", "paragraphs"],
            id="C-507/23-see-judgments-list",
        ),
        pytest.param(
            C_456_22,
            "C‑300/21",
            "en",
            ["three conditions being cumulative", "causal link"],
            ["Natsionalna", "prihodite", "today"],
            id="C-456/22-judgments-of-list",
        ),
        pytest.param(
            KO_95DO2088,
            "대법원 1994.4.15. 선고 94도365 판결",
            "ko",
            ["그릇 인식함에 정당한 이유가 있는 경우에는 벌하지 아니한다"],
            ["경찰공무원", "관악경찰서", "참조"],
            id="95도2088-참조-list-closes-the-proposition",
        ),
        pytest.param(
            KO_2014DO6992,
            "대법원 2006. 1. 12. 선고 2005도7610 판결",
            "ko",
            ["사무관리·관습·조리·신의칙"],
            ["횡령죄로 보호할 만한 가치", "참조"],
            id="2014도6992-참조-list-before-the-court's-own-step",
        ),
    ],
)
def test_a_list_of_authorities_is_cited_for_the_words_before_it(
    text: str, citation: str, lang: str, said: list[str], not_said: list[str]
) -> None:
    substance = " ".join(claim_substance(claim_for(text, citation, lang)).split())
    for words in said:
        assert words in substance
    for words in not_said:
        assert words not in substance


def test_the_statute_before_a_list_of_authorities_keeps_its_own_claim() -> None:
    # 95도2088: 형법 제16조 is cited for what it provides, not for the facts after the list
    claim = claim_for(KO_95DO2088, "형법 제16조", "ko")
    assert "벌하지 아니한다" in claim.claim_text
    assert "경찰공무원" not in claim.claim_text


@pytest.mark.parametrize(
    "text",
    [
        # a parenthesis that is no list of authorities closes nothing: the defined term of 2004다26133
        "대항요건을 갖춘 임차인에 대하여 보증금 중 일정액(이하 ‘소액보증금’이라 한다)에 관하여 다른 "
        "담보물권자보다 우선하여 변제받을 권리를 인정하는 대법원 1996. 6. 14. 선고 96다7595 판결의 법리는 "
        "대지에도 적용된다.",
        # a judgment cited in the sentence itself, with its name in parentheses (C-300/21's own title)
        "In its judgment in Österreichische Post (Non-material damage in connection with the processing of "
        "personal data), C‑300/21, the Court held that the mere infringement of the GDPR does not give "
        "rise to "
        "a right to compensation.",
    ],
)
def test_a_parenthesis_that_lists_no_authorities_does_not_cut_the_claim(text: str) -> None:
    claim = next(
        c for c in extract_claims(text) if "96다7595" in c.citation.text or "300/21" in c.citation.text
    )
    # the claim runs on to the end of the sentence
    assert claim.claim_text.rstrip(".").endswith(("적용된다", "right to compensation"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # C-311/18 (en-0062): the Charter named after the GDPR; "that regulation" is the GDPR
            "The GDPR must be interpreted in the light of Articles 7, 8 and 47 of the Charter. The relevant "
            "aspects of the legal system of that third country, in particular those set out, in a "
            "non-exhaustive manner, in Article 45(2) of that regulation.",
            [("Article 45(2) of that regulation", GDPR, art("45", "2"))],
            id="C-311/18-charter-between",
        ),
        pytest.param(
            # C-659/22 (en-0245): Article 16(1) TFEU quoted inside recital 1, then "that regulation"
            "According to recital 1 of the GDPR, ‘Article 8(1) of the Charter of Fundamental Rights of the "
            "European Union … and Article 16(1) of the Treaty on the Functioning of the European Union "
            "(TFEU) "
            "provide that everyone has the right to the protection of personal data concerning him or her’. "
            "Article 2 of that regulation, entitled ‘Material scope’, provides in paragraph 1:",
            [("Article 2 of that regulation", GDPR, art("2"))],
            id="C-659/22-tfeu-between",
        ),
    ],
)
def test_that_regulation_is_the_last_regulation_named(text: str, expected: list) -> None:
    got = [f for f in found(text) if "that regulation" in f[0]]
    assert got == expected


def test_that_regulation_after_only_the_charter_names_no_act() -> None:
    # a faulty neighbour: no regulation named at all, so none is guessed (the Charter is no regulation)
    text = (
        "Article 8 of the Charter protects personal data. Article 45(2) of that regulation lists the aspects."
    )
    assert found(text)[1:] == [("Article 45(2)", None, None)]  # listed "without naming the act"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # 2004다26133 (ko-0063): 민법 named in between; 같은 법 was defined as 주택임대차보호법
            "1. 주택임대차보호법(이하 ‘같은 법’이라 한다) 제3조의2 제2항은 우선변제권을 규정하고 있다. 2. "
            "같은 "
            "법은 주택의 임대차에 관하여 민법에 대한 특례를 규정함으로써 국민의 주거생활의 안정을 보장함을 "
            "목적으로 "
            "하고 있다. 그런데 우선변제권을 인정한 같은 법 제3조의2 및 제8조가 미등기 주택을 달리 취급하는 "
            "특별한 "
            "규정을 두고 있지 아니하다.",
            [
                ("같은 법 제3조의2", "kr:law:주택임대차보호법", art("3-2")),
                ("제8조", "kr:law:주택임대차보호법", art("8")),
            ],
            id="2004다26133-같은-법-defined",
        ),
    ],
)
def test_a_same_law_the_draft_defines_is_that_law(text: str, expected: list) -> None:
    got = [f for f in found(text) if f[0] in {e[0] for e in expected}]
    assert got == expected


def test_a_same_law_not_defined_is_still_the_last_law_named() -> None:
    # the neighbour without the definition: 같은 법 after 민법 is 민법
    text = "민법 제750조는 불법행위 책임을 정하고, 같은 법 제751조는 재산 이외의 손해를 정한다."
    assert ("같은 법 제751조", "kr:law:민법", art("751")) in found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            # 75도2720's 판결요지
            "형법 331조 2항 후단 소정 합동절도에는 주관적 요건으로서 공모외에 객관적 요건으로서 시간적으로나 "
            "장소적으로 협동관계가 있는 실행행위의 분담이 있어야 한다.",
            [("형법 331조 2항", "kr:law:형법", art("331", "2"))],
            id="75도2720-형법-331조-2항",
        ),
        pytest.param(
            "민법 750조에 의하여 손해를 배상할 책임이 있다.",
            [("민법 750조", "kr:law:민법", art("750"))],
            id="민법-750조",
        ),
    ],
)
def test_units_without_je_after_a_law_name_are_citations(text: str, expected: list) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "그 회사의 매출은 5조 원이고 부채는 3조원에 이른다.",  # trillions of won
        "피해액은 1조 2천억원이다.",
        "그 금액 20조 2항",  # no law's name before it
    ],
)
def test_numbers_with_jo_that_follow_no_law_are_no_citations(text: str) -> None:
    assert found(text) == []


# 90도2022: the law named in the name of the crime is the one 같은 법 carries
KO_90DO2022 = (
    "검사는 피고인 A, C에 대한 폭력행위등처벌에관한법률위반의 점에 관하여 위 피고인들이 상피고인 D와 "
    "공동하여 "
    "폭행 또는 협박을 한 것이라고 하여 같은 법 제2조 제2항, 제1항, 형법 제260조 제1항, 제283조 제1항을 "
    "적용법조로 하여 공소를 제기하였다."
)


def test_the_law_in_a_crimes_name_is_the_same_law() -> None:
    got = found(KO_90DO2022)
    assert got[0] == ("같은 법 제2조 제2항", "kr:law:폭력행위등처벌에관한법률", art("2", "2"))
    assert ("형법 제260조 제1항", "kr:law:형법", art("260", "1")) in got


def test_without_the_crimes_name_same_law_is_the_law_named_last() -> None:
    text = KO_90DO2022.replace("폭력행위등처벌에관한법률위반의 점", "공소사실").replace(
        "같은 법 제2조", "형법 제283조 제1항의 협박과 같은 법 제2조"
    )
    assert ("같은 법 제2조 제2항", "kr:law:형법", art("2", "2")) in found(text)


# C-590/22 (en-0223): each of two citations says the quote of its own clause
C_590_22_TWO_QUOTES = (
    "While Article 83 of that regulation determines the ‘general conditions for imposing administrative "
    "fines’, Article 82 of that regulation governs the ‘right to compensation and liability’."
)


def test_a_quote_belongs_to_the_citation_of_its_own_clause() -> None:
    text = "The GDPR has two such provisions. " + C_590_22_TWO_QUOTES
    quotes = {c.citation.text: c.quote for c in extract_claims(text, lang="en")}
    assert quotes == {
        "Article 83 of that regulation": "general conditions for imposing administrative fines",
        "Article 82 of that regulation": "right to compensation and liability",
    }


def test_a_quote_with_only_a_citation_after_it_is_still_that_ones() -> None:
    text = (
        "The GDPR lays down ‘general conditions for imposing administrative fines’, Article 83 of the GDPR."
    )
    [claim] = extract_claims(text, lang="en")
    assert claim.quote == "general conditions for imposing administrative fines"


# C-659/22 (en-0245): recital 1 quoted in one sentence, Article 2 and its own title in the next
C_659_22 = (
    "According to recital 1 of the GDPR, ‘the protection of natural persons in relation to the processing of "
    "personal data is a fundamental right. Article 8(1) of the Charter of Fundamental Rights of the European "
    "Union … and Article 16(1) of the Treaty on the Functioning of the European Union (TFEU) provide that "
    "everyone has the right to the protection of personal data concerning him or her’. Article 2 of that "
    "regulation, entitled ‘Material scope’, provides in paragraph 1:"
)


def test_a_citation_takes_the_quote_of_its_own_sentence_before_one_of_the_sentence_before() -> None:
    assert claim_for(C_659_22, "Article 2 of that regulation", "en").quote == "Material scope"


def test_a_quote_alone_in_the_sentence_before_is_still_the_next_citations() -> None:
    # the neighbour without the title: the sentence before lends its quote, as it did
    text = C_659_22.replace(", entitled ‘Material scope’,", "")
    assert (claim_for(text, "Article 2 of that regulation", "en").quote or "").startswith(
        "the protection of natural persons"
    )


def test_a_quote_referred_to_a_citation_after_it_stays_that_ones() -> None:
    # III AUa 271/12 (SA Wrocław, tests/data/corpus/pl/judgments/common_courts/contentField1961.txt): the
    # comma before "o której mowa w" refers the quoted term to art. 55 ust. 3; it opens no clause of its own
    text = (
        "Wyrok z dnia 17 maja 2012 r., III AUa 271/12: W ocenie Sądu wypłata dokonana po śmierci posiadacza "
        "rachunku na podstawie dyspozycji złożonych przez właścicielkę rachunku za jej życia nie stanowi "
        "wypłaty dokonanej „innej uprawnionej osobie”, o której mowa w art. 55 ust. 3 ustawy – Prawo "
        "Bankowe, "
        "bowiem w dacie śmierci właścicielki rachunku umocowanie wygasło, zgodnie z art. 101 § 2 kc."
    )
    quotes = {c.citation.text: c.quote for c in extract_claims(text, lang="pl")}
    assert quotes["art. 55 ust. 3 ustawy – Prawo Bankowe"] == "innej uprawnionej osobie"
    assert quotes["Wyrok z dnia 17 maja 2012 r., III AUa 271/12"] is None


def test_a_title_after_entitled_stays_the_citation_befores() -> None:
    # C-300/21 (en-0006): each Article's title follows it after a comma; the next Article does not take it
    text = (
        "Article 82 of the GDPR, entitled ‘Right to compensation and liability’, states in paragraphs 1 "
        "and 2: "
        "Article 83 of that regulation, entitled ‘General conditions for imposing administrative fines’, "
        "provides "
        "in paragraph 1: Article 84(1) of that regulation, that article being headed ‘Penalties’, provides:"
    )
    quotes = {c.citation.text.replace("\xa0", " "): c.quote for c in extract_claims(text, lang="en")}
    assert quotes["Article 83 of that regulation"] == "General conditions for imposing administrative fines"
    assert quotes["Article 84(1) of that regulation"] == "Penalties"

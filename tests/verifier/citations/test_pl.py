"""Polish citations, eyecite style: input text → the citations a lawyer would mark.

Rows marked "real" are sentences from tests/data/corpus/pl (file named in the id); "constructed" rows spell
out forms of the task list that the corpus lacks."""

from __future__ import annotations

import pytest

from tests.verifier.citations.helpers import art, found, only
from verifier.citations import extract_citations
from verifier.model import Jurisdiction, Kind

KC = "pl:act:DU/1964/93"
KPC = "pl:act:DU/1964/296"
KP = "pl:act:DU/1974/141"
UODO = "pl:act:DU/2018/1000"

SIGNATURES = [
    pytest.param(
        "przekroczenia granic swobodnej oceny dowodów (wyrok SN z 4.10.2007 r., V CSK 221/07, niepubl.).",
        [("wyrok SN z 4.10.2007 r., V CSK 221/07", "pl:case:V CSK 221/07", None)],
        id="real-sql-wyrok-SN-numeric-date",
    ),
    pytest.param(
        "Stanowisko to potwierdzone zostało w wyrokach Sądu Najwyższego z dnia 10 listopada 2010 r., "
        "II CSK 248/10",
        [
            (
                "wyrokach Sądu Najwyższego z dnia 10 listopada 2010 r., II CSK 248/10",
                "pl:case:II CSK 248/10",
                None,
            )
        ],
        id="real-sql-month-name",
    ),
    pytest.param(
        "Zaskarżonym wyrokiem z dnia 27 listopada 2012 r. (sygn. akt I C 3622/12) Sąd Rejonowy w Bydgoszczy",
        [("wyrokiem z dnia 27 listopada 2012 r. (sygn. akt I C 3622/12)", "pl:case:I C 3622/12", None)],
        id="real-sql-sygn-akt-in-parentheses",
    ),
    pytest.param(
        "Sąd Najwyższy z 15 września 1993 r., II UZP 15/93",
        [("Sąd Najwyższy z 15 września 1993 r., II UZP 15/93", "pl:case:II UZP 15/93", None)],
        id="real-sc-json",
    ),
    pytest.param(
        "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12.",
        [
            (
                "Wyrok Sądu Apelacyjnego we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12",
                "pl:case:III AUa 271/12",
                None,
            )
        ],
        id="constructed-court-seat-we-memo_footnotes",
    ),
    pytest.param(
        "Wyrokiem z dnia 12 grudnia 2011 r. Sąd Okręgowy we Wrocławiu oddalił odwołanie (sygn. IX U 1823/11)",
        [("sygn. IX U 1823/11", "pl:case:IX U 1823/11", None)],
        id="real-contentField1961-seat-we-before-another-signature",
    ),
    pytest.param(
        "Wyrok SA we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12",
        [("Wyrok SA we Wrocławiu z dnia 17 maja 2012 r., III AUa 271/12", "pl:case:III AUa 271/12", None)],
        id="constructed-SA-we",
    ),
    pytest.param(
        "postanowienie SA w Krakowie z 3.04.2018 r., I ACa 1234/18",
        [("postanowienie SA w Krakowie z 3.04.2018 r., I ACa 1234/18", "pl:case:I ACa 1234/18", None)],
        id="constructed-SA",
    ),
    pytest.param(
        "uchwała składu siedmiu sędziów SN z 5 kwietnia 2021 r., III CZP 5/21",
        [
            (
                "uchwała składu siedmiu sędziów SN z 5 kwietnia 2021 r., III CZP 5/21",
                "pl:case:III CZP 5/21",
                None,
            )
        ],
        id="constructed-uchwala-7",
    ),
    pytest.param(
        "wyrok WSA w Warszawie z 12.03.2020 r., II SA/Wa 123/20 oraz NSA II FSK 1/20",
        [
            ("wyrok WSA w Warszawie z 12.03.2020 r., II SA/Wa 123/20", "pl:case:II SA/Wa 123/20", None),
            ("NSA II FSK 1/20", "pl:case:II FSK 1/20", None),
        ],
        id="constructed-administrative",
    ),
    pytest.param(
        "wyrok TK z 22 października 2020 r., K 1/20, a także sygn. SK 10/19 i P 7/20",
        [
            ("wyrok TK z 22 października 2020 r., K 1/20", "pl:case:K 1/20", None),
            ("sygn. SK 10/19", "pl:case:SK 10/19", None),
            ("P 7/20", "pl:case:P 7/20", None),
        ],
        id="constructed-TK",
    ),
]

STATUTES = [
    pytest.param(
        "na podstawie art. 476 § 2 pkt 1 k.p.c. sprawą z zakresu ubezpieczeń",
        [("art. 476 § 2 pkt 1 k.p.c.", KPC, art("476", "2", "1"))],
        id="real-sc-json-kpc",
    ),
    pytest.param(
        "art. 569 § 1 k.p.k. wyrok łączny wydaje się",
        [("art. 569 § 1 k.p.k.", "pl:act:DU/1997/555", art("569", "1"))],
        id="real-sql-kpk",
    ),
    pytest.param(
        "naruszenie art. 18 i 71 Konstytucji RP",
        [
            ("art. 18", "pl:act:DU/1997/483", art("18")),
            ("71 Konstytucji RP", "pl:act:DU/1997/483", art("71")),
        ],
        id="real-sql-konstytucja-list",
    ),
    pytest.param(
        "art. 23 i 24 kodeksu pracy",
        [("art. 23", "pl:act:DU/1974/141", art("23")), ("24 kodeksu pracy", "pl:act:DU/1974/141", art("24"))],
        id="real-sc-json-kodeks-pracy",
    ),
    pytest.param(
        "art. 23 ust. 1 ustawy z dnia 25 listopada 1986 r. o organizacji i finansowaniu ubezpieczeń"
        " społecznych (Dz. U. z 1989 r. Nr 25, poz. 137 ze zm.)",
        [
            (
                "art. 23 ust. 1 ustawy z dnia 25 listopada 1986 r. o organizacji i finansowaniu ubezpieczeń"
                " społecznych (Dz. U. z 1989 r. Nr 25, poz. 137 ze zm.)",
                "pl:act:DU/1989/137",
                art("23", "1"),
            )
        ],
        id="adapted-sc-json-ustawa-dzu",
    ),
    pytest.param(
        "art. 5 § 1 pkt 2 lit. a k.c.",
        [("art. 5 § 1 pkt 2 lit. a k.c.", KC, art("5", "1", "2", "a"))],
        id="constructed-lit",
    ),
    pytest.param(
        "art. 385¹ § 1 k.c.", [("art. 385¹ § 1 k.c.", KC, art("385-1", "1"))], id="constructed-superscript"
    ),
    pytest.param(
        "art. 58 § 1 i 2 k.c.",
        [("art. 58 § 1", KC, art("58", "1")), ("2 k.c.", KC, art("58", "2"))],
        id="constructed-paragraph-list",
    ),
    pytest.param(
        "ustawa z dnia 7 lipca 2023 r. o zmianie niektórych ustaw (Dz. U. z 2023 r. poz. 1610)",
        [
            (
                "ustawa z dnia 7 lipca 2023 r. o zmianie niektórych ustaw (Dz. U. z 2023 r. poz. 1610)",
                "pl:act:DU/2023/1610",
                None,
            )
        ],
        id="constructed-act-as-a-whole",
    ),
    pytest.param(
        "w postaci do art. 451§3 k.c w zw. z art. 481§1 kc",
        [("art. 451§3 k.c", KC, art("451", "3")), ("art. 481§1 kc", KC, art("481", "1"))],
        id="real-sr-2013-code-without-its-last-dot",
    ),
    pytest.param(
        "art. 58 § 1 k.c. w zw. z art. 353¹ k.c.",
        [("art. 58 § 1 k.c.", KC, art("58", "1")), ("art. 353¹ k.c.", KC, art("353-1"))],
        id="constructed-w-zw-z",
    ),
    pytest.param(
        "art. 6 ust. 1 lit. f RODO",
        [("art. 6 ust. 1 lit. f RODO", "eu:celex:32016R0679", art("6", "1", None, "f"))],
        id="constructed-RODO",
    ),
    pytest.param(
        "Zgodnie z art. 58 § 1 k.c. czynność jest nieważna, a art. 58 § 2 tego kodeksu dotyczy zasad.",
        [("art. 58 § 1 k.c.", KC, art("58", "1")), ("art. 58 § 2 tego kodeksu", KC, art("58", "2"))],
        id="constructed-tego-kodeksu",
    ),
    pytest.param("Art. 58 k.p.c.", [("Art. 58 k.p.c.", KPC, art("58"))], id="constructed-capital-kpc"),
    # issue 15, class 8: acts cited by date and title, by the u.o.d.o.'s name, in English prose
    pytest.param(
        "art. 6 ust. 1 ustawy z dnia 10 maja 2018 r. o ochronie danych osobowych stanowi",
        [("art. 6 ust. 1 ustawy z dnia 10 maja 2018 r. o ochronie danych osobowych", UODO, art("6", "1"))],
        id="constructed-uodo-by-date-and-title",
    ),
    pytest.param(
        "art. 23 ust. 1 ustawy z dnia 29 sierpnia 1997 r. o ochronie danych osobowych",
        [
            (
                "art. 23 ust. 1 ustawy z dnia 29 sierpnia 1997 r. o ochronie danych osobowych",
                "pl:act:DU/1997/883",
                art("23", "1"),
            )
        ],
        id="constructed-the-1997-uodo-is-told-apart-by-its-date",
    ),
    pytest.param(
        "art. 10 ust. 7 u.o.d.o. oraz art. 129 § 1 ustawy z dnia 26 czerwca 1974 r. – Kodeks pracy",
        [
            ("art. 10 ust. 7 u.o.d.o.", UODO, art("10", "7")),
            ("art. 129 § 1 ustawy z dnia 26 czerwca 1974 r. – Kodeks pracy", KP, art("129", "1")),
        ],
        id="constructed-uodo-abbreviation-and-dated-code",
    ),
    pytest.param(
        "stosunki prawne powstałe pod rządem ustawy z dnia 2 lipca 1994 r. o najmie\nlokali i istniejące w"
        " chwili wejścia w życie ustawy z dnia 21 czerwca 2001 r. o\nochronie praw lokatorów, podlegać będą",
        [
            ("ustawy z dnia 2 lipca 1994 r. o najmie\nlokali", "pl:act:DU/1994/509", None),
            ("ustawy z dnia 21 czerwca 2001 r. o\nochronie praw lokatorów", "pl:act:DU/2001/733", None),
        ],
        id="real-sc-json-III-CZP-36-02-acts-by-date-and-title",
    ),
    pytest.param(
        "The Act of 10 May 2018 on the Protection of Personal Data (Journal of Laws of 2019, item 1781)"
        " applies. Its art. 2 defines its scope, and art. 10 ust. 7 of the same Act governs the register.",
        [
            (
                "Act of 10 May 2018 on the Protection of Personal Data (Journal of Laws of 2019, item 1781)",
                "pl:act:DU/2019/1781",
                None,
            ),
            ("art. 2", "pl:act:DU/2019/1781", art("2")),
            ("art. 10 ust. 7 of the same Act", "pl:act:DU/2019/1781", art("10", "7")),
        ],
        id="constructed-english-its-art-and-the-same-act",
    ),
    pytest.param(
        "art. 5 ustawy z dnia 1 stycznia 2011 r. o czymś nieznanym",
        [("art. 5", None, None)],
        id="constructed-an-unknown-title-stays-not-checked",
    ),
    # found by reading Ts 60/05 (tests/data/corpus/pl/judgments/constitutional_tribunal, record 2) for the
    # gold set: a document's own titles and aliases, the comma form of Dz. U., "ale również" between chains
    pytest.param(
        "art. 27 ust. 2 ustawy z dnia 15 grudnia 2000 r. o spółdzielniach mieszkaniowych (Dz. U. z 2003 r."
        " Nr 119, poz. 1116 ze zm.) z art. 64 Konstytucji. Skarżący zakwestionowali zgodność z Konstytucją"
        " art. 27 ust. 2 ustawy z 15 grudnia 2000 r. o spółdzielniach mieszkaniowych (dalej: usm). Sąd"
        " stwierdził, że zastosowanie znaleźć winien art. 27 usm (art. 26 ust. 1 in fine usm).",
        [
            (
                "art. 27 ust. 2 ustawy z dnia 15 grudnia 2000 r. o spółdzielniach mieszkaniowych (Dz. U. z"
                " 2003 r. Nr 119, poz. 1116 ze zm.)",
                "pl:act:DU/2003/1116",
                art("27", "2"),
            ),
            ("art. 64 Konstytucji", "pl:act:DU/1997/483", art("64")),
            (
                "art. 27 ust. 2 ustawy z 15 grudnia 2000 r. o spółdzielniach mieszkaniowych",
                "pl:act:DU/2003/1116",
                art("27", "2"),
            ),
            ("art. 27 usm", "pl:act:DU/2003/1116", art("27")),
            ("art. 26 ust. 1 in fine usm", "pl:act:DU/2003/1116", art("26", "1")),
        ],
        id="real-Ts-60-05-the-drafts-own-title-and-alias",
    ),
    pytest.param(
        "(art. 18 ust. 1 ustawy z dnia 24 czerwca 1994 r. o własności lokali, Dz. U. z 2000 r. Nr 80, poz."
        " 903 ze zm.). Przepis art. 18 ust. 1 ustawy o własności lokali stanowi, że",
        [
            (
                "art. 18 ust. 1 ustawy z dnia 24 czerwca 1994 r. o własności lokali, Dz. U. z 2000 r. Nr 80,"
                " poz. 903 ze zm.",
                "pl:act:DU/2000/903",
                art("18", "1"),
            ),
            ("art. 18 ust. 1 ustawy o własności lokali", "pl:act:DU/2000/903", art("18", "1")),
        ],
        id="real-Ts-60-05-dz-u-after-a-comma-and-the-title-alone",
    ),
    pytest.param(
        "chronionej nie tylko w myśl art. 64 ust. 3, ale również art. 31 ust. 3 Konstytucji.",
        [
            ("art. 64 ust. 3", "pl:act:DU/1997/483", art("64", "3")),
            ("art. 31 ust. 3 Konstytucji", "pl:act:DU/1997/483", art("31", "3")),
        ],
        id="real-Ts-60-05-ale-również-joins-the-chains",
    ),
    pytest.param(
        "oddalona postanowieniem Sądu Okręgowego w Koszalinie z 1 marca 2005 r. (sygn. akt VIICa 66/05).",
        [
            (
                "postanowieniem Sądu Okręgowego w Koszalinie z 1 marca 2005 r. (sygn. akt VIICa 66/05)",
                "pl:case:VII Ca 66/05",
                None,
            )
        ],
        id="real-Ts-60-05-glued-department-after-sygn",
    ),
    pytest.param("art. 5 k. c.", [("art. 5 k. c.", KC, art("5"))], id="constructed-spaced-abbreviation"),
]

# An English draft on Polish law: the codes named in English, "Article N § M" (a § is only a Polish code's)
ENGLISH = [
    pytest.param(
        "Under Article 10 § 1 of the Civil Code, a person who has reached eighteen years is of full age.",
        [("Article 10 § 1 of the Civil Code", KC, art("10", "1"))],
        id="constructed-article-§-of-the-civil-code",
    ),
    pytest.param(
        "Under Article 58 § 1 and § 2 of the Polish Civil Code a juridical act is void.",
        [("Article 58 § 1", KC, art("58", "1")), ("§ 2 of the Polish Civil Code", KC, art("58", "2"))],
        id="constructed-and-joins-paragraphs-in-english",
    ),
    pytest.param(
        "Working time may not exceed 8 hours a day (art. 129 § 1 of the Labour Code).",
        [("art. 129 § 1 of the Labour Code", KP, art("129", "1"))],
        id="constructed-art-of-the-labour-code",
    ),
    pytest.param(
        "Article 442¹ § 1 of the Civil Code sets the limitation period.",
        [("Article 442¹ § 1 of the Civil Code", KC, art("442-1", "1"))],
        id="constructed-superscript-article-in-english",
    ),
    # no §: "Article 103 of the Civil Code" in an English sentence may be Korean law (민법) — not Polish
    pytest.param("Article 103 of the Civil Code voids such acts.", [], id="constructed-no-§-is-not-polish"),
]

NEGATIVE = [
    pytest.param("Wystawa art. 5 w galerii miejskiej trwa do soboty.", [], id="constructed-art-non-legal"),
    pytest.param("Zadzwoń pod 22 123-45-67 albo 2023-10-01 o godz. 10.", [], id="constructed-phone-date"),
    pytest.param("Podział na grupy I i II oraz 12/19 uczestników.", [], id="constructed-fraction"),
    pytest.param(
        "o skazaniu pracownika lub o toczącym się przeciwko niemu postępowaniu karnym",
        [],
        id="real-kp-przeciwko-without-case",
    ),
]


@pytest.mark.parametrize(("text", "expected"), SIGNATURES + STATUTES + ENGLISH + NEGATIVE)
def test_it_finds_polish_citations(text: str, expected: list[tuple[str, str, object]]) -> None:
    assert found(text) == expected


def test_a_court_after_the_signature_that_opens_another_citation_is_not_this_ones() -> None:
    text = (
        "W wyroku z 19 lutego 2014 r., I ACa 927/13, Sąd Najwyższy w wyroku z 10 marca 2010 r., II CSK 1/10,"
        " przyjął"
    )
    courts = [(c.anchor.number, c.anchor.court) for c in extract_citations(text) if c.anchor is not None]
    assert courts == [("I ACa 927/13", None), ("II CSK 1/10", "Sąd Najwyższy")]


@pytest.mark.parametrize(
    ("text", "court", "date", "decision_type", "kind"),
    [
        ("wyrok SN z dnia 12 marca 2019 r., II CSK 123/19", "SN", "2019-03-12", "wyrok", Kind.JUDGMENT),
        (
            "postanowienie SA w Krakowie z 3.04.2018 r., I ACa 1234/18",
            "SA w Krakowie",
            "2018-04-03",
            "postanowienie",
            Kind.JUDGMENT,
        ),
        (
            "uchwała składu siedmiu sędziów SN z 5 kwietnia 2021 r., III CZP 5/21",
            "SN",
            "2021-04-05",
            "uchwała",
            Kind.JUDGMENT,
        ),
        (
            "wyrok TK z 22 października 2020 r., K 1/20",
            "TK",
            "2020-10-22",
            "wyrok",
            Kind.CONSTITUTIONAL_DECISION,
        ),
        ("wyrok z 2019-03-12, II CSK 123/19", None, "2019-03-12", "wyrok", Kind.JUDGMENT),
        # issue 15, class 8: the locative "w uchwale", English prose, English months in any case; the court
        # named as the subject right before the locative ("Sąd Najwyższy w uchwale") is the decision's court
        (
            "Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02",
            "Sąd Najwyższy",
            "2002-07-05",
            "uchwała",
            Kind.JUDGMENT,
        ),
        # real, testRawSourceCcJudgments.sql (the court before "w wyroku" / "w postanowieniu" / "w uchwale")
        (
            "Sąd Okręgowy podziela pogląd wyrażony przez Sąd Apelacyjny w Katowicach w wyroku z dnia "
            "7 lutego 2013 r. I ACa 992/12, że skoro posiadacz",
            "Sąd Apelacyjny w Katowicach",
            "2013-02-07",
            "wyrok",
            Kind.JUDGMENT,
        ),
        (
            "linię orzeczniczą wyrażoną przez Sąd Najwyższy w wyroku z dnia 14 stycznia 2010 r. "
            "(IV CSK 307/2009, LexPolonica nr 2371235)",
            "Sąd Najwyższy",
            "2010-01-14",
            "wyrok",
            Kind.JUDGMENT,
        ),
        (
            "(tak Sąd Najwyższy w postanowieniu z dnia 10 stycznia 2002 r., II CKN 572/99).",
            "Sąd Najwyższy",
            "2002-01-10",
            "postanowienie",
            Kind.JUDGMENT,
        ),
        (
            "które wyjaśnił Sąd Najwyższy w uchwale z dnia 27 października 2010 r., III CZP 76/10, uznając",
            "Sąd Najwyższy",
            "2010-10-27",
            "uchwała",
            Kind.JUDGMENT,
        ),
        # after a decision named in the locative ("W wyroku …, SIGNATURE, Sąd … oddalił"), the court right
        # after the signature is the subject (the accuracy set's and the memos' construction)
        (
            "W wyroku z 19 lutego 2014 r., I ACa 927/13, Sąd Apelacyjny w Katowicach oddalił apelację.",
            "Sąd Apelacyjny w Katowicach",
            "2014-02-19",
            "wyrok",
            Kind.JUDGMENT,
        ),
        (
            "W postanowieniu z 7 listopada 2013 r., I ACa 499/13, Sąd Apelacyjny w Gdańsku rozpoznał.",
            "Sąd Apelacyjny w Gdańsku",
            "2013-11-07",
            "postanowienie",
            Kind.JUDGMENT,
        ),
        (
            "W wyroku z 19 lutego 2014 r., I ACa 927/13, sąd wskazał, że Sąd Okręgowy w Katowicach błędnie"
            " ocenił dowody.",
            None,
            "2014-02-19",
            "wyrok",
            Kind.JUDGMENT,
        ),
        # not the subject: a court further back, or a word between it and the locative, names nothing here
        (
            "Sąd Najwyższy zauważył, że w wyroku z dnia 14 stycznia 2010 r., IV CSK 307/09, rozstrzygnięto",
            None,
            "2010-01-14",
            "wyrok",
            Kind.JUDGMENT,
        ),
        (
            "Sąd Apelacyjny w Katowicach oraz w wyroku z dnia 7 lutego 2013 r., I ACa 992/12, sąd niższej",
            None,
            "2013-02-07",
            "wyrok",
            Kind.JUDGMENT,
        ),
        (
            "In its decision of 18 October 2006, Ts 60/05, the Constitutional Tribunal refused to proceed",
            None,
            "2006-10-18",
            "postanowienie",
            Kind.CONSTITUTIONAL_DECISION,
        ),
        (
            "See also the Tribunal's decision of 7 December 2005, Ts 59/05.",
            None,
            "2005-12-07",
            "postanowienie",
            Kind.CONSTITUTIONAL_DECISION,
        ),
        ("the judgment of 4 MAY 2023, II CSK 1/23", None, "2023-05-04", "wyrok", Kind.JUDGMENT),
        ("the judgment of 4 may 2023, II CSK 1/23", None, "2023-05-04", "wyrok", Kind.JUDGMENT),
    ],
)
def test_it_reads_court_date_and_decision_type(
    text: str, court: str | None, date: str, decision_type: str, kind: Kind
) -> None:
    c = only(text)
    assert c.anchor is not None
    assert (c.anchor.court, c.anchor.date, c.anchor.decision_type, c.kind) == (
        court,
        date,
        decision_type,
        kind,
    )
    assert c.jurisdiction is Jurisdiction.PL


@pytest.mark.parametrize(
    ("text", "parties"),
    [
        (
            "SN w wyroku z 12.03.2019 r., II CSK 123/19 (Kowalski przeciwko Bank X S.A.) przyjął, że",
            ("Kowalski", "Bank X S.A."),
        ),
        ("SN w wyroku z 12.03.2019 r., II CSK 123/19 przyjął, że umowa jest ważna.", ()),
    ],
)
def test_it_reads_the_parties_of_the_same_sentence(text: str, parties: tuple[str, ...]) -> None:
    c = only(text)
    assert c.anchor is not None
    assert c.anchor.parties == parties

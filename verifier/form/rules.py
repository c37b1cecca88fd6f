"""THE table of citation-form rules: one row per rule a difference may name, with the public source it
implements and whether that source's wording was read (docs/CITATION-FORM.md lists the same rows for people;
tests/verifier/form/test_rules.py keeps the two in step)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    says: str  # the rule, in English, as the form module applies it
    source: str  # the public source it comes from
    url: str  # where that source is published
    read: bool  # its wording was read for this table (False: applied from the practice seen in the corpus)


_CURIA = "https://curia.europa.eu/jcms/jcms/P_126035/en/"
_EU_STYLE = "https://style-guide.europa.eu/en/content/-/isg/topic?identifier=5.9.3-references-to-cases"
_EU_ACTS = "https://style-guide.europa.eu/en/content/-/isg/topic?identifier=1.2.1-numbering-of-acts"
_ZTP = "https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20160000283"
_KR_COURTS = "https://glaw.scourt.go.kr/"
_MOLEG = "https://www.moleg.go.kr/"
_LAW_GO_KR = "https://www.law.go.kr/"
_SAOS = "https://www.saos.org.pl/"

RULES: Mapping[str, Rule] = {
    rule.id: rule
    for rule in (
        # --- Korea ---------------------------------------------------------------------------------------
        Rule(
            "kr.judgment",
            "A judgment is cited as '<court> <Y. M. D.> 선고 <case number> 판결', a decision of an ordinary "
            "court as '<court> <Y. M. D.> 자 <case number> 결정'; the Constitutional Court's as "
            "'헌법재판소 <Y. M. D.> 선고 <case number> 결정'.",
            "대법원 판결서의 선행 판결 인용 방식 (as the courts write it in their judgments; the 법원 "
            "'판결서 작성 실무' guide itself could not be read here)",
            _KR_COURTS,
            False,
        ),
        Rule(
            "kr.date",
            "A date is written 'YYYY. M. D.' — digits, a full stop and a space after year, month and day, no "
            "leading zeros.",
            "한글 맞춤법 문장 부호 (마침표: 아라비아 숫자만으로 연월일을 표시할 때) and the courts' "
            "judgments",
            "https://korean.go.kr/kornorms/regltn/regltnView.do?regltn_code=0001&regltn_no=334",
            False,
        ),
        Rule(
            "kr.court",
            "The court by its official name (대법원, 서울고등법원), not an abbreviation (대법, 서울고법).",
            "법원조직법 제3조 (the courts' names) and the courts' judgments",
            "https://www.law.go.kr/법령/법원조직법/제3조",
            False,
        ),
        Rule(
            "kr.act_name",
            "An act by its official name as law.go.kr spells it, spaces included "
            "(개인정보 보호법, not 개인정보보호법); between 「 」 as the statutes write it or without "
            "them as the courts' judgments do: the brackets alone are never a difference.",
            "법제처 법령 입안·심사 기준 (다른 법령의 인용: 「 」) and law.go.kr's official names",
            _LAW_GO_KR,
            False,
        ),
        Rule(
            "kr.same_act",
            "An act cited again is '같은 법', not '동법'.",
            "법제처 알기 쉬운 법령 정비 기준 (어려운 한자어 순화: 동법 → 같은 법)",
            _MOLEG,
            False,
        ),
        Rule(
            "kr.unit",
            "Units are written '제15조 제1항 제2호 가목', a space between units, a branch as '제2조의2'.",
            "법제처 법령 입안·심사 기준 (조문의 인용) and the courts' judgments",
            _MOLEG,
            False,
        ),
        # --- Poland --------------------------------------------------------------------------------------
        Rule(
            "pl.judgment",
            "A judgment is cited as '<type> <court> z dnia <d month YYYY> r., <signature>' (full) or "
            "'<type> <court> z <d.MM.YYYY> r., <signature>' (short), the type in lower case: wyrok, "
            "postanowienie, uchwała.",
            "the practice of Polish courts' reasons as published in SAOS (no official guide to case "
            "citation exists; ZTP governs acts only)",
            _SAOS,
            False,
        ),
        Rule(
            "pl.court",
            "The court by its usual abbreviation: SN, NSA, TK, SA/SO/SR/WSA w <seat in the locative>.",
            "the practice of Polish courts' reasons as published in SAOS",
            _SAOS,
            False,
        ),
        Rule(
            "pl.unit",
            "Units are 'art. 58 § 2 pkt 1 lit. a': a paragraph of a code is '§', of another act 'ust.'; "
            "'art.', 'pkt' and 'lit.' in lower case with a space before the number.",
            'Zasady techniki prawodawczej (Dz.U. 2016 poz. 283), § 55 ust. 3 ("W ustawie określanej jako '
            "'kodeks' ustępy oznacza się paragrafami (§)\") and § 57 (art., ust., pkt, lit.)",
            _ZTP,
            True,
        ),
        Rule(
            "pl.act_abbreviation",
            "A code is abbreviated as the practice abbreviates it, with its full stops: k.c., k.p.c., k.p., "
            "k.k., k.p.k., k.r.o., k.s.h., k.p.a.",
            "Zasady techniki prawodawczej § 154 (an abbreviation kept the same throughout) and the courts' "
            "practice for the codes' abbreviations",
            _ZTP,
            False,
        ),
        # --- EU ------------------------------------------------------------------------------------------
        Rule(
            "eu.judgment",
            "A judgment is cited as 'judgment of <d Month YYYY>, <usual name>, <case number>, <ECLI without "
            "'ECLI:'>[, paragraph <n>]'.",
            "CJEU, 'Method of citing the case-law … on the basis of the ECLI' (2014, harmonised 2016); EU "
            "Interinstitutional Style Guide 5.9.3: 'judgment of 12 July 2005, Schempp, C-403/03, "
            "EU:C:2005:446, paragraph 19'",
            _CURIA,
            True,
        ),
        Rule(
            "eu.ecli",
            "In the Court's method the ECLI is given without the acronym 'ECLI' (EU:C:2020:559).",
            "EU Interinstitutional Style Guide 5.9.3 ('Publications of the Court of Justice: EU:C:2005:446')",
            _EU_STYLE,
            True,
        ),
        Rule(
            "eu.act",
            "An act is named by its type and number: 'Regulation (EU) 2016/679', 'Directive 95/46/EC', not "
            "an informal short name (GDPR).",
            "EU Interinstitutional Style Guide 1.2.1 (numbering of acts; the form since 1 January 2015)",
            _EU_ACTS,
            False,
        ),
        Rule(
            "eu.unit",
            "Units are 'Article 6(1)(f)': 'Article' in full, paragraph and point in brackets without spaces.",
            "EU Interinstitutional Style Guide (subdivisions of acts) and the Court's judgments",
            _EU_STYLE,
            False,
        ),
    )
}

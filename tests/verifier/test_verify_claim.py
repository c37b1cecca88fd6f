"""verify_claim end to end on real sources: the statuses a lawyer sees, with their evidence."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path

import pytest

from verifier.match import normalized as normalized_module
from verifier.model import (
    Anchor,
    Citation,
    Claim,
    ClaimType,
    Found,
    Jurisdiction,
    Kind,
    Level,
    Misconfigured,
    NotFound,
    Pinpoint,
    Resolution,
    SourceDocument,
    SourceUnit,
    Status,
    Unavailable,
)
from verifier.text import Normalized
from verifier.verify import verify_claim

CORPUS = Path(__file__).parent.parent / "data" / "corpus"

SCHREMS_SENTENCE = (
    "In the course of the Commissioner’s investigation, Facebook Ireland explained that a large part of "
    "personal data was transferred to Facebook Inc. pursuant to the standard data protection clauses set out "
    "in the annex to the SCC Decision."
)


def document(text: str, **fields: object) -> SourceDocument:
    base: dict[str, object] = {
        "id": "corpus:test",
        "key": "k",
        "jurisdiction": Jurisdiction.EU,
        "kind": Kind.EU_CASE,
        "title": "t",
        "text": text,
        "url": "https://example.invalid/source",
        "version": "1",
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "fetched_at": "2026-11-29T00:00:00Z",
        "origin": "corpus",
    }
    base.update(fields)
    return SourceDocument(**base)  # type: ignore[arg-type]


@cache
def schrems() -> SourceDocument:
    text = (CORPUS / "eu/case_law/C-311-18.md").read_text(encoding="utf-8")
    return document(
        text,
        key="eu:case:C-311/18",
        title="Data Protection Commissioner v Facebook Ireland and Schrems",
        number="C-311/18",
        date="2020-07-16",
        court="Court of Justice (Grand Chamber)",
        parties=("Data Protection Commissioner", "Facebook Ireland Ltd", "Maximillian Schrems"),
        url="https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:62018CJ0311",
    )


def _kr_units(text: str) -> tuple[SourceUnit, ...]:
    """조 and 항 of a legalize-kr statute (##### 제N조 headings, **①** paragraphs), built here so the test
    depends on nothing but the corpus file."""
    units = []
    heads = list(re.finditer(r"^##### 제(\d+)조(?:의(\d+))? ?\(", text, re.M))
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        number = head.group(1) + (f"-{head.group(2)}" if head.group(2) else "")
        units.append(SourceUnit((("article", number),), f"제{number}조", head.start(), end))
        for m in re.finditer(r"\*\*([①-⑳])\*\*", text[head.start() : end]):
            p = str(ord(m.group(1)) - 0x2460 + 1)
            path = (("article", number), ("paragraph", p))
            units.append(SourceUnit(path, f"제{number}조 제{p}항", head.start() + m.start(), end))
    return tuple(units)


@cache
def minbeop() -> SourceDocument:
    text = (CORPUS / "kr/statutes/민법/법률.md").read_text(encoding="utf-8")
    return document(
        text,
        id="lawgokr:law:001706@284415",
        key="kr:law:민법",
        jurisdiction=Jurisdiction.KR,
        kind=Kind.STATUTE,
        title="민법",
        units=_kr_units(text),
    )


@cache
def precedent() -> SourceDocument:
    text = (CORPUS / "kr/precedents/민사/대법원/대법원_2015-07-23_2015다200111.md").read_text(
        encoding="utf-8"
    )
    headnote = text[text.index("## 판시사항") + len("## 판시사항") : text.index("## 판결요지")].strip()
    return document(
        text,
        id="lawgokr:prec:178858",
        key="kr:prec:2015다200111",
        jurisdiction=Jurisdiction.KR,
        kind=Kind.JUDGMENT,
        title="부당이득금",
        number="2015다200111",
        date="2015-07-23",
        court="대법원",
        summary=headnote,
        meta={"판례일련번호": "178858"},
    )


def claim(
    claim_type: ClaimType,
    claim_text: str,
    *,
    quote: str | None = None,
    jurisdiction: Jurisdiction = Jurisdiction.EU,
    kind: Kind = Kind.EU_CASE,
    problem: str | None = None,
    **anchor: object,
) -> Claim:
    anchor_value = None if problem else Anchor(key=str(anchor.pop("key", "k")), **anchor)  # type: ignore[arg-type]
    citation = Citation(
        span=(10, 30),
        text="the cited source",
        jurisdiction=jurisdiction,
        kind=kind,
        anchor=anchor_value,
        problem=problem,
    )
    return Claim(citation, claim_type, claim_text, (0, len(claim_text)), quote=quote)


def quote_claim(quote: str) -> Claim:
    return claim(
        ClaimType.VERBATIM_QUOTE,
        f"In Schrems II the Court recorded that “{quote}”",
        quote=quote,
        number="C-311/18",
        date="2020-07-16",
        court="CJEU",
    )


# The "done when" on a 185 KB judgment.
def test_it_verifies_a_verbatim_sentence_with_its_span() -> None:
    finding = verify_claim(quote_claim(SCHREMS_SENTENCE), Found(schrems()), finding_id="C1", lang="en")
    assert finding.status is Status.VERIFIED
    assert finding.achieved_level is Level.FRAGMENT
    assert finding.match is not None
    assert schrems().text[finding.match.start : finding.match.end] == SCHREMS_SENTENCE
    assert finding.source is not None
    assert finding.source.sha256 == schrems().sha256
    assert finding.supporting_urls == (schrems().url,)


def test_it_marks_a_quote_with_a_changed_diacritic_modified_showing_only_that_word() -> None:
    quote = (
        SCHREMS_SENTENCE.replace("investigation", "investigatión")
        .replace("’", '"')
        .replace("large", "lar\u00adge")
    )
    finding = verify_claim(quote_claim(quote), Found(schrems()), finding_id="C1", lang="en")
    assert finding.status is Status.MODIFIED
    assert finding.match is not None
    assert [d for d in finding.match.diff if d[0] != "equal"] == [
        ("delete", "investigatión"),
        ("insert", "investigation"),
    ]
    assert "investigation" in finding.rationale


def test_it_calibrates_an_invented_quote_on_the_sources_topic() -> None:
    invented = (
        "the Privacy Shield Decision is invalid because the surveillance programmes of the United States "
        "are not limited to what is strictly necessary"
    )
    finding = verify_claim(quote_claim(invented), Found(schrems()), finding_id="C1", lang="en")
    assert finding.status is Status.CALIBRATION
    assert finding.achieved_level is Level.CONTENT
    assert finding.nearest, "the lawyer is shown what the judgment does say"


def test_it_blocks_an_invented_quote_off_the_sources_topic() -> None:
    invented = "national rules on the taxation of pension funds breach the free movement of capital"
    finding = verify_claim(quote_claim(invented), Found(schrems()), finding_id="C1", lang="en")
    assert finding.status is Status.UNVERIFIED
    assert finding.is_hard_block
    assert finding.label == "contradicted"


# (resolution, expected status, words the rationale must contain)
RESOLUTIONS: list[tuple[Resolution | None, Status, str]] = [
    (Unavailable("eu:case:C-311/18", "CELLAR answered 503 three times", retries=3), Status.NO_SOURCE, "503"),
    (Misconfigured("eu:case:C-311/18", "CELLAR_BASE_URL is not a URL"), Status.NO_SOURCE, "CELLAR_BASE_URL"),
    (None, Status.NO_SOURCE, "not resolved"),
    (
        NotFound("eu:case:C-311/18", "no such case in CELLAR", ("C-311/19",)),
        Status.UNVERIFIED,
        "no such case",
    ),
]


@pytest.mark.parametrize(("resolution", "status", "words"), RESOLUTIONS)
def test_a_fetch_failure_is_no_source_and_only_not_found_blocks_as_invented(
    resolution: Resolution | None, status: Status, words: str
) -> None:
    finding = verify_claim(quote_claim(SCHREMS_SENTENCE), resolution, finding_id="C1", lang="en")
    assert finding.status is status
    assert words in finding.rationale
    assert finding.achieved_level is Level.NONE
    if isinstance(resolution, NotFound):
        assert finding.suggestions == ("C-311/19",)


def test_an_unparsed_citation_is_not_checked_and_listed() -> None:
    finding = verify_claim(
        claim(ClaimType.BARE_CITATION, "zob. wyrok SN z (...)", problem="no signature after 'wyrok SN'"),
        None,
        finding_id="C9",
        lang="pl",
    )
    assert finding.status is Status.NOT_CHECKED
    assert "no signature" in finding.rationale
    assert finding.span == (10, 30)


# Anchor contradictions on a real judgment: a real number attached to the wrong case.
@pytest.mark.parametrize(
    ("anchor", "field_word"),
    [
        ({"number": "C-311/18", "date": "2019-07-16"}, "2019-07-16"),
        ({"number": "C-311/19"}, "C-311/19"),
        ({"number": "C-311/18", "court": "NSA"}, "NSA"),
        ({"number": "C-311/18", "parties": ("Kowalski", "Bank Millennium S.A.")}, "Kowalski"),
    ],
)
def test_it_blocks_an_anchor_that_contradicts_the_source(anchor: dict[str, object], field_word: str) -> None:
    finding = verify_claim(
        claim(ClaimType.BARE_CITATION, "See Case C-311/18.", **anchor),
        Found(schrems()),
        finding_id="C1",
        lang="en",
    )
    assert finding.status is Status.UNVERIFIED
    assert finding.achieved_level is Level.NONE
    assert field_word in finding.rationale


def test_a_partial_party_match_is_for_a_person_never_green_never_red() -> None:
    # the party guard's soft band (issue 15 §10): 🟡, the rationale naming both sets of parties. One word
    # a party is too little to call another party ("Google", "Apple": Jaccard 0.33); a party of two words
    # or more named in place of one of the case's ("Google Ireland") is 🔴 (test_anchor.py, STRANGERS).
    finding = verify_claim(
        claim(
            ClaimType.BARE_CITATION,
            "See Case C-311/18.",
            number="C-311/18",
            parties=("Data Protection Commissioner", "Google", "Apple Inc"),
        ),
        Found(schrems()),
        finding_id="C1",
        lang="en",
    )
    assert finding.status is Status.NEEDS_JUDGEMENT
    assert "parties" in finding.rationale
    assert "Google" in finding.rationale


# Korean statutes, protocol A (조/항 existence, then the unit's own text).
KR_STATUTE = [
    (
        ClaimType.VERBATIM_QUOTE,
        "민법 제103조는 “선량한 풍속 기타 사회질서에 위반한 사항을 "
        "내용으로 하는 법률행위는 무효로 한다”고 정한다.",
        "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다",
        Pinpoint(article="103"),
        Status.VERIFIED,
        "인용문이 원문에서 그대로 확인되었습니다.",
        ("law.go.kr/법령/민법/제103조",),
    ),
    (
        ClaimType.VERBATIM_QUOTE,
        "민법 제103조는 “… 법률행위는 유효로 한다”고 정한다.",
        "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 유효로 한다",
        Pinpoint(article="103"),
        Status.UNVERIFIED,  # 유효/무효: the opposite of the statute, never a 🟡
        "원문의 내용과 다릅니다",
        ("law.go.kr/법령/민법/제103조",),
    ),
    (
        ClaimType.BARE_CITATION,
        "민법 제1200조 참조",
        None,
        Pinpoint(article="1200"),
        Status.UNVERIFIED,
        "민법에 제1200조는 존재하지 않습니다.",
        (),
    ),
    (
        ClaimType.BARE_CITATION,
        "민법 제2조 제3항 참조",
        None,
        Pinpoint(article="2", paragraph="3"),
        Status.UNVERIFIED,
        "조문은 확인되지만, 해당 항은 존재하지 않습니다.",
        ("law.go.kr/법령/민법/제2조",),
    ),
    (
        ClaimType.BARE_CITATION,
        "민법 제2조 제2항 참조",
        None,
        Pinpoint(article="2", paragraph="2"),
        Status.VERIFIED,
        "",
        ("law.go.kr/법령/민법/제2조",),
    ),
    # the quote is 제2조 ①, but the draft pinpoints ②: the unit's text is what is compared
    (
        ClaimType.VERBATIM_QUOTE,
        "민법 제2조 제2항은 “권리의 행사와 의무의 이행은 신의에 좇아 성실히 하여야 한다”고 정한다.",
        "권리의 행사와 의무의 이행은 신의에 좇아 성실히 하여야 한다",
        Pinpoint(article="2", paragraph="2"),
        Status.UNVERIFIED,
        "",
        ("law.go.kr/법령/민법/제2조",),
    ),
]


@pytest.mark.parametrize(
    ("claim_type", "text", "quote", "pinpoint", "status", "rationale", "urls"), KR_STATUTE
)
def test_it_follows_the_korean_statute_protocol(
    claim_type: ClaimType,
    text: str,
    quote: str | None,
    pinpoint: Pinpoint,
    status: Status,
    rationale: str,
    urls: tuple[str, ...],
) -> None:
    finding = verify_claim(
        claim(
            claim_type,
            text,
            quote=quote,
            jurisdiction=Jurisdiction.KR,
            kind=Kind.STATUTE,
            key="kr:law:민법",
            law="민법",
            pinpoint=pinpoint,
        ),
        Found(minbeop()),
        finding_id="K1",
        lang="ko",
    )
    assert finding.status is status
    assert rationale in finding.rationale
    assert finding.supporting_urls == urls


# Korean precedents, protocol B (case number, then the topic against the headnote).
KR_PRECEDENT = [
    (
        ClaimType.BARE_CITATION,
        "대법원 2015. 7. 23. 선고 2015다200111 판결 참조",
        Status.VERIFIED,
        "사건번호가 확인되었습니다.",
    ),
    (
        ClaimType.COURT_HOLDING,
        "대법원 2015다200111 판결은 형사사건에 관한 성공보수약정이 "
        "선량한 풍속 기타 사회질서에 위배되어 무효라고 보았다.",
        Status.NEEDS_JUDGEMENT,
        "사건번호는 확인됩니다. 판례의 정확한 판시 내용은 원문 확인을 권장합니다.",
    ),
    (
        ClaimType.COURT_HOLDING,
        "대법원 2015다200111 판결은 확률형 아이템 소비자 보호 의무 위반 시 "
        "사업자의 손해배상 책임을 인정한 선례이다.",
        Status.UNVERIFIED,
        "사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다.",
    ),
]


@pytest.mark.parametrize(("claim_type", "text", "status", "rationale"), KR_PRECEDENT)
def test_it_follows_the_korean_precedent_protocol(
    claim_type: ClaimType, text: str, status: Status, rationale: str
) -> None:
    finding = verify_claim(
        claim(
            claim_type,
            text,
            jurisdiction=Jurisdiction.KR,
            kind=Kind.JUDGMENT,
            key="kr:prec:2015다200111",
            number="2015다200111",
            court="대법원",
            date="2015-07-23",
        ),
        Found(precedent()),
        finding_id="K2",
        lang="ko",
    )
    assert finding.status is status
    assert finding.rationale.startswith(rationale)
    assert finding.supporting_urls == (
        "law.go.kr 판례 검색 결과 ID 178858 (전문 제공 여부가 일정하지 않을 수 있습니다.)",
    )


def test_a_claim_in_another_language_than_its_source_goes_to_a_person_not_to_a_block() -> None:
    finding = verify_claim(
        claim(
            ClaimType.COURT_HOLDING,
            "The Supreme Court held contingency fees in criminal cases void.",
            jurisdiction=Jurisdiction.KR,
            kind=Kind.JUDGMENT,
            number="2015다200111",
        ),
        Found(precedent()),
        finding_id="K3",
        lang="en",
    )
    assert finding.status is Status.NEEDS_JUDGEMENT
    assert "different languages" in finding.rationale


def test_a_hundred_claims_against_one_source_normalize_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    normalized_module.clear_cache()
    calls: list[int] = []
    real = normalized_module.normalize

    def counting(text: str) -> Normalized:
        calls.append(len(text))
        return real(text)

    monkeypatch.setattr(normalized_module, "normalize", counting)
    source = schrems()
    sentences = [s for s in re.split(r"(?<=\.) |\n", source.text) if 60 < len(s) < 300][:100]
    findings = [
        verify_claim(quote_claim(s), Found(source), finding_id=f"C{i}", lang="en")
        for i, s in enumerate(sentences)
    ]
    assert len(findings) == 100
    assert all(f.status is Status.VERIFIED for f in findings)
    assert calls.count(len(source.text)) == 1


def test_it_offers_no_link_for_a_source_that_has_none() -> None:
    offline = document(schrems().text, url="corpus:eu/case_law/C-311-18.md", number="C-311/18")
    finding = verify_claim(quote_claim(SCHREMS_SENTENCE), Found(offline), finding_id="C1", lang="en")
    assert finding.status is Status.VERIFIED
    assert finding.supporting_urls == ()

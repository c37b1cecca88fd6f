"""Claims checked against a source a user pasted (issue 16), end to end through extraction, `measure` and the
decision table: the paste is structured like the official text (a 호 of a pasted 제15조 is found), and the
verdict is capped beside the official source — the corpus's real text of the same act."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.citations import extract_claims
from verifier.model import Anchor, Found, Status
from verifier.sources.local import CorpusResolver
from verifier.sources.supplied.uploads import document_from_upload
from verifier.verify import verify_claim

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"


@pytest.fixture(scope="module")
def corpus() -> CorpusResolver:
    return CorpusResolver(CORPUS)


def pasted_article(corpus: CorpusResolver, key: str, article: str) -> str:
    document = corpus.resolve(Anchor(key)).document  # type: ignore[union-attr]
    unit = next(u for u in document.units if u.path == (("article", article),))
    return " ".join(document.text[unit.start : unit.end].split())


CASES = [
    (
        "개인정보 보호법 제15조 제1항 제2호는 “법률에 특별한 규정이 있거나 법령상 의무를 "
        "준수하기 위하여 불가피한 경우”를 규정한다.",
        "ko",
        "kr:law:개인정보보호법",
        "15",
    ),
    (
        "Zgodnie z art. 58 § 2 k.c. „Nieważna jest czynność prawna sprzeczna z zasadami współżycia "
        "społecznego.”",
        "pl",
        "pl:act:DU/1964/93",
        "58",
    ),
    (
        'Under Article 6(1)(c) GDPR, processing is lawful where "processing is necessary for compliance '
        'with a legal obligation to which the controller is subject".',
        "en",
        "eu:celex:32016R0679",
        "6",
    ),
]


@pytest.mark.parametrize(("sentence", "lang", "key", "article"), CASES)
def test_a_pinpoint_into_a_pasted_article_is_found_and_capped(corpus, sentence, lang, key, article) -> None:
    (claim,) = extract_claims(sentence, lang=lang)
    anchor = claim.citation.anchor
    assert anchor is not None
    assert anchor.key == key
    paste = document_from_upload(
        anchor, pasted_article(corpus, key, article), "pasted text", form="paste", by="associate"
    )
    official = corpus.resolve(anchor)
    alone = verify_claim(claim, Found(paste), finding_id="C1", lang=lang)
    beside = verify_claim(claim, Found(paste, official=official), finding_id="C1", lang=lang)
    against_official = verify_claim(claim, official, finding_id="C1", lang=lang)
    assert against_official.status is Status.VERIFIED, against_official.rationale
    # the pinpoint is found in the paste: not "해당 항은 존재하지 않습니다"
    assert alone.status is Status.NEEDS_JUDGEMENT, alone.rationale
    assert (alone.official_status, alone.clears_official_block) == (Status.NO_SOURCE, True)
    assert (beside.status, beside.official_status, beside.clears_official_block) == (
        Status.NEEDS_JUDGEMENT,
        Status.VERIFIED,
        False,
    )
    assert beside.source is not None
    assert beside.source.provenance is not None
    assert beside.source.provenance.official is False
    assert beside.match is not None
    assert beside.match.excerpt


def test_an_article_only_the_paste_has_stays_blocked_saying_the_official_act_has_none(corpus) -> None:
    (claim,) = extract_claims("민법 제1200조는 데이터 공유 약정을 규율한다.", lang="ko")
    anchor = claim.citation.anchor
    assert anchor is not None
    paste = document_from_upload(
        anchor,
        "민법\n\n제1200조(데이터 공유) 데이터 공유 약정은 서면으로 한다.",
        "pasted text",
        form="paste",
        by="associate",
    )
    finding = verify_claim(claim, Found(paste, official=corpus.resolve(anchor)), finding_id="C7", lang="ko")
    assert finding.status is Status.NEEDS_JUDGEMENT
    assert finding.official_status is Status.UNVERIFIED
    assert finding.clears_official_block
    assert "공식 원문과 다릅니다: 민법에 제1200조는 존재하지 않습니다." in finding.rationale


# 민법 제108조 as a user pastes it from law.go.kr without its heading (tests/data/corpus/kr/statutes/민법)
ARTICLE_108 = (
    "① 상대방과 통정한 허위의 의사표시는 무효로 한다.\n"
    "② 전항의 의사표시의 무효는 선의의 제삼자에게 대항하지 못한다."
)


@pytest.mark.parametrize(
    ("supplied_for", "sentence", "served"),
    [
        pytest.param(
            "민법 제108조는 통정허위표시를 규정한다.",
            '민법 제108조 제2항은 "전항의 의사표시의 무효는 선의의 제삼자에게 대항하지 못한다."고 규정한다.',
            True,
            id="supplied-for-the-article-serves-its-paragraph",
        ),
        pytest.param(
            # a paste supplied for one paragraph is that paragraph only, never laid out as the whole article
            "민법 제108조 제2항은 선의의 제삼자를 보호한다.",
            '민법 제108조 제1항은 "상대방과 통정한 허위의 의사표시는 무효로 한다."고 규정한다.',
            False,
            id="supplied-for-a-paragraph-is-not-the-article",
        ),
    ],
)
def test_a_pasted_article_serves_its_own_units(
    corpus, supplied_for: str, sentence: str, served: bool
) -> None:
    (target,) = extract_claims(supplied_for, lang="ko")
    assert target.citation.anchor is not None
    paste = document_from_upload(target.citation.anchor, ARTICLE_108, "pasted text", form="paste")
    labels = [u.label for u in paste.units]
    assert ("민법 제108조 제2항" in labels or "제108조 제2항" in labels) is served
    (claim,) = extract_claims(sentence, lang="ko")
    finding = verify_claim(
        claim, Found(paste, official=corpus.resolve(claim.citation.anchor)), finding_id="C8", lang="ko"
    )
    if not served:
        assert paste.units == ()  # kept as it came, unstructured, as before
    else:
        # the paragraph is found in the paste, the quote with it: capped beside the official text, not blocked
        assert finding.status is Status.NEEDS_JUDGEMENT, finding.rationale
        assert finding.official_status is Status.VERIFIED

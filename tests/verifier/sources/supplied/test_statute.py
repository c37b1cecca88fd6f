"""A statute a user pastes is read like the official one (issue 16): the real article of the corpus, flattened
onto one line as it is copied from a web page, comes back with the same 조/항/호/목, art./§/ust./pkt/lit.
and Article/paragraph/point units, each holding the same words, as the official text's own parser gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.model import Anchor, Jurisdiction, SourceDocument, SourceUnit
from verifier.sources.local import CorpusResolver
from verifier.sources.supplied.statute import structured_statute
from verifier.sources.supplied.uploads import document_from_upload

CORPUS = Path(__file__).resolve().parents[3] / "data" / "corpus"


@pytest.fixture(scope="module")
def corpus() -> CorpusResolver:
    return CorpusResolver(CORPUS)


def official(corpus: CorpusResolver, key: str) -> SourceDocument:
    found = corpus.resolve(Anchor(key))
    assert hasattr(found, "document"), found
    return found.document  # type: ignore[no-any-return]


def article_units(units: tuple[SourceUnit, ...], article: str) -> list[SourceUnit]:
    return [u for u in units if u.path[0] == ("article", article)]


def words(text: str) -> str:
    return " ".join(text.split())


ARTICLES = [
    # (the act, the article, its jurisdiction, how the paste begins)
    ("kr:law:개인정보보호법", "15", Jurisdiction.KR, "개인정보 보호법\n\n"),  # 항, 호, a revision note
    ("kr:law:개인정보보호법", "17", Jurisdiction.KR, ""),  # 항 and 호 with 제15조제1항제2호 references
    ("kr:law:민법", "103", Jurisdiction.KR, "민법\n"),  # one sentence, no 항
    ("pl:act:DU/1964/93", "58", Jurisdiction.PL, "Kodeks cywilny\n"),  # § 1–3
    ("pl:act:DU/2018/1000", "34", Jurisdiction.PL, ""),  # ust. 1–n, pkt 1)–6)
    ("eu:celex:32016R0679", "6", Jurisdiction.EU, ""),  # paragraphs, points (a)–(f)
]


@pytest.mark.parametrize(("key", "article", "jurisdiction", "before"), ARTICLES)
def test_a_pasted_article_gets_the_official_units(corpus, key, article, jurisdiction, before) -> None:
    document = official(corpus, key)
    units = article_units(document.units, article)
    assert units, f"{key} has an article {article}"
    whole = units[0]
    pasted = before + words(document.text[whole.start : whole.end])  # one line, as copied from a page
    laid = structured_statute(pasted, jurisdiction)
    assert laid is not None
    text, got = laid
    theirs = {u.path: words(document.text[u.start : u.end]) for u in units}
    mine = {u.path: words(text[u.start : u.end]) for u in got}
    assert list(mine) == list(theirs)
    assert [u.label for u in got] == [u.label for u in units]
    for path, official_words in theirs.items():
        if jurisdiction is Jurisdiction.EU:
            # on one line nothing says where a list of points ends: a paragraph's closing sentence ("Point (f)
            # of the first subparagraph shall not apply …") stays with its last point
            assert mine[path].startswith(official_words), path
            continue
        assert mine[path] == official_words, path
    assert words(text).endswith(words(document.text[whole.start : whole.end])[-40:])


@pytest.mark.parametrize(
    ("text", "jurisdiction", "paths"),
    [
        # a date inside a 호 is not the next 호, and a revision note's date is no 호 at all
        (
            "제5조(시행) ① 이 법은 다음 각 호의 날부터 시행한다. 1. 2016. 8. 17. 공포한 날 2. 그 밖의 날 "
            "<개정 2013. 3. 23.>",
            Jurisdiction.KR,
            [("5",), ("5", "1"), ("5", "1", "1"), ("5", "1", "2")],
        ),
        # "제15조제1항에 따라" is a reference, not the heading of 제15조
        (
            "제16조(개인정보의 수집 제한) ① 개인정보처리자는 제15조제1항 각 호의 어느 하나에 해당하여 "
            "개인정보를 수집한다.\n제15조에 따라 수집한다.",
            Jurisdiction.KR,
            [("16",), ("16", "1")],
        ),
        # "w § 1." inside § 2 is a reference: § 3 is what may follow § 2
        (
            "Art. 5. § 1. Pierwszy. § 2. Jak w § 1. rozumie się. § 3. Trzeci.",
            Jurisdiction.PL,
            [("5",), ("5", "1"), ("5", "2"), ("5", "3")],
        ),
        # "point (a) of paragraph 1" is a reference; "(c)" after "(a)" is an excerpt that left (b) out
        (
            "Article 9 Processing 1. Processing is prohibited: (a) consent; (c) vital interests. "
            "2. Point (a) of paragraph 1 shall not apply.",
            Jurisdiction.EU,
            [("9",), ("9", "1"), ("9", "1", "a"), ("9", "1", "c"), ("9", "2")],
        ),
    ],
)
def test_markers_count_only_in_their_order(text, jurisdiction, paths) -> None:
    laid = structured_statute(text, jurisdiction)
    assert laid is not None
    assert [tuple(value for _, value in u.path) for u in laid[1]] == paths


def test_a_text_without_an_article_heading_is_kept_as_it_came() -> None:
    assert structured_statute("선량한 풍속 기타 사회질서에 위반한 사항", Jurisdiction.KR) is None
    doc = document_from_upload(Anchor("kr:law:민법"), "선량한 풍속 기타 사회질서에 위반한 사항", "memo.txt")
    assert doc.text == "선량한 풍속 기타 사회질서에 위반한 사항"
    assert doc.units == ()


def test_the_supplied_document_keeps_the_sha256_of_what_was_supplied() -> None:
    pasted = "민법\n\n제1200조(데이터 공유) 데이터 공유 약정은 서면으로 한다."
    doc = document_from_upload(
        Anchor("kr:law:민법"),
        pasted,
        "pasted text",
        form="paste",
        by="associate",
        at="2026-12-01T09:30:00+00:00",
    )
    import hashlib

    assert doc.meta["supplied_sha256"] == hashlib.sha256(pasted.encode()).hexdigest()
    assert doc.sha256 == hashlib.sha256(doc.text.encode()).hexdigest()
    assert (doc.meta["supplied_as"], doc.meta["supplied_by"], doc.fetched_at) == (
        "paste",
        "associate",
        "2026-12-01T09:30:00+00:00",
    )
    assert [u.label for u in doc.units] == ["제1200조"]

"""Where a source came from, read from what a document carries, and said in words a lawyer reads
(issue 16)."""

from __future__ import annotations

import pytest

from verifier.model import SourceKind
from verifier.provenance import (
    chosen_meta,
    describe,
    provenance_from,
    provenance_json,
    provenance_of_json,
    supplied_meta,
)

AT = "2026-12-01T09:30:00+00:00"
KINDS = [
    (
        "law.go.kr",
        "https://www.law.go.kr/법령/민법",
        {},
        SourceKind.OFFICIAL,
        {
            "en": "the official text from law.go.kr (https://www.law.go.kr/법령/민법), fetched on 1 Dec 2026",
            "pl": "tekst urzędowy z law.go.kr (https://www.law.go.kr/법령/민법), pobrany dnia 1 grudnia 2026",
            "ko": "law.go.kr의 공식 원문(https://www.law.go.kr/법령/민법), 2026년 12월 1일 조회",
        },
    ),
    (
        "corpus",
        "https://www.law.go.kr/법령/민법",
        {"corpus_file": "kr/statutes/민법/법률.md"},
        SourceKind.CORPUS,
        {
            "en": "the official text in this machine's offline corpus (kr/statutes/민법/법률.md), loaded on "
            "1 Dec 2026",
            "pl": "tekst urzędowy z korpusu offline na tym komputerze (kr/statutes/민법/법률.md), "
            "wczytany dnia 1 grudnia 2026",
            "ko": "이 컴퓨터의 오프라인 자료에 있는 공식 원문(kr/statutes/민법/법률.md), "
            "2026년 12월 1일 적재",
        },
    ),
    (
        "saos",
        "https://www.saos.org.pl/judgments/484393",
        chosen_meta(collection="saos", document_id="484393", by="associate", at=AT),
        SourceKind.SEARCH_HIT,
        {
            "en": "the official SAOS document saos 484393, chosen from the search results by associate on "
            "1 Dec 2026",
            "pl": "dokument urzędowy SAOS saos 484393, wybrany z wyników wyszukiwania przez associate dnia "
            "1 grudnia 2026",
            "ko": "2026년 12월 1일에 associate이(가) 검색 결과에서 고른 SAOS 공식 문서 saos 484393",
        },
    ),
    (
        "upload",
        "upload:pasted text",
        supplied_meta(form="paste", name="pasted text", by="associate", sha256="a" * 64),
        SourceKind.SUPPLIED,
        {
            "en": "text pasted by associate on 1 Dec 2026, not an official source",
            "pl": "tekst wklejony przez associate dnia 1 grudnia 2026, nie źródło urzędowe",
            "ko": "2026년 12월 1일에 associate이(가) 붙여넣은 텍스트, 공식 출처가 아님",
        },
    ),
    (
        "upload",
        "upload:wyrok.pdf",
        supplied_meta(form="file", name="wyrok.pdf", by="paula", sha256="a" * 64),
        SourceKind.SUPPLIED,
        {
            "en": "the file “wyrok.pdf” uploaded by paula on 1 Dec 2026, not an official source",
            "pl": "plik „wyrok.pdf” przesłany przez paula dnia 1 grudnia 2026, nie źródło urzędowe",
            "ko": "2026년 12월 1일에 paula이(가) 올린 파일 “wyrok.pdf”, 공식 출처가 아님",
        },
    ),
    (
        "upload",
        "upload:judgment.pdf",
        supplied_meta(form="file", name="judgment.pdf", by=None, sha256="a" * 64),
        SourceKind.SUPPLIED,
        {"en": "the file “judgment.pdf” supplied on 1 Dec 2026, not an official source"},
    ),
    (
        "upload",
        "upload:pasted text",
        {"uploaded_as": "pasted text"},  # stored before issue 16: only a name was kept
        SourceKind.SUPPLIED,
        {"en": "pasted text supplied on 1 Dec 2026, not an official source"},
    ),
]


@pytest.mark.parametrize(("origin", "url", "meta", "kind", "said"), KINDS)
def test_each_kind_of_source_is_said_in_every_language(origin, url, meta, kind, said) -> None:
    provenance = provenance_from(origin, url, AT, "b" * 64, meta)
    assert provenance.kind is kind
    assert provenance.official is (kind is not SourceKind.SUPPLIED)
    for lang, words in said.items():
        assert describe(provenance, lang) == words, lang
    assert provenance_of_json(provenance_json(provenance)) == provenance


def test_a_supplied_source_keeps_the_sha256_of_what_was_supplied() -> None:
    provenance = provenance_from(
        "upload", "upload:x", AT, "b" * 64, supplied_meta(form="paste", name="x", by="a", sha256="c" * 64)
    )
    assert provenance.sha256 == "c" * 64


def test_something_that_is_not_a_provenance_reads_as_none() -> None:
    assert provenance_of_json(None) is None
    assert provenance_of_json({"kind": "rumour"}) is None

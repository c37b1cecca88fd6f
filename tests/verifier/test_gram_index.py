"""The q-gram index that narrows fuzzy quote search in long sources: it must never lose a window that could
pass, and find_quote through it must say what a full rapidfuzz scan says."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from verifier.match import fragment
from verifier.match.fragment import DEFAULT_THRESHOLD, FragmentStatus, find_quote, max_edits
from verifier.match.gram_index import GramIndex, gram_index
from verifier.text import Normalized, normalize

CORPUS = Path(__file__).parent.parent / "data" / "corpus"
SOURCES = {
    "gdpr": "eu/legislation/32016R0679/EU_document.txt",  # 353 KB, English
    "minbeop": "kr/statutes/민법/법률.md",  # 420 KB, Korean
    "kc": "pl/statutes/eli/DU_1964_93/text.html",  # Kodeks cywilny, Polish (HTML as the source gives it)
}


@cache
def source(name: str) -> Normalized:
    text = normalize((CORPUS / SOURCES[name]).read_text(encoding="utf-8"))
    assert len(text.text) >= fragment.INDEX_MIN_CHARS, "these tests are about the indexed path"
    return text


def _edit(text: str, n: int, rng: random.Random) -> str:
    """n random single-character edits (substitution, insertion, deletion), spaces included."""
    chars = list(text)
    alphabet = "abcdefgąęłóśźż가나다라 .,"
    for _ in range(n):
        i = rng.randrange(len(chars))
        kind = rng.choice("sid")
        if kind == "s":
            chars[i] = rng.choice(alphabet)
        elif kind == "i":
            chars.insert(i, rng.choice(alphabet))
        elif len(chars) > 1:
            del chars[i]
    return "".join(chars)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_window_within_the_edit_budget_lies_in_a_candidate_region(name: str) -> None:
    # The filter is only worth having if it is lossless: 200 windows of 20..400 characters, each edited
    # as far as the threshold allows (the worst case) or less, must all be inside a region it keeps.
    text = source(name).text
    index = GramIndex(text)
    rng = random.Random(f"lossless-{name}")
    for _ in range(200):
        length = rng.randint(20, 400)
        start = rng.randrange(len(text) - length)
        budget = max_edits(length, DEFAULT_THRESHOLD)
        edits = rng.choice([budget, rng.randint(0, budget)])
        needle = _edit(text[start : start + length], edits, rng)
        regions = index.candidate_regions(needle, max_edits(len(needle), DEFAULT_THRESHOLD))
        if regions is None:  # too short for the bound: the caller scans everything, nothing is lost
            continue
        assert any(lo <= start and start + length <= hi for lo, hi in regions), (
            f"window {start}..{start + length} with {edits} edits is outside every region"
        )


def test_regions_are_few_for_a_quote_that_is_not_there() -> None:
    # the point of the index: an absent quote is aligned against a sliver of the source, not all of it
    text = source("gdpr").text
    needle = normalize(
        "The controller shall keep a register of all archival copies for a period of no less than "
        "twelve years after the last processing operation."
    ).text
    regions = gram_index(text).candidate_regions(needle, max_edits(len(needle), DEFAULT_THRESHOLD))
    assert regions is not None
    assert sum(hi - lo for lo, hi in regions) < len(text) / 10


def test_a_needle_too_short_for_the_bound_is_left_to_a_full_scan() -> None:
    assert gram_index(source("gdpr").text).candidate_regions("art 5", 1) is None


def _quotes(name: str, rng: random.Random, n: int) -> list[str]:
    original = source(name).original
    sentences = [s for s in re.split(r"(?<=[.;。다])\s+", original) if 60 <= len(s) <= 300 and "<" not in s]
    picked = rng.sample(sentences, n)
    return [_edit(s, rng.randint(1, 4), rng) for s in picked]


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_find_quote_through_the_index_says_what_a_full_scan_says(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = source(name)
    rng = random.Random(f"differential-{name}")
    quotes = _quotes(name, rng, 25)
    # sentences of another language's source: absent
    other = {"gdpr": "minbeop", "minbeop": "kc", "kc": "gdpr"}[name]
    quotes += [s for s in _quotes(other, rng, 5)]
    indexed = [find_quote(q, src) for q in quotes]
    monkeypatch.setattr(fragment, "INDEX_MIN_CHARS", 10**12)
    scanned = [find_quote(q, src) for q in quotes]
    statuses = {r.status for r in indexed}
    assert FragmentStatus.MODIFIED in statuses
    assert FragmentStatus.ABSENT in statuses
    for quote, a, b in zip(quotes, indexed, scanned, strict=True):
        assert a.status is b.status, quote
        assert a.meaning_change == b.meaning_change, quote
        if a.found:
            # equal similarity; the span may differ only where the same passage occurs twice
            assert a.similarity == b.similarity, quote
            assert src.original[a.start : a.end] == src.original[b.start : b.end], quote


@pytest.mark.parametrize("indexed", [True, False])
def test_a_window_cut_inside_a_number_is_not_read_as_a_changed_number(
    indexed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rapidfuzz aligned this quote (one word dropped) to "…article 93(" — cut before the "2)" — and the
    # missing "2" read as a changed number, so a faithful quote came back absent. Windows now end on words.
    if not indexed:
        monkeypatch.setattr(fragment, "INDEX_MIN_CHARS", 10**12)
    quote = (
        "(d) standard data protection clauses adopted by a supervisory authority and approved by the "
        "Commission pursuant the examination procedure referred to in Article 93(2);"
    )
    result = find_quote(quote, source("gdpr"))
    assert result.status is FragmentStatus.MODIFIED
    assert result.meaning_change is None
    assert [d for d in result.diff if d[0] != "equal"] == [("insert", "to")]
    assert result.excerpt.startswith("(d)")
    assert result.excerpt.endswith("93(2);")


def test_nearest_passage_of_a_heavily_edited_quote_is_where_it_came_from() -> None:
    # too far from the source to be "modified" (about a third of its characters changed), but the
    # passage a lawyer should be shown is still the one the author had in front of them
    src = source("gdpr")
    start = src.original.index("Where processing is to be carried out on behalf of a controller")
    passage = src.original[start : start + 220]
    rng = random.Random("nearest")
    quote = _edit(passage, 70, rng)
    result = find_quote(quote, src)
    assert result.status is FragmentStatus.ABSENT
    assert result.nearest
    assert result.nearest[0].start < start + 220
    assert result.nearest[0].end > start

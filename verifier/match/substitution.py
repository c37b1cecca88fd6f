"""A word of an act's wording quoted as a word that cannot be a rewording of it.

    substituted(diff) -> tuple[str, str] | None    the quote's word and the act's, one put for the other

A quote of an act found with small differences is `modified` (🟡): punctuation, diacritics, spacing, an
ending or a particle ("행위" / "행위는", "lodge" / "lodged", "Subject matter" / "Subject-matter"), and a
synonym ("a breach" for "an infringement", "입힌" for "가한", "swojej" for "swej"), which reads alike.
A quote that has, where the act has a predicate, a noun ("근로자" where 형법 제16조 says "벌하지",
"채권자" where 민법 제358조 says "부합된"), or a word of the law where the act has only a function
word ("third party" where Article 77's heading says "with"), a term the act defines where the act
has another word ("controller" where Article 82's heading says "liability"), or a Korean person of the
law where the act names a thing ("임차인" where 민법 제358조 says "물건과"), is no rewording: it
misquotes the act, whose wording is fixed, and that is evidence that the draft is wrong. Only an act's
words are held to this: a court restating an earlier judgment adapts its words, and the rows for a
judgment's quotes read those.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from verifier.match.content import stopwords
from verifier.match.defined_terms import names_a_term
from verifier.match.korean import analyze

# a Latin-script word shorter than this is a function word or an abbreviation, not a word of the law
_LATIN_MIN = 4
# two words are one word inflected when they share this long a beginning (or the shorter one whole):
# "umowy" / "umowa", "transferred" / "transfer", "벌하지" / "벌한다", "행위는" / "행위"
_LATIN_STEM = 4
_HANGUL_STEM = 2


def _hangul(word: str) -> bool:
    return any("가" <= ch <= "힣" for ch in word)


@functools.cache
def _function_words() -> frozenset[str]:
    return frozenset(w.casefold() for lang in ("en", "pl", "ko") for w in stopwords(lang))


def _content(word: str) -> bool:
    """A word that carries the law: no digits (a number is compared as a number; 제3자 "a third party" is a
    word), not a stop-word, long enough to be more than a particle or an article."""
    if word.startswith(_PERSONS):
        return True
    if not _word(word) or word in _function_words():
        return False
    if _hangul(word):
        return len(word) >= 2
    return len(word) >= _LATIN_MIN and all(ch.isalpha() or ch in "-’'" for ch in word)


def _word(word: str) -> bool:
    return bool(word) and not any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word)


def _same_word(a: str, b: str) -> bool:
    stem = _HANGUL_STEM if _hangul(a) or _hangul(b) else _LATIN_STEM
    shared = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        shared += 1
    return shared >= min(len(a), len(b), stem)


def _split(text: str) -> list[str]:
    # a hyphenated word is its parts: "non-processor" is not "non-material" inflected, "Subject-matter" is
    # "Subject matter"
    text = text.replace("-", " ").replace("\u2011", " ")
    return [w.strip(".,;:!?()[]{}\"'‘’“”«»„「」『』").casefold() for w in text.split()]


_VERBAL = frozenset({"VV", "VA", "VX", "XSV", "XSA"})


def _korean_class(word: str) -> str:
    """What a Korean word is: a predicate (벌하지, 부합된, 현저한: a verb or adjective, also a noun made
    one by 하다/되다), a noun (근로자, 행위는) or another part of speech (다른, 기타 as a determiner)."""
    tags = [tag for _, tag, _, _ in analyze(word)]
    if any(tag in _VERBAL for tag in tags):
        return "predicate"
    if any(tag.startswith("N") or tag == "XR" for tag in tags):
        return "noun"
    return "other"


def _blocks(diff: Sequence[tuple[str, str]]) -> list[tuple[list[str], list[str]]]:
    """The places where the quote and the act differ: the quote's words and the act's, one run of changes
    between two equal runs each."""
    out: list[tuple[list[str], list[str]]] = []
    quoted: list[str] = []
    source: list[str] = []
    for op, text in [*diff, ("equal", "")]:
        if op == "equal":
            if quoted or source:
                out.append((quoted, source))
            quoted, source = [], []
        elif op == "delete":
            quoted += [w for w in _split(text) if w]
        else:
            source += [w for w in _split(text) if w]
    return out


# Korean nouns that name a person of the law without the suffix `_korean_person` reads
_PERSONS = ("제3자", "제삼자", "타인", "본인")


def _korean_person(word: str) -> bool:
    """A Korean noun that names a person of the law: a noun of three syllables or more ending in 자 or 인
    (채무자, 임차인, 피해자, 근로자, 대리인), or 제3자, 타인, 본인. A date (확정일자) is none."""
    if word.startswith(_PERSONS):
        return True
    noun = ""
    for form, tag, _, _ in analyze(word):
        if not tag.startswith("NN"):
            break
        noun += form
    return len(noun) >= 3 and noun.endswith(("자", "인")) and not noun.endswith("일자")


def _put_for(
    quoted: list[str], source: list[str], terms: frozenset[str], *, firm_only: bool = False
) -> tuple[str, str] | None:
    own = [w for w in quoted if _content(w) and not any(_same_word(w, s) for s in source)]
    theirs = [w for w in source if _word(w) and not any(_same_word(w, q) for q in quoted)]
    if not own or not theirs:
        return None  # only endings, particles, spacing changed; or words only added or left out
    term = names_a_term(own, terms)
    if term is not None and names_a_term(source, terms) != term:
        return term, theirs[0]  # a term the act defines is no rewording of another word ("controller")
    meaningful = [w for w in theirs if _content(w)]
    korean = _hangul(own[0]) and _hangul(theirs[0])
    if korean and any(_korean_person(w) for w in own) and not any(_korean_person(w) for w in theirs):
        # a person of the law where the act names a thing or a deed (임차인 / 물건과, 피해자 / 기타) says
        # whom the rule is about; one person for another (근로자 / 노동자) may be a synonym
        return next(w for w in own if _korean_person(w)), (meaningful or theirs)[0]
    if firm_only:
        return None
    if not meaningful:
        return own[0], theirs[0]  # a word of the law where the act has only "with", "of", "to"
    # a synonym keeps its part of speech (입힌 / 가한, 참작하여 / 고려하여); a noun where the act has a
    # predicate (근로자 / 벌하지) is another word
    korean = _hangul(own[0]) and _hangul(meaningful[0])
    if korean and not {_korean_class(w) for w in own} & {_korean_class(w) for w in meaningful}:
        return own[0], meaningful[0]
    return None  # one content word for another: a synonym ("a breach" / "an infringement") reads alike


def substituted(
    diff: Sequence[tuple[str, str]], terms: frozenset[str] = frozenset(), *, firm_only: bool = False
) -> tuple[str, str] | None:
    """The quote's word and the act's word at its place, when the quote put a word for one of the act's that
    cannot be a rewording of it: a word of the law where the act has only a function word, or (Korean,
    where Kiwi tells) a word of another part of speech, or a term the act defines (`terms`:
    `defined_terms.defined_terms` of the act) put for another word. A synonym, an ending, a particle,
    spacing, a word added or left out stay differences a person reads (`modified`). `firm_only`: only a
    defined term or a Korean person of the law put for another word, the evidence that holds for a
    quote matched loosely (a short term, a heading)."""
    for quoted, source in _blocks(diff):
        found = _put_for(quoted, source, terms, firm_only=firm_only)
        if found is not None:
            return found
    return None


__all__ = ["substituted"]

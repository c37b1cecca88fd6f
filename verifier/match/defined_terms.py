"""The terms an act defines: the words it gives a meaning of its own in its definitions.

    defined_terms(text) -> frozenset[str]     lowercase, as the act spells them

An act's definitions say what its terms mean ("‘controller’ means the natural or legal person … which …
determines the purposes and means of the processing", "“근로자”란 … 사람을 말한다", "„przedsiębiorca” oznacza
…"). Such a term is no synonym of any other word of the act: a quote that puts ‘controller’ where the act says
"liability", or ‘third party’ where it says "operations", names another person or thing of the law, with
its definition, and misquotes the act (`substitution`). Read from the act's own text, so an act without a
definitions article (민법, 형법, k.c.) gives none.
"""

from __future__ import annotations

import functools
import re

# a definition opens with the term in quotation marks and the defining verb after it
_OPEN = "‘'\"“„«"
_CLOSE = "’'\"”»"
_DEFINITIONS = (
    # GDPR Article 4: "‘controller’ means", "(‘supervisory authority’)" is a naming, not a definition
    # and "‘consent’ of the data subject means"
    re.compile(
        rf"[{_OPEN}](?P<term>[^{_OPEN}{_CLOSE}\n]{{2,60}})[{_CLOSE}](?:\s[a-z]+){{0,4}}\s(?:means|shall\smean)\b"
    ),
    # 근로기준법 제2조 "“근로자”란", 개인정보 보호법 제2조 "“개인정보”란", older wording "“임금”이라 함은"
    re.compile(
        rf"[{_OPEN}](?P<term>[^{_OPEN}{_CLOSE}\n]{{1,30}})[{_CLOSE}]\s?(?:이란|란|이라\s?함은|라\s?함은)"
    ),
    # "„konsument” oznacza", "ilekroć w ustawie jest mowa o „przedsiębiorcy” – rozumie się"
    re.compile(rf"[{_OPEN}](?P<term>[^{_OPEN}{_CLOSE}\n]{{2,60}})[{_CLOSE}]\s?(?:[-–—]\s)?oznacza\b"),
)
_MAX_TERMS = 500  # a definitions article has tens of terms; more is not a definitions article


@functools.lru_cache(maxsize=32)
def defined_terms(text: str) -> frozenset[str]:
    """The terms `text` (an act) defines, lowercase."""
    found: set[str] = set()
    for pattern in _DEFINITIONS:
        for m in pattern.finditer(text):
            term = " ".join(m.group("term").split()).casefold()
            if term and not any(ch.isdigit() for ch in term):
                found.add(term)
            if len(found) > _MAX_TERMS:
                return frozenset()
    return frozenset(found)


def names_a_term(words: list[str], terms: frozenset[str]) -> str | None:
    """The defined term that `words` (lowercase, in order) spell, alone or in a longer run ("the
    controller", "controllers"): the term's words in a row, the last one also with a plural ending."""
    if not terms or not words:
        return None
    joined = " ".join(words)
    for term in sorted(terms, key=len, reverse=True):
        # a Korean term takes its particle glued on ("근로자는"); a Latin one a plural ending at most
        if any("가" <= ch <= "힣" for ch in term):
            spelt = re.escape(term)
        elif term.endswith("y"):  # "authority" / "authorities"
            spelt = rf"{re.escape(term[:-1])}(?:y|ies)(?!\w)"
        else:
            spelt = rf"{re.escape(term)}(?:s|es)?(?!\w)"
        if re.search(rf"(?<!\w){spelt}", joined):
            return term
    return None


__all__ = ["defined_terms", "names_a_term"]

"""The words a claim's language is told from: its own sentence, without what is written in other languages.

A citation's title ("대법원 2016. 8. 17. 선고 2014다235080 판결", "art. 58 § 2 k.c.",
"Article 6(1)(f) GDPR") and the source text a claim quotes are in the source's language, not the author's:
"In 대법원 … 판결 the Supreme Court held that …" is English, and "Article 7(3) GDPR stanowi: „…”" is
Polish whatever it quotes.
"""

from __future__ import annotations

import functools

from verifier.citations.quotes import find_quotes
from verifier.citations.substance import claim_substance
from verifier.lang import claim_language
from verifier.model import Claim


@functools.lru_cache(maxsize=4096)
def language_sample(claim: Claim) -> str:
    """The claim's sentence with its citations, its cue and every quoted passage blanked."""
    text = claim_substance(claim)
    if claim.quote_span is not None:
        a = claim.quote_span[0] - claim.claim_span[0]
        b = claim.quote_span[1] - claim.claim_span[0]
        if 0 <= a < b <= len(text):
            text = text[:a] + " " * (b - a) + text[b:]
    for quote in find_quotes(text):
        a, b = quote.span
        text = text[:a] + " " * (b - a) + text[b:]
    return text


@functools.lru_cache(maxsize=4096)
def language_of_claim(claim: Claim, document_language: str | None) -> str:
    """The language the claim's words are compared in (rationales stay in the reader's language)."""
    return claim_language(language_sample(claim), document_language)


__all__ = ["language_of_claim", "language_sample"]

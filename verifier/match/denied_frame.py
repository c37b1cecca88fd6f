"""A sentence that says what its cited unit does NOT say or provide.

    denies_unit(claim_text, citation_start, citation_end, lang=) -> str | None   the denying words, if any

"It is not apparent from Article 83 of the GDPR … that …", "Article 46 of the GDPR does not specify …",
"z art. 5 k.c. nie wynika …", "민법 제629조는 … 규정하고 있지 아니하다": what the unit's words are found to be
cannot show that the unit lacks something, so a quote or the terms found there are no evidence that such a
sentence is right. Only the frame that attaches the negation to the citation counts (the words right before
it, or its own predicate after it); a negation elsewhere in the sentence is about something else.
"""

from __future__ import annotations

import re

# right before the citation: "it is not apparent from", "it is not clear from the very wording of"
_BEFORE = {
    "en": re.compile(
        r"\b(?:not|never|nothing)\s+(?:\w+\s+){0,2}?(?:apparent|clear|patent|evident|follows?|stated|"
        r"provided(?:\s+for)?|laid\s+down|required|apparent\s+either)\s+(?:from|by|in|under)\s+"
        r"(?:the\s+(?:very\s+)?(?:wording|terms|text|scheme)\s+of\s+)?\Z",
        re.I,
    ),
    "pl": re.compile(
        r"\bnie\s+(?:wynika|stanowi|przewiduje|wymaga|określa)\s+(?:to\s+)?(?:z\s+|w\s+)?\Z", re.I
    ),
}
# the citation's own predicate after it: "Article 46 of the GDPR does not specify", "art. 5 k.c. nie stanowi"
_AFTER = {
    "en": re.compile(
        r"\A(?:\s*,[^,.;]{1,80},)?\s*(?:(?:does|do|did|can|could)\s*(?:not|n't)|contains?\s+no|makes?\s+no|"
        r"lays?\s+down\s+no|provides?\s+for\s+no)\b",
        re.I,
    ),
    "pl": re.compile(
        r"\A(?:\s*,[^,.;]{1,80},)?\s*nie\s+(?:wynika|stanowi|przewiduje|wymaga|określa|reguluje|zawiera)\b",
        re.I,
    ),
    "ko": re.compile(r"\A[^.;\n]{0,80}?(?:규정|명시)[가-힣]{0,3}\s?(?:있지|하지|되어\s?있지)\s?(?:않|아니)"),
}
_REACH = 80  # characters before the citation the frame may start in


def denies_unit(claim_text: str, citation_start: int, citation_end: int, *, lang: str) -> str | None:
    """The words that deny of the cited unit what the sentence goes on to say, or None."""
    if not 0 <= citation_start <= citation_end <= len(claim_text):
        return None
    before, after = _BEFORE.get(lang), _AFTER.get(lang)
    if before is not None:
        found = before.search(claim_text[max(0, citation_start - _REACH) : citation_start])
        if found is not None:
            return " ".join(found.group().split())
    if after is not None:
        found = after.match(claim_text[citation_end:])
        if found is not None:
            return " ".join(found.group().split())
    return None


__all__ = ["denies_unit"]

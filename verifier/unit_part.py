"""A part of the cited unit the draft names — "the second sentence of Article 38(3)", "민법 제358조 본문",
"제103조 단서" — that the unit does not have: the evidence of a wrong pinpoint below the unit's level.

    missing_part(claim, unit_text, lang=…) -> MissingPart | None

A citation names a part of a unit as precisely as it names the unit: a paragraph of one sentence has no
second sentence, and an article without a proviso (다만 …) has neither 본문 nor 단서 (본문 is the text
BEFORE the proviso, or, as courts also write it, the first sentence of a unit of two). So the cited unit
cannot say what the draft attributes to that part. Counting errs on the side of more sentences (an
abbreviation's full stop may count as one), so a part is called missing only when even that count falls
short.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.model import Claim

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_ORDINAL = "|".join(_ORDINALS)
# "the second sentence of ", "the first and third sentences of ", "the second and third sentences of "
_EN_SENTENCE = re.compile(
    rf"\b({_ORDINAL})(?:(?:\s*,\s*|\s+(?:and|or|to)\s+)({_ORDINAL}))*\s+sentences?\s+of\s+(?:the\s+)?\Z",
    re.I,
)
# "제358조 본문은", "제103조 단서에 의하여": the proviso, or the text before it
_KO_PROVISO_PART = re.compile(r"\s?(본문|단서)(?![\uac00-\ud7a3]{2})")
# 단, 단 …, 但, 그러나: the provisos of older wordings (형법 제33조 (1953): "… 적용한다. 단 신분관계로 …"); a
# 단 that opens a sentence, not "단 1회"
_KO_PROVISO = re.compile(r"다만[,\s]|(?:\A|[.]\s*)단[,\s]|但|그러나")
# a Korean sentence ends at a full stop followed by more text
_KO_SENTENCE_END = re.compile(r"다\.\s+(?=\S)")
# a sentence ends at a full stop (or ! ?) before a capital, a bracket or a quotation mark, or at the end
_EN_SENTENCE_END = re.compile(r"[.!?](?:[’'”\"])?(?:\s+(?=[A-Z(‘“\"'])|\s*\Z)")
_LEADING_NUMBER = re.compile(r"\A\s*\d+[a-z]?\.\s+")


@dataclass(frozen=True, slots=True)
class MissingPart:
    part: str  # "sentence" | "proviso"
    named: str  # the draft's words: "second sentence", "본문"
    has: int  # how many sentences the unit has (for a proviso: 0)


def missing_part(claim: Claim, unit_text: str, *, lang: str) -> MissingPart | None:
    """The part of the cited unit the claim names, when the unit does not have it."""
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start <= end <= len(text):
        return None
    if lang == "ko" or re.search(r"[\uac00-\ud7a3]", claim.citation.text):
        proviso = _KO_PROVISO_PART.match(text, end)
        if proviso is None or _KO_PROVISO.search(unit_text):
            return None
        if proviso.group(1) == "본문" and _one_paragraph_of_sentences(unit_text):
            return None  # courts name the first of two sentences 본문 too ("민법 제538조 제1항 본문")
        return MissingPart("proviso", proviso.group(1), 0)
    before = _EN_SENTENCE.search(text[max(0, start - 80) : start])
    if before is None:
        return None
    wanted = max(_ORDINALS[w.lower()] for w in re.findall(_ORDINAL, before.group(0), re.I))
    has = sentences(unit_text)
    if wanted <= has:
        return None
    named = re.sub(r"\s+of\s+(?:the\s+)?\Z", "", before.group(0)).strip()
    return MissingPart("sentence", named, has)


def sentences(unit_text: str) -> int:
    """How many sentences a unit of an EU act has, at least as many as it truly has."""
    body = _LEADING_NUMBER.sub("", unit_text.strip(), count=1)
    if not body:
        return 0
    ends = list(_EN_SENTENCE_END.finditer(body))
    # text after the last full stop (a heading line, a list without one) is a sentence of its own
    tail = body[ends[-1].end() :].strip() if ends else body
    return len(ends) + (1 if tail else 0)


def _one_paragraph_of_sentences(unit_text: str) -> bool:
    """A paragraph (or an article of one) of two sentences or more: 본문 may name its first."""
    text = unit_text.strip()
    return len(re.findall(r"[\u2460-\u2473]", text)) <= 1 and _KO_SENTENCE_END.search(text) is not None

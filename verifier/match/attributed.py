"""The legal effect a Korean draft says the cited unit itself has, against the effect the unit states.

    attributed_effect(claim, unit_text) -> Reversal | None

"민법 제103조에 의하여 무효로 되는 반사회질서행위", "형법 제20조 소정의 정당행위": the word written
right after the citation and its connector ("에 의하여", "에 따라", "에 해당하여", "소정의", "의"), or the
name before "…를 규정한" it ("불법원인급여를 규정한 민법 제746조"), is what the draft says the unit provides.
The sentence around it may be the court's own (few of the unit's words: no evidence either way), but that
word is attributed to the unit. When it is one side of a pair of the corpus's antonyms
(verifier/data/antonyms-ko.txt, `claim` scope: 유효 / 무효, 불법 / 합법) or a word with a negating first
syllable (부당 / 정당), and the unit states only the other side, the unit states it otherwise: evidence,
named with both words.
"""

from __future__ import annotations

import re

from verifier.match.antonyms import antonyms
from verifier.match.fragment import negated_pair
from verifier.match.polarity import Reversal
from verifier.model import Claim

# what joins the citation to the effect it is said to have
_CONNECTOR = re.compile(
    r"\s*(?:에\s*의하여|에\s*의한|에\s*따라서?|에\s*따른|에\s*해당하여|에\s*해당되어|소정의|의)\s*"
    r"(?P<word>[\uac00-\ud7a3]{2,})"
)
# "불법원인급여를 규정한 민법 제746조": the name the draft gives what the unit provides, before the citation
_NAMED_BEFORE = re.compile(r"(?P<word>[\uac00-\ud7a3]{2,})(?:을|를)\s?규정한\s?\Z")
_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]{2,}")


def attributed_effect(claim: Claim, unit_text: str) -> Reversal | None:
    """The word the draft attaches to the citation, when the unit says only its opposite."""
    word = _attached_word(claim)
    if word is None:
        return None
    theirs = _HANGUL_WORD.findall(unit_text)
    for pair, side in antonyms("ko").side(word):
        if pair.scope != "claim":
            continue
        mine = pair.negative if side == "negative" else pair.positive
        other = pair.positive if side == "negative" else pair.negative
        if any(w.startswith(other) for w in theirs) and not any(w.startswith(mine) for w in theirs):
            kind = "negation" if pair.kind == "prefix" else "opposite"
            return Reversal(kind, word, next(w for w in theirs if w.startswith(other)), basis="attributed")
    for their in theirs:
        same = _common(word[1:], their[1:])
        mine, other = word[: 1 + same], their[: 1 + same]
        if same < _SAME_AFTER or not (negated_pair(mine, other) or negated_pair(other, mine)):
            continue
        if not any(w.startswith(mine) for w in theirs):
            return Reversal("negation", word, their, basis="attributed")
    return None


def _attached_word(claim: Claim) -> str | None:
    """The word right after the citation and its connector, or the name the draft gives the unit before it."""
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start < end <= len(text):
        return None
    attached = _CONNECTOR.match(text, end) or _NAMED_BEFORE.search(text, max(0, start - 30), start)
    return attached.group("word") if attached is not None else None


# 부당행위 / 정당행위: a negating first syllable for another, the rest of the word the same for at least this
# many syllables ("부동산" is no negation of "이동")
_SAME_AFTER = 2


def _common(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


__all__ = ["attributed_effect"]

"""An invented quote whose nearest passage the source denies: "it cannot be held that P"
against a quote "P", and when a quote that is not there has a counterpart at all.

    denied_passage(quote, original, nearest, negations=) -> MatchEvidence | None
    near(nearest) -> bool

`fragment.find_quote` asks for both on a quote it did not find; the frames are data (`frame` in
verifier/data/polarity-<lang>.txt).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from verifier.match.polarity import frame_words
from verifier.model import MatchEvidence

_PUNCTUATION = "()[]{}.,;:!?'\""

NEAR_COUNTERPART = 0.5  # a passage this like a quote is its counterpart, not only a passage on its subject
DENIED_SIMILARITY = NEAR_COUNTERPART


def near(nearest: Sequence[MatchEvidence]) -> bool:
    """Whether a quote that is not there has a counterpart in the source (its nearest passages, best first):
    a passage nearly like it. Without one, and with its terms only strewn about the source, the quote is not
    "on topic" but invented."""
    return any(n.similarity >= NEAR_COUNTERPART for n in nearest[:1])


_FRAME_WORDS = 3  # words between the complementizer and the passage
_NEGATION_REACH = 6  # words between the negation and the complementizer
# the words that open a clause a negation before them denies whole: "it cannot be held that P", "nie można
# przyjąć, że P"
_COMPLEMENTIZERS = frozenset({"that", "że", "iż"})
_SENTENCE_START = re.compile(r"(?:[.;!?](?=\s)|\n)")


_KO_TAIL = 24  # characters read after a Korean passage for the frame that denies it


def _korean_denial(original: str, passage: MatchEvidence) -> str | None:
    """A Korean court denies a clause after it: "…사회적 타당성을 갖추고 있다고 볼 수 없고" (`frame` in
    polarity-ko.txt). The frame must follow the passage within one word, before the sentence ends; the
    words from the passage's end through the frame come back."""
    start = max(0, passage.end - 1)  # the passage may end inside the frame: "…갖추고 있다고"
    tail = original[start : passage.end + _KO_TAIL]
    tail = re.split(r"[.;\n]", tail, maxsplit=1)[0]
    for frame in frame_words("ko"):
        pattern = r"\s?".join(re.escape(part) for part in frame.split())
        m = re.match(rf"(\S*\s?\S*?){pattern}", tail)
        if m is not None and len(m.group(1).split()) <= 2:
            end = start + m.end()
            while end < len(original) and "가" <= original[end] <= "힣":
                end += 1  # to the end of the word: "없고", "없다"
            return " ".join(original[original.rfind(" ", 0, passage.end) + 1 : end].split())
    return None


def denied_passage(
    quote: str, original: str, nearest: Sequence[MatchEvidence], *, negations: Callable[[Sequence[str]], int]
) -> MatchEvidence | None:
    """The source states the passage nearest to the quote only as what it denies: "Therefore, it cannot be
    held that any 'infringement' of the provisions of the GDPR, by itself, confers that right to
    compensation" (C-300/21, paragraph 33) against a quote "any infringement of the GDPR gives rise, of
    itself, to a right to compensation". A negated frame (a negation and a word of holding or following,
    `frame` in verifier/data/polarity-<lang>.txt) within a few words before a complementizer that opens the
    passage, in the same sentence, and the quote has the passage's own negations, no more: the source says
    the opposite of the quote. The passage comes back with the denying words as the diff's insertion
    ("+cannot be held that")."""
    quoted = negations(quote.casefold().split())
    for passage in nearest[:2]:
        if passage.similarity < DENIED_SIMILARITY:
            continue
        korean = _korean_denial(original, passage)
        if korean is not None:
            if quoted == negations(passage.excerpt.split()):
                return replace(passage, diff=(("equal", passage.excerpt), ("insert", korean)))
            continue
        starts = [m.end() for m in _SENTENCE_START.finditer(original, 0, passage.start)]
        sentence = original[starts[-1] if starts else 0 : passage.start]
        before = [w.casefold().strip(_PUNCTUATION + "‘’“”„") for w in sentence.split()]
        at = max((i for i, w in enumerate(before) if w in _COMPLEMENTIZERS), default=None)
        if at is None or len(before) - at - 1 > _FRAME_WORDS:
            continue
        frame = before[max(0, at - _NEGATION_REACH) : at]
        if not negations(frame) or not frame_words("en", "pl").intersection(frame):
            continue  # "is not subject to the condition that P" does not deny P
        if quoted != negations(passage.excerpt.casefold().split()):
            continue
        first = max(0, at - _NEGATION_REACH)
        first += next(i for i, w in enumerate(frame) if negations([w]))
        denying = " ".join(sentence.split()[first : at + 1])
        return MatchEvidence(
            start=passage.start,
            end=passage.end,
            excerpt=passage.excerpt,
            similarity=passage.similarity,
            diff=(("insert", denying), ("equal", passage.excerpt)),
        )
    return None


__all__ = ["DENIED_SIMILARITY", "NEAR_COUNTERPART", "denied_passage", "near"]

"""A claim that restates its unit in the unit's own words, with one of them turned.

    restated_otherwise(claim_text, unit, lang=) -> Restatement | None

Courts and lawyers restate a provision before they apply or interpret it ("형법 제16조가 자기의 행위가
… 오인에 정당한 이유가 있는 때에 한하여 벌하지 아니한다고 규정한 것은 …", "Article 46(1) of the GDPR provides
that … a controller or processor may transfer personal data … only if …"). The sentence as a whole is the
court's (few of the unit's words: no evidence either way), but the restated clause is the unit's: when a
clause of the unit is in the claim almost word for word and the words that differ add or drop a negation,
change a number, or put one side of a legal effect for the other, the draft states the unit otherwise.
That is evidence, named with both wordings.

The unit's clauses are the needles and the claim is the text searched: a clause must be there whole (within
the FRAGMENT level's edit threshold), so a sentence that merely shares some words with the unit — an
application to facts ("원고는 … 계약을 해지할 수 없다") — never matches a clause of it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from verifier.match.antonyms import swapped
from verifier.match.fragment import count_negations, find_quote, negated_pair
from verifier.match.numbers import MARKS, spelled_numbers
from verifier.match.polarity import quote_change
from verifier.text import Normalized, normalize, words

# a clause shorter than this is a phrase the claim may use for anything ("해지할 수 있다", "shall apply")
MIN_WORDS = {"ko": 5}
MIN_WORDS_LATIN = 7
# a clause longer than this is not one a claim restates in one go; it is split at its commas
MAX_WORDS = 60
# a restatement may differ from the clause more than a quote may ("이에" for "전항의 규정에"): the share of
# the clause's characters that may differ
THRESHOLD = 0.25
# a restatement turns a word or two: at most this many words changed on either side, or this share of the
# clause's words for a long one
MAX_CHANGED = 3
CHANGED_SHARE = 0.15
# the kinds of difference that change the law; "denied" (a passage saying no to the claim) is the quote's
# business, not a restatement's
_KINDS = frozenset({"negation", "number", "opposite", "modality"})
_SENTENCES = re.compile(r"(?<=[.;:!?])\s+|\n+")
# a comma before a number continues a list ("Articles 8, 11, 25 to 39"): a part cut there would end on one
# item of the list and state a number the unit does not
_CLAUSES = re.compile(r"(?<=[,;:])\s+(?!\d)")
_MARKER = re.compile(r"^\s*(?:[①-⑳]|\(?\d{1,3}[.)]|\(?[a-z][.)]|§\s*\d+\.?)\s*")
# a unit's own heading, "제16조(법률의 착오)", "Article 46 Transfers subject to appropriate safeguards": its
# number is the citation's, not something a restatement states
_HEADING = re.compile(r"^\s*(?:제\d+조(?:의\d+)?\s*(?:\([^)]*\))?|Art(?:icle|\.)\s*\d+[a-z]?\b\.?)\s*")


@dataclass(frozen=True, slots=True)
class Restatement:
    kind: str  # "negation", "number", "opposite" or "modality"
    draft: str  # the claim's words where they differ, as written
    source: str  # the unit's words there
    clause: str  # the unit's clause the claim restates
    diff: tuple[tuple[str, str], ...] = ()  # the clause corrected into the claim's words


def _min_words(lang: str) -> int:
    return MIN_WORDS.get(lang, MIN_WORDS_LATIN)


def clauses(unit_text: str, lang: str) -> list[str]:
    """The unit's sentences, and the comma-separated parts of each, long enough to be a restatement."""
    out: dict[str, None] = {}
    least = _min_words(lang)
    for sentence in _SENTENCES.split(unit_text):
        sentence = _MARKER.sub("", _HEADING.sub("", sentence)).strip().rstrip(".;:")
        if not sentence:
            continue
        parts = [sentence, *(p.strip().rstrip(",;:") for p in _CLAUSES.split(sentence))]
        for part in parts:
            n = len(words(part))
            if least <= n <= MAX_WORDS:
                out[part] = None
    return list(out)


def _changed(diff: tuple[tuple[str, str], ...], op: str) -> list[str]:
    return [w.casefold() for kind, text in diff if kind == op for w in text.split()]


_ASCII_NUMBER = re.compile(r"\d+")


def _numbers(ws: list[str]) -> list[Fraction]:
    found = [Fraction(n) for w in ws for n in _ASCII_NUMBER.findall(MARKS.sub(" ", w))]
    return sorted([*found, *spelled_numbers(ws)])


def change_of(diff: tuple[tuple[str, str], ...]) -> str | None:
    """How the claim's words (inserted) turn the unit's (deleted), if they change the law. Stricter than a
    quote's `meaning_change`: a restatement drops and adds words freely, so a number counts only where each
    side states one and they differ ("제59조제2호를 위반하여" left out is not a changed number), and two flips
    cancel ("무효가 되지 아니한다" restated as "유효라고": a negation dropped and an antonym put in)."""
    unit, claim = _changed(diff, "delete"), _changed(diff, "insert")
    theirs, ours = _numbers(unit), _numbers(claim)
    if theirs and ours and theirs != ours:
        return "number"
    negation = (count_negations(unit) - count_negations(claim)) % 2 == 1
    swap = swapped(claim, unit)
    prefixed = any(negated_pair(a, b) or negated_pair(b, a) for a in unit for b in claim)
    turned = "negation" if prefixed else swap.kind if swap is not None else None
    if negation and turned:
        return None
    if negation or turned:
        return "negation" if negation else turned
    return quote_change(claim, unit)


def stems(text: str) -> set[str]:
    # a word's first letters: two of a Korean word (particles and endings are glued to it), three of a Latin
    # one (inflections change its end: "sprzeczny" / "sprzeczna"); with two, "th", "pr" and "co" made most
    # English clauses pass the cheap test and cost an alignment each
    return {text[a : a + (2 if _HANGUL.match(text, a) else 3)].casefold() for a, _ in words(text)}


# the share of a clause's words the claim must have before it is aligned at all (cheap; alignment is not)
SHARED = 0.6


# a Korean word with a particle or an ending put after it, or its ending conjugated otherwise, is the
# same word ("아니한다" / "아니한다고", "아니하는" / "아니한", "못한다" / "못하고"): its first syllables
# kept (the last of them may lose or gain a final consonant: 한/하), at most this many syllables after them
_KO_ENDING = 2
_KO_STEM = 2
_HANGUL = re.compile(r"[\uac00-\ud7a3]+")


def _same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    if not (_HANGUL.fullmatch(a) and _HANGUL.fullmatch(b)):
        return False
    kept = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    stem = kept
    if kept < min(len(a), len(b)) and _onset_and_vowel(a[kept]) == _onset_and_vowel(b[kept]):
        stem += 1  # 한 / 하: the same syllable with an ending's consonant glued to it
    rest = max(len(a), len(b)) - kept
    return kept >= 1 and stem >= min(_KO_STEM, len(a), len(b)) and rest <= _KO_ENDING + 1


def _onset_and_vowel(syllable: str) -> str:
    return unicodedata.normalize("NFD", syllable)[:2]


def _alike(deleted: str, inserted: str) -> bool:
    """The same words spaced otherwise ("것으로 오인한" / "것으로오인한"), or Korean words whose endings
    differ: no word changed (whether the change turns the law is `change_of`'s, on the whole diff)."""
    if re.sub(r"\s", "", deleted) == re.sub(r"\s", "", inserted):
        return True
    ours, theirs = deleted.split(), inserted.split()
    return len(ours) == len(theirs) and all(_same_word(a, b) for a, b in zip(ours, theirs, strict=True))


def substantive(diff: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The diff without the replacements that change no word (`_alike`)."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(diff):
        pair = i + 1 < len(diff) and diff[i][0] == "delete" and diff[i + 1][0] == "insert"
        if pair and _alike(diff[i][1], diff[i + 1][1]):
            i += 2
            continue
        out.append(diff[i])
        i += 1
    return tuple(out)


def _few(diff: tuple[tuple[str, str], ...], clause: str) -> bool:
    """A restatement turns a word or two; a clause with many words replaced is another sentence. Spacing
    and a Korean ending are no word replaced."""
    allowed = max(MAX_CHANGED, round(CHANGED_SHARE * len(clause.split())))
    changed = substantive(diff)
    return all(len(_changed(changed, op)) <= allowed for op in ("delete", "insert"))


def restated_otherwise(claim_text: str, unit: Normalized | str, *, lang: str) -> Restatement | None:
    """The first clause of the unit the claim restates with a change of meaning, where no other clause of
    the unit is restated as it stands (item 3) of a list restated right is not item 2) restated wrong)."""
    text = unit.original if isinstance(unit, Normalized) else unit
    claim = normalize(claim_text)
    ours = stems(claim.text)
    as_written: list[tuple[int, int]] = []
    turned: list[tuple[int, int, Restatement]] = []
    for clause in clauses(text, lang):
        theirs = stems(clause)
        if len(theirs & ours) < SHARED * len(theirs):
            continue
        result = find_quote(clause, claim, threshold=THRESHOLD)
        if result.found and result.start is not None and result.end is not None:
            as_written.append((result.start, result.end))
            continue
        if result.meaning_change not in _KINDS or not result.nearest:
            continue
        # the diff corrects the needle (the unit's clause) into the claim: deleted words are the unit's
        near = result.nearest[0]
        kind = change_of(near.diff)
        if kind is None or not _few(near.diff, clause):
            continue
        changed = substantive(near.diff)  # the words named: not those only spaced otherwise
        draft = " ".join(t for op, t in changed if op == "insert")
        source = " ".join(t for op, t in changed if op == "delete")
        turned.append((near.start, near.end, Restatement(kind, draft, source, clause, near.diff)))
    for start, end, restatement in turned:
        if not any(start < e and s < end for s, e in as_written):
            return restatement
    return None


__all__ = ["Restatement", "change_of", "clauses", "restated_otherwise", "stems", "substantive"]

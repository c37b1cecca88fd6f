"""Does another unit of the same act (or paragraph of the same judgment) say what the claim says? The
evidence of a wrong pinpoint.

A claim whose words are not in the unit it cites is not, on that alone, wrong: courts and lawyers apply a
provision to facts, interpret it and name it in words of their own. It IS wrong when the act says the
claim's content in another unit — a ② cited for a ①, 제60조 for 제61조 — or when the quoted words stand in
another unit. This module finds that unit, or says there is none:

    other_unit(claim_text, quote, document, cited, cited_coverage, lang=…) -> OtherUnit | None

The search is cheap: the claim's terms (or its quote) are looked for once in the whole act, and only the
few units of the cited one's level that hold most of them are read again, with their lead-ins, as the
cited one was.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from itertools import islice

from verifier.act_index import units_at
from verifier.match.content import content_coverage, term_positions
from verifier.match.defined_terms import defined_terms
from verifier.match.fragment import FragmentStatus, find_quote, occurrences
from verifier.match.normalized import normalized_source
from verifier.match.restated import SHARED, clauses, stems, substantive
from verifier.match.substitution import substituted
from verifier.model import MatchEvidence, SourceDocument, SourceUnit
from verifier.named_term import NamedTerm
from verifier.named_unit import NamedUnit
from verifier.pinpoint import Pieces, reading_spans
from verifier.text import Normalized, normalize

# How much more of the claim's terms another unit must carry than the cited one, and how much at least,
# before it is evidence that the draft cites the wrong unit. A court's application of the cited article to
# its facts shares few terms with any unit; a misplaced pinpoint carries the other unit's own wording.
MARGIN = 0.3
AT_LEAST = 0.75
TITLE_MIN = 30  # characters of the act's title that make a stretch of the claim its title
TITLE_PIECES = 4  # the title can be spelt out in pieces ("… of 27 April 2016 on …")
HEADING = 1000  # the act's heading: its title and number, where the text starts
PREFILTER = 0.6  # the share of the terms a unit must hold (counted in full) to be read again
CANDIDATES = 3  # units read again in full: the search's cost stays a few coverage counts per claim
MIN_TERMS = 3  # of the claim's terms the other unit must hold
QUOTE_MIN_WORDS = 4  # a shorter quote is a term, not a passage of the act


@dataclass(frozen=True, slots=True)
class OtherUnit:
    """The unit of the act that says what the claim says (or holds its quote)."""

    label: str  # "제60조 제2항", "art. 118", "Article 6(1)(f)", a judgment's paragraph
    cited: str  # the label of the unit the draft cites
    article: str  # the top level of `label`'s path: "3-2" for 제3조의2, "45" for a paragraph 45
    coverage: float  # the share of the claim's terms it carries (1.0 for a quote found verbatim)
    cited_coverage: float
    quote: bool  # the claim's quote is there word for word
    evidence: MatchEvidence | None = None
    restated: str = ""  # the other unit's clause the claim restates word for word (no quote marks)
    title: str = ""  # the other unit's heading, which the draft gives the cited one (`named_unit`)
    cited_title: str = ""  # the cited unit's own heading
    term: str = ""  # the unquoted name the draft gives what the cited unit provides, this unit's words


def other_unit(
    claim_text: str,
    quote: str | None,
    document: SourceDocument,
    cited: SourceUnit,
    cited_coverage: float,
    *,
    lang: str,
    also_cited: frozenset[str] = frozenset(),
    worded: str | None = None,
) -> OtherUnit | None:
    """`also_cited`: the articles the claim's sentence cites besides this one — their words in the sentence
    are theirs ("제3조의2 제2항은, 제3조 제1항의 대항요건과 …"), never evidence against this citation.
    `worded`: the claim with the words that frame it ("에 의하여", "provides that"), which a restatement word
    for word keeps ("법령에 의하여 죄가 되지 아니하는"); `claim_text` without them, for counting terms."""
    if not document.units:
        return None
    if quote and quote.strip():
        if len(quote.split()) < QUOTE_MIN_WORDS:
            return None  # a quoted term ("가", 'infringement') is no passage to find in another unit
        found = _quote_elsewhere(quote, document, cited, cited_coverage)
    elif claim_text.strip():
        heading = document.title + "\n" + document.text[:HEADING]
        # an act: its title may be spelt out in the sentence
        act = cited.path[0][0] == "article"
        said = _without_title(claim_text, heading) if act else claim_text
        found = _content_elsewhere(said, document, cited, cited_coverage, lang=lang)
        if found is None:
            words = said if worded is None else _without_title(worded, heading) if act else worded
            found = restated_elsewhere(words, document, cited, cited_coverage, lang=lang)
    else:
        return None
    if found is None or found.article in also_cited:
        return None
    if _refers_to(document, found, cited):
        return None  # "in the absence of an adequacy decision pursuant to Article 45(3)": about the cited one
    return found


def titled_other_unit(
    named: NamedUnit,
    document: SourceDocument,
    cited: SourceUnit,
    cited_coverage: float,
    *,
    also_cited: frozenset[str] = frozenset(),
) -> OtherUnit | None:
    """The article whose heading the draft gives the cited one ("형법 제19조의 정당행위": 정당행위 heads
    제20조), unless the sentence cites that article too."""
    unit = named.unit
    line_end = document.text.find("\n", unit.start, unit.end)
    heading_end = line_end if line_end > unit.start else min(unit.end, unit.start + len(named.title) + 40)
    evidence = MatchEvidence(
        start=unit.start, end=heading_end, excerpt=document.text[unit.start : heading_end], similarity=1.0
    )
    found = _naming(unit, cited, cited_coverage, evidence, title=named.title, cited_title=named.cited_title)
    # no cross-reference guard (`_refers_to`): a heading is the other article's name, whatever its text
    # says of the cited one ("Transfers subject to appropriate safeguards" heads Article 46, which names
    # Article 47's binding corporate rules)
    if found.article in also_cited:
        return None
    return found


def termed_other_unit(
    named: NamedTerm,
    document: SourceDocument,
    cited: SourceUnit,
    cited_coverage: float,
    *,
    also_cited: frozenset[str] = frozenset(),
) -> OtherUnit | None:
    """The unit that uses the term the draft attaches to the citation ("‘non-material damage’ within the
    meaning of Article 83(1)": Article 82(1)), unless the sentence cites it too or it refers to the cited
    one."""
    unit = named.unit
    evidence = MatchEvidence(
        start=named.start, end=named.end, excerpt=document.text[named.start : named.end], similarity=1.0
    )
    found = _naming(
        unit, cited, cited_coverage, evidence, quote=named.quoted, term="" if named.quoted else named.term
    )
    if found.article in also_cited or _refers_to(document, found, cited):
        return None
    return found


def _naming(
    unit: SourceUnit,
    cited: SourceUnit,
    cited_coverage: float,
    evidence: MatchEvidence,
    *,
    quote: bool = False,
    title: str = "",
    cited_title: str = "",
    term: str = "",
) -> OtherUnit:
    """The other unit a name the draft gives names (its heading, its term): all of the name is there."""
    return OtherUnit(
        unit.label,
        cited.label,
        unit.path[0][1],
        1.0,
        cited_coverage,
        quote,
        evidence,
        title=title,
        cited_title=cited_title,
        term=term,
    )


def _quote_elsewhere(
    quote: str, document: SourceDocument, cited: SourceUnit, cited_coverage: float
) -> OtherUnit | None:
    src = normalized_source(document.text)
    found = find_quote(quote, src)
    if not found.found or found.start is None:
        return None
    if found.status is FragmentStatus.MODIFIED and substituted(found.diff, defined_terms(document.text)):
        return None  # there with a word of its own, as in the cited unit: a misquote, in no unit as quoted
    unit = _unit_at(document, found.start, len(cited.path))
    evidence = found.evidence()
    if unit is None and found.status is FragmentStatus.EXACT:
        # first in a recital or a heading ("‘material or non-material damage’" opens recital 75): the same
        # words further on, in a unit, are that unit's
        unit, evidence = _first_in_a_unit(quote, src, document, len(cited.path))
    if unit is None or evidence is None or _within(unit, cited) or _within(cited, unit):
        return None
    return OtherUnit(unit.label, cited.label, unit.path[0][1], 1.0, cited_coverage, True, evidence)


_LOOKS = 20  # occurrences of a quote read for one in a unit before it counts as the act's alone


def _first_in_a_unit(
    quote: str, src: Normalized, document: SourceDocument, depth: int
) -> tuple[SourceUnit | None, MatchEvidence | None]:
    """The first occurrence of the quote, word for word, that stands in a unit of the cited one's level."""
    needle = normalize(quote).text.strip()
    if not needle:
        return None, None
    for position in islice(occurrences(src.text, needle, 0, len(src.text)), _LOOKS):
        start, stop = src.span_to_original(position, position + len(needle))
        unit = _unit_at(document, start, depth)
        if unit is not None:
            excerpt = document.text[start:stop]
            return unit, MatchEvidence(start=start, end=stop, excerpt=excerpt, similarity=1.0)
    return None, None


def _content_elsewhere(
    claim_text: str, document: SourceDocument, cited: SourceUnit, cited_coverage: float, *, lang: str
) -> OtherUnit | None:
    best: OtherUnit | None = None
    for unit in _candidates(claim_text, document, cited, lang=lang):
        pieces = Pieces(document.text, reading_spans(document.units, unit))
        there = content_coverage(claim_text, normalize(pieces.text), lang=lang)
        if not there.reached or there.coverage < max(AT_LEAST, cited_coverage + MARGIN):
            continue
        if len(there.found) < MIN_TERMS:
            continue  # two words in common are no evidence of which unit a claim is about
        if best is None or there.coverage > best.coverage:
            evidence = there.evidence()
            shifted = pieces.shift(evidence) if evidence is not None else None
            article = unit.path[0][1]
            best = OtherUnit(unit.label, cited.label, article, there.coverage, cited_coverage, False, shifted)
    return best


def _candidates(
    claim_text: str, document: SourceDocument, cited: SourceUnit, *, lang: str
) -> list[SourceUnit]:
    """The few units of the cited one's level (outside it) that hold the most of the claim's terms."""
    every = [sorted(p) for p in term_positions(claim_text, normalized_source(document.text), lang=lang)]
    positions = [p for p in every if p]
    need = max(2, int(len(every) * PREFILTER))  # a unit with fewer of the terms cannot reach the bar
    if len(positions) < need:
        return []
    units, starts = units_at(document, len(cited.path))
    held: Counter[int] = Counter()
    for p in positions:  # each term counts once in each unit that holds it: each place found in its unit
        inside = set()
        for at in p:
            k = bisect_right(starts, at) - 1
            if k >= 0 and at < units[k].end:
                inside.add(k)
        held.update(inside)
    scored = []
    for k, count in held.items():
        unit = units[k]
        if _within(unit, cited) or _within(cited, unit):
            continue
        scored.append((count, -unit.start, unit))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    return [unit for held, _, unit in scored[:CANDIDATES] if held >= need]


def _without_title(claim_text: str, heading: str) -> str:
    """The claim without the act's title where the sentence spells it out ("Regulation (EU) 2016/679 of the
    European Parliament and of the Council of 27 April 2016 on the protection of natural persons …"): the
    title's words are the act's heading and enacting formula, not a statement of what any article says."""
    text, low, heading_low = claim_text, claim_text.lower(), heading.lower()
    # a shared stretch of TITLE_MIN characters holds one of the heading's blocks of TITLE_MIN // 3 that start
    # at a multiple of it: without one, there is no title to blank (and the alignment, quadratic, is skipped)
    block = TITLE_MIN // 3
    if not any(heading_low[i : i + block] in low for i in range(0, len(heading_low) - block + 1, block)):
        return text
    matcher = SequenceMatcher(None, low, heading_low, autojunk=False)
    for _ in range(TITLE_PIECES):
        match = matcher.find_longest_match(0, len(low), 0, len(heading_low))
        if match.size < TITLE_MIN:
            break
        blank = " " * match.size
        text = text[: match.a] + blank + text[match.a + match.size :]
        low = low[: match.a] + blank + low[match.a + match.size :]
        matcher.set_seq1(low)
    return text


def _refers_to(document: SourceDocument, found: OtherUnit, cited: SourceUnit) -> bool:
    """The other unit names the cited article (a cross-reference), or it is the next or previous paragraph
    of a judgment, whose reasoning runs on from one paragraph to the next: no evidence either way."""
    unit = next((u for u in document.units if u.label == found.label), None)
    if unit is None:
        return False
    number = cited.path[0][1]
    if cited.path[0][0] == "paragraph" and number.isdigit() and found.article.isdigit():
        return abs(int(number) - int(found.article)) <= 1
    base, _, branch = number.partition("-")
    named = rf"(?:Article|Art\.|art\.|artykuł|제)\s?{re.escape(base)}(?:조)?" + (
        f"의{branch}" if branch else ""
    )
    return re.search(named + r"(?![\d의])", document.text[unit.start : unit.end]) is not None


def _unit_at(document: SourceDocument, offset: int, depth: int) -> SourceUnit | None:
    """The deepest unit, no deeper than the cited one, that holds `offset`."""
    holding = [u for u in document.units if u.start <= offset < u.end and len(u.path) <= depth]
    return max(holding, key=lambda u: len(u.path), default=None)


def _within(inner: SourceUnit, outer: SourceUnit) -> bool:
    return inner.path[: len(outer.path)] == outer.path


# --- a clause of another unit, restated ---------------------------------------------------------------

# a restated clause of another unit must be this close to the claim's words (1 - the share that differs)
ELSEWHERE_SIMILARITY = 0.85
# a clause of another unit is evidence only when it is a rule, not a phrase of art ("after assessing the
# adequacy of the level of protection", "a territory or one or more specified sectors"): this many words
ELSEWHERE_MIN_WORDS = {"ko": 8}
ELSEWHERE_MIN_WORDS_LATIN = 12
# and it must state something: an English clause has a finite verb of these, a Korean one ends in a verb
_EN_FINITE = frozenset(
    {"shall", "may", "must", "is", "are", "was", "were", "has", "have", "does", "do", "will", "should"}
    | {"can", "cannot", "applies", "apply"}
)
_KO_VERBAL_ENDINGS = ("다", "고", "며", "나", "면", "서", "여")
type Clauses = list[tuple[SourceUnit, str, frozenset[str]]]


def _states_a_rule(clause: str, lang: str) -> bool:
    words = clause.split()
    if len(words) < ELSEWHERE_MIN_WORDS.get(lang, ELSEWHERE_MIN_WORDS_LATIN):
        return False
    if lang == "ko":
        return words[-1].endswith(_KO_VERBAL_ENDINGS)
    if lang == "en":
        return any(w.casefold() in _EN_FINITE for w in words)
    return True


_CACHE: dict[tuple[str, int, str], Clauses] = {}
_CACHE_SIZE = 16


def _unit_clauses(document: SourceDocument, depth: int, lang: str) -> Clauses:
    """Every clause of every unit at `depth`, with its words' stems: built once per source and level."""
    key = (document.sha256, depth, lang)
    found = _CACHE.get(key)
    if found is None:
        found = [
            (unit, clause, frozenset(stems(clause)))
            for unit in document.units
            if len(unit.path) == depth
            for clause in clauses(document.text[unit.start : unit.end], lang)
            if _states_a_rule(clause, lang)
        ]
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = found
    return found


# a restatement in the clause's words with its spacing and endings changed ("동의없이" / "동의 없이",
# "못한다" / "못하고") is as close as one with fewer characters changed: it may differ by this share of
# characters when no more than this share of its words is another word
RESPACED_THRESHOLD = 0.25
RESPACED_WORDS = 0.15


def _restates(clause: str, claim: Normalized) -> float | None:
    """How closely the claim restates the clause (its similarity), when it does with no change of meaning:
    nearly character for character, or word for word but for spacing and endings (`restated.substantive`)."""
    result = find_quote(clause, claim, threshold=1 - ELSEWHERE_SIMILARITY)
    if result.found and result.meaning_change is None:
        return result.similarity
    loose = find_quote(clause, claim, threshold=RESPACED_THRESHOLD)
    if not loose.found or loose.meaning_change is not None:
        return None
    words_of = len(clause.split())
    changed = substantive(loose.diff)
    replaced = max(sum(len(t.split()) for op, t in changed if op == side) for side in ("delete", "insert"))
    if replaced > RESPACED_WORDS * words_of:
        return None
    return max(ELSEWHERE_SIMILARITY, 1 - replaced / words_of)


def restated_elsewhere(
    claim_text: str, document: SourceDocument, cited: SourceUnit, cited_coverage: float, *, lang: str
) -> OtherUnit | None:
    """Another unit of the act (at the cited one's level) one of whose clauses the claim restates word for
    word, when no clause of the cited unit is restated and the cited unit does not hold that clause itself:
    the claim states the other unit's rule under the cited unit's number."""
    claim = normalize(claim_text)
    ours = stems(claim.text)
    depth = len(cited.path)
    best: tuple[float, SourceUnit, str] | None = None
    cited_text = normalize(document.text[cited.start : cited.end])
    for unit, clause, theirs in _unit_clauses(document, depth, lang):
        if len(theirs & ours) < SHARED * len(theirs):
            continue
        similarity = _restates(clause, claim)
        if similarity is None:
            continue
        if _within(unit, cited) or _within(cited, unit):
            return None  # the cited unit's own clause is restated: it carries the claim
        if find_quote(clause, cited_text).found:
            continue  # the cited unit says the same words (a clause repeated across articles)
        if best is None or similarity > best[0]:
            best = (similarity, unit, clause)
    if best is None:
        return None
    similarity, unit, clause = best
    located = find_quote(clause, document.text[unit.start : unit.end])
    evidence = located.evidence()
    if evidence is not None:
        evidence = replace(evidence, start=evidence.start + unit.start, end=evidence.end + unit.start)
    return OtherUnit(
        unit.label, cited.label, unit.path[0][1], similarity, cited_coverage, False, evidence, clause
    )

"""The claim around each citation: its sentence, its quote if any, and its claim type.

Sentences are cut on the working copy (see `common.prepare`) at sentence punctuation followed by a capital,
a Hangul syllable or a quote mark, at blank lines and at line starts that open a new item. A cut never falls
inside a citation or a quote (a period inside a closing quote ends the sentence the quote ends), nor after
an abbreviation (art., ust., r., No.) or a number (Korean dates are written 2004. 10. 15.); an act
abbreviation that closes a citation (`k.c.`, `k.p.`) ends the sentence when a new one starts after it.
Within a sentence each citation has its own clause (`verifier.citations.clauses`).

A quote is attached to the nearest citation in its own sentence; failing that, to the citation in the
footnote its marker points at; failing that, to the first citation after it in the same or the next
sentence. A quoted claim is `pinpoint` when the citation carries a page or paragraph of a judgment
("pkt 45", "para. 45", "s. 12"), `verbatim_quote` otherwise. Without a quote the cue lists in
`verifier/data/cues-<lang>.txt` decide between court_holding, paraphrase and procedural_fact. Without a cue
the safe default applies: a clause that says something of its own besides its citations is a paraphrase,
checked at CONTENT level; only a real bare reference (a marker such as see / cf. / zob. / por. right before
the citation or 참조 right after it, a list of authorities, a citation with nothing else to say) is a
bare_citation, checked for existence only.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from verifier.citations.common import MONTH_NAMES, Hit, data_lines, data_table
from verifier.citations.quotes import Quote
from verifier.model import ClaimType, Kind, Span

_ABBREVIATIONS = frozenset(
    [
        "art",
        "arts",
        "ust",
        "pkt",
        "lit",
        "poz",
        "sygn",
        "akt",
        "nr",
        "no",
        "nos",
        "dz",
        "u",
        "t",
        "j",
        "zm",
        "r",
        "k",
        "c",
        "p",
        "s",
        "str",
        "tzw",
        "np",
        "por",
        "zob",
        "tj",
        "ww",
        "cyt",
        "para",
        "paras",
        "v",
        "vs",
        "e",
        "g",
        "i",
        "cf",
        "mr",
        "dr",
        "st",
        "abs",
        "rn",
        "rz",
        "oj",
        "ibid",
        "op",
        "cit",
        "al",
        "ed",
        "eds",
        "vol",
        "ch",
        "sec",
        "fig",
        "itd",
        "itp",
        "m",
        "in",
        "ok",
        "godz",
        "ul",
        "sp",
        "o.o",
        "jw",
        "pt",
        "tys",
        "mln",
        "mld",
        "zł",
        "ds.",
        "al",
        "dot",
        "wg",
        "dr",
        "hab",
        "prof",
        "sa",
    ]
)
_END = re.compile(
    r"(?P<punct>[.!?。])[\"'”’»)\]]*(?P<gap>[ \t]+|[ \t\r]*\n)(?=[\"„“'«(\[>#*•\-–A-ZĄĆĘŁŃÓŚŹŻ가-힣0-9【①-⑳])"
    r"|\r?\n[ \t\r]*\n\s*"
    r"|\n(?=[ \t]*(?:[#>*•\-–【①-⑳]|\d{1,3}[.)] |[가-하]\. |\(\d{1,3}\) |\[\^?\d+\]))"
)
# A period after a number that does not end a sentence: Korean dates (2004. 10. 15.), list numbers (1.).
_NUMBER_NOT_END = re.compile(
    r"(?:\d{2,4}\. ?\d{1,2}\.(?: ?\d{1,2}\.)?|(?:^|\n)[ \t]*\d{1,3}\.|(?<![\w/.-])\d{1,2}\.)$"
)
# The period after the year of a Korean date with its month and day still to come (2020. 7. 16.)
_KOREAN_DATE_GOES_ON = re.compile(r"(?<!\d)(?:19|20)\d\d\. ?(?:1[0-2]|0?[1-9])\. ?(?:[12]\d|3[01]|0?[1-9])\.")
_FOOTNOTE_MARK = re.compile(
    r"[ ]?(?:\[\^(?P<a>\w+)\]|\[(?P<b>\d{1,3})\]|(?P<c>[¹²³⁴⁵⁶⁷⁸⁹⁰]+)|\^(?P<d>\d{1,3}))"
)
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_CASE_PINPOINT = re.compile(
    r"[ ]?[,(]?[ ]?(?:pkt|para\.|paras\.|paragraphs?|punkt|nb\.|Rn\.|Rz\.|s\.|str\.|p\.|pp\.|at|§)[ ]?\[?\d+",
)
_CASE_KINDS = frozenset({Kind.JUDGMENT, Kind.EU_CASE, Kind.CONSTITUTIONAL_DECISION})


@dataclass(frozen=True, slots=True)
class Cue:
    claim_type: ClaimType
    phrase: str
    pattern: re.Pattern[str]


def load_cues(lang: str) -> list[Cue]:
    if lang not in ("ko", "pl", "en"):
        raise ValueError(f"no cue list for language {lang!r} (expected ko, pl or en)")
    # Polish and English cues are words: bounded at both ends ("stanowi" is neither in "postanowienie" nor
    # in "Stanowisko"), unless written as a stem ("dotyczył*"). Korean cues are endings glued to the word
    # before them.
    return [
        Cue(
            ClaimType(t),
            phrase.lower().rstrip("*"),
            re.compile(_cue_pattern(phrase.lower(), bounded=lang != "ko")),
        )
        for t, phrase in data_table(f"cues-{lang}.txt")
    ]


def _cue_pattern(phrase: str, *, bounded: bool) -> str:
    stem = phrase.endswith("*")
    phrase = phrase.rstrip("*")
    if not bounded:
        return re.escape(phrase)
    # The word-boundary check sits after the first character, so that the alternation of all cues still
    # starts with plain characters and `re` can skip ahead to them instead of trying every position.
    first = re.escape(phrase[0])
    pattern = first + r"(?<!\w" + first + ")" + re.escape(phrase[1:])
    if not stem and phrase[-1].isalnum():
        pattern += r"(?!\w)"
    return pattern


CUES = {lang: load_cues(lang) for lang in ("ko", "pl", "en")}
_ALL = [c for cs in CUES.values() for c in cs]


def cue_patterns(cues: Sequence[Cue]) -> dict[ClaimType, re.Pattern[str]]:
    """One alternation per claim type: three scans of a sentence instead of one per cue phrase."""
    by_type: dict[ClaimType, list[str]] = {}
    for cue in cues:
        by_type.setdefault(cue.claim_type, []).append(cue.pattern.pattern)
    return {t: re.compile("|".join(sorted(ps, key=len, reverse=True))) for t, ps in by_type.items()}


# The claim-type cues; the bare-reference markers ("see", "zob.", "참조") are kept apart: they say nothing
# of the source, and they count only where they stand next to the citation.
ALL_CUES = cue_patterns([c for c in _ALL if c.claim_type is not ClaimType.BARE_CITATION])
_MARKERS = [c.phrase for c in _ALL if c.claim_type is ClaimType.BARE_CITATION]
FRAME_CUES = cue_patterns(_ALL)  # every phrase that frames a claim rather than carries it
_MARKER_BEFORE = re.compile(
    r"(?<!\w)(?:" + "|".join(re.escape(m) for m in sorted(_MARKERS, key=len, reverse=True)) + r")"
    # up to three words between the marker and the citation: "see also the judgment in", "por. też wyrok"
    r"[\s,:]*(?:[\w.]+[\s,:]+){0,3}[\s(]*\Z",
    re.IGNORECASE,
)
_MARKER_AFTER = re.compile(r"[ \t]?(?:등[ \t]?)?(?:을 |를 )?(?:참조|참고|비교)(?![가-힣])")


def bare_marker(norm: str, start: int, end: int, clause: Span) -> bool:
    """A marker of a bare reference right before the citation ("See also Case C-362/14", "Por. wyrok SN")
    or right after it ("대법원 … 판결 등 참조")."""
    lo = max(clause[0], start - 60)
    if _MARKER_BEFORE.search(norm[lo:start]) is not None:
        return True
    return _MARKER_AFTER.match(norm, end, min(len(norm), end + 12)) is not None


class CueIndex:
    """Every cue of the text found once; a claim sentence then asks which types occur inside it. Searching
    each sentence instead would cost a scan per citation, which a dense list of citations makes slow."""

    def __init__(self, norm: str, patterns: dict[ClaimType, re.Pattern[str]] | None = None) -> None:
        self._hits: dict[ClaimType, tuple[list[int], list[int]]] = {}
        low = norm.lower()
        if len(low) != len(norm):  # a few characters lower-case to two; keep offsets exact
            low = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in norm)
        for t, pattern in (patterns or ALL_CUES).items():
            found = [(m.start(), m.end()) for m in pattern.finditer(low)]
            self._hits[t] = ([a for a, _ in found], [b for _, b in found])

    def types_in(self, span: Span) -> set[ClaimType]:
        out: set[ClaimType] = set()
        for t, (starts, ends) in self._hits.items():
            i = bisect.bisect_left(starts, span[0])
            if i < len(starts) and ends[i] <= span[1]:
                out.add(t)
        return out


# "구 전기통신사업법 제54조 제3항(2010. 3. 22. … 제83조 제3항으로 되었다. 이하에서는 … 따른다)은 '…'": a
# parenthetical aside inside a Korean sentence, whose own periods do not end the sentence around it
_KOREAN_ASIDE = re.compile(r"\((?=[^()\n]{0,240}\))(?=[^()\n]*?[가-힣]다\.)[^()\n]{0,240}\)")


def korean_parentheticals(norm: str) -> list[Span]:
    if "다." not in norm:
        return []
    return [m.span() for m in _KOREAN_ASIDE.finditer(norm)]


def sentence_starts(norm: str, protected: Sequence[Span], act_ends: Sequence[int] = ()) -> list[int]:
    """Start offsets of the sentences of `norm` (0 first). `protected` spans are never cut. `act_ends` are
    the ends of citations that close on an act abbreviation's period (`k.c.`): there the period may end
    the sentence too (see `_act_period_ends`)."""
    starts = [0]
    guards = sorted(protected)
    guard_starts = [g[0] for g in guards]
    # Running maximum of guard ends, so "is this offset inside any guard" is one bisect.
    max_end: list[int] = []
    running = -1
    for g in guards:
        running = max(running, g[1])
        max_end.append(running)
    act_end_set = set(act_ends)
    for m in _END.finditer(norm):
        cut = m.end()
        # Inside a guard is judged where the gap begins: a period inside a closing quote („… zdanie.”) or
        # the period of `k.c.` ends its quote or citation, and so may end the sentence.
        probe = m.start("gap") if m.group("gap") is not None else m.start()
        i = bisect.bisect_right(guard_starts, probe) - 1
        if i >= 0 and max_end[i] > probe:
            continue
        if m.group("punct") == ".":
            if m.start() + 1 in act_end_set:
                if not _act_period_ends(norm, m.end(), starts[-1], m.start()):
                    continue
            else:
                word = re.search(r"([\w.]+)\.$", norm[max(0, m.start() - 12) : m.start() + 1])
                if word is not None:
                    token = word.group(1).lower()
                    last = token.rsplit(".", 1)[-1]
                    if (
                        token in _ABBREVIATIONS
                        or last in _ABBREVIATIONS
                        or (len(last) == 1 and last.isalpha())
                    ):
                        continue
                    if last.isdigit() and _NUMBER_NOT_END.search(norm, max(0, m.start() - 16), m.start() + 1):
                        continue
                    if _KOREAN_DATE_GOES_ON.match(norm, m.start() - 4, m.start() + 12):
                        continue  # "2020. 7. 16. C-311/18": the year of a Korean date, not a sentence end
        if cut > starts[-1]:
            starts.append(cut)
    return starts


# "Na gruncie art. 5 k.c. Sąd Najwyższy …": a prepositional phrase heading a sentence, whose subject follows
# the act's abbreviation with a capital; the period of `k.c.` does not end anything there.
_HEADING_PHRASE = re.compile(
    r"\s*(?:\d{1,3}[.)]\s+)?(?:na gruncie|w świetle|zgodnie z|zgodnie ze|na podstawie|w myśl|stosownie do|"
    r"według|wobec|w rozumieniu|w związku z|z mocy|pod rządem|w trybie|w zakresie|mimo|pomimo|"
    r"w|z|na|do|od|przez|po|under|pursuant to|in accordance with|according to|in|by)\s",
    re.IGNORECASE,
)


def _act_period_ends(norm: str, after: int, sentence_start: int, period: int) -> bool:
    """The period of `k.c.` ends the sentence when a word starting a sentence follows (a capital and then
    a small letter: "Termin", not "SN"), unless the citation only completes a phrase that
    heads the sentence ("Na gruncie art. 5 k.c. Sąd Najwyższy …")."""
    nxt = norm[after : after + 2]
    if not nxt:
        return True
    # a quote right after the act ("Zgodnie z art. 1 § 1 k.c. „Kodeks niniejszy …”") is what it says
    if not (nxt[0].isupper() and len(nxt) > 1 and nxt[1].islower()):
        return False
    head = norm[sentence_start:period]
    art = max(head.rfind("art."), head.rfind("Art."))
    if art >= 0:
        lead = head[:art]
        m = _HEADING_PHRASE.match(lead)
        if m is not None and len(lead[m.end() :].split()) <= 1:
            return False
    return True


_ATTACH_REACH = 2 * 1200  # a quote further than this from every citation cannot share a sentence with one
_MAX_SENTENCE = 1200  # longer "sentences" are run-on text (tables, HTML, JSON); keep a window around pos


def sentence_span(norm: str, starts: list[int], pos: int) -> Span:
    i = bisect.bisect_right(starts, pos) - 1
    start = starts[i]
    end = starts[i + 1] if i + 1 < len(starts) else len(norm)
    if end - start > _MAX_SENTENCE:
        half = _MAX_SENTENCE // 2
        lo, hi = max(start, pos - half), min(end, pos + half)
        cut_lo = norm.find(" ", lo, pos)
        cut_hi = norm.rfind(" ", pos, hi)
        start = cut_lo + 1 if lo > start and cut_lo >= 0 else lo
        end = cut_hi if hi < end and cut_hi >= 0 else hi
    seg = norm[start:end]
    stripped = seg.strip()
    if not stripped:
        return (start, start)
    start += len(seg) - len(seg.lstrip())
    return (start, start + len(stripped))


@dataclass(frozen=True, slots=True)
class Attached:
    """A quote given to a citation: the quote, the sentence it stands in, and whether the citation sits in
    the footnote the quote's marker points at (then the body sentence is the claim)."""

    quote: Quote
    quote_sentence: Span
    footnote: bool


_OPENS_NEXT_CLAUSE = re.compile(r"[\W_]*[,;]\s*(?:and|while|whereas|but|i|a|oraz|zaś|natomiast)?\s*")
_ANOTHER_SENTENCE = 1_000_000  # added to the distance of a quote attached across a sentence end


def _nearest_in_clause(
    norm: str, quote: Span, citations: Sequence[Span], candidates: range
) -> tuple[int, int] | None:
    """(distance, index) of the citation of the quote's sentence that says it: the nearest one, in the
    quote's own clause first. "While Article 83 … determines the ‘general conditions …’, Article 82 … governs
    the ‘right to compensation …’" (C-590/22): a citation right after the quote's closing separator opens
    another clause, however near it is."""
    best: tuple[bool, int, int] | None = None
    for i in candidates:
        c = citations[i]
        if c[0] >= quote[0] and c[1] <= quote[1]:
            continue  # a citation quoted inside the quote is part of the quoted words
        d = quote[0] - c[1] if c[1] <= quote[0] else max(0, c[0] - quote[1])
        # only a separator between a quote and the citation after it: the citation opens the next clause
        # ("…’, Article 82 … governs"); "„innej uprawnionej osobie”, o której mowa w art. 55 ust. 3" refers
        # the quote to it, and "Article 83 …, entitled ‘…’" names the citation before it
        broken = c[1] > quote[0] and _OPENS_NEXT_CLAUSE.fullmatch(norm, quote[1], c[0]) is not None
        key = (broken, d, i)
        if best is None or key < best:
            best = key
    return None if best is None else (best[1], best[2])


def attach_quotes(
    norm: str, starts: list[int], citations: Sequence[Span], quotes: Sequence[Quote]
) -> dict[int, Attached]:
    """Citation index → the quote attached to it."""
    result: dict[int, tuple[Attached, int]] = {}
    cite_starts = [c[0] for c in citations]
    footnotes = _footnote_definitions(norm)
    for q in quotes:
        near = bisect.bisect_left(cite_starts, q.span[0])
        close = any(
            0 <= j < len(citations) and abs(citations[j][0] - q.span[0]) <= _ATTACH_REACH
            for j in (near - 1, near)
        )
        if not close and not footnotes:
            continue  # no citation anywhere near: nothing to attach to (HTML attributes, long quotes)
        q_sentence = sentence_span(norm, starts, q.span[0])
        target: int | None = None
        distance = 0
        lo = bisect.bisect_left(cite_starts, q_sentence[0])
        hi = bisect.bisect_right(cite_starts, q_sentence[1])
        best = _nearest_in_clause(norm, q.span, citations, range(lo, hi))
        if best is not None:
            distance, target = best
        else:
            mark = _FOOTNOTE_MARK.match(norm, q.span[1])
            label = None
            if mark is not None:
                label = next(v for v in mark.groupdict().values() if v is not None).translate(_SUPERSCRIPT)
            if label is not None and label in footnotes:
                f_start, f_end = footnotes[label]
                i = bisect.bisect_left(cite_starts, f_start)
                if i < len(citations) and citations[i][0] < f_end:
                    target, distance = i, 0
            if target is None:
                target = _introducing(norm, starts, q.span[0], cite_starts)
            if target is None:
                i = bisect.bisect_left(cite_starts, q.span[1])
                if i < len(citations):
                    nxt = (
                        sentence_span(norm, starts, q_sentence[1] + 1)
                        if q_sentence[1] < len(norm)
                        else q_sentence
                    )
                    if (
                        citations[i][0] < max(nxt[1], q_sentence[1])
                        and "\n\n" not in norm[q.span[1] : citations[i][0]]
                    ):
                        # from the sentence before: any quote of the citation's own sentence comes first
                        # ("According to recital 1 …, ‘…’. Article 2 …, entitled ‘Material scope’", C-659/22)
                        target, distance = i, _ANOTHER_SENTENCE + citations[i][0] - q.span[1]
        if target is None:
            continue
        in_footnote = bool(footnotes) and any(f[0] <= citations[target][0] < f[1] for f in footnotes.values())
        prior = result.get(target)
        if prior is None or distance < prior[1] or _defines(norm, prior[0].quote, q):
            result[target] = (Attached(q, q_sentence, in_footnote), distance)
    return {i: attached for i, (attached, _) in result.items()}


def _introducing(norm: str, starts: list[int], at: int, cite_starts: list[int]) -> int | None:
    """The citation that introduces a quote set out in paragraphs of its own: the first one of the sentence
    that ends with a colon just before it ("Article 23 of the GDPR states:", "Article 82 …, entitled
    ‘…’, states in paragraphs 1 and 2:", "형법 제20조는 다음과 같이 규정한다:")."""
    colon = at
    while colon > 0 and norm[colon - 1].isspace():  # back over the blank, not a copy of all before it
        colon -= 1
    if colon == 0 or norm[colon - 1] != ":" or "\n" not in norm[colon:at]:
        return None  # a quote in the sentence's own paragraph is attached by its clause
    sentence = sentence_span(norm, starts, colon - 1)
    first = bisect.bisect_left(cite_starts, sentence[0])
    if first < len(cite_starts) and cite_starts[first] < colon:
        return first
    return None


# fewer quoted words are a term or a name ("‘processing’"), not a passage the source must hold
_PASSAGE_WORDS = 4
_CONNECTOR_WORDS = 2  # "as", "to mean", "이란": what joins a term to its definition


def _defines(norm: str, term: Quote, passage: Quote) -> bool:
    """`passage` is the definition of the quoted `term` right before it: "Article 4(2) defines ‘processing’
    as ‘any operation or set of operations which is performed on personal data …’". What the draft says
    the unit says is the passage; the term only names the concept it defines."""
    if len(term.text.split()) >= _PASSAGE_WORDS or len(passage.text.split()) < _PASSAGE_WORDS:
        return False
    between = norm[term.span[1] : passage.span[0]]
    joined = len(between.split()) <= _CONNECTOR_WORDS and "\n" not in between
    return passage.span[0] >= term.span[1] and joined


_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})


def cases_before(hits: Sequence[Hit]) -> list[Hit | None]:
    """For each hit, the last case cited before it (one pass over the sorted hits)."""
    out: list[Hit | None] = []
    last: Hit | None = None
    for h in hits:
        out.append(last)
        if h.kind in _CASE_KINDS:
            last = h
    return out


def in_reported_holding(hit: Hit, case: Hit | None, claim: Span, sentence: str) -> bool:
    """A statute cited after a case in a sentence that reports the case's holding ("III CZP 36/02, przyjął,
    że art. 691 k.c. …", "대법원 … 판결은 민법 제103조의 … 판시하였다")."""
    if hit.kind not in _STATUTE_KINDS or case is None or case.start < claim[0]:
        return False
    pattern = ALL_CUES.get(ClaimType.COURT_HOLDING)
    return pattern is not None and pattern.search(sentence.lower()) is not None


# what may stand between a holding's verb and the statute it is about: "przyjął, że art. 691 k.c.",
# "held that under Article 82 GDPR" — a separator other than these starts another claim
_HOLDING_LINK = re.compile(r"[\s,:]*(?:(?:że|iż|that|which|whether)\b)?[^,;:–—]*\Z", re.IGNORECASE)


def reported_holding_of(hit: Hit, case: Hit | None, norm: str, sentence: Span) -> bool:
    """A statute cited inside the holding reported of a case cited before it in the same sentence: the
    holding's verb between them with nothing but "that"/"że" after it ("SN … przyjął, że art. 691 k.c."), or
    a holding cue after the statute (Korean verb-final: "… 판결은 민법 제103조의 … 판시하였다")."""
    if hit.kind not in _STATUTE_KINDS or case is None or case.start < sentence[0]:
        return False
    pattern = ALL_CUES.get(ClaimType.COURT_HOLDING)
    if pattern is None:
        return False
    between = norm[case.end : hit.start].lower()
    last = None
    for last in pattern.finditer(between):  # noqa: B007 - the verb nearest the statute
        pass
    if last is not None and _HOLDING_LINK.match(between, last.end()) is not None:
        return True
    return pattern.search(norm[hit.end : sentence[1]].lower()) is not None


# "art. 58 § 1 k.c. w zw. z art. 5 k.c.", "Article 6(1) read in conjunction with Article 9": the second act
# is named in support of the first; the sentence's thesis is the first one's
_CONJUNCTION = re.compile(
    r"(?:w zw\. ?z|w związku z|in conjunction with|read with|read together with)[ ]?$", re.IGNORECASE
)


def read_in_conjunction(index: int, hits: Sequence[Hit], norm: str) -> bool:
    hit = hits[index]
    if hit.kind not in _STATUTE_KINDS or index == 0 or hits[index - 1].kind not in _STATUTE_KINDS:
        return False
    return _CONJUNCTION.search(norm, max(hits[index - 1].end, hit.start - 30), hit.start) is not None


def inside_quote(start: int, end: int, quotes: Sequence[Quote]) -> bool:
    """A citation that stands inside a quoted passage with words of its own around it (not a quoted
    title that is the citation itself)."""
    for q in quotes:
        inner_start, inner_end = q.inner
        if inner_start <= start and end <= inner_end and (inner_end - inner_start) - (end - start) >= 20:
            return True
    return False


def _footnote_definitions(norm: str) -> dict[str, Span]:
    """Markdown footnotes `[^3]: …` and numbered note lines `[3] …` / `³ …` at line start."""
    found: dict[str, Span] = {}
    for m in re.finditer(
        r"(?m)^[ \t]*(?:\[\^(?P<a>\w+)\]:|\[(?P<b>\d{1,3})\][ \t]|(?P<c>[¹²³⁴⁵⁶⁷⁸⁹⁰]+)[ \t])(?P<body>.*)$",
        norm,
    ):
        label = next(v for v in (m.group("a"), m.group("b"), m.group("c")) if v is not None)
        found[label.translate(_SUPERSCRIPT)] = (m.start("body"), m.end("body"))
    return found


def classify(
    sentence: str,
    kind: Kind,
    *,
    has_quote: bool,
    after_citation: str,
    cues: dict[ClaimType, re.Pattern[str]] | None = None,
    found: set[ClaimType] | None = None,
    bare: bool = False,
    says_something: bool = False,
) -> ClaimType:
    """The claim type of one clause. `bare`: a marker of a bare reference stands next to the citation;
    `says_something`: the clause has words of its own besides its citations (see `says_something`)."""
    if has_quote:
        if kind in _CASE_KINDS and _CASE_PINPOINT.match(after_citation):
            return ClaimType.PINPOINT
        return ClaimType.VERBATIM_QUOTE
    if found is None:
        patterns = ALL_CUES if cues is None else cues
        low = sentence.lower()
        found = {t for t, pattern in patterns.items() if pattern.search(low)}
    is_case = kind in _CASE_KINDS
    if ClaimType.COURT_HOLDING in found:
        return ClaimType.COURT_HOLDING if is_case else ClaimType.PARAPHRASE
    if ClaimType.PARAPHRASE in found:
        return ClaimType.PARAPHRASE
    if ClaimType.PROCEDURAL_FACT in found and is_case:
        return ClaimType.PROCEDURAL_FACT
    if bare or not says_something:
        return ClaimType.BARE_CITATION
    # no cue, but the clause states something with the source as its authority: the safe reading is that
    # it paraphrases the source, to be checked against it, never waved through on existence alone
    return ClaimType.PARAPHRASE


_STOPWORDS = frozenset(w.lower() for lang in ("en", "pl", "ko") for w in data_lines(f"stopwords-{lang}.txt"))
_WORD = re.compile(r"[^\W\d_]{3,}|[가-힣]{2,}")
# words that only frame or place a reference ("wyrok", "judgment", "Court"), not something said of it; a
# date places a source, so its month says nothing of it either
_FRAME_WORDS = frozenset(data_lines("claim-frame-words.txt")) | frozenset(MONTH_NAMES)


def _lower_same_length(norm: str) -> str:
    low = norm.lower()
    if len(low) != len(norm):  # a few characters lower-case to two; keep offsets exact
        low = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in norm)
    return low


class Frames:
    """What in a draft only frames a claim: its citations and its cue phrases, found once, so that asking
    whether a stretch of text says something of its own costs a scan of that stretch alone."""

    def __init__(self, norm: str, citations: Sequence[Span]) -> None:
        self.low = _lower_same_length(norm)
        found = list(citations)
        for pattern in FRAME_CUES.values():
            found.extend(m.span() for m in pattern.finditer(self.low))
        found.sort()
        starts: list[int] = []
        ends: list[int] = []
        for a, b in found:
            if ends and a <= ends[-1]:
                ends[-1] = max(ends[-1], b)
            else:
                starts.append(a)
                ends.append(b)
        # where the words of the draft's own start (one pass): a stretch says something when two fall in it
        self._content: list[int] = []
        j = 0
        for m in _WORD.finditer(self.low):
            word = m.group()
            if word in _STOPWORDS or word in _FRAME_WORDS:
                continue
            pos = m.start()
            while j < len(ends) and ends[j] <= pos:
                j += 1
            if j < len(starts) and starts[j] <= pos:
                continue
            self._content.append(pos)

    def says_something(self, start: int, end: int) -> bool:
        """Whether `[start, end)` has two words of its own once citations, cues and frame words ("wyrok",
        "judgment") are left out: "Por. wyrok SN z dnia …, II CSK 123/19." has none, "Czas pracy nie może
        przekraczać 8 godzin (art. 129 § 1 k.p.)" has."""
        return self.words(start, end, 2)

    def words(self, start: int, end: int, need: int) -> bool:
        """Whether `[start, end)` has at least `need` words of its own."""
        i = bisect.bisect_left(self._content, start) + need - 1
        return i < len(self._content) and self._content[i] < end


_SAYS_REACH = 250  # how far from its citation a claim's own words are looked for


def says_something(frames: Frames, clause: Span, citation: Span) -> bool:
    """Whether the clause around `citation` says something besides its citations (see `Frames`)."""
    lo = max(clause[0], citation[0] - _SAYS_REACH)
    hi = min(clause[1], citation[1] + _SAYS_REACH)
    return frames.says_something(lo, hi)

"""A term in quotation marks the draft attaches to the citation — "‘non-material damage’, within the meaning
of Article 82(1) of the GDPR", "the concept of ‘processing’ referred to in Article 4(2)", "형법 제331조 제2항
후단의 '2인 이상이 합동하여'" — that the cited unit does not use and another unit of the same act does:
the evidence of a wrong pinpoint that the act's own words give.

    named_term(claim, document, cited, cited_text) -> NamedTerm | None

The draft says the term is the cited unit's ("within the meaning of", "referred to in", "소정의"): a unit
that never uses it cannot be what the draft means, and the unit that does use it is named. A term the act
uses nowhere in its units (a doctrinal name: ‘one-stop-shop’) or one the cited unit uses is no evidence either
way. Spacing and case are not wording ("자격정지 이상" / "자격정지이상"), nor is an adverb's -히 / -하게
("현저히 공정을 잃은" / "현저하게 공정을 잃은").

A Korean draft names what a provision provides without quotation marks too: "형법 제20조 소정의 사회상규에
위배되지 아니하는 행위", "민법 제104조에 규정된 불공정한 법률행위". The words after such a connector are read
as the term, from the longest run of them down to two: the longest run the act holds is the term, when it is
a phrase (two words, six letters at least) no word anyone uses. One word ("대항력", "폭행") is no evidence: a
court names a provision's effect with a word its neighbours use ("제3조 소정의 대항력": 대항력 is 제3조의3's
word). English names stand before their connector ("the right to compensation provided for in Article 82")
or before one that points back at the citation ("… a right to compensation under that provision"), a comma
between or not ("non-material damage, within the meaning of that provision"). An unquoted
name more than two units use is the act's vocabulary ("processing of personal data"), no one unit's. A name
the cited paragraph's level does not hold is looked for among the articles, with their headings: a paragraph
cited for another article's heading ("right to compensation … Article 81(1)": Article 82's) is named too.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache

from verifier.act_index import units_at
from verifier.model import Claim, SourceDocument, SourceUnit

_QUOTED = r"[‘'“\"„「『]\s?(?P<term>[^’'”\"「」『』‘“\n]{2,80}?)\s?[’'”\"」』]"
# "‘damage’, within the meaning of Article 82", "the concept of ‘processing’ referred to in Article 4(2)",
# "‘personal data’ as defined in Article 4(1)", „szkoda” w rozumieniu art. 361
_BEFORE = re.compile(
    _QUOTED + r"(?:\s?(?:of|in)\s(?:personal\sdata|the\sGDPR))?\s?,?\s?"
    r"(?:within\sthe\smeaning\sof|referred\sto\sin|as\sdefined\sin|defined\sin|used\sin|as\sused\sin"
    r"|in\sthe\ssense\sof|for\sthe\spurposes\sof|laid\sdown\sin|set\sout\sin|provided\sfor\sin|in|under"
    r"|w\srozumieniu|o\sktórym\smowa\sw|określon[ey]\sw|z)\s(?:the\s)?\Z",
)
# "형법 제331조 제2항 후단의 '2인 이상이 합동하여'", "제20조 소정의 '사회상규'", "제314조에서 말하는 '업무'"
_KO_AFTER = re.compile(
    r"\s?(?:본문|단서|전단|후단)?\s?(?:의|소정의|에서\s?말하는|에\s?규정된|에서\s?규정한|에서\s?정한)\s?"
    + _QUOTED
)
# "Article 38(6) … must be interpreted as meaning that a ‘conflict of interests’, as provided for in that
# provision, …": the term comes after the citation and points back at it
_EN_AFTER = re.compile(
    r"[^.;:]{0,120}?"
    + _QUOTED
    + r",?\s(?:as\sprovided\sfor\sin|provided\sfor\sin|within\sthe\smeaning\sof|as\sreferred\sto\sin"
    r"|referred\sto\sin|as\sdefined\sin|laid\sdown\sin|used\sin)\s(?:that|this)\s(?:provision|article)\b"
)
# the connectors that make the unquoted words after a Korean citation what it provides (not a bare "의":
# "제20조의 규정에 의하여" names no term)
_KO_DESIGNATES = re.compile(
    r"\s?(?:본문|단서|전단|후단)?\s?(?:소정의|에서\s?말하는|(?:가|이|에서)\s?(?:규정하는|규정한|정하는|정한)"
    r"|에\s?(?:규정된|규정한|정한|정하여진|정해진))\s"
)
_KO_WORD = re.compile(r"[\uac00-\ud7a3]+(?=[\s,.;:()]|\Z)")
_PHRASE_WORDS = (2, 6)  # words of an unquoted name: at least, at most
_KO_PHRASE_LETTERS = 6
_KO_ENDINGS = 2  # letters of the last word that may be its particle ("행위로", "행위에는")
# the citation closes a list ("형법 제260조 제1항, 제283조 제1항 소정의 폭행, 협박의 죄"): the words after it
# are the list's, not this unit's
_LISTED = re.compile(r"(?:조|항|호|목)(?:의\s?\d+)?\s?(?:,|및|와|과|또는|내지)\s?\Z")
# "the right to compensation provided for in Article 82(1)", "the criteria laid down in Article 83": the words
# before an English connector that says they are the unit's own
_EN_DESIGNATES = re.compile(
    r"(?P<words>[A-Za-z][A-Za-z\s-]{0,120}?),?\s(?:referred\sto\sin|laid\sdown\sin|provided\sfor\sin"
    r"|set\sout\sin|within\sthe\smeaning\sof|as\sdefined\sin|defined\sin)\s(?:the\s)?\Z"
)
# "… a right to compensation under that provision": the words before it are the cited unit's
_EN_POINTS_BACK = re.compile(
    r"(?P<words>[A-Za-z][A-Za-z\s-]{0,120}?),?\s(?:provided\sfor\sin|laid\sdown\sin|referred\sto\sin|set\sout\sin"
    r"|within\sthe\smeaning\sof|under|based\son)\s(?:that|this)\s(?:provision|article)\b"
)
_EN_PHRASE_LETTERS = 10
_UNQUOTED_UNITS = 2  # units of the level that may use an unquoted name before it is the act's vocabulary
# words that neither open nor make a name ("of the right to compensation" is "right to compensation")
_EN_FUNCTION = frozenset(
    {"a", "an", "the", "of", "to", "in", "on", "for", "by", "with", "and", "or", "that", "which", "those"}
    | {"this", "these", "its", "their", "as", "is", "are", "be", "been", "it", "not", "such", "any", "all"}
)
_OTHER_CITATION = re.compile(r"\bArticles?\s\d|\bart\.\s?\d|제\s?\d+\s?조", re.I)
_TERM_WORDS = 6  # a longer quote is a passage: `other_unit` reads it as one
_KEY = re.compile(r"[\s\u00a0’'‘“”\"]+")


@dataclass(frozen=True, slots=True)
class NamedTerm:
    term: str  # as the draft writes it
    unit: SourceUnit  # the unit of the act that uses it
    start: int  # where, in the source
    end: int
    quoted: bool = True  # in quotation marks; False: a run of words a connector attaches (`_designated*`)


def named_term(
    claim: Claim, document: SourceDocument, cited: SourceUnit, cited_text: str
) -> NamedTerm | None:
    """The unit of the act, at the cited unit's level and outside it (for an unquoted name, then an article
    outside the cited one's), that uses the term the draft attaches to the citation, when the cited unit (read
    with its lead-ins: `cited_text`) does not."""
    term = _attached_term(claim)
    if term is not None:
        if len(term.split()) > _TERM_WORDS or len(_key(term)) < 2 or _key(term) in _key(cited_text):
            return None
        return _used_elsewhere(term, document.text, _level(document, cited), cited)
    phrases = _designated(claim) or _designated_before(claim) or _designated_after(claim)
    if not phrases:
        return None
    found = _unquoted_elsewhere(phrases, document, cited, cited_text)
    if found is not None or len(cited.path) == 1:
        return found
    # a paragraph cited for the name another article gives in its heading ("the right to compensation …
    # under Article 81(1)": Article 82 is headed "Right to compensation and liability")
    article = next((u for u in document.units if u.path == cited.path[:1]), None)
    if article is None:
        return None
    return _unquoted_elsewhere(phrases, document, article, document.text[article.start : article.end])


def _unquoted_elsewhere(
    phrases: list[str], document: SourceDocument, cited: SourceUnit, cited_text: str
) -> NamedTerm | None:
    if any(_find(cited_text, phrase) is not None for phrase in phrases):
        return None  # the cited unit says (a run of) them: the draft names what it provides
    level = _level(document, cited)
    for phrase in phrases:  # the longest run the act holds
        found = _used_elsewhere(phrase, document.text, level, cited, most=_UNQUOTED_UNITS)
        if found is not None:
            return replace(found, quoted=False)
    return None


type Level = tuple[list[SourceUnit], list[int]]


def _level(document: SourceDocument, cited: SourceUnit) -> Level:
    """The act's units at the cited unit's depth, in order, with where each starts."""
    return units_at(document, len(cited.path))


def _used_elsewhere(
    term: str, text: str, level: Level, cited: SourceUnit, *, most: int | None = None
) -> NamedTerm | None:
    """The nearest unit of `level` (outside the cited one) that uses the term; none when more than `most`
    units do (the act's own vocabulary, "processing of personal data", names no one unit)."""
    units, starts = level
    found: dict[tuple[tuple[str, str], ...], tuple[int, SourceUnit, int, int]] = {}
    # one search of the whole act, each occurrence then placed in its unit: a term is looked for in every
    # unit of a code of a thousand articles
    for match in _pattern(term).finditer(text):
        k = bisect_right(starts, match.start()) - 1
        if k < 0 or match.end() > units[k].end or units[k].path == cited.path:
            continue
        unit = units[k]
        found.setdefault(unit.path, (abs(unit.start - cited.start), unit, match.start(), match.end()))
    if not found or (most is not None and len(found) > most):
        return None
    # the nearest: a neighbour is the likelier slip
    _, unit, start, end = min(found.values(), key=lambda f: f[0])
    return NamedTerm(term, unit, start, end)


def _designated(claim: Claim) -> list[str]:
    """The runs of words a Korean connector attaches to the citation, longest first, each also without the
    last word's particle: "사회상규에 위배되지 아니하는 행위로", …, "사회상규에 위배"."""
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start <= end <= len(text) or _LISTED.search(text[max(0, start - 12) : start]):
        return []
    joined = _KO_DESIGNATES.match(text, end)
    if joined is None:
        return []
    least, most = _PHRASE_WORDS
    words: list[str] = []
    at = joined.end()
    while len(words) < most:
        word = _KO_WORD.match(text, at)
        if word is None:
            break
        words.append(word.group())
        at = word.end()
        if at >= len(text) or text[at] != " ":
            break  # a comma, a bracket, the sentence's end: the name ends there
        at += 1
    phrases = []
    for n in range(len(words), least - 1, -1):
        last = words[n - 1]
        for cut in range(min(_KO_ENDINGS, len(last) - 2) + 1):
            phrase = " ".join([*words[: n - 1], last[: len(last) - cut]])
            if len(_key(phrase)) >= _KO_PHRASE_LETTERS:
                phrases.append(phrase)
    return phrases


def _designated_before(claim: Claim) -> list[str]:
    """The runs of words an English connector attaches to the citation ("the right to compensation provided
    for in"), longest first, each opening with a word of content: "right to compensation", …"""
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    if not 0 <= start <= len(text):
        return []
    joined = _EN_DESIGNATES.search(text[max(0, start - 160) : start])
    return _english_runs(joined.group("words").split()) if joined is not None else []


def _designated_after(claim: Claim) -> list[str]:
    """The runs of words an English connector later in the sentence points back at the citation with ("a
    right to compensation under that provision"), when no other citation stands between."""
    text = claim.claim_text
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= end <= len(text):
        return []
    joined = _EN_POINTS_BACK.search(text, end, end + 300)
    if joined is None or _OTHER_CITATION.search(text, end, joined.start()):
        return []
    return _english_runs(joined.group("words").split())


def _english_runs(words: list[str]) -> list[str]:
    phrases = []
    for n in range(min(len(words), _PHRASE_WORDS[1]), _PHRASE_WORDS[0] - 1, -1):
        run, before = words[-n:], words[-n - 1].casefold() if n < len(words) else ""
        content = [w for w in run if w.casefold() not in _EN_FUNCTION]
        if run[0].casefold() in _EN_FUNCTION or len(content) < 2:
            continue
        if before in ("and", "or", "nor"):
            continue  # a piece of a longer name ("effective compensation" of "full and effective …")
        if len("".join(run)) >= _EN_PHRASE_LETTERS:
            phrases.append(" ".join(run))
    return phrases


def _attached_term(claim: Claim) -> str | None:
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start <= end <= len(text):
        return None
    before = _BEFORE.search(text[max(0, start - 160) : start])
    if before is not None:
        return before.group("term").strip()
    after = _KO_AFTER.match(text, end) or _EN_AFTER.match(text, end)
    if after is not None and not _OTHER_CITATION.search(text, end, after.start("term")):
        return after.group("term").strip()
    return None


def _key(text: str) -> str:
    return _KEY.sub("", text).casefold()


def _find(text: str, term: str) -> tuple[int, int] | None:
    """Where the term stands in the text (`_pattern`)."""
    found = _pattern(term).search(text)
    return found.span() if found is not None else None


@lru_cache(maxsize=256)
def _pattern(term: str) -> re.Pattern[str]:
    """The term with its spacing and case aside (at a word's start, not inside one); a Latin-script term word
    by word, each in the singular or the plural ("administrative fine(s)")."""
    if re.fullmatch(r"[A-Za-z\s-]+", term):
        words = [
            re.escape(w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w)
            for w in term.split()
        ]
        return re.compile(r"\b" + r"\s+".join(w + "(?:s|es)?" for w in words) + r"\b", re.I)
    pattern = r"\s*".join(_korean_word(w) for w in _KEY.split(term) if w)
    return re.compile(rf"(?<![^\W\d_]){pattern}", re.I)


# an adverb in -히 is the same adverb in -하게 ("현저히 공정을 잃은" / 제104조's "현저하게 공정을 잃은")
_KO_ADVERB = re.compile(r"(?<=[\uac00-\ud7a3])(?:히|하게)\Z")


def _korean_word(word: str) -> str:
    """One word of a term as a pattern: letter by letter (spacing inside it is not wording), its adverb
    ending either way."""
    stem = _KO_ADVERB.sub("", word)
    pattern = r"\s*".join(re.escape(ch) for ch in stem)
    return pattern + "(?:히|하게)" if stem != word else pattern

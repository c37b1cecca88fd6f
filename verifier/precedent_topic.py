"""The topic check (Protocol B, for every jurisdiction): is a judgment about what the claim says it decided?

The claim's subject — its words without the citation, the cue, the court's name and the words every judgment
uses — is compared first with what the judgment says it is about (`verifier.topic_fields`:
판시사항/판결요지, SAOS's keywords and the part before the reasons, the CJEU's subject matter and operative
part), then with its whole text. Each term counts by its rarity (`verifier.rarity`): "mobbing"
or "괴롭힘" names a subject, "sąd" or "판단" does not. Korean compound nouns are kept whole
("정리해고", "조치의무"), so that a piece of one never meets the same piece of another by accident
(해고 of 정리해고 in 시용기간 중의 근로자를 해고).

A subject found neither in those fields nor in the text is another case's: `mismatch`. A claim in another
language than the judgment is not compared (a person reads it); nor is one whose subject has no terms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.lang import source_language
from verifier.match import korean
from verifier.match.content import content_coverage, lemma
from verifier.match.normalized import normalized_source
from verifier.model import SourceDocument
from verifier.rarity import compound_weight, generic_words, weight
from verifier.text import normalize
from verifier.topic_fields import topic_fields

# below this weighted share of the claim's subject in what the judgment says it is about, the judgment may
# be about something else (a single shared common word such as 위반 is not a shared topic) …
TOPIC_OVERLAP = 0.3
# … and is, when the whole text does not hold this much of it either
TEXT_REACH = 0.7
# a subject lighter than this (one common word, a table's "Sygnatura  Data") names nothing to compare
MIN_SUBJECT = 1.0
_KO_JOIN = frozenset({"NNG", "NNP", "XR", "SL", "XPN", "XSN"})  # pieces of one compound noun
_KO_HEAD = frozenset({"NNG", "NNP", "XR", "SL"})


# "소론이 들고 있는 대법원 … 판결은 사안을 달리 하므로 이 사건에서 원용하기에 적절하지 아니하다": the sentence
# says the judgment is about something else; its subject is this case's, not the judgment's
_DISTINGUISHES = re.compile(
    r"사안을\s?달리|사안이\s?(?:달라|다르|상이)|원용하기에\s?적절하지|원용할\s?수\s?없|distinguishabl|"
    r"distinguished\s+from|odmienn\w*\s+stan\w*\s+faktyczn|nie\s+przystaje",
    re.IGNORECASE,
)


def distinguishes(claim_text: str) -> bool:
    """Whether the sentence distinguishes the judgment it cites (the court says it is about another case):
    no claim of what the judgment decided, so no topic to compare."""
    return _DISTINGUISHES.search(claim_text) is not None


@dataclass(frozen=True, slots=True)
class TopicCheck:
    compared: bool  # False: another language than the judgment's, or nothing the judgment is about to read
    headnote_coverage: float | None = None  # weighted share of the claim's subject in the topic fields
    headnote_terms: int = 0
    in_text: bool | None = None  # the subject reaches TEXT_REACH in the full text (asked only when needed)
    text_coverage: float | None = None
    missing: tuple[str, ...] = ()  # the claim's most telling terms the judgment's topic fields lack
    about: str = ""  # what the judgment says it is about, short, for the rationale
    reason: str = ""  # why it was not compared: "cross_language" | "no_fields"

    @property
    def mismatch(self) -> bool:
        if not self.compared or not self.headnote_terms or self.headnote_coverage is None:
            return False
        return self.headnote_coverage < TOPIC_OVERLAP and self.in_text is False


@dataclass(frozen=True, slots=True)
class _Share:
    coverage: float
    terms: tuple[tuple[str, float], ...]
    missing: tuple[str, ...]


def _court_words(document: SourceDocument, lang: str) -> frozenset[str]:
    """The words of the judgment's own court ("Sąd Apelacyjny w Gdańsku"): a court, not a subject."""
    if not document.court:
        return frozenset()
    return frozenset(w for w in normalize(document.court).text.split() if len(w) > 2)


def _same_stem(a: str, b: str) -> bool:
    n = min(len(a), len(b))
    return n >= 4 and a[: max(4, n - 3)] == b[: max(4, n - 3)]


def _korean_terms(text: str) -> list[tuple[str, str, float]]:
    """(pattern, surface, weight) of each compound noun: contiguous noun pieces, a prefix (불, 본) or a
    suffix (상, 적) with them, kept whole."""
    generic = generic_words("ko")
    tokens = korean.analyze(text)
    out: list[tuple[str, str, float]] = []
    seen: set[str] = set()
    i = 0
    while i < len(tokens):
        if tokens[i][1] not in _KO_JOIN:
            i += 1
            continue
        j = i
        while (
            j + 1 < len(tokens)
            and tokens[j + 1][1] in _KO_JOIN
            and tokens[j + 1][2] == tokens[j][2] + tokens[j][3]
        ):
            j += 1
        run = tokens[i : j + 1]
        i = j + 1
        pieces = [form for form, tag, _, _ in run if tag in _KO_HEAD]
        if not pieces:
            continue
        surface = "".join(form for form, _, _, _ in run)
        if surface in seen or (len(surface) < 2) or surface in generic:
            continue
        seen.add(surface)
        pattern = r"\s?".join(re.escape(form) for form, _, _, _ in run)
        out.append((pattern, surface, compound_weight(pieces, "ko")))
    return out


def _share_ko(terms: list[tuple[str, str, float]], text: str) -> _Share:
    total = sum(w for _, _, w in terms)
    found = 0.0
    missing: list[tuple[float, str]] = []
    for pattern, surface, w in terms:
        if re.search(pattern, text):
            found += w
        else:
            missing.append((w, surface))
    missing.sort(key=lambda m: -m[0])
    return _Share(
        found / total if total else 0.0, tuple((s, w) for _, s, w in terms), tuple(s for _, s in missing)
    )


def _latin_terms(substance: str, lang: str, court: frozenset[str]) -> str:
    """The substance with the court's own words blanked (their length kept)."""
    if not court:
        return substance
    out = substance
    for m in re.finditer(r"[^\W\d_]+", substance):
        word = normalize(m.group()).text
        if any(_same_stem(word, c) for c in court):
            out = out[: m.start()] + " " * (m.end() - m.start()) + out[m.end() :]
    return out


def _share_latin(substance: str, text: str, lang: str) -> _Share:
    measured = content_coverage(substance, normalized_source(text), lang=lang, window=False)
    weights = {t: weight(t, lang, lemma(t, lang)) for t in measured.terms}
    total = sum(weights.values())
    found = sum(weights[t] for t in measured.found)
    missing = sorted(measured.missing, key=lambda t: -weights[t])
    return _Share(found / total if total else 0.0, tuple(weights.items()), tuple(missing))


def check_topic(substance: str, document: SourceDocument, *, lang: str) -> TopicCheck:
    """`substance`: the claim without its citations and cue; `lang`: the claim's own language."""
    if lang != source_language(document):
        # an English memo on a Korean case cannot be compared word for word with its Korean headnote
        return TopicCheck(compared=False, reason="cross_language")
    fields = topic_fields(document)
    if fields is None:
        return TopicCheck(compared=False, reason="no_fields")
    if lang == "ko":
        terms = _korean_terms(substance)
        if not terms:
            return TopicCheck(True, None, 0, about=fields.about)
        in_fields = _share_ko(terms, fields.text)
    else:
        subject = _latin_terms(substance, lang, _court_words(document, lang))
        in_fields = _share_latin(subject, fields.text, lang)
        if not in_fields.terms:
            return TopicCheck(True, None, 0, about=fields.about)
    if sum(w for _, w in in_fields.terms) < MIN_SUBJECT:
        return TopicCheck(True, None, 0, about=fields.about)
    check = TopicCheck(
        True,
        round(in_fields.coverage, 4),
        len(in_fields.terms),
        missing=in_fields.missing[:6],
        about=fields.about,
    )
    if in_fields.coverage >= TOPIC_OVERLAP:
        return check
    in_text = _share_ko(terms, document.text) if lang == "ko" else _share_latin(subject, document.text, lang)
    return TopicCheck(
        True,
        round(in_fields.coverage, 4),
        len(in_fields.terms),
        in_text=in_text.coverage >= TEXT_REACH,
        text_coverage=round(in_text.coverage, 4),
        missing=in_text.missing[:6] or in_fields.missing[:6],
        about=fields.about,
    )


__all__ = ["TEXT_REACH", "TOPIC_OVERLAP", "TopicCheck", "check_topic"]

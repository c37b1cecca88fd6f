"""Polarity, modality and legal effect: does the text read state the claim's phrase the
other way round?

    compare_polarity(claim, source, lang=) -> PolarityCheck   a paraphrase against the text read for it
    quote_change(deleted, inserted) -> "opposite" | "modality" | None   a quote's changed words

Three signals, each from the cue lists of `verifier/data/polarity-<lang>.txt`:

- negation and modality of a predicate: every word is read with the cues in front of it ("shall not affect",
  "nie jest uważane", "may charge"; in Korean the endings after it: "수집할 수 있다", "하지 못한다", "주어야
  한다"). A claim's predicate is REVERSED when the text read has the same word (lemma; Korean stem) only with
  the other polarity ("affects" / "shall not affect"), or, both positive, only with the other modality ("may"
  / "must"). "Need not" (not obliged) is neither a prohibition nor a permission and is not compared.
- pairs of legal effects that are not interchangeable (void / voidable, interruption / suspension,
  increase / decrease, explicit / implicit, permitted / prohibited, 단체협약 / 취업규칙): the claim says one
  side where the text read says only the other.
- a negating prefix: "niedopuszczalna" where the claim says "dopuszczalna", "unlawful" for "lawful";
- the corpus's antonyms (`antonyms`, verifier/data/antonyms-<lang>.txt): "zgodna" where the text says
  "sprzeczna", "유효" for "무효", read in the text's sentence about what the claim is about. A claim that
  flips two things in one sentence (a word and its predicate, or two words) states the rule's
  contrapositive, and one with a negation elsewhere or an exception word may apply it the other way
  round: those are questions for a person (`conditional`), not proofs.

"Only" is the safety: a word the text read states both ways, or not at all, is no evidence.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from verifier.match.antonyms import stated_otherwise
from verifier.match.content import lemma, stopwords
from verifier.match.number_binding import best_sentences, keys
from verifier.match.polarity_cues import LANGUAGES, Cues, cues
from verifier.text import Normalized, normalize, words

_CHAIN = 4  # cue words read in front of a word
_MIN_PREFIXED = 5  # "unless" is not "less" negated: the base of a prefixed word must be this long


@dataclass(frozen=True, slots=True)
class Predication:
    key: str  # the word's lemma, or a Korean predicate's stem
    negated: bool
    modality: str  # "can", "must" or ""
    start: int  # normalized span of the cues and the word
    end: int
    surface: str = ""  # the word as written (Latin scripts)


@dataclass(frozen=True, slots=True)
class Reversal:
    kind: str  # "negation" | "modality" | "opposite"
    draft: str  # the claim's phrase as written ("affects")
    source: str  # the text's phrase ("shall not affect")
    # a negation in a sentence with a condition or an exception, on either side: "is not lawful unless"
    # says what "shall be lawful only if" says, so the flip is a question for a person, not a proof
    conditional: bool = False
    # what the reversal rests on: "predicate" (the same word negated or with another modality), "pair" (the
    # legal effects of polarity-<lang>.txt), "concession", "antonym" (the corpus's pairs of
    # antonyms-<lang>.txt, read in the text's sentence about the claim), "prefix" (a negating prefix)
    basis: str = ""


@dataclass(frozen=True, slots=True)
class PolarityCheck:
    reversals: tuple[Reversal, ...] = ()

    @property
    def reversed(self) -> bool:
        return bool(self.reversals)


# --- predicates ----------------------------------------------------------------------------------------


def _infinitive(word: str, lang: str) -> bool:
    return lang == "pl" and word.endswith(("ć", "c"))


# an adverbial set off by commas inside a predicate ("is not, in particular, to take account", "shall, inter
# alia, ensure", "nie może, co do zasady, być"): no clause of its own, so a negation reaches past it
_ASIDE = re.compile(
    r",\s?(?:in particular|inter alia|in principle|as a rule|in any event|in essence|"
    r"w szczególności|co do zasady|w zasadzie|w każdym razie|między innymi|m\.\s?in\.)\s?,",
    re.I,
)


def _without_asides(text: str) -> str:
    """The text with its asides blanked (the same length: offsets stay the text's)."""
    return _ASIDE.sub(lambda m: " " * len(m.group()), text)


def _latin_read(text: str, lang: str) -> tuple[list[Predication], set[int]]:
    """The predications of an English or Polish text (asides blanked), where its negated words start."""
    c = cues(lang)
    stop = stopwords(lang)
    spans = words(text)
    toks = [text[s:e] for s, e in spans]
    out = []
    negated_at: set[int] = set()
    taken: set[int] = set()
    scope = False  # inside a negation's clause: "cannot be made subject to the condition"
    for j, tok in enumerate(toks):
        if j and (text[spans[j - 1][1] : spans[j][0]].strip() or tok in c.clause):
            scope = False  # punctuation or another clause: the negation's reach ends
        if tok in c.negators or tok.endswith(('n"t', "n't")):
            scope = True
        if scope:
            negated_at.add(spans[j][0])
        if j in taken or len(tok) < 3 or not tok[0].isalpha() or tok in c.words or tok in stop:
            continue
        negated = need = False
        modality = ""
        start = spans[j][0]
        k = j - 1
        while k >= 0 and j - k <= _CHAIN and not text[spans[k][1] : spans[k + 1][0]].strip():
            word = toks[k]
            contracted = word.endswith(('n"t', "n't"))
            base = word[:-3] if contracted else word
            known = False
            if word in c.negators or contracted:
                negated = known = True
            if base in c.can or word in c.can:
                modality, known = modality or "can", True
            elif base in c.must or word in c.must or word in c.need:
                modality, known = modality or "must", True  # "musi", "is obliged to": must
            if word in c.need:
                need = known = True
            if (
                not known
                and word not in c.aux
                and not (lang == "en" and word.endswith("ly") and word != "only")
            ):
                break
            start = spans[k][0]
            k -= 1
        if scope and not negated:
            continue  # in a negated clause but not the word negated: neither positive nor negative
        at = j
        if modality and not _infinitive(tok, lang):
            # Polish puts the object between a modal and its verb: "nie można roszczenia przedawnionego
            # dochodzić" negates "dochodzić", not "roszczenia"
            ahead = next(
                (
                    x
                    for x in range(j + 1, min(len(toks), j + 4))
                    if _infinitive(toks[x], lang) and not text[spans[x - 1][1] : spans[x][0]].strip()
                ),
                None,
            )
            if ahead is not None:
                at = ahead
                taken.add(ahead)
        if negated:
            # "shall not be obliged to", "nie musi": not required (negated "must"); any other negated
            # modal forbids ("shall not", "may not", "nie może"), which reads as a plain negation
            modality = "must" if need else ("can" if modality == "can" else "")
        out.append(Predication(lemma(toks[at], lang), negated, modality, start, spans[at][1], toks[at]))
    return out, negated_at


_BATCHIM_L = 8  # ㄹ as a syllable's final consonant: 할, 될, 볼


def _ko_stem(word: str) -> str:
    """One key for a verb's forms: "수집할" → 수집, "처리하여" → 처리, "주어" → 주, "위배되" → 위배,
    "할" → 하."""
    if word.endswith("해"):
        word = word[:-1] + "하"
    elif word[-1:] in ("여", "어", "아") and len(word) > 1:
        word = word[:-1]
    last = word[-1:]
    if last == "을" and len(word) > 1:
        word = word[:-1]
    elif last and "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 == _BATCHIM_L:
        word = word[:-1] + chr(ord(last) - _BATCHIM_L)
    if len(word) > 2 and word[-1] in "하되":
        word = word[:-1]
    return word


_KO_KINDS = {
    "can": (False, "can"),
    "cannot": (True, "can"),
    "not": (True, ""),
    "must": (False, "must"),
    "mustnot": (True, ""),
    "need": (True, "must"),  # "하지 않아도 된다": not obliged
}


def _any_final(syllable: str) -> str:
    """A character class of `syllable` with any final consonant: "되" matches 되, 된, 될, 됨."""
    base = ord(syllable) - (ord(syllable) - 0xAC00) % 28
    return "[" + "".join(chr(base + k) for k in range(28)) + "]"


@functools.cache
def _ko_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for kind, ending in cues("ko").endings:
        cue = r"\s?".join(re.escape(part) for part in ending.split())
        last = ending[-1]
        if "가" <= last <= "힣":  # the ending's last syllable is conjugated: 된다, 한다, 하며
            cue = cue[: -len(re.escape(last))] + _any_final(last)
        out.append((kind, re.compile(rf"(?<![가-힣])(?P<w>[가-힣]+?)\s?{cue}")))
    return tuple(out)


_KO_WHETHER = re.compile(r"\s?여부")
_KO_ANSWER = re.compile(r"\s?여부\s?\(\s?(소극|적극)\s?\)")


def _ko_predications(text: str) -> list[Predication]:
    found: dict[int, tuple[str, re.Match[str]]] = {}
    for kind, pattern in _ko_patterns():
        for m in pattern.finditer(text):
            known = found.get(m.start())
            # the longer ending decides: "하지 않아도 되" is "need", not "not"
            if known is None or m.end() > known[1].end():
                found[m.start()] = (kind, m)
    out = []
    for _, (kind, m) in sorted(found.items()):
        negated, modality = _KO_KINDS[kind]
        end = m.end()
        while end < len(text) and "가" <= text[end] <= "힣":
            end += 1  # to the end of the word: "수 있다", "못한다"
        answer = _KO_ANSWER.match(text, end) if text[end - 1 : end] == "지" else None
        if text[end - 1 : end] == "지" and _KO_WHETHER.match(text, end):
            # a headnote's question, "…할 수 있는지 여부(소극)": its answer decides, and without one the
            # question states neither
            if answer is None:
                continue
            negated = negated != (answer.group(1) == "소극")
            end = answer.end()
        out.append(Predication(_ko_stem(m.group("w")), negated, modality, m.start(), end))
    return out


def predications(text: str, lang: str) -> list[Predication]:
    return _ko_predications(text) if lang == "ko" else _latin_read(_without_asides(text), lang)[0]


_SENTENCE_END = re.compile(r"[.;:!?]\s|\n|$")


def _sentence(text: str, at: int) -> tuple[int, int]:
    start = max(text.rfind(". ", 0, at), text.rfind("; ", 0, at), text.rfind("\n", 0, at)) + 1
    end = _SENTENCE_END.search(text, at)
    return start, end.start() if end is not None else len(text)


def _conditional(text: str, at: int, lang: str) -> bool:
    """Whether the sentence holding offset `at` has a condition or an exception in it."""
    start, end = _sentence(text, at)
    sentence = text[start:end]
    condition = cues(lang).condition
    if lang == "ko":
        # a Korean condition is an ending ("없으면", "아니하면") or a word of its own ("경우에는")
        return any(w.endswith("면") for w in sentence.split()) or any(c in sentence for c in condition)
    return _names_a_condition(re.findall(r"[^\W\d_]+", sentence), condition)


def _names_a_condition(tokens: list[str], condition: frozenset[str]) -> bool:
    """A word of `condition`, or one of its phrases word for word ("provided that": "may be provided for"
    is the verb, not a proviso)."""
    if any(w in condition for w in tokens):
        return True
    joined = f" {' '.join(tokens)} "
    return any(f" {phrase} " in joined for phrase in condition if " " in phrase)


# conditions that restate no exception: "if", "jeżeli", "경우에" say when a rule applies; "unless", "only",
# "chyba że", "제외하고" say when it does not, which is where a negated word may say the same as its antonym
_PLAIN_CONDITIONS = frozenset({"if", "where", "when", "jeżeli", "gdy", "경우에", "때에"})


def _excepting(sentence: str, lang: str) -> bool:
    exceptions = cues(lang).condition - _PLAIN_CONDITIONS
    if lang == "ko":
        return any(c in sentence for c in exceptions)
    return _names_a_condition(re.findall(r"[^\W\d_]+", sentence.casefold()), exceptions)


def _negated_words(text: str, lang: str) -> set[int]:
    """Where the negated words of a text start: what a negation's reach covers ("not permitted")."""
    if lang != "ko":
        return _latin_read(_without_asides(text), lang)[1]
    # a Korean negation follows its word: the words of a sentence before a negated predicate
    out: set[int] = set()
    for p in _ko_predications(text):
        if p.negated:
            start, _ = _sentence(text, p.start)
            out.update(m.start() + start for m in re.finditer(r"\S+", text[start : p.end]))
    return out


def _need_not(p: Predication) -> bool:
    return p.negated and p.modality == "must"


def _opposite(ours: Predication, theirs: Predication) -> str | None:
    """How `theirs` (the source's) states `ours` (the claim's) otherwise, if it does. The source's word must
    carry a cue of its own: a plain source word may be another part of speech of the same lemma ("wykonania"
    for "nie wykonał") and says nothing of a negation."""
    if not (theirs.negated or theirs.modality):
        # the same inflected word, plain in the text and negated in the claim: "nie ponosi" / "ponosi" (art.
        # 417 § 1 k.c.); "does not affect" / "affects". Another form of the lemma may be a noun: no evidence
        same_word = theirs.surface in (ours.surface, ours.surface + "s", ours.surface + "es")
        return "negation" if ours.negated and not ours.modality and same_word and theirs.surface else None
    if _need_not(ours) or _need_not(theirs):
        # "need not" only denies "must"; beside "may" or a plain statement it is no reversal
        other = theirs if _need_not(ours) else ours
        return "negation" if not other.negated and other.modality == "must" else None
    if theirs.negated and theirs.modality == "can" and not (ours.negated or ours.modality):
        # a prohibition ("nie można czynić", "may not") denies a permission, not a fact: "czynienie ze swego
        # prawa użytku sprzecznego …" says what a party did, which is the prohibition applied, not denied
        return None
    if ours.negated != theirs.negated:
        return "negation"
    if not ours.negated and {ours.modality, theirs.modality} == {"can", "must"}:
        return "modality"
    return None


# --- pairs and prefixes --------------------------------------------------------------------------------


def _word_matches(word: str, pattern: str, lang: str) -> bool:
    if lang == "ko":
        return pattern.rstrip("*") in word  # particles are glued on: 무효로, 취업규칙을
    if pattern.endswith("*"):
        return word.startswith(pattern[:-1])
    return word == pattern


def _first(tokens: list[tuple[int, int, str]], side: tuple[str, ...], lang: str) -> tuple[int, int] | None:
    for start, end, word in tokens:
        if any(_word_matches(word, p, lang) for p in side):
            return start, end
    return None


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(s, e, text[s:e]) for s, e in words(text)]


# --- a concession for an exception ----------------------------------------------------------------------
_CASE_WORDS = 3  # the content words that name the case a concession or an exception is about
_EXCEPTION_REACH = 8  # words read after an exception's cue


def _case_after(tokens: list[tuple[int, int, str]], at: int, reach: int, lang: str) -> list[tuple[str, int]]:
    """The content words (lemma, end offset) after the cue at `tokens[at]`, up to `reach` words."""
    c, stop = cues(lang), stopwords(lang)
    out = []
    for _, end, word in tokens[at + 1 : at + 1 + reach]:
        if word in stop or word in c.words or word in c.condition or word in c.clause or len(word) < 3:
            continue
        out.append((lemma(word, lang), end))
    return out


def _concessions(
    ours: Normalized, theirs: Normalized, lang: str
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The claim concedes a case ("even where such interests are overridden", "nawet jeżeli jego treść lub
    cel sprzeciwia się ustawie") that the text read makes its exception ("except where such interests are
    overridden", "byleby jego treść lub cel nie sprzeciwiały się … ustawie"): the rule the claim extends to
    the case is the one the text withholds from it. The draft's and the text's spans, cue to last shared
    word."""
    c = cues(lang)
    if not c.concessive or not c.exception or lang == "ko":
        return []
    mine, their_tokens = _tokens(ours.text), _tokens(theirs.text)
    theirs_conceded = {
        key
        for j, t in enumerate(their_tokens)
        if t[2] in c.concessive
        for key, _ in _case_after(their_tokens, j, _CASE_WORDS + 3, lang)
    }
    out = []
    for j, (start, _, word) in enumerate(mine):
        if word not in c.concessive:
            continue
        case = _case_after(mine, j, _CASE_WORDS + 3, lang)[:_CASE_WORDS]
        keys = {key for key, _ in case}
        if len(keys) < 2 or keys <= theirs_conceded:
            continue
        for i, (their_start, _, their_word) in enumerate(their_tokens):
            if their_word not in c.exception:
                continue
            stated = list(
                {
                    key: end
                    for key, end in reversed(_case_after(their_tokens, i, _EXCEPTION_REACH, lang))
                    if key in keys
                }.items()
            )  # each shared word where it first comes
            if len({key for key, _ in stated}) >= min(len(keys), 2) + (len(keys) > 2):
                shared = {key for key, _ in stated}
                draft_end = max(end for key, end in case if key in shared)
                out.append(((start, draft_end), (their_start, max(end for _, end in stated))))
                break
    return out


# --- the check -----------------------------------------------------------------------------------------


def _surface(text: Normalized, start: int, end: int) -> str:
    s, e = text.span_to_original(start, end)
    return " ".join(text.original[s:e].split())


def compare_polarity(claim: str | Normalized, source: str | Normalized, *, lang: str) -> PolarityCheck:
    """The claim's predicates and legal effects against the text read for it (both in `lang`)."""
    ours = claim if isinstance(claim, Normalized) else normalize(claim)
    theirs = source if isinstance(source, Normalized) else normalize(source)
    found: dict[tuple[str, str], Reversal] = {}
    where: dict[tuple[str, str], int] = {}  # each reversal's start in the claim

    def add(
        kind: str,
        draft: tuple[int, int],
        source_span: tuple[int, int],
        hedged: bool | None = None,
        basis: str = "",
    ) -> None:
        conditional = (
            hedged
            if hedged is not None
            else kind == "negation"
            and (_conditional(ours.text, draft[0], lang) or _conditional(theirs.text, source_span[0], lang))
        )
        reversal = Reversal(kind, _surface(ours, *draft), _surface(theirs, *source_span), conditional, basis)
        found.setdefault((reversal.draft, reversal.source), reversal)
        where.setdefault((reversal.draft, reversal.source), draft[0])

    their_predications = predications(theirs.text, lang)
    for p in predications(ours.text, lang):
        same = [t for t in their_predications if t.key == p.key]
        kinds = [_opposite(p, t) for t in same]
        if same and all(kinds):
            add(str(kinds[0]), (p.start, p.end), (same[0].start, same[0].end), basis="predicate")

    # a word under a negation is no side of a pair: "is not permitted" says "is prohibited"
    our_negated, their_negated = _negated_words(ours.text, lang), _negated_words(theirs.text, lang)
    our_tokens = [t for t in _tokens(ours.text) if t[0] not in our_negated]
    their_tokens = [t for t in _tokens(theirs.text) if t[0] not in their_negated]
    for left, right in cues(lang).pairs:
        for said, other in ((left, right), (right, left)):
            draft = _first(our_tokens, said, lang)
            stated = _first(their_tokens, other, lang)
            if (
                draft
                and stated
                and not _first(our_tokens, other, lang)
                and not _first(their_tokens, said, lang)
            ):
                add("opposite", draft, stated, basis="pair")

    for draft_span, source_span in _concessions(ours, theirs, lang):
        add("opposite", draft_span, source_span, basis="concession")

    # the corpus's antonyms (verifier/data/antonyms-<lang>.txt): "valid" where the text says "invalid". A
    # claim whose sentence negates something else or states an exception may apply the rule the other way
    # round ("위반되지 않아 유효하다" of 민법 제103조's 무효; "unlawful unless" of "lawful only if"), and two
    # words flipped in one sentence are the rule's contrapositive ("umowa zgodna z ustawą jest ważna" of
    # art. 58 § 1 k.c.'s "sprzeczna … nieważna"): a question for a person, not a proof
    # read in the text's sentence that is about what the claim is about: a judgment that says "invalid" of
    # the decision the claim names may say "validity" of another one (C-311/18, points 4 and 5)
    about = best_sentences(theirs.text, keys(ours.text, lang), lang)
    swaps = stated_otherwise(
        our_tokens, [t for t in their_tokens if any(a <= t[0] < b for a, b in about)], lang
    )
    for kind, draft_span, source_span in swaps:
        start, end = _sentence(ours.text, draft_span[0])
        hedged = (
            any(start <= at < end for at in our_negated)
            or sum(1 for _, (at, _), _ in swaps if start <= at < end) > 1
            or _excepting(ours.text[start:end], lang)
        )
        add(kind, draft_span, source_span, hedged, basis="antonym")
    _contrapositives(found, where, ours, stated_otherwise(_tokens(ours.text), _tokens(theirs.text), lang))

    if lang != "ko":
        stop = stopwords(lang)
        their_keys: dict[str, tuple[int, int]] = {}
        for s, e, word in their_tokens:
            their_keys.setdefault(lemma(word, lang), (s, e))
        our_keys = {lemma(word, lang): (s, e) for s, e, word in our_tokens if word not in stop}
        for prefix in cues(lang).prefixes:
            for key, span in our_keys.items():
                if len(key) < _MIN_PREFIXED or key in their_keys:
                    continue
                for flipped in (prefix + key, key[len(prefix) :] if key.startswith(prefix) else None):
                    if (
                        flipped
                        and len(flipped) >= _MIN_PREFIXED
                        and flipped in their_keys
                        and flipped not in our_keys
                    ):
                        add("negation", span, their_keys[flipped], basis="prefix")
    return PolarityCheck(tuple(found.values()))


def _contrapositives(
    found: dict[tuple[str, str], Reversal],
    where: dict[tuple[str, str], int],
    ours: Normalized,
    swaps: list[tuple[str, tuple[int, int], tuple[int, int]]],
) -> None:
    """A predicate said the other way round in a sentence that also puts an antonym for the text's word is
    the rule's contrapositive, not its reversal: "악의의 제삼자에게는 대항할 수 있다" of 민법 제108조②
    "선의의 제삼자에게 대항하지 못한다". Such reversals become questions for a person (conditional)."""
    for key, reversal in list(found.items()):
        if reversal.basis != "predicate" or reversal.conditional:
            continue
        start, end = _sentence(ours.text, where[key])
        if any(start <= at < end for _, (at, _), _ in swaps):
            found[key] = replace(reversal, conditional=True)


def frame_words(*langs: str) -> frozenset[str]:
    """The words of a negated frame ("held" of "cannot be held that", "uznać" of "nie można uznać, że"; in
    Korean the whole frame after the clause: "고 볼 수 없")."""
    return frozenset().union(*(cues(lang).frame for lang in langs))


@functools.cache
def _all_cues() -> tuple[Cues, ...]:
    return tuple(cues(lang) for lang in LANGUAGES)


def quote_change(deleted: list[str], inserted: list[str]) -> str | None:
    """Why a quote's changed words change its law: "opposite" (one side of a pair for the other: "permitted"
    for "prohibited", 무효 for 취소) or "modality" ("may" for "shall")."""
    for lang, c in zip(LANGUAGES, _all_cues(), strict=True):
        for left, right in c.pairs:
            for said, other in ((left, right), (right, left)):
                if any(_word_matches(w, p, lang) for w in deleted for p in said) and any(
                    _word_matches(w, p, lang) for w in inserted for p in other
                ):
                    return "opposite"
        modal = [
            {"can" if w in c.can else "must" for w in side if w in c.can or w in c.must or w in c.need}
            for side in (deleted, inserted)
        ]
        if modal[0] and modal[1] and modal[0] != modal[1] and len(modal[0]) == len(modal[1]) == 1:
            return "modality"
    return None


__all__ = [
    "LANGUAGES",
    "Cues",
    "PolarityCheck",
    "Predication",
    "Reversal",
    "compare_polarity",
    "cues",
    "frame_words",
    "predications",
    "quote_change",
]

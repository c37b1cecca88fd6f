"""Whose words a quote is: quotation marks that do not quote the cited unit.

A draft (or a court) puts quotation marks around more than the law's words: a short name it gives a law or a
party ("(이하 '주택임대차법'이라 한다)", "(dalej: „ustawa”)", "(hereinafter ‘the GDPR’)"), a term it
is about to define ("‘1주’란 …", "“consent” means …"), its own definition of an element ("절취란 '타인이
점유하는 재물을 … 가져가는 것'을 말한다"), or a party's letter ("원고는 내용증명에서 '…'라고 통지하였다").
A term taken from the statute named right before it ("제59조 제1항 단행에서 정한 '…'라 함은") is the
statute's words and stays a quote.
None of these is a claim that the cited unit says those words, so none is checked as a verbatim quote of it:
the claim is read for what the sentence says of the unit.

    role(norm, quote) -> str | None     the reason the quote is not the unit's words, None when it may be
"""

from __future__ import annotations

import re

from verifier.citations.kr import NOT_LAWS
from verifier.citations.quotes import Quote

ALIAS = "alias"  # a short name the text defines
TERM = "term"  # a term the sentence goes on to define or explain
DEFINITION = "definition"  # the writer's own definition of a term or an element
PARTY = "party"  # a party's (or anyone else's) own words: a letter, a notice, a statement
ACT = "act"  # the words of an act the sentence names without an article ("담배사업법은 "…"으로 제정된")

_SHORT = 40  # a name or a term fits in this many characters; a quote of the law's words is longer

# "(이하 '…'이라 한다)", "(dalej: „…”)", "(hereinafter ‘…’)", "(the “…”)", "(zwanej dalej „…”)"
_ALIAS_BEFORE = re.compile(
    r"(?:이하|dalej|zwan\w* dalej|hereinafter(?: referred to as| called)?|(?<=\()the|\()"
    r"[ :,–-]{0,3}(?:the )?\Z",
    re.IGNORECASE,
)
_ALIAS_AFTER = re.compile(r"[ ]?(?:이)?라(?:고)? ?(?:한다|함|칭한다|칭함)")
# "'1주'란 …", "‘누설’이란 …", "‘X’라 함은 …", "“consent” means …", "„konsument” oznacza …"
_TERM_AFTER = re.compile(
    r"(?:이)?란[ ,]|(?:이)?라 ?함은|(?:이)?라는 (?:용어|말|개념|표현)|\s(?:means|shall mean|refers to|"
    r"is defined as|oznacza|rozumie się)\b",
    re.IGNORECASE,
)
# "…'을 말한다", "…'를 의미한다", "…'이라고 정의한다/해석한다": the writer defines in its own words
# "형법 제59조 제1항 단행에서 정한 '자격정지 이상의 형을 받은 전과'라 함은 …": a term taken from the statute
# named right before it is the statute's words, quoted, and stays a quote
_STATUTE_TERM = re.compile(
    r"(?:[조항호목]|k\.c\.|k\.p\.|GDPR|RODO|\))(?:[ ]?(?:본문|단서|단행|전단|후단|각 호))?[ ]?"
    r"(?:의|소정의|에서 정한|에서 정하는|에서 말하는|에 규정된|에서 규정한|에 정한|이 정한|가 정한|정한"
    r"|규정의)?"
    r"[ ]?\Z"
)
# (a quote followed by "라고 정의/규정한다" is what a statute says, and stays a quote)
_DEFINITION_AFTER = re.compile(r"[ ]?(?:(?:을|를)? ?(?:말한다|의미한다|뜻한다)|(?:으로|로) ?해석)")
# someone's own words: a letter, a notice, an e-mail, a statement, an agreement's clause
_PARTY_BEFORE = re.compile(
    r"(?:서신|편지|내용증명|통지서|통고서|이메일|전자우편|문자메시지|진술서|확인서|각서|letter|e-mail|email"
    r"|pism\w*|piśm\w*|wiadomoś\w*|e-mail\w*)[^.。]{0,60}\Z",
    re.IGNORECASE,
)

# a party's statement reported in its own words: "Pozwana podnosiła, że „nie miała możliwości …”", "the
# applicant submits that ‘…’", "원고는 '…'라고 주장한다"; never a quote of the unit the sentence then cites
_PARTY_SAYS_BEFORE = re.compile(
    r"(?:powod\w*|powód\w*|pozwan\w*|skarżąc\w*|wnioskodawc\w*|uczestni\w*|apelując\w*|stron[aye]"
    r"|the (?:applicant|claimant|defendant|appellant|respondent|plaintiff|accused)s?)\b"
    r"[^.„“‘'\"]{0,60}?"
    r"(?:podnosi\w*|twierdzi\w*|wskazywa\w*|zarzuca\w*|argumentowa\w*|wywodzi\w*|podkreśla\w*|zezna\w*"
    r"|argues|argued|submits|submitted|claims|claimed|contends|contended|maintains|maintained|alleges"
    r"|alleged)"
    r"[^.„“‘'\"]{0,20}\Z",
    re.IGNORECASE,
)
_PARTY_SAYS_AFTER = re.compile(
    r"[ ]?(?:이)?라(?:고|는)? ?(?:주장|진술|항변|고소|신고|진정|통지|요구|요청|답변)"
)

# "'근무지 변경에 관한 업무 통보'라는 제목하에": a document's title or wording, someone's own words; "'…
# 처벌해 달라'라는 취지의 고소장": the gist of someone's document, not a quote of the unit
_TITLE_AFTER = re.compile(r"[ ]?(?:이)?라는 ?(?:제목|문구|표제|문언|기재|취지|내용)")


def role(norm: str, quote: Quote) -> str | None:
    """Why the quote is not the cited unit's words (ALIAS, TERM, DEFINITION, PARTY), or None."""
    start, end = quote.span
    text = quote.text.strip()
    before = norm[max(0, start - 30) : start]
    after = norm[end : end + 20]
    short = len(text) <= _SHORT
    if (
        short
        and _ALIAS_BEFORE.search(before)
        and (after.lstrip().startswith(")") or _ALIAS_AFTER.match(after))
    ):
        return ALIAS
    if short and _ALIAS_AFTER.match(after) and "이하" in norm[max(0, start - 12) : start]:
        return ALIAS
    if short and _TERM_AFTER.match(after) and _STATUTE_TERM.search(before) is None:
        return TERM
    if _a_word_or_two(text):
        # '사용', '알 권리', ‘누설’: a term named or stressed, not a passage; as a quote it would pass on any
        # source that uses the word, whatever the sentence claims of it
        return TERM
    if _DEFINITION_AFTER.match(after):
        return DEFINITION
    if _PARTY_BEFORE.search(norm, max(0, start - 80), start) or _TITLE_AFTER.match(after):
        return PARTY
    if _PARTY_SAYS_BEFORE.search(norm, max(0, start - 120), start) or _PARTY_SAYS_AFTER.match(after):
        return PARTY
    if _another_acts(norm, start, end):
        return ACT
    return None


# "담배사업법은 "담배산업의 건전한 발전을 도모 …"으로 제정된 것으로서": an act named right before the quote,
# as the subject that says it, and cited by no article in the sentence: its words, not the cited unit's
_ACT_SAYS = re.compile(r"(?P<act>[\uac00-\ud7a3]{2,}법(?:률)?)(?:은|는|이|가|에서)\s?\Z")
_ARTICLE_NEAR = re.compile(r"[^.]{0,40}?제\s?\d+\s?조")


def _another_acts(norm: str, start: int, end: int) -> bool:
    said = _ACT_SAYS.search(norm, max(0, start - 30), start)
    if said is None or said.group("act") in NOT_LAWS:  # "방법은 "…"", "입법은": words, not acts
        return False
    cited = re.compile(re.escape(said.group("act")) + r"\s?제\s?\d+\s?조")
    return _ARTICLE_NEAR.match(norm, end) is None and cited.search(norm) is None


_TERM_CHARS = 8


def _a_word_or_two(text: str) -> bool:
    return len(text) <= _TERM_CHARS and len(text.split()) <= 2 and not text.endswith((".", "다"))


def roles(norm: str, quotes: list[Quote]) -> dict[Quote, str]:
    """The quotes of `quotes` that are not a cited unit's words, with the reason for each."""
    out: dict[Quote, str] = {}
    for q in quotes:
        r = role(norm, q)
        if r is not None:
            out[q] = r
    return out

"""The citations of the real-prose set, found in the judgments' own reasoning by patterns of our own (not the
product's extractor: a citation the product does not see must count as an extraction miss, not vanish).

    sentences(judgment)            its own reasoning cut into sentences
    citations(judgment)            every citation of the set's acts in them: sentence(s), span, key

Acts: Korea 민법, 형법, 근로기준법, 주택임대차보호법, 개인정보 보호법 (also as 같은 법 / 위 법 / 동법
after one of them); Poland k.c. and k.p.; the EU the GDPR. Precedents: a Korean Supreme Court judgment
cited by date and number (대법원 1996. 7. 30. 선고 96도732 판결), kept when the real set holds it, and a
CJEU judgment of the corpus cited by date, name, number and ECLI.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from tests.accuracy.real_sources import EU_OTHERS, KR_OTHERS, PL_OTHERS, Judgment, reports_others

KR_LAW = r"민법|형법|근로기준법|주택임대차보호법|개인정보\s?보호법"
KR_SAME = r"같은\s?법|위\s?법|동법"
# 구 근로기준법(2007. 4. 11. 법률 제8372호로 전부 개정되기 전의 것, 이하 같다) 제30조 제1항: the parenthetical
# names the version, the citation is the law and the pinpoint.
KR_CITATION = re.compile(
    rf"(?:구\s)?(?P<law>{KR_LAW}|{KR_SAME})(?P<paren>\s*\([^()]{{0,160}}\))?\s*"
    # 제 may be left out right after the law's name: "형법 331조 2항" (75도2720's 판결요지)
    r"(?P<pin>(?:제\s?)?(?P<art>\d+)조(?!원)(?:의\s?(?P<branch>\d+))?(?:\s?(?:제\s?)?(?P<para>\d+)항)?"
    r"(?:\s?(?:제\s?)?(?P<item>\d+)호)?)"
)
# Any law named before 같은 법: ours, or another ("공공기관의 개인정보보호에 관한 법률", "민사집행법"), also
# in the name of a crime ("폭력행위등처벌에관한법률위반의 점", 90도2022).
# Words that end in 법 without being a law (방법, 위법 …) would only make a citation be left out,
# never carried wrongly.
KR_ANY_LAW = re.compile(
    rf"(?<![가-힣])(?:{KR_LAW}|[가-힣]*법률|[가-힣]{{2,30}}법)(?=[\s(,]|$|의|에|상|은|이|을|위반)"
)
KR_PRECEDENT = re.compile(
    r"대법원\s(?P<y>\d{4})\.\s?(?P<m>\d{1,2})\.\s?(?P<d>\d{1,2})\.\s선고\s(?P<no>\d{2,4}[가-힣]{1,3}\d+)\s(?:판결|결정)"
)

SUPERSCRIPT = "¹²³⁴⁵⁶⁷⁸⁹⁰"
PL_CITATION = re.compile(
    rf"\bart\.\s?(?P<art>\d+)(?P<sup>[{SUPERSCRIPT}]*)(?:\s?§\s?(?P<para>\d+))?(?:\s?pkt\s?(?P<item>\d+))?"
    r"(?:\s?(?:zd\.|zdanie)\s?\w+)?\s?(?P<code>k\.\s?c\.|k\.\s?p\.|kc\b|kp\b|kodeksu cywilnego|kodeksu pracy)"
    r"(?!\s?[ckak]\.|c\b)",  # not k.p.c. / k.p.c (the code of civil procedure), k.k., k.p.a.
    re.I,
)
EU_CITATION = re.compile(
    r"\bArticle\s(?P<art>\d+)(?P<para>\s?\(\d+\))?(?P<item>\s?\([a-z]\))?(?:\s(?:of\s)?(?:the\s)?)"
    r"(?P<act>GDPR|Regulation\s(?:\(EU\)\s)?(?:No\s)?2016/679)"
)


@dataclass(frozen=True, slots=True)
class Found:
    judgment: Judgment
    draft: str  # the sentence (with the one before it when the law is carried from there)
    span: tuple[int, int]  # the citation in the draft
    key: str  # the source it cites: kr:law:민법, pl:act:DU/1964/93, eu:celex:32016R0679, kr:prec:96도732
    kind: str  # statute | precedent
    article: str  # the pinpoint's article ("750", "353¹"), "" for a precedent
    paragraph: str
    item: str


def _split(text: str, lang: str) -> list[str]:
    text = re.sub(r"[ \t\u3000]+", " ", text)
    if lang == "ko":
        # precedent-kr breaks some judgments' lines inside a sentence, around the provisions it links
        # ("… 계약해제권(⏎ ⏎ 민법 제668조)"): a line that does not end a sentence goes on in the next one
        text = re.sub(r"(?<![.:】])[ ]*\n[\s]*(?=\S)", " ", text)
        parts = re.split(r"(?<=다\.)\s+|(?<=다\.)(?=\[)|\n+|\s(?=\[\d+\]\s)", text)
    elif lang == "pl":
        text = re.sub(r"\s*\n\s*", " ", text)  # SAOS texts are hard-wrapped: a line end is no sentence end
        # after "art.", "ust.", "nr", "poz.", "r.", "Dz.U.", "zd.", "m.in." a capital is no new sentence
        parts = re.split(
            r"(?<!\bart)(?<!\bust)(?<!\bpoz)(?<!\bnr)(?<!\b[rUz])(?<!\bzd)(?<!\bin)(?<!\bDz)(?<!\bsygn)(?<!\bpor)"
            r"(?<=[.!?])\s+(?=[A-ZŻŹĆŁŚÓ„])|\n+",
            text,
        )
    else:
        # an operative point of a CJEU ruling sets the provision on a line of its own and goes on in lower
        # case ("2. Article 82(1) of Regulation 2016/679⏎⏎must be interpreted as meaning …"): one sentence
        text = re.sub(r"(?<![.;:!?’”])[ ]*\n+[ ]*(?=[a-z])", " ", text)
        parts = re.split(r"(?<=[.;])\s+(?=[A-Z‘(])|\n+", text)
    if lang == "ko":
        parts = _whole_quotes(parts)
    out = []
    for part in parts:
        part = part.strip()
        if lang == "en":
            part = re.sub(r"^\d{1,3}\s+(?=[A-Z‘])", "", part)  # the paragraph number of a CJEU judgment
        if lang == "ko":
            part = re.sub(r"^\[\d+\]\s*", "", part)
        if len(part) >= 20:
            out.append(part)
    return out


def _whole_quotes(parts: list[str]) -> list[str]:
    """A "다." inside a quotation ends no sentence of the court's: the parts are joined again until each
    quotation that opens in a sentence closes in it (a draft must not open inside another's words)."""
    out: list[str] = []
    for part in parts:
        if out and _open_quote(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _open_quote(text: str) -> bool:
    return text.count('"') % 2 == 1 or text.count("“") > text.count("”")


def sentences(judgment: Judgment) -> list[str]:
    return [s for passage in judgment.passages for s in _split(passage, judgment.lang)]


OTHERS = {"ko": KR_OTHERS, "pl": PL_OTHERS, "en": EU_OTHERS}
LONGEST = 1500  # characters: a longer "sentence" is a list or a cut that went wrong, not a claim


def citations(judgment: Judgment, known_precedents: frozenset[str] = frozenset()) -> Iterator[Found]:
    said = sentences(judgment)
    others = OTHERS[judgment.lang]
    for index, sentence in enumerate(said):
        if reports_others(sentence, others) or len(sentence) > LONGEST:
            continue
        if judgment.lang == "ko":
            yield from _korean(judgment, said, index, known_precedents)
        elif judgment.lang == "pl":
            yield from _polish(judgment, sentence)
        else:
            yield from _eu(judgment, said, index)


def _korean(judgment: Judgment, said: list[str], index: int, known: frozenset[str]) -> Iterator[Found]:
    sentence = said[index]
    for m in KR_CITATION.finditer(sentence):
        law = re.sub(r"\s", "", m.group("law"))
        draft, offset = sentence, 0
        if re.fullmatch(KR_SAME, m.group("law")):
            carried = _carried_law(said, index, m.start())
            if carried is None:
                continue
            law, previous = carried
            if previous is not None:
                draft = previous + " " + sentence
                offset = len(previous) + 1
        if law not in ("민법", "형법", "근로기준법", "주택임대차보호법", "개인정보보호법"):
            continue
        article = m.group("art") + (f"의{m.group('branch')}" if m.group("branch") else "")
        yield Found(
            judgment,
            draft,
            (offset + m.start(), offset + m.end()),
            f"kr:law:{law}",
            "statute",
            article,
            m.group("para") or "",
            m.group("item") or "",
        )
    yield from _korean_bare(judgment, sentence)
    for m in KR_PRECEDENT.finditer(sentence):
        if m.group("no") in known:
            yield Found(judgment, sentence, m.span(), f"kr:prec:{m.group('no')}", "precedent", "", "", "")


KR_BARE = re.compile(
    r"(?<![가-힣])제\s?(?P<art>\d+)조(?:의\s?(?P<branch>\d+))?(?:\s?제\s?(?P<para>\d+)항)?(?:\s?제\s?(?P<item>\d+)호)?"
)
# what a bare 제N조 right after it belongs to: a law's name (헌법 제76조), a parenthetical after one, 부칙
KR_ATTACHED = re.compile(r"(?:법|법률|령|규칙|규정|부칙|협약|\)|같은|위|동|이)\s*$")


def _inside_quote(text: str, at: int) -> bool:
    before = text[:at]
    return any(before.count(o) > before.count(c) for o, c in (("‘", "’"), ("“", "”"), ("「", "」"))) or (
        before.count('"') % 2 == 1
    )


def _korean_bare(judgment: Judgment, sentence: str) -> Iterator[Found]:
    """제3조 제1항 with no law before it, after the sentence cited an article of ours: "주택임대차보호법
    제3조의2 제2항은, 제3조 제1항의 대항요건과 …". The law is carried from that citation, when no other
    law is named in between ("(제1조)" after "민법에 대한 특례" is not 민법's)."""
    for m in KR_BARE.finditer(sentence):
        if KR_ATTACHED.search(sentence[: m.start()]) or _inside_quote(sentence, m.start()):
            continue  # another law's article, or the quoted statute's own cross-reference
        cited = [c for c in KR_CITATION.finditer(sentence) if c.end() <= m.start()]
        if not cited or KR_ANY_LAW.search(sentence[cited[-1].end() : m.start()]):
            continue  # no citation of a law before it in this sentence, or another law named since
        law = re.sub(r"\s", "", cited[-1].group("law"))
        if law not in ("민법", "형법", "근로기준법", "주택임대차보호법", "개인정보보호법"):
            continue
        article = m.group("art") + (f"의{m.group('branch')}" if m.group("branch") else "")
        yield Found(
            judgment,
            sentence,
            m.span(),
            f"kr:law:{law}",
            "statute_carried",
            article,
            m.group("para") or "",
            m.group("item") or "",
        )


# "주택임대차보호법(이하 ‘같은 법’이라 한다)": the text names what 같은 법 stands for from there on
KR_ALIAS = re.compile(rf"(?P<law>{KR_LAW})\s*\(이하\s*[‘'\"“]?(?:{KR_SAME})[’'\"”]?\s*이?라\s*(?:한다|하고)")


def _carried_law(said: list[str], index: int, before: int) -> tuple[str, str | None] | None:
    """The law 같은 법 refers to, and the sentence(s) before this one the draft needs to show it: the last
    law named before the first 같은 법 of this sentence (a law named between the two makes it ambiguous:
    None), else an alias defined in one of the three sentences before, else the last law of the one
    before (unless that one has a 같은 법 of its own)."""
    sentence = said[index]
    first = re.search(KR_SAME, sentence)
    if first is not None and first.start() < before:
        if KR_ANY_LAW.search(sentence[first.end() : before]):
            return None
        before = first.start()
    here = [m.group(0) for m in KR_ANY_LAW.finditer(sentence[:before])]
    if here:
        return re.sub(r"\s", "", here[-1]), None
    for back in (1, 2, 3):
        if index - back < 0:
            break
        alias = list(KR_ALIAS.finditer(said[index - back]))
        shown = " ".join(said[index - back : index])
        if alias and len(shown) <= LONGEST * 2:
            return re.sub(r"\s", "", alias[-1].group("law")), shown
    if index == 0 or re.search(KR_SAME, said[index - 1]):
        return None  # the sentence before carries a 같은 법 of its own: not resolved here
    there = [m.group(0) for m in KR_ANY_LAW.finditer(said[index - 1])]
    return (re.sub(r"\s", "", there[-1]), said[index - 1]) if there else None


PL_ARTICLE = re.compile(
    rf"\bart\.\s?(?P<art>\d+)(?P<sup>[{SUPERSCRIPT}]*)(?:\s?§\s?(?P<para>\d+))?(?:\s?pkt\s?(?P<item>\d+))?"
)
# "art. 24 i art. 448 k.c.", "art. 5, 6 i 7 k.p.": the code named at the end of a list serves all of it
PL_LIST_TAIL = re.compile(
    rf"^(?:\s?(?:,|i|oraz|a także|w zw\. z|w związku z)\s?(?:art\.\s?)?\d+[{SUPERSCRIPT}]*(?:\s?§\s?\d+)?"
    r"(?:\s?pkt\s?\d+)?)+\s?(?P<code>k\.\s?c\.|k\.\s?p\.(?!\s?[ckak]\.|c\b)|kc\b|kp\b)",
    re.I,
)


def _polish(judgment: Judgment, sentence: str) -> Iterator[Found]:
    coded = [m.span() for m in PL_CITATION.finditer(sentence)]
    for m in PL_ARTICLE.finditer(sentence):
        if any(s <= m.start() < e for s, e in coded):
            continue
        tail = PL_LIST_TAIL.match(sentence[m.end() :])
        if tail is None:
            continue
        civil = tail.group("code").lower().replace(" ", "") in ("k.c.", "kc")
        yield Found(
            judgment,
            sentence,
            m.span(),
            "pl:act:DU/1964/93" if civil else "pl:act:DU/1974/141",
            "statute_list",
            m.group("art") + m.group("sup"),
            m.group("para") or "",
            m.group("item") or "",
        )
    for m in PL_CITATION.finditer(sentence):
        code = m.group("code").lower().replace(" ", "")
        civil = code in ("k.c.", "kc", "kodeksucywilnego")
        yield Found(
            judgment,
            sentence,
            m.span(),
            "pl:act:DU/1964/93" if civil else "pl:act:DU/1974/141",
            "statute",
            m.group("art") + m.group("sup"),
            m.group("para") or "",
            m.group("item") or "",
        )


# "Article 82(1) of that regulation": the Court carries the act named before; the GDPR when the last act
# named (in this sentence or the two before) is it, and the draft then holds the sentences from that one on.
EU_CARRIED = re.compile(
    r"\bArticle\s(?P<art>\d+)(?P<para>\s?\(\d+\))?(?P<item>\s?\([a-z]\))?\sof\sthat\sregulation"
)
EU_ANY_ACT = re.compile(
    r"GDPR|Regulation\s(?:\(EU\)\s)?(?:No\s)?\d+/\d+|Directive\s\d+/\d+|Decision\s\d+/\d+"
)


# "judgments of 4 May 2023, Österreichische Post (…), C‑300/21, EU:C:2023:370": a CJEU judgment cited by date,
# name, number and ECLI; kept when the corpus holds it (its correct citation must find it)
EU_PRECEDENT = re.compile(
    r"judgments?\sof\s(?P<date>\d{1,2}\s[A-Z][a-z]+\s\d{4}),\s(?P<name>[^,()]+(?:\([^()]*\))?),\s"
    r"(?P<no>C[‑-]\d+/\d{2})(?:,\s(?P<ecli>EU:C:\d{4}:\d+))?"
)
EU_HELD = frozenset({"C-300/21", "C-311/18"})


def _eu(judgment: Judgment, said: list[str], index: int) -> Iterator[Found]:
    for found in _eu_citations(judgment, said, index):
        quote = _set_out_after(judgment, found.draft)
        yield replace(found, draft=f"{found.draft}\n\n{quote}") if quote else found


def _set_out_after(judgment: Judgment, draft: str) -> str:
    """The quote the judgment sets out after the sentence, when the sentence ends its line with a colon."""
    if not draft.endswith(":"):
        return ""
    tail = draft[-60:]
    as_split = ((re.sub(r"[ \t\u3000]+", " ", intro), quote) for intro, quote in judgment.set_out)
    return next((quote for intro, quote in as_split if intro.endswith(tail)), "")


def _eu_citations(judgment: Judgment, said: list[str], index: int) -> Iterator[Found]:
    sentence = said[index]
    for m in EU_PRECEDENT.finditer(sentence):
        number = m.group("no").replace("‑", "-")
        if number in EU_HELD and f"eu:{number}" != judgment.id:
            yield Found(judgment, sentence, m.span(), f"eu:case:{number}", "precedent", "", "", "")
    for m in EU_CITATION.finditer(sentence):
        yield _eu_found(judgment, sentence, m, 0)
    for m in EU_CARRIED.finditer(sentence):
        for back in range(3):
            if index - back < 0:
                break
            text = sentence[: m.start()] if back == 0 else said[index - back]
            acts = EU_ANY_ACT.findall(text)
            if acts:
                if re.fullmatch(r"GDPR|Regulation\s(?:\(EU\)\s)?(?:No\s)?2016/679", acts[-1]):
                    before = ""
                    for earlier in said[index - back : index]:  # each with the quote it sets out
                        quote = _set_out_after(judgment, earlier)
                        before += (" " if before and "\n" not in before[-2:] else "") + earlier
                        before += f"\n\n{quote}\n\n" if quote else ""
                    offset = len(before) + (1 if before and not before.endswith("\n") else 0)
                    draft = before + (" " if offset > len(before) else "") + sentence
                    yield _eu_found(judgment, draft, m, offset)
                break


def _eu_found(judgment: Judgment, draft: str, m: re.Match[str], offset: int) -> Found:
    return Found(
        judgment,
        draft,
        (offset + m.start(), offset + m.end()),
        "eu:celex:32016R0679",
        "statute",
        m.group("art"),
        (m.group("para") or "").strip(" ()"),
        (m.group("item") or "").strip(" ()"),
    )

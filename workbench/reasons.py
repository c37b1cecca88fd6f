"""Technical reasons inside a rationale, said in the reader's words and language.

A finding stored before the source clients gave their failures as messages with parameters carries the
client's own English sentence as a value ("[Errno -2] Name or service not known", "LAWGOKR_OC is not set:
law.go.kr cannot be asked", "the history of DU/1964/93 could not be read from the ELI API …"). Rendered as it
is, a Polish or Korean rationale says half its sentence in English and a lawyer reads an errno. Here each
known reason becomes a sentence in en/pl/ko with its parameters (the act, the key); one that is not known is
said in general terms in pl/ko (the English original stays in the findings JSON and the audit trail).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from verifier.rationales import Message

# The values of a rationale or note that hold a client's own sentence.
REASON_VALUES = frozenset({"reason", "why", "official", "gaps"})

# (pattern, {lang: sentence}); the sentences take the pattern's named groups.
KNOWN: tuple[tuple[re.Pattern[str], Mapping[str, str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE | re.DOTALL), texts)
    for pattern, texts in (
        (
            r".*(?:Name or service not known|Temporary failure in name resolution|nodename nor servname).*",
            {
                "en": "the service's address could not be found (is this machine offline?)",
                "pl": "nie znaleziono adresu serwisu (czy ten komputer ma dostęp do sieci?)",
                "ko": "서비스 주소를 찾을 수 없습니다(네트워크 연결을 확인하십시오)",
            },
        ),
        (
            r".*Connection refused.*|.*Connection reset.*",
            {
                "en": "the service refused the connection",
                "pl": "serwis odrzucił połączenie",
                "ko": "서비스가 연결을 거부했습니다",
            },
        ),
        (
            r".*LAWGOKR_OC is not set.*",
            {
                "en": "no law.go.kr key is configured (LAWGOKR_OC)",
                "pl": "nie skonfigurowano klucza law.go.kr (LAWGOKR_OC)",
                "ko": "law.go.kr 인증키(LAWGOKR_OC)가 설정되지 않았습니다",
            },
        ),
        (
            r"not in the offline corpus: (?P<key>.+?)(?: \(.*\))?",
            {
                "en": "{key} is not in the offline corpus",
                "pl": "{key} nie ma w korpusie offline",
                "ko": "{key}은(는) 오프라인 자료에 없습니다",
            },
        ),
        (
            r"local-only mode: (?P<key>.+?) (?:was )?not looked up.*",
            {
                "en": "local-only mode: {key} was not looked up outside this machine",
                "pl": "tryb lokalny: {key} nie był wyszukiwany poza tym komputerem",
                "ko": "로컬 전용 모드: {key}은(는) 외부에서 조회하지 않았습니다",
            },
        ),
        (
            r"the history of (?P<act>.+?) could not be read from the ELI API.*",
            {
                "en": "the versions of {act} could not be read from the Sejm's ELI service",
                "pl": "nie udało się odczytać wersji {act} z serwisu ELI Sejmu",
                "ko": "세임(Sejm) ELI 서비스에서 {act}의 연혁을 읽을 수 없습니다",
            },
        ),
        (
            r"the offline corpus records no 연혁 versions of (?P<law>.+)",
            {
                "en": "the offline corpus records no versions of {law}",
                "pl": "korpus offline nie zawiera wersji ustawy {law}",
                "ko": "오프라인 자료에 {law}의 연혁이 없습니다",
            },
        ),
        (
            r"no version history is wired for (?P<key>\S+)",
            {
                "en": "no version history is available for {key}",
                "pl": "historia wersji {key} nie jest dostępna",
                "ko": "{key}의 연혁은 조회할 수 없습니다",
            },
        ),
        (
            r"no database of later judgments is wired for (?P<where>.+)",
            {
                "en": "no database of later judgments is available for {where}",
                "pl": "brak bazy późniejszych orzeczeń dla: {where}",
                "ko": "{where}에 대한 이후 판례 데이터베이스가 없습니다",
            },
        ),
        (
            r"local-only mode: the versions were not looked up outside this machine",
            {
                "en": "local-only mode: the versions were not looked up outside this machine",
                "pl": "tryb lokalny: wersji nie wyszukiwano poza tym komputerem",
                "ko": "로컬 전용 모드: 연혁을 외부에서 조회하지 않았습니다",
            },
        ),
        (
            r"the version history services are not configured",
            {
                "en": "the version history services are not configured",
                "pl": "serwisy historii wersji nie są skonfigurowane",
                "ko": "연혁 조회 서비스가 설정되지 않았습니다",
            },
        ),
        (
            r"the other (?P<n>\d+) versions were not read: the quote is in the wording in force",
            {
                "en": "the other {n} versions were not read: the quote is in the wording in force",
                "pl": "pozostałych {n} wersji nie czytano: cytat jest w brzmieniu obowiązującym",
                "ko": "나머지 {n}개 버전은 읽지 않았습니다. 인용문이 시행 중인 문언에 있습니다",
            },
        ),
        (
            r"(?P<label>.+): not read \(budget of (?P<n>\d+) texts\)",
            {
                "en": "{label}: not read (budget of {n} texts)",
                "pl": "{label}: nie przeczytano (limit {n} tekstów)",
                "ko": "{label}: 읽지 않음(최대 {n}개 문서)",
            },
        ),
        (
            r".*(?:timed out|timeout|time limit).*",
            {
                "en": "the service did not answer in time",
                "pl": "serwis nie odpowiedział na czas",
                "ko": "서비스가 제시간에 응답하지 않았습니다",
            },
        ),
        (
            r".*(?:HTTP 5\d\d|server error|maintenance|circuit breaker|breaker open).*",
            {
                "en": "the service is failing for now",
                "pl": "serwis chwilowo nie działa",
                "ko": "서비스에 일시적인 장애가 있습니다",
            },
        ),
    )
)

# A system error's own words ("[Errno -2] …"): said in words in English too.
RAW = frozenset(pattern for pattern, _ in KNOWN[:2])

GENERAL = {
    "pl": "serwis źródła nie dał odpowiedzi, którą dałoby się odczytać",
    "ko": "원문 서비스에서 읽을 수 있는 응답을 받지 못했습니다",
}
_LATIN_WORDS = re.compile(r"[A-Za-z]{3,}(?:\s+[A-Za-z]{2,}){2,}")


@dataclass(frozen=True, slots=True)
class Reason:
    """A client's sentence that renders itself in the reader's language (verifier.rationales uses
    `describe(lang)` for such values)."""

    original: str

    def describe(self, lang: str) -> str:
        if "; " in self.original:  # a list of reasons (the gaps of a version check): each in words
            return "; ".join(Reason(part).describe(lang) for part in self.original.split("; "))
        for pattern, texts in KNOWN:
            if m := pattern.fullmatch(self.original.strip()):
                if lang == "en" and pattern not in RAW:
                    return self.original  # already the reader's language, with every detail it gives
                return texts.get(lang, texts["en"]).format(**m.groupdict())
        if lang in GENERAL and _LATIN_WORDS.search(self.original):
            return GENERAL[lang]  # an English sentence no pattern knows: never half a sentence in English
        return self.original


def in_words(message: Message) -> Message:
    """`message` with its clients' sentences (and those of the messages inside it) made readable."""
    values: dict[str, object] = {}
    for name, value in message.values.items():
        if isinstance(value, Message):
            values[name] = in_words(value)
        elif name in REASON_VALUES and isinstance(value, str):
            values[name] = Reason(value)
        else:
            values[name] = value
    return Message(message.key, values)

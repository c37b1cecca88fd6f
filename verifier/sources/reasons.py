"""Why a source's history could not be read, as sentences in en / pl / ko: what was asked (the history of
an act, a version's text, the judgments citing one…) and why it failed (one sentence per `Cause`). Merged
into `rationales.RATIONALES`; `versions.not_checked` builds them. The English rendering is the reason the
findings JSON keeps (`why`); a reader of another language gets the same reason in theirs, never an English
technical message."""

from __future__ import annotations

from collections.abc import Mapping

SOURCE_RATIONALES: Mapping[str, Mapping[str, str]] = {
    "source_failed": {"en": "{what}: {cause}", "pl": "{what}: {cause}", "ko": "{what}: {cause}"},
    "not_checked_why": {"en": "{why}", "pl": "{why}", "ko": "{why}"},
    # what was asked
    "asked_act_history_eli": {
        "en": "the history of {act} could not be read from the ELI API",
        "pl": "historii aktu {act} nie udało się odczytać z API ELI",
        "ko": "ELI API에서 {act}의 연혁을 읽지 못했습니다",
    },
    "asked_version_text": {
        "en": "the text of {version} could not be read",
        "pl": "nie udało się odczytać tekstu {version}",
        "ko": "{version}의 본문을 읽지 못했습니다",
    },
    "asked_consolidated_versions": {
        "en": "the consolidated versions of {celex} could not be listed",
        "pl": "nie udało się pobrać listy wersji skonsolidowanych {celex}",
        "ko": "{celex}의 통합본 목록을 가져오지 못했습니다",
    },
    "asked_repealing_acts": {
        "en": "the acts repealing {celex} could not be listed",
        "pl": "nie udało się pobrać listy aktów uchylających {celex}",
        "ko": "{celex}을(를) 폐지한 법령 목록을 가져오지 못했습니다",
    },
    "asked_citing_judgments": {
        "en": "the judgments citing {celex} could not be listed",
        "pl": "nie udało się pobrać listy orzeczeń powołujących {celex}",
        "ko": "{celex}을(를) 인용한 판결 목록을 가져오지 못했습니다",
    },
    "asked_history_list_kr": {
        "en": "the 연혁 list of {law} could not be read",
        "pl": "nie udało się odczytać listy wersji (연혁) ustawy {law}",
        "ko": "{law}의 연혁 목록을 읽지 못했습니다",
    },
    "asked_law_kr": {
        "en": "{law} could not be looked up",
        "pl": "nie udało się wyszukać ustawy {law}",
        "ko": "{law}을(를) 조회하지 못했습니다",
    },
    "asked_change_list_kr": {
        "en": "the change list of {article} could not be read",
        "pl": "nie udało się odczytać listy zmian {article}",
        "ko": "{article}의 조문 변경 목록을 읽지 못했습니다",
    },
    "asked_precedent_search_kr": {
        "en": "law.go.kr's precedents could not be searched for {number}",
        "pl": "nie udało się przeszukać orzeczeń law.go.kr pod kątem {number}",
        "ko": "law.go.kr 판례에서 {number}을(를) 검색하지 못했습니다",
    },
    "asked_search_saos": {
        "en": "SAOS could not be searched for {signature}",
        "pl": "nie udało się przeszukać SAOS pod kątem {signature}",
        "ko": "SAOS에서 {signature}을(를) 검색하지 못했습니다",
    },
    "asked_judgment_text_saos": {
        "en": "the text of SAOS judgment {id} could not be read",
        "pl": "nie udało się odczytać tekstu orzeczenia SAOS {id}",
        "ko": "SAOS 판결 {id}의 본문을 읽지 못했습니다",
    },
    "oc_not_set": {
        "en": "LAWGOKR_OC is not set: law.go.kr cannot be asked",
        "pl": "nie skonfigurowano klucza law.go.kr (LAWGOKR_OC): nie można pytać law.go.kr",
        "ko": "law.go.kr 인증키(LAWGOKR_OC)가 설정되지 않아 law.go.kr에 조회할 수 없습니다",
    },
    # what the service answered instead of an answer
    "cellar_no_act": {
        "en": "CELLAR knows no act {celex}",
        "pl": "CELLAR nie zna aktu {celex}",
        "ko": "CELLAR에 {celex} 법령이 없습니다",
    },
    "eli_no_act": {
        "en": "the ELI API has no act {act}",
        "pl": "API ELI nie ma aktu {act}",
        "ko": "ELI API에 {act} 법령이 없습니다",
    },
    "kr_no_history": {
        "en": "law.go.kr lists no 연혁 version of {law} (법령ID {id})",
        "pl": "law.go.kr nie podaje żadnej wersji (연혁) ustawy {law} (법령ID {id})",
        "ko": "law.go.kr에 {law}(법령ID {id})의 연혁이 없습니다",
    },
    "no_unit_in_versions": {
        "en": "{title} has no {unit} in any version read",
        "pl": "{title}: żadna odczytana wersja nie zawiera {unit}",
        "ko": "{title}의 어느 시점 본문에도 {unit}이(가) 없습니다",
    },
    # why it failed: one per Cause
    "cause_local_only": {
        "en": "local-only mode, nothing was looked up outside this machine",
        "pl": "tryb lokalny, niczego nie wyszukiwano poza tym komputerem",
        "ko": "로컬 전용 모드에서는 외부에서 조회하지 않습니다",
    },
    "cause_not_in_corpus": {
        "en": "the offline corpus does not hold it",
        "pl": "nie ma go w lokalnym zbiorze źródeł",
        "ko": "오프라인 자료에 없습니다",
    },
    "cause_not_attached": {
        "en": "no source was attached for it",
        "pl": "nie dołączono źródła",
        "ko": "첨부된 원문이 없습니다",
    },
    "cause_not_configured": {
        "en": "the service is not configured (key or subscription); ask the administrator",
        "pl": "usługa nie jest skonfigurowana (klucz lub subskrypcja); zwróć się do administratora",
        "ko": "서비스가 설정되지 않았습니다(인증키 또는 신청). 관리자에게 문의하십시오",
    },
    "cause_not_covered": {
        "en": "the service does not cover it",
        "pl": "usługa tego nie obejmuje",
        "ko": "해당 서비스가 다루지 않는 자료입니다",
    },
    "cause_refused": {
        "en": "the service refused the request",
        "pl": "usługa odmówiła odpowiedzi",
        "ko": "서비스가 요청을 거부했습니다",
    },
    "cause_timed_out": {
        "en": "the service did not answer in time; retry later",
        "pl": "usługa nie odpowiedziała na czas; spróbuj ponownie później",
        "ko": "서비스가 제때 응답하지 않았습니다. 나중에 다시 시도하십시오",
    },
    "cause_unreachable": {
        "en": "the service could not be reached; retry later",
        "pl": "nie udało się połączyć z usługą; spróbuj ponownie później",
        "ko": "서비스에 연결하지 못했습니다. 나중에 다시 시도하십시오",
    },
    "cause_rate_limited": {
        "en": "the service is limiting requests; retry later",
        "pl": "usługa ogranicza liczbę zapytań; spróbuj ponownie później",
        "ko": "서비스가 요청 수를 제한하고 있습니다. 나중에 다시 시도하십시오",
    },
    "cause_service_down": {
        "en": "the service keeps failing and is not being asked for now; retry later",
        "pl": "usługa stale zawodzi i chwilowo nie jest pytana; spróbuj ponownie później",
        "ko": "서비스 오류가 계속되어 잠시 조회를 멈췄습니다. 나중에 다시 시도하십시오",
    },
    "cause_upstream_error": {
        "en": "the service failed or answered something unreadable; retry later",
        "pl": "usługa zawiodła lub odpowiedziała czymś nieczytelnym; spróbuj ponownie później",
        "ko": "서비스 오류이거나 읽을 수 없는 응답이었습니다. 나중에 다시 시도하십시오",
    },
    "cause_internal_error": {
        "en": "an error in the workbench itself; report it",
        "pl": "błąd samego narzędzia; zgłoś go",
        "ko": "프로그램 내부 오류입니다. 신고해 주십시오",
    },
    "cause_not_resolved": {
        "en": "the source was not looked up",
        "pl": "źródła nie wyszukano",
        "ko": "원문을 조회하지 않았습니다",
    },
    "cause_not_found": {
        "en": "the service has no such document",
        "pl": "usługa nie ma takiego dokumentu",
        "ko": "서비스에 해당 자료가 없습니다",
    },
    "cause_no_history": {
        "en": "the service gives no versions for it",
        "pl": "usługa nie podaje jego wersji",
        "ko": "서비스가 연혁을 제공하지 않습니다",
    },
    "cause_no_text": {
        "en": "a version's text cannot be read",
        "pl": "nie można odczytać tekstu wersji",
        "ko": "해당 시점 본문을 읽을 수 없습니다",
    },
    "cause_no_unit": {
        "en": "the cited unit is in none of the versions read",
        "pl": "przywołanej jednostki nie ma w żadnej odczytanej wersji",
        "ko": "인용한 조문이 읽은 어느 시점 본문에도 없습니다",
    },
}

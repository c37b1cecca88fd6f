"""The citation-form notes' sentences in en / pl / ko (`verifier.form`): what differs from the form the
practice expects. A note beside the verdict, never a reason for it."""

from __future__ import annotations

from collections.abc import Mapping

FORM_RATIONALES: Mapping[str, Mapping[str, str]] = {
    "form_whole": {
        "en": "The practice writes this citation as “{canonical}”.",
        "pl": "W praktyce to oznaczenie zapisuje się jako „{canonical}”.",
        "ko": "실무에서는 이 인용을 “{canonical}”(으)로 씁니다.",
    },
    "form_missing": {
        "en": "The citation leaves out “{canonical}”.",
        "pl": "W oznaczeniu brakuje elementu „{canonical}”.",
        "ko": "인용에 “{canonical}” 부분이 빠져 있습니다.",
    },
    "form_space": {
        "en": "A space belongs before “{part}”.",
        "pl": "Przed elementem „{part}” stawia się spację.",
        "ko": "“{part}” 앞은 띄어 씁니다.",
    },
    "form_court": {
        "en": "The court is written “{canonical}”, not “{written}”.",
        "pl": "Sąd oznacza się jako „{canonical}”, nie „{written}”.",
        "ko": "법원은 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_date": {
        "en": "The date is written “{canonical}”, not “{written}”.",
        "pl": "Datę zapisuje się jako „{canonical}”, nie „{written}”.",
        "ko": "날짜는 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_marker": {
        "en": "This decision is cited with “{canonical}”, not “{written}”.",
        "pl": "Przy tym rodzaju orzeczenia pisze się „{canonical}”, nie „{written}”.",
        "ko": "이 재판은 “{written}” 대신 “{canonical}”(으)로 표시합니다.",
    },
    "form_number": {
        "en": "The case number is written “{canonical}”, not “{written}”.",
        "pl": "Sygnaturę zapisuje się jako „{canonical}”, nie „{written}”.",
        "ko": "사건번호는 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_type": {
        "en": "The decision is a “{canonical}”, not “{written}”.",
        "pl": "Rodzaj orzeczenia to „{canonical}”, nie „{written}”.",
        "ko": "재판의 종류는 “{canonical}”입니다 (“{written}” 아님).",
    },
    "form_signature": {
        "en": "The case number is written “{canonical}”, not “{written}”.",
        "pl": "Sygnaturę zapisuje się jako „{canonical}”, nie „{written}”.",
        "ko": "사건번호는 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_act": {
        "en": "The act is named “{canonical}”, not “{written}”.",
        "pl": "Akt oznacza się jako „{canonical}”, nie „{written}”.",
        "ko": "법령은 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_unit": {
        "en": "The provision is written “{canonical}”, not “{written}”.",
        "pl": "Przepis zapisuje się jako „{canonical}”, nie „{written}”.",
        "ko": "조문은 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_word": {
        "en": "The Court's method opens with “{canonical}”, not “{written}”.",
        "pl": "Metoda cytowania Trybunału zaczyna od „{canonical}”, nie „{written}”.",
        "ko": "유럽사법재판소의 인용 방식은 “{written}” 대신 “{canonical}”(으)로 시작합니다.",
    },
    "form_name": {
        "en": "The case is named “{canonical}”, not “{written}”.",
        "pl": "Sprawę oznacza się jako „{canonical}”, nie „{written}”.",
        "ko": "사건명은 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_case": {
        "en": "The case number is written “{canonical}”, not “{written}”.",
        "pl": "Numer sprawy zapisuje się jako „{canonical}”, nie „{written}”.",
        "ko": "사건번호는 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_ecli": {
        "en": "The Court's method gives the ECLI as “{canonical}”, not “{written}”.",
        "pl": "Metoda cytowania Trybunału podaje ECLI jako „{canonical}”, nie „{written}”.",
        "ko": "유럽사법재판소의 인용 방식은 ECLI를 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
    "form_paragraph": {
        "en": "The paragraph is written “{canonical}”, not “{written}”.",
        "pl": "Punkt uzasadnienia zapisuje się jako „{canonical}”, nie „{written}”.",
        "ko": "단락은 “{written}” 대신 “{canonical}”(으)로 씁니다.",
    },
}

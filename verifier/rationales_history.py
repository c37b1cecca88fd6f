"""The sentences of "is it still good law?": which version of a provision the draft quotes, and
what later happened to a cited judgment, in en / pl / ko. Merged into `rationales.RATIONALES`."""

from __future__ import annotations

from collections.abc import Mapping

HISTORY_RATIONALES: Mapping[str, Mapping[str, str]] = {
    "version_not_checked": {
        "en": "Version not checked: {why}.",
        "pl": "Wersji nie sprawdzono: {why}.",
        "ko": "시행 시점의 조문은 확인하지 못했습니다: {why}.",
    },
    "version_not_checked_local": {
        "en": "Version not checked: local-only mode, the provision's versions were not looked up outside "
        "this machine.",
        "pl": "Wersji nie sprawdzono: tryb lokalny, wersji przepisu nie wyszukiwano poza tym komputerem.",
        "ko": "시행 시점의 조문은 확인하지 못했습니다: 로컬 전용 모드에서는 연혁을 외부에서 "
        "조회하지 않습니다.",
    },
    "version_not_checked_one_wording": {
        "en": "Version not checked offline: this machine holds one wording of the act and no list of its "
        "versions, so which wording was in force on {as_of} cannot be told here.",
        "pl": "Wersji nie sprawdzono offline: ten komputer ma jedno brzmienie aktu i żadnej listy jego "
        "wersji, więc nie da się tu ustalić, które brzmienie obowiązywało dnia {as_of}.",
        "ko": "오프라인에서는 시행 시점의 조문을 확인하지 못했습니다: 이 컴퓨터에는 이 법령의 문언 "
        "하나만 있고 개정 연혁 목록이 없어 {as_of}에 시행 중이던 문언을 알 수 없습니다.",
    },
    "version_original_only": {
        "en": "The wording held offline is the original one ({label}); the amendments after it are not held "
        "offline, so whether it was still the wording on {as_of} was not checked.",
        "pl": "Brzmienie dostępne offline to brzmienie pierwotne ({label}); późniejszych zmian nie ma "
        "offline, więc nie sprawdzono, czy dnia {as_of} przepis nadal tak brzmiał.",
        "ko": "오프라인에 있는 문언은 원래 문언({label})뿐이고 그 뒤의 개정은 오프라인에 없으므로, "
        "{as_of}에도 그 문언이었는지는 확인하지 못했습니다.",
    },
    "version_held_as_of": {
        "en": "On {as_of} the article read as {label} worded it, as far as the amending acts held offline go "
        "({held}); an amendment not held offline would not be known here.",
        "pl": "Dnia {as_of} przepis brzmiał tak, jak nadał mu {label} - o ile sięgają akty zmieniające "
        "dostępne offline ({held}); zmiany spoza nich nie są tu znane.",
        "ko": "오프라인에 있는 개정법({held})에 따르면 {as_of}의 조문은 {label}이 정한 문언입니다. "
        "오프라인에 없는 개정은 여기서 알 수 없습니다.",
    },
    "version_eu_held": {
        "en": "On {as_of} {act} applied (from {date}, its {label}); the wording checked is the one adopted, "
        "the only one held offline: no amending or repealing act of it is held here, and a later one would "
        "not be known.",
        "pl": "Dnia {as_of} {act} był stosowany (od {date}, jego {label}); sprawdzono brzmienie przyjęte, "
        "jedyne dostępne offline: żadnego aktu zmieniającego ani uchylającego nie ma tu, a późniejszy nie "
        "byłby znany.",
        "ko": "{as_of}에는 {act}이 적용되었습니다({date}부터, {label}). 대조한 문언은 채택된 문언으로, "
        "오프라인에 있는 유일한 문언입니다. 개정·폐지 법령은 여기에 없으며, 이후의 것은 알 수 없습니다.",
    },
    "act_not_yet_in_force": {
        "en": "On the review's date ({as_of}) {act} was not yet in force: it took effect on {date} "
        "({label}). The draft cites an act that was not the law on that day. Blocked until corrected.",
        "pl": "W dniu przeglądu ({as_of}) {act} jeszcze nie obowiązywał: wszedł w życie {date} ({label}) - "
        "projekt powołuje akt, który tego dnia nie był obowiązującym prawem. BLOKADA.",
        "ko": "검토 기준일({as_of})에는 {act}이 아직 시행되지 않았습니다. {date}부터 시행되었습니다"
        "({label}). 초안은 그날 법이 아니던 법령을 인용합니다.",
    },
    "act_not_yet_applicable": {
        "en": "On the review's date ({as_of}) {act} did not yet apply: it entered into force on {in_force} "
        "and applies from {date} (its {label}). The draft cites it as the law of a day it was not. Blocked "
        "until corrected.",
        "pl": "W dniu przeglądu ({as_of}) {act} jeszcze nie był stosowany: wszedł w życie {in_force}, a "
        "stosuje się go od {date} (jego {label}) - projekt powołuje go jako prawo dnia, w którym nim nie "
        "był. BLOKADA.",
        "ko": "검토 기준일({as_of})에는 {act}이 아직 적용되지 않았습니다. {in_force}에 발효되었고 "
        "{date}부터 적용됩니다({label}). 초안은 그날 적용되지 않던 법령을 인용합니다.",
    },
    "treatment_not_checked_local": {
        "en": "Later treatment not checked: local-only mode, later judgments were not looked up outside "
        "this machine.",
        "pl": "Późniejszego orzecznictwa nie sprawdzono: tryb lokalny, nie wyszukiwano go poza tym "
        "komputerem.",
        "ko": "이후 판례의 변경 여부는 확인하지 못했습니다: 로컬 전용 모드에서는 외부에서 조회하지 않습니다.",
    },
    "version_read_today": {
        "en": "The claim was compared with today's wording; on the review's date ({as_of}) the article read "
        "otherwise ({label}): “{excerpt}”. Check the claim against that wording.",
        "pl": "Tezę porównano z dzisiejszym brzmieniem; w dniu przeglądu ({as_of}) przepis brzmiał inaczej "
        "({label}): „{excerpt}”. Sprawdź tezę według tego brzmienia.",
        "ko": "주장은 현행 조문과 대조했습니다. 검토 기준일({as_of})의 조문({label})은 달랐습니다: "
        "“{excerpt}”. 그 문언으로 주장을 확인하십시오.",
    },
    "version_in_force": {
        "en": "Checked against the wording in force on {as_of} ({label}).",
        "pl": "Sprawdzono względem brzmienia obowiązującego dnia {as_of} ({label}).",
        "ko": "{as_of} 시행 중인 조문({label})으로 대조했습니다.",
    },
    "version_other_same_meaning": {
        "en": "The draft quotes the wording in force {period} ({label}); on the review's date ({as_of}) the "
        "article reads: “{excerpt}”. The meaning is unchanged: quote the wording in force.",
        "pl": "Projekt cytuje brzmienie obowiązujące {period} ({label}); w dniu, na który sporządzono "
        "przegląd ({as_of}), przepis brzmi: „{excerpt}”. Sens się nie zmienił - zacytuj brzmienie "
        "obowiązujące.",
        "ko": "초안은 {period} 시행된 조문({label})을 인용합니다. 검토 기준일({as_of})의 조문: “{excerpt}”. "
        "취지는 같으나 시행 중인 문언으로 인용하십시오.",
    },
    "version_other_differs": {
        "en": "The draft quotes the wording in force {period} ({label}); on the review's date ({as_of}) the "
        "article reads: “{excerpt}”. The law says something different now: blocked until corrected.",
        "pl": "Projekt cytuje brzmienie obowiązujące {period} ({label}); w dniu, na który sporządzono "
        "przegląd ({as_of}), przepis brzmi: „{excerpt}”. Przepis stanowi dziś co innego - BLOKADA.",
        "ko": "초안은 {period} 시행된 조문({label})을 인용합니다. 검토 기준일({as_of})의 조문: “{excerpt}”. "
        "현재의 규정 내용과 다릅니다.",
    },
    "version_gone": {
        "en": "The draft quotes the wording in force {period} ({label}); {fate} on {date}, so on the "
        "review's date ({as_of}) it is not the law: blocked until corrected.",
        "pl": "Projekt cytuje brzmienie obowiązujące {period} ({label}); {fate} dnia {date}, więc w dniu "
        "przeglądu ({as_of}) nie jest to obowiązujące prawo - BLOKADA.",
        "ko": "초안은 {period} 시행된 조문({label})을 인용합니다. {date}: {fate}. 검토 "
        "기준일({as_of}) 현재 효력이 없습니다.",
    },
    "period_until": {"en": "until {last_day}", "pl": "do {last_day}", "ko": "{last_day}까지"},
    "period_between": {
        "en": "from {start} until {last_day}",
        "pl": "od {start} do {last_day}",
        "ko": "{start}부터 {last_day}까지",
    },
    "fate_repealed": {
        "en": "the article was repealed",
        "pl": "przepis uchylono",
        "ko": "조문이 삭제되었습니다",
    },
    "fate_removed": {
        "en": "the article was removed from the act",
        "pl": "przepis usunięto z aktu",
        "ko": "조문이 법령에서 없어졌습니다",
    },
    "fate_renumbered": {
        "en": "the article was renumbered as {to}",
        "pl": "przepisowi nadano numer {to}",
        "ko": "조문 번호가 {to}로 바뀌었습니다",
    },
    "fate_act_repealed": {
        "en": "the act was repealed",
        "pl": "akt uchylono",
        "ko": "법령이 폐지되었습니다",
    },
    "treatment_overruled": {
        "en": "{number} ({court}, {date}, full bench) expressly changed this judgment's view before the "
        "review's date ({as_of}): “{excerpt}”. It is no longer good law on this point: blocked until "
        "corrected.",
        "pl": "{number} ({court}, {date}, pełny skład) przed dniem przeglądu ({as_of}) wyraźnie zmienił "
        "pogląd tego orzeczenia: „{excerpt}”. W tym zakresie nie jest to już aktualne orzecznictwo - "
        "BLOKADA.",
        "ko": "{court} {date} 선고 {number} 전원합의체 판결이 검토 기준일({as_of}) 전에 이 판결의 견해를 "
        "변경했습니다: “{excerpt}”.",
    },
    "treatment_negative": {
        "en": "Negative treatment: confirm it is still good law. {number} ({court}, {date}): “{excerpt}”",
        "pl": "Negatywna ocena w późniejszym orzecznictwie - sprawdź, czy orzeczenie jest aktualne. "
        "{number} ({court}, {date}): „{excerpt}”",
        "ko": "이후 판결의 부정적 평가가 있습니다. 현재도 유효한 판례인지 확인하십시오. "
        "{court} {date} {number}: “{excerpt}”",
    },
    "treatment_departed": {
        "en": "{number} ({court}, {date}) expressly departed from this judgment's view before the review's "
        "date ({as_of}): “{excerpt}”. It is no longer good law on this point: blocked until corrected.",
        "pl": "{number} ({court}, {date}) przed dniem przeglądu ({as_of}) wyraźnie odstąpił od poglądu tego "
        "orzeczenia: „{excerpt}”. W tym zakresie nie jest to już aktualne orzecznictwo - BLOKADA.",
        "ko": "{court} {date} {number} 판결이 검토 기준일({as_of}) 전에 이 판결의 견해에서 명시적으로 "
        "벗어났습니다: “{excerpt}”. 이 부분에서는 더 이상 유효한 판례가 아닙니다.",
    },
    "treatment_cited_only": {
        "en": "{count} later decisions cite it; none was found to set it aside, change it or depart from it.",
        "pl": "Późniejsze orzeczenia powołujące je: {count}; w żadnym nie znaleziono uchylenia, zmiany ani "
        "odstąpienia od niego.",
        "ko": "이 판결을 인용한 이후 판결은 {count}건이며, 이를 파기·변경하거나 달리 판단한 판결은 찾지 "
        "못했습니다.",
    },
    "scanned_treatment_pl": {
        "en": "Treatment checked in SAOS (common courts and the Supreme Court as SAOS holds them; not the "
        "administrative courts) ({what}).",
        "pl": "Późniejsze orzecznictwo sprawdzono w SAOS (sądy powszechne i Sąd Najwyższy w zakresie, "
        "w jakim SAOS je obejmuje; bez sądów administracyjnych) ({what}).",
        "ko": "SAOS에서 이후 판결을 확인했습니다(SAOS가 보유한 일반법원과 대법원 판결; "
        "행정법원 제외) ({what}).",
    },
    "scanned_treatment_eu": {
        "en": "Later judgments citing it looked up in CELLAR's citation relation; the relation says that a "
        "judgment cites it, not whether the Court departed from it, so “overruled” cannot be told ({what}).",
        "pl": "Późniejsze orzeczenia powołujące je sprawdzono w relacji cytowań CELLAR; relacja mówi, że "
        "orzeczenie je powołuje, a nie czy Trybunał od niego odstąpił - „uchylenia poglądu” nie da się "
        "z niej odczytać ({what}).",
        "ko": "CELLAR의 인용 관계에서 이 판결을 인용한 이후 판결을 확인했습니다. 이 관계는 인용 여부만 "
        "알려 줄 뿐 법원이 견해를 변경했는지는 알려 주지 않습니다 ({what}).",
    },
    "treatment_eu_cited": {
        "en": "{count} later decisions of the EU courts cite it; CELLAR does not say how, so read them to "
        "confirm it is still good law.",
        "pl": "Powołuje je {count} późniejszych orzeczeń sądów UE; CELLAR nie podaje, w jaki sposób - "
        "przeczytaj je, aby potwierdzić aktualność orzeczenia.",
        "ko": "EU 법원의 이후 판결 {count}건이 이 판결을 인용합니다. CELLAR는 인용 방식을 알려 주지 않으므로 "
        "현재도 유효한지 직접 확인하십시오.",
    },
    "treatment_eu_none": {
        "en": "CELLAR lists no later decision of the EU courts citing it.",
        "pl": "CELLAR nie wskazuje późniejszych orzeczeń sądów UE, które by je powoływały.",
        "ko": "CELLAR에는 이 판결을 인용한 EU 법원의 이후 판결이 없습니다.",
    },
    "act_repealed": {
        "en": "On the review's date ({as_of}) the act is not in force: {act} was repealed by {by} with "
        "effect from {date}. Blocked until corrected.",
        "pl": "W dniu przeglądu ({as_of}) akt nie obowiązuje: {act} uchylono aktem {by} ze skutkiem od "
        "{date} - BLOKADA.",
        "ko": "검토 기준일({as_of}) 현재 이 법령은 효력이 없습니다: {act}은(는) {by}에 의해 {date}부터 "
        "폐지되었습니다.",
    },
    "act_repealed_undated": {
        "en": "{act} was repealed by {by} (adopted {adopted}); CELLAR does not say from when: check that it "
        "was in force on the review's date ({as_of}).",
        "pl": "{act} uchylono aktem {by} (przyjętym {adopted}); CELLAR nie podaje, od kiedy - sprawdź, czy "
        "obowiązywał w dniu przeglądu ({as_of}).",
        "ko": "{act}은(는) {by}({adopted} 채택)에 의해 폐지되었으나 CELLAR는 폐지 시점을 알려 주지 "
        "않습니다. 검토 기준일({as_of})에 시행 중이었는지 확인하십시오.",
    },
    "scanned_repeal": {
        "en": "The acts repealing {act} looked up in CELLAR.",
        "pl": "Akty uchylające {act} sprawdzono w CELLAR.",
        "ko": "CELLAR에서 {act}을(를) 폐지한 법령을 확인했습니다.",
    },
    "treatment_later": {
        "en": "{number} ({court}, {date}) changed this judgment's view only after the review's date "
        "({as_of}): “{excerpt}”",
        "pl": "{number} ({court}, {date}) zmienił pogląd tego orzeczenia dopiero po dniu przeglądu "
        "({as_of}): „{excerpt}”",
        "ko": "{court} {date} 선고 {number} 판결이 검토 기준일({as_of}) 이후에 이 판결의 견해를 "
        "변경했습니다: “{excerpt}”",
    },
    "treatment_none": {
        "en": "No later judgment found that changed or departed from it.",
        "pl": "Nie znaleziono późniejszego orzeczenia, które by je zmieniło lub od niego odstąpiło.",
        "ko": "이 판결을 변경하거나 달리 판단한 이후 판결은 찾지 못했습니다.",
    },
    "treatment_not_checked": {
        "en": "Later treatment not checked: {why}.",
        "pl": "Późniejszego orzecznictwa nie sprawdzono: {why}.",
        "ko": "이후 판례의 변경 여부는 확인하지 못했습니다: {why}.",
    },
    "scanned_treatment_kr": {
        "en": "Later treatment checked in law.go.kr precedents, not in lower courts ({what}).",
        "pl": "Późniejsze orzecznictwo sprawdzono w orzeczeniach law.go.kr, nie w sądach niższych instancji "
        "({what}).",
        "ko": "국가법령정보센터 판례에서 이후 판결을 확인했습니다. 하급심은 확인하지 않았습니다 ({what}).",
    },
    "scanned_versions": {
        "en": "Versions of {label} looked up in {service}; the quote is in {wordings} of its wordings "
        "(not read: {gaps}).",
        "pl": "Wersje {label} sprawdzono w {service}; cytat występuje w {wordings} brzmieniach "
        "(nie przeczytano: {gaps}).",
        "ko": "{service}에서 {label}의 연혁을 확인했습니다. 인용문이 있는 문언: {wordings}개 "
        "(확인하지 않은 부분: {gaps}).",
    },
    "scanned_versions_held": {
        "en": "Versions of {label} read from the versions held offline (no service was asked); the quote is "
        "in {wordings} of its wordings (not read: {gaps}).",
        "pl": "Wersje {label} odczytano z brzmień przechowywanych lokalnie (bez pytania usługi); cytat "
        "występuje w {wordings} brzmieniach (nie przeczytano: {gaps}).",
        "ko": "이 컴퓨터에 보관된 연혁에서 {label}의 문언을 확인했습니다(외부 서비스에 묻지 않음). 인용문이 "
        "있는 문언: {wordings}개 (확인하지 않은 부분: {gaps}).",
    },
    "scanned_in_force_held": {
        "en": "The version in force on {as_of} read from the versions held offline (no service was asked).",
        "pl": "Wersję obowiązującą dnia {as_of} odczytano z brzmień przechowywanych lokalnie (bez pytania "
        "usługi).",
        "ko": "이 컴퓨터에 보관된 연혁에서 {as_of} 시행 중인 문언을 확인했습니다(외부 서비스에 묻지 않음).",
    },
    "scanned_in_force": {
        "en": "The version in force on {as_of} looked up in {service}.",
        "pl": "Wersję obowiązującą dnia {as_of} sprawdzono w {service}.",
        "ko": "{service}에서 {as_of} 시행 중인 법령을 확인했습니다.",
    },
    "version_verified_as_of": {
        "en": "The quoted words are, verbatim, the wording in force on the review's date {as_of} ({label}); "
        "the text fetched today reads otherwise.",
        "pl": "Cytat to dosłownie brzmienie obowiązujące w dniu przeglądu {as_of} ({label}); dzisiejszy "
        "tekst brzmi inaczej.",
        "ko": "인용문은 검토 기준일({as_of})에 시행 중이던 조문({label})과 그대로 일치합니다. 현행 조문은 "
        "다릅니다.",
    },
    "version_close_as_of": {
        "en": "The quote is in the wording in force on the review's date {as_of} ({label}) with small "
        "differences: correct the quote to that wording.",
        "pl": "Cytat jest w brzmieniu obowiązującym w dniu przeglądu {as_of} ({label}) z drobnymi "
        "różnicami - popraw cytat według tego brzmienia.",
        "ko": "인용문이 검토 기준일({as_of})에 시행 중이던 조문({label})과 일부 다릅니다. 그 문언대로 "
        "수정하십시오.",
    },
    "version_amended_ahead": {
        "en": "The draft quotes the amended wording ({label}) as the amendment's, word for word; it takes "
        "effect on {date}. On the review's date ({as_of}) the article still reads: “{excerpt}”.",
        "pl": "Projekt cytuje dosłownie brzmienie po nowelizacji ({label}) jako brzmienie nowelizacji; "
        "wchodzi ono w życie {date}. W dniu przeglądu ({as_of}) przepis brzmi jeszcze: „{excerpt}”.",
        "ko": "초안은 개정 조문({label})을 개정 내용으로서 그대로 인용합니다. 개정 조문은 {date}부터 "
        "시행됩니다. 검토 기준일({as_of})의 조문은 아직 다음과 같습니다: “{excerpt}”.",
    },
    "version_amended_not_yet_in_act": {
        "en": "The draft quotes the provision the amendment ({label}) inserts, word for word, as the "
        "amendment's; it takes effect on {date} and is not yet in the act on the review's date ({as_of}).",
        "pl": "Projekt cytuje dosłownie przepis, który dodaje nowelizacja ({label}), jako jej brzmienie; "
        "wchodzi on w życie {date}, a w dniu przeglądu ({as_of}) jeszcze go w akcie nie ma.",
        "ko": "초안은 개정({label})으로 신설되는 조문을 개정 내용으로서 그대로 인용합니다. 이 조문은 "
        "{date}부터 시행되며, 검토 기준일({as_of})에는 아직 법령에 없습니다.",
    },
    "version_not_yet": {
        "en": "On the review's date ({as_of}) the provision was not yet in the act: it takes effect on "
        "{date} ({label}). The draft cites a provision that was not in force on that day. Blocked until "
        "corrected.",
        "pl": "W dniu przeglądu ({as_of}) przepisu jeszcze nie było w akcie: wchodzi w życie {date} "
        "({label}) - projekt powołuje przepis, który tego dnia nie obowiązywał. BLOKADA.",
        "ko": "검토 기준일({as_of})에는 이 조문이 아직 법령에 없었습니다. {date}부터 시행됩니다({label}). "
        "초안은 그날 시행되지 않던 조문을 인용합니다.",
    },
    "version_gone_cited": {
        "en": "On the review's date ({as_of}) {fate} ({label}, from {date}): the draft cites a provision "
        "that is not in force. Blocked until corrected.",
        "pl": "W dniu przeglądu ({as_of}) {fate} ({label}, od {date}) - projekt powołuje przepis, który nie "
        "obowiązuje. BLOKADA.",
        "ko": "검토 기준일({as_of}) 현재 {fate} ({label}, {date}부터): 효력이 없는 조문을 인용하고 있습니다.",
    },
    "period_from": {"en": "from {start}", "pl": "od {start}", "ko": "{start}부터"},
}

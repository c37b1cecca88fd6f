"""Every sentence a finding's rationale and notes are made of, in en / pl / ko, and `Message`, a sentence
named by its key with its values, rendered in the language asked for.

A finding keeps its rationale as a message, so that it can be read in the reader's language; the Korean
wording follows the Korean verifier protocol (korean-law-verifier seed) word for word.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from verifier.rationales_form import FORM_RATIONALES
from verifier.rationales_history import HISTORY_RATIONALES
from verifier.sources.reasons import SOURCE_RATIONALES

RATIONALES: Mapping[str, Mapping[str, str]] = {
    "verified_fragment": {
        "en": "The quoted words are in the source verbatim (character {start}).",
        "pl": "Cytat znaleziony dosłownie w źródle (znak {start}).",
        "ko": "인용문이 원문에서 그대로 확인되었습니다.",
    },
    "modified": {
        "en": "The quote is in the source with small differences ({changes}); "
        "correct the quote to the source.",
        "pl": "Cytat jest w źródle z drobnymi różnicami ({changes}) - popraw cytat według źródła.",
        "ko": "인용문이 원문과 일부 다릅니다 ({changes}). 원문대로 수정하십시오.",
    },
    "bound_noun_adapted": {
        "en": "The quote is in the source word for word but for its last word, a bound noun (것, 때, 경우 …) "
        "the sentence puts for the source's own to fit the quote in; read the passage to confirm it keeps "
        "its sense.",
        "pl": "Cytat jest w źródle dosłownie poza ostatnim słowem, rzeczownikiem zależnym (것, 때, 경우 …), "
        "który zdanie wstawia w miejsce słowa źródła; przeczytaj fragment i potwierdź, że sens się nie "
        "zmienia.",
        "ko": "인용문은 마지막 의존명사(것, 때, 경우 등)를 빼면 원문과 "
        "글자 그대로 일치합니다. 문장에 맞추어 원문의 의존명사를 바꾼 "
        "것이므로, 해당 부분을 읽고 뜻이 유지되는지 확인하십시오.",
    },
    "adapted": {
        "en": "The quote is in the source word for word outside the editor's square brackets, which adapt or "
        "shorten it; read the passage to confirm the brackets keep its sense.",
        "pl": "Cytat jest w źródle dosłownie poza nawiasami kwadratowymi redaktora, które go dostosowują lub "
        "skracają; przeczytaj fragment i potwierdź, że nawiasy nie zmieniają jego sensu.",
        "ko": "인용문은 편집자의 대괄호 부분을 제외하고 원문과 글자 그대로 일치합니다. 대괄호는 인용문을 "
        "고치거나 줄인 표시이므로, 해당 부분을 읽고 뜻이 유지되는지 확인하십시오.",
    },
    "verified_content": {
        "en": "The source contains the claim's words verbatim.",
        "pl": "Źródło zawiera tezę dosłownie.",
        "ko": "원문이 주장의 내용을 그대로 포함하고 있습니다.",
    },
    "needs_judgement": {
        "en": "Carrier terms {pct}% found in the source; a person must confirm the substance.",
        "pl": "Terminy {pct}% - potwierdź substancję.",
        "ko": "원문에서 주요 용어가 {pct}% 확인됩니다. 주장의 정확한 내용은 원문 확인을 권장합니다.",
    },
    "verified_existence": {
        "en": "The source exists and matches the citation.",
        "pl": "Kotwica zgodna ze źródłem.",
        "ko": "원문에서 인용이 확인되었습니다.",
    },
    "calibration": {
        "en": "The quoted words are not literally in the source, though its subject is: "
        "soften the claim to a paraphrase or mark the pinpoint provisional.",
        "pl": "Cytatu nie ma dosłownie w źródle, temat jest pokryty - "
        "złagodź do parafrazy lub oznacz pinpoint jako prowizoryczny.",
        "ko": "인용문이 원문에 그대로 있지는 않으나 주제는 일치합니다. 의역으로 완화하거나 인용 위치를 잠정 "
        "표시하십시오.",
    },
    "absent": {
        "en": "The quoted words are not in the source: likely invented. Blocked until corrected or removed.",
        "pl": "Brak w źródle - BLOKADA.",
        "ko": "인용문이 원문에서 확인되지 않습니다.",
    },
    "absent_meaning": {
        "en": "The source says something different ({change}): {changes}. Blocked until corrected.",
        "pl": "Źródło mówi co innego ({change}): {changes} - BLOKADA.",
        "ko": "원문의 내용과 다릅니다 ({change}): {changes}.",
    },
    "also_quoted_differs": {
        "en": "The draft also quotes {cited} as ‘{quote}’; the nearest words there are “{excerpt}”, not the "
        "same. Read the passage and correct the quote or say whose words it is.",
        "pl": "Projekt przytacza też {cited} jako „{quote}”; najbliższe słowa przepisu to „{excerpt}”, "
        "nie te same. Przeczytaj fragment i popraw cytat albo wskaż, czyje to słowa.",
        "ko": "초안은 {cited}를 '{quote}'라고도 인용하는데, 원문에서 가장 가까운 문언은 “{excerpt}”로 같지 "
        "않습니다. 해당 부분을 읽고 인용문을 고치거나 누구의 말인지 밝히십시오.",
    },
    "also_quoted_meaning": {
        "en": "The draft also quotes {cited} as ‘{quote}’, and there the source says something different "
        "({change}): {changes}. Blocked until corrected.",
        "pl": "Projekt przytacza też {cited} jako „{quote}”, a źródło mówi tam co innego ({change}): "
        "{changes} - BLOKADA.",
        "ko": "초안은 {cited}를 '{quote}'라고도 인용하는데, 원문의 내용과 다릅니다 ({change}): {changes}. "
        "바로잡기 전까지 차단합니다.",
    },
    "restated_otherwise": {
        "en": "The draft restates {cited} otherwise ({change}): {changes}. Blocked until corrected.",
        "pl": "Projekt przytacza {cited} inaczej, niż przepis stanowi ({change}): {changes} - BLOKADA.",
        "ko": "초안이 {cited}의 문언을 다르게 옮겼습니다 ({change}): {changes}. 바로잡기 전까지 차단합니다.",
    },
    "no_content": {
        "en": "The source does not carry the claim: only {pct}% of its terms are there (missing: {missing}). "
        "Likely a misstatement; blocked.",
        "pl": "Źródło nie potwierdza tezy: terminy {pct}% (brak: {missing}) - BLOKADA.",
        "ko": "원문에서 주장의 주요 용어를 확인할 수 없습니다 ({pct}%).",
    },
    "not_in_these_words": {
        "en": "The source does not say this in these words: {pct}% of the claim's terms are there (missing: "
        "{missing}). That is how applying a provision to facts, interpreting it or naming it reads, not "
        "evidence of an error: read the passage and confirm what the draft makes of it.",
        "pl": "Źródło nie mówi tego tymi słowami: terminy {pct}% (brak: {missing}). Tak wygląda zastosowanie "
        "przepisu do faktów, jego wykładnia lub nazwa, a nie dowód błędu - przeczytaj fragment i potwierdź.",
        "ko": "원문이 이 표현으로 말하지는 않습니다: 주장의 주요 용어 중 {pct}%가 원문에 있습니다 "
        "(없는 용어: {missing}). 조문을 사실에 적용하거나 해석하거나 지칭하는 문장은 이렇게 보이며, "
        "이것만으로 오류의 근거가 되지는 않습니다. 해당 부분을 읽고 확인하십시오.",
    },
    "wrong_pinpoint": {
        "en": "The draft cites {cited}, but what it says is what {unit} of the act says ({pct}% of the "
        "claim's terms there, {cited_pct}% in {cited}): correct the pinpoint to {unit}.",
        "pl": "Projekt powołuje {cited}, ale to, co twierdzi, mówi {unit} tego aktu (terminy {pct}% tam, "
        "{cited_pct}% w {cited}) - popraw oznaczenie przepisu na {unit}.",
        "ko": "초안은 {cited}를 인용하지만, 주장하는 내용은 같은 법 {unit}의 내용입니다 (주요 용어 {unit} "
        "{pct}%, {cited} {cited_pct}%). 인용 조항을 {unit}로 바로잡으십시오.",
    },
    "unit_not_in_wording": {
        "en": "{unit} is not in the text of {law} held here, which is the wording as first published with "
        "some amendments, not the consolidated text: a later amendment may have added it. Check it in the "
        "text in force.",
        "pl": "{unit} nie ma w posiadanym tekście ({law}), który jest brzmieniem pierwotnym z częścią "
        "zmian, a nie tekstem jednolitym - mógł go dodać późniejszy akt zmieniający. Sprawdź w tekście "
        "obowiązującym.",
        "ko": "{unit}는 여기 보관된 {law}의 원문에 없습니다. 이 원문은 일부 개정만 반영된 최초 공포문이며 "
        "현행 통합본이 아니므로, 이후 개정으로 신설되었을 수 있습니다. 현행 조문에서 확인하십시오.",
    },
    "quoted_term": {
        "en": "The quoted words are a term or a name, not a passage, and the source does not use them here: "
        "a court or a lawyer names a concept in quotation marks. Read the passage and confirm the term fits.",
        "pl": "Cytowane słowa to termin lub nazwa, nie fragment tekstu, i źródło ich tu nie używa - sąd lub "
        "prawnik nazywa pojęcie w cudzysłowie. Przeczytaj fragment i potwierdź, że termin pasuje.",
        "ko": "따옴표 안의 말은 문장이 아니라 용어나 명칭이며, 원문은 여기서 이를 쓰지 않습니다. 법원이나 "
        "변호사가 개념을 따옴표로 지칭하는 경우입니다. 해당 부분을 읽고 용어가 맞는지 확인하십시오.",
    },
    "quoted_term_found": {
        "en": "The quoted words are a term of the source, not a passage: that the source uses them does not "
        "say that it says what the sentence says of them ({pct}% of the sentence's terms are there; missing: "
        "{missing}). Read the passage and confirm.",
        "pl": "Cytowane słowa to termin źródła, nie fragment tekstu: to, że źródło go używa, nie znaczy, "
        "że mówi to, co zdanie o nim twierdzi (terminy zdania {pct}%, brak: {missing}). Przeczytaj fragment "
        "i potwierdź.",
        "ko": "따옴표 안의 말은 원문의 용어일 뿐 문장이 아닙니다. 원문이 그 용어를 쓴다고 해서 초안이 그에 "
        "관하여 말하는 내용까지 원문에 있는 것은 아닙니다 (문장의 주요 용어 {pct}%, 없는 용어: {missing}). "
        "해당 부분을 읽고 확인하십시오.",
    },
    "denies_unit": {
        "en": "The sentence says what {cited} does not say or provide (“{denied}”): the words found there "
        "cannot show that the unit lacks something. Read the unit and confirm.",
        "pl": "Zdanie twierdzi, czego {cited} nie mówi lub nie przewiduje („{denied}”): słowa znalezione w "
        "przepisie nie dowodzą, że czegoś w nim brak. Przeczytaj przepis i potwierdź.",
        "ko": "문장은 {cited}가 말하지 않거나 규정하지 않는 것을 말합니다 (“{denied}”). 조문에서 찾은 말로는 "
        "조문에 무엇이 없다는 것을 확인할 수 없습니다. 조문을 읽고 확인하십시오.",
    },
    "read_with": {
        "en": "{cited} exists. The sentence cites it read with {lead}, and its claim was checked against "
        "{lead}; what {cited} adds to it was not checked: read it.",
        "pl": "{cited} istnieje. Zdanie powołuje go w związku z {lead}, a tezę sprawdzono z {lead}; "
        "co wnosi do niej {cited}, nie sprawdzono - przeczytaj przepis.",
        "ko": "{cited}: 존재합니다. 문장은 이를 {lead}와(과) 함께 인용하며, 주장은 {lead}에 대하여 "
        "확인했습니다. {cited}이(가) 더하는 내용은 확인하지 않았으니 원문을 읽으십시오.",
    },
    "held_in": {
        "en": "{cited} exists. The sentence reports what was held ({case}); the holding is checked against "
        "that judgment, not against {cited}: read the judgment for the provision it applied.",
        "pl": "{cited} istnieje. Zdanie relacjonuje, co orzeczono ({case}); to sprawdza się z tym "
        "orzeczeniem, nie z {cited} - sprawdź w orzeczeniu, który przepis zastosowano.",
        "ko": "{cited}: 존재합니다. 문장은 판시 내용({case})을 전하며, 그 판시는 {cited}가 아니라 해당 "
        "판결과 대조합니다. 판결에서 어느 조문을 적용했는지 확인하십시오.",
    },
    "quoted_context": {
        "en": "Cited inside the quotation of {source}: that text's own citation, not the draft's. It is "
        "shown as context; the quotation itself is checked against {source}.",
        "pl": "Powołane wewnątrz cytatu z {source}: to odesłanie cytowanego tekstu, nie projektu. Pokazane "
        "jako kontekst; sam cytat sprawdzono z {source}.",
        "ko": "{source}의 인용문 안에 있는 인용입니다: 초안이 아니라 인용된 글의 인용입니다. 맥락으로만 "
        "표시하며, 인용문 자체는 {source}와 대조합니다.",
    },
    # the seed's grounding report (python -m verifier ground) in the reader's language
    "ground_heading": {
        "en": "Grounding report (gradient)",
        "pl": "Raport grounding (gradient)",
        "ko": "근거 확인 보고서 (단계별)",
    },
    "ground_anchor_unresolved": {
        "en": "anchor not resolved",
        "pl": "nierozwiązana kotwica",
        "ko": "앵커 미확인",
    },
    "ground_no_anchor_no_source": {
        "en": "no anchor and no source",
        "pl": "brak kotwicy i tekstu źródła",
        "ko": "앵커와 원문이 모두 없음",
    },
    "ground_no_source_text": {
        "en": "no source_text",
        "pl": "brak tekstu źródła",
        "ko": "원문(source_text) 없음",
    },
    "ground_mismatch": {
        "en": "anchor mismatch ({fields}) - possible forgery",
        "pl": "rozbieżna kotwica ({fields}) - możliwe fałszerstwo",
        "ko": "앵커 불일치({fields}) - 위조 가능성",
    },
    "ground_result": {
        "en": "Result: {verified}/{total} verified. {blocks} hard blocks{blocks_ids}, {calibration} "
        "calibration{calibration_ids}, {judgement} for judgement{judgement_ids}.",
        "pl": "Wynik: {verified}/{total} zweryfikowane. Blokady: {blocks}{blocks_ids}, kalibracje: "
        "{calibration}{calibration_ids}, do osądu: {judgement}{judgement_ids}.",
        "ko": "결과: {total}건 중 {verified}건 확인. 차단 {blocks}건{blocks_ids}, 보정 {calibration}건"
        "{calibration_ids}, 판단 필요 {judgement}건{judgement_ids}.",
    },
    "ground_do_not_publish": {
        "en": "Do NOT publish until {ids} are corrected or removed.",
        "pl": "NIE publikuj, dopóki {ids} nie zostaną poprawione lub usunięte.",
        "ko": "{ids}를 바로잡거나 삭제하기 전에는 공개하지 마십시오.",
    },
    "wrong_paragraph": {
        "en": "The draft cites {cited} of the judgment, but what it says is what {unit} says ({pct}% of the "
        "claim's terms there, {cited_pct}% in {cited}): correct the pinpoint to {unit}.",
        "pl": "Projekt powołuje {cited} orzeczenia, ale to, co twierdzi, jest w {unit} (terminy {pct}% tam, "
        "{cited_pct}% w {cited}) - popraw oznaczenie na {unit}.",
        "ko": "초안은 판결의 {cited}를 인용하지만, 주장하는 내용은 {unit}에 있습니다 (주요 용어 {pct}%, "
        "{cited} {cited_pct}%). 인용 위치를 {unit}로 바로잡으십시오.",
    },
    "restated_in_other_unit": {
        "en": "The draft cites {cited}, but the rule it restates is {unit} of the act (“{clause}”), and no "
        "clause of {cited} is restated: correct the pinpoint to {unit}.",
        "pl": "Projekt powołuje {cited}, ale przytacza regułę z {unit} tego aktu („{clause}”), a żadnego "
        "zdania z {cited} - popraw oznaczenie przepisu na {unit}.",
        "ko": "초안은 {cited}를 인용하지만 옮긴 규정은 같은 법 {unit}의 문언(“{clause}”)이며 {cited}의 "
        "문언은 없습니다. 인용 조항을 {unit}로 바로잡으십시오.",
    },
    "title_of_other_unit": {
        "en": "The draft calls {cited} “{title}”, but that is the heading of {unit} of the act; {cited} is "
        "headed “{cited_title}”: correct the pinpoint to {unit}.",
        "pl": "Projekt nazywa {cited} „{title}”, ale to tytuł {unit} tego aktu; {cited} nosi tytuł "
        "„{cited_title}” - popraw oznaczenie przepisu na {unit}.",
        "ko": "초안은 {cited}를 “{title}”(으)로 부르지만 이는 같은 법 {unit}의 제목이며, {cited}의 제목은 "
        "“{cited_title}”입니다. 인용 조항을 {unit}로 바로잡으십시오.",
    },
    "term_of_other_unit": {
        "en": "The draft says {cited} provides for “{term}”, but those are the words of {unit} of the act; "
        "{cited} does not use them: correct the pinpoint to {unit}.",
        "pl": "Projekt przypisuje {cited} „{term}”, ale to słowa {unit} tego aktu; {cited} ich nie używa - "
        "popraw oznaczenie przepisu na {unit}.",
        "ko": "초안이 {cited}가 정한 것으로 든 “{term}” 부분은 같은 법 {unit}의 문언이며, "
        "{cited}에는 그 말이 없습니다. 인용 조항을 {unit}로 바로잡으십시오.",
    },
    "quote_elsewhere_in_act": {
        "en": "The quoted words are the act's, but not in the text of the cited {cited}: they stand in a "
        "recital, a heading or a title. Check that the draft says whose words they are.",
        "pl": "Cytowane słowa pochodzą z tego aktu, ale nie z treści powołanego {cited}: są w motywie, "
        "nagłówku lub tytule. Sprawdź, czy projekt wskazuje, czyje to słowa.",
        "ko": "인용문은 이 법령의 문언이지만 인용된 {cited}의 본문에는 없고 전문(前文), 표제 또는 제목에 "
        "있습니다. 초안이 누구의 문언이라고 하는지 확인하십시오.",
    },
    "quote_in_other_unit": {
        "en": "The quoted words are in {unit} of the act, not in the cited {cited}: correct the pinpoint "
        "to {unit}.",
        "pl": "Cytowane słowa są w {unit} tego aktu, nie w powołanym {cited} - popraw oznaczenie przepisu "
        "na {unit}.",
        "ko": "인용문은 인용된 {cited}가 아니라 같은 법 {unit}에 있습니다. "
        "인용 조항을 {unit}로 바로잡으십시오.",
    },
    "anchor_mismatch": {
        "en": "The citation does not match the source: {issues}. A real number attached to another case is "
        "a likely forgery; blocked.",
        "pl": "Rozbieżna kotwica: {issues} - możliwe fałszerstwo, BLOKADA.",
        "ko": "{issues}.",
    },
    "not_found": {
        "en": "The database reports no such source ({reason}): likely invented. Blocked.",
        "pl": "Baza nie zna takiego źródła ({reason}) - możliwe fałszerstwo, BLOKADA.",
        "ko": "해당 사건번호를 확인할 수 없습니다.",
    },
    "not_found_law": {
        "en": "The database reports no such act ({reason}): likely invented. Blocked.",
        "pl": "Baza nie zna takiego aktu ({reason}) - możliwe fałszerstwo, BLOKADA.",
        "ko": "법령을 식별하지 못했습니다.",
    },
    "article_missing": {
        "en": "{law} has no {unit}.",
        "pl": "W akcie {law} nie ma {unit}.",
        "ko": "{law}에 {unit}는 존재하지 않습니다.",
    },
    "paragraph_missing": {
        "en": "The article exists, but it has no paragraph {unit}.",
        "pl": "Artykuł istnieje, ale nie ma w nim jednostki {unit}.",
        "ko": "조문은 확인되지만, 해당 항은 존재하지 않습니다.",
    },
    "item_missing": {
        "en": "The article exists, but it has no item {unit}.",
        "pl": "Artykuł istnieje, ale nie ma w nim punktu {unit}.",
        "ko": "조문은 확인되지만, 해당 호는 존재하지 않습니다.",
    },
    "subitem_missing": {
        "en": "The article exists, but it has no subitem {unit}.",
        "pl": "Artykuł istnieje, ale nie ma w nim litery {unit}.",
        "ko": "조문은 확인되지만, 해당 목은 존재하지 않습니다.",
    },
    "sentence_missing": {
        "en": "{unit} exists, but it has {has} sentence(s): the draft names its {part}. Check which unit "
        "the draft means.",
        "pl": "{unit} istnieje, ale ma zdań: {has}; projekt powołuje jego „{part}”. Sprawdź, o który "
        "przepis chodzi.",
        "ko": "{unit}은 존재하지만 문장이 {has}개뿐인데, 초안은 그 '{part}'을 인용합니다. "
        "어느 조항을 뜻하는지 확인하세요.",
    },
    "proviso_missing": {
        "en": "{unit} of {law} has no proviso (다만 …), so it has no {part}: the draft names a part the "
        "article does not have. Check which article the draft means.",
        "pl": "{unit} aktu {law} nie ma zastrzeżenia (다만 …), więc nie ma też części „{part}”: projekt "
        "powołuje część, której przepis nie ma. Sprawdź, o który artykuł chodzi.",
        "ko": "{law} {unit}에는 단서(다만 …)가 없으므로 {part}이라 할 부분이 없습니다. "
        "초안이 어느 조문을 뜻하는지 확인하세요.",
    },
    "precedent_exists": {
        "en": 'The case number is confirmed. (Headnote: "{summary}")',
        "pl": "Sygnatura potwierdzona. (Teza: „{summary}”)",
        "ko": '사건번호가 확인되었습니다. (판례 요지: "{summary}")',
    },
    "precedent_topic_mismatch": {
        "en": 'The case number is confirmed, but the case decides a different issue. (Headnote: "{summary}")',
        "pl": "Sygnatura się zgadza, ale sprawa dotyczy innego zagadnienia. (Teza: „{summary}”)",
        "ko": '사건번호는 확인되지만, 판례의 실제 쟁점이 주장과 다릅니다. (판례 요지: "{summary}")',
    },
    "precedent_check_text": {
        "en": "The case number is confirmed. Check the exact holding in the full text. "
        '(Headnote: "{summary}")',
        "pl": "Sygnatura potwierdzona. Dokładne stanowisko sądu sprawdź w pełnym tekście. "
        "(Teza: „{summary}”)",
        "ko": "사건번호는 확인됩니다. 판례의 정확한 판시 내용은 원문 확인을 권장합니다. "
        '(판례 요지: "{summary}")',
    },
    "no_source": {
        "en": "The source could not be obtained ({reason}). Attach the document to verify this citation.",
        "pl": "BRAK ŹRÓDŁA ({reason}) - dołącz dokument, aby zweryfikować powołanie.",
        # the seed's Korean wording ("원문 조회 실패") says nothing of why, and the findings JSON has no
        # notes: the cause follows it, so a lawyer knows whether to retry or attach the document
        "ko": "원문 조회 실패 ({reason})",
    },
    "no_source_retry": {
        "en": "The source could not be obtained for now ({reason}). Retry now, or attach the document to "
        "verify this citation.",
        "pl": "BRAK ŹRÓDŁA ({reason}) - ponów teraz albo dołącz dokument, aby zweryfikować powołanie.",
        "ko": "원문 조회 실패 ({reason}) - 지금 다시 시도하거나 원문을 첨부하십시오.",
    },
    "local_only": {
        "en": "Local-only mode: {anchor} was not looked up outside this machine. "
        "Attach the document to verify this citation.",
        "pl": "Tryb lokalny: {anchor} nie był wyszukiwany poza tym komputerem - dołącz dokument, aby "
        "zweryfikować powołanie.",
        "ko": "로컬 전용 모드에서는 외부 원문을 조회하지 않았습니다.",
    },
    "scattered": {
        "en": "The terms are in the source but nowhere together ({terms}): check that the source says what "
        "the draft claims, not just the same words.",
        "pl": "Terminy są w źródle, ale rozproszone ({terms}) - sprawdź, czy źródło mówi to, co teza, "
        "a nie tylko tymi samymi słowami.",
        "ko": "주요 용어가 원문에 있으나 한곳에 모여 있지 않습니다 ({terms}). "
        "주장과 같은 취지인지 확인하십시오.",
    },
    "cross_language": {
        "en": "The draft ({draft}) and the source ({source}) are in different languages: the substance "
        "cannot be checked mechanically; a person must compare them.",
        "pl": "Projekt ({draft}) i źródło ({source}) są w różnych językach - treści nie da się sprawdzić "
        "mechanicznie, porównaj ręcznie.",
        "ko": "초안({draft})과 원문({source})의 언어가 달라 내용을 기계적으로 대조할 수 없습니다. "
        "직접 확인하십시오.",
    },
    "pinpoint_elsewhere": {
        "en": "The quoted words are in the judgment, but in paragraph {found}, not paragraph {unit}: correct "
        "the pinpoint.",
        "pl": "Cytat jest w orzeczeniu, ale w pkt {found}, nie w pkt {unit} - popraw pinpoint.",
        "ko": "인용문은 판결에 있으나 {unit} 단락이 아니라 {found} 단락에 있습니다. 인용 위치를 고치십시오.",
    },
    "pinpoint_missing": {
        "en": "The judgment has no paragraph {unit}, though the quoted words are in it: correct the "
        "pinpoint.",
        "pl": "Orzeczenie nie ma pkt {unit}, choć cytat w nim jest - popraw pinpoint.",
        "ko": "판결에 {unit} 단락은 없으나 인용문은 판결에 있습니다. 인용 위치를 고치십시오.",
    },
    "no_terms": {
        "en": "The sentence says nothing of its own beyond the citation that could be compared with the "
        "source: a person must read it with the sentences around it.",
        "pl": "Zdanie poza powołaniem nie zawiera treści do porównania ze źródłem - oceń je w kontekście.",
        "ko": "인용 외에 원문과 대조할 주장 내용이 없습니다. 앞뒤 문맥과 함께 직접 확인하십시오.",
    },
    "no_structure": {
        "en": "The source came without its article structure: the pinpoint was not checked, only the text.",
        "pl": "Źródło nie ma struktury jednostek - pinpoint nie został sprawdzony, tylko tekst.",
        "ko": "원문의 조문 구조를 확인할 수 없어 조·항·호는 대조하지 못했습니다.",
    },
    # --- a number or a phrase the text read states otherwise -------------
    "quantity_pair": {
        "en": "the draft says {draft}; {where} says {source}",
        "pl": "projekt podaje {draft}, a {where} – {source}",
        "ko": "초안: {draft} / {where}: {source}",
    },
    "quantity_differs": {
        "en": "A number differs from the source: {pairs}. Blocked until corrected.",
        "pl": "Liczba różni się od źródła: {pairs} - BLOKADA.",
        "ko": "수치가 원문과 다릅니다 ({pairs}).",
    },
    "quantity_differs_note": {
        "en": "A number differs from the passage of the judgment nearest to the claim ({pairs}): check it.",
        "pl": "Liczba różni się od najbliższego fragmentu orzeczenia ({pairs}) - sprawdź.",
        "ko": "판결의 해당 부분과 수치가 다릅니다 ({pairs}). 확인하십시오.",
    },
    "quantity_older_wording": {
        "en": "A number differs from the wording held here ({pairs}), but that wording is not known to be "
        "the one in force on the review's date (it is older, or later amendments are not held): check the "
        "number in the text in force.",
        "pl": "Liczba różni się od posiadanego brzmienia ({pairs}), ale nie wiadomo, czy to brzmienie "
        "obowiązywało w dniu badania (jest starsze albo późniejsze zmiany nie są tu przechowywane) - sprawdź "
        "liczbę w tekście obowiązującym.",
        "ko": "수치가 여기 보관된 문언과 다르지만 ({pairs}), 그 문언이 검토 기준일에 시행 중이던 것인지 "
        "알 수 없습니다 (더 오래된 문언이거나 이후 개정이 보관되어 있지 않음). 현행 원문에서 수치를 "
        "확인하십시오.",
    },
    "quantity_unchecked": {
        "en": "The text read states no value bound to the same thing as {values}: the number was not "
        "checked; compare it with the source.",
        "pl": "Tekst źródła nie podaje wartości dla tego samego co {values} - liczby nie sprawdzono, "
        "porównaj ją ze źródłem.",
        "ko": "원문에서 {values}에 대응하는 수치를 찾지 못해 수치는 대조하지 않았습니다. "
        "원문과 비교하십시오.",
    },
    "polarity_pair": {
        "en": "the draft says “{draft}”; {where} says “{source}”",
        "pl": "projekt: „{draft}”, a {where}: „{source}”",
        "ko": "초안: “{draft}” / {where}: “{source}”",
    },
    "polarity_negation": {
        "en": "The source says the opposite: {pairs}. Blocked until corrected.",
        "pl": "Źródło stanowi odwrotnie: {pairs} - BLOKADA.",
        "ko": "원문은 반대로 규정합니다 ({pairs}).",
    },
    "polarity_modality": {
        "en": "The source gives another modality (may / must): {pairs}. Blocked until corrected.",
        "pl": "Źródło stanowi inaczej (może / musi): {pairs} - BLOKADA.",
        "ko": "원문과 규정 방식(할 수 있다 / 하여야 한다)이 다릅니다 ({pairs}).",
    },
    "polarity_opposite": {
        "en": "The source names another legal effect: {pairs}. Blocked until corrected.",
        "pl": "Źródło przewiduje inny skutek prawny: {pairs} - BLOKADA.",
        "ko": "원문은 다른 법적 효과를 규정합니다 ({pairs}).",
    },
    "former_wording": {
        "en": "The draft cites the former act ({cited}): an earlier wording than the one checked, "
        "which is the text in force on the review's date. What that text says otherwise is below; "
        "check the claim against the version the draft means.",
        "pl": "Projekt powołuje dawne brzmienie ustawy ({cited}), wcześniejsze niż sprawdzony "
        "tekst, który obowiązywał w dniu przeglądu. Różnice z tym tekstem podano niżej; sprawdź "
        "twierdzenie z wersją, o którą chodzi w projekcie.",
        "ko": "초안의 인용({cited})은 구법을 가리키므로, 검토 기준일에 "
        "시행 중인 문언(확인한 문언)보다 이전의 문언입니다. 그 문언과 "
        "다른 점은 아래와 같습니다. 초안이 말하는 판의 문언과 대조하여 "
        "확인하십시오.",
    },
    "inferred_law": {
        "en": "The draft names no act for {cited}; it was read with {law}, the act named before it in "
        "another clause. What that act's text says otherwise is below; name the act, or check the "
        "claim against the act it means.",
        "pl": "Projekt nie wskazuje aktu dla {cited}; odczytano go jako przepis aktu {law}, "
        "wymienionego wcześniej w innej części zdania. Różnice z tym aktem podano niżej; wskaż akt "
        "albo sprawdź twierdzenie z aktem, o który chodzi.",
        "ko": "초안은 {cited}의 법령을 밝히지 않아, 앞 구절에 나온 {law}의 "
        "조문으로 읽었습니다. 그 법령의 문언과 다른 점은 아래와 같습니다. "
        "법령명을 적거나, 초안이 말하는 법령과 대조하여 확인하십시오.",
    },
    "polarity_conditional": {
        "en": "The source states it otherwise in a sentence with a condition or an exception ({pairs}): "
        "check that the draft says the same in other words.",
        "pl": "Źródło stanowi inaczej w zdaniu z warunkiem lub wyjątkiem ({pairs}) - sprawdź, czy projekt "
        "mówi to samo innymi słowami.",
        "ko": "원문은 조건이나 예외가 있는 문장에서 달리 규정합니다 ({pairs}). 같은 취지인지 확인하십시오.",
    },
    "polarity_note": {
        "en": "The passage of the judgment nearest to the claim says it otherwise ({pairs}): check that the "
        "holding is not reversed.",
        "pl": "Najbliższy fragment orzeczenia mówi inaczej ({pairs}) - sprawdź, czy teza nie jest odwrócona.",
        "ko": "판결의 해당 부분은 주장과 달리 표현합니다 ({pairs}). "
        "판시 취지가 뒤바뀌지 않았는지 확인하십시오.",
    },
    "change_negation": {"en": "a negation", "pl": "negacja", "ko": "부정 표현"},
    "change_number": {"en": "a number", "pl": "liczba", "ko": "수치"},
    "change_word": {"en": "another word", "pl": "inne słowo", "ko": "다른 단어"},
    "change_denied": {
        "en": "the passage nearest to the quote is what the source denies",
        "pl": "najbliższy cytatowi fragment źródło wprost zaprzecza",
        "ko": "인용문과 가장 가까운 구절을 원문은 부정합니다",
    },
    "change_opposite": {"en": "another legal effect", "pl": "inny skutek prawny", "ko": "다른 법적 효과"},
    "change_modality": {
        "en": "another modality, may / must",
        "pl": "inna modalność, może / musi",
        "ko": "다른 규정 방식, 할 수 있다 / 하여야 한다",
    },
    # --- a source a user supplied: evidence, not authority --------------------------------
    "supplied_official_disagrees": {
        "en": "Checked only against {source}. {reason} The official source disagrees: {official} "
        "It stays blocked until a partner approves it with a written reason.",
        "pl": "Sprawdzono tylko względem: {source}. {reason} Źródło urzędowe mówi inaczej: {official} "
        "BLOKADA do czasu zatwierdzenia przez partnera z pisemnym uzasadnieniem.",
        "ko": "사용자가 제공한 원문({source})으로만 확인되었습니다. {reason} "
        "공식 원문과 다릅니다: {official} 파트너가 사유를 적어 승인하기 전까지 차단됩니다.",
    },
    "supplied_no_official": {
        "en": "Verified against a supplied source ({source}); the official source could not be checked "
        "({official}). {reason} A partner confirms it with a written reason.",
        "pl": "Zweryfikowano względem źródła dostarczonego przez użytkownika ({source}); "
        "źródła urzędowego nie udało się sprawdzić ({official}). {reason} "
        "Partner potwierdza to z pisemnym uzasadnieniem.",
        "ko": "사용자가 제공한 원문({source})으로 확인되었으나 공식 원문은 확인하지 못했습니다({official}). "
        "{reason} 파트너가 사유를 적어 확인해야 합니다.",
    },
    "supplied_official_agrees": {
        "en": "Verified against a supplied source ({source}); the official source says the same. {reason} "
        "A partner confirms it.",
        "pl": "Zweryfikowano względem źródła dostarczonego przez użytkownika ({source}); "
        "źródło urzędowe mówi to samo. {reason} Partner to potwierdza.",
        "ko": "사용자가 제공한 원문({source})으로 확인되었고 공식 원문도 같습니다. {reason} "
        "파트너가 확인합니다.",
    },
    "supplied_checked": {
        "en": "Checked against {source}.",
        "pl": "Sprawdzono względem: {source}.",
        "ko": "대조한 원문: {source}.",
    },
    "supplied_official_passes": {
        "en": "The official source gives another answer: {official}",
        "pl": "Źródło urzędowe daje inny wynik: {official}",
        "ko": "공식 원문으로는 결과가 다릅니다: {official}",
    },
    "checked_against": {
        "en": "Checked against {source}.",
        "pl": "Sprawdzono względem: {source}.",
        "ko": "대조한 원문: {source}.",
    },
    "provenance_paste": {
        "en": "text pasted by {by} on {day}, not an official source",
        "pl": "tekst wklejony przez {by} dnia {day}, nie źródło urzędowe",
        "ko": "{day}에 {by}이(가) 붙여넣은 텍스트, 공식 출처가 아님",
    },
    "provenance_paste_anonymous": {
        "en": "pasted text supplied on {day}, not an official source",
        "pl": "wklejony tekst dostarczony dnia {day}, nie źródło urzędowe",
        "ko": "{day}에 제공된 붙여넣은 텍스트, 공식 출처가 아님",
    },
    "provenance_file": {
        "en": "the file “{name}” uploaded by {by} on {day}, not an official source",
        "pl": "plik „{name}” przesłany przez {by} dnia {day}, nie źródło urzędowe",
        "ko": "{day}에 {by}이(가) 올린 파일 “{name}”, 공식 출처가 아님",
    },
    "provenance_file_anonymous": {
        "en": "the file “{name}” supplied on {day}, not an official source",
        "pl": "plik „{name}” dostarczony dnia {day}, nie źródło urzędowe",
        "ko": "{day}에 제공된 파일 “{name}”, 공식 출처가 아님",
    },
    "provenance_official": {
        "en": "the official text from {service} ({url}), fetched on {day}",
        "pl": "tekst urzędowy z {service} ({url}), pobrany dnia {day}",
        "ko": "{service}의 공식 원문({url}), {day} 조회",
    },
    "provenance_corpus": {
        "en": "the official text in this machine's offline corpus ({file}), loaded on {day}",
        "pl": "tekst urzędowy z korpusu offline na tym komputerze ({file}), wczytany dnia {day}",
        "ko": "이 컴퓨터의 오프라인 자료에 있는 공식 원문({file}), {day} 적재",
    },
    "provenance_search_hit": {
        "en": "the official {service} document {document}, chosen from the search results by {by} on {day}",
        "pl": "dokument urzędowy {service} {document}, wybrany z wyników wyszukiwania przez {by} dnia {day}",
        "ko": "{day}에 {by}이(가) 검색 결과에서 고른 {service} 공식 문서 {document}",
    },
    "anchor_issue": {"en": "{issue}"},
    # --- grounding ---------------------------------------------------------------------------
    "content_with_reference": {
        "en": "The unit does not carry the claim alone, but does together with {units}, which it refers to "
        "({pct}% of the terms): a person must read them together.",
        "pl": "Sama jednostka nie zawiera tezy, ale razem z {units}, do której odsyła, tak (terminy {pct}%) "
        "- przeczytaj je razem.",
        "ko": "해당 조항만으로는 주장의 내용이 확인되지 않으나, 이 조항이 가리키는 {units}와 함께 읽으면 "
        "확인됩니다 ({pct}%). 함께 읽고 확인하십시오.",
    },
    "eu_court_mismatch": {
        "en": "the draft says {claimed}; the judgment is {resolved}'s",
        "pl": "projekt wskazuje {claimed}, a wyrok wydał {resolved}",
        "ko": "초안은 {claimed}의 판결이라고 하지만, 원문은 {resolved}의 판결입니다",
    },
    "eu_court_CJEU": {
        "en": "the Court of Justice",
        "pl": "Trybunał Sprawiedliwości",
        "ko": "유럽연합 사법재판소",
    },
    "eu_court_GC": {"en": "the General Court", "pl": "Sąd Unii Europejskiej", "ko": "유럽연합 일반법원"},
    "topic_mismatch": {
        "en": "The case number is real, but the judgment decides another issue: nothing of what the draft "
        'says it held ({missing}) is in it. (The judgment is about: "{about}")',
        "pl": "Sygnatura istnieje, ale orzeczenie dotyczy innego zagadnienia: nie ma w nim tego, co według "
        "projektu rozstrzygnęło ({missing}). (Orzeczenie dotyczy: „{about}”)",
        "ko": '사건번호는 확인되지만, 판결의 쟁점이 주장과 다릅니다 ({missing}). (판결의 내용: "{about}")',
    },
    "topic_unclear": {
        "en": "The case number is real, but the judgment seems to be about another subject than the sentence "
        "that cites it ({missing} are not in it): check what it is cited for. (The judgment is about: "
        '"{about}")',
        "pl": "Sygnatura istnieje, ale orzeczenie wydaje się dotyczyć czego innego niż zdanie, w którym je "
        "powołano (brak w nim: {missing}) - sprawdź, na co jest powołane. (Orzeczenie dotyczy: „{about}”)",
        "ko": "사건번호는 확인되지만, 판결이 인용한 문장과 다른 쟁점을 다루는 것으로 보입니다 ({missing}). "
        '무엇을 위해 인용했는지 확인하십시오. (판결의 내용: "{about}")',
    },
    "boilerplate": {
        "en": "What the claim shares with the source is mostly boilerplate ({terms}): template language is "
        "no evidence that the source says what the draft claims.",
        "pl": "Wspólne słowa to głównie formuły szablonowe ({terms}) - język szablonowy nie potwierdza tezy.",
        "ko": "주장과 원문이 공유하는 표현은 대부분 정형 문구입니다 ({terms}). 정형 문구는 주장의 근거가 "
        "되지 않습니다.",
    },
    "boilerplate_only": {
        "en": "The claim's terms are in the source ({pct}% counting template language at half weight), but "
        "mostly as boilerplate: a person must confirm the substance.",
        "pl": "Terminy tezy są w źródle ({pct}% przy wadze formuł szablonowych 0,5), ale głównie jako język "
        "szablonowy - potwierdź substancję.",
        "ko": "주장의 용어가 원문에 있으나 ({pct}%, 정형 문구는 절반으로 계산) 대부분 정형 문구입니다. "
        "주장의 내용을 직접 확인하십시오.",
    },
    "parties_uncertain": {
        "en": "The case number matches, but the parties only partly match the source's ({issue}): a person "
        "must confirm that this is the same case.",
        "pl": "Sygnatura się zgadza, ale strony tylko częściowo odpowiadają źródłu ({issue}) - potwierdź, "
        "że to ta sama sprawa.",
        "ko": "사건번호는 확인되지만 당사자가 원문과 일부만 일치합니다 ({issue}). "
        "같은 사건인지 확인하십시오.",
    },
    "foreign_act": {
        "en": "{cited} is another country's act (the sentence names the country): no Korean act of that "
        "name is its source, and it was not checked.",
        "pl": "{cited} to akt innego państwa (zdanie wymienia to państwo); nie sprawdzono go z "
        "koreańskim aktem o tej samej nazwie.",
        "ko": "{cited}은(는) 문장이 밝힌 외국의 법령이므로 같은 이름의 한국 법령과 대조하지 않았습니다.",
    },
    "not_checked": {
        "en": "This looks like a citation but could not be parsed: {problem}.",
        "pl": "To wygląda na powołanie, ale nie dało się go odczytać: {problem}.",
        "ko": "한국 법률 인용 구조를 충분히 식별하지 못했습니다.",
    },
}


RATIONALES = {  # still good law; sources' failures; citation form
    **RATIONALES,
    **HISTORY_RATIONALES,
    **SOURCE_RATIONALES,
    **FORM_RATIONALES,
}


class _Defaults(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "…"


def _render(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, tuple):
        return "; ".join(_render(v, lang) for v in value)
    describe = getattr(value, "describe", None)  # an anchor issue renders itself in a language
    if callable(describe):
        return str(describe(lang))
    return str(value)


def rationale(key: str, lang: str, **values: object) -> str:
    """The sentence `key` in `lang` (English when the language has no text), with `values` filled in."""
    texts = RATIONALES[key]
    template = texts.get(lang) or texts["en"]
    return template.format_map(_Defaults({k: _render(v, lang) for k, v in values.items()}))


LANGS = ("en", "pl", "ko")


@dataclass(frozen=True, slots=True)
class Rendered:
    """A value that rendered itself in every language when it was stored (an anchor issue)."""

    texts: Mapping[str, str]

    def describe(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts.get("en") or next(iter(self.texts.values()), "")


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence of RATIONALES by key, with its values (numbers, names, other messages, anchor issues).

    Kept with a finding (`to_json`), it is rendered in the language of whoever reads it: the lawyer's, not
    the draft's."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key not in RATIONALES:
            raise KeyError(f"no rationale {self.key!r}")

    def render(self, lang: str) -> str:
        return rationale(self.key, lang, **self.values)

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "values": {k: _value_to_json(v) for k, v in self.values.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Message:
        values = data.get("values") or {}
        assert isinstance(values, Mapping)
        return cls(str(data["key"]), {str(k): _value_from_json(v) for k, v in values.items()})


def _value_to_json(value: object) -> object:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Message):
        return {"message": value.to_json()}
    if isinstance(value, tuple | list):
        return [_value_to_json(v) for v in value]
    describe = getattr(value, "describe", None)
    if callable(describe):
        return {"rendered": {lang: str(describe(lang)) for lang in LANGS}}
    return str(value)


def _value_from_json(value: object) -> object:
    if isinstance(value, list):
        return tuple(_value_from_json(v) for v in value)
    if isinstance(value, Mapping):
        if "message" in value:
            inner = value["message"]
            assert isinstance(inner, Mapping)
            return Message.from_json(inner)
        if "rendered" in value:
            texts = value["rendered"]
            assert isinstance(texts, Mapping)
            return Rendered({str(k): str(v) for k, v in texts.items()})
    return value

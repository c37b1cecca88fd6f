"""Regenerate the constructed seed tasks in this directory: `python tests/data/ground/make_tasks.py`.

Every signature, party and text here is fictitious, as the seed's own examples are; see PROVENANCE.md.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent

# Constructed procedural prose, cycled to place the C1 quote at character 4821 as in the seed's report.
FILLER = [
    "Sąd Najwyższy w Izbie Cywilnej po rozpoznaniu na posiedzeniu niejawnym skargi kasacyjnej powoda "
    "od wyroku sądu drugiej instancji zważył, co następuje.",
    "Skarga kasacyjna opiera się na zarzutach naruszenia przepisów postępowania, które mogły mieć istotny "
    "wpływ na wynik sprawy.",
    "Skarżący zarzucił sądowi odwoławczemu pominięcie części materiału dowodowego oraz niewyjaśnienie "
    "podstawy prawnej rozstrzygnięcia.",
    "Rozważenia wymaga przede wszystkim zakres kognicji sądu drugiej instancji w postępowaniu apelacyjnym.",
]
C1_QUOTE = "sąd związany jest granicami zaskarżenia"
C1_SENTENCE = (
    "sąd związany jest granicami zaskarżenia, a w ich obrębie z urzędu bierze pod uwagę jedynie nieważność "
    "postępowania. Z tych względów Sąd Najwyższy orzekł jak w sentencji."
)
C1_POSITION = 4821


def judgment_ii_csk_123_19() -> str:
    lead = "W postępowaniu apelacyjnym "
    parts: list[str] = []
    length = 0
    i = 0
    while True:
        sentence = FILLER[i % len(FILLER)] + ("\n" if i % 3 == 2 else " ")
        if length + len(sentence) + len(lead) > C1_POSITION:
            break
        parts.append(sentence)
        length += len(sentence)
        i += 1
    prefix = "".join(parts) + " " * (C1_POSITION - length - len(lead)) + lead
    text = prefix + C1_SENTENCE
    assert text.index(C1_QUOTE) == C1_POSITION
    return text


JUDGMENT_I_CSK_50_18 = (
    "Sąd Najwyższy po rozpoznaniu skargi kasacyjnej pozwanego banku zważył, co następuje. "
    "W ocenie Sądu Najwyższego klauzula waloryzacyjna zamieszczona w umowie kredytu jest dopuszczalna, "
    "jeżeli zasady przeliczenia zostały określone jednoznacznie, a bank wyjaśnił konsumentowi ryzyko "
    "kursowe. Klauzula waloryzacyjna wiąże kredytobiorcę będącego konsumentem tylko wtedy, gdy została "
    "z nim indywidualnie uzgodniona albo sformułowana w sposób jednoznaczny. Sąd odwoławczy nie był "
    "związany stanowiskiem sądu pierwszej instancji co do wykładni umowy."
)
RESOLUTION_III_CZP_5_21 = (
    "Sąd Najwyższy w sprawie z wniosku przedsiębiorstwa przesyłowego o stwierdzenie zasiedzenia służebności "
    "przesyłu podjął uchwałę: bieg terminu zasiedzenia służebności odpowiadającej treścią służebności "
    "przesyłu rozpoczyna się od dnia objęcia nieruchomości w posiadanie przez przedsiębiorcę."
)


def seed_task() -> dict[str, object]:
    """The seed's own example task (C1-C3), with source texts constructed so its statuses come out."""
    return {
        "items": [
            {
                "id": "C1",
                "source_id": "II CSK 123/19",
                "claim_type": "cytat_doslowny",
                "quote": C1_QUOTE,
                "source_text": judgment_ii_csk_123_19(),
            },
            {
                "id": "C2",
                "source_id": "I CSK 50/18",
                "claim_type": "stanowisko_sadu",
                "claim_text": "SN przyjął, że klauzula waloryzacyjna w umowie kredytu jest dopuszczalna",
                "source_text": JUDGMENT_I_CSK_50_18,
            },
            {
                "id": "C3",
                "source_id": "II CSK 123/19",
                "claim_type": "fakt_proceduralny",
                "anchor": {
                    "sygnatura": "II CSK 123/19",
                    "data": "12.03.2019",
                    "organ": "SN Izba Cywilna",
                    "strony": "Kowalski przeciwko Bank Millennium S.A.",
                },
                "anchor_resolved": {
                    "sygnatura": "II CSK 123/19",
                    "data": "2019-03-12",
                    "organ": "Sąd Najwyższy Izba Cywilna",
                    "strony": "Nowak przeciwko Skarb Państwa",
                },
            },
        ]
    }


def report_task() -> dict[str, object]:
    """Items that reproduce the seed's report example (C1-C5)."""
    return {
        "items": [
            {
                "id": "C1",
                "source_id": "II CSK 123/19",
                "claim_type": "cytat_doslowny",
                "quote": C1_QUOTE,
                "source_text": judgment_ii_csk_123_19(),
            },
            {
                "id": "C2",
                "source_id": "I CSK 50/18",
                "claim_type": "stanowisko_sadu",
                # seven carrier terms, six in the judgment ("hipotecznego" is not): 86%
                "claim_text": "SN przyjął, że klauzula waloryzacyjna w umowie kredytu hipotecznego jest "
                "dopuszczalna dla konsumenta",
                "source_text": JUDGMENT_I_CSK_50_18,
            },
            {
                "id": "C3",
                "source_id": "III CZP 5/21",
                "claim_type": "cytat_doslowny",
                "quote": "uchwała o podziale zysku spółki jest nieważna z mocy prawa",
                "source_text": RESOLUTION_III_CZP_5_21,
            },
            {
                "id": "C4",
                "source_id": "I CSK 50/18",
                "claim_type": "cytat_doslowny",
                # the judgment's subject, not its words
                "quote": "kredytobiorca będący konsumentem jest zawsze związany klauzulą waloryzacyjną",
                "source_text": JUDGMENT_I_CSK_50_18,
            },
            {
                "id": "C5",
                "source_id": "II CSK 999/19",
                "claim_type": "fakt_proceduralny",
                "anchor": {"sygnatura": "II CSK 999/19", "data": "12.03.2019", "organ": "SN"},
                "anchor_resolved": {
                    "sygnatura": "II CSK 99/19",
                    "data": "2019-03-12",
                    "organ": "Sąd Najwyższy Izba Cywilna",
                },
            },
        ]
    }


def main() -> None:
    for name, task in (("seed-task-c1-c3.json", seed_task()), ("seed-report-c1-c5.json", report_task())):
        (HERE / name).write_text(json.dumps(task, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""The history dataclasses of issue 17 survive the findings JSON and the worker's row unchanged."""

from __future__ import annotations

import json

from verifier.model import HistoryCheck, LaterTreatment, VersionPeriod
from verifier.rationales import Message

# The later judgment is the real pair of tests/verifier/sources/lawgokr/test_treatment.py: 대법원 2015. 7. 23.
# 선고 2015다200111 전원합의체 판결 changed 2009다21249 (tests/data/corpus/kr/precedents).
PERIODS = (
    VersionPeriod(
        label="법률 제471호, 시행 1960-01-01",
        start="1960-01-01",
        end="2013-07-01",
        checked=False,
        matches=True,
        excerpt="제3조(권리능력의 존속기간) 사람은 생존한 동안 권리와 의무의 주체가 된다.",
    ),
    VersionPeriod(
        label="법률 제19098호, 시행 2023-06-28",
        start="2023-06-28",
        end=None,
        checked=True,
        matches=None,
        excerpt="",
    ),
)
LATER = LaterTreatment(
    number="2015다200111",
    court="대법원",
    date="2015-07-23",
    kind="overruled",
    excerpt="대법원 2009. 7. 9. 선고 2009다21249 판결을 비롯하여 그와 같은 취지의 판결들은 "
    "이 판결의 견해에 배치되는 범위 내에서 모두 변경하기로 한다.",
    full_bench=True,
    url="https://www.law.go.kr/LSW/precInfoP.do?precSeq=178858",
)


def check() -> HistoryCheck:
    return HistoryCheck(
        as_of="2015-03-01",
        checked=True,
        note=Message("version_in_force", {"as_of": "2015-03-01", "label": PERIODS[0].label}),
        timeline=PERIODS,
        treatment=(LATER,),
        scanned=Message("scanned_treatment_kr", {"hits": 3}),
    )


def test_round_trip_through_json_text() -> None:
    original = check()
    data = json.loads(json.dumps(original.to_json(), ensure_ascii=False))
    assert HistoryCheck.from_json(data) == original


def test_the_json_carries_the_note_rendered_in_every_language_and_as_a_message() -> None:
    data = check().to_json()
    assert data["note"]["key"] == "version_in_force"
    assert data["note"]["text"]["en"] == (
        "Checked against the wording in force on 2015-03-01 (법률 제471호, 시행 1960-01-01)."
    )
    assert data["note"]["text"]["ko"].startswith("2015-03-01 시행 중인 조문")
    assert data["note"]["text"]["pl"].startswith("Sprawdzono względem brzmienia obowiązującego dnia")
    assert data["timeline"][1] == {
        "label": "법률 제19098호, 시행 2023-06-28",
        "start": "2023-06-28",
        "end": None,
        "checked": True,
        "matches": None,
        "excerpt": "",
    }
    assert data["treatment"][0]["kind"] == "overruled"
    assert data["treatment"][0]["full_bench"] is True


def test_an_unchecked_history_keeps_its_reason() -> None:
    unchecked = HistoryCheck(
        as_of="2026-12-01",
        checked=False,
        note=Message("version_not_checked", {"why": "ELI gives no consolidated text for DU/1964/93"}),
    )
    data = unchecked.to_json()
    assert data["timeline"] == []
    assert data["treatment"] == []
    assert data["scanned"] is None
    assert data["note"]["text"]["en"] == (
        "Version not checked: ELI gives no consolidated text for DU/1964/93."
    )
    back = HistoryCheck.from_json(data)
    assert back == unchecked
    assert back.checked_period is None
    assert check().checked_period == PERIODS[1]

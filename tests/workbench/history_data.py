"""Version and treatment checks as the verifier stores them, built from the real texts in
tests/data, not invented:

- the wording of 개인정보 보호법 제15조 제1항 제4호 in five real 연혁 versions
  (tests/data/corpus/kr/statutes/개인정보보호법/history, PROVENANCE.md §1.3);
  the 2023 amendment (법률 제19234호) rewrote 제4호;
- the real pair of a changed precedent: 대법원 2015. 7. 23. 선고 2015다200111
  전원합의체 판결 changed 2009다21249 (tests/data/corpus/kr/precedents),
  the sentence quoted from the judgment as stored.

For the workbench tests that need a HistoryCheck on a finding without running the verifier's history
look-up; the e2e test creates its finding through the real pipeline instead when it can."""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

from verifier.model import HistoryCheck, LaterTreatment, VersionPeriod
from verifier.rationales import Message

DATA = Path(__file__).resolve().parents[1] / "data"
PIPA_HISTORY = DATA / "corpus" / "kr" / "statutes" / "개인정보보호법" / "history"
PIPA_VERSIONS = (
    "2017-10-19_MST193382.md",
    "2020-08-05_MST213857.md",
    "2023-09-15_MST248613.md",
    "2025-10-02_MST270351.md",
    "2026-09-11_MST283839.md",
)
PRECEDENT = DATA / "corpus" / "kr" / "precedents" / "민사" / "대법원" / "대법원_2015-07-23_2015다200111.md"


def _front(text: str, field: str) -> str:
    match = re.search(rf"^{field}: '?([^'\n]+)'?$", text, re.M)
    assert match, field
    return match.group(1)


def pipa_15_1_4(name: str) -> tuple[str, str, str]:
    """(label, 시행일자, the wording of 제15조 제1항 제4호) of one stored version."""
    text = (PIPA_HISTORY / name).read_text(encoding="utf-8")
    article = text.split("##### 제15조 (개인정보의 수집ㆍ이용)", 1)[1].split("#####", 1)[0]
    item = re.search(r"^  4\\\. (.+)$", article, re.M)
    assert item
    start = _front(text, "시행일자")
    return f"법률 제{_front(text, '공포번호')}호, 시행 {start}", start, item.group(1).strip()


# the draft quotes 제4호 as it read before the 2023 amendment
OLD_WORDING = pipa_15_1_4("2020-08-05_MST213857.md")[2]


def pipa_timeline(as_of: str, quote: str = OLD_WORDING) -> tuple[VersionPeriod, ...]:
    versions = [pipa_15_1_4(name) for name in PIPA_VERSIONS]
    periods = []
    for i, (label, start, wording) in enumerate(versions):
        end = versions[i + 1][1] if i + 1 < len(versions) else None
        periods.append(
            VersionPeriod(
                label=label,
                start=start,
                end=end,
                checked=start <= as_of and (end is None or as_of < end),
                matches=wording == quote,
                excerpt=f"제15조 ① 4. {wording}",
            )
        )
    return tuple(periods)


def pipa_history(as_of: str) -> HistoryCheck:
    """The draft quotes the old 제4호: in force on `as_of` when that is before 2023-09-15."""
    timeline = pipa_timeline(as_of)
    checked = next(p for p in timeline if p.checked)
    if checked.matches:
        note = Message("version_verified_as_of", {"as_of": as_of, "label": checked.label})
    else:
        last_matching = [p for p in timeline if p.matches][-1]
        assert last_matching.end is not None
        last_day = (date.fromisoformat(last_matching.end) - timedelta(days=1)).isoformat()
        note = Message(
            "version_other_differs",
            {
                "period": Message("period_until", {"last_day": last_day}),
                "label": last_matching.label,
                "as_of": as_of,
                "excerpt": checked.excerpt,
            },
        )
    return HistoryCheck(as_of=as_of, checked=True, note=note, timeline=timeline)


def overruling_excerpt() -> str:
    text = PRECEDENT.read_text(encoding="utf-8")
    match = re.search(r"대법원 2009\. 7\. 9\. 선고 2009다21249 판결을[^.]*변경하기로 한다\.", text)
    assert match, "the changing sentence of 2015다200111"
    return match.group(0)


def overruled_history(as_of: str = "2016-01-01") -> HistoryCheck:
    later = LaterTreatment(
        number="2015다200111",
        court="대법원",
        date="2015-07-23",
        kind="overruled",
        excerpt=overruling_excerpt(),
        full_bench=True,
        url="https://www.law.go.kr/LSW/precInfoP.do?precSeq=178858",
    )
    note = Message(
        "treatment_overruled",
        {
            "number": later.number,
            "court": later.court,
            "date": later.date,
            "as_of": as_of,
            "excerpt": later.excerpt,
        },
    )
    return HistoryCheck(
        as_of=as_of,
        checked=True,
        note=note,
        treatment=(later,),
        scanned=Message(
            "scanned_treatment_kr",
            {
                "what": "law.go.kr 판례 본문검색 for 2009다21249: 1 precedents mention it; "
                "the 1 later 대법원 judgments among them were read; "
                "lower courts and judgments law.go.kr does not hold were not scanned"
            },
        ),
    )


def not_checked_history(as_of: str, why: str) -> HistoryCheck:
    return HistoryCheck(as_of=as_of, checked=False, note=Message("version_not_checked", {"why": why}))

"""Korean citation form: a judgment as the courts cite one ("대법원 2016. 8. 17. 선고 2014다235080 판결",
"대법원 1983. 4. 2. 자 83모8 결정"), an act by its official name with its units ("「개인정보 보호법」 제15조
제1항 제2호", "같은 법 제3조"). The practice has one form: `short` is None."""

from __future__ import annotations

import re

from verifier.form.note import SourceFacts, Unit
from verifier.form.parts import Located, Part, first, group
from verifier.model import Kind

# 결정 of the ordinary courts: the case codes of 결정 proceedings (항고, 재항고, 신청, 준항고 …); a 판결's
# codes (다, 도, 두, 나, 노 …) are everything else. Read from the courts' 사건별 부호문자 (case-code) table.
_DECISION_CODES = frozenset({"마", "그", "모", "라", "카", "스", "으", "브", "즈", "트", "로", "초", "정"})
_ABBREVIATED_COURTS = {"대법": "대법원", "헌재": "헌법재판소"}
_COURT = re.compile(
    r"^\s*(?P<court>대법원|대법|헌법재판소|헌재|[가-힣]+(?:고등|지방|가정|행정|특허|회생)법원(?:\s*[가-힣]+지원)?"
    r"|[가-힣]+(?:고법|지법|가법|행법))"
)
_DATE = re.compile(r"\d{4}\s*[.년-]\s*\d{1,2}\s*[.월-]\s*\d{1,2}(?:\s*[.일])?")
_MARKER = re.compile(r"\s*(?P<marker>선고|자)(?=\s|\d)")
_NUMBER = re.compile(r"\d{2,4}\s*[가-힣]{1,3}\s*\d{1,7}")
_TYPE = re.compile(r"(?P<type>(?:전원합의체\s*)?(?:판결|결정|명령))")

_ACT = re.compile(
    r"^\s*(?P<old>구\s*)?(?P<act>「[^」]+」|[^「」(\s제][^「」(제]*?|같은\s*법|동법)\s*(?:\([^)]*\)\s*)?(?=제\s*\d)"
)
_UNITS = re.compile(
    r"제\s*\d+\s*조(?:\s*의\s*\d+)?(?:\s*제\s*\d+\s*항)?(?:\s*제\s*\d+\s*호(?:\s*의\s*\d+)?)?(?:\s*[가-하]\s*목)?"
)
_SAME_ACT = ("같은 법", "같은법", "동법")
_KEPT_NAMES = frozenset({"법", "이 법", "이법", "영", "시행령", "시행규칙"})


def date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"{int(year)}. {int(month)}. {int(day)}."


def decision_type(facts: SourceFacts) -> str:
    if facts.decision_type in ("판결", "결정"):
        return facts.decision_type
    if facts.kind == Kind.CONSTITUTIONAL_DECISION or "헌" in (facts.number or ""):
        return "결정"
    code = re.sub(r"[\d\s]", "", facts.number or "")
    return "결정" if code[-1:] in _DECISION_CODES else "판결"


def judgment_parts(facts: SourceFacts, written: str) -> tuple[list[Part], Located] | None:
    if not (facts.court and facts.date and facts.number):
        return None
    kind = decision_type(facts)
    constitutional = facts.court == "헌법재판소"
    marker = "자" if kind == "결정" and not constitutional else "선고"
    bench = "전원합의체 " if "전원합의체" in written else ""
    parts = [
        Part("court", facts.court, "kr.court"),
        Part("date", date(facts.date), "kr.date"),
        Part("marker", marker, "kr.judgment"),
        Part("number", facts.number, "kr.judgment"),
        Part("type", bench + kind, "kr.judgment"),
    ]
    located: dict[str, tuple[int, int]] = {}
    court = group(_COURT, written, "court")
    if court:
        located["court"] = court
    at = court[1] if court else 0
    day = first(_DATE, written, at)
    if day:
        located["date"] = day
        at = day[1]
    mark = group(_MARKER, written, "marker", at)
    if mark:
        located["marker"] = mark
        at = mark[1]
    number = first(_NUMBER, written, at)
    if number:
        located["number"] = number
        at = number[1]
    dtype = group(_TYPE, written, "type", at)
    if dtype:
        located["type"] = dtype
    return parts, located


def court_name(court: str) -> str:
    return _ABBREVIATED_COURTS.get(court, court)


def units(unit: Unit) -> str:
    out: list[str] = []
    if unit.article:
        number, _, branch = unit.article.partition("-")
        out.append(f"제{number}조" + (f"의{branch}" if branch else ""))
    if unit.paragraph:
        out.append(f"제{unit.paragraph}항")
    if unit.item:
        number, _, branch = unit.item.partition("-")
        out.append(f"제{number}호" + (f"의{branch}" if branch else ""))
    if unit.subitem:
        out.append(f"{unit.subitem}목")
    return " ".join(out)


def statute_parts(facts: SourceFacts, written: str) -> tuple[list[Part], Located] | None:
    if not facts.act or facts.unit is None or not facts.unit.article:
        return None
    located: dict[str, tuple[int, int]] = {}
    act = group(_ACT, written, "act")
    # The name as law.go.kr spells it. 「 」 follow the draft: the statutes (법제처's drafting standard) put
    # another act's name between them, the courts' judgments do not ("민법 제103조"); either is the
    # practice, so only the spelling of the name is a difference, never the brackets alone.
    name = facts.act
    if act:
        located["act"] = act
        words = written[act[0] : act[1]]
        if words.startswith("「"):
            name = f"「{facts.act}」"
        if words in _SAME_ACT:
            name = "같은 법"
        elif words in _KEPT_NAMES:
            name = words  # a name the draft defined for the act ("이하 '법'"): the draft's own
    elif written.lstrip().startswith("제"):
        return None  # a unit of the act named before it ("제15조 제1항"): no act to write
    unit_span = first(_UNITS, written, act[1] if act else 0)
    if unit_span:
        located["unit"] = unit_span
    parts = [
        Part("act", name, "kr.same_act" if name == "같은 법" else "kr.act_name"),
        Part("unit", units(facts.unit), "kr.unit"),
    ]
    return parts, located

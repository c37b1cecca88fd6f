"""What every later-treatment look-up answers with: the later decisions that changed or cited a judgment,
and what was read to find them (law.go.kr, SAOS and CELLAR each fill it in their own way), kept as JSON in
the history store between runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class LaterDecision:
    number: str
    court: str
    date: str | None  # ISO
    serial: str  # 판례일련번호
    title: str
    relation: str  # "changed": it changed the cited judgment's view
    excerpt: str  # the sentence that says so (or the 참조판례 entry)
    full_bench: bool | None  # 전원합의체; None when the text does not tell
    url: str


@dataclass(frozen=True, slots=True)
class Treatment:
    cited: str  # the normalized case number
    decisions: tuple[LaterDecision, ...]  # newest first
    scanned: str  # what was searched and read, for the finding
    listed_on: str
    hits: int  # how many precedents mention the number
    read: int  # how many bodies were read
    truncated: bool  # more qualifying hits than `max_bodies`

    @property
    def changed(self) -> bool:
        return bool(self.decisions)


def treatment_to_json(t: Treatment) -> dict[str, Any]:
    return {
        "cited": t.cited,
        "decisions": [
            {
                "number": d.number,
                "court": d.court,
                "date": d.date,
                "serial": d.serial,
                "title": d.title,
                "relation": d.relation,
                "excerpt": d.excerpt,
                "full_bench": d.full_bench,
                "url": d.url,
            }
            for d in t.decisions
        ],
        "scanned": t.scanned,
        "listed_on": t.listed_on,
        "hits": t.hits,
        "read": t.read,
        "truncated": t.truncated,
    }


def treatment_from_json(d: dict[str, Any]) -> Treatment:
    decisions = tuple(
        LaterDecision(
            number=str(x["number"]),
            court=str(x["court"]),
            date=str(x["date"]) if x.get("date") else None,
            serial=str(x["serial"]),
            title=str(x["title"]),
            relation=str(x["relation"]),
            excerpt=str(x["excerpt"]),
            full_bench=bool(x["full_bench"]) if x.get("full_bench") is not None else None,
            url=str(x["url"]),
        )
        for x in d["decisions"]
    )
    return Treatment(
        cited=str(d["cited"]),
        decisions=decisions,
        scanned=str(d["scanned"]),
        listed_on=str(d["listed_on"]),
        hits=int(str(d["hits"])),
        read=int(str(d["read"])),
        truncated=bool(d["truncated"]),
    )

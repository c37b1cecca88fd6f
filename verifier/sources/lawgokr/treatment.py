"""Later treatment of a Korean precedent: the 대법원 judgments that changed (변경) the cited one.

    treatment = KoreanPrecedentTreatment(resolver, store=…)
    treatment.later_treatment("2009다21249", decided="2009-07-09") -> Treatment | NotChecked

How: a body search of law.go.kr's precedents for the case number (`lawSearch.do?target=prec&search=2&
query=<사건번호>`, only the number leaves the machine), then the bodies (`lawService.do?target=prec&ID=…`) of
the 대법원 hits decided after the cited judgment, newest first, at most `max_bodies`. A hit counts as a
CHANGE when either
  - its 참조판례 lists the number marked "(변경)" — law.go.kr's own mark, e.g.
    "대법원 2009. 7. 9. 선고 2009다21249 판결(변경)", or
  - one sentence of its 판례내용 names the number and says that the earlier view is changed to the extent it
    conflicts with this judgment ("…판결은 이 판결의 견해에 배치되는 범위에서 이를 변경하기로 한다", also
    "범위 내에서 모두 변경하기로 한다"): that sentence is the excerpt.
`full_bench` is True when the judgment was given by the 전원합의체: its text says so, or its bench is presided
by the 대법원장 ("대법원장 …(재판장)"), which only the full bench is. `scanned` says exactly what was read:
a body search reaches only what law.go.kr holds, which is not every lower-court judgment.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET

from verifier.sources.errors import SourceError, TransientError
from verifier.sources.history_store import HistoryStore, KeyLocks, MemoryStore, list_is_fresh
from verifier.sources.http import fan_out
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.wire import (
    PUBLIC_PREC_URL,
    iso_date,
    normalize_case_number,
)
from verifier.sources.treatment import LaterDecision, Treatment, treatment_from_json, treatment_to_json
from verifier.sources.versions import NotChecked, not_checked, not_configured, said

MAX_BODIES = 20
BODY_READERS = 4  # bodies of later judgments read at once (law.go.kr's per-host limit in SourceHTTP)
ORIGIN = "law.go.kr"

# "…판결은 이 판결의 견해에 배치되는 범위에서 이를 변경하기로 한다" and its variants (범위 내에서, 모두,
# 그 범위에서, 변경한다)
_CHANGE = re.compile(
    r"(?:견해에\s*)?배치되는\s*(?:그\s*)?범위\s*(?:내\s*)?에서\s*(?:이를\s*)?(?:모두\s*)?변경(?:하기로\s*)?한다"
)
_SENTENCE_END = re.compile(r"(?<=다\.)\s+|\n")


@dataclass(frozen=True, slots=True)
class _Hit:
    serial: str
    number: str
    title: str
    court: str
    date: str | None


class KoreanPrecedentTreatment:
    def __init__(
        self,
        resolver: LawGoKrResolver,
        *,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        max_bodies: int = MAX_BODIES,
    ) -> None:
        self.resolver = resolver
        self.store: HistoryStore = store if store is not None else MemoryStore()
        self._today = today
        self.max_bodies = max_bodies
        self._locks = KeyLocks()

    def later_treatment(self, case_number: str, *, decided: str | None = None) -> Treatment | NotChecked:
        number = normalize_case_number(case_number)
        with self._locks(f"treatment:{number}"):
            return self._later_treatment(number, decided)

    def search_ahead(self, case_number: str) -> None:
        """Ask the body search for the number now, beside the cited judgment's own look-up, rather than after
        it: its answer is kept a few minutes (`SourceHTTP.get(keep=True)`) for `later_treatment`, which needs
        the judgment's date to read it. A failure here is asked again there, and said there."""
        number = normalize_case_number(case_number)
        if not self.resolver.oc:
            return
        if self._kept(number) is not None:
            return
        try:
            self._search(number)
        except SourceError:
            return

    def _later_treatment(self, number: str, decided: str | None) -> Treatment | NotChecked:
        today = self._today().isoformat()
        if not self.resolver.oc:
            return not_configured(said("oc_not_set"))
        key = f"{ORIGIN}:{number}"
        cached = self._kept(number)
        if cached is not None:
            return treatment_from_json(cached)
        try:
            hits = self._search(number)
        except SourceError as exc:
            return not_checked(exc, said("asked_precedent_search_kr", number=number))
        candidates = [
            h
            for h in hits
            if normalize_case_number(h.number) != number
            and "대법원" in h.court
            and (decided is None or (h.date or "") >= decided)
        ]
        candidates.sort(key=lambda h: h.date or "", reverse=True)
        decisions: list[LaterDecision] = []
        read = 0
        wanted = candidates[: self.max_bodies]
        # the bodies are read together (SourceHTTP bounds the host), not one after another: a precedent cited
        # by many later judgments would otherwise put them all on the review's critical path
        bodies = fan_out(self._body_or_error, [hit.serial for hit in wanted], threads=BODY_READERS)
        for hit, body in zip(wanted, bodies, strict=True):
            if isinstance(body, SourceError):
                return not_checked(body, said("asked_version_text", version=hit.number))
            read += 1
            if body is None:
                continue
            found = changed_by(body, number)
            if found is not None:
                decisions.append(
                    LaterDecision(
                        number=_text(body, "사건번호") or hit.number,
                        court=_text(body, "법원명") or hit.court,
                        date=iso_date(_text(body, "선고일자")) or hit.date,
                        serial=hit.serial,
                        title=_text(body, "사건명") or hit.title,
                        relation="changed",
                        excerpt=found,
                        full_bench=full_bench(body),
                        url=PUBLIC_PREC_URL.format(serial=hit.serial),
                    )
                )
        truncated = len(candidates) > self.max_bodies
        scanned = (
            f"law.go.kr 판례 본문검색 for {number}: {len(hits)} precedents mention it; "
            f"the {read} later 대법원 judgments among them were read"
            + (f" (the newest {self.max_bodies} of {len(candidates)})" if truncated else "")
            + "; lower courts and judgments law.go.kr does not hold were not scanned"
        )
        treatment = Treatment(number, tuple(decisions), scanned, today, len(hits), read, truncated)
        self.store.put("treatment", key, treatment_to_json(treatment))
        return treatment

    def _kept(self, number: str) -> dict[str, Any] | None:
        """The stored treatment of `number` if it was listed today (a treatment is kept for the day)."""
        today = self._today().isoformat()
        cached = self.store.get("treatment", f"{ORIGIN}:{number}")
        if cached is not None and list_is_fresh(str(cached["listed_on"]), day=today, today=today):
            return cached
        return None

    def _search(self, number: str) -> list[_Hit]:
        hits: list[_Hit] = []
        for page in range(1, 6):
            fetched = self.resolver.request(
                "lawSearch.do",
                {"target": "prec", "type": "XML", "search": 2, "query": number, "display": 100, "page": page},
                keep=True,  # `search_ahead` asked it a moment ago
            )
            root = _xml(fetched.content)
            items = [child for child in root if child.tag == "prec"]
            for item in items:
                hits.append(
                    _Hit(
                        serial=_text(item, "판례일련번호"),
                        number=_text(item, "사건번호"),
                        title=_text(item, "사건명"),
                        court=_text(item, "법원명"),
                        date=iso_date(_text(item, "선고일자")),
                    )
                )
            total = _text(root, "totalCnt")
            if not items or not total.isdigit() or page * 100 >= int(total):
                break
        return hits

    def _body_or_error(self, serial: str) -> Element | SourceError | None:
        try:
            return self._body(serial)
        except SourceError as exc:
            return exc

    def _body(self, serial: str) -> Element | None:
        """A precedent's body (kept for good: a judgment does not change), None when law.go.kr has none."""
        with self._locks(f"body:{serial}"):
            kept = self.store.get("prec_body", f"{ORIGIN}:{serial}")
            if kept is not None:
                return _xml(str(kept["xml"]).encode()) if kept.get("xml") else None
            # kept: the resolver may just have read (or may next read) this body as a cited source
            fetched = self.resolver.request(
                "lawService.do", {"target": "prec", "ID": serial, "type": "XML"}, keep=True
            )
            root = _xml(fetched.content)
            body = None if root.tag == "Law" else root
            self.store.put(
                "prec_body", f"{ORIGIN}:{serial}", {"xml": fetched.text if body is not None else ""}
            )
            return body


def changed_by(body: Element, number: str) -> str | None:
    """The sentence of a PrecService body that changes the view of `number`, or its 참조판례 entry marked
    "(변경)"; None when the body does neither."""
    want = re.sub(r"\s", "", number)
    text = re.sub(r"<br\s*/?>", "\n", _text(body, "판례내용"), flags=re.I)
    for sentence in _SENTENCE_END.split(text):
        squashed = re.sub(r"\s", "", sentence)
        if want in squashed and _CHANGE.search(sentence):
            return re.sub(r"\s+", " ", sentence).strip()
    references = re.sub(r"<br\s*/?>", " ", _text(body, "참조판례"), flags=re.I)
    for entry in re.split(r"\s*[/,]\s*(?=(?:\[\d+\]\s*)?대법원)", references):
        if want in re.sub(r"\s", "", entry) and re.search(r"\(\s*변경\s*\)", entry):
            return re.sub(r"\s+", " ", entry).strip()
    return None


def full_bench(body: Element) -> bool | None:
    text = _text(body, "판례내용") + " " + _text(body, "사건명")
    if "전원합의체" in text:
        return True
    if re.search(r"대법원장\s+\S+\s*\(재판장\)", text):
        return True
    return None


def _xml(content: bytes) -> Element:
    try:
        root: Element = SafeET.fromstring(content)
    except Exception:
        raise TransientError("law.go.kr answered with malformed XML") from None
    return root


def _text(el: Element, tag: str) -> str:
    found = el.find(tag)
    return "" if found is None else "".join(found.itertext()).strip()

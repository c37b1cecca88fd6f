"""Korean statute history from law.go.kr: the 연혁 versions of a law, their texts, the unit in each.

    history = KoreanStatuteHistory(resolver, store=DirectoryStore(…))   resolver: the LawGoKrResolver in use
    history.history("개인정보 보호법", law_id=None, as_of=None) -> History | NotChecked
    history.in_force("근로기준법", as_of="2026-12-01") -> InForce | NoVersion | NotChecked
    history.text(h, version) -> VersionText | NotChecked
    history.timeline("개인정보 보호법", Pinpoint("15", "1", "4")) -> Timeline | NotChecked
    history.check_quote("개인정보 보호법", Pinpoint("15", "1", "4"), quote, as_of="2020-01-01")
        -> QuoteCheck | NotChecked
    history.article_changes("011357", "15") -> tuple[ArticleChange, ...] | NotChecked     (lsJoHstInf)

Upstream, only identifiers leave the machine: the law's name (to find its 법령ID), the 법령ID (`LID`), an MST,
an article code (`JO`). Requests (docs/SOURCE-APIS.md §1.11):
  - the version list: `lawSearch.do?target=eflaw&type=XML&LID=<법령ID>&nw=1,2,3&sort=efasc&display=100`
    (every version with MST, 공포일자, 공포번호, 시행일자, 현행연혁코드); when it lists nothing, the HTML
    연혁 table
    `lawSearch.do?target=lsHistory&type=HTML&query=<법령명>` (the one legalize-pipeline parses);
  - a version's text: `lawService.do?target=law&MST=<MST>` through `LawGoKrResolver.fetch_law` (its cache
    and its parser), i.e. the text as promulgated — see `versions` for why the engine, not the server,
    decides which wording was in force on a day;
  - the article change list: `lawService.do?target=lsJoHstInf&ID=<법령ID>&JO=<AAAABB>` (reported, not relied
    on: clients report it empty for some keys and missing not-yet-in-force articles).

Cost and caching: a list is one request (per 100 versions) and is kept by 법령ID with the day it was obtained
(`history_store.list_is_fresh`); a text is one request and is kept for good. `check_quote(scope="in_force")`
(the default) reads only the version in force on the as-of date (the resolver has usually fetched it
already) and reads the other versions only when the quote is not in that wording. At most `max_texts`
texts are read for one question; the rest is reported as not checked.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET
from rapidfuzz import fuzz

from verifier.model import Cause, Pinpoint, SourceDocument, SourceUnit
from verifier.sources.errors import NotFoundError, PermanentError, SourceError, TransientError
from verifier.sources.history_store import (
    HistoryStore,
    KeyLocks,
    ListCache,
    MemoryStore,
    TextCache,
)
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.structure import article_label, jo_code, strip_revision_notes
from verifier.sources.lawgokr.wire import UNSUBSCRIBED, VERIFICATION_FAILED, LawHit, check_response, iso_date
from verifier.sources.units import unit_for
from verifier.sources.versions import (
    History,
    InForce,
    NotChecked,
    NoVersion,
    QuoteCheck,
    Timeline,
    UnitReading,
    UnitState,
    Version,
    VersionText,
    build_timeline,
    check_quote,
    in_force_on,
    not_answered,
    not_checked,
    not_configured,
    promulgation_order,
    said,
)
from verifier.text import normalize_plain

if TYPE_CHECKING:
    import httpx

ORIGIN = "law.go.kr"
PUBLIC_VERSION_URL = "https://www.law.go.kr/LSW/lsInfoP.do?lsiSeq={mst}&efYd={ef}"
MAX_TEXTS = 60
LIST_PAGES = 5

type Scope = Literal["in_force", "all"]

_REPEALED = re.compile(r"^(?:제\d+조(?:의\d+)?|[①-⑳㉑-㉟㊱-㊿]|\d+(?:의\d+)?\.|[가-힣]\.)?\s*삭제\s*$")


@dataclass(frozen=True, slots=True)
class ArticleChange:
    """One entry of law.go.kr's 조문별 변경 이력 (lsJoHstInf)."""

    mst: str
    promulgated: str | None
    number: str
    effective: str | None
    reason: str  # 변경사유 as served: 일부개정, 조문신설, …
    changed: str | None  # 조문변경일


def _history_check(response: httpx.Response) -> None:
    """The 연혁 list is HTML by design: accept an HTML page with a table, refuse what check_response refuses
    for every other reason (미신청, failed verification, anti-bot page, empty body, spurious 404)."""
    body = response.text if response.status_code == 200 else ""
    if body and "<table" in body.lower():
        if "미신청" in body:
            raise PermanentError(UNSUBSCRIBED)
        if "사용자 정보 검증에 실패" in body:
            raise PermanentError(VERIFICATION_FAILED)
        if "location.assign" in body:
            raise TransientError("law.go.kr served an anti-bot page instead of the 연혁 list")
        return
    check_response(response)


def _dotted(iso: str | None) -> str:
    if not iso:
        return "?"
    y, m, d = iso.split("-")
    return f"{int(y)}. {int(m)}. {int(d)}."


def version_label(kind: str, number: str, promulgated: str | None, effective: str | None) -> str:
    number = number.lstrip("0") or number
    return f"{kind or '법률'} 제{number}호 ({_dotted(promulgated)} 공포, {_dotted(effective)} 시행)"


class KoreanStatuteHistory:
    def __init__(
        self,
        resolver: LawGoKrResolver,
        *,
        store: HistoryStore | None = None,
        today: Callable[[], dt.date] = dt.date.today,
        max_texts: int = MAX_TEXTS,
    ) -> None:
        self.resolver = resolver
        self.store: HistoryStore = store if store is not None else MemoryStore()
        self.texts = TextCache(self.store)
        self.lists = ListCache(self.store)
        self._locks = KeyLocks()
        self._today = today
        self.max_texts = max_texts

    def today(self) -> str:
        return self._today().isoformat()

    # ------------------------------------------------------------------------------------ the list

    def history(
        self, law_name: str, *, law_id: str | None = None, as_of: str | None = None
    ) -> History | NotChecked:
        """Every version of the law, oldest promulgation first."""
        with self._locks(f"list:{law_id or re.sub(r'\s+', '', law_name)}"):
            return self._history(law_name, law_id=law_id, as_of=as_of)

    def _history(
        self, law_name: str, *, law_id: str | None = None, as_of: str | None = None
    ) -> History | NotChecked:
        """Every version of the law, oldest promulgation first."""
        today = self.today()
        day = as_of or today
        if not self.resolver.oc:
            return not_configured(said("oc_not_set"))
        if law_id is None:
            found = self._law_id(law_name)
            if isinstance(found, NotChecked):
                return found
            law_id, law_name = found
        key = f"{ORIGIN}:{law_id}"
        cached = self.lists.fresh(key, day=day, today=today)
        if cached is not None:
            return cached
        try:
            versions, source = self._eflaw_versions(law_id, law_name)
            notes = ["제개정구분 is as the eflaw list gives it"]
            if not versions:
                versions, source = self._lshistory_versions(law_name, law_id)
                notes = ["listed from the HTML 연혁 table (lsHistory): eflaw listed no version"]
        except SourceError as exc:
            return not_checked(exc, said("asked_history_list_kr", law=law_name))
        if not versions:
            return not_answered(said("kr_no_history", law=law_name, id=law_id), Cause.NO_HISTORY)
        history = History(
            key=f"kr:law:{re.sub(r'\s+', '', law_name)}",
            title=law_name,
            law_id=law_id,
            versions=promulgation_order(versions),
            listed_on=today,
            origin=ORIGIN,
            source=source,
            notes=tuple(notes),
        )
        self.lists.put(key, history)
        return history

    def _law_id(self, law_name: str) -> tuple[str, str] | NotChecked:
        wanted = re.sub(r"\s+", "", law_name)
        cached = self.store.get("law_id", wanted)
        if cached is not None:
            return str(cached["law_id"]), str(cached["name"])
        try:
            hits = self.resolver.search_laws(law_name)
        except SourceError as exc:
            return not_checked(exc, said("asked_law_kr", law=law_name))
        exact = [
            h
            for h in hits
            if re.sub(r"\s+", "", h.name) == wanted or re.sub(r"\s+", "", h.abbreviation) == wanted
        ]
        if not exact:
            return NotChecked(f"law.go.kr has no law named {law_name!r}", Cause.NOT_FOUND)
        self.store.put("law_id", wanted, {"law_id": exact[0].law_id, "name": exact[0].name})
        return exact[0].law_id, exact[0].name

    def _eflaw_versions(self, law_id: str, law_name: str) -> tuple[list[Version], str]:
        versions: dict[str, Version] = {}
        public = ""
        for page in range(1, LIST_PAGES + 1):
            fetched = self.resolver.request(
                "lawSearch.do",
                {
                    "target": "eflaw",
                    "type": "XML",
                    "LID": law_id,
                    "nw": "1,2,3",
                    "sort": "efasc",
                    "display": 100,
                    "page": page,
                },
                keep=True,  # asked ahead by the law's name and after the source by its id: once
            )
            public = public or fetched.public_url
            root = _xml(fetched.content)
            items = [child for child in root if child.tag == "law"]
            for item in items:
                if _find(item, "법령ID") != law_id:
                    continue
                version = self._version(
                    law_id,
                    mst=_find(item, "법령일련번호"),
                    promulgated=iso_date(_find(item, "공포일자")),
                    number=_find(item, "공포번호"),
                    effective=iso_date(_find(item, "시행일자")),
                    kind=_find(item, "법령구분명"),
                    change=_find(item, "제개정구분명"),
                    status=_find(item, "현행연혁코드"),
                )
                versions[version.id] = version
            total = _find(root, "totalCnt")
            if not items or not total.isdigit() or page * 100 >= int(total):
                break
        return list(versions.values()), public

    def _lshistory_versions(self, law_name: str, law_id: str) -> tuple[list[Version], str]:
        versions: dict[str, Version] = {}
        wanted = re.sub(r"\s+", "", law_name)
        public = ""
        for page in range(1, LIST_PAGES + 1):
            fetched = self.resolver.request(
                "lawSearch.do",
                {"target": "lsHistory", "type": "HTML", "query": law_name, "display": 100, "page": page},
                check=_history_check,
            )
            public = public or fetched.public_url
            rows = re.findall(r"<tr[^>]*>(.*?)</tr>", fetched.text, re.DOTALL)
            seen = 0
            for row in rows:
                mst = re.search(r"MST=(\d+)", row)
                cells = [
                    html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
                    for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)
                ]
                if not mst or len(cells) < 8:
                    continue
                seen += 1
                if re.sub(r"\s+", "", cells[1]) != wanted:
                    continue
                version = self._version(
                    law_id,
                    mst=mst.group(1),
                    promulgated=_dot_date(cells[6]),
                    number=re.sub(r"\D", "", cells[5]),
                    effective=_dot_date(cells[7]),
                    kind=cells[4],
                    change=cells[3],
                    status=cells[8] if len(cells) > 8 else "",
                )
                versions[version.id] = version
            if seen < 100:
                break
        return list(versions.values()), public

    @staticmethod
    def _version(
        law_id: str,
        *,
        mst: str,
        promulgated: str | None,
        number: str,
        effective: str | None,
        kind: str,
        change: str,
        status: str,
    ) -> Version:
        return Version(
            id=f"{law_id}@{mst}",
            effective=effective,
            promulgated=promulgated,
            number=number,
            kind=change,
            status=status,
            label=version_label(kind, number, promulgated, effective),
            url=PUBLIC_VERSION_URL.format(mst=mst, ef=(effective or "").replace("-", "")),
        )

    # --------------------------------------------------------------------------------- the texts

    def text(self, history: History, version: Version) -> VersionText | NotChecked:
        with self._locks(f"text:{version.id}"):
            return self._text(history, version)

    def _text(self, history: History, version: Version) -> VersionText | NotChecked:
        key = f"{ORIGIN}:{version.id}"
        cached = self.texts.get(key)
        if cached is not None:
            return cached
        missing = self.store.get("no_text", key)  # law.go.kr's "no such text", remembered for the day
        if missing is not None and missing.get("on") == self.today():
            return NotChecked(str(missing["why"]), Cause.NO_TEXT)
        mst = version.id.partition("@")[2]
        hit = LawHit(name=history.title, law_id=history.law_id, mst=mst, effective_date=version.effective)
        try:
            document = self.resolver.fetch_law(hit)
        except NotFoundError as exc:
            why = f"law.go.kr serves no text of {version.label}: {exc.message}"
            self.store.put("no_text", key, {"why": why, "on": self.today()})
            return NotChecked(why, Cause.NO_TEXT)
        except SourceError as exc:
            return not_checked(exc, said("asked_version_text", version=version.label))
        text = VersionText(version, document.text, document.units, document.sha256, version.url)
        self.texts.put(key, text)
        return text

    def seed(self, history: History, known: SourceDocument | None) -> None:
        """Use the document the verifier already fetched for the anchor as the text of its version."""
        if known is None or not known.meta.get("MST"):
            return
        version = history.version(f"{history.law_id}@{known.meta['MST']}")
        if version is not None and known.units:
            self.texts.seed(f"{ORIGIN}:{version.id}", version, known)

    def reading(self, text: VersionText, pinpoint: Pinpoint | None) -> UnitReading:
        """The pinpointed unit as `text` prints it (the whole text without a pinpoint)."""
        if pinpoint is None:
            return UnitReading(UnitState.PRESENT, text.text, strip_revision_notes(text.text), label="")
        unit = unit_for(text.units, pinpoint)
        label = _label(pinpoint)
        if unit is None:
            return UnitReading(UnitState.ABSENT, label=label)
        printed = text.text[unit.start : unit.end]
        comparable = strip_revision_notes(printed)
        article = next((u for u in text.units if u.path == unit.path[:1]), unit)
        flat = re.sub(r"\s+", " ", comparable).strip()
        state = UnitState.REPEALED if _REPEALED.match(flat) else UnitState.PRESENT
        return UnitReading(state, printed, comparable, title=article.title, label=unit.label)

    def _readings(
        self, history: History, pinpoint: Pinpoint | None, wanted: set[str] | None
    ) -> tuple[list[UnitReading], list[str]]:
        readings: list[UnitReading] = []
        gaps: list[str] = []
        read = 0
        for version in history.versions:
            if wanted is not None and version.id not in wanted:
                readings.append(UnitReading(UnitState.UNREAD, why="not read: not needed for this question"))
                continue
            if read >= self.max_texts and self.texts.get(f"{ORIGIN}:{version.id}") is None:
                readings.append(
                    UnitReading(UnitState.UNREAD, why=f"over the budget of {self.max_texts} texts")
                )
                gaps.append(f"{version.label}: not read (budget of {self.max_texts} texts)")
                continue
            text = self.text(history, version)
            read += 1
            if isinstance(text, NotChecked):
                readings.append(UnitReading(UnitState.UNREAD, why=text.why))
                continue
            readings.append(self.reading(text, pinpoint))
        return readings, gaps

    # ------------------------------------------------------------------------------- questions

    def in_force(
        self, law_name: str, as_of: str, *, law_id: str | None = None
    ) -> InForce | NoVersion | NotChecked:
        history = self.history(law_name, law_id=law_id, as_of=as_of)
        if isinstance(history, NotChecked):
            return history
        return in_force_on(history, as_of)

    def timeline(
        self,
        law_name: str,
        pinpoint: Pinpoint | None,
        *,
        law_id: str | None = None,
        as_of: str | None = None,
        only: set[str] | None = None,
        known: SourceDocument | None = None,
    ) -> Timeline | NotChecked:
        """The unit's wordings over time, from every version (or the versions in `only`). `known`: the
        document the verifier already has for the anchor (its version's text is not fetched again)."""
        history = self.history(law_name, law_id=law_id, as_of=as_of)
        if isinstance(history, NotChecked):
            return history
        self.seed(history, known)
        readings, _ = self._readings(history, pinpoint, only)
        if all(r.state is UnitState.UNREAD for r in readings):
            why = next((r.why for r in readings if r.why), "no text")
            return NotChecked(f"no version of {history.title} could be read ({why})", Cause.NO_TEXT)
        if pinpoint is not None and all(r.state in (UnitState.ABSENT, UnitState.UNREAD) for r in readings):
            return not_answered(
                said("no_unit_in_versions", title=history.title, unit=_label(pinpoint)), Cause.NO_UNIT
            )
        return build_timeline(history, readings, label=_label(pinpoint) if pinpoint else history.title)

    def check_quote(
        self,
        law_name: str,
        pinpoint: Pinpoint | None,
        quote: str,
        *,
        as_of: str,
        law_id: str | None = None,
        scope: Scope = "in_force",
        known: SourceDocument | None = None,
    ) -> QuoteCheck | NotChecked:
        """The quote against the wording in force on `as_of`, and — when it is not there, or with
        scope="all" — against every version's wording. Only an EXACT match with the wording in force ends
        the look-up early: a near match may be the exact wording of another version."""
        history = self.history(law_name, law_id=law_id, as_of=as_of)
        if isinstance(history, NotChecked):
            return history
        self.seed(history, known)
        if scope == "in_force":
            answer = in_force_on(history, as_of)
            # Without pending amendments the version in force prints exactly the wording of `as_of`: when
            # the quote is in it, no other version needs reading.
            if isinstance(answer, InForce) and not answer.pending:
                only = {answer.version.id}
                timeline = self.timeline(law_name, pinpoint, law_id=history.law_id, as_of=as_of, only=only)
                if not isinstance(timeline, NotChecked):
                    checked = check_quote(timeline, quote, as_of=as_of)
                    if checked.matches_in_force:
                        rest = len(history.versions) - 1
                        note = (
                            f"the other {rest} versions were not read: the quote is in the wording in force"
                        )
                        return replace(checked, matches=checked.matches[:1], gaps=(note,) if rest else ())
        timeline = self.timeline(law_name, pinpoint, law_id=history.law_id, as_of=as_of)
        if isinstance(timeline, NotChecked):
            return timeline
        return check_quote(timeline, quote, as_of=as_of, locate=self._locator(history, pinpoint))

    def _locator(
        self, history: History, pinpoint: Pinpoint | None
    ) -> Callable[[Version, UnitReading], str | None]:
        def locate(version: Version, old: UnitReading) -> str | None:
            if pinpoint is None or not old.comparable:
                return None
            text = self.text(history, version)
            if isinstance(text, NotChecked):
                return None
            return moved_unit(text, old, depth=len(_path(pinpoint)))

        return locate

    def article_changes(self, law_id: str, article: str) -> tuple[ArticleChange, ...] | NotChecked:
        """law.go.kr's change list of one article (조문별 변경 이력). Reported as served."""
        try:
            fetched = self.resolver.request(
                "lawService.do", {"target": "lsJoHstInf", "type": "XML", "ID": law_id, "JO": jo_code(article)}
            )
            root = _xml(fetched.content)
        except SourceError as exc:
            return not_checked(exc, said("asked_change_list_kr", article=article_label(article)))
        if root.tag == "Law":
            return NotChecked(f"law.go.kr has no change list of {article_label(article)}", Cause.NOT_FOUND)
        changes = []
        for item in root.iter("law"):
            info = item.find("법령정보")
            jo = item.find("조문정보")
            if info is None or jo is None:
                continue
            changes.append(
                ArticleChange(
                    mst=_find(info, "법령일련번호"),
                    promulgated=iso_date(_find(info, "공포일자")),
                    number=_find(info, "공포번호"),
                    effective=iso_date(_find(info, "시행일자")),
                    reason=_find(jo, "변경사유"),
                    changed=iso_date(_find(jo, "조문변경일")),
                )
            )
        return tuple(changes)


# -------------------------------------------------------------------------------------- helpers


def moved_unit(text: VersionText, old: UnitReading, *, depth: int) -> str | None:
    """The unit of `text` (same depth) that carries `old`'s provision under another number: the same title
    and a similar text (articles), or a near-identical text. None when there is no such unit."""
    want = normalize_plain(_body(old.comparable))
    if not want:
        return None
    titles: dict[tuple[tuple[str, str], ...], str | None] = {
        u.path: u.title for u in text.units if len(u.path) == 1
    }
    best: tuple[float, SourceUnit] | None = None
    for unit in text.units:
        if len(unit.path) != depth or unit.label == old.label:
            continue
        body = normalize_plain(_body(strip_revision_notes(text.text[unit.start : unit.end])))
        if not body:
            continue
        score = fuzz.ratio(want, body) / 100
        same_title = bool(old.title) and _squash(titles.get(unit.path[:1])) == _squash(old.title)
        if (same_title and score >= 0.6) or score >= 0.85:
            score += 1 if same_title else 0
            if best is None or score > best[0]:
                best = (score, unit)
    return best[1].label if best else None


def _body(text: str) -> str:
    """A unit's text without its own number/heading, so that a renumbered unit compares on substance."""
    text = re.sub(r"^제\d+조(?:의\d+)?(?:\([^)]*\))?\s*", "", text.strip())
    return re.sub(r"^(?:[①-⑳㉑-㉟㊱-㊿]|\d+(?:의\d+)?\.|[가-힣]\.)\s*", "", text)


def _squash(title: str | None) -> str:
    return re.sub(r"[\s·ㆍ.,]", "", title or "")


def _path(pinpoint: Pinpoint) -> list[str]:
    return [
        p for p in (pinpoint.article, pinpoint.paragraph, pinpoint.item, pinpoint.subitem) if p is not None
    ]


def _label(pinpoint: Pinpoint | None) -> str:
    if pinpoint is None or pinpoint.article is None:
        return ""
    label = article_label(pinpoint.article)
    if pinpoint.paragraph:
        label += f" 제{pinpoint.paragraph}항"
    if pinpoint.item:
        main, _, branch = pinpoint.item.partition("-")
        label += f" 제{main}호의{branch}" if branch else f" 제{main}호"
    if pinpoint.subitem:
        label += f" {pinpoint.subitem}목"
    return label


def _xml(content: bytes) -> Element:
    try:
        root: Element = SafeET.fromstring(content)
    except Exception:
        raise TransientError("law.go.kr answered with malformed XML") from None
    return root


def _find(el: Element, tag: str) -> str:
    found = el.find(tag)
    return "" if found is None else "".join(found.itertext()).strip()


def _dot_date(value: str) -> str | None:
    m = re.fullmatch(r"\s*(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\.?\s*", value)
    return f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else None

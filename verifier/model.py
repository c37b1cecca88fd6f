"""The verifier's vocabulary: the frozen dataclasses that extraction, sources, matching and reports share.

Everything here is plain data. Offsets are Unicode code points, end exclusive, into the text they name.
The string values of the enums are the ones written in the findings JSON (docs CONTRACT §2), so they must
not change without a schema bump.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from verifier.form.note import FormNote
from verifier.rationales import LANGS, Message

type Span = tuple[int, int]


class Level(enum.IntEnum):
    """The three levels of the gradient, ordered so that `achieved >= required` is the whole test."""

    NONE = 0
    EXISTENCE = 1
    CONTENT = 2
    FRAGMENT = 3

    @property
    def label(self) -> str:
        return self.name.lower()


class ClaimType(enum.StrEnum):
    VERBATIM_QUOTE = "verbatim_quote"
    PINPOINT = "pinpoint"
    COURT_HOLDING = "court_holding"
    PARAPHRASE = "paraphrase"
    PROCEDURAL_FACT = "procedural_fact"
    BARE_CITATION = "bare_citation"

    @property
    def required_level(self) -> Level:
        return REQUIRED_LEVEL[self]


REQUIRED_LEVEL: Mapping[ClaimType, Level] = {
    ClaimType.VERBATIM_QUOTE: Level.FRAGMENT,
    ClaimType.PINPOINT: Level.FRAGMENT,
    ClaimType.COURT_HOLDING: Level.CONTENT,
    ClaimType.PARAPHRASE: Level.CONTENT,
    ClaimType.PROCEDURAL_FACT: Level.EXISTENCE,
    ClaimType.BARE_CITATION: Level.EXISTENCE,
}


class Status(enum.StrEnum):
    VERIFIED = "verified"
    MODIFIED = "modified"
    NEEDS_JUDGEMENT = "needs_judgement"
    CALIBRATION = "calibration"
    UNVERIFIED = "unverified"
    NO_SOURCE = "no_source"
    NOT_CHECKED = "not_checked"

    @property
    def icon(self) -> str:
        return STATUS_ICON[self]

    @property
    def label(self) -> str:
        """The Korean verifier's verdict vocabulary (CONTRACT §2)."""
        if self in (Status.VERIFIED, Status.MODIFIED):
            return "verified"
        if self is Status.UNVERIFIED:
            return "contradicted"
        return "unknown"


STATUS_ICON: Mapping[Status, str] = {
    Status.VERIFIED: "🟢",
    Status.MODIFIED: "🟡",
    Status.NEEDS_JUDGEMENT: "🟡",
    Status.CALIBRATION: "🟠",
    Status.UNVERIFIED: "🔴",
    Status.NO_SOURCE: "⛔",
    Status.NOT_CHECKED: "⚪",
}

# The statuses that block on their own: 🔴 (evidence that the draft is wrong) and ⛔ (no source to check it).
HARD_BLOCKS = frozenset({Status.UNVERIFIED, Status.NO_SOURCE})
# What the official source may say of a claim for a supplied source to stand beside it without a reason.
OFFICIAL_PASSES = frozenset({Status.VERIFIED, Status.NEEDS_JUDGEMENT})


def is_hard_block(status: Status | str, official_status: Status | str | None = None) -> bool:
    """THE definition of a hard block, for the exit code, the reports' counts, the seed's grounding report,
    sign-off and the partner queue: a finding that must not be published as it stands until a partner acts
    with a written reason — a 🔴/⛔ (overridden with a reason), or a pass only against a text a user supplied
    where the official source blocks the claim, words it otherwise or could not be had (approved with a
    reason)."""
    return Status(status) in HARD_BLOCKS or clears_official_block(status, official_status)


def clears_official_block(status: Status | str, official_status: Status | str | None) -> bool:
    """A finding checked against a supplied source that passes where the official source blocks it or words
    it otherwise (or could not be had): a partner approves it only with a written reason, like an override."""
    if not official_status:
        return False
    return Status(status) not in HARD_BLOCKS and Status(official_status) not in OFFICIAL_PASSES


# Order used to sort by risk: hard blocks first, then what a person must look at, then the green.
RISK_ORDER: Mapping[Status, int] = {
    Status.UNVERIFIED: 0,
    Status.NO_SOURCE: 1,
    Status.NOT_CHECKED: 2,
    Status.CALIBRATION: 3,
    Status.MODIFIED: 4,
    Status.NEEDS_JUDGEMENT: 5,
    Status.VERIFIED: 6,
}


class Jurisdiction(enum.StrEnum):
    KR = "kr"
    PL = "pl"
    EU = "eu"
    OTHER = "other"


class Kind(enum.StrEnum):
    STATUTE = "statute"
    JUDGMENT = "judgment"
    CONSTITUTIONAL_DECISION = "constitutional_decision"
    INTERPRETATION = "interpretation"
    EU_ACT = "eu_act"
    EU_CASE = "eu_case"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Pinpoint:
    """A place inside a statute. Branch numbers use '-': 제2조의2 → article '2-2', art. 385¹ → '385-1',
    제8호의2 → item '8-2'. Letters stay as written: 다목 → subitem '다', lit. a → 'a'."""

    article: str | None = None
    paragraph: str | None = None  # 항 / § / ust. / EU "(1)"
    item: str | None = None  # 호 / pkt / EU "(a)"
    subitem: str | None = None  # 목 / lit.


@dataclass(frozen=True, slots=True)
class Anchor:
    """What the draft says identifies a source.

    `key` is the canonical resolver key, one namespace per collection:
      kr:law:<법령명 without spaces>        kr:prec:<사건번호, normalized>     kr:detc:<2017헌바127>
      pl:case:<signature, e.g. II CSK 123/19>   pl:act:<DU/1964/93>
      eu:celex:<32016R0679>   eu:ecli:<ECLI:EU:C:2015:650>   eu:case:<C-362/14>
    The resolver caches and coalesces on `key`; everything else is what the draft asserts about it.
    """

    key: str
    number: str | None = None  # case number / signature / CELEX / ECLI as normalized
    law: str | None = None  # statute name as the draft names it, after 같은 법/동법 resolution
    pinpoint: Pinpoint | None = None
    date: str | None = None  # ISO YYYY-MM-DD when the draft gives one
    court: str | None = None  # as written: 대법원, SN, SA w Krakowie, CJEU
    parties: tuple[str, ...] = ()
    decision_type: str | None = None  # 판결 / 결정 / wyrok / postanowienie / uchwała / judgment


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation found in a draft. `text == document[span[0]:span[1]]` always holds."""

    span: Span
    text: str
    jurisdiction: Jurisdiction
    kind: Kind
    anchor: Anchor | None
    problem: str | None = None  # set (and anchor None) when it looks like a citation but cannot be parsed

    @property
    def resolvable(self) -> bool:
        """Whether a source can be looked up for it: an unparsed citation is listed ⚪, never guessed at."""
        return self.anchor is not None and self.problem is None


@dataclass(frozen=True, slots=True)
class Claim:
    """What the draft asserts with one citation: the sentence, its type, and the quote if there is one."""

    citation: Citation
    claim_type: ClaimType
    claim_text: str
    claim_span: Span
    quote: str | None = None
    quote_span: Span | None = None
    origin: str | None = None  # where in the file: "footnote 3", "table 1 row 2", "page 4"
    # Quoted words in the claim that are not the cited unit's: (span in the draft, why) — "alias" (a short
    # name the text defines), "term" (a term it goes on to define), "definition" (the writer's own
    # definition), "party" (a party's letter or statement), "act" (the words of an act the sentence names
    # without an article), "another_citation" (the quote belongs to another citation of the sentence). Read
    # the claim for what it says of the unit, never these words.
    other_quotes: tuple[tuple[Span, str], ...] = ()
    # The citation of the same sentence that owns the sentence's quote ("대법원 … 판결" when the sentence
    # reports what the court held): this claim does not carry the quote.
    quote_owner: str | None = None
    # The sentence names the amendment ("개정 근로기준법은 제2조 제1항 제7호에서 …", "as amended by"): it
    # quotes or states the amended wording knowingly, possibly before that wording takes effect.
    amended_wording: bool = False
    # The citation names the former act ("구 민법 제996조"): it means an earlier wording than the one in force
    # on the review's date, which is no evidence against it (`decide.former`).
    former_wording: bool = False
    # A bare 제N조 read with the act named before it in another clause: the act is inferred, not named
    # (`decide.former`: a unit that act lacks is no evidence against the draft).
    law_inferred: bool = False
    # Cited inside a quotation of another text (the quoted source as the draft names it, or "" when the quote
    # is attached to none): the quoted text's citation, not the draft's. The citation carries the same reason
    # as its `problem`, so that it is listed ⚪ and never looked up or blocked.
    inside_quotation_of: str | None = None
    # Read with the citation before it ("art. 58 § 1 k.c. w zw. z art. 5 k.c.", "Article 6(1)(f) read with
    # Article 21"): the lead makes the sentence's claim and is checked for it; this one only has to exist,
    # so what it adds is the reader's to confirm. The lead's citation as the draft writes it.
    read_with: str | None = None
    # Reported as what a court held ("SN stwierdził, iż przepisy art. 23 i 24 k.p. stosuje się …"): the
    # holding is checked against that judgment, and this citation only has to exist. The case as written.
    held_in: str | None = None


@dataclass(frozen=True, slots=True)
class SourceUnit:
    """A structural unit of a source (조/항/호/목, art./§/ust./pkt/lit., Article/paragraph/point).

    `path` names it from the top, e.g. (("article", "15"), ("paragraph", "1"), ("item", "2")); `start`/`end`
    index `SourceDocument.text`."""

    path: tuple[tuple[str, str], ...]
    label: str  # how a lawyer writes it: "제15조 제1항 제2호", "art. 5 § 1", "Article 6(1)(f)"
    start: int
    end: int
    title: str | None = None


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """A fetched (or uploaded) source, exactly as judged against."""

    id: str  # stable id in its collection: "lawgokr:law:001706@265307", "saos:484393", "celex:32016R0679"
    key: str  # the anchor key it answers
    jurisdiction: Jurisdiction
    kind: Kind
    title: str
    text: str  # the text matched against and shown (revision notes kept for display)
    url: str  # public URL, never carrying a secret
    version: str  # MST / effective date / judgment id / CELEX version
    sha256: str  # of `text`, UTF-8
    fetched_at: str  # ISO 8601 UTC
    origin: str  # "law.go.kr", "saos", "eli", "cellar", "upload", "corpus"
    number: str | None = None
    date: str | None = None
    court: str | None = None
    parties: tuple[str, ...] = ()
    units: tuple[SourceUnit, ...] = ()
    summary: str | None = None  # 판시사항/판결요지, a headnote: what the source is about, for topic checks
    retries: int = 0  # how many transient failures were retried before this came back
    meta: Mapping[str, str] = field(default_factory=dict)


class Cause(enum.StrEnum):
    """Why a source could not be had, set where the failure is created: the lawyer is told the real reason
    (and whether a retry, an attachment or a configuration change is what helps), never one guessed from the
    wording of a message."""

    LOCAL_ONLY = "local_only"  # the mode: nothing was looked up outside this machine
    NOT_IN_CORPUS = "not_in_corpus"  # the offline corpus does not hold it
    NOT_ATTACHED = "not_attached"  # no source was attached for it
    NOT_CONFIGURED = "not_configured"  # no key, no subscription, no service for this kind of source
    NOT_COVERED = "not_covered"  # the database does not cover it (SAOS: the SN after 2016, the WSA/NSA)
    REFUSED = "refused"  # upstream refused the request (a 4xx other than 404)
    TIMED_OUT = "timed_out"  # no answer in time (a request, or the task's own time limit)
    UNREACHABLE = "unreachable"  # the host could not be reached (DNS, connection refused or reset)
    RATE_LIMITED = "rate_limited"  # HTTP 429
    SERVICE_DOWN = "service_down"  # failing repeatedly: the circuit breaker stopped asking
    UPSTREAM_ERROR = "upstream_error"  # 5xx, an empty or unreadable answer, a maintenance page
    INTERNAL_ERROR = (
        "internal_error"  # a bug in our client: the finding says so instead of sinking the review
    )
    NOT_RESOLVED = "not_resolved"  # nothing was asked (the caller had no resolution for it)
    # why a question about a source's history has no answer (the version in force, later treatment)
    NOT_FOUND = "not_found"  # the service answered that it has no such law, version or judgment
    NO_HISTORY = "no_history"  # the service gives no version list / consolidated versions for it
    NO_TEXT = "no_text"  # a version is listed but its text cannot be read
    NO_UNIT = "no_unit"  # the pinpointed unit is in none of the versions read


@dataclass(frozen=True, slots=True)
class Found:
    document: SourceDocument
    # Beside a document a user supplied: what the official source answered for the same anchor (None: it was
    # not asked). A supplied text is evidence, not authority: the verdict is measured against both.
    official: Resolution | None = None


@dataclass(frozen=True, slots=True)
class NotFound:
    """The database answered that no such source exists."""

    key: str
    reason: str
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Transient: timeout, 5xx, 429, empty 200, a maintenance or anti-bot page. Retried; never a 🔴."""

    key: str
    reason: str
    retries: int = 0
    retry_after: float | None = None
    cause: Cause = Cause.UPSTREAM_ERROR


@dataclass(frozen=True, slots=True)
class Misconfigured:
    """Permanent: missing key, un-subscribed API, verification failure, local-only mode."""

    key: str
    reason: str
    cause: Cause = Cause.NOT_CONFIGURED


type Resolution = Found | NotFound | Unavailable | Misconfigured


@runtime_checkable
class Resolver(Protocol):
    def resolve(self, anchor: Anchor) -> Resolution: ...


@dataclass(frozen=True, slots=True)
class MatchEvidence:
    """Where in the source the draft's words were found, and how closely."""

    start: int  # into SourceDocument.text
    end: int
    excerpt: str
    similarity: float
    diff: tuple[tuple[str, str], ...] = ()  # ("equal"|"delete"|"insert", words)
    rules: tuple[str, ...] = ()  # normalization rules that fired to make the match
    segments: tuple[Span, ...] = ()  # one span per segment of a quote with […] gaps


class SourceKind(enum.StrEnum):
    """Where a source snapshot came from (the findings JSON's `source.provenance.kind`)."""

    OFFICIAL = "official"  # an official service's API (law.go.kr, SAOS, Sejm ELI, EU CELLAR)
    CORPUS = "corpus"  # the offline corpus: official texts kept on this machine
    SEARCH_HIT = "search_hit"  # a document of the official search results a user chose
    SUPPLIED = "supplied"  # a file or a text a user supplied: evidence, not authority


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a source came from and who brought it in, as the evidence view, the exports and the audit trail
    say it (`verifier.provenance` puts it in words)."""

    kind: SourceKind
    service: str  # "law.go.kr", "saos", "eli", "cellar", "corpus", "upload"
    url: str
    at: str  # ISO 8601: fetched, loaded into the corpus, chosen or supplied
    sha256: str  # of the text as it came in (a supplied statute is then laid out like an official one)
    by: str | None = None  # who chose or supplied it (None: the command line, or not known)
    form: str | None = None  # supplied: "file" or "paste"
    name: str | None = None  # supplied: the file's name
    collection: str | None = None  # search hit: the search collection
    document_id: str | None = None  # search hit: the document's id in it
    corpus_file: str | None = None  # corpus: the file it was read from

    @property
    def official(self) -> bool:
        return self.kind is not SourceKind.SUPPLIED


@dataclass(frozen=True, slots=True)
class SourceRef:
    id: str
    title: str
    url: str
    fetched_at: str
    sha256: str
    provenance: Provenance | None = None


@dataclass(frozen=True, slots=True)
class VersionPeriod:
    """One wording of the cited unit (statutes) in the timeline of its versions."""

    label: str  # "법률 제19234호, 시행 2023-09-15" / "Dz.U. 2023 poz. 1610" / "CELEX 02016R0679-20160504"
    start: str  # ISO date the wording applies from
    end: str | None  # first day it no longer applies (None: still in force / open)
    checked: bool  # this is the version in force on the review's as-of date
    matches: bool | None  # the draft's quote/words match this wording (None: not compared / no text)
    excerpt: str = ""  # the unit's wording in this version, short (≤ 600 chars)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "start": self.start,
            "end": self.end,
            "checked": self.checked,
            "matches": self.matches,
            "excerpt": self.excerpt,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VersionPeriod:
        matches = data.get("matches")
        return cls(
            label=str(data["label"]),
            start=str(data["start"]),
            end=None if data.get("end") is None else str(data["end"]),
            checked=bool(data["checked"]),
            matches=None if matches is None else bool(matches),
            excerpt=str(data.get("excerpt") or ""),
        )


class TreatmentKind(enum.StrEnum):
    OVERRULED = "overruled"  # expressly changed / overruled before the as-of date
    NEGATIVE = "negative"  # set aside, departed from, changed in part
    CITED = "cited"


@dataclass(frozen=True, slots=True)
class LaterTreatment:
    """A later decision about a cited judgment."""

    number: str  # "2018다248909"
    court: str
    date: str | None  # ISO
    kind: str  # a TreatmentKind value: "overruled" | "negative" | "cited"
    excerpt: str  # the sentence that says so
    full_bench: bool = False
    url: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "court": self.court,
            "date": self.date,
            "kind": self.kind,
            "excerpt": self.excerpt,
            "full_bench": self.full_bench,
            "url": self.url,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LaterTreatment:
        return cls(
            number=str(data["number"]),
            court=str(data.get("court") or ""),
            date=None if data.get("date") is None else str(data["date"]),
            kind=str(data["kind"]),
            excerpt=str(data.get("excerpt") or ""),
            full_bench=bool(data.get("full_bench", False)),
            url=None if data.get("url") is None else str(data["url"]),
        )


def _message_json(message: Message | None) -> dict[str, Any] | None:
    """A message kept (key, values) and rendered in every language, so that a reader of the JSON alone has
    the sentence and a reader of the workbench gets it in their own language."""
    if message is None:
        return None
    return {**message.to_json(), "text": {lang: message.render(lang) for lang in LANGS}}


def _message_of(data: object) -> Message | None:
    if not isinstance(data, Mapping):
        return None
    return Message.from_json(data)


@dataclass(frozen=True, slots=True)
class HistoryCheck:
    """What was asked about the cited provision's versions or the cited judgment's later treatment."""

    as_of: str  # the review's reference date, ISO
    checked: bool  # False: the note says why not ("version not checked: …")
    note: Message | None  # the one sentence the reviewer must read
    timeline: tuple[VersionPeriod, ...] = ()
    treatment: tuple[LaterTreatment, ...] = ()
    scanned: Message | None = None  # what was scanned ("treatment checked in law.go.kr precedents; …")

    def to_json(self) -> dict[str, Any]:
        return {
            "as_of": self.as_of,
            "checked": self.checked,
            "note": _message_json(self.note),
            "timeline": [period.to_json() for period in self.timeline],
            "treatment": [later.to_json() for later in self.treatment],
            "scanned": _message_json(self.scanned),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HistoryCheck:
        return cls(
            as_of=str(data["as_of"]),
            checked=bool(data["checked"]),
            note=_message_of(data.get("note")),
            timeline=tuple(VersionPeriod.from_json(p) for p in data.get("timeline") or ()),
            treatment=tuple(LaterTreatment.from_json(t) for t in data.get("treatment") or ()),
            scanned=_message_of(data.get("scanned")),
        )

    @property
    def checked_period(self) -> VersionPeriod | None:
        return next((period for period in self.timeline if period.checked), None)


@dataclass(frozen=True, slots=True)
class Finding:
    """The verdict on one claim, with everything the evidence view and the findings JSON need."""

    id: str
    span: Span
    citation: str
    jurisdiction: Jurisdiction
    kind: Kind
    claim_type: ClaimType
    claim_text: str
    quote: str | None
    required_level: Level
    achieved_level: Level
    status: Status
    rationale: str
    supporting_urls: tuple[str, ...] = ()
    source: SourceRef | None = None
    match: MatchEvidence | None = None
    origin: str | None = None
    notes: tuple[str, ...] = ()  # soft notes for the reviewer (partial party match, scattered terms…)
    suggestions: tuple[str, ...] = ()  # "did you mean 제17조?"
    nearest: tuple[MatchEvidence, ...] = ()  # nearest passages for calibration/unverified
    coverage: float | None = None  # CONTENT: share of carrier terms found
    anchor_key: str | None = None
    # the rationale and the notes as messages, to be read in the reader's language (`rationale` and `notes`
    # are them rendered in the draft's, as the findings JSON carries them)
    reason: Message | None = field(default=None, compare=False)
    note_messages: tuple[Message, ...] = field(default=(), compare=False)
    # Checked against a supplied source: the status the official source gives the same claim (no_source when
    # it could not be had). A pass here that the official source does not give needs a partner's reason.
    official_status: Status | None = None
    # The provision's versions / the judgment's later treatment as of the review's date (None: the claim has
    # no provision or judgment history to ask about)
    history: HistoryCheck | None = None
    # The citation as its jurisdiction's practice writes it, from the source's facts, and where the draft's
    # words differ (`verifier.form`): a note beside the verdict, never a reason for it (None: no official
    # source, or no form rule for its kind)
    form: FormNote | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        return self.status.label

    @property
    def clears_official_block(self) -> bool:
        return clears_official_block(self.status, self.official_status)

    @property
    def is_hard_block(self) -> bool:
        return is_hard_block(self.status, self.official_status)

"""What was measured about one claim against what its resolver returned: the record `verifier.decide` reads.

`verify.measure` fills it in the gradient's order — the source (or why there is none), the anchor, the
pinpoint, the precedent's topic, then CONTENT and FRAGMENT in the text read for the claim — and decides
nothing. Every offset is into the ORIGINAL source text (`SourceDocument.text`).
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.history.lookup import HistoryMeasure
from verifier.match.anchor import AnchorResult
from verifier.match.content import ContentResult
from verifier.match.fragment import FragmentResult
from verifier.match.polarity import Reversal
from verifier.match.restated import Restatement
from verifier.match.stated import Statements
from verifier.model import (
    Claim,
    Level,
    MatchEvidence,
    Misconfigured,
    NotFound,
    Provenance,
    SourceDocument,
    Unavailable,
)
from verifier.other_unit import OtherUnit
from verifier.pinpoint import PinpointCheck
from verifier.precedent_topic import TopicCheck
from verifier.unit_part import MissingPart


@dataclass(frozen=True, slots=True)
class AlsoQuoted:
    """A second quote the sentence attributes to the cited unit, read there like the first."""

    quote: str
    fragment: FragmentResult
    nearest: tuple[MatchEvidence, ...]  # in the source's coordinates


@dataclass(frozen=True, slots=True)
class Reading:
    """CONTENT and FRAGMENT measured in the text read for a claim: the pinpointed unit with its lead-ins,
    a paragraph of a judgment, or the whole source."""

    draft_lang: str  # the language the claim's words are compared in
    source_lang: str
    pinpointed: bool  # the text read is the unit the citation names
    unit_start: int  # where the text read starts in the source
    content_asked: bool  # the claim type needs CONTENT and the claim has words
    content: ContentResult | None = None  # None: not asked, or the languages differ
    content_evidence: MatchEvidence | None = None  # the best window of the claim's terms
    fragment: FragmentResult | None = None  # None: no quote with words
    fragment_match: MatchEvidence | None = None  # where the quote is, when it is there
    fragment_start: int | None = None
    nearest: tuple[MatchEvidence, ...] = ()  # the passages nearest to a quote that is not there
    # --- the claim's numbers and the polarity of its phrases ----------------------------------------
    # the claim's quantities and the polarity of its phrases against the text read (None: no CONTENT)
    statements: Statements | None = None
    # a clause of the pinpointed unit the claim restates nearly word for word, with a negation, a number or
    # a legal effect turned (None: none, or not read)
    restated: Restatement | None = None
    # the legal effect a Korean draft attaches to the citation ("제103조에 의하여 유효로"), which the unit
    # states only the other way (None: none, or not read)
    attributed: Reversal | None = None
    # another quote of the claim's sentence (not the one `fragment` reads) whose closest passage in the text
    # read differs in a way that changes the law: the quote, its reading, and that passage (None: none)
    also_quoted: AlsoQuoted | None = None

    @property
    def cross_language(self) -> bool:
        return self.draft_lang != self.source_lang


@dataclass(frozen=True, slots=True)
class Measurement:
    claim: Claim
    lang: str  # the language rationales are written in (the draft's)
    required: Level
    problem: str | None = None  # the citation could not be parsed: nothing was looked up
    failure: NotFound | Unavailable | Misconfigured | None = None  # what came back instead of a source
    document: SourceDocument | None = None
    anchor: AnchorResult | None = None  # the draft's number, date, court, parties against the source's
    statute_pinpoint: PinpointCheck | None = None  # the article / paragraph / item the citation names
    # a part of that unit the draft names and the unit does not have ("the second sentence of", "본문")
    missing_part: MissingPart | None = None
    no_structure: bool = False  # a statute pinpoint, but the source came without its units
    topic: TopicCheck | None = None  # a Korean precedent's headnote against the claim
    korean_precedent: bool = False
    reading: Reading | None = None  # where the claim was read (None when only EXISTENCE is asked)
    case_paragraph: str | None = None  # "C-300/21, para. 51": the paragraph of a judgment the claim names
    elsewhere: Reading | None = None  # a paragraph pinpoint: the same claim read in the whole judgment
    elsewhere_paragraph: str | None = None  # the judgment's paragraph that holds `elsewhere`'s quote
    # --- grounding: the claim read with the units its unit refers to ("§ 1 pkt 2", "전항") -----
    referenced: Reading | None = None  # measured only when the unit alone does not carry the claim
    referenced_units: tuple[str, ...] = ()  # their labels: "art. 133 § 1"
    referenced_numbers_missing: tuple[str, ...] = ()  # the claim's numbers that neither unit has
    supporting_urls: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()  # "did you mean …" from upstream's answer
    summary: str = ""  # the source's headnote or title, short, for rationales
    provenance: Provenance | None = None  # where the source came from: official, or supplied by a user
    # A supplied source: the same claim measured against the official source (None: it was not asked)
    official: Measurement | None = None
    # The provision's versions / the judgment's later treatment as of the review's date (None: the
    # claim has no history to ask about, or the caller asked none)
    history: HistoryMeasure | None = None
    # A statute claim not carried by the unit it cites: the unit of the same act that says it, or holds its
    # quote (None: no other unit does, or it was not asked because the cited unit carries the claim)
    other_unit: OtherUnit | None = None
    # A statute quote neither its unit nor another unit holds, word for word in the act's text all the same:
    # a recital, a heading, a chapter's title ("Article 5 …, entitled ‘Principles relating to …’")
    quote_in_act: MatchEvidence | None = None

"""The plan of a review: which sources its claims need, which claims cannot be looked up, and which Korean
texts must be analysed — decided once, before anything is fetched, and run by two runners: the CLI's threads
(`verifier.pipeline.run_plan`) and the workbench's Celery tasks (`workbench.pipeline.worker`), which hand in
their own resolver and callbacks.

    plan(claims) -> Plan
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from verifier.citations.substance import claim_substance
from verifier.lang import has_hangul
from verifier.model import Anchor, Claim, Kind, Level
from verifier.text import normalize


@dataclass(frozen=True, slots=True)
class SourceGroup:
    """Every claim that cites one source (one anchor key): the source is asked for once."""

    key: str
    anchor: Anchor  # the first citation's anchor: what is asked upstream
    claims: tuple[int, ...]  # indices into Plan.claims
    korean: bool  # some of its claims are compared in Korean, so they wait for their analysis


@dataclass(frozen=True, slots=True)
class Plan:
    claims: tuple[Claim, ...]
    groups: tuple[SourceGroup, ...]  # in the order of their first citation
    unresolvable: tuple[int, ...]  # claims whose citation could not be parsed: ⚪, nothing to look up
    korean_texts: tuple[
        str, ...
    ]  # what CONTENT matching and the topic check will hand to Kiwi, analysed ahead

    def claims_of(self, group: SourceGroup) -> list[Claim]:
        return [self.claims[i] for i in group.claims]


# Citations whose claims the precedent topic check reads (`verify.measure`, `precedent_topic.check_topic`).
_PRECEDENT_KINDS = frozenset({Kind.JUDGMENT, Kind.CONSTITUTIONAL_DECISION, Kind.EU_CASE})


def korean_text(claim: Claim) -> str | None:
    """The text CONTENT matching will analyse with Kiwi for this claim."""
    if not claim.citation.resolvable or claim.claim_type.required_level < Level.CONTENT:
        return None
    text = normalize(claim_substance(claim)).text
    return text if has_hangul(text) else None


def korean_texts(claim: Claim) -> tuple[str, ...]:
    """Every text Kiwi will be asked to analyse for this claim: CONTENT matching's (the normalized
    substance) and, for a precedent, the topic check's (the substance as written). Analysed ahead in the
    helper process, a precedent's claim no longer loads the model into this process as well (~1.5 s of CPU
    on a draft citing Korean judgments). A text asked for and then not needed costs the helper a few ms."""
    if not claim.citation.resolvable:
        return ()
    texts = [korean_text(claim)]
    if claim.citation.kind in _PRECEDENT_KINDS:
        substance = claim_substance(claim)
        texts.append(substance if has_hangul(substance) else None)
    return tuple(dict.fromkeys(t for t in texts if t))


def plan(claims: Sequence[Claim]) -> Plan:
    by_key: dict[str, list[int]] = {}
    anchors: dict[str, Anchor] = {}
    unresolvable: list[int] = []
    korean: dict[int, tuple[str, ...]] = {}
    for i, claim in enumerate(claims):
        anchor = claim.citation.anchor
        if anchor is None or not claim.citation.resolvable:
            unresolvable.append(i)
            continue
        by_key.setdefault(anchor.key, []).append(i)
        anchors.setdefault(anchor.key, anchor)
        texts = korean_texts(claim)
        if texts:
            korean[i] = texts
    groups = tuple(
        SourceGroup(key, anchors[key], tuple(indices), any(i in korean for i in indices))
        for key, indices in by_key.items()
    )
    return Plan(
        tuple(claims),
        groups,
        tuple(unresolvable),
        tuple(dict.fromkeys(t for texts in korean.values() for t in texts)),
    )

"""The unit a draft names by its title beside the citation: the evidence of a wrong pinpoint that the act's
own headings give.

Courts and lawyers name a provision by its heading right where they cite it: "형법 제20조의 정당행위",
"민법 제104조에 규정된 불공정한 법률행위", "Article 46 of the GDPR, entitled ‘Transfers subject to appropriate
safeguards’", "반사회질서의 법률행위(민법 제103조)". When the heading named is another article's of the
same act, and not the cited one's, the draft cites one article and names another:

    named_unit(claim, document, cited) -> NamedUnit | None
    heading_given(claim) -> (heading, span) | None     the heading an EU draft writes after the citation

Only a heading the act gives exactly one article, written whole, attached to the citation (a connector of a
few words between them), is evidence; a heading the cited article's own heading or text contains ("절도" in
"야간주거침입절도") is not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.act_index import per_act
from verifier.model import Claim, SourceDocument, SourceUnit, Span

# what joins a Korean citation to the name it gives the provision: "제20조의 정당행위", "제104조에 규정된 …",
# "제30조의 소위 공동정범", "제20조 소정의 정당행위"
_KO_AFTER = re.compile(
    r"\s*(?:의\s*소위|소정의|에서\s*(?:규정한|규정하는|정한|정하는)"
    r"|[에의가이은는]\s*(?:규정된|규정한|규정하는|정한|정하는|따른|의한)?)?\s*"
)
# a Korean name ends where a particle or a non-Hangul character follows it ("정당행위가", "공동정범은")
_KO_END = re.compile(r"(?:[은는이가의을를에와과로도만란]|[^\uac00-\ud7a3]|\Z)")
_KO_MIN_CHARS = 4  # a shorter heading ("절도", "사기", "정의") is a word anyone uses, not a name
# the heading an EU citation gives: "Article 46 of the GDPR, entitled ‘Transfers …’", "…, headed ‘…’",
# "…, under the heading ‘…’", "…, that article being entitled ‘…’"
_EU_AFTER = re.compile(
    r"[^.;:‘“]{0,40}?\b(?:entitled|headed|titled|under the heading)\s*[‘'“\"]([^’'”\"]{3,150})[’'”\"]"
)
_BEFORE_BRACKET = re.compile(r"\(\s*\Z")  # "반사회질서의 법률행위(민법 제103조)"


@dataclass(frozen=True, slots=True)
class NamedUnit:
    unit: SourceUnit  # the article whose heading the draft gives
    title: str  # that heading, as the act writes it
    cited_title: str  # the cited article's own heading ("" when it has none)


def named_unit(claim: Claim, document: SourceDocument, cited: SourceUnit) -> NamedUnit | None:
    """The other article of the act whose heading the draft writes beside the citation, if any."""
    cited_article = next((u for u in document.units if u.path == cited.path[:1]), cited)
    named = _heading_named(claim, _titles(document))
    if named is None:
        return None
    own = (cited_article.title or "").strip()
    title = (named.title or "").strip()
    if named.path == cited_article.path or _key(title) in _key(own):
        return None
    if _key(title) in _key(document.text[cited_article.start : cited_article.end]):
        return None  # the cited article uses that name itself
    return NamedUnit(named, title, own)


def heading_given(claim: Claim) -> tuple[str, Span] | None:
    """The heading an EU draft gives the cited article right after the citation ("Article 82 of the GDPR,
    entitled ‘Right to compensation and liability’"), and where it stands in the draft."""
    start = claim.citation.span[1] - claim.claim_span[0]
    if not 0 <= start <= len(claim.claim_text):
        return None
    eu = _EU_AFTER.match(claim.claim_text, start)
    if eu is None:
        return None
    return eu.group(1), (claim.claim_span[0] + eu.start(1), claim.claim_span[0] + eu.end(1))


def _titles(document: SourceDocument) -> dict[str, list[SourceUnit]]:
    """The act's articles by heading (keyed once per act: a code has a thousand)."""

    def build() -> dict[str, list[SourceUnit]]:
        by_title: dict[str, list[SourceUnit]] = {}
        for unit in document.units:
            if len(unit.path) == 1 and unit.title:
                by_title.setdefault(_key(unit.title), []).append(unit)
        return by_title

    return per_act(document, "articles by heading", build)


def _heading_named(claim: Claim, by_title: dict[str, list[SourceUnit]]) -> SourceUnit | None:
    text = claim.claim_text
    start = claim.citation.span[0] - claim.claim_span[0]
    end = claim.citation.span[1] - claim.claim_span[0]
    if not (0 <= start < end <= len(text)):
        return None
    after, before = text[end:], text[:start]
    eu = _EU_AFTER.match(after)
    if eu is not None:
        return _only(by_title.get(_key(eu.group(1))))
    bracket = _BEFORE_BRACKET.search(before)
    lead = before[: bracket.start()].rstrip() if bracket is not None else None
    glued = _KO_AFTER.match(after)
    rest = after[glued.end() :] if glued is not None else after
    for key, units in by_title.items():
        title = units[0].title or ""
        if len(key) < _KO_MIN_CHARS or not re.search(r"[\uac00-\ud7a3]", title):
            continue
        if rest.startswith(title) and _KO_END.match(rest, len(title)):
            return _only(units)
        if lead is not None and lead.endswith(title):
            return _only(units)
    return None


def _only(units: list[SourceUnit] | None) -> SourceUnit | None:
    """The one article with that heading: a heading two articles share names neither."""
    return units[0] if units is not None and len(units) == 1 else None


def _key(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()

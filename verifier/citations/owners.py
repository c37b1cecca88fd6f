"""Whose claim a sentence's quote is, and what a claim says beside its own citation.

One sentence, one verdict: a sentence that cites a judgment and the article it interprets has one quote,
and the quote belongs to the one it was taken from — the judgment when the sentence reports what the court
held ("대법원 … 판결은 형법 제65조에 관하여 '…'라고 판시하였다"), the article when the quoted words are
the article's ("민법 제103조는 '…'라고 규정하고 있다(대법원 … 판결 참조)"). The other citation is read for
what the sentence says of it, and its claim records who owns the quote (`Claim.quote_owner`).

A citation inside a quotation belongs to the quoted text ("SN wskazał, że „przepis art. 691 k.c. …”"): it is
listed as context with the reason, never looked up or blocked (`quoted_by`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence

from verifier.citations import claims as _claims
from verifier.citations.common import Hit, Prepared
from verifier.citations.quotes import Quote
from verifier.model import Citation, ClaimType, Kind, Span

_CASE_KINDS = frozenset({Kind.JUDGMENT, Kind.EU_CASE, Kind.CONSTITUTIONAL_DECISION})
_STATUTE_KINDS = frozenset({Kind.STATUTE, Kind.EU_ACT})

# after a quote: the court said it ("…'라고 판시하였다", "…” – orzekł SN", '…," the Court held')
_QUOTATIVE = re.compile(r"[ ]?(?:이?라고|고)[ ]?")
# after a quote: the statute provides it ("…'라고 규정하고", "…” – stanowi art. 5", '…" provides Article 7')
_PROVIDES = re.compile(
    r"[ ]?(?:이?라고|고)?[ ]?(?:규정|정하고|정한다|명시)"
    r"|[\s,–—-]{0,4}(?:stanowi|przewiduje|provides|states)\b",
    re.IGNORECASE,
)


def _holding_after(norm: str, quote_end: int, sentence_end: int) -> bool:
    m = _QUOTATIVE.match(norm, quote_end, sentence_end)
    at = m.end() if m is not None else quote_end
    cue = _claims.ALL_CUES.get(ClaimType.COURT_HOLDING)
    window = norm[at : min(sentence_end, at + 20)].lower().lstrip(" ,–—-")
    return cue is not None and cue.match(window) is not None


def settle(
    attached: dict[int, _claims.Attached], hits: Sequence[Hit], norm: str, sentences: Sequence[Span]
) -> dict[int, _claims.Attached]:
    """Move a quote to the citation of its sentence it was taken from: to the judgment when the court is
    reported to have said it, to the statute when the statute is said to provide it. Only between a
    judgment and a statute of one sentence, and only to a citation that has no quote of its own."""
    moved = dict(attached)
    for i, info in attached.items():
        if info.footnote or i not in moved:
            continue
        h, q = hits[i], info.quote.span
        sentence = sentences[i]
        if h.kind in _STATUTE_KINDS and _holding_after(norm, q[1], sentence[1]):
            want = _CASE_KINDS
        elif h.kind in _CASE_KINDS and _PROVIDES.match(norm, q[1], sentence[1]) is not None:
            want = _STATUTE_KINDS
        else:
            continue
        others = [
            k
            for k, o in enumerate(hits)
            if k != i
            and sentences[k] == sentence
            and o.kind in want
            and k not in moved
            # the statute that provides the words is the sentence's subject, named before them
            and (want is _CASE_KINDS or o.end <= q[0])
        ]
        if others:
            # the nearest one before the quote (the subject of the sentence), else the nearest after it
            before = [k for k in others if hits[k].end <= q[0]]
            k = before[-1] if before else others[0]
            moved[k] = moved.pop(i)
    return moved


def out_of_asides(
    attached: dict[int, _claims.Attached], hits: Sequence[Hit], asides: Sequence[Span]
) -> dict[int, _claims.Attached]:
    """A quote given to a citation inside a parenthetical aside ("제54조 제3항(… 제83조 제3항으로 되었다 …)은
    '…'") belongs to the citation the aside qualifies, the one it follows directly."""
    if not asides:
        return attached
    moved = dict(attached)
    for i, info in attached.items():
        h = hits[i]
        aside = next((a for a in asides if a[0] < h.start and h.end < a[1]), None)
        if aside is None or info.quote.span[0] < aside[1]:
            continue
        before = [k for k, o in enumerate(hits) if o.end <= aside[0] and aside[0] - o.end <= 1]
        if before and before[-1] not in moved:
            moved[before[-1]] = moved.pop(i)
    return moved


class QuoteIndex:
    """The draft's quotes by position, so that each citation asks about the few near it: which quote it
    stands in, which quotes its claim holds (a long draft has thousands of each)."""

    def __init__(
        self,
        quotes: Sequence[Quote],
        foreign: Mapping[Quote, str],
        attached: Mapping[int, _claims.Attached],
    ) -> None:
        self.quotes = sorted(quotes, key=lambda q: q.inner)
        self.inner_starts = [q.inner[0] for q in self.quotes]
        self.owner_of = {info.quote: k for k, info in attached.items()}
        spans = [(q.span, why) for q, why in foreign.items()]
        spans += [(info.quote.span, f"@{k}") for k, info in attached.items()]
        spans.sort()
        self.spans = spans
        self.span_starts = [span[0] for span, _ in spans]

    def containing(self, start: int, end: int) -> Quote | None:
        """The quote whose words hold `[start, end)` with 20 characters of its own besides (a quoted title
        that is the citation itself does not count)."""
        i = bisect.bisect_right(self.inner_starts, start)
        for q in reversed(self.quotes[max(0, i - 3) : i]):
            a, b = q.inner
            if a <= start and end <= b and (b - a) - (end - start) >= 20:
                return q
        return None

    def within(self, claim: Span) -> list[tuple[Span, str]]:
        """Quotes inside the claim: (span, role or "@<index of the citation it is attached to>")."""
        lo = bisect.bisect_left(self.span_starts, claim[0])
        hi = bisect.bisect_right(self.span_starts, claim[1])
        return [(span, why) for span, why in self.spans[lo:hi] if span[1] <= claim[1]]


def quoted_by(norm: str, quote: Quote, hits: Sequence[Hit], index: QuoteIndex) -> str:
    """Whose quotation a citation stands in, as the draft names that source ("" when the quote is
    attached to no citation)."""
    k = index.owner_of.get(quote)
    return _label(hits[k], norm) if k is not None else ""


def quotation_reason(owner: str) -> str:
    """The reason a citation inside a quotation is listed and not checked."""
    if owner:
        return f"cited inside a quotation of {owner}: {_NOT_OURS}"
    return f"cited inside a quotation: {_NOT_OURS}"


_NOT_OURS = "the quoted text's citation, not the draft's"
_QUOTED_PREFIX = "cited inside a quotation of "


def quoted_source(problem: str | None) -> str | None:
    """The source whose quotation a citation sits in, read back from its `quotation_reason` (a stored finding
    keeps the reason, not the claim's field): None for any other problem."""
    if not problem or not problem.startswith(_QUOTED_PREFIX) or f": {_NOT_OURS}" not in problem:
        return None
    return problem[len(_QUOTED_PREFIX) : problem.rindex(f": {_NOT_OURS}")]


def _label(h: Hit, norm: str) -> str:
    """How the reason names the quoted source: a judgment by its court and number, a statute as written."""
    a = h.anchor
    if a is not None and a.number:
        return f"{a.court} {a.number}" if a.court else a.number
    return " ".join(norm[h.start : h.end].split()) or "the source quoted"


def other_quotes(claim: Span, index: int, quotes: QuoteIndex) -> list[tuple[Span, str]]:
    """Quoted words inside the claim that are not its cited unit's: a name, a term, a definition, a party's
    words (`quote_roles`), or the quote another citation of the sentence owns."""
    out: list[tuple[Span, str]] = []
    for span, why in quotes.within(claim):
        if not why.startswith("@"):
            out.append((span, why))
        elif why != f"@{index}":
            out.append((span, "another_citation"))
    return out


def owner_of(
    index: int, claim: Span, quotes: QuoteIndex, hits: Sequence[Hit], prepared: Prepared
) -> str | None:
    """The citation (as written) that owns the quote standing in this claim, when it is another one."""
    owners = [int(why[1:]) for _, why in quotes.within(claim) if why.startswith("@")]
    if not owners or index in owners:
        return None
    a, b = prepared.to_source(hits[owners[0]].start, hits[owners[0]].end)
    return prepared.source[a:b]


# "개정 근로기준법은 제2조 …", "개정된 민법 제14조의2", "신법 제3조"; not "개정 전", "개정되기 전의 것"
_AMENDMENT = re.compile(
    r"(?:(?<![가-힣])(?:개정된|개정 후의?|개정(?![ ]?전|되기|이전)|신법)"
    r"|\b(?:as amended(?: by)?|amended|znowelizowan\w*|w brzmieniu nadanym\w*|po nowelizacji))"
    r"[^.;\n]{0,40}\Z",
    re.IGNORECASE,
)


def names_amendment(norm: str, hit: Hit, claim: Span) -> bool:
    """Whether the sentence names the amendment right before the statute it cites."""
    if hit.kind not in _STATUTE_KINDS:
        return False
    if "개정된 것" in norm[hit.start : hit.end]:
        return True  # "근로기준법(2019. 1. 15. 법률 제16270호로 개정된 것) 제2조": the version is named
    lo = max(claim[0], hit.start - 40)
    if _AMENDMENT.search(norm, lo, hit.start) is not None:
        return True
    return _AMENDED_AFTER.match(norm, hit.end, min(claim[1], hit.end + 40)) is not None


# "art. 691 § 1 k.c. w brzmieniu nadanym tą ustawą", "Article 5 as amended by …", "po zmianie dokonanej przez"
_AMENDED_AFTER = re.compile(
    r"[ ,(]{0,3}(?:w brzmieniu nadanym|po zmianie dokonanej|po nowelizacji|as amended|as last amended)",
    re.IGNORECASE,
)


# "구 민법 제996조", "구 근로기준법(… 개정되기 전의 것) 제28조": the former act, an earlier wording
_FORMER = re.compile(r"\A구\s?[가-힣]")


def wording_named(norm: str, hit: Hit, claim: Span, citation: Citation) -> dict[str, bool]:
    """Which text the draft names for the citation (the Claim's fields): the amended wording ("개정 민법"),
    the former act ("구 민법 제996조"), or no act at all for a bare 제N조 read with one named in another
    clause."""
    return {
        "amended_wording": citation.problem is None and names_amendment(norm, hit, claim),
        "former_wording": _FORMER.match(citation.text) is not None,
        "law_inferred": hit.law_inferred,
    }

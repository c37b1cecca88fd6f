"""`Tamże`, `ibid.`, `ibidem`: the source cited just before, cited again.

A footnote that reads "Tamże." or "Ibid., paragraph 45." cites the same source as the citation before it;
it becomes a citation of its own with that citation's anchor, so that the claim it supports is checked
against the right source instead of not at all. When a unit follows the marker ("Tamże, art. 5 ust. 2",
"ibid., Article 7") the unit is the citation, and the extractors give it the act in context (see
`FOLLOWS_IBID`). A marker with no citation before it is listed as `not_checked`.

A Korean draft refers back to a judgment with "위 판결" / "같은 판결": that becomes a citation of the case
cited last before it (in the same paragraph).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from verifier.citations.common import Hit
from verifier.model import Jurisdiction, Kind

_IBID = re.compile(r"(?<![\w.])(?:[Tt]amże|[Tt]amze|[Ii]bid\.|[Ii]bidem|[Ii]b\.)(?![\w])")
# "Tamże, art. 5", "ibid., Article 7": the unit right after the marker is the citation
FOLLOWS_IBID = re.compile(r"(?:[Tt]amże|[Tt]amze|[Ii]bid\.|[Ii]bidem),? \Z")
_REACH = 12  # a citation starting this close after the marker is the marker's own
# "위 판결은 …", "같은 판결에서 …", "위 대법원 전원합의체 판결": the judgment cited before, cited again.
# Only a case (not a statute) is what it refers to, and never one across a paragraph break.
_KR_CASE_AGAIN = re.compile(
    r"(?<![\w])(?:위|같은|앞의|상기)[ ]?(?:대법원[ ]?)?(?:전원합의체[ ]?)?(?:판결|결정)"
    # as the topic, subject or place of what follows ("위 판결은", "같은 판결에서"), not the object of a verb
    # ("같은 결정을 하였다": the court decided the same way)
    r"(?=[ ]?(?:은|는|이|에서|에|의|도|[(,]))"
)
_CASE_KINDS = frozenset({Kind.JUDGMENT, Kind.EU_CASE, Kind.CONSTITUTIONAL_DECISION})


def with_ibid(norm: str, hits: Sequence[Hit]) -> list[Hit]:
    """`hits` (sorted) plus one citation per bare `Tamże`/`ibid.` marker, carrying the anchor of the citation
    before it."""
    out = list(hits)
    starts = [h.start for h in hits]
    added: list[Hit] = []
    j = 0
    for m in _IBID.finditer(norm):
        while j < len(starts) and starts[j] < m.end():
            j += 1
        if any(h.start <= m.start() < h.end for h in hits[max(0, j - 2) : j]):
            continue  # part of a citation's own text
        if j < len(hits) and hits[j].start - m.end() <= _REACH:
            continue  # "Tamże, art. 5": the unit after it is the citation
        prev = hits[j - 1] if j > 0 and hits[j - 1].end <= m.start() else None
        if added and (prev is None or added[-1].start > prev.start):
            prev = added[-1]  # "Ibid." after "Ibid.": still the same source
        if prev is None:
            hit = Hit(
                m.start(),
                m.end(),
                Jurisdiction.OTHER,
                Kind.OTHER,
                None,
                "Tamże/ibid. with no citation before it to refer to",
            )
        else:
            hit = Hit(m.start(), m.end(), prev.jurisdiction, prev.kind, prev.anchor, prev.problem)
        added.append(hit)
    added += _korean_case_again(norm, hits)
    if not added:
        return out
    out.extend(added)
    out.sort(key=lambda h: (h.start, h.end))
    return out


def _korean_case_again(norm: str, hits: Sequence[Hit]) -> list[Hit]:
    if "판결" not in norm and "결정" not in norm:
        return []
    out: list[Hit] = []
    starts = [h.start for h in hits]
    for m in _KR_CASE_AGAIN.finditer(norm):
        j = bisect.bisect_right(starts, m.start())
        if any(h.start <= m.start() < h.end for h in hits[max(0, j - 2) : j]):
            continue  # inside a citation's own text
        case = next((h for h in reversed(hits[:j]) if h.kind in _CASE_KINDS and h.anchor is not None), None)
        if case is None or "\n\n" in norm[case.end : m.start()]:
            continue
        out.append(Hit(m.start(), m.end(), case.jurisdiction, case.kind, case.anchor, case.problem))
    return out


__all__ = ["FOLLOWS_IBID", "with_ibid"]

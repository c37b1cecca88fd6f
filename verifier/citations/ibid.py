"""`Tamże`, `ibid.`, `ibidem`: the source cited just before, cited again.

A footnote that reads "Tamże." or "Ibid., paragraph 45." cites the same source as the citation before it;
it becomes a citation of its own with that citation's anchor, so that the claim it supports is checked
against the right source instead of not at all. When a unit follows the marker ("Tamże, art. 5 ust. 2",
"ibid., Article 7") the unit is the citation, and the extractors give it the act in context (see
`FOLLOWS_IBID`). A marker with no citation before it is listed as `not_checked`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from verifier.citations.common import Hit
from verifier.model import Jurisdiction, Kind

_IBID = re.compile(r"(?<![\w.])(?:[Tt]amże|[Tt]amze|[Ii]bid\.|[Ii]bidem|[Ii]b\.)(?![\w])")
# "Tamże, art. 5", "ibid., Article 7": the unit right after the marker is the citation
FOLLOWS_IBID = re.compile(r"(?:[Tt]amże|[Tt]amze|[Ii]bid\.|[Ii]bidem),? \Z")
_REACH = 12  # a citation starting this close after the marker is the marker's own


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
    if not added:
        return out
    out.extend(added)
    out.sort(key=lambda h: (h.start, h.end))
    return out


__all__ = ["FOLLOWS_IBID", "with_ibid"]

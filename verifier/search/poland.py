"""Polish search: SAOS judgments and Sejm ELI acts behind one object, for the search panel.

search = PolandSearch(saos_resolver, eli_resolver)
search.judgments(…), search.judgment(id)     `verifier.sources.saos.search.SaosSearch`
search.acts(…), search.act(eli)              `verifier.sources.eli.search.EliSearch`
"""

from __future__ import annotations

from verifier.sources.eli.client import EliResolver
from verifier.sources.eli.search import EliSearch
from verifier.sources.saos.client import SaosResolver
from verifier.sources.saos.search import SaosSearch


class PolandSearch(SaosSearch, EliSearch):
    def __init__(self, saos: SaosResolver, eli: EliResolver) -> None:
        SaosSearch.__init__(self, saos)
        EliSearch.__init__(self, eli)

"""One run of the history figure in a process of its own: `python -m bench.history_child JSON`.

JSON: {"urls": {setting: base URL}, "sparql": URL, "store": "<dir>" or "" (no history), "draft": path,
"as_of": "YYYY-MM-DD"}. Prints {"seconds": …} — the wall time of `verify_document` alone (imports and the
draft's reading are not timed, as a server process has them already; the Korean analysis of the claims is,
since a draft checked for the first time has none cached)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.ingest import IngestedDocument


def timed_check(
    document: IngestedDocument, urls: dict[str, str], sparql: str, store: Path | None, as_of: str
) -> float:
    """The wall time of `verify_document` on fresh clients pointed at `urls`, the history kept in `store`
    (None: no history look-ups). The in-process runs of bench/history.py time the same call."""
    from verifier.history.lookup import HistoryLookup
    from verifier.pipeline import verify_document
    from verifier.sources.history_store import DirectoryStore
    from verifier.sources.router import build_router

    router = build_router(
        lawgokr_oc="bench",
        lawgokr_base_url=urls["LAWGOKR_BASE_URL"],
        saos_base_url=urls["SAOS_BASE_URL"],
        eli_base_url=urls["ELI_BASE_URL"],
        cellar_base_url=urls["CELLAR_BASE_URL"],
        timeout=60,
        local_only=False,
    )
    history = None
    if store is not None:
        history = HistoryLookup.for_resolver(router, store=DirectoryStore(store), sparql_url=sparql)
    started = time.perf_counter()
    verify_document(document, router, as_of=as_of, history=history)
    seconds = time.perf_counter() - started
    router.close()
    return seconds


def main(argv: list[str]) -> int:
    from verifier.ingest import ingest_path

    spec = json.loads(argv[0])
    document = ingest_path(Path(spec["draft"]))
    store = Path(spec["store"]) if spec["store"] else None
    seconds = timed_check(document, spec["urls"], spec["sparql"], store, spec["as_of"])
    print(json.dumps({"seconds": seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""What the history look-ups cost on the benchmark draft, against the fakes (100 ms a request).

    .venv/bin/python scripts/history_cost.py [bench/data/draft-100.md] [--latency 0.1] [--json out.json]

Counts the distinct statutes and precedents of the draft, then measures, with the same resolvers the
verifier uses (one SourceHTTP, 4 requests at a time per host):
  1. the sources' resolution itself (what a review asks upstream today), cold;
  2. the history look-ups on top of it, cold: for each statute quote the wording in force on today's date
     (`check_quote`, reading more versions only when the quote is not exactly in it), for each Korean
     precedent its later treatment;
  3. the same look-ups warm: new clients, the history kept in a directory store by the cold run;
  4. resolution followed by the history look-ups on fresh clients, end to end (`resolution_then_history`).
Only the fakes are asked; nothing leaves the machine. Not part of `make bench` (bench/ is the lead's).
The machine is shared: compare figures of one run with each other, not across runs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fakes.server import FakeSources  # noqa: E402
from verifier.citations import extract_claims  # noqa: E402
from verifier.model import Found  # noqa: E402
from verifier.sources.cellar.client import CellarResolver  # noqa: E402
from verifier.sources.cellar.history import EuActHistory  # noqa: E402
from verifier.sources.eli.client import EliResolver, eli_from_key  # noqa: E402
from verifier.sources.eli.history import PolishActHistory  # noqa: E402
from verifier.sources.history_store import DirectoryStore  # noqa: E402
from verifier.sources.http import SourceHTTP  # noqa: E402
from verifier.sources.lawgokr.client import LawGoKrResolver  # noqa: E402
from verifier.sources.lawgokr.history import KoreanStatuteHistory  # noqa: E402
from verifier.sources.lawgokr.treatment import KoreanPrecedentTreatment  # noqa: E402
from verifier.sources.router import SourceRouter  # noqa: E402
from verifier.sources.saos.client import SaosResolver  # noqa: E402
from verifier.sources.versions import NotChecked  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("draft", nargs="?", default=str(ROOT / "bench" / "data" / "draft-100.md"))
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args()
    text = Path(args.draft).read_text(encoding="utf-8")
    claims = [c for c in extract_claims(text) if c.citation.anchor is not None]
    anchors = list(dict.fromkeys(c.citation.anchor for c in claims if c.citation.anchor))
    today = dt.date.today().isoformat()

    with (
        FakeSources(data_dir=ROOT / "tests" / "data", latency=args.latency) as fake,
        tempfile.TemporaryDirectory() as tmp,
    ):
        urls = fake.base_urls
        http = SourceHTTP(timeout=60, sleep=time.sleep)
        kr = LawGoKrResolver(http, base_url=urls["LAWGOKR_BASE_URL"], oc="bench")
        eli = EliResolver(http, base_url=urls["ELI_BASE_URL"])
        cellar = CellarResolver(http, base_url=urls["CELLAR_BASE_URL"])
        router = SourceRouter(
            {
                "kr": kr,
                "pl:case": SaosResolver(http, base_url=urls["SAOS_BASE_URL"]),
                "pl:act": eli,
                "eu": cellar,
            }
        )

        fake.clear_requests()
        started = time.perf_counter()
        resolved = router.resolve_many(anchors)
        base_time = time.perf_counter() - started
        base_requests = len(fake.requests)

        def lookups(store_dir: Path) -> tuple[float, int, Counter[str], list[str]]:
            store = DirectoryStore(store_dir)
            kr_history = KoreanStatuteHistory(kr, store=store)
            kr_treatment = KoreanPrecedentTreatment(kr, store=store)
            pl_history = PolishActHistory(eli, store=store)
            eu_history = EuActHistory(cellar, sparql_url=urls["CELLAR_BASE_URL"] + "/sparql", store=store)
            outcomes: Counter[str] = Counter()
            notes: list[str] = []

            def one(claim: Any) -> tuple[str, str]:
                anchor = claim.citation.anchor
                key = anchor.key
                found = resolved.get(anchor)
                document = found.document if isinstance(found, Found) else None
                if key.startswith("kr:law:") and claim.quote:
                    law_id = document.meta.get("법령ID") if document else None
                    result = kr_history.check_quote(
                        anchor.law or key[7:],
                        anchor.pinpoint,
                        claim.quote,
                        as_of=today,
                        law_id=law_id,
                        known=document,
                    )
                elif key.startswith("kr:prec:"):
                    result = kr_treatment.later_treatment(anchor.number or key[8:], decided=anchor.date)
                elif (
                    key.startswith("pl:act:") and claim.quote and anchor.pinpoint and anchor.pinpoint.article
                ):
                    result = pl_history.check_quote(
                        eli_from_key(key) or key, anchor.pinpoint, claim.quote, as_of=today, known=document
                    )
                elif key.startswith("eu:celex:3") and claim.quote and anchor.pinpoint:
                    result = eu_history.check_quote(
                        key[9:], anchor.pinpoint, claim.quote, as_of=today, known=document
                    )
                else:
                    return "no history question", ""
                if isinstance(result, NotChecked):
                    return f"not checked ({result.cause.value})", result.message
                name = type(result).__name__
                if name == "QuoteCheck":
                    if result.in_force is None or result.in_force.reading is None:
                        return "wording in force not checked", (
                            result.in_force.unknown if result.in_force else ""
                        )
                    return (
                        "quote in the wording in force" if result.matches_in_force else "quote NOT in it"
                    ), ""
                return ("changed by a later judgment" if result.changed else "no later change found"), ""

            fake.clear_requests()
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=4) as pool:
                for outcome, note in pool.map(one, claims):
                    outcomes[outcome] += 1
                    if note:
                        notes.append(note)
            return time.perf_counter() - started, len(fake.requests), outcomes, notes

        cold_time, cold_requests, outcomes, notes = lookups(Path(tmp))
        by_target = Counter(r.param("target") or r.path.split("/")[1] for r in fake.requests)
        warm_time, warm_requests, _, _ = lookups(Path(tmp))

        # 4. resolution and history together, as a pipeline would run them (history of each anchor as soon
        # as its source is in), on fresh clients and an empty store: the cost that matters for a review
        http2 = SourceHTTP(timeout=60, sleep=time.sleep)
        kr = LawGoKrResolver(http2, base_url=urls["LAWGOKR_BASE_URL"], oc="bench")
        eli = EliResolver(http2, base_url=urls["ELI_BASE_URL"])
        cellar = CellarResolver(http2, base_url=urls["CELLAR_BASE_URL"])
        router = SourceRouter(
            {
                "kr": kr,
                "pl:case": SaosResolver(http2, base_url=urls["SAOS_BASE_URL"]),
                "pl:act": eli,
                "eu": cellar,
            }
        )
        fake.clear_requests()
        started = time.perf_counter()
        resolved = router.resolve_many(anchors)
        alone = time.perf_counter() - started
        with tempfile.TemporaryDirectory() as tmp2:
            fake.clear_requests()
            http3 = SourceHTTP(timeout=60, sleep=time.sleep)
            kr = LawGoKrResolver(http3, base_url=urls["LAWGOKR_BASE_URL"], oc="bench")
            eli = EliResolver(http3, base_url=urls["ELI_BASE_URL"])
            cellar = CellarResolver(http3, base_url=urls["CELLAR_BASE_URL"])
            router = SourceRouter(
                {
                    "kr": kr,
                    "pl:case": SaosResolver(http3, base_url=urls["SAOS_BASE_URL"]),
                    "pl:act": eli,
                    "eu": cellar,
                }
            )
            started = time.perf_counter()
            resolved = router.resolve_many(anchors)
            lookups(Path(tmp2))
            together_time = time.perf_counter() - started

    kinds = Counter(a.key.split(":")[0] + ":" + a.key.split(":")[1] for a in anchors)
    statutes = sorted(
        {
            a.key
            for a in anchors
            if a.key.split(":")[1] in ("law", "act", "celex") and not a.key.startswith("eu:celex:6")
        }
    )
    figures = {
        "draft": args.draft,
        "citations": len(claims),
        "distinct_anchors": dict(kinds),
        "distinct_statutes": statutes,
        "distinct_kr_precedents": sorted(a.key for a in anchors if a.key.startswith("kr:prec:")),
        "latency_s": args.latency,
        "resolution_cold": {"requests": base_requests, "seconds": round(base_time, 2)},
        "history_cold": {
            "requests": cold_requests,
            "seconds": round(cold_time, 2),
            "by_target": dict(by_target),
        },
        "history_warm": {"requests": warm_requests, "seconds": round(warm_time, 2)},
        "resolution_then_history": {
            "resolution_alone_s": round(alone, 2),
            "resolution_plus_history_s": round(together_time, 2),
            "extra": round(together_time / alone - 1, 3) if alone else None,
        },
        "history_over_resolution": {
            "requests": round(cold_requests / base_requests, 3) if base_requests else None,
            "seconds": round(cold_time / base_time, 3) if base_time else None,
        },
        "outcomes": dict(outcomes),
        "not_checked_reasons": sorted(set(notes)),
    }
    print(json.dumps(figures, ensure_ascii=False, indent=1))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(figures, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

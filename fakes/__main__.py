"""`python -m fakes [--port N] [--latency S] [--fault-rate R] [--seed N] [--data DIR]`: serve the fake source
APIs in the foreground and print the four *_BASE_URL lines to export."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from fakes.faults import FaultPolicy
from fakes.server import DEFAULT_DATA_DIR, FakeSources, serve_forever


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m fakes", description=__doc__)
    parser.add_argument("--port", type=int, default=8765, help="0 = any free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every answer")
    parser.add_argument(
        "--fault-rate", type=float, default=0.0, help="share of requests answered badly (0-1)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the fault schedule")
    parser.add_argument(
        "--timeout-seconds", type=float, default=30.0, help="how long an injected timeout hangs"
    )
    parser.add_argument("--data", default=str(DEFAULT_DATA_DIR), help="folder holding corpus/ and recorded/")
    args = parser.parse_args(argv)
    if not 0.0 <= args.fault_rate <= 1.0:
        parser.error("--fault-rate must be between 0 and 1")
    faults = FaultPolicy(rate=args.fault_rate, seed=args.seed, timeout_seconds=args.timeout_seconds)
    fake = FakeSources(args.data, host=args.host, port=args.port, latency=args.latency, faults=faults)
    serve_forever(fake, out=lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()

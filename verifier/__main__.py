"""`python -m verifier ground TASK.json [--format md|json]` — the seed-compatible grounding command."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from verifier.ground import main as ground_main

USAGE = "usage: python -m verifier ground TASK.json [--format md|json] [--lang pl|en|ko]"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] != "ground":
        print(f"error: unknown command {args[0]!r}\n{USAGE}" if args else USAGE, file=sys.stderr)
        return 2
    return ground_main(args[1:])


if __name__ == "__main__":
    sys.exit(main())

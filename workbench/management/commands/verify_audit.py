from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from workbench import audit_heads
from workbench.audit import ChainCheck, verify_chain
from workbench.management.database import ensure_database
from workbench.models import Review


class Command(BaseCommand):
    help = (
        "Recompute a review's keyed audit chain and compare its head with the checkpoint kept outside the "
        "database: exit 0 when intact, 1 naming the first broken event. `firm`: the chain of role and "
        "membership changes; `all`: every chain that has a checkpoint, and every review."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("review_id", help="a review's id, `firm` or `all`")

    def handle(self, *args: Any, **options: Any) -> None:
        ensure_database()  # a fresh checkout: "No review N.", not "no such table"
        which = str(options["review_id"])
        if which == "all":
            chains = {c for c in audit_heads.anchored_chains()} | {
                str(pk) for pk in Review.objects.values_list("pk", flat=True)
            }
            results = [
                self.check_chain(chain) for chain in sorted(chains, key=lambda c: (c != "firm", c.zfill(12)))
            ]
            if not all(results):
                sys.exit(1)
            return
        if which != audit_heads.FIRM and not which.isdigit():
            raise CommandError(f"Not a review id: {which}.")
        if not self.check_chain(which):
            sys.exit(1)

    def check_chain(self, chain: str) -> bool:
        if chain == audit_heads.FIRM:
            return self.report("The firm's audit chain", verify_chain(None))
        review = Review.objects.filter(pk=int(chain)).first()
        if review is None and audit_heads.read(int(chain)) is None:
            raise CommandError(f"No review {chain}.")
        # A review whose row is gone but whose head was anchored: its events went with it.
        return self.report(f"Audit chain of review {chain}", verify_chain(review, review_id=int(chain)))

    def report(self, name: str, check: ChainCheck) -> bool:
        if check.ok:
            anchored = "anchored" if check.anchored else "NOT anchored (no checkpoint)"
            self.stdout.write(f"{name} intact: {check.events} events, head {check.head}, {anchored}.")
            return True
        self.stderr.write(f"{name} BROKEN at event #{check.broken_seq}: {check.reason}.")
        return False

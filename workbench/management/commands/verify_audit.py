from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from workbench.audit import verify_chain
from workbench.management.database import ensure_database
from workbench.models import Review


class Command(BaseCommand):
    help = "Recompute a review's audit hash chain: exit 0 when intact, 1 naming the first broken event."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("review_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        ensure_database()  # a fresh checkout: "No review N.", not "no such table"
        try:
            review = Review.objects.get(pk=options["review_id"])
        except Review.DoesNotExist:
            raise CommandError(f"No review {options['review_id']}.") from None
        check = verify_chain(review)
        if check.ok:
            self.stdout.write(
                f"Audit chain of review {review.pk} intact: {check.events} events, head {check.head}."
            )
            return
        self.stderr.write(
            f"Audit chain of review {review.pk} BROKEN at event #{check.broken_seq}: {check.reason}."
        )
        sys.exit(1)

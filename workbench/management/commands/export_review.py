from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from workbench.audit import append
from workbench.exports import draft_changes
from workbench.exports import record as record_exports
from workbench.exports import report as exports
from workbench.exports.common import CHUNK_BYTES
from workbench.management.database import ensure_database
from workbench.models import Review


class Command(BaseCommand):
    help = (
        "Export a review as the findings JSON, CSV, a PDF report, the draft as .docx with comments, the "
        "table of authorities (toa-pdf, toa-docx), the audit trail (audit-csv) or the draft with its fixes "
        "as tracked changes (docx-changes)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("review_id", type=int)
        parser.add_argument(
            "--format",
            choices=[*exports.FORMATS, *record_exports.FORMATS, *draft_changes.FORMATS],
            required=True,
        )
        parser.add_argument("--output", required=True)
        parser.add_argument("--lang", choices=["en", "pl", "ko"], default="en", help="the export's language")

    def handle(self, *args: Any, **options: Any) -> None:
        ensure_database()  # a fresh checkout: "No review N.", not "no such table"
        try:
            review = Review.objects.select_related("matter").get(pk=options["review_id"])
        except Review.DoesNotExist:
            raise CommandError(f"No review {options['review_id']}.") from None
        render = draft_changes.render if options["format"] in draft_changes.FORMATS else exports.render
        rendered = render(review, options["format"], lang=options["lang"])
        with rendered.file, Path(options["output"]).open("wb") as output:
            shutil.copyfileobj(rendered.file, output, CHUNK_BYTES)
        # Run by an operator on the server: recorded as a system export.
        append(
            review,
            "exported",
            {
                "format": options["format"],
                "language": options["lang"],
                "sha256": rendered.sha256,
                "bytes": rendered.size,
                **rendered.details,
                "via": "manage.py export_review",
            },
        )
        self.stdout.write(f"Wrote {options['output']} ({rendered.size} bytes).")

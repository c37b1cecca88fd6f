from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from workbench.management.database import ensure_database
from workbench.pipeline.corpus import import_corpus


class Command(BaseCommand):
    help = "Load a folder of statutes and judgments (laid out like the reference corpus) as source snapshots."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory")

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["directory"])
        if not directory.is_dir():
            raise CommandError(f"{directory}: not a directory")
        ensure_database()
        added, existing = import_corpus(directory)
        self.stdout.write(f"Imported {added} source documents ({existing} were already stored).")

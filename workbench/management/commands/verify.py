"""`manage.py verify`: the headless verification of CONTRACT §1, in-process, same steps as the worker."""

from __future__ import annotations

import datetime as dt
import sys
import threading
from pathlib import Path
from typing import Any, cast

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections
from django.utils import timezone

from verifier import report as reports
from verifier.citations import extract_citations
from verifier.history.lookup import HistoryLookup
from verifier.ingest import IngestError, ingest_path
from verifier.model import Anchor, Claim, Found, Resolution, Resolver, SourceDocument
from verifier.pipeline import verify_document
from verifier.sources import act_names
from verifier.sources.supplied.uploads import document_from_upload
from workbench.management.database import ensure_database
from workbench.pipeline.sources import history_lookup, resolve_for, router


class UsageError(Exception):
    pass


class CachedResolver:
    """The snapshot cache, then upstream (stored for next time); a document given with --source is evidence
    beside that official answer, never instead of it (evidence, not authority), and only for the citation it
    was given for:
    `--source "민법 제1200조=paste.txt"` serves 민법 제1200조, not 민법 제103조 (`for_claim`)."""

    def __init__(
        self,
        uploads: dict[str, SourceDocument],
        upstream: Resolver,
        given_for: dict[str, Anchor] | None = None,
    ) -> None:
        self.uploads = uploads
        self.upstream = upstream
        self.given_for = given_for or {}
        self._lock = threading.Lock()

    def resolve(self, anchor: Anchor) -> Resolution:
        try:
            official = resolve_for(anchor, matter=None, upstream=self.upstream).resolution
        finally:
            connections.close_all()  # this pool thread's own connection; the thread may not be reused
        if anchor.key in self.uploads:
            return Found(self.uploads[anchor.key], official=official)
        return official

    def for_claim(self, claim: Claim, resolution: Resolution | None) -> Resolution | None:
        """The official answer for a claim the --source document was not given for."""
        if not isinstance(resolution, Found) or resolution.official is None:
            return resolution
        given = self.given_for.get(resolution.document.key)
        anchor = claim.citation.anchor
        if given is None or anchor is None or _same_citation(given, anchor):
            return resolution
        return resolution.official


class Withholding:
    """The resolver (or the history look-up), searching no act name that contains a name this draft defines
    (verifier.sources.act_names): set around each call, in whichever of the pipeline's threads it runs."""

    def __init__(self, inner: Any, defined: frozenset[str]) -> None:
        self.inner, self.defined = inner, defined

    def resolve(self, anchor: Anchor) -> Resolution:
        with act_names.withholding(self.defined):
            return self.inner.resolve(anchor)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)

        def withheld(*args: Any, **kwargs: Any) -> Any:
            with act_names.withholding(self.defined):
                return method(*args, **kwargs)

        return withheld


def _same_citation(given: Anchor, cited: Anchor) -> bool:
    """A statute is given for an article (all of it, when the option names none); anything else whole."""
    article = given.pinpoint.article if given.pinpoint else None
    return article is None or (cited.pinpoint is not None and cited.pinpoint.article == article)


def parse_source_option(value: str) -> tuple[Anchor, Path]:
    citation_text, sep, file_name = value.rpartition("=")
    if not sep or not citation_text.strip() or not file_name.strip():
        raise UsageError(f"--source expects ANCHOR=FILE, got {value!r}")
    found = [
        c for c in extract_citations(citation_text.strip()) if c.anchor is not None and c.problem is None
    ]
    if not found:
        raise UsageError(f"--source: cannot recognise a citation in {citation_text.strip()!r}")
    assert found[0].anchor is not None
    return found[0].anchor, Path(file_name.strip())


class Command(BaseCommand):
    help = "Verify every citation of one or more drafts (.txt, .md, .docx, .pdf) and report the findings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH")
        parser.add_argument("--format", choices=["json", "md", "csv"], default="md")
        parser.add_argument("--output", metavar="FILE")
        parser.add_argument("--lang", choices=["auto", "ko", "pl", "en"], default="auto")
        parser.add_argument("--local-only", action="store_true", help="never send anything outside")
        parser.add_argument("--source", action="append", default=[], metavar="ANCHOR=FILE")
        parser.add_argument(
            "--as-of",
            metavar="YYYY-MM-DD",
            help="the date the law is checked on (default: today): the wording in force that day",
        )
        parser.add_argument("--workers", type=int, default=16, help=argparse_suppress())

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            code = self.run(options)
        except (UsageError, IngestError) as exc:
            sys.stderr.write(f"verify: {exc}\n")
            sys.exit(2)
        sys.exit(code)

    def run(self, options: dict[str, Any]) -> int:
        as_of = parse_as_of(options.get("as_of"))
        documents = []
        for raw in options["paths"]:
            path = Path(raw)
            if not path.is_file():
                raise UsageError(f"{raw}: no such file")
            documents.append(ingest_path(path, max_bytes=settings.WORKBENCH_MAX_UPLOAD_BYTES))
        uploads: dict[str, SourceDocument] = {}
        given_for: dict[str, Anchor] = {}
        for value in options["source"]:
            anchor, file_path = parse_source_option(value)
            if not file_path.is_file():
                raise UsageError(f"--source {file_path}: no such file")
            ingested = ingest_path(file_path, max_bytes=settings.WORKBENCH_MAX_UPLOAD_BYTES)
            if anchor.key in uploads:
                raise UsageError(f"--source: one file per source; {anchor.key} is given twice")
            uploads[anchor.key] = document_from_upload(anchor, ingested.text, file_path.name, form="file")
            given_for[anchor.key] = anchor
        ensure_database()
        local_only = options["local_only"] or settings.WORKBENCH_LOCAL_ONLY
        upstream = router(local_only=local_only)
        resolver = CachedResolver(uploads, upstream, given_for)
        history = history_lookup(local_only=local_only)
        results = [
            verify_document(
                doc,
                Withholding(resolver, act_names.defined_names(doc.text)),
                lang=options["lang"],
                workers=options["workers"],
                for_claim=resolver.for_claim,
                as_of=as_of,
                history=cast(HistoryLookup, Withholding(history, act_names.defined_names(doc.text))),
            )
            for doc in documents
        ]
        rendered = {"json": reports.to_json, "md": reports.to_markdown, "csv": reports.to_csv}[
            options["format"]
        ](results)
        if options["output"]:
            try:
                Path(options["output"]).write_text(rendered, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"cannot write {options['output']}: {exc.strerror}") from exc
        else:
            self.stdout.write(rendered, ending="" if rendered.endswith("\n") else "\n")
        # a --source file that passes where the official source blocks is not a pass: no partner confirmed it
        hard = any(f.is_hard_block for r in results for f in r.findings)
        return 1 if hard else 0


def parse_as_of(value: str | None) -> str:
    """--as-of: an ISO date, not after today (the law of a day to come is not known: what is promulgated
    and scheduled is shown in the timeline, never as the law of the review's date)."""
    today = timezone.localdate()
    if value is None:
        return today.isoformat()
    try:
        day = dt.date.fromisoformat(value.strip())
    except ValueError:
        raise UsageError(f"--as-of expects a date as YYYY-MM-DD, got {value!r}") from None
    if day > today:
        raise UsageError(
            f"--as-of {day.isoformat()} is after today ({today.isoformat()}): "
            "the law of a day to come is not known yet"
        )
    return day.isoformat()


def argparse_suppress() -> str:
    import argparse

    return argparse.SUPPRESS

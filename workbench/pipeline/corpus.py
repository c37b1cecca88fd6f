"""Loading an offline corpus (a folder laid out like the project's reference corpus) into source snapshots."""

from __future__ import annotations

from pathlib import Path

from verifier.model import Anchor, Found
from verifier.sources.local import CorpusResolver
from workbench.models import SourceSnapshot
from workbench.pipeline.sources import store


def import_corpus(directory: Path) -> tuple[int, int]:
    """Store every document of the corpus as a snapshot, once under each key that names it (C-300/21 is also
    62021CJ0300 and its ECLI); return (stored now, already there)."""
    added = existing = 0
    corpus = CorpusResolver(directory)
    for key in sorted(corpus.keys()):
        found = corpus.resolve(Anchor(key=key))
        if not isinstance(found, Found):
            continue
        document = found.document
        before = SourceSnapshot.objects.filter(
            key=document.key, source_id=document.id, sha256=document.sha256, matter__isnull=True
        ).exists()
        store(document)
        if before:
            existing += 1
        else:
            added += 1
    return added, existing

"""The embedded default asks its corpus before any source service: the k.c. a Polish memo cites is read from
demo/corpus at once, not waited for from the Sejm's ELI service (which here cannot be reached at all)."""

from __future__ import annotations

import time

from verifier.model import Anchor, Found
from verifier.sources.local import shared_corpus


def test_a_source_the_corpus_holds_is_not_asked_upstream(settings):
    from workbench.pipeline.sources import reset_router, router

    settings.WORKBENCH_ASK_CORPUS_FIRST = True
    settings.WORKBENCH_LOCAL_ONLY = False
    unreachable = "http://127.0.0.1:9"  # the discard port: nothing answers there
    settings.ELI_BASE_URL = settings.SAOS_BASE_URL = settings.CELLAR_BASE_URL = unreachable
    settings.LAWGOKR_BASE_URL = unreachable
    reset_router()
    try:
        shared_corpus(settings.WORKBENCH_CORPUS_DIR).keys()  # read once per process, as a worker does
        started = time.monotonic()
        for key in ("pl:act:k.c.", "kr:law:근로기준법", "eu:case:C-311/18"):
            found = router().resolve(Anchor(key=key))
            assert isinstance(found, Found), (key, found)
            assert found.document.origin == "corpus"
        assert time.monotonic() - started < 2  # no request waited for: none can be answered here
    finally:
        reset_router()


def test_without_it_the_router_has_no_corpus(settings):
    from workbench.pipeline.sources import _corpus_first

    settings.WORKBENCH_ASK_CORPUS_FIRST = False
    assert _corpus_first() is None

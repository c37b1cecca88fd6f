"""Polish and EU history on what real data there is: art. 5 k.c. in its 1964 wording (ELI text.html of
DU/1964/93) and the 1990 amending act (DU/1990/321, seed JSON of its real text: "w art. 5 wyrazy „w Polskiej
Rzeczypospolitej Ludowej” skreśla się", in force 1990-10-01); the GDPR's OJ text and the one consolidated
version public sources name (02016R0679-20160504), whose text no public source holds. Where the history
cannot be read the answer is "version not checked" with the reason — never a silent match."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import httpx
import pytest

from fakes import cellar, eli
from verifier.model import Cause, Pinpoint
from verifier.sources.cellar.client import CellarResolver
from verifier.sources.cellar.history import EuActHistory
from verifier.sources.eli.client import EliResolver
from verifier.sources.eli.history import PolishActHistory, instruction_for
from verifier.sources.history_store import MemoryStore
from verifier.sources.http import SourceHTTP
from verifier.sources.versions import NotChecked, QuoteCheck, UnitState

DATA = Path(__file__).resolve().parents[2] / "data"
TODAY = dt.date(2026, 12, 1)

ART_5_1964 = (
    "Nie można czynić ze swego prawa użytku, który by był sprzeczny ze społeczno-gospodarczym przeznaczeniem "
    "tego prawa lub z zasadami współżycia społecznego w Polskiej Rzeczypospolitej Ludowej."
)


def polish(*, amendment_html: bool) -> tuple[PolishActHistory, list[httpx.Request]]:
    seen: list[httpx.Request] = []
    app = eli.make_app(DATA / "corpus", amendment_html=amendment_html)

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=0)
    return PolishActHistory(
        EliResolver(http, base_url="http://eli"), store=MemoryStore(), today=lambda: TODAY
    ), seen


def checked(result: QuoteCheck | NotChecked) -> QuoteCheck:
    assert isinstance(result, QuoteCheck), result
    return result


def test_art_5_kc_in_the_1964_wording_is_not_the_wording_after_1990() -> None:
    history, seen = polish(amendment_html=True)
    result = checked(history.check_quote("DU/1964/93", Pinpoint("5"), ART_5_1964, as_of="2026-12-01"))
    assert not result.matches_in_force
    assert result.in_force_status.value == "modified"  # four words apart from the wording in force
    [original] = result.exact_elsewhere
    assert [(p.start, p.last_day) for p in original.wording.periods] == [(None, "1990-09-30")]
    assert result.in_force is not None
    assert result.in_force.reading is not None
    assert "współżycia społecznego. Takie działanie" in result.in_force.reading.comparable
    assert result.in_force.reading.derived is not None
    assert (
        "w art. 5 wyrazy „w Polskiej Rzeczypospolitej Ludowej” skreśla się" in result.in_force.reading.derived
    )
    # said plainly: derived from the amending act; the 2000 act's text stops mid-sentence at art. 555¹, past
    # art. 5 (its points follow the articles' order), so it leaves art. 5 as it was and is no gap of it
    assert any("not read from a consolidated text" in gap for gap in result.gaps)
    assert not any("Dz.U. 2000 poz. 271" in gap for gap in result.gaps)
    # only act addresses went out
    assert all("/acts/DU/" in str(r.url) for r in seen)


def test_art_5_kc_as_of_1980_is_the_1964_wording() -> None:
    history, _ = polish(amendment_html=True)
    result = checked(history.check_quote("DU/1964/93", Pinpoint("5"), ART_5_1964, as_of="1980-01-01"))
    assert result.matches_in_force


def test_without_the_amending_acts_text_the_later_wording_is_not_checked() -> None:
    history, _ = polish(amendment_html=False)  # DU/1990/321 has textHTML: false, as such acts do
    result = checked(history.check_quote("DU/1964/93", Pinpoint("5"), ART_5_1964, as_of="2026-12-01"))
    assert result.in_force is not None
    assert result.in_force.reading is None
    assert "Dz.U. 1990 poz. 321" in result.not_checked
    assert "no HTML text" in result.not_checked
    [original] = result.matches
    assert original.wording.periods[0].last_day == "1990-09-30"


def test_an_article_the_amendment_inserted_and_one_it_repealed() -> None:
    history, _ = polish(amendment_html=True)
    inserted = history.timeline("DU/1964/93", Pinpoint("353-1"))
    assert not isinstance(inserted, NotChecked)
    at = inserted.at("1990-10-01")
    assert at is not None
    assert at.reading is not None
    assert at.reading.comparable.startswith("Art. 353¹. Strony zawierające umowę mogą ułożyć stosunek prawny")
    before = inserted.at("1980-01-01")
    assert before is not None
    assert before.reading is not None
    assert before.reading.state is UnitState.ABSENT
    repealed = history.timeline("DU/1964/93", Pinpoint("2"))
    assert not isinstance(repealed, NotChecked)
    now = repealed.at("2026-12-01")
    assert now is not None
    assert now.reading is not None
    assert now.reading.state is UnitState.REPEALED


@pytest.mark.parametrize(
    ("article", "kind"),
    [("5", "words_deleted"), ("1", "new_wording"), ("4", "repealed"), ("36", "repealed"), ("6", None)],
)
def test_the_instructions_of_the_real_1990_amendment(article: str, kind: str | None) -> None:
    seed = json.loads((DATA / "corpus/pl/statutes/seed/pl-du-1990-321.json").read_text(encoding="utf-8"))
    art_1 = next(p["content"] for p in seed["provisions"] if p["title"] == "Art. 1")
    found = instruction_for(art_1, article)
    assert (found.kind if found else None) == kind


# ------------------------------------------------------------------------------------------------ EU

# Facts from public sources, not from a recorded CELLAR answer (none was found): the consolidated version
# 02016R0679-20160504 is named by many public repositories (e.g. a Swedish audit note: "Konsoliderad text,
# CELEX 02016R0679-20160504 … innehåller originaltexten med rättelsen införd"); Article 94(1) of the GDPR
# (tests/data/corpus/eu/legislation/32016R0679) repeals Directive 95/46/EC; the GDPR is dated 27 April 2016.
CONSOLIDATED = {"32016R0679": [("02016R0679-20160504", "2016-05-04")]}
REPEALED_BY = {"31995L0046": [("32016R0679", "2016-04-27")]}


def european() -> EuActHistory:
    app = cellar.make_app(
        DATA / "corpus", DATA / "recorded", consolidated=CONSOLIDATED, repealed_by=REPEALED_BY
    )
    http = SourceHTTP(transport=httpx.WSGITransport(app=app), sleep=lambda _: None, max_retries=0)
    return EuActHistory(
        CellarResolver(http, base_url="http://cellar"), sparql_url="http://cellar/sparql", today=lambda: TODAY
    )


def test_a_gdpr_quote_is_not_checked_against_the_consolidated_version_it_cannot_read() -> None:
    quote = "Processing shall be lawful only if and to the extent that at least one of the following applies"
    result = checked(european().check_quote("32016R0679", Pinpoint("6", "1"), quote, as_of="2026-12-01"))
    assert result.in_force is not None
    assert result.in_force.reading is None
    assert "02016R0679-20160504" in result.in_force.unknown
    [oj] = result.matches
    assert oj.wording.periods[0].last_day == "2016-05-03"  # the OJ text, until the consolidation date
    assert result.gaps


def test_a_repealed_directive_names_its_repealing_act() -> None:
    [repeal] = european().repealed_by("31995L0046")
    assert (repeal.by, repeal.date) == ("32016R0679", "2016-04-27")


def test_an_unknown_act_is_not_found() -> None:
    result = european().history("32099R9999")
    assert isinstance(result, NotChecked)
    assert result.cause is Cause.NOT_FOUND

"""Still good law offline for the Polish and EU acts of the shipped corpus (demo/corpus, demo/PROVENANCE.md):
k.c. in its 1964 wording with the 1990 and 2000 amending acts, the 2018 data-protection act, k.p. in its 1974
wording, the GDPR. Each act placed on the timeline from the day its own final provisions say (else recorded
metadata, named); what the held versions cannot know said on the finding; nothing leaves the machine."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from verifier.citations import extract_claims
from verifier.history.lookup import HistoryLookup
from verifier.model import Finding, Pinpoint, Status
from verifier.sources.entry_into_force import eu_application, eu_entry, polish_entry
from verifier.sources.local_history_eu import RecordedEuActHistory, recorded_eu_history
from verifier.sources.local_history_pl import RecordedPolishActHistory, recorded_polish_history
from verifier.sources.router import build_router
from verifier.sources.versions import NotChecked, QuoteCheck
from verifier.verify import verify_claim

CORPUS = Path(__file__).resolve().parents[3] / "demo" / "corpus"
TODAY = dt.date(2026, 12, 1)

# art. 5 k.c. as promulgated (Dz.U. 1964 poz. 93) and as the 1990 act left it ("w art. 5 wyrazy „w Polskiej
# Rzeczypospolitej Ludowej” skreśla się", Dz.U. 1990 poz. 321, in force 1 October 1990)
ART_5_1964 = (
    "Nie można czynić ze swego prawa użytku, który by był sprzeczny ze społeczno-gospodarczym przeznaczeniem "
    "tego prawa lub z zasadami współżycia społecznego w Polskiej Rzeczypospolitej Ludowej."
)
ART_5_1990 = (
    "Nie można czynić ze swego prawa użytku, który by był sprzeczny ze społeczno-gospodarczym przeznaczeniem "
    "tego prawa lub z zasadami współżycia społecznego. Takie działanie lub zaniechanie uprawnionego nie jest "
    "uważane za wykonywanie prawa i nie korzysta z ochrony."
)
ART_353_1 = (
    "Strony zawierające umowę mogą ułożyć stosunek prawny według swego uznania, byleby jego treść lub cel "
    "nie sprzeciwiały się właściwości (naturze) stosunku, ustawie ani zasadom współżycia społecznego."
)
ART_385_1 = (
    "Postanowienia umowy zawieranej z konsumentem nie uzgodnione indywidualnie nie wiążą go, jeżeli "
    "kształtują jego prawa i obowiązki w sposób sprzeczny z dobrymi obyczajami, rażąco naruszając jego "
    "interesy"
)
GDPR_6_1_F = (
    "processing is necessary for the purposes of the legitimate interests pursued by the controller or by a "
    "third party, except where such interests are overridden by the interests or fundamental rights and "
    "freedoms of the data subject"
)


@pytest.fixture(scope="module")
def polish() -> RecordedPolishActHistory:
    history = recorded_polish_history(CORPUS, today=lambda: TODAY)
    assert history is not None
    return history


@pytest.fixture(scope="module")
def european() -> RecordedEuActHistory:
    history = recorded_eu_history(CORPUS, today=lambda: TODAY)
    assert history is not None
    return history


def checked(answer: QuoteCheck | NotChecked) -> QuoteCheck:
    assert isinstance(answer, QuoteCheck), answer
    return answer


# --- the days, from the acts' own words -------------------------------------------------------------------

# (the act's final provision as printed in the corpus, the day of publication it may count from, the day)
POLISH_DAYS = [
    ("Ustawa wchodzi w życie z dniem 1 października 1990 r.", None, "1990-10-01"),  # art. 16, Dz.U. 1990/321
    ("Ustawa wchodzi w życie z dniem 25 maja 2018 r.", None, "2018-05-25"),  # Dz.U. 2018 poz. 1000
    # art. 24 of Dz.U. 2000 poz. 271, published 31 March 2000: three months end on 30 June (art. 112 k.c.)
    ("Ustawa wchodzi w życie po upływie 3 miesięcy od dnia ogłoszenia.", "2000-03-31", "2000-07-01"),
    ("Ustawa wchodzi w życie po upływie 14 dni od dnia ogłoszenia.", "2018-05-24", "2018-06-08"),
    ("Ustawa wchodzi w życie z dniem ogłoszenia.", "2001-11-30", "2001-11-30"),
    ("Ustawa wchodzi w życie po upływie 3 miesięcy od dnia ogłoszenia.", None, None),  # not counted blind
]


@pytest.mark.parametrize(("sentence", "published", "day"), POLISH_DAYS)
def test_the_day_a_polish_act_takes_effect_is_read_from_its_own_words(
    sentence: str, published: str | None, day: str | None
) -> None:
    dated = polish_entry([("art. 99", sentence)], published=published)
    assert (dated.day if dated else None) == day
    if dated is not None:
        assert dated.said_by == "art. 99"
        assert dated.sentence == sentence


def test_the_gdpr_says_itself_when_it_entered_into_force_and_from_when_it_applies() -> None:
    article_99 = (
        "Article 99 Entry into force and application 1. This Regulation shall enter into force on the "
        "twentieth day following that of its publication in the Official Journal of the European Union. "
        "2. It shall apply from 25 May 2018."
    )
    applies = eu_application(article_99, "Article 99")
    entry = eu_entry(article_99, "Article 99", published="2016-05-04")
    assert applies is not None
    assert entry is not None
    assert (entry.day, applies.day) == ("2016-05-24", "2018-05-25")
    assert eu_entry(article_99, "Article 99", published=None) is None  # the OJ day is not in the text


# (act, version, the day it takes effect, what says so)
ACT_DAYS = [
    ("DU/1964/93", "DU/1964/93", "1965-01-01", "recorded metadata: Ansvar-Systems/polish-law-mcp"),
    ("DU/1964/93", "DU/1990/321", "1990-10-01", "art. 16, „Ustawa wchodzi w życie z dniem 1 października"),
    ("DU/1964/93", "DU/2000/271", "2000-07-01", "counted from its publication on 2000-03-31"),
    ("DU/2018/1000", "DU/2018/1000", "2018-05-25", "„Ustawa wchodzi w życie z dniem 25 maja 2018 r.”"),
    ("DU/1974/141", "DU/1974/141", None, "neither in the text held nor recorded"),
]


@pytest.mark.parametrize(("act", "version", "day", "said"), ACT_DAYS)
def test_each_version_held_starts_on_a_day_whose_source_is_named(
    polish: RecordedPolishActHistory, act: str, version: str, day: str | None, said: str
) -> None:
    history = polish.history(act)
    assert not isinstance(history, NotChecked)
    listed = history.version(version)
    assert listed is not None
    assert listed.effective == day
    assert any(said in note for note in history.notes), history.notes
    assert any("every other amendment is not held offline" in note for note in history.notes)


# --- which wording was in force ---------------------------------------------------------------------------

# (article, quote, as-of, the version whose wording is in force then (None: not known), the quote is it)
WORDINGS = [
    ("5", ART_5_1964, "1980-01-01", "DU/1964/93", True),
    ("5", ART_5_1964, "2026-12-01", "DU/1990/321", False),
    ("5", ART_5_1990, "2026-12-01", "DU/1990/321", True),
    ("5", ART_5_1990, "1980-01-01", "DU/1964/93", False),
    ("353-1", ART_353_1, "2026-12-01", "DU/1990/321", True),
    ("385-1", ART_385_1, "2026-12-01", "DU/2000/271", True),
    # 385¹ existed before 2000 (the 2000 act gives it a new wording) in a wording the corpus does not hold
    ("385-1", ART_385_1, "1995-01-01", None, False),
    # the 1990 act's text held stops at art. 357¹: whether it changed art. 415 cannot be told
    ("415", "Kto z winy swej wyrządził drugiemu szkodę", "2026-12-01", None, False),
]


@pytest.mark.parametrize(("article", "quote", "as_of", "version", "exact"), WORDINGS)
def test_the_wording_in_force_is_the_one_the_held_acts_give(
    polish: RecordedPolishActHistory,
    article: str,
    quote: str,
    as_of: str,
    version: str | None,
    exact: bool,
) -> None:
    result = checked(polish.check_quote("DU/1964/93", Pinpoint(article), quote, as_of=as_of))
    in_force = result.in_force
    made_by = in_force.version.id if in_force is not None and in_force.version is not None else None
    assert made_by == version, result
    assert result.matches_in_force is exact
    if version is None:
        assert result.not_checked  # unknown, and said why


def test_art_353_1_was_not_in_the_code_before_1_october_1990(polish: RecordedPolishActHistory) -> None:
    result = checked(polish.check_quote("DU/1964/93", Pinpoint("353-1"), ART_353_1, as_of="1985-01-01"))
    assert result.in_force is not None
    assert result.in_force.reading is not None
    assert result.in_force.reading.state.value == "absent"
    [match] = result.exact_elsewhere
    assert [p.start for p in match.wording.periods] == ["1990-10-01"]


def test_the_gdpr_has_one_wording_applied_from_25_may_2018(european: RecordedEuActHistory) -> None:
    start = european.start("32016R0679")
    assert start is not None
    assert (start.in_force, start.applies, start.label) == ("2016-05-24", "2018-05-25", "Article 99")
    assert european.repealed_by("32016R0679") == ()
    result = checked(
        european.check_quote("32016R0679", Pinpoint("6", "1", "f"), GDPR_6_1_F, as_of="2020-01-01")
    )
    assert result.matches_in_force
    history = european.history("32016R0679")
    assert not isinstance(history, NotChecked)
    assert any("no amending or repealing act" in note for note in history.notes)


# --- what a reviewer sees -------------------------------------------------------------------------------


def offline_finding(sentence: str, lang: str, as_of: str) -> Finding:
    router = build_router(
        lawgokr_oc=None,
        lawgokr_base_url="http://unused",
        saos_base_url="http://unused",
        eli_base_url="http://unused",
        cellar_base_url="http://unused",
        timeout=1,
        local_only=True,
        corpus_dir=CORPUS,
    )
    lookup = HistoryLookup.for_resolver(router, corpus_dir=CORPUS, today=lambda: TODAY)
    [claim] = extract_claims(sentence, lang=lang)
    assert claim.citation.anchor is not None
    resolution = router.resolve(claim.citation.anchor)
    history = lookup.lookup(claim, resolution, as_of=as_of)
    return verify_claim(claim, resolution, finding_id="C1", lang=lang, as_of=as_of, history=history)


PL_5_1964 = f"Zgodnie z art. 5 k.c. „{ART_5_1964.rstrip('.')}”."
PL_5_1990 = f"Zgodnie z art. 5 k.c. „{ART_5_1990.rstrip('.')}”."
PL_353_1 = f"Art. 353¹ k.c. stanowi: „{ART_353_1.rstrip('.')}”."
EN_6_1_F = f'Under Article 6(1)(f) GDPR, processing is lawful where "{GDPR_6_1_F}".'
PL_UODO = (
    "Zgodnie z art. 1 ust. 1 ustawy z dnia 10 maja 2018 r. o ochronie danych osobowych „Ustawę stosuje się "
    "do ochrony osób fizycznych w związku z przetwarzaniem danych osobowych”."
)

# (sentence, language, as-of, statuses a careful lawyer accepts, the history's sentence)
OFFLINE = [
    # issue 26 §5: the 1964 wording quoted as of today is never a plain 🟢 …
    (PL_5_1964, "pl", "2026-12-01", {Status.CALIBRATION, Status.UNVERIFIED}, "version_other_"),
    # … and today's wording is never advised to be "corrected" to an older one
    # (the corpus serves art. 5 in its 1964 text: the wording of the review's date lifts the table's verdict)
    (PL_5_1990, "pl", "2026-12-01", {Status.VERIFIED}, "version_verified_as_of"),
    (PL_5_1964, "pl", "1980-01-01", {Status.VERIFIED}, "version_held_as_of"),
    (PL_353_1, "pl", "1985-01-01", {Status.UNVERIFIED}, "version_not_yet"),
    (PL_353_1, "pl", "2026-12-01", {Status.VERIFIED}, "version_held_as_of"),
    (
        "Czynność prawna sprzeczna z ustawą jest nieważna (art. 58 k.c.).",
        "pl",
        "2026-12-01",
        None,
        "version_original_only",
    ),
    (EN_6_1_F, "en", "2017-01-01", {Status.UNVERIFIED}, "act_not_yet_applicable"),
    (EN_6_1_F, "en", "2026-12-01", {Status.VERIFIED}, "version_eu_held"),
    (PL_UODO, "pl", "2018-05-24", {Status.UNVERIFIED}, "act_not_yet_in_force"),
    (PL_UODO, "pl", "2026-12-01", {Status.VERIFIED}, "version_original_only"),
]


@pytest.mark.parametrize(("sentence", "lang", "as_of", "statuses", "note"), OFFLINE)
def test_offline_a_polish_or_eu_finding_says_what_the_held_versions_show(
    sentence: str, lang: str, as_of: str, statuses: set[Status] | None, note: str
) -> None:
    finding = offline_finding(sentence, lang, as_of)
    if statuses is not None:
        assert finding.status in statuses, finding
    history = finding.history
    assert history is not None, finding
    assert history.note is not None
    assert history.note.key.startswith(note), history.note
    said = history.note.render(lang)
    assert "version not checked" not in said.lower()
    # "checked" only where the held versions know the wording of that day
    assert history.checked is (note != "version_original_only")


@pytest.mark.parametrize("sentence", [PL_5_1964, PL_5_1990])
def test_what_the_held_versions_cannot_know_is_said_beside_the_verdict(sentence: str) -> None:
    finding = offline_finding(sentence, "pl", "2026-12-01")
    [beside] = [m for m in finding.note_messages if m.key == "version_held_as_of"]
    assert "o ile sięgają akty zmieniające dostępne offline" in beside.render("pl")
    assert "Dz.U. 1990 poz. 321, Dz.U. 2000 poz. 271" in beside.render("ko")

"""Is it still good law? (issue 17) The verdicts the history rows give, on the real 연혁 versions that the
fake law.go.kr serves (tests/data/corpus/kr/statutes/*/history, byte-identical from the legalize-kr history,
PROVENANCE §1.3) and on the real pair 대법원 2015. 7. 23. 선고 2015다200111 전원합의체 판결, which changed
2009다21249 (tests/data/corpus/kr/precedents): for an as-of date inside the quoted wording's period and for
today, a repealed and a renumbered article, history that cannot be had, and a changed precedent."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from fakes.lawgokr import make_app
from tests.verifier.builders import measurement
from verifier.citations import extract_claims
from verifier.decide import decide
from verifier.history.lookup import HistoryLookup, HistoryMeasure
from verifier.model import ClaimType, Finding, Status
from verifier.sources.history_store import MemoryStore
from verifier.sources.http import SourceHTTP
from verifier.sources.lawgokr.client import LawGoKrResolver
from verifier.sources.lawgokr.history import KoreanStatuteHistory
from verifier.sources.lawgokr.treatment import KoreanPrecedentTreatment
from verifier.sources.treatment import Treatment
from verifier.verify import verify_claim

DATA = Path(__file__).resolve().parents[2] / "data"
TODAY = dt.date(2026, 12, 1)
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Any]


@pytest.fixture(scope="module")
def app() -> WSGIApp:
    return make_app(DATA / "corpus" / "kr", DATA / "recorded" / "korea_law_go_kr", today=lambda: TODAY)


@pytest.fixture(scope="module")
def store() -> MemoryStore:
    return MemoryStore()


def clients(app: WSGIApp, store: MemoryStore, *, fail_history: bool = False):
    def handler(request: httpx.Request) -> httpx.Response:
        if fail_history and "eflaw" in str(request.url) and "lawSearch" in str(request.url):
            return httpx.Response(503, text="maintenance")
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=1)
    resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc="tester")
    lookup = HistoryLookup(
        kr=KoreanStatuteHistory(resolver, store=store, today=lambda: TODAY),
        treatment=KoreanPrecedentTreatment(resolver, store=store, today=lambda: TODAY),
    )
    return resolver, lookup


def verify(
    app: WSGIApp, store: MemoryStore, sentence: str, as_of: str, *, quoted: bool = True, **kw: bool
) -> Finding:
    resolver, lookup = clients(app, store, **kw)
    [claim] = [c for c in extract_claims(sentence, lang="ko") if c.citation.anchor is not None]
    assert bool(claim.quote) is quoted, claim
    assert claim.citation.anchor is not None
    resolution = resolver.resolve(claim.citation.anchor)
    history = lookup.lookup(claim, resolution, as_of=as_of)
    return verify_claim(claim, resolution, finding_id="C1", lang="en", history=history)


PIPA_OLD = (
    '개인정보 보호법 제15조 제1항 제4호는 "정보주체와의 계약의 체결 및 이행을 위하여 불가피하게 '
    '필요한 경우"에 개인정보를 수집할 수 있다고 정한다.'
)
MINBEOP_OLD = '민법 제4조는 "만20세로 성년이 된다."라고 규정한다.'
ADULTERY = '형법 제241조 제1항은 "배우자있는 자가 간통한 때에는 2년 이하의 징역에 처한다."라고 규정한다.'
DISMISSAL = (
    '근로기준법 제30조 제1항은 "사용자는 근로자에 대하여 정당한 이유없이 해고, 휴직, 정직, 전직, 감봉 기타 '
    '징벌을 하지 못한다."라고 규정한다.'
)

# 민법 제14조의2 (특정후견의 심판), inserted by 법률 제10429호 and in force from 2013-07-01
SPECIFIC_GUARDIANSHIP = (
    '민법 제14조의2 제1항은 "가정법원은 질병, 장애, 노령, 그 밖의 사유로 인한 정신적 제약으로 '
    "일시적 후원 또는 특정한 사무에 관한 후원이 필요한 사람에 대하여 본인, 배우자, 4촌 이내의 친족, "
    "미성년후견인, 미성년후견감독인, 검사 또는 지방자치단체의 장의 청구에 의하여 "
    '특정후견의 심판을 한다."라고 규정한다.'
)

# 민법 제4조 as 법률 제10429호 (promulgated 2011-03-07, in force 2013-07-01) words it, quoted in 2012 by a
# sentence that names the amendment, and by one that does not (issue 26 §2)
AMENDED_AGE = '개정 민법은 제4조에서 "사람은 19세로 성년에 이르게 된다."라고 규정하고 있다.'
UNNAMED_AGE = '민법 제4조는 "사람은 19세로 성년에 이르게 된다."라고 규정하고 있다.'
AMENDED_GUARDIANSHIP = SPECIFIC_GUARDIANSHIP.replace("민법 제14조의2", "개정된 민법 제14조의2")

# (why, sentence, as-of, status, rationale key, words the reader must see)
ROWS = [
    (
        "the amended 제4조 quoted in 2012 by a sentence that names the amendment: its wording, and when",
        AMENDED_AGE,
        "2012-06-01",
        Status.VERIFIED,
        "version_amended_ahead",
        ("takes effect on 2013-07-01", "만20세"),
    ),
    (
        "the same words in 2012 given as the law of the day: the law then said 만20세",
        UNNAMED_AGE,
        "2012-06-01",
        Status.UNVERIFIED,
        "version_other_differs",
        ("만20세",),
    ),
    (
        "민법 제14조의2 quoted in 2012 as the article the amendment inserts: not yet in the act, and said so",
        AMENDED_GUARDIANSHIP,
        "2012-06-01",
        Status.VERIFIED,
        "version_amended_not_yet_in_act",
        ("takes effect on 2013-07-01",),
    ),
    (
        "민법 제14조의2 as of 2012: not yet in the act — it takes effect later, it was not removed",
        SPECIFIC_GUARDIANSHIP,
        "2012-06-01",
        Status.UNVERIFIED,
        "version_not_yet",
        ("takes effect on 2013-07-01",),
    ),
    (
        "개인정보 보호법 ①4 as it read in 2020: the wording in force on the as-of date is the one checked",
        PIPA_OLD,
        "2020-01-01",
        Status.VERIFIED,
        "version_verified_as_of",
        ("2020-01-01",),
    ),
    (
        "the same quote today: the wording in force until 2023-09-14, and today's wording says otherwise",
        PIPA_OLD,
        "2026-12-01",
        Status.UNVERIFIED,
        "version_other_differs",
        ("until 2023-09-14", "정보주체와 체결한 계약을 이행하거나"),
    ),
    (
        "민법 제4조 with 만20세, as of 2012: the law then",
        MINBEOP_OLD,
        "2012-06-01",
        Status.VERIFIED,
        "version_verified_as_of",
        ("2012-06-01",),
    ),
    (
        "민법 제4조 with 만20세 today: 19세 now, the version quoted is named with today's wording",
        MINBEOP_OLD,
        "2026-12-01",
        Status.UNVERIFIED,
        "version_other_differs",
        ("until 2013-06-30", "19세"),
    ),
    (
        "형법 제241조 (간통) as of 2010: in force then",
        ADULTERY,
        "2010-01-01",
        Status.VERIFIED,
        "version_verified_as_of",
        ("2010-01-01",),
    ),
    (
        "형법 제241조 today: the article was repealed (삭제) on 2016-01-06, its paragraph is gone",
        ADULTERY,
        "2026-12-01",
        Status.UNVERIFIED,
        "version_gone",
        ("removed from the act on 2016-01-06", "until 2016-01-05"),
    ),
    (
        "근로기준법 제30조 ① (해고등의 제한) today: moved to 제23조 ① by the 2007 전부개정",
        DISMISSAL,
        "2026-12-01",
        Status.UNVERIFIED,
        "version_gone",
        ("제23조 제1항", "2007-04-11"),
    ),
]


@pytest.mark.parametrize(("why", "sentence", "as_of", "status", "key", "words"), ROWS)
def test_the_wording_in_force_on_the_as_of_date_decides(
    app: WSGIApp,
    store: MemoryStore,
    why: str,
    sentence: str,
    as_of: str,
    status: Status,
    key: str,
    words: tuple[str, ...],
) -> None:
    finding = verify(app, store, sentence, as_of)
    assert finding.status is status, (why, finding.rationale)
    assert finding.reason is not None
    assert finding.reason.key == key, (why, finding.rationale)
    shown = " ".join((finding.rationale, *finding.notes))
    for word in words:
        assert word in shown, (why, word, shown)
    history = finding.history
    assert history is not None
    assert history.as_of == as_of
    assert history.checked is True
    checked = history.checked_period
    assert checked is not None, history.timeline
    assert checked.start <= as_of
    assert checked.end is None or as_of < checked.end


def test_an_article_promulgated_but_not_yet_in_force_is_blocked_for_that_without_a_quote_too(
    app: WSGIApp, store: MemoryStore
) -> None:
    """민법 제14조의2 ② restated in the statute's words, as of 2012-06-01: 법률 제10429호 was promulgated on
    2011-03-07 and takes effect on 2013-07-01; the version in force that day does not print the article, the
    later one does, so the answer is "not yet law", not "no version has it" (issue 26 §5)."""
    sentence = "민법 제14조의2 제2항에 따르면 특정후견은 본인의 의사에 반하여 할 수 없다."
    finding = verify(app, store, sentence, "2012-06-01", quoted=False)
    assert finding.status is Status.UNVERIFIED, finding.rationale
    assert finding.reason is not None
    assert finding.reason.key == "version_not_yet", finding.rationale
    assert "takes effect on 2013-07-01" in finding.rationale
    assert "removed" not in finding.rationale
    later = verify(app, store, sentence, "2014-01-01", quoted=False)
    assert later.status is not Status.UNVERIFIED, later.rationale


def test_the_statute_list_asked_ahead_of_the_source_is_asked_once_and_changes_nothing(app: WSGIApp) -> None:
    asked: dict[bool, list[str]] = {False: [], True: []}
    found: dict[bool, Finding] = {}
    for ahead in (False, True):

        def handler(request: httpx.Request, ahead: bool = ahead) -> httpx.Response:
            params = request.url.params
            which = [params.get(k) for k in ("query", "LID", "MST", "ID", "page") if params.get(k)]
            asked[ahead].append(f"{request.url.path}:{params.get('target')}:{':'.join(which)}")
            return httpx.WSGITransport(app=app).handle_request(request)

        http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None)
        resolver = LawGoKrResolver(http, base_url="http://fake/DRF", oc="tester")
        lookup = HistoryLookup(kr=KoreanStatuteHistory(resolver, store=MemoryStore(), today=lambda: TODAY))
        [claim] = [c for c in extract_claims(PIPA_OLD, lang="ko") if c.citation.anchor is not None]
        assert claim.citation.anchor is not None
        if ahead:  # as run_plan does, before the source: the law's id from the resolver's own search
            lookup.ahead(claim)
            assert ":eflaw:" in asked[True][-1]
        resolution = resolver.resolve(claim.citation.anchor)
        history = lookup.lookup(claim, resolution, as_of="2026-12-01")
        found[ahead] = verify_claim(claim, resolution, finding_id="C1", lang="en", history=history)
    assert (found[True].status, found[True].rationale) == (found[False].status, found[False].rationale)
    assert found[True].history == found[False].history
    assert sorted(asked[True]) == sorted(asked[False])  # the same questions, none twice
    assert len(asked[True]) == len(set(asked[True]))


def test_the_timeline_marks_the_quoted_wording_and_the_checked_one(app: WSGIApp, store: MemoryStore) -> None:
    history = verify(app, store, PIPA_OLD, "2026-12-01").history
    assert history is not None
    quoted = [p for p in history.timeline if p.matches]
    assert [(p.start, p.end) for p in quoted] == [("2011-09-30", "2023-09-15")]
    checked = history.checked_period
    assert checked is not None
    assert checked.matches is False
    assert "정보주체와 체결한 계약을 이행하거나" in checked.excerpt


def test_history_that_cannot_be_had_is_a_visible_note_never_a_block(app: WSGIApp) -> None:
    finding = verify(app, MemoryStore(), PIPA_OLD, "2026-12-01", fail_history=True)
    # judged against today's text alone, as before issue 17, and said so
    assert finding.status is not Status.NO_SOURCE
    [note] = [n for n in finding.notes if n.startswith("Version not checked: ")]
    assert "law.go.kr" in note or "503" in note or "maintenance" in note, note
    assert finding.history is not None
    assert finding.history.checked is False
    assert finding.history.note is not None
    assert finding.history.note.render("en").startswith("Version not checked: ")


# --------------------------------------------------------------------- a precedent changed later


@pytest.fixture(scope="module")
def changed(app: WSGIApp, store: MemoryStore) -> Treatment:
    _, lookup = clients(app, store)
    assert lookup.treatment is not None
    result = lookup.treatment.later_treatment("2009다21249", decided="2009-07-09")
    assert isinstance(result, Treatment), result
    return result


def with_treatment(treatment: Treatment, as_of: str):
    record = measurement(ClaimType.BARE_CITATION, korean_precedent=True)
    return replace(record, history=HistoryMeasure(as_of, False, "law.go.kr", treatment=treatment))


def test_a_precedent_changed_by_a_later_full_bench_before_the_as_of_date_is_blocked(
    changed: Treatment,
) -> None:
    decision = decide(with_treatment(changed, "2026-12-01"))
    assert decision.status is Status.UNVERIFIED
    text = decision.rationale("en")
    assert "2015다200111" in text
    assert "이 판결의 견해에 배치되는 범위 내에서 모두 변경하기로 한다" in text
    assert "2015-07-23" in text
    assert decision.rationale("ko").startswith("대법원 2015-07-23 선고 2015다200111 전원합의체 판결이")


def test_a_change_after_the_as_of_date_asks_a_person(changed: Treatment) -> None:
    decision = decide(with_treatment(changed, "2012-01-01"))
    assert decision.status is Status.CALIBRATION
    assert decision.reason.key == "treatment_later"
    assert "2015다200111" in decision.rationale("pl")


def test_a_precedent_without_later_change_keeps_its_verdict(changed: Treatment) -> None:
    none = replace(changed, decisions=())
    decision = decide(with_treatment(none, "2026-12-01"))
    assert decision.status is Status.VERIFIED


# ---------------------------------------------------- art. 5 k.c. in its 1964 wording (ELI, real texts)

# tests/data/corpus/pl/statutes/eli/DU_1964_93/text.html (the act as promulgated) and the seed JSON of the
# real 1990 amending act DU/1990/321 ("w art. 5 wyrazy „w Polskiej Rzeczypospolitej Ludowej” skreśla się")
KC5_1964 = (
    "Zgodnie z art. 5 k.c. „Nie można czynić ze swego prawa użytku, który by był sprzeczny ze społeczno-"
    "gospodarczym przeznaczeniem tego prawa lub z zasadami współżycia społecznego w Polskiej "
    "Rzeczypospolitej Ludowej”."
)


def polish_finding(
    *, amendment_html: bool, as_of: str, ahead: bool = False, asked: list[str] | None = None
) -> Finding:
    from fakes import eli
    from verifier.sources.eli.client import EliResolver
    from verifier.sources.eli.history import PolishActHistory

    app = eli.make_app(DATA / "corpus", amendment_html=amendment_html)

    def handler(request: httpx.Request) -> httpx.Response:
        if asked is not None:
            asked.append(request.url.path)
        return httpx.WSGITransport(app=app).handle_request(request)

    http = SourceHTTP(transport=httpx.MockTransport(handler), sleep=lambda _: None, max_retries=0)
    resolver = EliResolver(http, base_url="http://eli")
    lookup = HistoryLookup(pl=PolishActHistory(resolver, store=MemoryStore(), today=lambda: TODAY))
    [claim] = [c for c in extract_claims(KC5_1964, lang="pl") if c.citation.anchor is not None]
    assert claim.citation.anchor is not None
    if ahead:  # as run_plan does: the act's list of versions asked before its text is in
        lookup.ahead(claim)
    resolution = resolver.resolve(claim.citation.anchor)
    history = lookup.lookup(claim, resolution, as_of=as_of)
    return verify_claim(claim, resolution, finding_id="C1", lang="pl", history=history)


def test_art_5_kc_in_its_1964_wording_is_flagged_as_not_the_current_text() -> None:
    # with the amending act's text: the wording in force today is derived from it, four words shorter; the
    # quote is the wording in force until 1990-09-30, the meaning of the rest unchanged: soften, quote today's
    finding = polish_finding(amendment_html=True, as_of="2026-12-01")
    assert finding.status is Status.CALIBRATION, finding.rationale
    assert finding.reason is not None
    assert finding.reason.key == "version_other_same_meaning"
    assert "1990-09-30" in finding.rationale
    assert "Rzeczypospolitej Ludowej" not in finding.rationale.split("przepis brzmi:")[1]


def test_art_5_kc_as_of_1980_is_the_law_of_1980() -> None:
    finding = polish_finding(amendment_html=True, as_of="1980-01-01")
    assert finding.status is Status.VERIFIED, finding.rationale


def test_the_versions_asked_ahead_of_the_source_change_nothing_and_are_not_asked_twice() -> None:
    after: list[str] = []
    before: list[str] = []
    plain = polish_finding(amendment_html=True, as_of="2026-12-01", asked=after)
    early = polish_finding(amendment_html=True, as_of="2026-12-01", ahead=True, asked=before)
    assert (early.status, early.rationale, early.history) == (plain.status, plain.rationale, plain.history)
    assert sorted(before) == sorted(after)  # the same questions, each once (ELI's answers are kept)
    assert len(before) == len(set(before))
    assert before.index("/acts/DU/1990/321") < before.index("/acts/DU/1964/93/text.html")  # really ahead


def test_art_5_kc_without_the_amending_acts_text_is_not_checked_and_says_so() -> None:
    # the real ELI answer for DU/1990/321 is a 0-byte text.html: the wording in force today is unknown
    finding = polish_finding(amendment_html=False, as_of="2026-12-01")
    [note] = [n for n in finding.notes if n.startswith("Wersji nie sprawdzono: ")]
    assert "Dz.U. 1990 poz. 321" in note
    assert finding.history is not None
    assert finding.history.checked is False


# ------------------------------------------------ the step's rows against what the table decided before it

NOT_CHECKED = HistoryMeasure("2026-12-01", True, "law.go.kr", not_checked="the 연혁 list could not be read")


def test_the_rows_of_the_step(changed: Treatment) -> None:
    from verifier.match.anchor import AnchorIssue, AnchorResult

    date_issue = AnchorIssue("date", "2009-07-10", "2009-07-09")
    bare = measurement(ClaimType.BARE_CITATION, korean_precedent=True)
    mismatch = measurement(
        ClaimType.BARE_CITATION, korean_precedent=True, anchor=AnchorResult(hard=(date_issue,))
    )
    treated = HistoryMeasure("2026-12-01", False, "law.go.kr", treatment=changed)
    statute = measurement(ClaimType.BARE_CITATION, kind="statute")
    rows = [
        # (why, record, status, rationale key, history sentences among the notes)
        ("no history asked: the table's verdict", bare, Status.VERIFIED, "precedent_exists", 0),
        (
            "overruled before as-of: 🔴",
            replace(bare, history=treated),
            Status.UNVERIFIED,
            "treatment_overruled",
            0,
        ),
        (
            "a wrong date stays the reason; the later change is said beside it",
            replace(mismatch, history=treated),
            Status.UNVERIFIED,
            "anchor_mismatch",
            1,
        ),
        (
            "versions not had: the status stands, the note says why",
            replace(statute, history=NOT_CHECKED),
            Status.VERIFIED,
            "verified_existence",
            1,
        ),
    ]
    for why, record, status, key, notes in rows:
        decision = decide(record)
        assert (decision.status, decision.reason.key) == (status, key), why
        history_notes = [n for n in decision.notes if n.key.startswith(("version_", "treatment_"))]
        assert len(history_notes) == notes, why


def test_a_paraphrase_read_in_todays_wording_names_the_wording_of_the_as_of_date(
    app: WSGIApp, store: MemoryStore
) -> None:
    resolver, lookup = clients(app, store)
    sentence = "민법 제4조에 따라 사람은 19세로 성년에 이르게 된다."
    [claim] = [c for c in extract_claims(sentence, lang="ko") if c.citation.anchor is not None]
    assert claim.citation.anchor is not None
    resolution = resolver.resolve(claim.citation.anchor)
    then = verify_claim(
        claim,
        resolution,
        finding_id="C1",
        lang="en",
        history=lookup.lookup(claim, resolution, as_of="2012-06-01"),
    )
    [note] = [n for n in then.notes if n.startswith("The claim was compared with today's wording")]
    assert "(2012-06-01)" in note
    assert "만20세로 성년이 된다" in note
    now = verify_claim(
        claim,
        resolution,
        finding_id="C1",
        lang="en",
        history=lookup.lookup(claim, resolution, as_of="2026-12-01"),
    )
    assert not [n for n in now.notes if n.startswith("The claim was compared")]
    assert now.history is not None
    assert now.history.note is not None
    assert now.history.note.key == "version_in_force"

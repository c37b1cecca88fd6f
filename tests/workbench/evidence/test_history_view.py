"""The evidence view of a finding's version and treatment check: the provision's versions with
their dates, the one in force on the review's date marked in words (not colour alone), the draft's wording
matched against each, the wording of each version on demand; the "version not checked" note; a judgment's
later treatment with the sentence that says so and what was scanned — in the reader's language."""

from __future__ import annotations

import hashlib
import html as html_lib
import re
from datetime import date

import pytest
from django.urls import reverse

from tests.workbench.history_data import OLD_WORDING, not_checked_history, overruled_history, pipa_history
from verifier.model import HistoryCheck
from workbench import audit
from workbench.models import Finding, Review
from workbench.pipeline.records import finding_of, history_in, verdict_fields

PIPA_DRAFT = (
    f"1. 개인정보 보호법 제15조 제1항 제4호는 개인정보를 수집할 수 있는 경우로 “{OLD_WORDING}”를 든다.\n"
    "2. 대법원 2009. 7. 9. 선고 2009다21249 판결은 형사사건의 성공보수약정도 유효하다고 보았다.\n"
)


def make_review(people, as_of: str) -> Review:
    review = Review.objects.create(
        matter=people["matter"],
        title="PIPA memo",
        created_by=people["associate"],
        draft_name="memo.md",
        draft_format="md",
        draft_text=PIPA_DRAFT,
        draft_sha256=hashlib.sha256(PIPA_DRAFT.encode()).hexdigest(),
        status=Review.Status.DONE,
        language="ko",
        as_of=date.fromisoformat(as_of),
    )
    audit.append(review, "review_created", {"title": review.title}, people["associate"])
    return review


def add_finding(review: Review, ordinal: int, citation: str, kind: str, status: str, history: HistoryCheck):
    start = PIPA_DRAFT.index(citation)
    line_start = PIPA_DRAFT.rfind("\n", 0, start) + 1
    line_end = PIPA_DRAFT.index("\n", start)
    return Finding.objects.create(
        review=review,
        ordinal=ordinal,
        span_start=start,
        span_end=start + len(citation),
        citation=citation,
        jurisdiction="kr",
        kind=kind,
        claim_type="verbatim_quote" if kind == "statute" else "court_holding",
        claim_text=PIPA_DRAFT[line_start:line_end],
        claim_start=line_start,
        claim_end=line_end,
        required_level="fragment" if kind == "statute" else "content",
        achieved_level="fragment" if kind == "statute" else "content",
        status=status,
        risk=Finding.risk_of(status),
        rationale=history.note.render("ko") if history.note else "",
        progress=Finding.Progress.DONE,
        history=history.to_json(),
    )


@pytest.fixture
def statute(people):
    review = make_review(people, "2024-01-01")
    return review, add_finding(
        review, 1, "개인정보 보호법 제15조 제1항 제4호", "statute", "unverified", pipa_history("2024-01-01")
    )


def evidence_html(client, review, finding, lang: str = "en") -> str:
    response = client.get(reverse("finding", args=[review.pk, finding.pk]), headers={"accept-language": lang})
    assert response.status_code == 200
    return response.content.decode()


def versions_of(html: str) -> list[str]:
    timeline = html.split('<ol class="version-timeline"', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li[^>]*>(.*?)</li>", timeline, re.S)
    return [html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item))).strip() for item in items]


def test_the_timeline_lists_every_version_and_marks_the_one_checked_in_words(statute, client_for):
    review, finding = statute
    html = evidence_html(client_for("associate"), review, finding)
    assert "Good law as of 2024-01-01?" in html
    items = versions_of(html)
    assert len(items) == 5
    assert items[0].startswith("2017-10-19 – 2020-08-04 법률 제14765호, 시행 2017-10-19")
    assert "the draft's wording matches this version" in items[1]
    checked = [i for i in items if "in force on 2024-01-01: checked" in i]
    assert checked == [items[2]]
    assert items[2].startswith("2023-09-15 – 2025-10-01 법률 제19234호, 시행 2023-09-15")
    assert "the draft's wording does not match this version" in items[2]
    assert items[4].startswith("since 2026-09-11")
    # the checked one is marked for assistive technology too, and with a symbol, not only a colour
    assert html.count('aria-current="true"') >= 1
    assert re.search(r'<li class="version version-checked version-match-no" aria-current="true">', html)
    assert "Checked against 법률 제19234호, 시행 2023-09-15, the version in force on 2024-01-01." in html


def test_the_note_says_which_wording_the_draft_quotes_and_what_the_law_reads_on_the_date(statute, client_for):
    review, finding = statute
    html = evidence_html(client_for("associate"), review, finding)
    note = re.search(r'<p class="history-note" role="note">(.*?)</p>', html, re.S)
    assert note
    assert note.group(1).startswith("The draft quotes the wording in force until 2023-09-14")
    assert "정보주체와 체결한 계약을 이행하거나 계약을 체결하는 과정에서" in note.group(1)


def test_each_versions_wording_is_there_on_demand(statute, client_for):
    review, finding = statute
    html = evidence_html(client_for("associate"), review, finding)
    excerpts = re.findall(
        r'<details class="version-excerpt"><summary>Wording in this version</summary>'
        r"<blockquote>(.*?)</blockquote>",
        html,
    )
    assert len(excerpts) == 5
    assert excerpts[1] == f"제15조 ① 4. {OLD_WORDING}"


def test_the_timeline_speaks_polish_and_korean(statute, client_for):
    review, finding = statute
    c = client_for("associate")
    pl = evidence_html(c, review, finding, "pl")
    assert "Czy to nadal obowiązujące prawo na dzień 2024-01-01?" in pl
    assert "obowiązywała 2024-01-01: sprawdzona" in pl
    assert "brzmienie w projekcie odpowiada tej wersji" in pl
    assert "Projekt cytuje brzmienie obowiązujące do 2023-09-14" in pl
    ko = evidence_html(c, review, finding, "ko")
    assert "2024-01-01 기준으로 유효한 법인가?" in ko
    assert "2024-01-01 시행 중: 대조한 버전" in ko
    assert "초안의 문언이 이 버전과 일치합니다" in ko
    assert "2026-09-11부터" in ko


def test_as_of_a_date_inside_the_old_version_that_version_is_the_one_checked(people, client_for):
    review = make_review(people, "2021-06-01")
    finding = add_finding(
        review, 1, "개인정보 보호법 제15조 제1항 제4호", "statute", "verified", pipa_history("2021-06-01")
    )
    items = versions_of(evidence_html(client_for("associate"), review, finding))
    (checked,) = [i for i in items if "checked" in i]
    assert checked.startswith("2020-08-05 – 2023-09-14 법률 제16930호")
    assert "the draft's wording matches this version" in checked


def test_a_version_not_checked_says_why(people, client_for):
    review = make_review(people, "2024-01-01")
    why = "law.go.kr's 연혁 of this act could not be had (HTTP 503)"
    finding = add_finding(
        review,
        1,
        "개인정보 보호법 제15조 제1항 제4호",
        "statute",
        "verified",
        not_checked_history("2024-01-01", why),
    )
    html = evidence_html(client_for("associate"), review, finding)
    assert 'class="history history-unchecked"' in html
    assert f"Version not checked: {why.replace(chr(39), '&#x27;')}." in html
    assert 'class="version-timeline"' not in html
    pl = evidence_html(client_for("associate"), review, finding, "pl")
    assert "Wersji nie sprawdzono:" in pl


def test_a_judgments_later_treatment_with_its_excerpt_link_and_what_was_scanned(people, client_for):
    review = make_review(people, "2016-01-01")
    history = overruled_history("2016-01-01")
    finding = add_finding(
        review, 2, "대법원 2009. 7. 9. 선고 2009다21249 판결", "judgment", "unverified", history
    )
    html = evidence_html(client_for("associate"), review, finding)
    item = html.split('<ul class="treatment-list">', 1)[1].split("</ul>", 1)[0]
    assert '<li class="treatment treatment-overruled">' in item
    assert "overruled: its view was expressly changed" in item
    assert (
        '<a href="https://www.law.go.kr/LSW/precInfoP.do?precSeq=178858" rel="noreferrer noopener" '
        'target="_blank">2015다200111</a>'
    ) in item
    assert '<time datetime="2015-07-23">2015-07-23</time>' in item
    assert "full bench" in item
    assert "이 판결의 견해에 배치되는 범위 내에서 모두 변경하기로 한다." in item
    assert "What was scanned" in html
    assert "Later treatment checked in law.go.kr precedents, not in lower courts" in html
    assert "law.go.kr 판례 본문검색 for 2009다21249" in html
    ko = evidence_html(client_for("associate"), review, finding, "ko")
    assert "판례 변경: 견해가 명시적으로 변경됨" in ko
    assert "조회 범위" in ko
    assert "국가법령정보센터 판례에서 이후 판결을 확인했습니다." in ko


def test_a_treatment_link_that_is_not_http_is_shown_as_text(people, client_for):
    review = make_review(people, "2016-01-01")
    data = overruled_history("2016-01-01").to_json()
    data["treatment"][0]["url"] = "javascript:alert(1)"
    finding = add_finding(
        review,
        2,
        "대법원 2009. 7. 9. 선고 2009다21249 판결",
        "judgment",
        "unverified",
        HistoryCheck.from_json(data),
    )
    html = evidence_html(client_for("associate"), review, finding)
    assert "javascript:" not in html
    assert "2015다200111" in html


def test_a_finding_without_history_shows_no_panel(people, client_for):
    from tests.workbench.factories import review_with_findings

    review = review_with_findings(people)
    finding = review.findings.get(ordinal=1)
    assert 'class="history' not in evidence_html(client_for("associate"), review, finding)


def test_the_stored_history_is_the_verifiers_unchanged(statute):
    """records: verifier Finding.history → row → verifier Finding, so the JSON export equals the CLI's."""
    _review, row = statute
    verdict = finding_of(row)
    assert verdict.history == pipa_history("2024-01-01")
    assert history_in(verdict) == row.history
    assert verdict_fields(verdict, None)["history"] == row.history


def test_the_version_note_is_printed_once_even_when_it_is_also_a_finding_note(people, client_for):
    """The gradient keeps "Version not checked: …" among the finding's notes and the history keeps it as its
    note: the evidence view prints it once, in the history panel."""
    review = make_review(people, "2024-01-01")
    why = "law.go.kr's 연혁 of this act could not be had (HTTP 503)"
    history = not_checked_history("2024-01-01", why)
    finding = add_finding(review, 1, "개인정보 보호법 제15조 제1항 제4호", "statute", "verified", history)
    Finding.objects.filter(pk=finding.pk).update(note_messages=[history.note.to_json()] * 2)
    html = evidence_html(client_for("associate"), review, finding)
    assert html.count("Version not checked:") == 1

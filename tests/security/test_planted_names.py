"""A client's name never leaves the machine as a statute name. The draft defines "자일로퀜트" (이하
"자일로퀜트") and cites "자일로퀜트법 제3조" and "자일로퀜트에 관한 특별법 제2조": neither the worker, nor
`manage.py verify`, nor the search panel sends the name to law.go.kr; an act name the local list (built from
recorded law.go.kr data) does not know is sent only when the user asks; 민법 is still looked up. Against the
fake law.go.kr over a real socket, reading every request it received."""

from __future__ import annotations

import json
from collections.abc import Iterator
from io import StringIO
from urllib.parse import unquote

import pytest
from django.core.management import call_command
from django.urls import reverse

from fakes.server import FakeSources
from tests.conftest import DATA
from tests.workbench.factories import checked_review
from verifier.sources import act_names

PLANTED = "자일로퀜트"
DRAFT = (
    '주식회사 자일로퀜트(이하 "자일로퀜트")는 2024. 3. 1. 원고와 계약을 체결하였다.\n'
    "1. 자일로퀜트법 제3조에 따라 자일로퀜트는 보고 의무를 진다.\n"
    "2. 자일로퀜트에 관한 특별법 제2조는 적용 범위를 정한다.\n"
    '3. 민법 제103조는 "선량한 풍속 기타 사회질서에 위반한 사항을 내용으로 하는 법률행위는 무효로 한다."라고 '
    "규정한다.\n"
    "4. 가나다라마바사법 제1조는 목적을 정한다.\n"
)


@pytest.fixture(scope="module")
def fake_sources() -> Iterator[FakeSources]:
    with FakeSources(data_dir=DATA) as fake:
        yield fake


@pytest.fixture
def upstream(settings, fake_sources: FakeSources) -> Iterator[FakeSources]:
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router

    for name, value in fake_sources.base_urls.items():
        setattr(settings, name, value)
    settings.LAWGOKR_OC = "tester-oc"
    settings.WORKBENCH_LOCAL_ONLY = False
    reset_router()
    cache.clear()
    fake_sources.clear_requests()
    yield fake_sources
    reset_router()
    cache.clear()


def sent(fake: FakeSources) -> list[str]:
    return [unquote(r.query) + " " + " ".join(v for _, v in r.params) for r in fake.requests]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('주식회사 자일로퀜트(이하 "자일로퀜트")는', {"자일로퀜트"}),
        ("주식회사 자일로퀜트(이하 「자일로」라 한다)", {"자일로"}),
        ("(이하 회사라 한다)", {"회사"}),
        ('Xylo Holdings Ltd (hereinafter "Xylo") agreed', {"Xylo"}),
        ('Xylo Holdings Ltd (hereinafter referred to as "Xylo")', {"Xylo"}),
        ("Xylo sp. z o.o. (dalej: „Xylo”) zawarła umowę", {"Xylo"}),
        ("spółka zwana dalej „Spółką”", {"Spółką"}),
        ("민법 제103조는 무효를 정한다.", set()),
    ],
)
def test_the_names_a_draft_defines(text, names) -> None:
    assert act_names.defined_names(text) == names


def test_the_local_list_knows_the_recorded_acts_and_not_a_planted_one() -> None:
    known = act_names.known_acts()
    for name in ("민법", "형법", "건축법", "근로기준법", "개인정보보호법", "자동차관리법"):
        assert name in known, name
    assert "자일로퀜트법" not in known
    with act_names.withholding({"자일로퀜트"}):
        assert act_names.withheld("민법") == ""
        assert "draft defines" in act_names.withheld("자일로퀜트에 관한 특별법")
        assert "not on the local list" in act_names.withheld("가나다라마바사법")
        with act_names.asked_by_user():
            assert act_names.withheld("가나다라마바사법") == ""


def test_the_worker_sends_no_planted_name_and_still_checks_the_civil_code(people, upstream) -> None:
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(DRAFT, name="memo.md"), title="Planted")
    requests = sent(upstream)
    assert not [r for r in requests if PLANTED in r], requests
    assert not [r for r in requests if "가나다라마바사" in r], requests  # not on the list: not unasked
    assert any("민법" in r for r in requests), requests
    by_citation = {f.citation: f for f in review.findings.all()}
    planted = [f for c, f in by_citation.items() if PLANTED in c]
    assert planted
    for finding in planted:
        assert finding.status == "no_source", (finding.citation, finding.status)
    assert any(f.status == "verified" for c, f in by_citation.items() if "민법" in c)


def test_manage_py_verify_sends_no_planted_name(upstream, tmp_path, db) -> None:
    draft = tmp_path / "memo.md"
    draft.write_text(DRAFT, encoding="utf-8")
    out = StringIO()
    with pytest.raises(SystemExit):
        call_command("verify", str(draft), "--format", "json", stdout=out)
    requests = sent(upstream)
    assert not [r for r in requests if PLANTED in r], requests
    report = json.loads(out.getvalue())
    reasons = json.dumps(report, ensure_ascii=False)
    assert "draft defines" in reasons


def test_the_search_panel_does_not_send_a_name_the_draft_defines(people, upstream, client_for) -> None:
    from verifier.ingest import ingest_text

    review = checked_review(people, ingest_text(DRAFT, name="memo.md"), title="Planted")
    finding = next(f for f in review.findings.all() if PLANTED in f.citation)
    upstream.clear_requests()
    client = client_for("associate")
    url = reverse("finding_search", args=[review.pk, finding.pk])
    page = client.get(url, {"collection": "law", "query": "자일로퀜트법"}).content.decode()
    assert "a name this draft defines" in page
    assert not [r for r in sent(upstream) if PLANTED in r]
    # An act the list does not know, typed by the user: that is the user asking, and it goes.
    client.get(url, {"collection": "law", "query": "가나다라마바사법"})
    assert any("가나다라마바사" in r for r in sent(upstream))


def test_the_local_list_is_what_its_build_script_makes_of_the_recorded_data() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, str(root / "scripts" / "build_kr_act_names.py"), "--check"],
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 0, (
        "verifier/data/kr-act-names.txt is stale: run scripts/build_kr_act_names.py"
    )

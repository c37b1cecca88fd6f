"""Nothing of a draft leaves the machine (issue 18 §1, CONTRACT §3): marker words planted in drafts — in the
body, in the footnotes of a .docx, as the parties of a judgment, inside quotes, as the names the draft defines
— never reach any upstream, on any path that can reach the network:

- the review pipeline, through a real Celery worker on Redis;
- the evidence view and what it loads on its own (`hx-trigger="load"`: the suggestions);
- the search panel as it opens, and its prefilled search submitted as it stands;
- the "search with words of the draft" that the suggestions offer, submitted as proposed;
- a preview of every hit, and the retry of every finding.

The fake sources record every request; the socket layer records every connection this process opens, so a
request to a host other than the fakes (the real law.go.kr) would be caught too.
"""

from __future__ import annotations

import io
import re
import socket
from html import unescape
from urllib.parse import unquote_plus, urlsplit

import pytest
from django.test import Client

from fakes.server import FakeSources
from tests.conftest import DATA
from tests.integration.fixtures import wait_for

pytestmark = pytest.mark.integration

MARKERS = ("Quixotefax", "Zebulon", "Vantablorn", "Krzeszowiakowa", "퀵소트팩스", "제뷸론", "블로른")

KO_MEMO = (
    '# 주식회사 퀵소트팩스(이하 "퀵소트팩스"라 한다)에 대한 검토 메모\n\n'
    "퀵소트팩스의 대표이사 제뷸론은 고객 정보를 주식회사 블로른에 넘겼다.\n\n"
    '1. 개인정보 보호법 제15조 제1항은 "개인정보처리자는 다음 각 호의 어느 하나에 해당되는 경우에는 '
    '정보주체의 개인정보를 제3자에게 제공(공유를 포함한다. 이하 같다)할 수 있다."라고 규정하므로 '
    "퀵소트팩스의 제공은 적법하다.\n\n"
    "2. 대법원은 퀵소트팩스 사건과 유사한 부당해고구제재심판정취소 사건에서 시용근로관계에서 본 근로계약 "
    "체결 거부사유를 서면으로 통지하여야 한다고 판시하였다(대법원 2015. 11. 27. 선고 2015두48999 판결).\n\n"
    '3. 대법원은 "제뷸론과 같은 대표이사는 퀵소트팩스에 대하여 손해를 배상할 책임이 있다"라고 '
    "판시하였다(대법원 2019. 3. 14. 선고 2018다99999 판결).\n\n"
    "4. 민법 제1200조에 따르면 제뷸론은 퀵소트팩스에 손해를 배상할 책임이 있다.\n"
)
PL_MEMO = (
    "# Opinia dla Zebulon Quixotefax sp. z o.o. (dalej: „Quixotefax”)\n\n"
    "Spółka Quixotefax zawarła umowę z Vantablorn S.A., którą reprezentowała Krzeszowiakowa.\n\n"
    "1. Por. wyrok SN z dnia 12 marca 2019 r., II CSK 123/19, w sprawie Zebulon Quixotefax przeciwko "
    "Vantablorn S.A., w której sąd uznał odpowiedzialność zarządu spółki wobec wierzycieli.\n\n"
    "2. Sąd Najwyższy w uchwale z dnia 5 lipca 2002 r., III CZP 36/02, stwierdził: „Quixotefax i "
    "Krzeszowiakowa nie mają zastosowania dla oceny przesłanek wstąpienia w stosunek najmu”.\n\n"
    "3. Zgodnie z art. 58 k.c. czynność prawna spółki Quixotefax sprzeczna z ustawą jest nieważna.\n"
)
EU_MEMO = (
    '# Memorandum for Quixotefax Ltd (hereinafter "Quixotefax")\n\n'
    "Zebulon, the director of Quixotefax, sent customer files to Vantablorn.\n\n"
    "1. In Case C-362/99 Quixotefax v Vantablorn Commissioner the Court held that transfers of personal "
    "data by Zebulon to third countries were unlawful.\n\n"
    '2. Article 6(1) of Regulation (EU) 2016/679 provides that "processing by Quixotefax shall be lawful '
    'only if and to the extent that at least one of the following applies".\n'
)


def marked_docx() -> bytes:
    """A .docx whose citations sit in its footnotes, each note and each body paragraph carrying markers."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_drafts", DATA / "drafts" / "make_drafts.py")
    assert spec is not None
    assert spec.loader is not None
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    import docx

    document = docx.Document()
    document.add_paragraph("Opinia prawna dla Zebulon Quixotefax sp. z o.o. (dalej: „Quixotefax”)")
    body = [
        ("Quixotefax odpowiada wobec Vantablorn S.A. za zobowiązania zarządu.", 1),
        ("퀵소트팩스의 대표이사 제뷸론은 블로른에 손해를 배상할 책임이 있다.", 2),
        ("Krzeszowiakowa, acting for Quixotefax, relied on the lawful basis.", 3),
    ]
    for text, note in body:
        make._body_append(document, make._paragraph(make._run(text) + make._note_ref("footnote", note)))
    make._attach_notes(
        document,
        "footnote",
        {
            1: make._run(
                " Wyrok SN z dnia 12 marca 2019 r., II CSK 123/19 "
                "(Zebulon Quixotefax przeciwko Vantablorn S.A.) — Quixotefax nie odpowiada "
                "za długi Krzeszowiakowa."
            ),
            2: make._run(
                " 퀵소트팩스에 관하여는 민법 제750조 및 대법원 2015. 11. 27. 선고 2015두48999 판결 참조."
            ),
            3: make._run(' Article 6(1) of Regulation (EU) 2016/679: "Quixotefax shall be lawful only if".'),
        },
    )
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


@pytest.fixture
def fakes(settings):
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router

    with FakeSources(DATA) as fake:
        for name, url in fake.base_urls.items():
            setattr(settings, name, url)
        settings.LAWGOKR_OC = "privacy-test-oc"
        settings.WORKBENCH_LOCAL_ONLY = False
        settings.SOURCE_HTTP_TIMEOUT = 3.0
        reset_router()
        cache.clear()
        yield fake
        reset_router()
        cache.clear()


@pytest.fixture
def connections(monkeypatch):
    """Every TCP address this process connects to (the views, the worker's threads, the clients)."""
    opened: list[tuple[str, int]] = []
    original = socket.socket.connect

    def connect(self, address):
        if isinstance(address, tuple):
            opened.append((str(address[0]), int(address[1])))
        return original(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    return opened


def as_sent(request) -> str:
    parts = [unquote_plus(request.path), unquote_plus(request.query), request.body.decode("utf-8", "replace")]
    parts += [f"{k} {unquote_plus(v)}" for k, v in request.headers.items()]
    return " ".join(parts).casefold()


HX_GET = re.compile(r'hx-get="([^"]+)"[^>]*hx-trigger="load"|hx-trigger="load"[^>]*hx-get="([^"]+)"')


def loaded_on_their_own(html: str) -> list[str]:
    return [unescape(a or b) for a, b in HX_GET.findall(html)]


def forms_in(html: str) -> list[tuple[str, dict[str, str]]]:
    """Every GET form of a page with the values it would submit untouched (inputs and selected options)."""
    found = []
    for m in re.finditer(r"<form\b([^>]*)>(.*?)</form>", html, re.S):
        attrs, inner = m.group(1), m.group(2)
        if re.search(r'method="post"', attrs, re.I):
            continue
        action = re.search(r'action="([^"]*)"', attrs)
        values: dict[str, str] = {}
        for tag in re.finditer(r"<input\b([^>]*)>", inner):
            name = re.search(r'name="([^"]+)"', tag.group(1))
            value = re.search(r'value="([^"]*)"', tag.group(1))
            if name and 'type="submit"' not in tag.group(1):
                values[name.group(1)] = unescape(value.group(1)) if value else ""
        for select in re.finditer(r'<select\b[^>]*name="([^"]+)"[^>]*>(.*?)</select>', inner, re.S):
            chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(2))
            first = re.search(r'<option value="([^"]*)"', select.group(2))
            values[select.group(1)] = unescape((chosen or first).group(1)) if (chosen or first) else ""
        found.append((unescape(action.group(1)) if action else "", values))
    return found


def links_in(html: str, css_class: str) -> list[str]:
    return [unescape(u) for u in re.findall(rf'<a class="{css_class}" href="([^"]+)"', html)]


def work_every_finding(client: Client, review) -> dict[str, int]:
    """What a reviewer can do to each finding that may reach the network, each path counted."""
    done = {"suggestions": 0, "panel": 0, "prefilled": 0, "draft_words": 0, "previews": 0}
    for finding in review.findings.all():
        page = client.get(f"/reviews/{review.pk}/findings/{finding.pk}/").content.decode()
        for url in loaded_on_their_own(page):
            html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
            done["suggestions"] += 1
            for action, values in forms_in(html):
                result = client.get(action, values, HTTP_HX_REQUEST="true").content.decode()
                done["draft_words"] += 1
                for preview in links_in(result, "preview-link")[:2]:
                    client.get(preview, HTTP_HX_REQUEST="true")
                    done["previews"] += 1
        panel = client.get(
            f"/search/reviews/{review.pk}/findings/{finding.pk}/", {"panel": "1"}, HTTP_HX_REQUEST="true"
        ).content.decode()
        done["panel"] += 1
        for action, values in forms_in(panel):
            result = client.get(action, values, HTTP_HX_REQUEST="true").content.decode()
            done["prefilled"] += 1
            for preview in links_in(result, "preview-link")[:2]:
                client.get(preview, HTTP_HX_REQUEST="true")
                done["previews"] += 1
    return done


def test_no_marker_of_a_draft_reaches_any_upstream(people, fakes, celery_worker_real, connections, settings):
    from verifier.ingest import ingest_bytes, ingest_text
    from workbench.models import Review
    from workbench.reviews import services

    drafts = [
        ingest_text(KO_MEMO, name="memo-ko.md"),
        ingest_text(PL_MEMO, name="opinia.md"),
        ingest_text(EU_MEMO, name="memo-eu.md"),
        ingest_bytes(marked_docx(), "opinia.docx"),
    ]
    for document in drafts:
        assert any(m in document.text for m in MARKERS)
    reviews = [
        services.create_review(user=people["associate"], matter=people["matter"], title=d.name, document=d)
        for d in drafts
    ]
    for review in reviews:
        wait_for(lambda r=review: Review.objects.get(pk=r.pk).status == Review.Status.DONE)
    pipeline_requests = len(fakes.requests)
    assert pipeline_requests > 0, "the pipeline reached no fake: the test proved nothing"

    client = Client()
    client.force_login(people["associate"])
    paths = {}
    for review in reviews:
        review.refresh_from_db()
        for name, n in work_every_finding(client, review).items():
            paths[name] = paths.get(name, 0) + n
        for finding in review.findings.exclude(anchor={}):
            client.post(f"/reviews/{review.pk}/findings/{finding.pk}/retry/")
        wait_for(lambda r=review: Review.objects.get(pk=r.pk).status == Review.Status.DONE)
    leaks = [
        (r.path, r.query[:120], marker)
        for r in fakes.requests
        for marker in MARKERS
        if marker.casefold() in as_sent(r)
    ]
    assert leaks == [], leaks[:10]

    # Each path was taken, so that its silence means something.
    for path, least in {
        "suggestions": 4,
        "panel": 10,
        "prefilled": 10,
        "draft_words": 1,
        "previews": 1,
    }.items():
        assert paths[path] >= least, paths
    assert len(fakes.requests) > pipeline_requests  # the views reached the fakes too
    fake_port = urlsplit(fakes.root_url).port
    from django.db import connection

    allowed = {fake_port, int(connection.settings_dict.get("PORT") or 5432), 6379}
    assert {port for _, port in connections} <= allowed, sorted(set(connections))
    assert {host for host, _ in connections} <= {"127.0.0.1", "::1", "localhost"}


def test_the_marker_check_would_see_a_leak(fakes):
    """The check itself: a request that carries a marker in any encoding is caught."""
    import httpx

    httpx.get(f"{fakes.root_url}/saos/api/search/judgments", params={"all": "zebulon QUIXOTEFAX"})
    httpx.get(f"{fakes.root_url}/lawgokr/DRF/lawSearch.do", params={"query": "퀵소트팩스 책임"})
    sent = [as_sent(r) for r in fakes.requests]
    assert any("quixotefax" in s for s in sent)
    assert any("퀵소트팩스" in s for s in sent)

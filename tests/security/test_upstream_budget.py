"""One user cannot get the firm banned upstream: searches and opened results that go upstream are budgeted
per user and per upstream server (token buckets), the refusal says when to try again (429 + Retry-After, in
the reader's language), a staff account without a role cannot search at all, and "Retry now" is debounced
per finding and budgeted per user. Against the fake sources over a real socket, counting what reached them."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse

from fakes.server import FakeSources
from tests.conftest import DATA
from tests.workbench.factories import review_with_findings, tasks_sent
from workbench.models import AuditEvent, Finding


@pytest.fixture(scope="module")
def fake_sources() -> Iterator[FakeSources]:
    with FakeSources(data_dir=DATA) as fake:
        yield fake


@pytest.fixture
def upstream(settings, fake_sources: FakeSources) -> Iterator[FakeSources]:
    from django.core.cache import cache

    from workbench.pipeline.sources import reset_router
    from workbench.security import upstream_budget

    for name, value in fake_sources.base_urls.items():
        setattr(settings, name, value)
    settings.LAWGOKR_OC = "tester-oc"
    settings.WORKBENCH_LOCAL_ONLY = False
    settings.WORKBENCH_SEARCH_PER_USER_BURST = 5
    settings.WORKBENCH_SEARCH_PER_USER_PER_MINUTE = 6
    settings.WORKBENCH_SEARCH_PER_SERVER_BURST = 8
    settings.WORKBENCH_SEARCH_PER_SERVER_PER_MINUTE = 6
    reset_router()
    cache.clear()
    upstream_budget.forget_all()
    fake_sources.clear_requests()
    yield fake_sources
    reset_router()
    cache.clear()


def korean_searches(fake: FakeSources) -> int:
    return sum(1 for r in fake.requests if r.path.startswith("/lawgokr/"))


def search(client: Client, n: int, **extra: str):
    # A new query each time: a cached answer costs upstream nothing and is never refused.
    return client.get(reverse("search"), {"collection": "law", "query": f"민법 {n}"}, **extra)


def test_one_users_search_flood_stays_within_the_users_budget(upstream, client_for) -> None:
    client = client_for("associate")
    answers = [search(client, n) for n in range(20)]
    assert [a.status_code for a in answers[:5]] == [200] * 5
    refused = [a for a in answers if a.status_code == 429]
    assert len(refused) >= 14
    assert int(refused[0]["Retry-After"]) >= 1
    assert "try again in" in refused[0].content.decode()
    searches_sent = korean_searches(upstream)
    assert 0 < searches_sent <= 5 * 2, searches_sent  # a search is at most a couple of upstream requests


@pytest.mark.django_db(transaction=True)
def test_parallel_floods_from_two_users_stay_within_the_servers_budget(upstream, people) -> None:
    """The attack: parallel threads of /search/ for as long as they like; what reaches law.go.kr is bounded
    by the server's budget whoever sends it."""
    clients = []
    for who in ("associate", "partner"):
        c = Client()
        c.force_login(people[who])
        clients.append(c)
    statuses: list[int] = []
    lock = threading.Lock()

    def flood(client: Client, base: int) -> None:
        from django.db import connection

        try:
            for n in range(12):
                code = search(client, base + n).status_code
                with lock:
                    statuses.append(code)
        finally:
            connection.close()

    threads = [threading.Thread(target=flood, args=(clients[i % 2], 100 * i)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses.count(200) <= 8 + 1, statuses  # the server's burst (and what refills meanwhile)
    assert statuses.count(429) >= 48 - 9
    assert korean_searches(upstream) <= (8 + 1) * 2


@pytest.mark.parametrize(
    ("language", "words"), [("en", "try again in"), ("pl", "spróbuj ponownie za"), ("ko", "후에 다시")]
)
def test_the_refusal_says_when_to_try_again_in_the_readers_language(
    upstream, client_for, language, words
) -> None:
    client = client_for("associate")
    for n in range(5):
        search(client, n)
    refused = search(client, 99, HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 429
    assert words in refused.content.decode()


@pytest.mark.django_db
def test_a_staff_account_without_a_role_cannot_search(upstream) -> None:
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.create_user("staffer", password="staffer-pass-1", is_staff=True)
    client = Client()
    client.force_login(staff)
    assert search(client, 1).status_code == 403
    assert client.get(reverse("search_preview"), {"collection": "law", "id": "1"}).status_code == 403
    assert korean_searches(upstream) == 0


def retryable(people):
    review = review_with_findings(people)
    finding = review.findings.get(status="no_source")
    Finding.objects.filter(pk=finding.pk).update(
        anchor={"key": "pl:case:II CSK 123/19", "number": "II CSK 123/19"}, dispatched_at=None
    )
    return review, finding


def test_retry_now_a_hundred_times_queues_one_task(
    people, client_for, django_capture_on_commit_callbacks
) -> None:
    review, finding = retryable(people)
    client = client_for("associate")
    with django_capture_on_commit_callbacks() as callbacks:
        answers = [client.post(reverse("finding_retry", args=[review.pk, finding.pk])) for _ in range(100)]
    assert all(a.status_code == 302 for a in answers)
    assert len(tasks_sent(callbacks)) == 1
    assert AuditEvent.objects.filter(review=review, kind="retry_requested").count() == 1
    page = client.get(reverse("review", args=[review.pk])).content.decode()
    assert "try again in" in page or "Looking the source up again" in page


def test_a_retry_takes_the_reviews_other_no_source_rows_of_the_same_source_along(
    people, client_for, django_capture_on_commit_callbacks
) -> None:
    """Once the source answers, the review's other ⛔ rows waiting for it must not stay ⛔ in the partner
    queue beside the one that was retried: they are looked up together."""
    review, finding = retryable(people)
    twin = Finding.objects.get(pk=finding.pk)
    twin.pk = None
    twin.ordinal = 99
    twin.save()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client_for("associate").post(reverse("finding_retry", args=[review.pk, finding.pk]))
    assert len(tasks_sent(callbacks)) == 1
    assert set(Finding.objects.filter(progress="pending").values_list("pk", flat=True)) == {
        finding.pk,
        twin.pk,
    }
    event = AuditEvent.objects.get(review=review, kind="retry_requested")
    assert event.payload["with"] == ["C99"]

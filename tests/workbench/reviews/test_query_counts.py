"""The findings page costs the same number of SQL queries for 10 findings as for 500:
a query per row would make a long memo's page crawl, and nobody would notice until a big review."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.pages import review_with_n_findings

PAGES = [
    pytest.param({}, id="full page"),
    pytest.param({"HTTP_HX_REQUEST": "true"}, id="htmx table partial"),
    pytest.param(
        {"HTTP_HX_REQUEST": "true", "QUERY_STRING": "status=verified&sort=risk"},
        id="partial filtered, sorted",
    ),
]


@pytest.fixture
def associate_in_matter(db):
    """An associate without a password (hashing one is most of a fixture's time) and their matter."""
    from django.contrib.auth.models import Group, User

    from workbench.models import Matter

    user = User.objects.create(username="counted")
    # get_or_create: a transactional test run before this one in the same process flushed the groups the
    # data migration made
    user.groups.add(Group.objects.get_or_create(name="associate")[0])
    matter = Matter.objects.create(name="Query counts", reference="Q-1")
    matter.members.add(user)
    return user, matter


@pytest.mark.parametrize("headers", PAGES)
def test_it_shows_500_findings_with_no_more_queries_than_10(
    headers, associate_in_matter, client, django_assert_max_num_queries
):
    user, matter = associate_in_matter
    small = review_with_n_findings(user, matter, 10)
    big = review_with_n_findings(user, matter, 500)
    client.force_login(user)

    with CaptureQueriesContext(connection) as for_ten:
        small_page = client.get(reverse("review", args=[small.pk]), **headers)
    assert small_page.status_code == 200
    with django_assert_max_num_queries(len(for_ten.captured_queries)):
        big_page = client.get(reverse("review", args=[big.pk]), **headers)

    assert big_page.status_code == 200
    shown = big_page.content.decode()
    # the page really lists the big review's findings, not an empty table that would be cheap to render
    expected = (
        big.findings.filter(status="verified").count()
        if "status=" in headers.get("QUERY_STRING", "")
        else 500
    )
    assert shown.count('class="fid"') == expected


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("view=document", id="document view"),
        pytest.param("view=both&blocking=1", id="table and document, only what blocks"),
    ],
)
def test_the_document_view_costs_no_more_queries_for_500_findings(
    query, associate_in_matter, client, django_assert_max_num_queries
):
    user, matter = associate_in_matter
    small = review_with_n_findings(user, matter, 10)
    big = review_with_n_findings(user, matter, 500)
    client.force_login(user)

    with CaptureQueriesContext(connection) as for_ten:
        assert client.get(reverse("review", args=[small.pk]), QUERY_STRING=query).status_code == 200
    with django_assert_max_num_queries(len(for_ten.captured_queries)):
        big_page = client.get(reverse("review", args=[big.pk]), QUERY_STRING=query)

    shown = big_page.content.decode().split('id="document"', 1)[1]
    # every citation of the big draft is in the document, highlighted
    assert shown.count('class="cite st-') == 500


def test_the_audit_timeline_and_the_table_of_authorities_cost_no_more_queries_for_500_findings(
    associate_in_matter, client, django_assert_max_num_queries
):
    user, matter = associate_in_matter
    small = review_with_n_findings(user, matter, 10)
    big = review_with_n_findings(user, matter, 500)
    client.force_login(user)
    for name in ("review_audit", "review_authorities"):
        with CaptureQueriesContext(connection) as for_ten:
            assert client.get(reverse(name, args=[small.pk])).status_code == 200
        with django_assert_max_num_queries(len(for_ten.captured_queries)):
            assert client.get(reverse(name, args=[big.pk])).status_code == 200

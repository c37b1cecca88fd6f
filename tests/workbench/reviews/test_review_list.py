"""The reviews list and the partner queue: open 🔴/⛔ and 🟠/🟡 counts, owner and last change, search and
sort, the associate's proposed wording in the queue — in the same number of queries for 3 reviews as for
30 (a query per row would only show on a busy matter)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.workbench.factories import review_with_findings
from workbench.models import Finding
from workbench.reviews import services


def rows_of(html: str) -> list[tuple[str, str, str, str]]:
    """(title, open hard, open judged, owner) per row, in the page's order."""
    return re.findall(
        r'<tr data-review="\d+"><td><a href="[^"]+">([^<]+)</a></td>.*?'
        r'<td class="num hard[^"]*">(\d+)</td><td class="num judged[^"]*">(\d+)</td>\s*<td>([^<]*)</td>',
        html,
        flags=re.S,
    )


def test_counts_owner_and_search(people, client_for):
    first = review_with_findings(people, title="Alpha memo")  # C2 needs_judgement, C3 no_source
    second = review_with_findings(people, title="Beta opinion")
    services.decide(
        user=people["partner"], finding=second.findings.get(ordinal=2), action="approve", comment="ok"
    )
    services.decide(
        user=people["partner"], finding=second.findings.get(ordinal=3), action="override", comment="r"
    )
    review_with_findings({**people, "matter": people["other_matter"]}, title="Hidden")
    client = client_for("associate")

    html = client.get(reverse("home")).content.decode()
    assert sorted(rows_of(html)) == [("Alpha memo", "1", "1", "alice"), ("Beta opinion", "0", "0", "alice")]
    assert "Hidden" not in html
    searched = client.get(reverse("home"), {"q": "beta"}).content.decode()
    assert [r[0] for r in rows_of(searched)] == ["Beta opinion"]
    by_matter = client.get(reverse("home"), {"q": "M-1"}).content.decode()
    assert len(rows_of(by_matter)) == 2
    assert first.pk  # both reviews are the associate's own


def test_sorts(people, client_for):
    beta = review_with_findings(people, title="Beta")
    review_with_findings(people, title="Alpha")
    calm = review_with_findings(people, title="Gamma")
    for f in calm.findings.all():
        Finding.objects.filter(pk=f.pk).update(status="verified")
    client = client_for("associate")

    def titles(sort):
        return [r[0] for r in rows_of(client.get(reverse("home"), {"sort": sort}).content.decode())]

    assert titles("title") == ["Alpha", "Beta", "Gamma"]
    assert titles("blocks")[-1] == "Gamma"
    # the last change: a decision on Beta makes it the most recent
    services.propose(user=people["associate"], finding=beta.findings.get(ordinal=2), action="accept")
    assert titles("changed")[0] == "Beta"
    assert titles("nonsense")[0] == "Beta"  # unknown sorts fall back to the last change


def test_the_list_costs_the_same_queries_for_3_reviews_as_for_30(people, client_for):
    for n in range(3):
        review_with_findings(people, title=f"Small {n}")
    client = client_for("associate")
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("home"))
    for n in range(27):
        review_with_findings(people, title=f"More {n}")
    with CaptureQueriesContext(connection) as many:
        html = client.get(reverse("home")).content.decode()
    assert len(rows_of(html)) == 30
    assert len(many.captured_queries) == len(few.captured_queries)


def test_the_queue_shows_the_proposed_wording_in_constant_queries(people, client_for):
    def proposed(title):
        review = review_with_findings(people, title=title)
        services.propose(
            user=people["associate"],
            finding=review.findings.get(ordinal=2),
            action="soften",
            text=f"softer wording for {title}",
            comment="see the judgment",
        )
        return review

    proposed("One")
    client = client_for("partner")
    with CaptureQueriesContext(connection) as few:
        html = client.get(reverse("queue")).content.decode()
    assert "softer wording for One" in html
    assert "accept with softened wording" in html
    for n in range(10):
        proposed(f"Many {n}")
    with CaptureQueriesContext(connection) as many:
        html = client.get(reverse("queue")).content.decode()
    assert html.count('<td class="proposal">') == 11
    assert len(many.captured_queries) == len(few.captured_queries)


@pytest.mark.parametrize("who", ["associate", "outsider"])
def test_the_queue_is_for_partners(who, client_for):
    assert client_for(who).get(reverse("queue")).status_code == 403


def test_search_matches_words_not_pieces_of_words(people, client_for):
    """ "PL" finds the Polish memo, not "upload" nor "Sample"; every word given must match."""
    for title in ("PL memo: art. 415 k.c.", "Sample upload", "근로기준법 메모", "Beta opinion"):
        review_with_findings(people, title=title)
    client = client_for("associate")

    def titles(q: str) -> list[str]:
        return sorted(r[0] for r in rows_of(client.get(reverse("home"), {"q": q}).content.decode()))

    assert titles("PL") == ["PL memo: art. 415 k.c."]
    assert titles("pl memo") == ["PL memo: art. 415 k.c."]
    assert titles("ample") == []
    assert titles("근로") == ["근로기준법 메모"]
    assert titles("메모") == ["근로기준법 메모"]
    assert titles("sample beta") == []

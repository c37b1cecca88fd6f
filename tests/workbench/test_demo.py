"""The demo and its documented passwords: loaded on the embedded default only (or when asked), checked against
the offline corpus only (nothing is sent to any upstream), and nowhere else may a password resemble its user's
name — not in the admin, not with `changepassword`."""

from __future__ import annotations

from collections.abc import Iterator
from unittest import mock

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from fakes.server import FakeSources
from tests.conftest import DATA
from workbench.management.commands.demo import SAMPLE_TITLE
from workbench.models import Review


@pytest.fixture(scope="module")
def fake_sources() -> Iterator[FakeSources]:
    with FakeSources(data_dir=DATA) as fake:
        yield fake


@pytest.fixture
def upstream(settings, fake_sources: FakeSources) -> Iterator[FakeSources]:
    """Every upstream configured and reachable (the fakes, which log each request): a demo that asked any of
    them would be seen doing so."""
    from workbench.pipeline.sources import reset_router

    for name, value in fake_sources.base_urls.items():
        setattr(settings, name, value)
    settings.LAWGOKR_OC = "tester-oc"
    settings.WORKBENCH_LOCAL_ONLY = False
    reset_router()
    fake_sources.clear_requests()
    yield fake_sources
    reset_router()


def demo_users() -> list[str]:
    users = get_user_model().objects.filter(username__in=["associate", "partner"])
    return sorted(users.values_list("username", flat=True))


def test_the_demo_refuses_a_database_it_was_not_asked_to_fill(db, settings, capsys):
    settings.EMBEDDED_DEFAULT_DATABASE = False  # DATABASE_URL names a database of the operator's
    with pytest.raises(CommandError, match="--force"):
        call_command("demo")
    assert demo_users() == []
    # What `make run` does there: says so and goes on starting the workbench.
    call_command("demo", "--if-embedded")
    assert "Demo not loaded" in capsys.readouterr().out
    assert demo_users() == []
    assert not Review.objects.filter(title=SAMPLE_TITLE).exists()


@pytest.mark.parametrize(
    ("embedded", "args"),
    [pytest.param(True, (), id="embedded-default"), pytest.param(False, ("--force",), id="asked-with-force")],
)
def test_the_demo_is_checked_against_the_offline_corpus_only(db, settings, upstream, embedded, args):
    settings.EMBEDDED_DEFAULT_DATABASE = embedded
    call_command("demo", *args)
    assert upstream.requests == []  # not CELLAR for Schrems, not SAOS for II CSK 123/19, not law.go.kr
    review = Review.objects.get(title=SAMPLE_TITLE)
    assert review.status == Review.Status.DONE
    findings = {f.citation: f for f in review.findings.all()}
    # In the demo corpus: checked for real.
    assert findings["민법 제103조"].status == "verified"
    assert findings["민법 제1200조"].status == "unverified"
    # Not in it: said plainly, not fetched.
    schrems = findings["Case C-362/14"]
    assert schrems.status == "no_source"
    assert "not looked up outside this machine" in schrems.rationale
    assert demo_users() == ["associate", "partner"]
    assert authenticate(username="partner", password="partner") is not None  # as the README documents
    # A second run reuses everything.
    call_command("demo", *args)
    assert Review.objects.filter(title=SAMPLE_TITLE).count() == 1


@pytest.fixture
def associate(db):
    return get_user_model().objects.create_user(username="associate", password="Kx7#pr2-unrelated")


def test_a_password_like_the_username_is_refused(associate):
    with pytest.raises(ValidationError) as refused:
        validate_password("associate", user=associate)
    assert [e.code for e in refused.value.error_list] == ["password_too_similar"]
    validate_password("Kx7#pr2-unrelated", user=associate)  # the validators do not refuse everything


def test_the_admin_refuses_to_set_a_password_like_the_username(associate, client):
    admin = get_user_model().objects.create_superuser(username="root", password="Qm4!vz8-unrelated")
    client.force_login(admin)
    url = reverse("admin:auth_user_password_change", args=[associate.pk])
    response = client.post(url, {"password1": "associate", "password2": "associate"})
    assert response.status_code == 200
    assert "too similar" in response.content.decode()
    associate.refresh_from_db()
    assert associate.check_password("Kx7#pr2-unrelated")
    # The admin's "add user" form too.
    response = client.post(
        reverse("admin:auth_user_add"),
        {"username": "kowalska", "password1": "kowalska1", "password2": "kowalska1"},
    )
    assert "too similar" in response.content.decode()
    assert not get_user_model().objects.filter(username="kowalska").exists()


@translation.override("en")  # an earlier test's active language would translate the message
def test_changepassword_refuses_a_password_like_the_username(associate, capsys):
    typed = "django.contrib.auth.management.commands.changepassword.getpass.getpass"
    with mock.patch(typed, return_value="associate"), pytest.raises(CommandError, match="Aborting password"):
        call_command("changepassword", "associate")
    assert "too similar" in capsys.readouterr().err
    associate.refresh_from_db()
    assert associate.check_password("Kx7#pr2-unrelated")

"""The login throttle (issue 18 §4): failures are counted under the username as authentication reads it, the
count is taken atomically before the password is checked, the admin login is throttled too, and the lock is
per (user, real client address) — behind a proxy the address is the client's, not the proxy's."""

from __future__ import annotations

import threading

import pytest
from django.test import Client
from django.urls import reverse

LIMIT = 3

# Each is the user "bf2" once authentication has stripped and NFKC-normalized it.
VARIANTS = [
    "bf2",
    " bf2",
    "bf2 ",
    "\tbf2",
    "bf2\n",
    " " * 10 + "bf2",
    "ｂｆ２",  # fullwidth
    "ｂf2",
    "\u3000bf2",  # ideographic space
]


@pytest.fixture
def bf2(db, settings):
    from django.contrib.auth import get_user_model

    settings.LOGIN_MAX_FAILURES = LIMIT
    return get_user_model().objects.create_user(username="bf2", password="bf2-right-pass")


def attempt(client: Client, username: str, password: str, *, url: str = "", **extra: str) -> bool:
    """True when the attempt logged in."""
    client.post(url or reverse("login"), {"username": username, "password": password}, **extra)
    return "_auth_user_id" in client.session


def test_every_spelling_of_a_username_counts_for_that_user(bf2) -> None:
    client = Client()
    for variant in VARIANTS:
        assert not attempt(client, variant, "wrong")
    # Locked: the right password, in any spelling, no longer logs in from this address.
    for variant in VARIANTS:
        assert not attempt(Client(), variant, "bf2-right-pass")
    assert not attempt(Client(), " " * 10 + "bf2", "bf2-right-pass")


def test_the_lock_holds_after_exactly_the_limit(bf2) -> None:
    for variant in VARIANTS[:LIMIT]:
        assert not attempt(Client(), variant, "wrong")
    response = Client().post(reverse("login"), {"username": "ｂｆ２", "password": "bf2-right-pass"})
    assert "Too many failed attempts" in response.content.decode()


def test_a_right_password_before_the_limit_logs_in_and_clears_the_count(bf2) -> None:
    for _ in range(LIMIT - 1):
        assert not attempt(Client(), "bf2", "wrong")
    assert attempt(Client(), " bf2", "bf2-right-pass")
    for _ in range(LIMIT - 1):
        assert not attempt(Client(), "bf2", "wrong")
    assert attempt(Client(), "bf2", "bf2-right-pass")


@pytest.mark.django_db(transaction=True)
def test_concurrent_wrong_attempts_check_no_more_passwords_than_the_limit(settings, monkeypatch) -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.backends import ModelBackend

    settings.LOGIN_MAX_FAILURES = 5
    get_user_model().objects.create_user(username="bf2", password="bf2-right-pass")
    checked: list[str] = []
    lock = threading.Lock()
    real = ModelBackend.authenticate

    def counting(self, request, username=None, password=None, **kwargs):
        with lock:
            checked.append(username)
        return real(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    start = threading.Barrier(40)

    def guess(n: int) -> None:
        from django.db import connection

        client = Client()
        start.wait()
        try:
            client.post(reverse("login"), {"username": VARIANTS[n % len(VARIANTS)], "password": f"wrong-{n}"})
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(checked) <= 5, len(checked)
    assert not attempt(Client(), "bf2", "bf2-right-pass")


def test_the_admin_login_is_throttled_with_the_same_count(bf2) -> None:
    bf2.is_staff = True
    bf2.save()
    admin_login = reverse("admin:login")
    for variant in VARIANTS[:LIMIT]:
        assert not attempt(Client(), variant, "wrong", url=admin_login)
    response = Client().post(admin_login, {"username": "bf2", "password": "bf2-right-pass"})
    assert "Too many failed attempts" in response.content.decode()
    assert not attempt(Client(), "bf2", "bf2-right-pass")  # one count for both forms


def test_behind_the_proxy_a_stranger_cannot_lock_the_user_out_elsewhere(bf2, settings) -> None:
    settings.WORKBENCH_BEHIND_PROXY = True
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    stranger = {**proxy, "HTTP_X_FORWARDED_FOR": "203.0.113.66"}
    for _ in range(LIMIT + 2):
        assert not attempt(Client(), "bf2", "wrong", **stranger)
    assert not attempt(Client(), "bf2", "bf2-right-pass", **stranger)  # the stranger's address is locked
    user = {**proxy, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    assert attempt(Client(), "bf2", "bf2-right-pass", **user)  # the user, from elsewhere, is not


def test_a_forged_forwarded_for_does_not_choose_the_address(bf2, settings) -> None:
    settings.WORKBENCH_BEHIND_PROXY = True
    # The proxy appends the address it saw; whatever the client wrote before it is not trusted.
    for n in range(LIMIT + 1):
        forged = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": f"192.0.2.{n}, 203.0.113.66"}
        attempt(Client(), "bf2", "wrong", **forged)
    again = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "192.0.2.200, 203.0.113.66"}
    assert not attempt(Client(), "bf2", "bf2-right-pass", **again)


def test_without_the_proxy_setting_forwarded_for_is_ignored(bf2, settings) -> None:
    settings.WORKBENCH_BEHIND_PROXY = False
    for n in range(LIMIT + 1):
        attempt(Client(), "bf2", "wrong", REMOTE_ADDR="203.0.113.66", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert not attempt(Client(), "bf2", "bf2-right-pass", REMOTE_ADDR="203.0.113.66")


@pytest.mark.django_db(transaction=True)
def test_concurrent_logins_with_the_right_password_are_not_refused(settings) -> None:
    """The throttle counts failures, not attempts: a dozen logins of one account from one address (an office
    behind one NAT address, a browser restoring its tabs) at once, all with the right password, all get in."""
    from django.contrib.auth import get_user_model

    settings.LOGIN_MAX_FAILURES = 5
    get_user_model().objects.create_user(username="bf2", password="bf2-right-pass")
    start = threading.Barrier(12)
    results: list[bool] = []
    lock = threading.Lock()

    def login() -> None:
        from django.db import connection

        client = Client()
        start.wait()
        try:
            ok = attempt(client, "bf2", "bf2-right-pass")
        finally:
            connection.close()
        with lock:
            results.append(ok)

    threads = [threading.Thread(target=login) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [True] * 12

"""A host's places go to the cited sources before the history look-ups (issue 17's cold cost): the order in
which SourceHTTP lets queued requests through, with one place at a host and the first request held open."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import httpx
import pytest

from verifier.sources.errors import TransientError
from verifier.sources.host_slots import HostSlots, Turn, Urgency, background
from verifier.sources.http import SourceHTTP, fan_out, within

HOST = "law.example"


class HeldHost:
    """A transport whose first request is held until `open()`; the order of the requests it was sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self._gate = threading.Event()
        self._lock = threading.Lock()

    def handler(self, request: httpx.Request) -> httpx.Response:
        with self._lock:
            self.sent.append(request.url.path.strip("/"))
            first = len(self.sent) == 1
        if first:
            self._gate.wait(5)
        return httpx.Response(200, text=f"<{request.url.path.strip('/')}/>")

    def open(self) -> None:
        self._gate.set()


def queue_in_order(host: Place, asks: list[tuple[str, bool]]) -> list[threading.Thread]:
    """Start one thread per (path, in the background?) and wait until each waits for the host's place, so
    that the queue's order is the list's."""
    http, held = host
    threads = []
    for n, (path, later) in enumerate(asks):

        def ask(path: str = path, later: bool = later) -> None:
            if later:
                with background():
                    http.get(f"https://{HOST}/{path}")
            else:
                http.get(f"https://{HOST}/{path}")

        thread = threading.Thread(target=ask)
        thread.start()
        threads.append(thread)
        if n == 0:
            wait_for(lambda: len(held.sent) == 1)
        else:
            wait_for(lambda n=n: http._host(HOST, HOST).slots.waiting == n)
    return threads


def wait_for(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the request never queued"
        time.sleep(0.005)


type Place = tuple[SourceHTTP, HeldHost]


@pytest.fixture
def one_place() -> Place:
    """SourceHTTP with one place at HOST, and the host whose first request holds it."""
    held = HeldHost()
    http = SourceHTTP(transport=httpx.MockTransport(held.handler), per_host_limit=1, sleep=lambda _: None)
    return http, held


def test_a_cited_source_goes_before_the_history_look_ups_queued_ahead_of_it(one_place: Place) -> None:
    _, held = one_place
    threads = queue_in_order(
        one_place,
        [("first", False), ("history-1", True), ("history-2", True), ("source", False), ("history-3", True)],
    )
    held.open()
    for thread in threads:
        thread.join(5)
    assert held.sent == ["first", "source", "history-1", "history-2", "history-3"]


def test_among_equals_the_first_to_ask_goes_first(one_place: Place) -> None:
    _, held = one_place
    threads = queue_in_order(one_place, [("first", True), ("a", False), ("b", False), ("c", False)])
    held.open()
    for thread in threads:
        thread.join(5)
    assert held.sent == ["first", "a", "b", "c"]


def test_a_history_request_a_source_then_asks_for_too_is_promoted(one_place: Place) -> None:
    """The history's law search is the resolver's own search: shared while in flight, it must not keep the
    source waiting behind the other history requests."""
    http, held = one_place
    threads = queue_in_order(one_place, [("first", False), ("history-1", True), ("shared", True)])
    joiner = threading.Thread(target=http.get, args=(f"https://{HOST}/shared",))
    joiner.start()
    time.sleep(0.05)  # the source joins the GET in flight: nothing new is queued
    assert http._host(HOST, HOST).slots.waiting == 2
    held.open()
    for thread in [*threads, joiner]:
        thread.join(5)
    assert held.sent == ["first", "shared", "history-1"]


def test_fan_out_carries_background_into_its_pool(one_place: Place) -> None:
    http, held = one_place
    threads = queue_in_order(one_place, [("first", False)])

    def pool_asks() -> None:
        with background():
            fan_out(lambda p: http.get(f"https://{HOST}/{p}"), ["pooled-1", "pooled-2"], threads=2)

    pooled = threading.Thread(target=pool_asks)
    pooled.start()
    wait_for(lambda: http._host(HOST, HOST).slots.waiting == 2)
    source = threading.Thread(target=http.get, args=(f"https://{HOST}/source",))
    source.start()
    wait_for(lambda: http._host(HOST, HOST).slots.waiting == 3)
    held.open()
    for thread in [*threads, pooled, source]:
        thread.join(5)
    assert held.sent[:2] == ["first", "source"]
    assert sorted(held.sent[2:]) == ["pooled-1", "pooled-2"]


def test_a_request_whose_budget_ends_in_the_queue_gives_up_its_turn(one_place: Place) -> None:
    http, held = one_place
    threads = queue_in_order(one_place, [("first", False)])
    failed: list[str] = []

    def short_budget() -> None:
        with within(time.monotonic() + 0.2, 0.2):
            try:
                http.get(f"https://{HOST}/too-late")
            except TransientError as exc:
                failed.append(exc.message)

    late = threading.Thread(target=short_budget)
    late.start()
    late.join(5)
    assert failed
    assert "time budget" in failed[0]
    assert http._host(HOST, HOST).slots.waiting == 0
    after = threading.Thread(target=http.get, args=(f"https://{HOST}/after",))
    after.start()
    held.open()
    for thread in [*threads, after]:
        thread.join(5)
    assert held.sent == ["first", "after"]  # the place went to the next asker, not to the one that left


def test_the_slots_never_hold_more_than_their_limit_and_refuse_an_extra_release() -> None:
    slots = HostSlots(2)
    assert slots.acquire(Turn(Urgency.SOURCE))
    assert slots.acquire(Turn(Urgency.BACKGROUND))
    assert not slots.acquire(Turn(Urgency.SOURCE), timeout=0.05)
    slots.release()
    slots.release()
    with pytest.raises(ValueError, match="released more often"):
        slots.release()
    with pytest.raises(ValueError, match="at least one"):
        HostSlots(0)


def test_two_servers_on_one_machine_have_a_place_each() -> None:
    """The fakes of two services on 127.0.0.1 are two servers (as law.go.kr and ELI are upstream): one held
    request at the first does not keep the second waiting."""
    held = HeldHost()
    http = SourceHTTP(transport=httpx.MockTransport(held.handler), per_host_limit=1, sleep=lambda _: None)
    first = threading.Thread(target=http.get, args=("http://127.0.0.1:8001/first",))
    first.start()
    wait_for(lambda: len(held.sent) == 1)
    assert http.get("http://127.0.0.1:8002/other").text == "<other/>"
    assert http._host("127.0.0.1:8001", "127.0.0.1").slots.waiting == 0
    held.open()
    first.join(5)
    assert held.sent == ["first", "other"]

"""Who gets a socket (host/gate.py): a seat's token always does; strangers are refused first, and a
flood of connections from one address never reaches the Room."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError

from host.gate import Gate, TokenBucket
from host.server import GATE_KEY


async def _hello_at_once(host, token):
    """A phone page's way: hello as soon as the socket opens, before anything arrives."""
    ws = await host.client.ws_connect("/ws")
    await ws.send_str(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    return ws


async def _messages_until(ws, kind):
    seen = []
    while True:
        message = await ws.receive(timeout=5)
        assert message.type is WSMsgType.TEXT, message
        seen.append(json.loads(message.data))
        if seen[-1]["type"] == kind:
            return seen


async def _closed_with(ws):
    while True:
        message = await ws.receive(timeout=5)
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED):
            return message.data


async def test_a_seat_token_gets_in_over_a_full_socket_limit_and_the_oldest_stranger_goes(
    make_host,
):
    host = await make_host(max_sockets=4)
    ana, bruno = await host.player("Ana"), await host.player("Bruno")
    strangers = [await host.phone(label=f"s{index}") for index in range(2)]
    token = bruno.token
    await bruno.ws.close()
    strangers.append(await host.phone(label="s2"))  # the limit is full again: Ana + 3 strangers
    assert len(host.app[GATE_KEY].inside) == 4

    newcomer = await _hello_at_once(host, None)  # a stranger over the limit: refused
    assert await _closed_with(newcomer) == 1013

    back = await _hello_at_once(host, token)
    seen = await _messages_until(back, "welcome")
    assert all(m["type"] == "state" and m["you"]["seat"] is None for m in seen[:-1])
    state = (await _messages_until(back, "state"))[-1]
    assert state["you"]["seat"] == 1 and state["you"]["name"] == "Bruno"
    assert await _closed_with(strangers[0].ws) == 1013  # the oldest stranger made room
    assert host.room.players[1].connected and host.room.players[0].connected
    assert (await ana.sync())["room"]["seats"][1]["connected"] is True
    for stranger in strangers[1:]:
        await stranger.sync()  # the younger strangers are still there


async def test_a_shared_phone_presenting_its_tokens_gets_in_over_a_full_limit(make_host):
    host = await make_host(max_sockets=2)
    ana = await host.player("Ana")
    token = ana.token
    await ana.ws.close()
    strangers = [await host.phone(label=f"s{index}") for index in range(2)]
    ws = await host.client.ws_connect("/ws")
    await ws.send_str(json.dumps({"type": "hello", "tokens": ["not-a-seat", token]}))
    assert (await _messages_until(ws, "welcome"))[-1]["seat"] == 0
    assert await _closed_with(strangers[0].ws) == 1013


async def test_a_flood_of_connections_from_one_address_never_reaches_the_room(
    make_host, monkeypatch
):
    host = await make_host(churn_burst=5, churn_rate=0.01, admission_seconds=0.2)
    ana = await host.player("Ana")  # the first of the address's five turns
    entered = []
    connect = host.room.connect
    monkeypatch.setattr(host.room, "connect", lambda conn: (entered.append(conn), connect(conn)))
    refused = 0
    for _ in range(100):
        try:
            ws = await host.client.ws_connect("/ws")
        except WSServerHandshakeError as error:
            assert error.status == 503
            refused += 1
            continue
        await ws.close()
    assert len(entered) <= 4  # the rest of the burst; the others were held and went
    token = ana.token
    await ana.ws.close()
    back = await _hello_at_once(host, token)  # the seat's phone, from the flooding address
    assert (await _messages_until(back, "welcome"))[-1]["seat"] == 0
    stranger = await _hello_at_once(host, None)  # a stranger waits for a turn that never comes
    assert await _closed_with(stranger) == 1013
    assert len(host.room.connections) == 1


async def test_300_connects_and_disconnects_cost_the_seated_phones_nothing(make_host, monkeypatch):
    host = await make_host()  # the default guard: 30 at once, then 5 per second
    phones = await host.table(5)
    entered = []
    connect = host.room.connect
    monkeypatch.setattr(host.room, "connect", lambda conn: (entered.append(conn), connect(conn)))
    started = asyncio.get_running_loop().time()
    for _ in range(300):
        try:
            ws = await host.client.ws_connect("/ws")
        except WSServerHandshakeError:
            continue
        await ws.close()
    elapsed = asyncio.get_running_loop().time() - started
    # At most a full burst (the table's five joins are refilled while it sits down), then the
    # refill of five a second.
    assert len(entered) <= 30 + 5 * elapsed + 1
    for phone in phones:
        before = len(phone.raw)
        await phone.sync()
        assert len(phone.raw) == before + 1  # only the pong: no state for strangers' churn


async def test_one_address_holds_few_sockets_at_the_door(make_host):
    host = await make_host(churn_burst=1, churn_rate=0.01, max_held_per_address=2)
    await host.phone()  # spends the burst
    held = [await host.client.ws_connect("/ws") for _ in range(2)]  # upgraded, saying nothing
    with pytest.raises(WSServerHandshakeError) as refused:
        await host.client.ws_connect("/ws")
    assert refused.value.status == 503
    for ws in held:
        await ws.close()


async def test_a_held_socket_that_says_nothing_is_closed_after_the_admission_time(make_host):
    host = await make_host(max_sockets=1, admission_seconds=0.1)
    await host.phone()
    silent = await host.client.ws_connect("/ws")
    assert await _closed_with(silent) == 1013
    assert len(host.room.connections) == 1


def test_the_churn_bucket_says_when_the_next_turn_comes():
    now = [0.0]
    bucket = TokenBucket(rate=4.0, burst=2, clock=lambda: now[0])
    assert [bucket.take(), bucket.take(), bucket.take()] == [True, True, False]
    assert bucket.seconds_to_next() == pytest.approx(0.25)
    now[0] = 0.25
    assert bucket.seconds_to_next() == 0 and bucket.take()


def test_the_gate_forgets_addresses_whose_burst_came_back():
    now = [0.0]
    gate = Gate(
        max_sockets=64,
        churn_rate=5.0,
        churn_burst=30,
        max_held_per_address=8,
        admission_seconds=5.0,
        clock=lambda: now[0],
    )
    early = [f"10.0.{index // 256}.{index % 256}" for index in range(5000)]
    for address in early:
        assert gate.may_enter_at_once(address)
    assert len(gate._buckets) == 5000  # all of them opened a socket just now: all remembered
    now[0] = 10.0  # every early burst is full again: nothing left to remember of them
    late = [f"10.1.{index // 256}.{index % 256}" for index in range(4000)]
    for address in late:
        assert gate.may_enter_at_once(address)
    assert not set(early) & set(gate._buckets)
    assert set(gate._buckets) <= set(late)
    assert gate.may_enter_at_once(early[0])  # a forgotten address starts with a full burst


async def test_one_address_cannot_fill_the_room_with_strangers_but_a_seat_still_gets_in(
    make_host,
):
    # A guest device opening socket after socket, slowly enough for the churn guard, would
    # otherwise hold every place until the next friend to arrive finds the door shut.
    host = await make_host(max_strangers_per_address=3)
    ana = await host.player("Ana")
    token = ana.token
    await ana.ws.close()
    strangers = [await host.phone(label=f"s{index}") for index in range(3)]
    assert len(host.app[GATE_KEY].inside) == 3
    one_more = await _hello_at_once(host, None)
    assert await _closed_with(one_more) == 1013
    with pytest.raises(WSServerHandshakeError) as refused:
        await host.client.ws_connect("/ws/public")
    assert refused.value.status == 503
    back = await _hello_at_once(host, token)  # a seat is never shut out
    await _messages_until(back, "welcome")
    state = (await _messages_until(back, "state"))[-1]
    assert state["you"]["seat"] == 0 and host.room.players[0].connected
    await strangers[0].ws.close()
    for _ in range(1000):  # the close reaches the host's handler
        if len(host.app[GATE_KEY].inside) == 3:
            break
        await asyncio.sleep(0)
    board = await host.client.ws_connect("/ws/public")  # a place is free again
    assert json.loads((await board.receive(timeout=5)).data)["type"] == "public"


def test_the_share_of_an_address_counts_only_its_strangers():
    gate = Gate(
        max_sockets=100,
        churn_rate=1.0,
        churn_burst=100,
        max_held_per_address=8,
        admission_seconds=1.0,
        max_strangers_per_address=2,
    )
    seated = [object() for _ in range(5)]
    for ws in seated:
        gate.enter(ws, "10.0.0.2", lambda: False)  # a table behind one address: all seats
    assert gate.may_enter_at_once("10.0.0.2")
    gate.enter(object(), "10.0.0.2", lambda: True)
    gate.enter(object(), "10.0.0.3", lambda: True)
    assert gate.may_enter_at_once("10.0.0.2") and gate.may_enter_at_once("10.0.0.3")
    gate.enter(object(), "10.0.0.2", lambda: True)
    assert not gate.may_enter_at_once("10.0.0.2") and gate.may_enter_at_once("10.0.0.3")

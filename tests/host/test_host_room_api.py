"""The Room's interface to the TV (public subscription, host keys) and the socket outbox."""

from __future__ import annotations

import asyncio

import pytest

from engine.errors import InvalidConfig
from engine.rng import Rng
from host.journal import read_journal
from host.outbox import Outbox
from host.room import RoomError


async def test_subscribe_public_gets_the_current_message_at_once_then_every_change(host):
    received = []
    unsubscribe = host.room.subscribe_public(received.append)
    assert received == [host.room.public_message()]
    assert received[0]["view"] is None and received[0]["room"]["phase"] == "lobby"
    phones = await host.table(5)
    assert [m["room"]["seats"][-1]["name"] for m in received[-1:]] == ["Eli"]
    await host.start(phones)
    assert received[-1]["view"] == host.room.rules.view(host.room.state, None)
    assert all("me" not in (m["view"] or {}) for m in received)
    tokens = [p.token for p in phones]
    assert not any(token in repr(received) for token in tokens)
    count = len(received)
    unsubscribe()
    host.room.pause()
    assert len(received) == count


async def test_a_failing_subscriber_does_not_break_the_room(host):
    def broken(message):
        raise RuntimeError("the TV fell over")

    host.room.subscribe_public(broken)
    phone = await host.player("Ana")
    assert phone.state["room"]["seats"][0]["name"] == "Ana"


async def test_host_keys_start_pause_and_their_refusals(host, kit):
    received = []
    host.room.subscribe_public(received.append)
    phones = await host.table(4)
    with pytest.raises(InvalidConfig) as refused:
        host.room.start()
    assert refused.value.code == "player_count"
    phones.append(await host.player("Eli"))
    for phone in phones:
        await phone.sync()
    host.room.start()  # the TV's start key, same as the leader's
    await kit.next_state(phones)
    assert phones[0].view["phase"] == "propose"
    with pytest.raises(RoomError) as refused:
        host.room.start()
    assert refused.value.code == "not_in_lobby"
    host.room.pause()
    assert received[-1]["room"]["paused"] is True
    host.room.unpause()
    assert received[-1]["room"]["paused"] is False
    with pytest.raises(RoomError) as refused:
        host.room.resume_saved()
    assert refused.value.code == "not_in_lobby"


class StuckSocket:
    """A WebSocket whose peer never reads: every send waits forever."""

    def __init__(self) -> None:
        self.closed = False
        self.close_code = None
        self.compress = False
        self.sent = []

    async def send_frame(self, payload: bytes, opcode: int) -> None:
        self.sent.append(payload.decode())
        await asyncio.Event().wait()

    async def close(self, code: int, message: bytes) -> None:
        self.closed = True
        self.close_code = code


async def test_a_socket_that_never_reads_is_dropped_not_waited_for():
    ws = StuckSocket()
    outbox = Outbox(ws, max_queued=3)
    for index in range(10):
        outbox.put(f"m{index}")  # never blocks
    await outbox.closer  # the first frame was written at once, the rest queued, then dropped
    assert ws.sent == ["m0"]
    assert outbox.dropped and ws.closed and ws.close_code == 1008
    outbox.task.cancel()


async def test_a_bot_plays_an_absent_seat_and_steps_back_when_the_player_returns(make_host, kit):
    host = await make_host(rate=1e9, burst=10**9)  # many ping barriers: not a flood
    phones = await host.table(5)
    await host.start(phones)
    room = host.room
    rules = room.rules
    absent = 3
    token = phones[absent].token
    await phones[absent].ws.close()
    others = [p for i, p in enumerate(phones) if i != absent]
    await kit.next_state(others)
    with pytest.raises(RoomError) as refused:
        room.set_bot(7)
    assert refused.value.code == "not_a_seat"

    room.set_bot(absent)  # the TV's key: a bot stands in
    await kit.next_state(others)
    assert others[0].state["room"]["seats"][absent]["bot"] is True
    # Everyone else plays; the table never waits for seat 3.
    rng = Rng(kit.seed)
    for _ in range(30):
        expected = rules.expected_seats(room.state)
        assert absent not in expected or room.phase != "playing"
        if room.phase != "playing":
            break
        seat = min(expected)
        action = rules.bots["random"](room.state, seat, rng)
        await phones[seat].send({"type": "action", "action": action})
        for phone in others:
            await phone.sync()
    assert any(entry["seat"] == absent for entry in room.log)  # the bot acted for seat 3
    # Every bot move is journaled like any other: the journal replays to the same state.
    saved = read_journal(room.journal.path) if room.journal else None
    if saved is not None:
        assert saved.log == room.log

    back = await host.phone(token=token)
    assert back.state["you"]["seat"] == absent
    assert back.view == rules.view(room.state, absent)
    if room.phase == "playing" and absent in rules.expected_seats(room.state):
        assert room._bot_turn() is None  # the player is back: the bot waits


async def test_set_bot_in_the_lobby_is_refused(host):
    with pytest.raises(RoomError) as refused:
        host.room.set_bot(0)
    assert refused.value.code == "not_started"

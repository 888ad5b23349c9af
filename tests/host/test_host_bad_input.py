"""Every bad input gets its error, to the sender only, in its language; nothing changes; the
connection stays where that makes sense; the server keeps serving."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from aiohttp import WSCloseCode, WSMsgType, WSServerHandshakeError

from host.server import TokenBucket


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


async def _assert_only_sender_answered(phones, sender):
    """Nobody but the sender got anything after the refusal (ping barrier on everyone)."""
    for phone in phones:
        if phone is not sender:
            before = len(phone.raw)
            await phone.sync()
            assert len(phone.raw) == before + 1  # just the pong


@pytest.mark.parametrize(
    ("frame", "code", "facts"),
    [
        ("this is not json", "bad_json", {}),
        ("[1, 2, 3]", "bad_json", {}),
        ('"hello"', "bad_json", {}),
        ("[" * 3000 + "]" * 3000, "bad_json", {}),
        ("{}", "unknown_type", {"type": "null"}),
        ('{"type": "teleport"}', "unknown_type", {"type": "teleport"}),
        ('{"type": 7}', "unknown_type", {"type": "7"}),
        ('{"type": ["ping"]}', "unknown_type", {"type": '["ping"]'}),
        ('{"type": "ping\\u0000\\n"}', "unknown_type", {"type": "ping"}),
        ('{"type": "action"}', "bad_field", {"field": "action", "expected": "object"}),
        (
            '{"type": "action", "action": []}',
            "bad_field",
            {"field": "action", "expected": "object"},
        ),
        (
            '{"type": "action", "action": {}, "seat": "0"}',
            "bad_field",
            {"field": "seat", "expected": "integer or null"},
        ),
        ('{"type": "join", "name": 5}', "bad_field", {"field": "name", "expected": "string"}),
        ('{"type": "remove", "seat": true}', "bad_field", {"field": "seat", "expected": "integer"}),
        (
            '{"type": "reorder", "order": [0, "1"]}',
            "bad_field",
            {"field": "order", "expected": "list of integers"},
        ),
        (
            '{"type": "options", "variants": "quick"}',
            "bad_field",
            {"field": "variants", "expected": "list of strings"},
        ),
        (
            '{"type": "hello", "token": 12}',
            "bad_field",
            {"field": "token", "expected": "string or null"},
        ),
        ('{"type": "lang"}', "bad_field", {"field": "lang", "expected": "string"}),
    ],
)
async def test_malformed_messages(host, kit, frame, code, facts):
    phones = await _started(host)
    before = kit.frozen(host.room)
    error = await phones[1].error(frame)
    assert error["code"] == code
    assert error["facts"] == facts
    assert error["message"] and not error["message"].startswith("error.")
    assert kit.frozen(host.room) == before
    await _assert_only_sender_answered(phones, phones[1])
    # the connection is kept and still works
    assert (await phones[1].sync())["you"]["seat"] == 1


async def test_engine_refusals_out_of_turn_and_out_of_phase(host, kit):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    other = (boss + 1) % 5
    before = kit.frozen(room)

    error = await phones[other].error(
        {"type": "action", "action": {"type": "propose", "team": [0, 1]}}
    )
    assert error["code"] == "not_your_turn"
    vote = {"type": "action", "action": {"type": "vote", "approve": True}}
    error = await phones[boss].error(vote)
    assert error["code"] == "wrong_phase"
    error = await phones[boss].error({"type": "action", "action": {"type": "propose", "team": [0]}})
    assert error["code"] == "team_size" and error["facts"] == {"expected": 2, "given": 1}
    error = await phones[boss].error({"type": "action", "action": {"type": "dance"}})
    assert error["code"] == "unknown_action"
    error = await phones[boss].error(
        {"type": "action", "action": {"type": "propose", "team": "all"}}
    )
    assert error["code"] == "bad_field"
    assert kit.frozen(room) == before
    await _assert_only_sender_answered(phones, phones[boss])


async def test_an_action_for_another_seat_is_refused(host, kit):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    other = (boss + 1) % 5
    before = kit.frozen(room)
    action = {"type": "propose", "team": [0, 1]}
    error = await phones[other].error({"type": "action", "action": action, "seat": boss})
    assert error["code"] == "not_your_seat" and error["facts"] == {"seat": boss}
    assert kit.frozen(room) == before
    # naming one's own seat is fine
    await kit.play_one(host, phones, boss, action)
    assert len(room.log) == 1


async def test_error_messages_come_in_the_senders_language(host):
    phones = await _started(host)
    await phones[2].send({"type": "lang", "lang": "es"})
    await phones[2].expect("state")
    error = await phones[2].error("nope")
    assert error["message"].startswith("El teléfono")
    error = await phones[3].error("nope")
    assert error["message"].startswith("The phone")


async def test_a_big_frame_is_refused_and_the_socket_kept(host, kit):
    phones = await _started(host)
    before = kit.frozen(host.room)
    big = json.dumps({"type": "join", "name": "x" * 9000})
    error = await phones[0].error(big)
    assert error["code"] == "too_big" and error["facts"] == {"max": 8192}
    assert kit.frozen(host.room) == before
    assert (await phones[0].sync())["you"]["seat"] == 0


async def test_a_huge_frame_closes_the_socket_with_1009_and_the_seat_can_come_back(host, kit):
    phones = await _started(host)
    await phones[0].send_raw("x" * 70_000)
    message = await phones[0].ws.receive(timeout=5)
    assert message.type is WSMsgType.CLOSE
    assert message.data == WSCloseCode.MESSAGE_TOO_BIG
    state = await phones[1].until("state")
    assert state["room"]["seats"][0]["connected"] is False
    back = await host.phone(token=phones[0].token)
    assert back.state["you"]["seat"] == 0


async def test_a_binary_frame_is_refused(host):
    phone = await host.player("Ana")
    await phone.ws.send_bytes(b"\x00\x01")
    assert (await phone.expect("error"))["code"] == "bad_json"


async def test_a_flood_is_cut_down_and_answered_without_losing_the_socket(make_host, kit):
    host = await make_host(rate=1.0, burst=10)
    phones = await _started(host)
    before = kit.frozen(host.room)
    for _ in range(60):
        await phones[0].send({"type": "ping"})
    answers = [await phones[0].recv()]
    while answers[-1]["type"] != "error":
        answers.append(await phones[0].recv())
    assert answers[-1]["code"] == "rate_limited"
    assert answers[-1]["message"] == "Too many taps at once. Wait a moment and try again."
    assert all(message["type"] == "pong" for message in answers[:-1])
    assert len(answers) - 1 <= 10  # no more than the burst got through
    assert kit.frozen(host.room) == before
    assert not phones[0].ws.closed
    # the others were not disturbed
    assert (await phones[1].sync())["you"]["seat"] == 1


async def test_an_endless_flood_closes_the_socket(make_host):
    host = await make_host(rate=0.001, burst=5, flood_close_after=50)
    phone = await host.player("Ana")
    for _ in range(60):
        if phone.ws.closed:
            break
        await phone.send({"type": "ping"})
    while True:
        message = await phone.ws.receive(timeout=5)
        if message.type is WSMsgType.CLOSE:
            assert message.data == WSCloseCode.POLICY_VIOLATION
            break


def test_the_flood_guard_refills_with_time():
    now = [0.0]
    bucket = TokenBucket(rate=2.0, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5  # one message back
    assert [bucket.take() for _ in range(2)] == [True, False]
    now[0] = 100.0  # never more than the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


async def test_a_foreign_origin_is_refused_and_the_same_origin_allowed(host):
    with pytest.raises(WSServerHandshakeError) as refused:
        await host.client.ws_connect("/ws", headers={"Origin": "http://evil.example"})
    assert refused.value.status == 403
    with pytest.raises(WSServerHandshakeError):
        await host.client.ws_connect("/ws/public", headers={"Origin": "null"})
    own = f"http://{host.client.host}:{host.client.port}"
    ws = await host.client.ws_connect("/ws", headers={"Origin": own})
    assert json.loads((await ws.receive(timeout=5)).data)["type"] == "state"
    await ws.close()


async def test_actions_while_paused_are_refused(host, kit):
    phones = await _started(host)
    room = host.room
    room.pause()
    await kit.next_state(phones)
    assert phones[0].state["room"]["paused"] is True
    boss = room.state.boss
    before = kit.frozen(room)
    error = await phones[boss].error(
        {"type": "action", "action": {"type": "propose", "team": [0, 1]}}
    )
    assert error["code"] == "paused"
    assert kit.frozen(room) == before
    room.unpause()
    await kit.next_state(phones)
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]})


async def test_actions_after_the_end_are_refused(host, kit):
    phones = await _started(host)
    await kit.play_to_end(host, phones, bot="random")
    before = kit.frozen(host.room)
    error = await phones[0].error({"type": "action", "action": {"type": "vote", "approve": True}})
    assert error["code"] == "game_over"
    assert kit.frozen(host.room) == before


async def test_sockets_beyond_the_cap_wait_for_a_first_frame_and_strangers_are_refused(make_host):
    host = await make_host(max_sockets=3)
    phones = [await host.phone(label=f"p{index}") for index in range(2)]
    board = await host.board()
    with pytest.raises(WSServerHandshakeError) as refused:  # a board: refused before the upgrade
        await host.client.ws_connect("/ws/public")
    assert refused.value.status == 503
    stranger = await host.client.ws_connect("/ws")  # a phone is upgraded, then held
    await stranger.send_str(json.dumps({"type": "hello", "token": None}))
    closed = await stranger.receive(timeout=5)
    assert closed.type is WSMsgType.CLOSE and closed.data == 1013
    assert len(host.room.connections) == 2  # the Room never saw it
    await phones[0].ws.close()
    while board.state["room"]["spectators"] != 1:  # the room saw it go
        await board.recv()
    again = await host.phone()
    assert again.state["you"]["seat"] is None


def _junk(rng: random.Random, depth: int = 0):
    """A random JSON value, sometimes shaped like a message."""
    pick = rng.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 1, 7, 2**70, 3.5])
    if pick == 3:
        return rng.choice(["", "x", "ana", "ANA", "\u0000", "é" * 20, "start", "vote"])
    if pick in (4, 5):
        return rng.choice(["hello", "join", "lang", "action", "options", "reorder", "remove"])
    if pick == 6:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = [
        "type",
        "name",
        "token",
        "lang",
        "action",
        "seat",
        "order",
        "game",
        "variants",
        "team",
        "approve",
        "card",
        "target",
    ]
    return {rng.choice(keys): _junk(rng, depth + 1) for _ in range(rng.randrange(5))}


async def test_random_junk_never_breaks_the_host(make_host, kit):
    host = await make_host(rate=1e9, burst=10**9)  # junk, not a flood: the guard is tested above
    phones = await _started(host)
    rng = random.Random(kit.seed)
    for _ in range(400):
        value = _junk(rng)
        if isinstance(value, dict) and rng.random() < 0.7:
            value["type"] = rng.choice(
                ["action", "join", "options", "reorder", "remove", "lang", "hello", "teleport"]
            )
        sender = phones[rng.randrange(5)]
        await sender.send_raw(json.dumps(value))
        await sender.sync()  # answered (error or state), the socket alive
        assert not sender.ws.closed
    for phone in phones:
        state = await phone.sync()
        assert state["view"] == host.room.rules.view(host.room.state, phone.seat)
    health = await host.client.get("/healthz")
    assert (await health.json())["ok"] is True
    errors = [m for p in phones for m in map(json.loads, p.raw) if m["type"] == "error"]
    assert len(errors) > 200
    untranslated = {e["code"] for e in errors if e["message"] == f"error.{e['code']}"}
    assert untranslated == set()
    assert "internal_error" not in {e["code"] for e in errors}


async def test_simultaneous_votes_from_every_phone_are_applied_one_at_a_time(host, kit):
    phones = await _started(host, count=10)
    room = host.room
    size = room.state.locks[0].team_size
    await kit.play_one(
        host, phones, room.state.boss, {"type": "propose", "team": list(range(size))}
    )
    await asyncio.gather(
        *(p.send({"type": "action", "action": {"type": "vote", "approve": True}}) for p in phones)
    )
    for seat, phone in enumerate(phones):
        for _ in range(10):  # one state per accepted vote, in order, and nothing else
            message = await phone.expect("state")
        assert message["view"] == room.rules.view(room.state, seat)
    assert len(room.log) == 11 and room.state.phase == "cards"

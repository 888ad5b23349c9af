"""One phone passed around: a phone holds several seats; between private steps it shows a curtain
("pass the phone to Carla") that carries nothing of any seat, and the order in which seats take it
depends on public facts only."""

from __future__ import annotations

import json

from engine.rng import Rng


async def _shared_table(host, on_phone=3, personal=2):
    """One phone holding ``on_phone`` seats (the first is the leader), then personal phones."""
    shared = await host.player("Ana")
    shared.tokens = [shared.token]
    for name in ["Bruno", "Chen", "Dara", "Eli"][: on_phone - 1]:
        await shared.send({"type": "add_seat", "name": name})
        welcome = await shared.expect("welcome")
        shared.tokens.append(welcome["token"])
        await shared.until("state")
    others = [await host.player(name) for name in ["Femi", "Gus", "Hana"][:personal]]
    for phone in [shared, *others]:
        await phone.sync()
    return shared, others


def _public_only(text):
    message = json.loads(text)
    return message.get("type") != "state" or "me" not in (message.get("view") or {})


async def test_a_phone_holds_several_seats_and_the_curtain_tells_nothing(host, kit):
    shared, others = await _shared_table(host)
    room = host.room
    seats = shared.state["room"]["seats"]
    assert [s["phone"] for s in seats] == [1, 1, 1, None, None]
    assert shared.state["you"]["phone"]["names"] == ["Ana", "Bruno", "Chen"]
    await shared.send({"type": "start"})
    state = await shared.until("state")
    assert state["you"]["phone"] == {
        "seats": [0, 1, 2],
        "names": ["Ana", "Bruno", "Chen"],
        "holder": None,
        "next": 0,
    }
    assert "me" not in state["view"]  # the curtain: the public board only
    assert state["room"]["seats"][0]["takes_phone"] is True
    for phone in others:
        await phone.until("state")
    # the curtain's frame is as long as any seat's
    sizes = {len(shared.raw[-1].encode())} | {len(p.raw[-1].encode()) for p in others}
    assert len(sizes) == 1
    # acting without holding the phone is refused
    error = await shared.error({"type": "action", "action": {"type": "vote", "approve": True}})
    assert error["code"] == "not_holding"
    # Ana holds it, reads her role, hides it: the curtain comes back with nothing of hers
    await shared.send({"type": "hold", "seat": 0})
    state = await shared.until("state")
    assert state["you"]["seat"] == 0 and state["view"]["me"]["role"]
    assert state["view"] == room.rules.view(room.state, 0)
    await shared.send({"type": "hide"})
    state = await shared.until("state")
    assert state["you"]["seat"] is None and "me" not in state["view"]
    assert state["you"]["phone"]["next"] == 1


async def test_a_whole_game_with_one_phone_for_three_seats_and_a_reload(make_host, kit):
    host = await make_host(rate=10_000.0, burst=10_000)  # many messages in no time
    shared, others = await _shared_table(host)
    room = host.room
    await shared.send({"type": "start"})
    for phone in [shared, *others]:
        await phone.until("state")
    rng = Rng(kit.seed)
    shared_tokens = shared.tokens
    order = []  # the seats in the order the phone went round
    reloaded = False
    for _ in range(3000):
        if room.phase != "playing":
            break
        for phone in [shared, *others]:
            await phone.sync()
        nxt = shared.state["you"]["phone"]["next"]
        if nxt is not None:
            order.append(nxt)
            await shared.send({"type": "hold", "seat": nxt})
            await shared.until("state")
            if nxt in room.match.expected_seats():
                action = room.rules.bots["smart"](room.state, nxt, rng)
                await shared.send({"type": "action", "action": action})
                reply = await shared.recv()
                assert reply["type"] == "state", (reply, action, nxt)
            await shared.send({"type": "hide"})
            await shared.until("state")
            if not reloaded and len(order) == 6:  # the phone reloads mid-game
                await shared.ws.close()
                await others[0].until("state")
                shared = await host.phone("shared again")
                hello = {"type": "hello", "token": shared_tokens[0], "tokens": shared_tokens}
                await shared.send(hello)
                state = await shared.until("state")
                assert state["you"]["phone"]["seats"] == [0, 1, 2]
                assert state["you"]["leader"] is True  # Ana leads from the shared phone
                reloaded = True
            continue
        seat = min(room.match.expected_seats())
        phone = others[seat - 3]
        action = room.rules.bots["smart"](room.state, seat, rng)
        await phone.send({"type": "action", "action": action})
        await phone.sync()
    assert room.phase == "over" and reloaded
    assert order[:3] == [0, 1, 2]  # everyone reads their role first, in seat order
    assert all(_public_only(text) for text in shared.raw if '"holder":null' in text)


async def test_after_the_deal_the_phone_goes_to_whom_the_game_waits_on(host, kit):
    """Role-blind by construction: first every seat reads its role, in seat order; then the next
    seat is the lowest of the phone's seats the game waits on (whom the board shows too)."""
    shared, others = await _shared_table(host)
    room = host.room
    await shared.send({"type": "start"})
    for phone in [shared, *others]:
        await phone.until("state")
    for seat in (0, 1, 2):
        assert shared.state["you"]["phone"]["next"] == seat
        await shared.send({"type": "hold", "seat": seat})
        await shared.until("state")
        await shared.send({"type": "hide"})
        await shared.until("state")
    waited = sorted(room.match.expected_seats() & {0, 1, 2})
    assert shared.state["you"]["phone"]["next"] == (waited[0] if waited else None)
    # holding someone else's seat, or a second seat at once, is refused
    await shared.send({"type": "hold", "seat": 1})
    await shared.until("state")
    assert (await shared.error({"type": "hold", "seat": 2}))["code"] == "phone_held"
    assert (await shared.error({"type": "hold", "seat": 4}))["code"] == "not_your_seat"


async def test_a_shared_phone_back_while_its_old_socket_lingers_waits_and_gets_every_seat(host):
    shared, _ = await _shared_table(host)
    tokens = shared.tokens
    again = await host.phone("shared again")
    await again.send({"type": "hello", "token": tokens[0], "tokens": tokens})
    state = await again.expect("state")
    assert state["you"]["waiting_seat"] is True and state["you"]["seat"] is None
    assert (await again.expect("error"))["code"] == "seat_in_use"
    assert host.room.players[0].conn is not None  # the old socket keeps them meanwhile
    await shared.ws.close()  # it goes quiet: every seat moves to the waiting phone
    state = await again.until("state")
    while "phone" not in state["you"]:
        state = await again.until("state")
    assert state["you"]["phone"]["seats"] == [0, 1, 2]

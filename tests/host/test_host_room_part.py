"""A state frame leaves out the room part when every phone already has it.

Most game actions change only the board, yet the room part (seats, options, claims...) was 1.6
of a ten-player seat frame's 3.7 KB: each phone opened and parsed it again with every vote. Now
a frame carries ``room`` only when some phone does not have this very room part; the choice is
the change's, so its seat frames keep one length (tests/host/test_host_sizes.py)."""

from __future__ import annotations

import json


def has_room(phone) -> bool:
    return "room" in json.loads(phone.raw[-1])


async def test_a_vote_sends_no_room_part_and_the_phones_keep_theirs(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    room = host.room
    boss = room.state.boss
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]})
    for seat in range(5):
        await kit.play_one(host, phones, seat, {"type": "vote", "approve": True})
        assert not any(has_room(phone) for phone in phones), "only the board changed"
    # The phones' room is the room (kept from the frame that had it).
    for phone in phones:
        assert phone.state["room"] == room.room_json()


async def test_the_room_part_comes_whenever_it_changes(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    await phones[0].send({"type": "pause"})
    for phone in phones:
        await phone.expect("state")
        assert has_room(phone)
        assert phone.state["room"]["paused"] is True
    await phones[0].send({"type": "pause", "on": False})
    for phone in phones:
        await phone.expect("state")
        assert has_room(phone) and phone.state["room"]["paused"] is False


async def test_a_phone_that_saw_another_room_since_gets_the_room_again(host, kit):
    # Ana's phone hears of a room the others never saw (a spectator came and went: only the
    # screens are told of the count), then the room is back as the others had it. Equal to
    # what they have is not equal to what Ana has: everyone gets the room part.
    phones = await host.table(5)
    await host.start(phones)
    room = host.room
    await kit.play_one(host, phones, room.state.boss, {"type": "propose", "team": [0, 1]})
    spectator = await host.client.ws_connect("/ws")
    await spectator.receive(timeout=5)
    await phones[0].send({"type": "lang", "lang": "es"})  # answered with a state: this room
    await phones[0].expect("state")
    assert phones[0].state["room"]["spectators"] == 1
    await spectator.close()
    await host.client.ws_connect("/ws/public")  # a round trip: the spectator's leaving is done
    await kit.play_one(host, phones, 0, {"type": "vote", "approve": True})
    assert all(has_room(phone) for phone in phones)
    assert phones[0].state["room"]["spectators"] == 0
    await kit.play_one(host, phones, 1, {"type": "vote", "approve": True})
    assert not any(has_room(phone) for phone in phones)


async def test_a_phone_that_connects_gets_the_room_and_so_does_the_next_change(host, kit):
    phones = await host.table(5)
    await host.start(phones)
    late = await host.phone("late")
    assert late.state is not None and "room" in late.state
    await kit.play_one(host, phones, host.room.state.boss, {"type": "propose", "team": [0, 1]})
    message = await late.expect("state")
    assert "view" in message  # the watcher's public view; its room is the one it has or a new one
    assert late.state["room"] == host.room.room_json()

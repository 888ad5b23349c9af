"""Rejoining: by token at once, by name only while the seat is disconnected, never two phones."""

from __future__ import annotations


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


async def test_a_phone_that_reconnects_with_its_token_gets_its_seat_and_view_at_once(host, kit):
    phones = await _started(host)
    room = host.room
    boss = room.state.boss
    await kit.play_one(host, phones, boss, {"type": "propose", "team": [0, 1]})
    token = phones[3].token
    await phones[3].ws.close()
    state = await phones[0].expect("state")
    assert state["room"]["seats"][3]["connected"] is False
    assert state["room"]["reclaimable"] == [3]

    back = await host.phone(token=token, lang="es")
    assert back.token == token
    assert back.state["you"] == {
        "seat": 3,
        "name": "Dara",
        "leader": False,
        "lang": "es",
        "spectator": False,
    }
    assert back.view == room.rules.view(room.state, 3)
    assert back.view["phase"] == "vote"
    await phones[0].expect("state")  # a guest connected
    state = await phones[0].expect("state")  # the guest took seat 3
    assert state["room"]["seats"][3]["connected"] is True
    assert state["room"]["reclaimable"] == []
    # and plays on
    phones[3] = back
    for phone in phones:
        await phone.sync()
    await kit.play_one(host, phones, 3, {"type": "vote", "approve": True})


async def test_a_second_phone_with_the_token_takes_the_seat_and_the_first_loses_it(host, kit):
    phones = await _started(host)
    room = host.room
    token = phones[2].token
    second = await host.phone(token=token)
    assert second.state["you"]["seat"] == 2
    lost = await phones[2].until("seat_lost")
    assert lost == {"type": "seat_lost", "reason": "taken_over"}
    state = await phones[2].until("state")
    assert state["you"]["seat"] is None and state["you"]["spectator"] is True
    assert "me" not in state["view"]
    assert room.players[2].conn is not None
    # the old phone cannot act for the seat any more
    error = await phones[2].error({"type": "action", "action": {"type": "vote", "approve": True}})
    assert error["code"] == "not_seated"


async def test_a_player_reclaims_a_disconnected_seat_by_name(host, kit):
    phones = await _started(host)
    room = host.room
    await phones[4].ws.close()
    await phones[0].expect("state")
    board = await host.board()
    assert board.state["room"]["reclaimable"] == [4]
    assert board.state["room"]["seats"][4] == {
        "seat": 4,
        "name": "Eli",
        "connected": False,
        "leader": False,
        "bot": False,
    }

    fresh = await host.phone()  # storage lost: no token
    assert fresh.state["you"]["spectator"] is True
    await fresh.send({"type": "join", "name": "eli"})
    welcome = await fresh.expect("welcome")
    assert welcome == {"type": "welcome", "token": phones[4].token, "seat": 4}
    state = await fresh.expect("state")
    assert state["you"]["seat"] == 4 and state["view"] == room.rules.view(room.state, 4)
    public = await board.expect("public")  # a guest connected
    assert public["room"]["spectators"] == 1
    public = await board.expect("public")  # the guest took seat 4
    assert public["room"]["reclaimable"] == [] and public["room"]["spectators"] == 0
    assert not any(phones[4].token in text for text in board.raw)


async def test_a_connected_seat_cannot_be_reclaimed_by_name(host, kit):
    phones = await _started(host)
    intruder = await host.phone()
    before = kit.frozen(host.room)
    error = await intruder.error({"type": "join", "name": "Chen"})
    assert error["code"] == "name_taken"
    assert kit.frozen(host.room) == before
    assert host.room.players[2].conn is not None
    assert (await phones[2].sync())["you"]["seat"] == 2
    assert not any(phones[2].token in text for text in intruder.raw)


async def test_a_disconnected_lobby_seat_is_reclaimed_by_name_too(host):
    phones = await host.table(2)
    await phones[1].ws.close()
    await phones[0].until("state")
    again = await host.phone()
    await again.send({"type": "join", "name": "Bruno"})
    assert (await again.expect("welcome"))["seat"] == 1


async def test_an_unknown_token_is_answered_and_the_phone_stays_a_guest(host):
    phone = await host.phone(lang="es")
    await phone.send({"type": "hello", "token": "x" * 43})
    state = await phone.expect("state")
    assert state["you"]["seat"] is None
    error = await phone.expect("error")
    assert error["code"] == "token_unknown"
    assert error["message"].startswith("El asiento")

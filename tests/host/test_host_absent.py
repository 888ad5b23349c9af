"""One absent player does not stall the table: the leader lets a bot play a seat whose phone is
gone, the bot's moves are journaled like anyone's, and the player takes the seat back."""

from __future__ import annotations

from engine.rng import Rng
from host.i18n import translate
from host.journal import read_journal

ABSENT = 3


async def quiet(phone) -> None:
    """Nothing but the barrier's pong reached ``phone``: a refusal went to its sender only."""
    before = len(phone.raw)
    await phone.sync()
    assert [m for m in phone.raw[before:] if '"pong"' not in m] == []


async def refused(phone, message, code, others, room, kit):
    before = kit.frozen(room)
    bots = [p.bot for p in room.players]
    error = await phone.error(message)
    assert error["code"] == code
    assert error["message"] == translate("en", f"error.{code}", **error["facts"])
    for other in others:
        await quiet(other)
    assert kit.frozen(room) == before and [p.bot for p in room.players] == bots
    return error


async def drive(phones, room, until) -> list[int]:
    """Play every connected seat with the engine's bot through its phone until ``until()``;
    returns the seats that acted from a phone, in order."""
    rules = room.rules
    rng = Rng(7)
    acted = []
    for _ in range(2000):
        if room.phase != "playing" or until():
            return acted
        waiting = [s for s in sorted(rules.expected_seats(room.state)) if phones[s] is not None]
        assert waiting, "the table waits for an absent seat"
        seat = waiting[0]
        await phones[seat].send(
            {"type": "action", "action": rules.bots["smart"](room.state, seat, rng)}
        )
        acted.append(seat)
        for phone in phones:
            if phone is not None:
                await phone.sync()
    raise AssertionError("the game does not end")


async def test_the_leader_lets_a_bot_play_an_absent_seat_until_the_player_returns(make_host, kit):
    host = await make_host(rate=1e9, burst=10**9)  # many ping barriers: not a flood
    room = host.room
    phones = await host.table(5)
    leader = phones[0]
    await refused(
        leader, {"type": "bot", "seat": ABSENT, "on": True}, "not_started", phones[1:], room, kit
    )
    await host.start(phones)
    token = phones[ABSENT].token
    await phones[ABSENT].ws.close()
    phones[ABSENT] = None
    here = [p for p in phones if p is not None]
    for phone in here:
        await phone.sync()
    assert (
        here[1].state["room"]["seats"][ABSENT] | {"connected": False, "bot": False}
        == (here[1].state["room"]["seats"][ABSENT])
    )
    # Every refusal: a clear code to the sender only, nothing changed.
    await refused(phones[1], {"type": "bot", "seat": ABSENT}, "not_leader", [leader], room, kit)
    await refused(leader, {"type": "bot", "seat": 9, "on": True}, "not_a_seat", here[1:], room, kit)
    error = await refused(
        leader, {"type": "bot", "seat": 2, "on": True}, "seat_connected", here[1:], room, kit
    )
    assert "Chen" in error["message"]
    await refused(leader, {"type": "bot", "seat": "3"}, "bad_field", here[1:], room, kit)
    await refused(leader, {"type": "bot", "seat": 3, "on": "yes"}, "bad_field", here[1:], room, kit)

    # Without a bot the table would wait: seat 3 votes on every proposal.
    await leader.send({"type": "bot", "seat": ABSENT, "on": True})
    for phone in here:
        await phone.sync()
        assert phone.state["room"]["seats"][ABSENT]["bot"] is True
    assert room.players[ABSENT].bot

    def bot_moves() -> int:
        return sum(1 for entry in room.log if entry["seat"] == ABSENT)

    await drive(phones, room, until=lambda: bot_moves() >= 3)
    assert room.phase == "playing" and bot_moves() >= 3
    assert read_journal(room.journal.path).log == room.log  # the bot's moves are journaled

    # The player is back, by token, mid-game: the seat is theirs at once.
    moves_before = len(room.log)
    phones[ABSENT] = back = await host.phone("back", token=token)
    assert back.seat == ABSENT and back.view == room.rules.view(room.state, ABSENT)
    for phone in here:
        await phone.sync()
        assert phone.state["room"]["seats"][ABSENT]["connected"] is True
    assert len(room.log) == moves_before  # the bot did not move for them on the way back
    acted = await drive(phones, room, until=lambda: False)
    assert room.phase == "over"
    assert ABSENT in acted  # they played again themselves
    own_moves = sum(1 for entry in room.log[moves_before:] if entry["seat"] == ABSENT)
    assert own_moves == acted.count(
        ABSENT
    )  # every seat-3 move after the return came from the phone


async def test_the_leader_can_stop_a_bot_and_a_returned_player_keeps_the_cover(make_host, kit):
    host = await make_host(rate=1e9, burst=10**9)
    room = host.room
    phones = await host.table(5)
    await host.start(phones)
    token = phones[ABSENT].token
    await phones[ABSENT].ws.close()
    await phones[0].sync()
    await phones[0].send({"type": "bot", "seat": ABSENT, "on": True})
    await phones[0].sync()
    back = await host.phone("back", token=token)
    assert back.seat == ABSENT
    # The flag stays: if the phone drops again, the bot covers at once.
    assert back.state["room"]["seats"][ABSENT]["bot"] is True
    await phones[0].send({"type": "bot", "seat": ABSENT, "on": False})  # off is always allowed
    await phones[0].sync()
    assert phones[0].state["room"]["seats"][ABSENT]["bot"] is False and not room.players[ABSENT].bot

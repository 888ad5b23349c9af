"""The evening flows: between games, latecomers, the leader's pause and end, removing a player,
turn timers on a fake clock, bots filling seats, and the grand reveal's steps."""

from __future__ import annotations

import pytest
from fake_clock import FakeClock

from host.journal import read_journal


async def _started(host, count=5):
    phones = await host.table(count)
    await host.start(phones)
    return phones


async def _drain(phones):
    for phone in phones:
        await phone.sync()


async def test_back_to_the_lobby_and_into_the_other_game_with_a_latecomer_seated(host, kit):
    phones = await host.table(4)
    await phones[0].send({"type": "options", "game": "insidejob"})
    await _drain(phones)
    await host.start(phones)
    late = await host.phone("Kai")
    await late.send({"type": "join", "name": "Kai"})
    await late.expect("welcome")
    assert (await late.expect("state"))["you"]["next_game"] is True
    await _drain(phones)
    await kit.play_to_end(host, phones)
    await _drain([*phones, late])
    # only the leader takes the table back to the lobby, and only after the end
    assert (await phones[1].error({"type": "lobby"}))["code"] == "not_leader"
    await phones[0].send({"type": "lobby"})
    state = await late.until("state")
    assert state["room"]["phase"] == "lobby"
    assert [s["name"] for s in state["room"]["seats"]] == [*kit.names[:4], "Kai"]
    assert state["you"]["seat"] == 4 and "next_game" not in state["you"]
    await _drain(phones)
    await phones[3].send({"type": "leave"})  # anyone may leave between games
    await phones[0].send({"type": "options", "game": "mole"})
    await _drain([*phones[:3], late])
    assert host.room.game_name == "mole" and len(host.room.players) == 4


async def test_play_again_seats_a_latecomer_when_the_game_has_room(host, kit):
    phones = await _started(host)
    late = await host.phone("Kai")
    await late.send({"type": "join", "name": "Kai"})
    await late.expect("welcome")
    await _drain(phones)
    await kit.play_to_end(host, phones)
    await _drain([*phones, late])
    await phones[0].send({"type": "rematch"})
    state = await late.until("state")
    assert state["room"]["phase"] == "playing" and state["you"]["seat"] == 5
    assert state["view"]["players"] == 6


async def test_the_leader_pauses_and_resumes_and_everyone_sees_who(host, kit):
    phones = await _started(host)
    room = host.room
    assert (await phones[2].error({"type": "pause"}))["code"] == "not_leader"
    await phones[0].send({"type": "pause", "on": True})
    for phone in phones:
        state = await phone.until("state")
        assert state["room"]["paused"] is True and state["room"]["paused_by"] == "Ana"
    boss = room.state.boss
    error = await phones[boss].error(
        {"type": "action", "action": {"type": "propose", "team": [0, 1]}}
    )
    assert error["code"] == "paused"
    await phones[0].send({"type": "pause", "on": False})
    for phone in phones:
        state = await phone.until("state")
        assert state["room"]["paused"] is False and state["room"]["paused_by"] is None


async def test_ending_a_game_records_it_abandoned_and_a_restart_does_not_offer_it(make_host, kit):
    host = await make_host()
    phones = await _started(host)
    await kit.play_one(host, phones, host.room.state.boss, {"type": "propose", "team": [0, 1]})
    path = host.room.journal.path
    await phones[0].send({"type": "end"})
    for phone in phones:
        state = await phone.until("state")
        assert state["room"]["phase"] == "lobby" and state["view"] is None
    saved = read_journal(path)
    assert saved.over and saved.abandoned and len(saved.log) == 1
    await host.client.close()
    again = await make_host()
    assert again.room.phase == "lobby" and again.room.saved is None
    assert [p.name for p in again.room.players] == kit.names[:5]


async def test_a_removed_player_is_played_by_a_bot_and_cannot_come_back(make_host, kit):
    host = await make_host(rate=10_000.0, burst=10_000)  # a ping after every move
    phones = await _started(host)
    room = host.room
    token = phones[3].token
    await phones[0].send({"type": "remove", "seat": 3})
    lost = await phones[3].until("seat_lost")
    assert lost["reason"] == "removed"
    await _drain(phones[:3] + phones[4:])
    assert room.players[3].removed and room.players[3].covered
    again = await host.phone()
    await again.send({"type": "hello", "token": token})
    await again.expect("state")
    assert (await again.expect("error"))["code"] == "token_unknown"
    error = await again.error({"type": "join", "name": "Dara"})
    assert error["code"] == "seat_removed"
    # the bot plays seat 3 whenever the game waits on it
    rest = phones[:3] + phones[4:]
    while room.phase == "playing" and room.match.expected_seats() - {3}:
        seat = min(room.match.expected_seats() - {3})
        action = room.rules.bots["smart"](room.state, seat, room.match.bot_rng)
        await phones[seat].send({"type": "action", "action": action})
        await _drain(rest)
    assert any(entry["seat"] == 3 for entry in room.log)
    assert room.phase == "over"
    await _drain(rest)
    await phones[0].send({"type": "lobby"})
    await _drain(rest)
    assert room.phase == "lobby" and "Dara" not in [p.name for p in room.players]


async def test_a_turn_timer_runs_out_the_bot_acts_and_twice_marks_the_seat_away(make_host, kit):
    clock = FakeClock()
    host = await make_host(scheduler=clock)
    phones = await host.table(5)
    assert (await phones[0].error({"type": "options", "timer": "glacial"}))["code"] == (
        "unknown_timer"
    )
    await phones[0].send({"type": "options", "timer": "fast"})
    await _drain(phones)
    await host.start(phones)
    room = host.room
    boss = room.state.boss
    state = phones[0].state
    assert state["room"]["clock"]["length"] == 30 and state["room"]["clock"]["seats"] == [boss]
    clock.advance(10)
    await phones[0].send({"type": "pause", "on": True})
    await _drain(phones)
    clock.advance(100)  # a paused clock does not run
    assert room.state.phase == "propose" and room.players[boss].timeouts == 0
    await phones[0].send({"type": "pause", "on": False})
    await _drain(phones)
    assert phones[0].state["room"]["clock"]["left"] == 20
    clock.advance(20)  # the Boss's time is up: the bot proposes for them
    await _drain(phones)
    assert room.state.phase == "vote" and room.players[boss].timeouts == 1
    assert not room.players[boss].idle
    # a simultaneous step: one clock for every voter
    clock_part = phones[0].state["room"]["clock"]
    assert clock_part["seats"] == [0, 1, 2, 3, 4] and clock_part["left"] == 30
    for seat in range(5):
        if seat != boss:
            await phones[seat].send(
                {"type": "action", "action": {"type": "vote", "approve": False}}
            )
            await _drain(phones)
    clock.advance(30)  # the Boss runs out again: away, covered until they act
    await _drain(phones)
    assert room.players[boss].timeouts == 2 and room.players[boss].idle
    assert phones[0].state["room"]["seats"][boss]["away"] is True
    assert room.state.phase == "propose"


async def test_three_friends_and_two_bots_play_mole_to_the_end(make_host, kit):
    clock = FakeClock()
    host = await make_host(scheduler=clock, bot_pause=1.0, rate=10_000.0, burst=10_000)
    phones = await host.table(3)
    for _ in range(2):
        await phones[0].send({"type": "add_bot"})
    await _drain(phones)
    seats = phones[0].state["room"]["seats"]
    assert [s["bot_seat"] for s in seats] == [False, False, False, True, True]
    assert seats[3]["name"] != seats[4]["name"]
    await phones[1].sync()
    assert (await phones[1].error({"type": "add_bot"}))["code"] == "not_leader"
    await host.start(phones)
    room = host.room
    for _ in range(2000):
        if room.phase == "over":
            break
        waiting = room.match.expected_seats()
        people = sorted(s for s in waiting if s < 3)
        if people:
            seat = people[0]
            action = room.rules.bots["smart"](room.state, seat, room.match.bot_rng)
            await phones[seat].send({"type": "action", "action": action})
            await _drain(phones)
        else:
            clock.advance(1.0)  # the bots' natural pause
            await _drain(phones)
    assert room.phase == "over"
    assert {entry["seat"] for entry in room.log} >= {3, 4}
    assert phones[0].view["result"]["winners"]


async def test_a_bot_the_leader_added_is_nobodys_seat_to_claim_or_to_show_as_away(host, kit):
    phones = await host.table(4)
    await phones[0].send({"type": "add_bot"})
    await _drain(phones)
    await host.start(phones)
    room = host.room
    bot = room.players[4]
    assert bot.bot_seat and phones[0].state["room"]["reclaimable"] == []
    stranger = await host.phone(label="stranger")
    error = await stranger.error({"type": "join", "name": bot.name})
    assert error["code"] == "name_taken" and room.claims == []
    await phones[3].ws.close()
    await phones[0].until("state")
    assert phones[0].state["room"]["reclaimable"] == [3]
    assert room.cover_absent_seats() == [room.players[3].name]


async def test_the_leader_steps_the_grand_reveal(host, kit):
    phones = await _started(host)
    room = host.room
    assert (await phones[0].error({"type": "replay", "step": 0}))["code"] == "not_over"
    await kit.play_to_end(host, phones)
    await _drain(phones)
    await phones[0].send({"type": "replay", "step": 2})
    state = await phones[1].until("state")
    assert state["room"]["replay_step"] == 2
    await phones[0].send({"type": "replay", "step": None})
    assert (await phones[1].until("state"))["room"]["replay_step"] is None
    # The story's steps, as its rules count them from the public board: the step stays within.
    count = state["room"]["replay_count"]
    assert count == room.rules.replay_steps(room.rules.view(room.state, None)) > 2
    await phones[0].send({"type": "replay", "step": 10_000})
    assert (await phones[1].until("state"))["room"]["replay_step"] == count - 1


@pytest.mark.parametrize("game", ["mole", "insidejob"])
async def test_bots_leave_the_screens_time_to_show_a_round_that_ended(make_host, game):
    clock = FakeClock()
    host = await make_host(scheduler=clock, bot_pause=1.0, demo=game)
    room = host.room
    rules = room.match.rules
    moves = []  # (when, the round after the move), one per bot move
    after_action = room._after_action

    def noted() -> None:
        moves.append((clock.now(), rules.round_of(room.state)))
        after_action()

    room._after_action = noted
    while room.phase == "playing" and clock.now() < 1_800_003_600:
        clock.advance(0.5)
    assert room.phase == "over"
    gaps = {True: set(), False: set()}  # whether the move before ended a round -> the waits
    for (_, before), (then, after), (now, _) in zip(moves, moves[1:], moves[2:], strict=False):
        if now > then:  # moves of one pause (a vote of several bots) share their instant
            gaps[after != before].add(round(now - then, 3))
    assert gaps[True] == {5.0} and gaps[False] == {1.0}, gaps  # REVEAL_PAUSE is 4 s


async def test_the_demo_plays_game_after_game_between_bots(make_host):
    clock = FakeClock()
    host = await make_host(scheduler=clock, bot_pause=1.0, demo="insidejob")
    room = host.room
    board = await host.board()
    assert room.phase == "playing" and all(p.bot_seat for p in room.players)
    assert len(room.players) == 5
    for _ in range(5000):
        if room.phase == "over":
            break
        clock.advance(1.0)
    assert room.phase == "over" and room.games_started == 1
    clock.advance(30.0)  # the result stays up, then the next deal
    assert room.phase == "playing" and room.games_started == 2
    public = await board.until("public")
    assert public["room"]["seats"][0]["bot_seat"] is True

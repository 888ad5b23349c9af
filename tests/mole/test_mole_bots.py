"""The bots: both finish every kind of game legally; the sensible one plays its side."""

import pytest

from engine.mole import GAME
from engine.rng import Rng
from host.simulate import play_game

CONFIGS = [(5, ["snitch"]), (6, ["quick"]), (7, []), (8, ["vault"]), (9, []), (10, ["quick"])]


@pytest.mark.parametrize(("players", "variants"), CONFIGS)
@pytest.mark.parametrize("bot", ["random", "smart"])
def test_bot_only_plays_legal_actions_to_the_end(players, variants, bot):
    config = GAME.make_config(players=players, variants=variants)
    play = GAME.bots[bot]
    for seed in range(3):
        state = GAME.new_game(config, seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            for seat in sorted(GAME.expected_seats(state)):
                action = play(state, seat, rng)
                if action["type"] == "propose":
                    action = {**action, "team": sorted(action["team"])}
                assert action in GAME.legal_actions(state, seat)
            seat = min(GAME.expected_seats(state))
            GAME.apply(state, seat, play(state, seat, rng))


def test_random_bot_reaches_held_back_sabotage_rejections_and_every_ending():
    config = GAME.make_config(players=7)
    endings, held_back, patrols = set(), 0, 0
    rng = Rng(3)
    for seed in range(150):
        state = play_game(GAME, config, seed, GAME.bots["random"], rng)
        record = GAME.record(state)
        endings.add(record["ending"])
        patrols += sum(lock["by"] == "patrol" for lock in record["locks"])
        for lock in record["locks"]:
            for seat, card in (lock["cards"] or {}).items():
                held_back += record["roles"][int(seat)] in ("mole", "snitch") and card == "clean"
    assert endings == {"locks_blown", "contact_found", "escape", "void"}
    assert held_back > 0 and patrols > 0


def test_smart_contact_as_boss_leaves_its_suspects_off_the_team(new_table):
    table = new_table("five", first_boss=1)  # the Contact (1) knows Moles 0 and 3
    action = GAME.bots["smart"](table.state, 1, Rng(0))
    assert set(action["team"]).isdisjoint({0, 3})


def test_smart_mole_sabotages_when_one_more_blown_lock_wins(new_table):
    table = new_table("seven")
    table.run_lock([1, 0], saboteurs=[1])
    table.run_lock([6, 0], saboteurs=[6])
    table.propose([3, 0])  # the Snitch, with its only Sabotage left
    table.vote(range(7))
    for seed in range(10):
        assert GAME.bots["smart"](table.state, 3, Rng(seed)) == {"type": "play", "card": "sabotage"}


def test_smart_crew_approves_on_the_last_chance_before_the_patrol(five):
    five.reject([0, 3])
    five.reject([0, 3])
    five.propose([0, 3])
    assert GAME.bots["smart"](five.state, 2, Rng(0)) == {"type": "vote", "approve": True}


def test_smart_driver_protects_whoever_voted_like_an_informant(five):
    # Seat 2 approves open locks' teams and rejects the one that blows: it looks informed.
    five.run_lock([1, 2])
    five.propose([0, 2])
    for seat in range(5):
        five.act(seat, {"type": "vote", "approve": seat != 2})
    five.play([0])
    five.run_lock([1, 2])
    five.open_locks(1)
    assert five.state.phase == "getaway"
    assert GAME.bots["smart"](five.state, 4, Rng(0)) == {"type": "mark", "target": 2}


def test_smart_moles_follow_their_teammates_live_tally(five):
    five.open_locks(3)
    five.act(0, {"type": "mark", "target": 2})
    assert GAME.bots["smart"](five.state, 3, Rng(0)) == {"type": "mark", "target": 2}


def test_smart_mole_marks_who_kept_rejecting_teams_with_moles(five):
    # Seat 1 (the Contact) rejects every team holding a Mole; the others approve everything.
    for team in ([0, 2], [1, 2], [3, 4]):
        five.propose(team)
        for seat in range(5):
            five.act(seat, {"type": "vote", "approve": seat != 1 or not {0, 3} & set(team)})
        five.play()
    assert five.state.phase == "getaway"
    assert GAME.bots["smart"](five.state, 0, Rng(0)) == {"type": "mark", "target": 1}


def test_smart_moles_and_snitch_never_mark_themselves_or_a_mole_they_know():
    # QA: the Moles, not knowing the Snitch, marked it; its bot then followed their tally onto
    # its own seat ("Chip (Snitch) -> Chip").
    play, checked = GAME.bots["smart"], 0
    for seed in range(60):
        state = GAME.new_game(GAME.make_config(players=7 + seed % 4), seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = min(GAME.expected_seats(state))
            action = play(state, seat, rng)
            if action["type"] == "mark" and state.roles[seat] in ("mole", "snitch"):
                me = GAME.view(state, seat)
                known = {seat, *me["me"]["knows"].get("moles", ())}
                assert action["target"] not in known, (seed, seat, action, me["me"]["tally"])
                checked += 1
            GAME.apply(state, seat, action)
    assert checked > 100

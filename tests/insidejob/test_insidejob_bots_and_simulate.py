"""The smart bot plays for its side; the simulator runs Inside Job and writes replayable records."""

import json

import pytest

from engine.insidejob import GAME
from engine.registry import replay
from engine.rng import Rng
from host.simulate import main as simulate_main
from host.simulate import play_game


def test_smart_agent_playing_last_completes_the_mission_and_the_insider_breaks_it(table):
    # m07: every card is even (Red trump). Seat 3 plays last, void of the led Blue.
    hands = ["B4 B5 B1", "B6 Y1 R1", "B8 Y2 G1", "R2 R3 Y5"]
    for role, wanted in (("agent", "R2"), ("insider", None)):
        roles = ["agent", "agent", "agent", role] if role == "insider" else None
        t = table(roles or "insider agent agent agent", hands=hands, missions=["m07", "m01"])
        t.keep()
        t.play("B4")
        t.play("B6")
        t.play("B8")
        action = GAME.bots["smart"](t.state, 3, Rng(1))
        if wanted:
            assert action == {"type": "play", "card": "R2"}
        else:
            assert action["card"] in ("R3", "Y5")


def test_smart_vote_names_the_player_caught_ignoring_the_led_suit(table):
    # Seat 2 (the Insider) played Yellow on a Blue lead, then showed a Blue card later.
    hands = ["B4 B5 B1 R9", "B6 Y1 R1 R8", "Y3 B8 G1 G9", "B2 R3 Y5 G8"]
    t = table("agent agent insider agent", hands=hands, missions=["m15", "m21", "m01", "m02"])
    t.trick("B4 B6 Y3 B2")
    starter = t.state.start
    assert starter in (0, 1, 3)
    lead = {0: "B5", 1: "R1", 3: "R3"}[starter]
    t.keep()
    t.play(lead)
    while t.state.phase == "play":
        seat = t.state.turn
        t.play("B8" if seat == 2 else GAME.bots["random"](t.state, seat, Rng(seat))["card"])
    assert t.state.phase == "vote"
    for voter in (0, 1, 3):
        assert GAME.bots["smart"](t.state, voter, Rng(voter)) == {"type": "vote", "seat": 2}


@pytest.mark.parametrize(
    ("players", "variants"),
    [(3, ["wagers"]), (4, ["wagers", "accomplice", "paranoid"]),
     (5, ["wagers", "professional", "decoy"]), (5, ["risky", "at_risk", "tim_shady"])],
)  # fmt: skip
def test_smart_bot_plays_whole_games_with_legal_actions(players, variants):
    config = GAME.make_config(players=players, variants=variants)
    for seed in range(2):
        state = play_game(GAME, config, seed, GAME.bots["smart"], Rng(seed))
        assert GAME.is_over(state)


def test_simulate_prints_win_rates_and_writes_records_that_replay(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    code = simulate_main(["--game", "insidejob", "--players", "5", "--variant", "wagers,decoy",
                          "--games", "40", "--seed", "3", "--records", str(path)])  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    for word in ("agents", "insider", "decoy", "caught", "missed", "decoy_tie", "games/second"):
        assert word in out
    lines = path.read_text().splitlines()
    assert len(lines) == 40
    for line in lines[:10]:
        record = json.loads(line)
        config = GAME.config_from_json(record["config"])
        state = replay(GAME, config, record["seed"], record["actions"])
        assert GAME.record(state) == record
        assert record["winners"] and record["ending"] in record["endings"]


def test_simulate_refuses_special_roles_with_three_players(capsys):
    code = simulate_main(["--game", "insidejob", "--players", "3", "--variant", "decoy"])
    assert code == 2
    assert "variant_players" in capsys.readouterr().err

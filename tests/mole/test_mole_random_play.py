"""Random play over seeds x every player count x every variant, asserting the invariants.

At every step: legal actions exist exactly for the expected seats; the bot's action is legal;
every probe that is not legal is refused with the code an independent reading of the rules (from
the seat's own view) predicts, and changes nothing; every seat's view is the public board plus its
own part. At the end: no legal action is left, the game ended within its bound, and the JSON
action log replays to the identical state.
"""

import json

import pytest

from engine.errors import EngineError, GameOver, IllegalAction, MalformedAction
from engine.mole import GAME
from engine.registry import replay
from engine.rng import Rng

CONFIGS = [
    (players, variants)
    for players in range(5, 11)
    for variants in (
        [[], ["quick"], ["snitch"], ["quick", "snitch"]]
        if players <= 6
        else [[], ["quick"], ["vault"]]
    )
]
SEEDS = range(5)
ACTION_TYPES = {"propose", "vote", "play", "mark", "confirm"}


def expected_code(view, seat, action):
    """The refusal code the rules give, reasoned from the seat's own view (None: accepted)."""
    n = view["players"]
    if view["phase"] == "over":
        return "game_over"
    if not view["me"]["can_act"]:
        return "not_your_turn"
    if type(action) is not dict:
        return "bad_field"
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        return "unknown_action"
    me, phase = view["me"], view["phase"]
    if kind == "propose":
        team = action.get("team")
        if type(team) is not list:
            return "bad_field"
        for member in team:
            if type(member) is not int:
                return "bad_field"
            if not 0 <= member < n:
                return "not_a_seat"
        if phase != "propose":
            return "wrong_phase"
        if len(team) != view["locks"][view["lock"]]["team_size"]:
            return "team_size"
        if len(set(team)) != len(team):
            return "duplicate_seat"
        return None
    if kind == "vote":
        if type(action.get("approve")) is not bool:
            return "bad_field"
        return "wrong_phase" if phase != "vote" else None
    if kind == "play":
        card = action.get("card")
        if card not in ("clean", "sabotage"):
            return "bad_field"
        if phase != "cards":
            return "wrong_phase"
        if card == "sabotage" and me["side"] == "crew":
            return "crew_cannot_sabotage"
        if card == "sabotage" and me["sabotages_left"] == 0:
            return "no_sabotage_left"
        return None
    if kind == "mark":
        if "target" not in action:
            return "bad_field"
        target = action["target"]
        if target is not None and type(target) is not int:
            return "bad_field"
        if target is not None and not 0 <= target < n:
            return "not_a_seat"
        return "wrong_phase" if phase != "getaway" else None
    if phase != "getaway":
        return "wrong_phase"
    return None if me["marked"] else "no_mark"


def probes(state, rng):
    """Actions worth trying from any seat: good and bad, of every type."""
    n = state.n
    size = state.locks[state.lock].team_size
    team = sorted(rng.sample(range(n), size))
    return [
        {"type": "propose", "team": team},
        {"type": "propose", "team": team[:-1]},
        {"type": "propose", "team": [*team[:-1], team[0]]},
        {"type": "propose", "team": [*team[:-1], n]},
        {"type": "propose", "team": [*team[:-1], True]},
        {"type": "propose", "team": None},
        {"type": "vote", "approve": rng.below(2) == 1},
        {"type": "vote", "approve": "yes"},
        {"type": "play", "card": "clean"},
        {"type": "play", "card": "sabotage"},
        {"type": "play", "card": "joker"},
        {"type": "mark", "target": rng.below(n)},
        {"type": "mark", "target": None},
        {"type": "mark", "target": n},
        {"type": "mark"},
        {"type": "confirm"},
        {"type": "dance"},
        ["vote", True],
    ]


def check_views(state):
    public = GAME.view(state, None)
    json.dumps(public)
    # What a seat may not know is tested by scrambling it, for every game, in
    # tests/engine/test_every_game.py; here: every seat sees the public board plus its own part.
    if public["phase"] != "over":
        assert public["result"] is None
    for seat in range(state.n):
        mine = dict(GAME.view(state, seat))
        me = mine.pop("me")
        assert mine == {**public, "seat": seat}
        assert me["role"] == state.roles[seat]
        json.dumps(me)


def bound(config):
    """The most actions a game can take, counting each seat's first Getaway mark only."""
    n, locks = config.players, len(config.team_sizes)
    return locks * config.patrol_at * (1 + n) + sum(config.team_sizes) + 2 * n


@pytest.mark.parametrize(("players", "variants"), CONFIGS)
def test_random_play_keeps_every_invariant(players, variants):
    config = GAME.make_config(players=players, variants=variants)
    bot = GAME.bots["random"]
    for seed in SEEDS:
        state = GAME.new_game(config, seed)
        rng = Rng(1000 + seed)
        steps = 0
        while not GAME.is_over(state):
            expected = GAME.expected_seats(state)
            assert expected
            legal = {seat: GAME.legal_actions(state, seat) for seat in range(players)}
            assert {seat for seat, acts in legal.items() if acts} == expected
            for seat in expected:
                view = GAME.view(state, seat)
                assert all(expected_code(view, seat, a) is None for a in legal[seat][:20])
            if steps % 3 == 0:
                check_views(state)
            # Probe the next actor and one other seat with good and bad actions.
            before = GAME.snapshot(state)
            for seat in {min(expected), rng.below(players)}:
                view = GAME.view(state, seat)
                for action in probes(state, rng):
                    if action in legal[seat]:
                        continue
                    code = expected_code(view, seat, action)
                    with pytest.raises(EngineError) as caught:
                        GAME.apply(state, seat, action)
                    assert caught.value.code == code, (action, view["phase"])
                    kind = (
                        MalformedAction
                        if code in {"bad_field", "unknown_action", "not_a_seat"}
                        else IllegalAction
                    )
                    assert isinstance(caught.value, kind)
                    json.dumps(caught.value.to_json())
            with pytest.raises(MalformedAction):
                GAME.apply(state, players, {"type": "confirm"})
            assert GAME.snapshot(state) == before

            ordered = sorted(expected)
            seat = ordered[rng.below(len(ordered))]
            action = bot(state, seat, rng)
            assert action in legal[seat]
            GAME.apply(state, seat, action)
            steps += 1
            assert steps < 2000

        check_views(state)
        assert all(GAME.legal_actions(state, seat) == [] for seat in range(players))
        with pytest.raises(GameOver):
            GAME.apply(state, 0, {"type": "confirm"})
        record = GAME.record(state)
        first_marks = [e for e in record["actions"] if e["action"]["type"] != "mark"]
        assert len(first_marks) <= bound(config)
        assert len(record["proposals"]) <= config.patrol_at * len(config.team_sizes)
        assert record["winners"] in (["crew"], ["moles"])
        log = json.loads(json.dumps(record["actions"]))
        again = replay(
            GAME,
            GAME.config_from_json(json.loads(json.dumps(config.to_json()))),
            record["seed"],
            log,
        )
        assert GAME.snapshot(again) == GAME.snapshot(state)

"""Random play over every player count and option set: invariants, replay, legality, and views
that share nothing a caller could change. (Secrecy, by scrambling what a seat may not know, is
tested for every game in tests/engine/test_every_game.py.)
"""

from __future__ import annotations

import copy
import json
from itertools import combinations

import pytest

from engine.errors import EngineError
from engine.frozen import FrozenDict, FrozenList
from engine.insidejob import GAME
from engine.insidejob.vocabulary import (
    CARD_BY_NAME,
    INTEL_TOKENS,
    PHASE_OVER,
    PHASE_VOTE,
    SPECIAL_ROLES,
)
from engine.registry import replay
from engine.rng import Rng


def option_sets():
    sets = []
    for players in (3, 4, 5):
        for base in ([], ["wagers"], ["risky"], ["wagers", "risky"]):
            sets.append((players, base))
        if players >= 4:
            for role in SPECIAL_ROLES:
                sets.append((players, ["wagers", role]))
            agent_roles = [r for r in SPECIAL_ROLES if r != "professional"]
            for pair in list(combinations(agent_roles, 2))[players::3]:
                sets.append((players, ["wagers", *pair]))
            sets.append((players, ["wagers", "professional", "accomplice", "tim_shady"]))
    return sets


OPTION_SETS = option_sets()


def check_invariants(state):
    n = state.config.players
    played = [CARD_BY_NAME[p["card"]] for entry in state.history for p in entry["cards"]]
    every = [c for h in state.hands for c in h] + state.trick_cards + played + state.set_aside
    assert sorted(every) == list(range(52))
    assert sum(state.intel) + state.supply + sum(state.trick_wagered) == INTEL_TOKENS
    assert min(state.intel) >= 0 and state.supply >= 0
    if state.accomplice is not None:
        assert state.intel[state.accomplice] == 0
    sizes = {len(h) for h in state.hands}
    assert len(sizes) <= 2
    assert len(state.completed) + len(state.failed) == len(state.history)
    assert len(state.history) <= state.config.max_tricks
    if state.phase == PHASE_OVER:
        assert state.result["winners"] and state.result["ending"]
        assert GAME.expected_seats(state) == frozenset()
    else:
        assert GAME.expected_seats(state)
        assert all(0 <= s < n for s in GAME.expected_seats(state))


def trample(data):
    """Empty every list and dict inside a view, as a careless caller might: a frozen part (the
    history views share) refuses, every other part is the caller's own copy."""
    children = data.values() if isinstance(data, dict) else data
    for child in list(children):
        if isinstance(child, dict | list):
            trample(child)
    if isinstance(data, FrozenDict | FrozenList):
        with pytest.raises(TypeError):
            data.clear()
    else:
        data.clear()


def assert_views_share_nothing_changeable(state):
    """(What a seat may not see is tested for every game in tests/engine/test_every_game.py.)"""
    before = GAME.snapshot(state)
    for seat in [None, *range(state.config.players)]:
        view = GAME.view(state, seat)
        json.dumps(view)
        trample(view)
    assert GAME.snapshot(state) == before, "a view shares data with the state"


@pytest.mark.parametrize(("players", "variants"), OPTION_SETS)
def test_random_games_keep_every_invariant_and_secret_and_replay(players, variants):
    config = GAME.make_config(players=players, variants=variants)
    bot = GAME.bots["random"]
    for seed in range(3):
        state = GAME.new_game(config, seed)
        rng = Rng(seed + 100)
        steps = 0
        while not GAME.is_over(state):
            check_invariants(state)
            if steps % 3 == 0 or state.phase == PHASE_VOTE:
                assert_views_share_nothing_changeable(state)
            seats = sorted(GAME.expected_seats(state))
            seat = seats[rng.below(len(seats))]
            legal = GAME.legal_actions(state, seat)
            action = bot(state, seat, rng)
            assert action in legal or action["type"] == "vote"
            for idle in set(range(players)) - set(seats):
                assert GAME.legal_actions(state, idle) == []
            GAME.apply(state, seat, action)
            steps += 1
        check_invariants(state)
        assert_views_share_nothing_changeable(state)
        record = GAME.record(state)
        assert record["ending"] in record["endings"]
        assert set(record["winners"]) <= set(record["sides"])
        text = json.dumps({"config": config.to_json(), "log": record["actions"]})
        data = json.loads(text)
        again = replay(GAME, GAME.config_from_json(data["config"]), seed, data["log"])
        assert GAME.snapshot(again) == GAME.snapshot(state)
        assert GAME.record(again) == json.loads(json.dumps(record))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_legal_action_is_accepted_and_every_other_refused_without_a_trace(players):
    variants = ["wagers", "risky"] + (["paranoid", "accomplice"] if players > 3 else [])
    config = GAME.make_config(players=players, variants=variants)
    rng = Rng(players)
    state = GAME.new_game(config, players)
    while not GAME.is_over(state):
        seats = sorted(GAME.expected_seats(state))
        seat = seats[0]
        legal = GAME.legal_actions(state, seat)
        assert legal
        for action in legal:
            trial = copy.deepcopy(state)
            GAME.apply(trial, seat, action)
        # Plays of every other card, and every out-of-turn seat, are refused cleanly.
        tries = [{"type": "play", "card": name} for name in CARD_BY_NAME]
        tries += [{"type": "wager", "wager": True}, {"type": "choose_mission", "keep": 1}]
        tries += [{"type": "vote", "seat": s} for s in range(players)]
        before = GAME.snapshot(state)
        for action in tries:
            for who in range(players):
                if who == seat and action in legal:
                    continue
                if who in seats and action["type"] == "vote":
                    continue
                with pytest.raises(EngineError):
                    GAME.apply(state, who, action)
                assert GAME.snapshot(state) == before, (who, action)
        GAME.apply(state, seat, legal[rng.below(len(legal))])

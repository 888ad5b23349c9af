"""One test for every registered game, through ``GameRules`` only (random simulation, as
OpenSpiel tests its games): whatever the game, these hold at every step of seeded random play.

- legal actions exist exactly for the expected seats, and a finished game has none;
- a refusal (a seat out of turn, an unknown type, a non-object, junk fields) is a coded error and
  leaves the snapshot unchanged;
- ``apply`` returns the action as accepted: extra fields gone, and replaying the returned actions
  (through JSON) gives the same state;
- views are JSON, and what a seat cannot know (the game's scramble hook) never changes its view;
- the result starts with the same header, ``winners`` and ``ending``;
- ``round_of`` only goes forward, and ``hidden_seats`` names seats of the table.
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from engine.errors import EngineError, GameOver, IllegalAction, InvalidConfig, MalformedAction
from engine.registry import GameRules, game_names, get_game, replay, seat_bots
from engine.rng import Rng

GAMES = [get_game(name) for name in game_names()]
JUNK = {"pad": "x" * 2000, "extra": [1, 2, 3], "seat": 99}


def configs(game: GameRules) -> list[tuple[int, list[str]]]:
    """Every player count with no option, each option alone, and every pair, where valid."""
    found = []
    for players in range(game.min_players, game.max_players + 1):
        options = [[], *([v] for v in game.variants), *map(list, combinations(game.variants, 2))]
        for variants in options[:: 1 if players == game.max_players else 4]:
            try:
                game.make_config(players=players, variants=variants)
            except InvalidConfig:
                continue
            found.append((players, variants))
    return found


CASES = [(game, players, variants) for game in GAMES for players, variants in configs(game)]


def case_id(case: tuple[GameRules, int, list[str]]) -> str:
    game, players, variants = case
    return f"{game.name}-{players}-{'+'.join(variants) or 'plain'}"


def refused_cleanly(game: GameRules, state, seat, action) -> EngineError:
    before = game.snapshot(state)
    with pytest.raises(EngineError) as caught:
        game.apply(state, seat, action)
    assert game.snapshot(state) == before, (seat, action)
    json.dumps(caught.value.to_json())
    assert caught.value.code in str(caught.value)
    return caught.value


def check_views(game: GameRules, state, scramble, rng: Rng, players: int) -> None:
    over = game.is_over(state)
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        assert view["seat"] == seat
        if not over:
            twin = scramble(state, seat, rng)
            assert game.view(twin, seat) == view, f"seat {seat} sees a secret"


def play_one(game: GameRules, config, seed: int, scramble, players: int) -> None:
    state = game.new_game(config, seed)
    rng, scramble_rng = Rng(seed + 11), Rng(seed + 23)
    bot = game.bots["random"]
    accepted = []
    steps = 0
    rounds = [game.round_of(state)]
    while not game.is_over(state):
        expected = game.expected_seats(state)
        assert expected
        legal = {seat: game.legal_actions(state, seat) for seat in range(players)}
        assert {seat for seat, actions in legal.items() if actions} == expected
        if steps % 4 == 0:
            check_views(game, state, scramble, scramble_rng, players)
        idle = [seat for seat in range(players) if seat not in expected]
        if idle:
            error = refused_cleanly(game, state, idle[0], legal[min(expected)][0])
            assert error.code == "not_your_turn" and error.facts == {"waiting": sorted(expected)}
        actor = sorted(expected)[rng.below(len(expected))]
        error = refused_cleanly(game, state, actor, {"type": "no_such_action"})
        assert error.code == "unknown_action" and error.facts == {"type": "no_such_action"}
        assert refused_cleanly(game, state, actor, ["not", "an", "object"]).code == "bad_field"
        assert refused_cleanly(game, state, players, {"type": "x"}).code == "not_a_seat"

        action = bot(state, actor, rng)
        assert action in legal[actor]
        returned = game.apply(state, actor, {**JUNK, **action})
        assert "pad" not in returned and "extra" not in returned
        logged = state.log[-1]["action"]
        assert returned == logged and returned is not logged
        for key, value in returned.items():  # the caller may keep or change it: the log stays
            assert type(value) is not list or value is not logged[key], key
        assert set(returned) <= set(action) | {"type"}
        accepted.append({"seat": actor, "action": returned})
        rounds.append(game.round_of(state))
        steps += 1
        assert steps < 5000

    check_views(game, state, scramble, scramble_rng, players)
    assert rounds == sorted(rounds) and rounds[0] == 0  # rounds only go forward
    hidden = game.hidden_seats(state)
    assert hidden and set(hidden) <= set(range(players))
    assert game.expected_seats(state) == frozenset()
    assert all(game.legal_actions(state, seat) == [] for seat in range(players))
    with pytest.raises(GameOver):
        game.apply(state, 0, {"type": "anything"})
    result = game.view(state, None)["result"]
    assert list(result)[:2] == ["winners", "ending"]
    assert result["winners"] and all(type(w) is str for w in result["winners"])
    record = game.record(state)
    assert record["ending"] == result["ending"] and record["winners"] == result["winners"]
    # The log and the returned actions are the same list, and replay (through JSON) to this game.
    assert record["actions"] == accepted
    log = json.loads(json.dumps(accepted))
    again = replay(game, game.config_from_json(json.loads(json.dumps(config.to_json()))), seed, log)
    assert game.snapshot(again) == game.snapshot(state)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_play_keeps_the_contract_of_every_game(case, scramblers):
    game, players, variants = case
    config = game.make_config(players=players, variants=variants)
    for seed in range(2):
        play_one(game, config, seed, scramblers[game.name], players)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_smart_bot_finishes_games_with_accepted_actions(game):
    config = game.make_config(players=game.max_players)
    for seed in range(3):
        state = game.new_game(config, seed)
        rng = Rng(seed)
        while not game.is_over(state):
            seat = min(game.expected_seats(state))
            game.apply(state, seat, game.bots["smart"](state, seat, rng))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_bad_seat_is_the_same_error_everywhere(game):
    state = game.new_game(game.make_config(players=game.min_players), 0)
    for seat in (-1, game.min_players, "0", 1.0, True, [0]):
        for call in (
            lambda s=seat: game.view(state, s),
            lambda s=seat: game.seat_part(state, s),
            lambda s=seat: game.apply(state, s, {"type": "x"}),
            lambda s=seat: game.bots["random"](state, s, Rng(0)),
        ):
            with pytest.raises(MalformedAction) as caught:
                call()
            assert caught.value.code == "not_a_seat"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_bot_is_asked_only_for_a_seat_that_may_act(game):
    state = game.new_game(game.make_config(players=game.min_players), 0)
    idle = next(s for s in range(game.min_players) if s not in game.expected_seats(state))
    with pytest.raises(IllegalAction) as caught:
        game.bots["smart"](state, idle, Rng(0))
    assert caught.value.code == "not_your_turn"


def test_a_bot_is_given_the_seat_view_and_nothing_else():
    seen = []

    def probe(view, rng):
        seen.append(view)
        return {"type": "probe"}

    def view(state, seat):
        return {"board": state["public"], "seat": seat}

    expected = frozenset({1})
    bots = seat_bots(
        view, lambda state: expected, lambda state, seat: seat in expected, {"p": probe}
    )
    state = {"public": "open", "secret": "hidden"}
    assert bots["p"](state, 1, Rng(0)) == {"type": "probe"}
    assert seen == [{"board": "open", "seat": 1}]


def test_every_game_has_a_secrecy_hook(scramblers):
    assert set(scramblers) == set(game_names())

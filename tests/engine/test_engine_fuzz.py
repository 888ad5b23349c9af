"""Nothing a caller passes makes the engine raise anything but a coded error, for every game.

Actions, seats, configs, seeds, logs and game names are drawn from any JSON value (huge integers,
lone surrogates, control characters, deep nests included); each call either works or raises an
``EngineError`` (a ``ValueError`` with a code and facts) and leaves the state untouched.
"""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import CodedError, EngineError
from engine.registry import game_names, get_game, replay
from engine.rng import Rng

GAMES = {name: get_game(name) for name in game_names()}

HUGE = "<an integer of 5,000 digits>"  # drawn as this text (printable), swapped in by `real`

texts = st.text(max_size=6) | st.sampled_from(["\ud800", "\x00\x1f", "B1", "Y13", "clean", "0"])
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers()
    | st.just(HUGE)
    | st.floats(allow_nan=True)
    | texts
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)
FIELDS = ("type", "team", "approve", "card", "target", "keep", "wager", "seat", "seats")
# Every action type of every game, so the drawn fields reach each handler.
TYPES = ["propose", "vote", "play", "mark", "confirm", "accomplice_pick", "choose_mission", "wager"]
actions = (
    st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES) | values},
        optional={field: values | st.lists(scalars, max_size=4) for field in FIELDS[1:]},
    )
    | values
)


def states(name: str) -> list:
    """States in every phase of a game, from seeded random play at its largest table."""
    game = GAMES[name]
    config = game.make_config(players=game.max_players)
    found = {}
    for seed in range(4):
        state = game.new_game(config, seed)
        rng = Rng(seed)
        while not game.is_over(state):
            phase = game.view(state, None)["phase"]
            found.setdefault(phase, copy.deepcopy(state))
            seat = min(game.expected_seats(state))
            game.apply(state, seat, game.bots["random"](state, seat, rng))
        found.setdefault("over", state)
    return list(found.values())


STATES = {name: states(name) for name in GAMES}


def real(value):
    """The drawn value with every HUGE marker made the real integer (Python refuses to print
    it, so hypothesis could not report an example holding it)."""
    if value == HUGE:
        return 10**5000
    if isinstance(value, list):
        return [real(item) for item in value]
    if isinstance(value, dict):
        return {key: real(item) for key, item in value.items()}
    return value


def only_coded(call) -> None:
    try:
        call()
    except Exception as error:  # the point: nothing else may come out
        assert isinstance(error, EngineError), repr(error)
        assert isinstance(error, CodedError) and isinstance(error, ValueError)
        json.dumps(error.to_json())
        str(error)


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(GAMES)),
    index=st.integers(0, 10),
    seat=st.integers(-1, 10) | values,
    action=actions,
)
def test_any_action_from_any_seat_is_applied_or_refused_with_a_code(name, index, seat, action):
    game = GAMES[name]
    seat, action = real(seat), real(action)
    state = copy.deepcopy(STATES[name][index % len(STATES[name])])
    before = game.snapshot(state)
    try:
        accepted = game.apply(state, seat, action)
    except EngineError as error:
        assert game.snapshot(state) == before
        json.dumps(error.to_json())
    except Exception as error:
        raise AssertionError(f"{name}: {error!r}") from error
    else:
        json.dumps(accepted)
    only_coded(lambda: game.view(state, seat))
    only_coded(lambda: game.bots["random"](state, seat, Rng(1)))
    only_coded(lambda: game.bots["smart"](state, seat, Rng(1)))


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(GAMES)) | values,
    players=values,
    variants=values,
    data=values,
    seed=values,
    log=values,
)
def test_any_config_seed_log_or_name_is_accepted_or_refused_with_a_code(
    name, players, variants, data, seed, log
):
    players, variants, data, seed, log = map(real, (players, variants, data, seed, log))
    only_coded(lambda: get_game(name))
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        return
    only_coded(lambda: game.make_config(players=players, variants=variants))
    only_coded(lambda: game.config_from_json(data))
    config = game.make_config(players=game.min_players)
    only_coded(lambda: game.new_game(config, seed))
    only_coded(lambda: replay(game, config, 0, log))


def test_a_huge_integer_anywhere_in_an_action_is_refused_with_a_printable_code():
    huge = 10**5000
    for name, game in GAMES.items():
        for state in STATES[name]:
            seat = min(game.expected_seats(state), default=0)
            for field in FIELDS[1:]:
                for value in (huge, [huge, 1], [1, huge]):
                    for kind in TYPES:
                        trial = copy.deepcopy(state)
                        action = {"type": kind, field: value}
                        only_coded(lambda: game.apply(trial, seat, action))  # noqa: B023

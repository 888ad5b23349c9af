"""Nothing a phone sends crashes the engine: any JSON value as an action is refused cleanly."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.insidejob import GAME
from engine.rng import Rng

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
actions = (
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "wager", "vote", "choose_mission", "accomplice_pick"])},
        optional={
            "card": json_values | st.sampled_from(["B1", "R13", "Y7", "G0", "b1"]),
            "wager": json_values,
            "keep": json_values,
            "seat": json_values,
            "seats": json_values,
        },
    )
    | json_values
)


def states():
    """A handful of states in every phase, from seeded random play."""
    found = {}
    config = GAME.make_config(players=4, variants=["wagers", "accomplice", "paranoid"])
    for seed in range(6):
        state = GAME.new_game(config, seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            found.setdefault(state.phase, copy.deepcopy(state))
            seat = sorted(GAME.expected_seats(state))[0]
            GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
        found.setdefault("over", state)
    return list(found.values())


STATES = states()


@settings(max_examples=150, deadline=None)
@given(index=st.integers(0, len(STATES) - 1), seat=st.integers(-1, 5) | json_values, action=actions)
def test_any_action_is_applied_or_refused_with_a_code_and_no_trace(index, seat, action):
    state = copy.deepcopy(STATES[index])
    before = GAME.snapshot(state)
    try:
        GAME.apply(state, seat, action)
    except EngineError as error:
        assert isinstance(error.code, str) and error.code
        assert GAME.snapshot(state) == before

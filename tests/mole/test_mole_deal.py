"""What each role learns at the deal, and the seeded deal itself."""

from collections import Counter

import pytest

from engine.mole import GAME
from engine.mole.config import make_config

CONFIGS = [
    (5, []),
    (5, ["snitch"]),
    (6, []),
    (6, ["snitch"]),
    (7, []),
    (8, []),
    (9, []),
    (10, []),
]


def me(state, seat):
    return GAME.view(state, seat)["me"]


@pytest.mark.parametrize(("players", "variants"), CONFIGS)
@pytest.mark.parametrize("seed", range(4))
def test_each_role_learns_exactly_what_the_rules_give_it(players, variants, seed):
    state = GAME.new_game(make_config(players=players, variants=variants), seed)
    roles = state.roles
    moles = {s for s, r in enumerate(roles) if r in ("mole", "snitch")}
    plain_moles = {s for s, r in enumerate(roles) if r == "mole"}
    snitch_in_play = "snitch" in roles
    for seat, role in enumerate(roles):
        mine = me(state, seat)
        assert mine["role"] == role
        assert mine["side"] == ("moles" if seat in moles else "crew")
        knows = mine["knows"]
        if role == "mole":
            assert knows == {
                "moles": sorted(plain_moles - {seat}),
                "hidden_moles": 1 if snitch_in_play else 0,
            }
        elif role == "snitch":
            assert knows == {"mole_count": len(moles)}
        elif role == "contact":
            suspects = set(knows["suspects"])
            assert moles <= suspects
            assert knows["decoy"] == (players >= 8)
            extra = suspects - moles
            assert len(extra) == (1 if players >= 8 else 0)
            assert seat not in suspects
            assert len(knows["suspects"]) == len(suspects)
        elif role == "double":
            assert knows == {"contact": roles.index("contact")}
        else:
            assert knows == {}


def test_moles_do_not_see_the_snitch_and_the_snitch_sees_no_one():
    state = GAME.new_game(make_config(players=7), 5)
    snitch = state.roles.index("snitch")
    for seat, role in enumerate(state.roles):
        if role == "mole":
            assert snitch not in me(state, seat)["knows"]["moles"]
    assert me(state, snitch)["knows"] == {"mole_count": 3}


def test_contacts_set_is_shuffled_so_position_tells_nothing():
    decoy_positions, ever_unsorted = set(), False
    for seed in range(40):
        state = GAME.new_game(make_config(players=8), seed)
        suspects = me(state, state.roles.index("contact"))["knows"]["suspects"]
        decoy_positions.add(suspects.index(state.decoy))
        ever_unsorted |= suspects != sorted(suspects)
    assert decoy_positions == {0, 1, 2, 3}
    assert ever_unsorted


def test_decoy_is_an_innocent_other_than_the_contact():
    seen = Counter()
    for seed in range(60):
        state = GAME.new_game(make_config(players=10), seed)
        assert state.decoy is not None
        seen[state.roles[state.decoy]] += 1
    assert set(seen) == {"lookout", "driver", "double", "crew"}


def test_first_boss_is_drawn_at_random_from_the_seed():
    bosses = {GAME.new_game(make_config(players=6), seed).boss for seed in range(60)}
    assert bosses == set(range(6))


def test_same_seed_same_deal_and_different_seeds_differ():
    config = make_config(players=9)
    a, b = GAME.new_game(config, 42), GAME.new_game(config, 42)
    assert GAME.snapshot(a) == GAME.snapshot(b)
    deals = {tuple(GAME.new_game(config, seed).roles) for seed in range(20)}
    assert len(deals) > 15


@pytest.mark.parametrize("players", range(5, 11))
def test_every_role_screen_has_the_same_shape(players):
    state = GAME.new_game(make_config(players=players), 9)
    keys = {tuple(me(state, seat)) for seat in range(players)}
    assert len(keys) == 1

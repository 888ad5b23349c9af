"""Options, the deal table, the deal itself and the first mission draw."""

from collections import Counter

import pytest

from engine.errors import InvalidConfig
from engine.insidejob import GAME
from engine.insidejob.config import config_from_json, make_config
from engine.insidejob.missions import MISSIONS

TABLE = {3: (13, 13, 9, 6, 2, 11), 4: (12, 4, 7, 5, 2, 10), 5: (10, 2, 6, 4, 1, 9)}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_deal_follows_the_table(players):
    hand, aside, missions, intel, final, tricks = TABLE[players]
    config = make_config(players=players)
    assert (config.mission_target, config.intel_target, config.final_hand) == (
        missions,
        intel,
        final,
    )
    assert config.max_tricks == tricks == hand - final
    state = GAME.new_game(config, 11)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.set_aside) == aside
    every = [c for h in state.hands for c in h] + state.set_aside
    assert sorted(every) == list(range(52))
    assert state.intel == [1] * players
    assert state.supply == 14 - players
    roles = Counter(state.roles)
    assert roles == {"insider": 1, "agent": players - 1}


@pytest.mark.parametrize("players", [2, 6, 0])
def test_wrong_player_counts_cannot_start(players):
    with pytest.raises(InvalidConfig) as caught:
        make_config(players=players)
    assert caught.value.code == "player_count"
    assert caught.value.facts == {"min": 3, "max": 5, "players": players}


def test_option_errors_are_precise():
    cases = [
        ({"players": 4, "variants": ["turbo"]}, "unknown_variant", {"variant": "turbo"}),
        ({"players": 4, "variants": ["wagers", "wagers"]}, "duplicate_variant", None),
        ({"players": 3, "variants": ["decoy"]}, "variant_players", None),
        (
            {"players": 4, "variants": ["decoy", "paranoid", "sleeping", "tim_shady"]},
            "too_many_roles",
            {"roles": 4, "seats": 3},
        ),
        ({"players": "4"}, "bad_field", {"field": "players"}),
        ({"players": 4, "variants": "wagers"}, "bad_field", {"field": "variants"}),
    ]
    for kwargs, code, facts in cases:
        with pytest.raises(InvalidConfig) as caught:
            make_config(**kwargs)
        assert caught.value.code == code, kwargs
        if facts is not None:
            assert caught.value.facts == facts


def test_the_professional_does_not_take_an_agent_seat():
    config = make_config(players=4, variants=["professional", "decoy", "paranoid", "sleeping"])
    assert config.professional
    assert config.intel_target == 0 and config.reveal_at == 4
    assert make_config(players=5, variants=["professional"]).reveal_at == 3
    state = GAME.new_game(config, 3)
    assert sorted(state.roles) == ["decoy", "paranoid", "professional", "sleeping"]


def test_config_round_trips_through_json_in_a_canonical_order():
    config = make_config(players=5, variants=["decoy", "risky", "wagers"])
    assert config.to_json() == {"players": 5, "variants": ["wagers", "risky", "decoy"]}
    assert config_from_json(config.to_json()) == config


def test_special_roles_are_dealt_once_each_among_agents():
    config = make_config(players=5, variants=["tim_shady", "sleeping"])
    for seed in range(20):
        roles = Counter(GAME.new_game(config, seed).roles)
        assert roles == {"insider": 1, "tim_shady": 1, "sleeping": 1, "agent": 2}


def test_roles_start_player_and_missions_vary_with_the_seed_and_repeat_with_it():
    config = make_config(players=5)
    starts = {GAME.new_game(config, seed).start for seed in range(40)}
    insiders = {GAME.new_game(config, seed).roles.index("insider") for seed in range(40)}
    assert starts == insiders == set(range(5))
    one, two = GAME.new_game(config, 8), GAME.new_game(config, 8)
    assert GAME.snapshot(one) == GAME.snapshot(two)


def test_the_start_player_draws_two_missions_and_chooses_first():
    state = GAME.new_game(make_config(players=4, variants=["wagers"]), 5)
    assert state.phase == "mission"
    assert GAME.expected_seats(state) == {state.start}
    assert len(state.drawn) == 2 and len(state.deck) == 22
    seen = GAME.view(state, state.start)["me"]["missions"]
    assert [m["id"] for m in seen] == state.drawn
    assert all(m["objective"] == MISSIONS[m["id"]].objective for m in seen)


def test_microphone_and_accomplice_are_revealed_at_the_deal_and_the_accomplice_picks_first():
    config = make_config(players=5, variants=["microphone", "accomplice"])
    state = GAME.new_game(config, 2)
    mic, acc = state.roles.index("microphone"), state.roles.index("accomplice")
    public = GAME.view(state, None)
    assert public["revealed"][mic] == "microphone"
    assert public["revealed"][acc] == "accomplice"
    assert sum(r is not None for r in public["revealed"]) == 2
    assert state.intel[acc] == 0 and state.supply == 14 - 4
    assert state.phase == "accomplice" and GAME.expected_seats(state) == {acc}


def test_the_lobbys_special_roles_are_public_before_the_first_card():
    state = GAME.new_game(make_config(players=4, variants=["decoy", "wagers"]), 1)
    assert GAME.view(state, None)["special_roles"] == ["decoy"]

"""The deal table, the variants and the configs the game refuses."""

from collections import Counter

import pytest

from engine.errors import InvalidConfig
from engine.mole import GAME
from engine.mole.config import config_from_json, make_config

# players: (moles, snitch, doubles, decoy, team sizes, sabotages per Mole, approvals needed)
TABLE = {
    5: (2, False, 0, False, (2, 2, 2, 3, 3), 2, 3),
    6: (2, False, 1, False, (2, 3, 3, 3, 4), 2, 4),
    7: (3, True, 1, False, (2, 2, 2, 3, 3), 1, 4),
    8: (3, True, 1, True, (3, 3, 3, 3, 4), 1, 5),
    9: (3, True, 1, True, (3, 4, 4, 4, 5), 1, 5),
    10: (3, True, 1, True, (4, 5, 5, 5, 6), 1, 6),
}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_table_row_for_each_player_count(players):
    moles, snitch, doubles, decoy, sizes, sabotages, approvals = TABLE[players]
    config = make_config(players=players)
    assert (config.moles, config.snitch, config.double, config.decoy) == (
        moles,
        snitch,
        doubles == 1,
        decoy,
    )
    assert config.team_sizes == sizes
    assert config.sabotages_per_mole == sabotages
    assert config.approvals_needed == approvals
    assert (config.to_open, config.to_blow, config.patrol_at) == (3, 3, 3)


@pytest.mark.parametrize("players", sorted(TABLE))
def test_deal_fills_the_crew_side_in_the_rules_order(players):
    moles, snitch, doubles, *_ = TABLE[players]
    roles = Counter(GAME.new_game(make_config(players=players), 11).roles)
    assert roles["contact"] == roles["lookout"] == roles["driver"] == 1
    assert roles["double"] == doubles
    assert roles["mole"] + roles["snitch"] == moles
    assert roles["snitch"] == (1 if snitch else 0)
    assert roles["crew"] == players - moles - 3 - doubles


@pytest.mark.parametrize("players", [0, 4, 11, -1])
def test_fewer_than_five_or_more_than_ten_players_cannot_start(players):
    with pytest.raises(InvalidConfig) as caught:
        make_config(players=players)
    assert caught.value.code == "player_count"
    assert caught.value.facts == {"min": 5, "max": 10, "players": players}


def test_quick_game_plays_locks_one_three_and_five_to_two():
    config = make_config(players=9, variants=["quick"])
    assert config.team_sizes == (3, 4, 5)
    assert (config.to_open, config.to_blow) == (2, 2)


def test_the_vault_plays_seven_locks_to_four_with_two_sabotages_each():
    config = make_config(players=10, variants=["vault"])
    assert config.team_sizes == (4, 5, 5, 5, 6, 6, 6)
    assert (config.to_open, config.to_blow, config.sabotages_per_mole) == (4, 4, 2)


@pytest.mark.parametrize("players", [5, 6])
def test_snitch_variant_makes_one_of_two_moles_the_snitch(players):
    config = make_config(players=players, variants=["snitch"])
    assert config.snitch and config.moles == 2
    roles = Counter(GAME.new_game(config, 3).roles)
    assert (roles["snitch"], roles["mole"]) == (1, 1)


def test_variants_combine_where_counts_allow():
    config = make_config(players=5, variants=["snitch", "quick"])
    assert config.variants == ("quick", "snitch")
    assert config.snitch and config.team_sizes == (2, 2, 3)
    assert make_config(players=8, variants=["vault", "vault"]).variants == ("vault",)


@pytest.mark.parametrize(
    ("players", "variant", "low", "high"),
    [(6, "vault", 7, 10), (5, "vault", 7, 10), (7, "snitch", 5, 6), (10, "snitch", 5, 6)],
)
def test_a_variant_outside_its_player_counts_is_refused(players, variant, low, high):
    with pytest.raises(InvalidConfig) as caught:
        make_config(players=players, variants=[variant])
    assert caught.value.code == "variant_players"
    assert caught.value.facts == {"variant": variant, "min": low, "max": high}


def test_quick_and_the_vault_cannot_combine():
    with pytest.raises(InvalidConfig) as caught:
        make_config(players=8, variants=["quick", "vault"])
    assert caught.value.code == "variant_conflict"


def test_unknown_variant_and_malformed_options_are_refused():
    with pytest.raises(InvalidConfig) as caught:
        make_config(players=7, variants=["turbo"])
    assert (caught.value.code, caught.value.facts) == ("unknown_variant", {"variant": "turbo"})
    for bad in ({"players": "7"}, {"variants": []}, {"players": 7, "variants": "quick"}):
        with pytest.raises(InvalidConfig) as caught:
            config_from_json(bad)
        assert caught.value.code == "bad_field"


def test_config_round_trips_through_json():
    config = make_config(players=5, variants=["snitch", "quick"])
    assert config.to_json() == {"players": 5, "variants": ["quick", "snitch"]}
    assert config_from_json(config.to_json()) == config

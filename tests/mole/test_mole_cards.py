"""Clean and Sabotage: who may play what, the per-Mole limit, the reveal, open or blow."""

import pytest

from engine.mole import GAME


def test_every_team_member_holds_the_same_two_cards_whatever_their_role(five):
    five.propose([0, 1])
    five.vote(range(5))
    assert five.view(0)["me"]["hand"] == five.view(1)["me"]["hand"] == ["clean", "sabotage"]
    assert five.view(2)["me"]["hand"] == []
    assert GAME.legal_actions(five.state, 1) == [{"type": "play", "card": "clean"}]


@pytest.mark.parametrize("role", ["contact", "lookout", "driver"])
def test_crew_cannot_play_sabotage(five, role):
    seat = five.seat_of(role)
    five.propose(sorted({seat, 0}))
    five.vote(range(5))
    five.refuse(seat, {"type": "play", "card": "sabotage"}, "crew_cannot_sabotage")
    five.act(seat, {"type": "play", "card": "clean"})


def test_double_and_plain_crew_cannot_sabotage_either(eight):
    eight.propose([0, 6, 7])  # crew, double, driver
    eight.vote(range(8))
    for seat in (0, 6):
        eight.refuse(seat, {"type": "play", "card": "sabotage"}, "crew_cannot_sabotage")


def test_one_sabotage_blows_the_lock_and_only_the_count_is_public(seven):
    seven.run_lock([1, 2], saboteurs=[1])
    lock = seven.view(None)["locks"][0]
    assert (lock["result"], lock["by"], lock["sabotages"]) == ("blown", "cards", 1)
    assert sorted(lock["cards"]) == ["clean", "sabotage"]
    assert "plays" not in str(seven.view(2))


def test_all_clean_opens_the_lock(seven):
    seven.run_lock([1, 3])  # two Moles holding back
    lock = seven.view(None)["locks"][0]
    assert (lock["result"], lock["sabotages"], lock["cards"]) == ("open", 0, ["clean", "clean"])


def test_the_snitch_sabotages_like_a_mole(seven):
    seven.run_lock([3, 0], saboteurs=[3])
    assert seven.view(None)["locks"][0]["result"] == "blown"


def test_each_mole_sabotages_only_as_often_as_the_table_says(seven):
    # 7 players: one Sabotage per Mole.
    seven.run_lock([1, 0], saboteurs=[1])
    assert seven.view(1)["me"]["sabotages_left"] == 0
    seven.propose([1, 0])
    seven.vote(range(7))
    error = seven.refuse(1, {"type": "play", "card": "sabotage"}, "no_sabotage_left")
    assert error.facts == {"limit": 1}
    seven.act(1, {"type": "play", "card": "clean"})


def test_five_player_moles_have_two_sabotages(five):
    five.run_lock([0, 1], saboteurs=[0])
    five.run_lock([0, 1], saboteurs=[0])
    five.propose([0, 1])
    five.vote(range(5))
    five.refuse(0, {"type": "play", "card": "sabotage"}, "no_sabotage_left")


def test_only_team_members_play_and_only_once(five):
    five.propose([0, 1])
    five.vote(range(5))
    five.refuse(2, {"type": "play", "card": "clean"}, "not_your_turn")
    five.act(0, {"type": "play", "card": "sabotage"})
    five.refuse(0, {"type": "play", "card": "clean"}, "not_your_turn")
    assert five.view(None)["played"] == [0]
    assert five.view(0)["me"]["card"] == "sabotage"
    assert five.view(1)["me"]["card"] is None


def test_a_card_must_be_clean_or_sabotage(five):
    five.propose([0, 1])
    five.vote(range(5))
    five.refuse(0, {"type": "play", "card": "bomb"}, "bad_field")
    five.refuse(0, {"type": "play"}, "bad_field")


def test_reveal_order_is_shuffled(new_table):
    positions = set()
    for seed in range(30):
        table = new_table("five", seed=seed)
        table.run_lock([0, 1], saboteurs=[0])
        positions.add(table.view(None)["locks"][0]["cards"].index("sabotage"))
    assert positions == {0, 1}


def test_reveal_order_does_not_depend_on_who_played_which(new_table):
    first, second = new_table("five", seed=4), new_table("five", seed=4)
    first.run_lock([0, 3], saboteurs=[0])
    second.run_lock([0, 3], saboteurs=[3])
    assert first.view(None)["locks"] == second.view(None)["locks"]


def test_three_blown_locks_win_for_the_moles_at_once(five):
    five.run_lock([0, 1], saboteurs=[0])
    five.run_lock([3, 1], saboteurs=[3])
    five.run_lock([0, 2], saboteurs=[0])
    view = five.view(None)
    assert view["phase"] == "over"
    assert (view["result"]["winner"], view["result"]["reason"]) == ("moles", "locks_blown")
    assert view["result"]["marks"] == []
    five.refuse(1, {"type": "propose", "team": [0, 1]}, "game_over")
    assert GAME.expected_seats(five.state) == frozenset()

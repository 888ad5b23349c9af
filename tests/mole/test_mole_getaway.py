"""The Getaway: every mark, the Driver's protection, the Moles' live tallies, the accusation."""

import pytest

from engine.mole import GAME

# The five-player deal: 0 mole, 1 contact, 2 lookout, 3 mole, 4 driver.


@pytest.fixture
def getaway(five):
    five.open_locks(3)
    assert five.state.phase == "getaway"
    return five


def outcome(table):
    result = table.view(None)["result"]
    return result["winner"], result["reason"], result["accused"]


def test_three_open_locks_start_the_getaway_where_every_seat_marks(getaway):
    view = getaway.view(None)
    assert view["getaway"] == {"confirmed": []}
    assert GAME.expected_seats(getaway.state) == frozenset(range(5))
    for seat in range(5):
        actions = GAME.legal_actions(getaway.state, seat)
        assert {"type": "mark", "target": None} in actions
        assert {"type": "confirm"} not in actions  # nothing to confirm yet


def test_moles_naming_the_contact_win(getaway):
    getaway.mark_all({0: 1, 3: 1, 4: 2})
    assert outcome(getaway) == ("moles", "contact_found", 1)


def test_driver_protecting_the_accused_voids_the_accusation(getaway):
    getaway.mark_all({0: 1, 3: 1, 4: 1})
    assert outcome(getaway) == ("crew", "void", 1)
    assert getaway.view(None)["result"]["protected"] == 1


def test_naming_anyone_else_even_a_mole_lets_the_crew_escape(getaway):
    getaway.mark_all({0: 3, 3: 3, 4: None})
    assert outcome(getaway) == ("crew", "escape", 3)


def test_naming_an_innocent_lets_the_crew_escape(new_table):
    table = new_table("five")
    table.open_locks(3)
    table.mark_all({0: 2, 3: 2, 4: 1})
    assert outcome(table) == ("crew", "escape", 2)


def test_when_every_mole_marks_nobody_nobody_is_accused_and_the_crew_wins(getaway):
    getaway.mark_all({0: None, 3: None, 4: 1})
    assert outcome(getaway) == ("crew", "escape", None)


def test_one_mole_marking_nobody_leaves_the_others_mark_as_the_accusation(getaway):
    getaway.mark_all({0: None, 3: 1, 4: 2})
    assert outcome(getaway) == ("moles", "contact_found", 1)


def test_only_mole_marks_count(getaway):
    getaway.mark_all({0: 2, 3: 2}, default=1)  # everyone else marks the Contact: no effect
    assert outcome(getaway) == ("crew", "escape", 2)


def test_plurality_of_mole_marks_is_the_accusation(new_table):
    table = new_table("seven")  # moles: 1, 6 and the Snitch at 3; Contact 0; Driver 4
    table.open_locks(3)
    table.mark_all({1: 0, 3: 0, 6: 2, 4: 2})
    assert outcome(table) == ("moles", "contact_found", 0)


def test_a_tie_is_settled_at_random_among_the_tied(new_table):
    accused = set()
    for seed in range(30):
        table = new_table("five", seed=seed)
        table.open_locks(3)
        table.mark_all({0: 1, 3: 2, 4: None})
        accused.add(outcome(table))
    assert accused == {("moles", "contact_found", 1), ("crew", "escape", 2)}


def test_a_mark_may_change_until_confirmed_then_it_is_final(getaway):
    getaway.act(0, {"type": "mark", "target": 2})
    getaway.act(0, {"type": "mark", "target": 1})
    assert getaway.view(0)["me"]["mark"] == 1
    getaway.act(0, {"type": "confirm"})
    assert getaway.view(0)["me"]["confirmed"] is True
    assert getaway.view(None)["getaway"] == {"confirmed": [0]}
    getaway.refuse(0, {"type": "mark", "target": 2}, "not_your_turn")
    getaway.refuse(0, {"type": "confirm"}, "not_your_turn")


def test_confirming_needs_a_mark_first(getaway):
    getaway.refuse(2, {"type": "confirm"}, "no_mark")
    getaway.act(2, {"type": "mark", "target": None})
    getaway.act(2, {"type": "confirm"})


def test_a_mark_names_a_seat_or_nobody(getaway):
    getaway.refuse(2, {"type": "mark", "target": 5}, "not_a_seat")
    getaway.refuse(2, {"type": "mark", "target": "1"}, "bad_field")
    getaway.refuse(2, {"type": "mark"}, "bad_field")


def test_moles_see_live_anonymous_tallies_and_nobody_else_does(new_table):
    table = new_table("seven")  # moles 1, 6, snitch 3
    table.open_locks(3)
    table.act(1, {"type": "mark", "target": 0})
    table.act(3, {"type": "mark", "target": 0})
    table.act(6, {"type": "mark", "target": None})
    table.act(4, {"type": "mark", "target": 5})  # the Driver: not counted
    expected = {"0": 2, "1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "nobody": 1}
    for seat in (1, 3, 6):
        assert table.view(seat)["me"]["tally"] == expected
    for seat in (0, 2, 4, 5):
        assert table.view(seat)["me"]["tally"] is None
    table.act(6, {"type": "mark", "target": 2})
    assert table.view(1)["me"]["tally"]["2"] == 1
    assert table.view(1)["me"]["tally"]["nobody"] == 0


def test_the_final_view_reveals_roles_cards_and_every_mark(getaway):
    getaway.mark_all({0: 1, 3: 1, 4: 0, 1: 3, 2: None})
    result = getaway.view(2)["result"]
    assert result["roles"] == ["mole", "contact", "lookout", "mole", "driver"]
    assert result["marks"] == [1, 3, None, 1, 0]
    assert result["plays"][0] == {"lock": 0, "cards": {"0": "clean", "1": "clean"}}
    assert len(result["plays"]) == 3
    assert result["protected"] == 0
    assert getaway.view(2)["me"]["tally"] is None
    assert GAME.legal_actions(getaway.state, 0) == []


def test_a_driver_protecting_nobody_cannot_void_the_accusation(getaway):
    getaway.mark_all({0: 1, 3: 1, 4: None})
    assert outcome(getaway) == ("moles", "contact_found", 1)
    assert getaway.view(None)["result"]["protected"] is None


def test_the_accusation_waits_until_every_seat_has_confirmed(getaway):
    for seat in range(5):
        getaway.act(seat, {"type": "mark", "target": 1})
    for seat in range(4):
        getaway.act(seat, {"type": "confirm"})
    assert getaway.state.phase == "getaway"
    assert getaway.view(None)["result"] is None
    assert GAME.expected_seats(getaway.state) == frozenset({4})
    getaway.act(4, {"type": "confirm"})
    assert outcome(getaway) == ("crew", "void", 1)

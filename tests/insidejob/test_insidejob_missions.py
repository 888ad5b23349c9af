"""Each objective alone, as a pure function of a finished trick; and the mission deck."""

from collections import Counter

import pytest

from engine.insidejob.missions import MISSIONS, OBJECTIVES, FinishedTrick, deck_ids

B, R, G, Y = range(4)


def trick(cards, trump=B, wagered=(), winner=0):
    """cards: [(suit, value)]; wagered: indexes carrying a token (their suit becomes trump)."""
    flags = tuple(i in wagered for i in range(len(cards)))
    return FinishedTrick(
        values=tuple(v for _, v in cards),
        suits=tuple(trump if flags[i] else s for i, (s, _) in enumerate(cards)),
        wagered=flags,
        trump=trump,
        winner=winner,
    )


CASES = {
    "all_odd": ([(R, 1), (R, 3), (G, 13)], [(R, 1), (R, 4), (G, 13)]),
    "all_even": ([(R, 2), (Y, 12), (G, 6)], [(R, 2), (Y, 11), (G, 6)]),
    "descending": ([(R, 9), (R, 5), (G, 2)], [(R, 9), (R, 9), (G, 2)]),
    "ascending": ([(R, 2), (R, 5), (G, 9)], [(R, 2), (R, 5), (G, 4)]),
    "one_suit": ([(R, 2), (R, 5), (R, 9)], [(R, 2), (R, 5), (G, 9)]),
    "all_below_7": ([(R, 6), (G, 1), (Y, 3)], [(R, 6), (G, 7), (Y, 3)]),
    "last_lowest": ([(R, 6), (G, 4), (Y, 3)], [(R, 6), (G, 2), (Y, 3)]),
    "first_last_same_suit": ([(R, 6), (G, 4), (R, 3)], [(R, 6), (G, 4), (Y, 3)]),
    "three_suits": ([(R, 6), (G, 4), (Y, 3)], [(R, 6), (G, 4), (R, 3)]),
    "shared_value": ([(R, 6), (G, 6), (Y, 3)], [(R, 6), (G, 5), (Y, 3)]),
    "all_above_6": ([(R, 7), (G, 13), (Y, 9)], [(R, 7), (G, 6), (Y, 9)]),
}


@pytest.mark.parametrize("objective", sorted(CASES))
def test_card_shape_objectives_hold_and_fail(objective):
    holds, fails = CASES[objective]
    check = OBJECTIVES[objective]
    assert check(trick(holds, trump=B)) is True
    assert check(trick(fails, trump=B)) is False


def test_the_winner_position_objectives():
    cards = [(R, 5), (R, 9), (R, 2), (R, 3)]
    for winner, name in ((0, "first_wins"), (1, "second_wins"), (3, "last_wins")):
        for other in range(4):
            assert OBJECTIVES[name](trick(cards, winner=other)) is (other == winner)


def test_winner_value_objectives():
    cards = [(R, 10), (R, 9), (G, 13)]
    assert OBJECTIVES["winner_10_plus"](trick(cards, winner=0))
    assert not OBJECTIVES["winner_10_plus"](trick(cards, winner=1))
    assert OBJECTIVES["winner_odd"](trick(cards, winner=1))
    assert not OBJECTIVES["winner_odd"](trick(cards, winner=0))


def test_trump_objectives_count_a_wagered_card_as_trump():
    cards = [(R, 5), (G, 3), (R, 9)]
    # No natural Blue card: no trump, the winner is of the led suit.
    plain = trick(cards, trump=B, winner=2)
    assert OBJECTIVES["no_trump"](plain)
    assert not OBJECTIVES["winner_is_trump"](plain)
    assert OBJECTIVES["led_suit_wins"](plain)
    # The Green 3 carries a token: it counts as Blue, the trump, and wins.
    staked = trick(cards, trump=B, wagered=(1,), winner=1)
    assert not OBJECTIVES["no_trump"](staked)
    assert OBJECTIVES["winner_is_trump"](staked)
    assert not OBJECTIVES["led_suit_wins"](staked)


def test_a_wagered_card_changes_suit_based_objectives():
    cards = [(R, 5), (G, 3), (R, 9)]
    assert not OBJECTIVES["one_suit"](trick(cards, trump=R))
    assert OBJECTIVES["one_suit"](trick(cards, trump=R, wagered=(1,)))
    assert OBJECTIVES["first_last_same_suit"](trick(cards, trump=G))
    assert not OBJECTIVES["first_last_same_suit"](trick(cards, trump=G, wagered=(2,)))


def test_third_card_wagered():
    cards = [(R, 5), (G, 3), (R, 9), (Y, 1)]
    assert OBJECTIVES["third_wagered"](trick(cards, wagered=(2,)))
    assert not OBJECTIVES["third_wagered"](trick(cards, wagered=(1,)))


def test_deck_has_24_missions_six_per_trump_suit_in_every_option_set():
    for wagers in (False, True):
        ids = deck_ids(wagers=wagers, risky=False)
        assert len(ids) == len(set(ids)) == 24
        assert Counter(MISSIONS[m].trump for m in ids) == {B: 6, R: 6, G: 6, Y: 6}
        objectives = {MISSIONS[m].objective for m in ids}
        assert ("third_wagered" in objectives) is wagers
        assert len(objectives) >= 16 - (not wagers)
        assert not any(MISSIONS[m].risky for m in ids)


def test_risky_adds_four_hard_missions_one_per_suit():
    ids = deck_ids(wagers=True, risky=True)
    risky = [MISSIONS[m] for m in ids if MISSIONS[m].risky]
    assert len(ids) == 28
    assert sorted(m.trump for m in risky) == [B, R, G, Y]
    assert {m.objective for m in risky} == {
        "descending",
        "ascending",
        "one_suit",
        "first_last_same_suit",
    }


def test_every_objective_in_the_deck_is_one_of_the_sixteen_or_more_named():
    named = {
        "all_odd", "all_even", "descending", "ascending", "one_suit", "first_wins", "last_wins",
        "second_wins", "all_below_7", "last_lowest", "third_wagered", "first_last_same_suit",
        "winner_is_trump", "no_trump", "winner_10_plus", "three_suits",
    }  # fmt: skip
    assert named <= set(OBJECTIVES)
    assert named <= {MISSIONS[m].objective for m in deck_ids(wagers=True, risky=False)}

"""Wagers: a token on your own card right after playing it makes it count as trump."""

import pytest

FOUR = "insider agent agent agent"
HANDS = ["B5 B6", "R7 Y1", "G7 Y2", "Y3 Y4"]


def test_after_playing_a_follower_may_wager_but_the_start_player_may_not(table):
    t = table(FOUR, hands=HANDS, variants=["wagers"], missions=["m11", "m01"])
    t.keep()
    t.play("B5")
    assert t.state.phase == "play" and t.state.turn == 1  # no wager question for the leader
    assert t.view(0)["me"]["wager_refusal"] == "start_player"
    t.refuse(0, {"type": "wager", "wager": True}, "not_your_turn")
    # The seat on turn, asked for a card, hears why it may not wager now.
    error = t.refuse(1, {"type": "wager", "wager": True}, "cannot_wager")
    assert error.facts == {"reason": "not_now"}
    t.play("R7")
    assert t.state.phase == "wager"
    assert t.view(1)["me"]["can_wager"] and not t.view(2)["me"]["can_wager"]
    t.refuse(2, {"type": "wager", "wager": True}, "not_your_turn")
    t.refuse(2, {"type": "play", "card": "G7"}, "not_your_turn")
    t.refuse(1, {"type": "wager", "wager": "yes"}, "bad_field")
    t.act(1, {"type": "wager", "wager": True})
    public = t.view(None)
    assert public["trick"][1] == {"seat": 1, "card": "R7", "wagered": True}
    assert public["intel"][1] == 0


@pytest.mark.parametrize(
    ("cards", "wagers", "winner"),
    [
        ("B5 R7 G7 Y3", {2}, 2),  # wagered G7 equals the natural trump R7 and is later: it wins
        ("B5 Y1 G7 Y3", {1}, 1),  # the only card counting as trump: a wagered 1 wins
        ("B6 Y1 G7 Y3", {1, 2}, 2),  # two wagered cards: the higher one
    ],
)
def test_a_wagered_card_counts_as_trump_and_the_later_card_wins_a_tie(table, cards, wagers, winner):
    t = table(FOUR, hands=HANDS, variants=["wagers"], missions=["m11", "m01"])
    t.trick(cards, wagers=wagers)
    last = t.view(None)["tricks"][-1]
    assert last["winner"] == winner and last["by"] == "trump"
    assert last["completed"]  # m11: the winning card is a trump


def test_a_natural_trump_played_after_an_equal_wagered_card_wins(table):
    t = table(FOUR, hands=["B5 B6", "G7 Y1", "R7 Y2", "Y3 Y4"], variants=["wagers"],
              missions=["m11", "m01"])  # fmt: skip
    t.trick("B5 G7 R7 Y3", wagers={1})
    assert t.view(None)["tricks"][-1]["winner"] == 2


def test_the_winner_takes_every_wagered_token_plus_one_from_the_supply(table):
    t = table(FOUR, hands=HANDS, variants=["wagers"], missions=["m11", "m01"])
    t.trick("B6 Y1 G7 Y3", wagers={1, 2})
    last = t.view(None)["tricks"][-1]
    assert (last["taken"], last["tokens"]) == (1, 2)
    assert t.state.intel == [1, 0, 3, 1]
    assert t.state.supply == 14 - 5


def test_a_wagered_card_counts_as_trump_for_the_mission(table):
    # m13: every card is of one suit (Green trump); the off-suit cards carry tokens.
    t = table("agent agent agent insider", hands=["G5 B6", "R7 Y1", "B7 Y2", "Y3 Y4"],
              variants=["wagers"], missions=["m13", "m01"], intel=[1, 1, 1, 2])  # fmt: skip
    t.trick("G5 R7 B7 Y3", wagers={1, 2, 3})
    assert t.view(None)["tricks"][-1]["completed"]
    # m24: the third card carries a token.
    t = table(FOUR, hands=HANDS, variants=["wagers"], missions=["m24", "m01"])
    t.trick("B5 R7 G7 Y3", wagers={2})
    assert t.view(None)["tricks"][-1]["completed"]


def test_no_wager_without_intel_nor_once_revealed_nor_without_the_option(table):
    t = table(FOUR, hands=HANDS, variants=["wagers"], missions=["m11", "m01"], intel=[1, 0, 1, 1])
    t.keep()
    t.play("B5")
    t.play("R7")
    assert t.state.phase == "play" and t.state.turn == 2  # no Intel: no question
    assert t.view(1)["me"]["wager_refusal"] == "no_intel"
    t.refuse(1, {"type": "wager", "wager": True}, "not_your_turn")
    t.state.revealed[2] = True
    assert t.view(2)["me"]["wager_refusal"] == "revealed"
    t.play("G7")
    assert t.state.phase == "play" and t.state.turn == 3
    t = table(FOUR, hands=HANDS, missions=["m11", "m01"])
    t.keep()
    t.play("B5")
    t.play("R7")
    assert t.state.turn == 2
    assert t.view(1)["me"]["wager_refusal"] == "option_off"
    assert t.refuse(2, {"type": "wager", "wager": True}, "cannot_wager").facts == {
        "reason": "option_off"
    }


def test_risky_missions_give_the_winner_two_intel_and_a_short_supply_gives_what_is_left(table):
    t = table(FOUR, hands=HANDS, variants=["risky"], missions=["r2", "m01"])
    t.trick("B5 R7 G7 Y3")
    assert t.view(None)["tricks"][-1]["taken"] == 2
    assert t.state.intel == [1, 3, 1, 1]
    t = table(FOUR, hands=HANDS, variants=["risky"], missions=["r2", "m01"], intel=[3, 3, 3, 4])
    assert t.state.supply == 1
    t.trick("B5 R7 G7 Y3")
    assert t.state.intel == [3, 4, 3, 4] and t.state.supply == 0

"""The smart bot plays each role with intent, from its seat's view only.

One trick at four players under m01 (every card odd, Blue trump): seats 0-2 have played B5, R7
and G7; seat 3, last, holds B9 (wins the trick) and B1 (loses it); either keeps the mission. Who
takes the trick shows what the role wants.
"""

from engine.insidejob import GAME
from engine.rng import Rng

HANDS = ["B5 B6 B2", "R7 Y1 R1", "G7 Y2 G1", "B9 B1 Y4"]


def last_card(table, roles, intel=None, variants=()):
    t = table(roles, hands=HANDS, missions=["m01", "m02"], intel=intel, variants=variants)
    t.keep()
    for card in ("B5", "R7", "G7"):
        t.play(card)
    return GAME.bots["smart"](t.state, 3, Rng(0))["card"]


def test_a_plain_agent_takes_the_trick_to_keep_intel_from_the_insider(table):
    assert last_card(table, "insider agent agent agent") == "B9"


def test_the_microphone_never_takes_a_trick_it_can_lose(table):
    assert last_card(table, "insider agent agent microphone") == "B1"


def test_the_agent_at_risk_takes_the_trick_that_reveals_it_even_against_the_mission(table):
    # m04: every card below 7 (Blue trump). B9 wins but spoils it, B1 keeps it. At 5 Intel (the
    # reveal line at four players) the Agent at Risk wins the game for the Agents at once.
    hands = ["B5 B6 B2", "R3 Y1 R1", "G3 Y2 G1", "B9 B1 Y4"]
    for role, intel, wanted in (("agent", 4, "B1"), ("at_risk", 1, "B1"), ("at_risk", 4, "B9")):
        t = table(f"insider agent agent {role}", hands=hands, missions=["m04", "m02"],
                  intel=[1, 1, 1, intel])  # fmt: skip
        t.keep()
        for card in ("B5", "R3", "G3"):
            t.play(card)
        assert GAME.bots["smart"](t.state, 3, Rng(0))["card"] == wanted, (role, intel)


def test_the_sleeping_agent_stays_below_the_reveal_line(table):
    assert last_card(table, "insider agent agent sleeping", intel=[1, 1, 1, 1]) == "B9"
    assert last_card(table, "insider agent agent sleeping", intel=[1, 1, 1, 4]) == "B1"


def test_the_professional_shuns_the_intel_that_would_reveal_it(table):
    card = last_card(table, "agent agent agent professional", intel=[1, 1, 1, 3])
    assert card != "B9"


def test_the_decoy_takes_intel_up_to_the_reveal_line_only(table):
    assert last_card(table, "insider agent agent decoy", intel=[1, 1, 1, 1]) == "B9"
    assert last_card(table, "insider agent agent decoy", intel=[1, 1, 1, 4]) == "B1"


def test_the_decoy_votes_away_from_the_likeliest_traitor_and_the_agents_at_it(table):
    # Seat 0 ends the trick with the most Intel: the table's likeliest traitor.
    t = table("agent insider agent decoy", hands=HANDS, missions=["m01", "m02"],
              intel=[3, 1, 1, 1])  # fmt: skip
    t.trick("B5 R7 G7 B1")
    assert t.state.phase == "vote"
    assert GAME.bots["smart"](t.state, 2, Rng(0)) == {"type": "vote", "seat": 0}
    assert GAME.bots["smart"](t.state, 3, Rng(0))["seat"] != 0


def test_tim_shady_names_his_right_hand_neighbour_when_that_one_looks_guilty(table):
    t = table("insider tim_shady agent agent", hands=HANDS, missions=["m01", "m02"],
              intel=[3, 1, 1, 1])  # fmt: skip
    t.trick("B5 R7 G7 B1")
    assert GAME.bots["smart"](t.state, 1, Rng(0)) == {"type": "vote", "seat": 0}

"""Every special role, with every effect the rules give it."""

from engine.insidejob import GAME, outcome
from engine.insidejob.config import make_config

# Three cards each at four players: one trick, then the vote. With m01 (Blue trump) the Blue 5
# of seat 0 wins; with m11 (Red) the Red 7 of seat 1; with m13 (Green) the Green 7 of seat 2.
HANDS = ["B5 B6 B1", "R7 Y1 R1", "G7 Y2 G1", "Y3 Y4 Y5"]
PLAY = "B5 R7 G7 Y3"


def test_microphone_holding_two_intel_hands_the_insider_the_game(table):
    t = table("insider agent microphone agent", hands=HANDS, missions=["m13", "m01"])
    t.trick(PLAY)
    assert t.state.intel[2] == 2
    assert t.result["ending"] == "microphone"
    assert t.result["winners"] == ["insider"] and t.result["winning_seats"] == [0]


def test_microphone_is_never_voted_for_but_votes(table):
    t = table("insider agent microphone agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    assert 2 in t.state.voters
    t.refuse(1, {"type": "vote", "seat": 2}, "cannot_vote_for_revealed")


def test_paranoid_agent_names_two_different_players(table):
    t = table("insider paranoid agent agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    assert t.view(1)["me"]["vote"]["votes"] == 2
    assert t.refuse(1, {"type": "vote", "seat": 0}, "vote_count").facts == {"expected": 2}
    t.refuse(1, {"type": "vote", "seats": [0, 0]}, "votes_must_differ")
    t.refuse(1, {"type": "vote", "seats": [0, 1]}, "cannot_vote_for_self")
    pairs = GAME.legal_actions(t.state, 1)
    assert {"type": "vote", "seats": [0, 2]} in pairs and len(pairs) == 3
    t.vote({0: 2, 1: [0, 3], 2: 0, 3: 0})
    assert t.view(None)["vote"]["tally"] == [3, 0, 1, 1]
    assert t.result["ending"] == "caught"


def test_a_revealed_paranoid_agent_may_give_both_votes_to_one_player(table):
    t = table("insider paranoid agent agent", hands=HANDS, missions=["m01", "m02"],
              intel=[1, 5, 1, 1])  # fmt: skip
    t.state.revealed[1] = True
    t.trick(PLAY)
    assert t.view(1)["me"]["vote"]["same_allowed"]
    t.vote({0: 2, 1: [0, 0], 2: 0, 3: 2})
    assert t.view(None)["vote"]["tally"] == [3, 0, 2, 0]
    assert t.result["ending"] == "caught"


def test_agent_at_risk_shuffles_in_the_risky_missions_and_forces_them(table):
    config = make_config(players=4, variants=["at_risk"])
    assert config.risky_in_deck
    state = GAME.new_game(config, 1)
    assert len(state.deck) + len(state.drawn) == 28
    t = table("insider at_risk agent agent", hands=HANDS, missions=["m01", "r1"])
    assert t.view(0)["me"]["must_keep"] == 1
    assert t.refuse(0, {"type": "choose_mission", "keep": 0}, "must_choose_risky").facts == {
        "keep": 1
    }
    assert GAME.legal_actions(t.state, 0) == [{"type": "choose_mission", "keep": 1}]
    t.keep(1)
    assert t.view(None)["mission"]["risky"]
    both = table("insider at_risk agent agent", hands=HANDS, missions=["r2", "r1"])
    assert len(GAME.legal_actions(both.state, 0)) == 2
    both.keep(1)
    # Without the Agent at Risk, Risky missions are a free choice.
    free = table("insider agent agent agent", hands=HANDS, variants=["risky"],
                 missions=["m01", "r1"])  # fmt: skip
    free.keep(0)
    assert free.view(None)["mission"]["id"] == "m01"


def test_agent_at_risk_revealed_wins_the_game_for_the_agents_at_once(table):
    t = table("insider at_risk agent agent", hands=HANDS, missions=["m11", "m01"],
              intel=[1, 4, 1, 1])  # fmt: skip
    t.trick(PLAY)
    assert t.result["ending"] == "at_risk"
    assert t.result["winners"] == ["agents"] and t.result["winning_seats"] == [1, 2, 3]


def test_decoy_wins_alone_with_the_most_votes(table):
    t = table("insider decoy agent agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    t.vote({0: 1, 1: 0, 2: 1, 3: 1})
    assert t.result["ending"] == "decoy"
    assert t.result["winners"] == ["decoy"] and t.result["winning_seats"] == [1]


def test_decoy_and_insider_sharing_the_most_votes_both_win(table):
    t = table("insider decoy agent agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    t.vote({0: 1, 1: 0, 2: 0, 3: 1})
    assert t.result["ending"] == "decoy_tie"
    assert t.result["winners"] == ["insider", "decoy"] and t.result["winning_seats"] == [0, 1]


def test_decoy_tied_with_an_agent_wins_nothing(table):
    t = table("insider decoy agent agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    t.vote({0: 1, 1: 2, 2: 1, 3: 2})
    assert t.result["ending"] == "missed" and t.result["winners"] == ["insider"]


def test_accomplice_looks_at_one_role_holds_no_intel_and_cannot_wager(table):
    t = table("insider accomplice agent agent", hands=HANDS, variants=["wagers"],
              missions=["m11", "m01"])  # fmt: skip
    assert t.state.phase == "accomplice"
    t.refuse(0, {"type": "accomplice_pick", "seat": 2}, "not_your_turn")
    t.refuse(1, {"type": "accomplice_pick", "seat": 1}, "cannot_pick_self")
    t.refuse(1, {"type": "choose_mission", "keep": 0}, "wrong_phase")
    t.act(1, {"type": "accomplice_pick", "seat": 0})
    assert t.view(1)["me"]["knows"] == {"picked": 0, "role": "insider"}
    assert t.view(2)["me"]["knows"] == {}
    assert t.view(None)["accomplice"] == {"seat": 1, "picked": 0}
    assert "insider" not in str(t.view(2))
    assert t.state.intel[1] == 0 and t.state.supply == 11
    t.keep()
    t.play("B5")
    t.play("R7")
    assert t.state.turn == 2 and t.state.phase == "play"  # no wager question
    assert t.view(1)["me"]["wager_refusal"] == "accomplice"
    t.refuse(1, {"type": "wager", "wager": True}, "not_your_turn")
    t.play("G7", wager=False)
    t.play("Y3", wager=True)
    # The Accomplice won: no Intel taken, the token goes back, the chosen player loses one.
    last = t.view(None)["tricks"][-1]
    assert (last["winner"], last["taken"], last["lost_by"]) == (1, 0, 0)
    assert t.state.intel == [0, 0, 1, 0] and t.state.supply == 13
    assert t.state.voters == [0, 2, 3]
    assert t.view(1)["me"]["vote"]["refusal"] == "accomplice"
    t.refuse(1, {"type": "vote", "seat": 0}, "not_your_turn")
    t.vote({0: 2, 2: 3, 3: 2})
    assert t.result["ending"] == "missed"
    assert t.result["winners"] == ["insider", "accomplice"]
    assert t.result["winning_seats"] == [0, 1]


def test_tim_shady_revealed_takes_an_intel_from_the_right_and_stops_voting(table):
    t = table("agent tim_shady insider agent", hands=HANDS, missions=["m11", "m01"],
              intel=[2, 4, 1, 1])  # fmt: skip
    assert t.view(1)["me"]["right"] == 0 and t.view(1)["me"]["knows"] == {}
    t.trick(PLAY)
    last = t.view(None)["tricks"][-1]
    assert last["revealed"] == [1] and last["tim_took_from"] == 0
    assert t.state.intel == [1, 6, 1, 1]
    assert t.view(None)["revealed"][1] == "tim_shady"
    assert t.state.voters == [0, 2, 3]
    t.vote({0: 2, 2: 0, 3: 2})  # the Insider is caught: seat 0 (right of Tim) wins
    assert t.result["winners"] == ["agents"] and 1 not in t.result["winning_seats"]


def test_tim_shady_wins_when_the_player_to_the_right_loses(table):
    t = table("agent tim_shady insider agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    t.vote({0: 3, 1: 0, 2: 0, 3: 0})
    assert t.result["ending"] == "missed"
    assert t.result["winners"] == ["insider", "tim_shady"]
    assert t.result["winning_seats"] == [1, 2]


def test_sleeping_agent_hidden_wins_with_the_agents(table):
    t = table("insider sleeping agent agent", hands=HANDS, missions=["m01", "m02"])
    t.trick(PLAY)
    t.vote({0: 1, 1: 0, 2: 0, 3: 0})
    assert t.result["winners"] == ["agents"] and t.result["winning_seats"] == [1, 2, 3]


def test_sleeping_agent_revealed_changes_side_and_stops_voting(table):
    t = table("insider sleeping agent agent", hands=HANDS, missions=["m11", "m01"],
              intel=[1, 4, 1, 1])  # fmt: skip
    assert t.view(1)["me"]["side"] == "agents"
    t.trick(PLAY)
    assert t.view(1)["me"]["side"] == "insider"
    assert t.state.voters == [0, 2, 3]
    assert t.view(1)["me"]["vote"]["refusal"] == "revealed"
    t.refuse(1, {"type": "vote", "seat": 0}, "not_your_turn")
    t.vote({0: 2, 2: 3, 3: 2})
    assert t.result["winners"] == ["insider", "sleeping"] and t.result["winning_seats"] == [0, 1]


def test_professional_may_play_any_card_and_has_no_intel_target(table):
    t = table("agent professional agent agent", hands=["B5 B6 B1", "B7 Y1 R1", "G7 Y2 G1",
              "Y3 Y4 Y5"], variants=["professional"], missions=["m20", "m01"],
              intel=[1, 2, 1, 1])  # fmt: skip
    t.trick("B5 Y1 G7 Y3")  # holding Blue, the Professional plays Yellow
    assert t.state.intel[1] == 2 and t.state.phase == "vote"
    assert t.view(None)["targets"]["intel"] is None
    assert t.view(None)["targets"]["reveal_at"] == 4


def test_professional_revealed_loses_at_once(table):
    t = table("agent professional agent agent", hands=["B5 B6 B1", "R7 B7 R1", "G7 Y2 G1",
              "Y3 Y4 Y5"], variants=["professional"], missions=["m11", "m01"],
              intel=[1, 3, 1, 1])  # fmt: skip
    t.trick(PLAY)
    assert t.result["ending"] == "professional_revealed"
    assert t.result["winners"] == ["agents"] and t.result["winning_seats"] == [0, 2, 3]


def test_professional_wins_when_every_other_player_is_revealed(table):
    t = table("agent professional agent agent", hands=HANDS, variants=["professional"],
              missions=["m01", "m02"], intel=[3, 1, 4, 4])  # fmt: skip
    t.state.revealed[2] = t.state.revealed[3] = True
    t.trick(PLAY)
    assert t.result["ending"] == "all_revealed"
    assert t.result["winners"] == ["professional"] and t.result["winning_seats"] == [1]


def test_with_the_professional_revealed_players_do_not_vote(table):
    t = table("agent professional agent agent", hands=HANDS, variants=["professional"],
              missions=["m01", "m02"], intel=[1, 1, 1, 4])  # fmt: skip
    t.state.revealed[3] = True
    t.trick(PLAY)
    assert t.state.voters == [0, 1, 2]
    t.vote({0: 1, 1: 0, 2: 1})
    assert t.result["ending"] == "caught" and t.result["winners"] == ["agents"]


def test_accomplice_who_picks_tim_shady_to_his_right_makes_a_loop_that_both_lose(table):
    t = table("insider accomplice tim_shady agent", hands=HANDS, missions=["m01", "m02"])
    t.act(1, {"type": "accomplice_pick", "seat": 2})
    for result in (outcome.OUTCOME_AGENTS, outcome.OUTCOME_TRAITOR):
        results = outcome.seat_results(t.state, result)
        assert results[1] is False and results[2] is False


def test_microphone_rule_comes_before_the_agents_mission_target(table):
    t = table("insider agent microphone agent", hands=["G5 B6 B1 B2", "G8 Y1 R1 R2",
              "G9 Y2 G1 G2", "G3 Y4 Y5 Y6"], missions=["m13", "m01"])  # fmt: skip
    t.state.completed = ["m02", "m03", "m04", "m05", "m06", "m07"]
    t.trick("G5 G8 G9 G3")  # one suit: the mission holds and the 7th completes, but G9 wins
    assert t.view(None)["tricks"][0]["completed"]
    assert t.result["ending"] == "microphone" and t.result["winners"] == ["insider"]

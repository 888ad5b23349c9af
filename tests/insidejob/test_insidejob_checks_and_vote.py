"""The checks after each trick, in order, and the final vote."""

FOUR = "insider agent agent agent"
# Three cards each with four players: after one trick the hands are at 2 cards, the vote.
HANDS = ["B5 B6 B1", "R7 Y1 R1", "G7 Y2 G1", "Y3 Y4 Y5"]
# Five cards each: a trick without the vote.
LONG = ["B5 B6 B1 B2 B3", "R7 Y1 R1 R2 R3", "G7 Y2 G1 G2 G3", "Y3 Y4 Y5 Y6 Y7"]


def test_the_insider_reaching_the_intel_target_wins_even_when_the_agents_finish_too(table):
    t = table(FOUR, hands=LONG, missions=["m01", "m02"], intel=[4, 1, 1, 1])
    t.state.completed = ["m03", "m04", "m05", "m06", "m07", "m08"]  # one short of 7
    t.trick("B5 R7 G7 Y3")  # m01 all odd holds; B5 wins on Blue trump
    assert t.state.phase == "over"
    assert t.view(None)["tricks"][0]["completed"]
    assert t.result["ending"] == "intel"
    assert t.result["winners"] == ["insider"] and t.result["winning_seats"] == [0]


def test_the_agents_win_at_their_mission_target(table):
    t = table("agent insider agent agent", hands=LONG, missions=["m01", "m02"])
    t.state.completed = ["m03", "m04", "m05", "m06", "m07", "m08"]
    t.trick("B5 R7 G7 Y3")
    assert t.result["ending"] == "missions"
    assert t.result["winners"] == ["agents"] and t.result["winning_seats"] == [0, 2, 3]
    assert t.view(1)["result"]["roles"][1] == "insider"
    assert t.view(None)["revealed"] == ["agent", "insider", "agent", "agent"]  # all shown at end


def test_an_agent_reaching_the_insiders_target_is_revealed_and_stops_wagering(table):
    t = table(FOUR, hands=LONG, variants=["wagers"], missions=["m01", "m02"], intel=[1, 1, 1, 4])
    t.trick("B5 R7 G7 Y7", wagers={3})  # a wagered Y7 beats the Blue 5: 3 takes 1 + its token
    public = t.view(None)
    assert public["tricks"][-1]["winner"] == 3
    assert public["intel"][3] == 5 and public["revealed"] == [None, None, None, "agent"]
    assert public["tricks"][-1]["revealed"] == [3]
    assert t.view(3)["me"]["wager_refusal"] == "revealed"


def test_the_vote_comes_at_the_final_hand_size_all_at_once_and_stays_secret_until_counted(table):
    t = table(FOUR, hands=HANDS, missions=["m01", "m02"])
    t.trick("B5 R7 G7 Y3")
    assert t.state.phase == "vote"
    assert t.view(None)["hand_sizes"] == [2, 2, 2, 2]
    assert t.state.vote is None
    assert set(t.state.voters) == {0, 1, 2, 3}
    t.act(2, {"type": "vote", "seat": 0})
    assert set(GAME_expected(t)) == {0, 1, 3}
    assert t.view(None)["voted"] == [2]
    assert "ballots" not in str(t.view(1))
    assert t.view(2)["me"]["vote"]["cast"] == [0]
    assert t.view(1)["me"]["vote"]["cast"] is None
    t.refuse(2, {"type": "vote", "seat": 1}, "not_your_turn")  # a vote is final
    t.refuse(1, {"type": "vote", "seat": 1}, "cannot_vote_for_self")
    t.refuse(1, {"type": "vote", "seat": 9}, "not_a_seat")
    t.refuse(1, {"type": "vote", "seats": [0, 2]}, "vote_count")
    t.refuse(1, {"type": "vote"}, "bad_field")
    t.refuse(1, {"type": "play", "card": "R1"}, "wrong_phase")
    t.vote({0: 1, 1: 0, 3: 0})
    assert t.result["ending"] == "caught" and t.result["winners"] == ["agents"]
    assert t.view(None)["vote"]["tally"] == [3, 1, 0, 0]
    assert t.view(None)["vote"]["ballots"] == {"0": [1], "1": [0], "2": [0], "3": [0]}
    t.refuse(1, {"type": "vote", "seat": 0}, "game_over")


def GAME_expected(t):
    from engine.insidejob import GAME

    return GAME.expected_seats(t.state)


def test_a_tie_for_the_most_votes_lets_the_insider_win(table):
    t = table(FOUR, hands=HANDS, missions=["m01", "m02"])
    t.trick("B5 R7 G7 Y3")
    t.vote({0: 1, 1: 0, 2: 0, 3: 1})
    assert t.result["ending"] == "missed" and t.result["winners"] == ["insider"]


def test_nobody_votes_for_a_revealed_player(table):
    t2 = table(FOUR, hands=HANDS, missions=["m01", "m02"], intel=[1, 1, 1, 5])
    t2.state.revealed[3] = True
    t2.trick("B5 R7 G7 Y3")
    error = t2.refuse(1, {"type": "vote", "seat": 3}, "cannot_vote_for_revealed")
    assert error.facts == {"seat": 3}
    assert t2.view(1)["me"]["vote"]["candidates"] == [0, 2]
    t2.vote({0: 1, 1: 0, 2: 0, 3: 0})  # a revealed plain Agent still votes
    assert t2.result["ending"] == "caught"


def test_a_player_with_nobody_left_to_name_does_not_vote(table):
    t = table("insider agent agent", hands=["B5 B6 B1", "R7 Y1 R1", "G7 Y2 G1"],
              missions=["m01", "m02"], intel=[1, 6, 6])  # fmt: skip
    t.state.revealed[1] = t.state.revealed[2] = True
    t.trick("B5 R7 G7")
    assert t.state.voters == [1, 2]
    assert t.view(0)["me"]["vote"]["refusal"] == "no_candidates"
    assert t.refuse(0, {"type": "vote", "seat": 1}, "not_your_turn").facts == {"waiting": [1, 2]}
    t.vote({1: 0, 2: 0})
    assert t.result["ending"] == "caught"


def test_when_nobody_may_vote_the_insider_escapes(table):
    t = table("insider accomplice tim_shady sleeping", hands=["B5 B6 B1", "R7 Y1 R1",
              "G7 Y2 G1", "Y3 Y4 Y5"], missions=["m01", "m02"], intel=[1, 0, 5, 5])  # fmt: skip
    t.state.revealed[2] = t.state.revealed[3] = True
    t.act(1, {"type": "accomplice_pick", "seat": 3})
    t.trick(PLAY4)
    assert t.state.voters == [] and t.result["ending"] == "missed"
    # The revealed Sleeping Agent sides with the Insider, so the Accomplice who chose it wins;
    # Tim Shady's right-hand neighbour (the Accomplice) won, so Tim Shady loses.
    assert t.result["winning_seats"] == [0, 1, 3]
    assert t.result["winners"] == ["insider", "sleeping", "accomplice"]


PLAY4 = "B5 R7 G7 Y3"

"""Every role that wins "only if" something, against the Decoy's "then everyone else loses".

The Decoy wins by the vote alone (or tied with the traitor), and then nobody else wins: not Tim
Shady whose right-hand neighbour lost, not a revealed Sleeping Agent whose Insider shares the
win. The Accomplice follows its partner whatever the ending (settled here). Tim Shady and the
Sleeping Agent keep their own rule in every other ending.
"""

# Two cards each at five players: one trick (seat 0 leads the Blue 5, Blue is trump under m01)
# and then the vote.
HANDS5 = ["B5 B1", "R7 R1", "G7 G1", "Y3 Y1", "Y4 Y2"]
PLAY5 = "B5 R7 G7 Y3 Y4"
# Three cards each at four players.
HANDS4 = ["B5 B6 B1", "R7 Y1 R1", "G7 Y2 G1", "Y3 Y4 Y5"]
PLAY4 = "B5 R7 G7 Y3"


def test_the_decoy_alone_on_top_wins_alone_and_tim_shady_loses_though_his_right_lost(table):
    # The case simulate found: Tim Shady (1) was scored a winner because seat 0 lost.
    t = table("agent tim_shady decoy insider", hands=HANDS4, missions=["m01", "m02"])
    t.trick(PLAY4)
    t.vote({0: 2, 1: 2, 2: 0, 3: 2})
    assert t.result["ending"] == "decoy"
    assert t.result["winners"] == ["decoy"] and t.result["winning_seats"] == [2]


def test_a_decoy_tie_is_won_by_the_decoy_and_the_insider_only(table):
    t = table("agent tim_shady decoy insider sleeping", hands=HANDS5, missions=["m01", "m02"])
    t.state.revealed[4] = True  # the Sleeping Agent turned: it now wins only with the Insider
    t.trick(PLAY5)
    assert t.state.voters == [0, 1, 2, 3]
    t.vote({0: 2, 1: 3, 2: 3, 3: 2})
    assert t.result["ending"] == "decoy_tie"
    assert t.result["winners"] == ["insider", "decoy"] and t.result["winning_seats"] == [2, 3]


def test_the_accomplice_of_a_winning_decoy_or_insider_wins_with_its_partner(table):
    for partner, ballots, ending in ((2, {0: 2, 1: 2, 2: 0, 3: 2}, "decoy"),
                                     (3, {0: 2, 1: 3, 2: 3, 3: 2}, "decoy_tie")):  # fmt: skip
        t = table("agent tim_shady decoy insider accomplice", hands=HANDS5,
                  missions=["m01", "m02"])  # fmt: skip
        t.act(4, {"type": "accomplice_pick", "seat": partner})
        t.trick(PLAY5)
        t.vote(ballots)
        assert t.result["ending"] == ending
        assert 4 in t.result["winning_seats"] and "accomplice" in t.result["winners"]
        assert 1 not in t.result["winning_seats"]  # Tim Shady, whose right-hand agent lost


def test_tim_shady_wins_exactly_when_his_right_loses_in_every_other_ending(table):
    # Right of Tim (1) is the Insider (0): caught -> Tim wins; missed -> Tim loses.
    for ballots, ending, tim_wins in (({1: 0, 2: 0, 3: 0, 0: 2}, "caught", True),
                                      ({1: 2, 2: 3, 3: 2, 0: 2}, "missed", False)):  # fmt: skip
        t = table("insider tim_shady agent agent", hands=HANDS4, missions=["m01", "m02"])
        t.trick(PLAY4)
        t.vote(ballots)
        assert t.result["ending"] == ending
        assert (1 in t.result["winning_seats"]) is tim_wins


def test_the_sleeping_agent_wins_hidden_with_the_agents_and_turned_with_the_insider(table):
    for turned, ballots, ending, wins in ((False, {0: 1, 1: 0, 2: 0, 3: 0}, "caught", True),
                                          (False, {0: 1, 1: 2, 2: 3, 3: 2}, "missed", False),
                                          (True, {0: 2, 2: 3, 3: 2}, "missed", True),
                                          (True, {0: 2, 2: 0, 3: 0}, "caught", False)):  # fmt: skip
        t = table("insider sleeping agent agent", hands=HANDS4, missions=["m01", "m02"])
        t.state.revealed[1] = turned
        t.trick(PLAY4)
        t.vote(ballots)
        assert t.result["ending"] == ending
        assert (1 in t.result["winning_seats"]) is wins, (turned, ending)

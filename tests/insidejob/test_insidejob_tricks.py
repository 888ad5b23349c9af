"""A trick: following suit, the Insider's freedom, who wins, Intel, the mission's result."""

FOUR = "insider agent agent agent"


def test_followers_must_follow_the_led_suit_when_they_can(table):
    t = table("agent agent agent insider", hands=["R2 B5 G9", "B7 B9 Y1", "G1 G2 G3", "Y2 Y3 Y4"],
              start=2, missions=["m11", "m01"])  # fmt: skip
    t.keep()
    t.play("G1")
    t.play("Y2")
    error = t.refuse(0, {"type": "play", "card": "B5"}, "must_follow_suit")
    assert error.facts == {"card": "B5", "suit": "green"}
    t.play("G9")
    t.play("Y1")  # seat 1 has no Green: anything goes, and nobody must trump (Red)
    assert t.view(None)["tricks"][0]["winner"] == 0


def test_the_insider_may_play_any_card_even_holding_the_led_suit(table):
    t = table("agent insider agent agent", hands=["B2 B5 G9", "B7 B9 Y1", "G1 G2 G3", "Y2 Y3 Y4"],
              missions=["m11", "m01"])  # fmt: skip
    t.keep()
    t.play("B2")
    t.play("Y1")  # the Insider holds Blue and plays Yellow
    t.play("G1")  # seat 2 has no Blue
    assert [c["card"] for c in t.view(None)["trick"]] == ["B2", "Y1", "G1"]
    # An Agent holding the suit is held to it, and the view marks only those cards playable.
    t2 = table(FOUR, hands=["B2 B5 G9", "B7 B9 Y1", "G1 G2 G3", "Y2 Y3 Y4"], start=1,
               missions=["m11", "m01"])  # fmt: skip
    t2.keep()
    t2.play("Y1")
    assert t2.view(2)["me"]["playable"] == ["G1", "G2", "G3"]
    assert t2.view(3)["me"]["playable"] == []  # not on turn
    t2.play("G1")
    assert t2.view(3)["me"]["playable"] == ["Y2", "Y3", "Y4"]
    assert t2.view(0)["me"]["playable"] == []


def test_only_the_player_on_turn_plays_and_only_a_card_in_hand(table):
    t = table(FOUR, hands=["B2 B5 G9", "B7 B9 Y1", "G1 G2 G3", "Y2 Y3 Y4"], start=1,
              missions=["m11", "m01"])  # fmt: skip
    t.refuse(1, {"type": "play", "card": "B7"}, "wrong_phase")  # the mission comes first
    t.refuse(2, {"type": "play", "card": "G1"}, "not_your_turn")
    t.refuse(2, {"type": "choose_mission", "keep": 0}, "not_your_turn")
    t.keep()
    error = t.refuse(2, {"type": "play", "card": "G1"}, "not_your_turn")
    assert error.facts == {"waiting": [1]}
    error = t.refuse(1, {"type": "play", "card": "R13"}, "not_a_card_in_hand")
    assert error.facts == {"card": "R13"}
    for bad in ({"type": "play"}, {"type": "play", "card": "X4"}, {"type": "play", "card": 7}):
        assert t.refuse(1, bad, "bad_field").facts == {"field": "card"}
    t.refuse(1, {"type": "dance"}, "unknown_action")
    t.refuse(7, {"type": "play", "card": "B7"}, "not_a_seat")
    t.refuse(1, ["play"], "bad_field")


def test_turns_go_clockwise_from_the_start_player_and_the_winner_starts_next(table):
    t = table(FOUR, hands=["B2 B5 G9 G10", "B7 B9 Y1 Y5", "G1 G2 G3 G4", "Y2 Y3 Y4 Y6"], start=3,
              missions=["m15", "m01", "m18", "m02"])  # fmt: skip
    t.keep()  # m15: no trump (Green trump)
    order = []
    for card in ["Y2", "G9", "Y1", "G1"]:
        order.append(t.state.turn)
        t.play(card)
    assert order == [3, 0, 1, 2]
    # Green is trump: G9 beats the led Yellow.
    assert t.view(None)["tricks"][0]["winner"] == 0
    assert t.view(None)["tricks"][0]["by"] == "trump"
    assert t.state.start == 0 and t.state.phase == "mission"
    assert t.view(0)["me"]["missions"][0]["id"] == "m18"


def test_highest_trump_wins_and_without_trump_the_highest_of_the_led_suit(table):
    # m20: winner is trump, trump Yellow.
    t = table(FOUR, hands=["B2 B5", "Y1 R4", "G3 G5", "R13 Y3"], start=0, missions=["m20", "m01"])
    t.trick("B2 Y1 G3 Y3")
    last = t.view(None)["tricks"][-1]
    assert (last["winner"], last["by"], last["completed"]) == (3, "trump", True)

    t = table(FOUR, hands=["B2 B5", "B7 R4", "G3 G5", "R13 Y3"], start=0, missions=["m21", "m01"])
    t.trick("B5 B7 G3 R13")  # m21: no trump (Yellow); R13 is off-suit and does not win
    last = t.view(None)["tricks"][-1]
    assert (last["winner"], last["by"], last["completed"]) == (1, "led_suit", True)


def test_winner_takes_one_intel_from_the_supply(table):
    t = table(FOUR, hands=["B2 B5", "B7 R4", "G3 G5", "R13 Y3"], missions=["m21", "m01"])
    t.trick("B5 B7 G3 R13")
    assert t.view(None)["intel"] == [1, 2, 1, 1]
    assert t.view(None)["supply"] == 14 - 5


def test_failed_and_completed_missions_are_kept_apart_and_shown_with_why(table):
    t = table(FOUR, hands=["B5 B6 B2 R1", "B7 Y1 Y7 R2", "G3 G5 G7 R3", "R13 Y3 Y5 G1"],
              missions=["m01", "m21", "m20", "m02"])  # fmt: skip
    t.trick("B5 B7 G3 R13")  # m01, all odd: holds; B7 wins on Blue trump
    t.trick("Y1 G5 Y5 B6", keep=1)  # seat 1 drew m20 and m02, keeps m02: descending fails
    public = t.view(None)
    assert [m["id"] for m in public["completed"]] == ["m01"]
    assert [m["id"] for m in public["failed"]] == ["m02"]
    first, second = public["tricks"]
    assert first["mission"]["objective"] == "all_odd" and first["completed"]
    assert second["mission"]["objective"] == "descending" and not second["completed"]
    assert [c["card"] for c in second["cards"]] == ["Y1", "G5", "Y5", "B6"]
    assert second["winner"] == 0 and second["start"] == 1
    assert public["missions_left"] == 24 - 4


def test_the_discarded_mission_is_seen_by_nobody(table):
    t = table(FOUR, hands=["B2 B5", "B7 Y1", "B13 G3", "R13 Y3"], missions=["m21", "m07"])
    assert [m["id"] for m in t.view(0)["me"]["missions"]] == ["m21", "m07"]
    assert t.view(1)["me"]["missions"] is None
    t.keep(0)
    for seat in (None, 0, 1, 2, 3):
        assert "m07" not in str(t.view(seat))
    assert t.view(None)["mission"]["id"] == "m21"


def test_a_phone_marks_the_same_cards_for_the_insider_as_for_an_agent_in_its_place(table):
    """The Insider may play anything, but its phone marks only the cards that follow suit, as an
    Agent's would: a glance at the screen must not tell who the Insider is."""
    hands = ["B2 B5 G9", "Y2 Y3 Y4", "G1 G2 G3", "B7 B9 Y1"]
    insider = table(FOUR, hands=hands, start=3, missions=["m11", "m01"])
    agent = table("agent agent agent insider", hands=hands, start=3, missions=["m11", "m01"])
    for t in (insider, agent):
        t.keep()
        t.play("B7")  # seat 3 leads Blue; seat 0, holding Blue, is on turn
    assert insider.view(0)["me"]["playable"] == ["B2", "B5", "G9"]
    assert agent.view(0)["me"]["playable"] == ["B2", "B5"]
    marked = ["B2", "B5"]
    assert insider.view(0)["me"]["follow_suit"] == agent.view(0)["me"]["follow_suit"] == marked
    assert insider.view(2)["me"]["follow_suit"] == []  # not on turn

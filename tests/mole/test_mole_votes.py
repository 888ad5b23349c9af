"""Proposals, Boss rotation, simultaneous named votes, the approval threshold and the Patrol."""


def test_boss_proposes_a_team_of_the_lock_size_and_may_include_themselves(five):
    five.propose([0, 4])
    view = five.view(None)
    assert view["phase"] == "vote"
    assert view["team"] == [0, 4]
    assert view["boss"] == 0


def test_team_must_have_exactly_the_lock_size(five):
    error = five.refuse(0, {"type": "propose", "team": [0, 1, 2]}, "team_size")
    assert error.facts == {"expected": 2, "given": 3}
    five.refuse(0, {"type": "propose", "team": [3]}, "team_size")


def test_team_seats_must_be_distinct_and_exist(five):
    error = five.refuse(0, {"type": "propose", "team": [3, 3]}, "duplicate_seat")
    assert error.facts == {"seat": 3}
    error = five.refuse(0, {"type": "propose", "team": [1, 5]}, "not_a_seat")
    assert error.facts == {"seat": 5}
    five.refuse(0, {"type": "propose", "team": [1, -1]}, "not_a_seat")
    five.refuse(0, {"type": "propose", "team": [1, "2"]}, "bad_field")
    five.refuse(0, {"type": "propose", "team": [1, True]}, "bad_field")
    five.refuse(0, {"type": "propose", "team": "0,1"}, "bad_field")
    five.refuse(0, {"type": "propose"}, "bad_field")


def test_only_the_boss_proposes(five):
    error = five.refuse(2, {"type": "propose", "team": [0, 1]}, "not_your_turn")
    assert error.facts == {"waiting": [0]}


def test_boss_passes_clockwise_after_every_proposal_approved_or_not(new_table):
    table = new_table("five", first_boss=3)
    table.reject([0, 1])
    assert table.state.boss == 4
    table.reject([0, 1])
    assert table.state.boss == 0
    table.run_lock([0, 1])
    assert table.state.boss == 1
    assert [p["boss"] for p in table.view(None)["proposals"]] == [3, 4, 0]


def test_votes_are_hidden_until_the_last_one_then_shown_with_names(five):
    five.propose([0, 1])
    five.act(2, {"type": "vote", "approve": False})
    five.act(0, {"type": "vote", "approve": True})
    public = five.view(None)
    assert public["voted"] == [0, 2]
    assert public["proposals"] == []
    assert five.view(2)["me"]["vote"] is False
    assert five.view(1)["me"]["vote"] is None
    for seat in (1, 3, 4):
        five.act(seat, {"type": "vote", "approve": True})
    assert five.view(None)["proposals"] == [
        {
            "lock": 0,
            "boss": 0,
            "team": [0, 1],
            "votes": [True, True, False, True, True],
            "approved": True,
        }
    ]


def test_a_vote_is_final_once_sent(five):
    five.propose([0, 1])
    five.act(1, {"type": "vote", "approve": True})
    five.refuse(1, {"type": "vote", "approve": False}, "not_your_turn")
    five.refuse(1, {"type": "vote", "approve": True}, "not_your_turn")


def test_a_vote_must_be_true_or_false(five):
    five.propose([0, 1])
    five.refuse(1, {"type": "vote", "approve": "yes"}, "bad_field")
    five.refuse(1, {"type": "vote", "approve": 1}, "bad_field")
    five.refuse(1, {"type": "vote"}, "bad_field")


def test_approved_with_exactly_the_approvals_needed(seven):
    table = seven  # 7 players: 4 approvals needed
    table.propose([0, 1])
    table.vote([0, 1, 2, 3])
    assert table.state.phase == "cards"


def test_one_approval_short_rejects(seven):
    table = seven
    table.propose([0, 1])
    table.vote([0, 1, 2])
    assert table.state.phase == "propose"
    assert table.view(None)["rejections"] == 1


def test_a_tie_rejects(new_table):
    table = new_table("six")  # 4 approvals needed of 6
    table.propose([0, 1])
    table.vote([0, 1, 2])
    assert table.view(None)["proposals"][-1]["approved"] is False
    assert table.state.phase == "propose"


def test_third_rejection_in_a_row_blows_the_lock_by_patrol_without_cards_or_file(five):
    five.reject()
    five.reject()
    assert five.view(None)["rejections"] == 2
    five.reject()
    view = five.view(None)
    assert view["locks"][0] == {
        "team_size": 2,
        "result": "blown",
        "by": "patrol",
        "sabotages": None,
        "cards": None,
    }
    assert view["rejections"] == 0
    assert view["lock"] == 1
    assert view["phase"] == "propose"
    five.reject()  # a voting turn: any file would be readable now
    assert all(five.view(seat)["me"]["file"] == [] for seat in range(5))


def test_rejection_track_resets_when_a_lock_is_resolved(five):
    five.reject()
    five.reject()
    five.run_lock([0, 1])
    assert five.view(None)["rejections"] == 0
    five.reject()
    five.reject()
    assert five.state.locks[1].result is None  # two more rejections are not three in a row


def test_three_patrols_win_for_the_moles(five):
    for _ in range(9):
        five.reject()
    result = five.view(None)["result"]
    assert (result["winner"], result["reason"]) == ("moles", "locks_blown")
    assert five.state.phase == "over"


def test_voting_or_proposing_out_of_phase_is_refused(five):
    # Only a seat that may act now hears wrong_phase; any other hears not_your_turn first.
    five.refuse(1, {"type": "vote", "approve": True}, "not_your_turn")
    error = five.refuse(0, {"type": "vote", "approve": True}, "wrong_phase")
    assert error.facts == {"phase": "propose", "type": "vote"}
    five.propose([0, 1])
    five.refuse(1, {"type": "propose", "team": [0, 1]}, "wrong_phase")
    five.refuse(0, {"type": "play", "card": "clean"}, "wrong_phase")
    five.refuse(0, {"type": "mark", "target": 1}, "wrong_phase")
    five.refuse(0, {"type": "confirm"}, "wrong_phase")

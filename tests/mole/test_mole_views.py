"""The view shapes the host, the TV and the phone are built against (docs/engine-contract.md)."""

import json

import pytest

from engine.mole import GAME

PUBLIC_KEYS = {
    "game", "players", "variants", "seat", "phase", "locks", "lock", "to_open", "to_blow",
    "boss", "approvals_needed", "rejections", "patrol_at", "team", "voted", "played",
    "proposals", "getaway", "result",
}  # fmt: skip
ME_KEYS = {
    "role", "side", "knows", "sabotages_left", "file", "can_act", "vote", "card", "hand",
    "mark", "marked", "confirmed", "tally",
}  # fmt: skip
RESULT_KEYS = {
    "winners", "ending", "winning_seats", "winner", "reason", "accused", "protected", "roles",
    "plays", "marks", "alibis",
}  # fmt: skip


def test_public_and_seat_views_have_exactly_the_contract_keys_in_every_phase(five):
    seen_phases = set()

    def check():
        public = five.view(None)
        seen_phases.add(public["phase"])
        assert set(public) == PUBLIC_KEYS and public["seat"] is None
        assert json.loads(json.dumps(public)) == public
        for seat in range(5):
            mine = five.view(seat)
            assert set(mine) == PUBLIC_KEYS | {"me"} and mine["seat"] == seat
            assert set(mine["me"]) == ME_KEYS
            assert json.loads(json.dumps(mine)) == mine

    check()
    five.propose([0, 1])
    check()
    five.vote(range(5))
    check()
    five.play()
    five.open_locks(2)
    check()
    five.mark_all({0: 1, 3: 1})
    check()
    assert seen_phases == {"propose", "vote", "cards", "getaway", "over"}
    assert set(five.view(None)["result"]) == RESULT_KEYS


def test_locks_and_proposals_read_as_the_contract_shows(seven):
    seven.reject([0, 2])
    seven.run_lock([1, 2], saboteurs=[1])
    view = seven.view(None)
    assert view["proposals"][0] == {
        "lock": 0, "boss": 0, "team": [0, 2], "votes": [False] * 7, "approved": False
    }  # fmt: skip
    lock = view["locks"][0]
    assert (lock["team_size"], lock["result"], lock["by"], lock["sabotages"]) == (
        2, "blown", "cards", 1
    )  # fmt: skip
    assert view["locks"][1] == {
        "team_size": 2, "result": None, "by": None, "sabotages": None, "cards": None
    }  # fmt: skip
    assert (view["lock"], view["boss"], view["to_open"], view["to_blow"]) == (1, 2, 3, 3)


def test_a_view_for_a_seat_not_at_the_table_is_an_error(five):
    with pytest.raises(ValueError):
        GAME.view(five.state, 5)


def test_can_act_follows_the_expected_seats(five):
    assert [five.view(s)["me"]["can_act"] for s in range(5)] == [True, False, False, False, False]
    five.propose([0, 1])
    five.act(3, {"type": "vote", "approve": True})
    assert [five.view(s)["me"]["can_act"] for s in range(5)] == [True, True, True, False, True]

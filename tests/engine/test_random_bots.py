"""The random bots draw straight from the view (no list of every team; no draw for a forced
Inside Job move): still every legal choice, each as often as the others."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine.insidejob.bots import random_bot as insidejob_random
from engine.insidejob.vocabulary import PHASE_ACCOMPLICE, PHASE_PLAY, PHASE_VOTE
from engine.mole.bots import random_bot as mole_random
from engine.mole.vocabulary import GETAWAY, PROPOSE
from engine.rng import Rng

DRAWS = 3000


def proposal_view(players: int, size: int) -> dict:
    return {"phase": PROPOSE, "players": players, "locks": [{"team_size": size}], "lock": 0}


def test_a_random_team_is_any_team_of_the_lock_s_size_as_often_as_any_other():
    for players, size in ((5, 2), (10, 5), (7, 3)):
        rng = Rng(players)
        drawn = Counter(
            tuple(mole_random(proposal_view(players, size), rng)["team"]) for _ in range(DRAWS)
        )
        teams = set(combinations(range(players), size))
        assert set(drawn) <= teams
        expected = DRAWS / len(teams)
        if len(teams) <= 35:  # few enough teams to see each of them often
            assert set(drawn) == teams
            assert all(0.6 * expected < count < 1.4 * expected for count in drawn.values())
        else:  # 252 teams of 5 among 10: most show up, none far too often
            assert len(drawn) > 0.9 * len(teams) and max(drawn.values()) < 5 * expected


def test_a_random_team_is_a_fresh_list_each_time():
    rng = Rng(1)
    first = mole_random(proposal_view(5, 2), rng)["team"]
    first.append(99)  # the caller's own: the next team is not touched
    assert all(99 not in mole_random(proposal_view(5, 2), rng)["team"] for _ in range(50))


def getaway_view(players: int, marked: bool) -> dict:
    return {"phase": GETAWAY, "players": players, "me": {"marked": marked}}


def test_a_getaway_move_marks_anyone_or_nobody_and_confirms_only_a_mark_half_the_time():
    rng = Rng(5)
    unmarked = Counter(
        str(mole_random(getaway_view(6, marked=False), rng).get("target", "confirm"))
        for _ in range(DRAWS)
    )
    targets = {*map(str, range(6)), "None"}
    assert set(unmarked) == targets  # never a confirm without a mark
    assert all(0.7 * DRAWS / 7 < count < 1.3 * DRAWS / 7 for count in unmarked.values())
    marked = Counter(mole_random(getaway_view(6, marked=True), rng)["type"] for _ in range(DRAWS))
    assert 0.45 * DRAWS < marked["confirm"] < 0.55 * DRAWS
    assert set(marked) == {"confirm", "mark"}


def test_a_forced_inside_job_move_draws_nothing():
    views = [
        {"phase": PHASE_PLAY, "me": {"playable": ["S7"]}},
        {"phase": PHASE_ACCOMPLICE, "me": {"pick_from": [2]}},
        {"phase": PHASE_VOTE, "me": {"vote": {"candidates": [3], "votes": 1}}},
    ]
    expected = [
        {"type": "play", "card": "S7"},
        {"type": "accomplice_pick", "seat": 2},
        {"type": "vote", "seat": 3},
    ]
    rng = Rng(9)
    for view, action in zip(views, expected, strict=True):
        assert insidejob_random(view, rng) == action
    assert rng == Rng(9)  # the generator untouched


def test_an_inside_job_card_is_any_playable_card_as_often_as_any_other():
    rng = Rng(2)
    view = {"phase": PHASE_PLAY, "me": {"playable": ["S2", "S9", "H4", "D13"]}}
    drawn = Counter(insidejob_random(view, rng)["card"] for _ in range(DRAWS))
    assert set(drawn) == {"S2", "S9", "H4", "D13"}
    assert all(0.8 * DRAWS / 4 < count < 1.2 * DRAWS / 4 for count in drawn.values())

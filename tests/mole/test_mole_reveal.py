"""The grand reveal's facts are all in the final public view (each lock's proposals with named
votes, the team and who played which card, the file's alibis, the Getaway marks and the Driver's
protection), agree with the record, and appear in no view before the end."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.mole import GAME
from engine.rng import Rng

REVEAL_ONLY = {"plays", "alibis", "marks", "protected", "accused", "roles"}
SETUPS = [(5, []), (6, ["snitch"]), (7, ["quick"]), (10, ["vault"])]


def keys_anywhere(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_anywhere(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_anywhere(item) for item in value))
    return set()


def finished(players: int, variants: list[str], seed: int, bot: str) -> Any:
    state = GAME.new_game(GAME.make_config(players=players, variants=variants), seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        for seat in [None, *range(players)]:
            board = GAME.view(state, seat)
            assert board["result"] is None
            assert not keys_anywhere(board) & REVEAL_ONLY, seat
        seat = min(GAME.expected_seats(state))
        GAME.apply(state, seat, GAME.bots[bot](state, seat, rng))
    return state


def test_the_final_public_view_holds_everything_the_reveal_shows():
    endings, alibis = Counter(), 0
    for seed, (players, variants) in enumerate(SETUPS * 4):
        for bot in ("random", "smart"):
            state = finished(players, variants, seed, bot)
            final, record = GAME.view(state, None), GAME.record(state)
            result = final["result"]
            endings[result["ending"]] += 1
            assert result["roles"] == record["roles"]
            assert final["proposals"] == record["proposals"]  # named votes, team, approval
            for proposal in final["proposals"]:
                assert len(proposal["votes"]) == players
                assert all(type(vote) is bool for vote in proposal["votes"])
            plays = {entry["lock"]: entry["cards"] for entry in result["plays"]}
            for lock in record["locks"]:
                if lock["by"] != "cards":
                    assert lock["lock"] not in plays
                    continue
                team = [p["team"] for p in final["proposals"] if p["lock"] == lock["lock"]][-1]
                assert sorted(int(s) for s in plays[lock["lock"]]) == team == lock["team"]
                assert plays[lock["lock"]] == lock["cards"]
                shown = final["locks"][lock["lock"]]["cards"]
                assert Counter(plays[lock["lock"]].values()) == Counter(shown)
            files = [{"lock": f["lock"], "seat": f["alibi"]} for f in record["files"]]
            assert result["alibis"] == files
            alibis += len(result["alibis"])
            assert result["marks"] == record["marks"]
            if result["marks"]:  # the Getaway was played: the Driver's mark is its protection
                assert len(result["marks"]) == players
                driver = result["roles"].index("driver")
                assert result["protected"] == result["marks"][driver]
            else:
                assert result["protected"] is None
            assert all(GAME.view(state, s)["result"] == result for s in range(players))
    assert endings["locks_blown"] and (endings["escape"] or endings["contact_found"])
    assert alibis  # some game had a file to show

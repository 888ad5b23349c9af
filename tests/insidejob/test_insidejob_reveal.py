"""The grand reveal's facts: once the game is over, the result says for every card of every
trick whether its player led, followed, could not follow or chose not to; never before."""

from __future__ import annotations

from typing import Any

from engine.insidejob import GAME
from engine.insidejob.vocabulary import CARD_BY_NAME, FOLLOWS, TRAITORS, suit_of
from engine.rng import Rng

SETUPS = [
    (3, []),
    (4, ["wagers"]),
    (5, ["wagers", "professional", "accomplice"]),
    (5, ["wagers", "decoy", "sleeping", "microphone"]),
]


def keys_anywhere(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(keys_anywhere(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_anywhere(item) for item in value))
    return set()


def play(players: int, variants: list[str], seed: int, bot: str) -> tuple[Any, list[list[str]]]:
    """A game to its end, and the follow facts an observer of the hands wrote down as each
    card was played; every view before the end is checked to hold none of them."""
    state = GAME.new_game(GAME.make_config(players=players, variants=variants), seed)
    rng, noted = Rng(seed), []
    while not GAME.is_over(state):
        for seat in [None, *range(players)]:
            board = GAME.view(state, seat)
            assert board["result"] is None and "follow" not in keys_anywhere(board)
        seat = min(GAME.expected_seats(state))
        action = GAME.bots[bot](state, seat, rng)
        if action["type"] == "play":
            card = CARD_BY_NAME[action["card"]]
            if not state.trick_cards:
                noted.append(["led"])
            else:
                led = suit_of(state.trick_cards[0])
                held = any(suit_of(c) == led for c in state.hands[seat])
                noted[-1].append(
                    "followed" if suit_of(card) == led else "chose_not" if held else "could_not"
                )
        GAME.apply(state, seat, action)
    return state, noted


def test_the_result_tells_how_every_card_answered_the_led_suit():
    seen = set()
    for seed, (players, variants) in enumerate(SETUPS * 3):
        for bot in ("random", "smart"):
            state, noted = play(players, variants, seed, bot)
            final = GAME.view(state, None)
            follow = final["result"]["follow"]
            assert follow == noted
            assert [len(row) for row in follow] == [len(t["cards"]) for t in final["tricks"]]
            roles = final["result"]["roles"]
            for trick, row in zip(final["tricks"], follow, strict=True):
                for card, fact in zip(trick["cards"], row, strict=True):
                    assert fact in FOLLOWS
                    if fact == "chose_not":  # the Agents' rule binds everyone else
                        assert roles[card["seat"]] in TRAITORS
            assert all(GAME.view(state, s)["result"] == final["result"] for s in range(players))
            seen.update(fact for row in follow for fact in row)
    assert seen == set(FOLLOWS)  # every kind happened, so none is vacuous


def test_a_rigged_trick_shows_each_kind_only_once_the_vote_is_counted(table):
    # Blue is led; the Insider holds Blue and plays Yellow; seat 2 holds no Blue; seat 3 follows.
    t = table("agent insider agent agent", hands=["B2 B5 G9", "B7 B9 Y1", "G1 G2 G3", "B3 Y3 Y4"],
              missions=["m11", "m01"])  # fmt: skip
    t.trick("B2 Y1 G1 B3")
    assert t.state.phase == "vote"
    assert "follow" not in keys_anywhere(t.view(None)) and t.view(1)["result"] is None
    t.vote({0: 2, 1: 0, 2: 1, 3: 1})
    assert t.view(None)["result"]["follow"] == [["led", "chose_not", "could_not", "followed"]]

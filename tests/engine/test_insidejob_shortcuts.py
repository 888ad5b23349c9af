"""Shortcuts Inside Job takes on every move must keep standing for what they replace, at every
state of a game: a hand's names by suit (state.Hand) are those of the ids the rules play, and
``state.turn``, unless it is NO_TURN, is the only seat that may act (apply lets it through
without asking may_act)."""

from __future__ import annotations

import pytest

from engine.actions import NO_TURN
from engine.errors import MalformedAction
from engine.insidejob import GAME
from engine.insidejob.rules import legal_cards, may_act
from engine.insidejob.state import Hand
from engine.insidejob.vocabulary import CARD_NAMES, PHASE_OVER, PHASE_PLAY, PHASE_VOTE
from engine.rng import Rng

SETUPS = [
    (3, []),
    (5, ["wagers", "risky", "decoy", "tim_shady"]),
    (4, ["wagers", "professional"]),
    (5, ["accomplice", "paranoid", "microphone"]),
]


def every_state(players, variants, seed):
    config = GAME.make_config(players=players, variants=variants)
    state, rng = GAME.new_game(config, seed), Rng(seed)
    yield state
    while not GAME.is_over(state):
        seat = sorted(GAME.expected_seats(state))[-1]
        GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
        yield state


def test_the_seat_on_turn_is_the_only_one_that_may_act_and_no_turn_is_the_vote_or_the_end():
    phases = set()
    for seed, (players, variants) in enumerate(SETUPS * 3):
        for state in every_state(players, variants, seed):
            expected = GAME.expected_seats(state)
            for seat in range(-2, players + 2):
                assert may_act(state, seat) == (seat in expected)
            if state.turn == NO_TURN:
                assert state.phase in (PHASE_VOTE, PHASE_OVER)
            else:
                assert expected == {state.turn}
            phases.add(state.phase)
    assert {PHASE_VOTE, PHASE_OVER} <= phases


def test_the_names_a_view_shows_are_the_cards_held_at_every_state():
    for seed, (players, variants) in enumerate(SETUPS * 3):
        config = GAME.make_config(players=players, variants=variants)
        state, rng = GAME.new_game(config, seed), Rng(seed)
        while True:
            for seat in range(players):
                hand = state.hands[seat]
                assert type(hand) is Hand
                me = GAME.view(state, seat)["me"]
                assert me["hand"] == [CARD_NAMES[card] for card in hand]
                if state.phase == PHASE_PLAY and seat == state.turn:
                    assert me["playable"] == [CARD_NAMES[c] for c in legal_cards(state, seat)]
            if GAME.is_over(state):
                break
            seat = sorted(GAME.expected_seats(state))[0]
            GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))


def test_a_hand_set_as_a_plain_list_is_named_from_its_ids():
    state = GAME.new_game(GAME.make_config(players=3), 4)
    while state.phase != PHASE_PLAY:
        seat = min(GAME.expected_seats(state))
        GAME.apply(state, seat, GAME.bots["random"](state, seat, Rng(1)))
    seat = state.turn
    state.hands[seat] = sorted(state.hands[seat])[1:]  # as tests set hands: a plain list
    me = GAME.view(state, seat)["me"]
    assert me["hand"] == [CARD_NAMES[card] for card in state.hands[seat]]
    assert me["playable"] == [CARD_NAMES[c] for c in legal_cards(state, seat)]
    action = GAME.bots["random"](state, seat, Rng(2))
    GAME.apply(state, seat, action)
    assert CARD_NAMES.index(action["card"]) not in state.hands[seat]


def test_no_turn_is_refused_as_no_seat_in_the_vote():
    votes = 0
    for seed, (players, variants) in enumerate(SETUPS * 2):
        for state in every_state(players, variants, seed):
            if state.phase != PHASE_VOTE:
                continue
            before = GAME.snapshot(state)
            with pytest.raises(MalformedAction) as refused:
                GAME.apply(state, NO_TURN, {"type": "vote", "seat": 0})
            assert refused.value.code == "not_a_seat"
            assert GAME.snapshot(state) == before
            votes += 1
    assert votes > 0

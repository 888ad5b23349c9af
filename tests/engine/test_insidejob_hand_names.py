"""An Inside Job hand keeps its cards' names by suit beside the ids (state.Hand): the names a
view shows must stay those of the ids the rules play, at every state of a game."""

from __future__ import annotations

from engine.insidejob import GAME
from engine.insidejob.rules import legal_cards
from engine.insidejob.state import Hand
from engine.insidejob.vocabulary import CARD_NAMES, PHASE_PLAY
from engine.rng import Rng

SETUPS = [(3, []), (5, ["wagers", "risky", "decoy", "tim_shady"]), (4, ["wagers", "professional"])]


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

"""Mole in the Crew: a crew opens vault locks while hidden Moles sabotage, then the Getaway.

The rules are in ``docs/rules-mole.md``; the interface is ``GAME`` (see ``engine.registry``).
"""

from __future__ import annotations

from engine.mole.bots import BOTS
from engine.mole.config import MAX_PLAYERS, MIN_PLAYERS, config_from_json, make_config
from engine.mole.rules import apply, expected_seats, is_over, legal_actions, may_act
from engine.mole.state import new_state, snapshot
from engine.mole.views import (
    hidden_seats,
    lazy_view,
    record,
    replay_steps,
    round_of,
    seat_part,
    view,
)
from engine.mole.vocabulary import GAME_NAME, VARIANTS
from engine.registry import GameRules, seat_bots

GAME = GameRules(
    name=GAME_NAME,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    variants=VARIANTS,
    make_config=make_config,
    config_from_json=config_from_json,
    new_game=new_state,
    expected_seats=expected_seats,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    seat_part=seat_part,
    is_over=is_over,
    record=record,
    bots=seat_bots(lazy_view, expected_seats, may_act, BOTS),
    snapshot=snapshot,
    round_of=round_of,
    hidden_seats=hidden_seats,
    replay_steps=replay_steps,
)

__all__ = ["GAME"]

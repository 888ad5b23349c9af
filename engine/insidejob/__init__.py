"""Inside Job: a trick-taking game with a hidden Insider, as a pure engine.

Laid out like every game here: vocabulary, config, state (and the deal), rules (with missions.py
for the objectives and outcome.py for the vote and who wins), views, bots. Rules:
docs/rules-inside-job.md.
"""

from __future__ import annotations

from engine.insidejob.bots import BOTS
from engine.insidejob.config import MAX_PLAYERS, MIN_PLAYERS, config_from_json, make_config
from engine.insidejob.rules import apply, expected_seats, is_over, legal_actions
from engine.insidejob.state import State, new_state
from engine.insidejob.views import (
    acting_view,
    hidden_seats,
    record,
    replay_steps,
    round_of,
    seat_part,
    view,
)
from engine.insidejob.vocabulary import GAME_NAME, VARIANTS
from engine.registry import GameRules, acting_seat_bots


def snapshot(state: State) -> tuple[object, ...]:
    return state.snapshot()


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
    bots=acting_seat_bots(acting_view, BOTS),
    snapshot=snapshot,
    round_of=round_of,
    hidden_seats=hidden_seats,
    replay_steps=replay_steps,
)

__all__ = ["GAME", "make_config"]

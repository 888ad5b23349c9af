"""Inside Job: a trick-taking game with a hidden Insider, as a pure engine.

Laid out like every game here: vocabulary, config, state, rules (with missions.py for the
objectives and outcome.py for the vote and who wins), views, bots. Rules: docs/rules-inside-job.md.
"""

from __future__ import annotations

from engine.insidejob import rules, views
from engine.insidejob.bots import BOTS
from engine.insidejob.config import config_from_json, make_config
from engine.insidejob.vocabulary import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from engine.registry import GameRules

GAME = GameRules(
    name="insidejob",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    variants=VARIANTS,
    make_config=make_config,
    config_from_json=config_from_json,
    new_game=rules.new_game,
    expected_seats=rules.expected_seats,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    view=views.view,
    is_over=rules.is_over,
    record=views.record,
    bots=BOTS,
    snapshot=lambda state: state.snapshot(),
)

__all__ = ["GAME", "make_config"]

"""The games by name, and the one interface the host, the simulator and the tests use.

Each game package exposes a module-level ``GAME`` built from :class:`GameRules`. The host never
reaches into a game's state: it calls these functions and sends what ``view`` returns.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.errors import InvalidConfig

State = Any
Config = Any
Action = dict[str, Any]
Seat = int


@dataclass(frozen=True)
class GameRules:
    """A game as plain functions. Actions and views are JSON-ready dicts; seats are 0..n-1."""

    name: str
    min_players: int
    max_players: int
    # The options a lobby may offer, in display order.
    variants: tuple[str, ...]
    make_config: Callable[..., Config]  # make_config(players=N, variants=[...]) -> validated
    config_from_json: Callable[[dict[str, Any]], Config]
    new_game: Callable[[Config, int], State]  # (config, seed) -> state after the deal
    expected_seats: Callable[[State], frozenset[Seat]]  # seats that may act now
    legal_actions: Callable[[State, Seat], list[Action]]  # every legal action of that seat
    apply: Callable[[State, Seat, Action], None]  # mutates; on error raises, state untouched
    view: Callable[[State, Seat | None], dict[str, Any]]  # None: the public board
    is_over: Callable[[State], bool]
    record: Callable[[State], dict[str, Any]]  # the complete record of a finished game
    bots: dict[str, Callable[[State, Seat, Any], Action]]  # name -> (state, seat, rng) -> action
    snapshot: Callable[[State], Any]  # a comparable deep copy, for "state unchanged" checks


_MODULES = {
    "mole": "engine.mole",
    "insidejob": "engine.insidejob",
}


def game_names() -> list[str]:
    return list(_MODULES)


def get_game(name: str) -> GameRules:
    try:
        module = importlib.import_module(_MODULES[name])
    except KeyError:
        raise InvalidConfig("unknown_game", f"no game named {name!r}", game=name) from None
    return module.GAME


def replay(game: GameRules, config: Config, seed: int, log: list[dict[str, Any]]) -> State:
    """Rebuild a state from its action log: a list of {"seat": int, "action": {...}}."""
    state = game.new_game(config, seed)
    for entry in log:
        game.apply(state, entry["seat"], entry["action"])
    return state

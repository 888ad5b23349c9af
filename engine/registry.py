"""The games by name, and the one interface the host, the simulator and the tests use.

Each game package exposes a module-level ``GAME`` built from :class:`GameRules`. The host never
reaches into a game's state: it calls these functions and sends what ``view`` returns.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.actions import not_your_turn
from engine.errors import InvalidConfig, MalformedAction, input_fact
from engine.lazyview import LazyView

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
    # Mutates and returns the action as accepted (only its defined fields, canonical form);
    # on error raises an EngineError and leaves the state untouched.
    apply: Callable[[State, Seat, Action], Action]
    view: Callable[[State, Seat | None], dict[str, Any]]  # None: the public board
    # The keys by which a seat's view differs from the public board:
    # view(state, seat) == {**view(state, None), **seat_part(state, seat)}, so a host can
    # encode the board once for every seat.
    seat_part: Callable[[State, Seat], dict[str, Any]]
    is_over: Callable[[State], bool]
    record: Callable[[State], dict[str, Any]]  # the complete record of a finished game
    # name -> (state, seat, rng) -> action; see seat_bots: a bot itself sees only the seat's view
    bots: dict[str, Callable[[State, Seat, Any], Action]]
    snapshot: Callable[[State], Any]  # a comparable deep copy, for "state unchanged" checks
    # For an audience playing along: the public round now (a lock, a trick), and once the game
    # is over the seats it tried to find (the Moles, the Insider).
    round_of: Callable[[State], int]
    hidden_seats: Callable[[State], list[Seat]]
    # How many steps the grand reveal tells a finished game in, counted from its final public
    # board (a view as sent): the host bounds the leader's stepping by it, the TV draws them.
    replay_steps: Callable[[dict[str, Any]], int]


# A bot as a game writes it: (the acting seat's view, the bot's own rng) -> an action.
ViewBot = Callable[[Mapping[str, Any], Any], Action]


def seat_bots(
    view: Callable[[State, Seat], Mapping[str, Any]],
    expected_seats: Callable[[State], frozenset[Seat]],
    may_act: Callable[[State, Seat], bool],
    bots: Mapping[str, ViewBot],
) -> dict[str, Callable[[State, Seat, Any], Action]]:
    """The callers' ``bot(state, seat, rng)`` for each of a game's bots. Only
    ``view(state, seat)`` reaches the bot's own function, so no bot can use a secret its seat
    does not hold: the game's full view, or its ``engine.lazyview.LazyView`` (the same data, read
    key by key), which is closed when the bot returns. Raises MalformedAction ``not_a_seat``, or
    IllegalAction ``not_your_turn`` for a seat that has nothing to do."""

    def for_seat(bot: ViewBot) -> Callable[[State, Seat, Any], Action]:
        def play(state: State, seat: Seat, rng: Any) -> Action:
            if seat is None:  # view() would give the public board: a bot plays a seat
                raise MalformedAction("not_a_seat", "a bot plays a seat", seat=None)
            me = view(state, seat)  # raises not_a_seat
            if not may_act(state, seat):
                raise not_your_turn(expected_seats(state))
            if type(me) is not LazyView:
                return bot(me, rng)
            try:
                return bot(me, rng)
            finally:
                me.close()

        play.__doc__ = bot.__doc__
        return play

    return {name: for_seat(bot) for name, bot in bots.items()}


def acting_seat_bots(
    acting_view: Callable[[State, Seat], LazyView], bots: Mapping[str, ViewBot]
) -> dict[str, Callable[[State, Seat, Any], Action]]:
    """``seat_bots`` for a game whose ``acting_view(state, seat)`` is the seat's lazy view and
    refuses, itself, a seat that may not act (MalformedAction ``not_a_seat``, then
    IllegalAction ``not_your_turn``): the view reads the phase and the turn anyway, so a move
    asks them once. The same guarantee: only the view reaches the bot, closed when it returns."""

    def for_seat(bot: ViewBot) -> Callable[[State, Seat, Any], Action]:
        def play(state: State, seat: Seat, rng: Any) -> Action:
            if seat is None:  # a bot plays a seat
                raise MalformedAction("not_a_seat", "a bot plays a seat", seat=None)
            me = acting_view(state, seat)
            try:
                return bot(me, rng)
            finally:
                me.close()

        play.__doc__ = bot.__doc__
        return play

    return {name: for_seat(bot) for name, bot in bots.items()}


_MODULES = {
    "mole": "engine.mole",
    "insidejob": "engine.insidejob",
}
DEFAULT_GAME = next(iter(_MODULES))  # the one a new lobby offers first


def game_names() -> list[str]:
    return list(_MODULES)


def get_game(name: str) -> GameRules:
    """The game of that name; raises InvalidConfig ``unknown_game``."""
    if type(name) is not str or name not in _MODULES:
        raise InvalidConfig("unknown_game", "no game of that name", game=input_fact(name))
    game: GameRules = importlib.import_module(_MODULES[name]).GAME
    return game


def replay(game: GameRules, config: Config, seed: int, log: list[dict[str, Any]]) -> State:
    """Rebuild a state from its action log: a list of {"seat": int, "action": {...}}.

    Raises the errors of ``new_game`` and ``apply``, and MalformedAction ``bad_field`` for a log
    that is not such a list."""
    if type(log) is not list:
        raise MalformedAction("bad_field", "a log is a list", field="log")
    state = game.new_game(config, seed)
    for entry in log:
        if not isinstance(entry, dict) or "seat" not in entry or "action" not in entry:
            raise MalformedAction("bad_field", "a log entry is {seat, action}", field="log")
        game.apply(state, entry["seat"], entry["action"])
    return state

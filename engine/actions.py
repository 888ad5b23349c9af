"""The checks every game's ``apply`` makes before its own rules, in one order.

1. the game is over: ``game_over``;
2. the acting seat is not a seat of this table: ``not_a_seat`` {seat};
3. the seat may not act now (``may_act`` is false: it is not in ``expected_seats``):
   ``not_your_turn`` {waiting};
4. the action is not an object: ``bad_field`` {field: "action"}; its ``type`` is not one of the
   game's: ``unknown_action`` {type};
5. the game's handler for that type, which checks the rest and then changes the state.

A handler returns the action as accepted: a new dict holding only the fields its type defines,
in canonical form. That is what the log keeps, what ``apply`` returns and what a journal should
write, so extra fields a sender adds go nowhere, and replaying accepted actions gives the same
game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn, Protocol, TypeVar

from engine.errors import GameOver, IllegalAction, MalformedAction, input_fact

Action = dict[str, Any]


class Logged(Protocol):
    """What the wrapper needs of a game's state: the log of accepted actions, and the result,
    set when (and only when) the game ends."""

    log: list[dict[str, Any]]
    result: Any


class Turned(Logged, Protocol):
    """A state that names the seat on turn: unless it is ``NO_TURN``, ``turn`` is the only seat
    that may act (``NO_TURN`` when several may, as in a vote, or none, once the game is over)."""

    turn: int


NO_TURN = -1  # below every seat's number
S = TypeVar("S", bound=Logged)
T = TypeVar("T", bound=Turned)


def check_seat(seat: Any, players: int) -> int:
    """The seat, if it is one of this table's; raises MalformedAction ``not_a_seat``."""
    if type(seat) is not int or not 0 <= seat < players:
        raise MalformedAction("not_a_seat", "no such seat at this table", seat=input_fact(seat))
    return seat


def wrong_phase(phase: str, kind: str) -> IllegalAction:
    """The refusal of an action its seat may send, but not in this phase."""
    return IllegalAction("wrong_phase", f"no {kind} in phase {phase}", phase=phase, type=kind)


def copy_action(action: Action) -> Action:
    """A copy of an accepted action that shares no list with the log."""
    copied = action.copy()
    for key, value in action.items():
        if type(value) is list:
            copied[key] = list(value)
    return copied


def not_your_turn(waiting: frozenset[int]) -> IllegalAction:
    return IllegalAction("not_your_turn", "this seat may not act now", waiting=sorted(waiting))


def checked_apply(
    players: Callable[[S], int],
    expected_seats: Callable[[S], frozenset[int]],
    may_act: Callable[[S, int], bool],
    handlers: Mapping[str, Callable[[S, int, Action], Action]],
    with_lists: frozenset[str] = frozenset(),
) -> Callable[[S, Any, Any], Action]:
    """A game's ``apply(state, seat, action) -> accepted action`` from its handlers.
    ``may_act(state, seat)`` must equal ``seat in expected_seats(state)`` for any int, a seat of
    the table or not (it is only cheaper), and ``is_over(state)`` must equal
    ``state.result is not None``. ``with_lists``: the action types whose accepted form may hold
    a list (the caller's copy gets its own lists; the others' are copied flat)."""
    return _checked(players, expected_seats, may_act, handlers, with_lists, by_turn=False)


def checked_apply_by_turn(
    players: Callable[[T], int],
    expected_seats: Callable[[T], frozenset[int]],
    may_act: Callable[[T, int], bool],
    handlers: Mapping[str, Callable[[T, int, Action], Action]],
    with_lists: frozenset[str] = frozenset(),
) -> Callable[[T, Any, Any], Action]:
    """``checked_apply`` for a state that names the seat on turn (``Turned``): the seat on turn
    is let through without a call to ``may_act``, which is asked only of the others (most
    actions are the turn's, and a call is most of the test's cost)."""
    return _checked(players, expected_seats, may_act, handlers, with_lists, by_turn=True)


def _checked(
    players: Callable[[Any], int],
    expected_seats: Callable[[Any], frozenset[int]],
    may_act: Callable[[Any, int], bool],
    handlers: Mapping[str, Callable[[Any, int, Action], Action]],
    with_lists: frozenset[str],
    by_turn: bool,
) -> Callable[[Any, Any, Any], Action]:
    def refuse(state: Any, seat: Any) -> NoReturn:
        """The refusal of a seat that may not act, in the documented order."""
        check_seat(seat, players(state))  # raises not_a_seat
        raise not_your_turn(expected_seats(state))

    def apply(state: Any, seat: Any, action: Any) -> Action:
        # What is_over says, without a call: apply runs once per move of every game.
        if state.result is not None:
            raise GameOver()
        # A seat that may act is a seat of the table: the seat check only when it may not.
        # For a Turned state the seat on turn needs no call (NO_TURN, below 0, is no seat's).
        if type(seat) is not int or not (
            (by_turn and seat == state.turn >= 0) or may_act(state, seat)
        ):
            refuse(state, seat)
        if type(action) is not dict:
            raise MalformedAction("bad_field", "an action is an object", field="action")
        kind = action.get("type")
        handler = handlers.get(kind) if type(kind) is str else None
        if handler is None:
            raise MalformedAction("unknown_action", "no such action", type=input_fact(kind))
        accepted = handler(state, seat, action)
        state.log.append({"seat": seat, "action": accepted})
        return copy_action(accepted) if kind in with_lists else accepted.copy()

    return apply

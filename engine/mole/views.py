"""What each seat may see, and the complete record of a finished game.

This is the one place that decides what leaves the engine. ``view(state, None)`` is the public
board; ``view(state, seat)`` adds that seat's own secrets under ``"me"``. The final view of a
finished game reveals everything (``result``). ``record`` is for the simulator and archives,
never for a player during play.
"""

from __future__ import annotations

from typing import Any

from engine.actions import check_seat
from engine.lazyview import LazyView, Nested, Parts, build, open_view
from engine.mole.rules import may_act, mole_tally
from engine.mole.state import UNMARKED, State
from engine.mole.vocabulary import (
    BY_CARDS,
    CARDS,
    CARDS_IN_HAND,
    CONTACT,
    DOUBLE,
    ENDINGS,
    GAME_NAME,
    GETAWAY,
    LOOKOUT,
    MOLE,
    MOLE_ROLES,
    NOBODY,
    SIDES,
    SNITCH,
    VOTE,
    side_of,
)


def _voted(state: State, _seat: Any) -> list[int]:
    if state.phase != VOTE:
        return []
    return [s for s, v in enumerate(state.votes) if v is not None]


def _played(state: State, _seat: Any) -> list[int]:
    if state.phase != CARDS:
        return []
    return [s for s, c in enumerate(state.cards) if c is not None]


def _getaway(state: State, _seat: Any) -> dict[str, Any] | None:
    if state.phase != GETAWAY:
        return None
    return {"confirmed": [s for s, c in enumerate(state.confirmed) if c]}


# The public board, one part per key (see engine.lazyview): full views and bots' lazy views are
# both made of these.
PUBLIC_PARTS: Parts = {
    "game": lambda state, _seat: GAME_NAME,
    "players": lambda state, _seat: state.n,
    "variants": lambda state, _seat: list(state.config.variants),
    "seat": lambda state, _seat: None,
    "phase": lambda state, _seat: state.phase,
    "locks": lambda state, _seat: [lock.public for lock in state.locks],
    "lock": lambda state, _seat: state.lock,
    "to_open": lambda state, _seat: state.config.to_open,
    "to_blow": lambda state, _seat: state.config.to_blow,
    "boss": lambda state, _seat: state.boss,
    "approvals_needed": lambda state, _seat: state.config.approvals_needed,
    "rejections": lambda state, _seat: state.rejections,
    "patrol_at": lambda state, _seat: state.config.patrol_at,
    "team": lambda state, _seat: list(state.team) if state.team is not None else None,
    "voted": _voted,
    "played": _played,
    # Finished proposals are frozen: shared, not copied.
    "proposals": lambda state, _seat: list(state.proposals),
    "getaway": _getaway,
    "result": lambda state, _seat: _final_reveal(state) if state.result is not None else None,
}


def public_view(state: State) -> dict[str, Any]:
    return build(PUBLIC_PARTS, state, None)


def _final_reveal(state: State) -> dict[str, Any]:
    result = state.result
    assert result is not None
    return {
        "winners": list(result["winners"]),
        "ending": result["ending"],
        "winning_seats": list(result["winning_seats"]),
        "winner": result["winner"],
        "reason": result["reason"],
        "accused": result["accused"],
        "protected": result["protected"],
        "roles": list(state.roles),
        "plays": [
            {"lock": i, "cards": {str(s): card for s, card in sorted(lock.plays.items())}}
            for i, lock in enumerate(state.locks)
            if lock.by == BY_CARDS and lock.plays is not None
        ],
        "marks": [None if m == UNMARKED else m for m in state.marks],
        "alibis": [{"lock": f.lock, "seat": f.alibi} for f in state.files],
    }


def knows(state: State, seat: int) -> dict[str, Any]:
    """What this seat learned at the deal, by its role."""
    roles = state.roles
    role = roles[seat]
    if role == MOLE:
        return {
            "moles": [s for s, r in enumerate(roles) if r == MOLE and s != seat],
            "hidden_moles": 1 if state.config.snitch else 0,
        }
    if role == SNITCH:
        return {"mole_count": state.config.moles}
    if role == CONTACT:
        return {"suspects": list(state.suspects), "decoy": state.decoy is not None}
    if role == DOUBLE:
        return {"contact": roles.index(CONTACT)}
    return {}


def round_of(state: State) -> int:
    """The lock being played (0-based): the round an audience's marks belong to."""
    return int(state.lock)


def hidden_seats(state: State) -> list[int]:
    """The seats on the Moles' side (the Snitch too): what an audience tries to find."""
    return [seat for seat, role in enumerate(state.roles) if role in MOLE_ROLES]


def replay_steps(board: dict[str, Any]) -> int:
    """Each lock played, then the Getaway (its marks and the Driver's protection)."""
    played = sum(1 for lock in board.get("locks") or [] if lock.get("result"))
    return played + (1 if (board.get("result") or {}).get("marks") else 0)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The public board, plus, for a seat, exactly what that seat may know.

    Raises MalformedAction ``not_a_seat`` for a seat that is not at this table.
    """
    if seat is None:
        return public_view(state)
    return build(SEAT_PARTS, state, check_seat(seat, state.n))


def seat_part(state: State, seat: int) -> dict[str, Any]:
    """The keys by which ``view(state, seat)`` differs from ``view(state, None)``. Raises
    MalformedAction ``not_a_seat``."""
    return build(SEAT_ONLY_PARTS, state, check_seat(seat, state.n))


def lazy_view(state: State, seat: int) -> LazyView:
    """``view(state, seat)`` read key by key (for bots, see engine.lazyview). Raises
    MalformedAction ``not_a_seat`` (check_seat's test inline: bots call this every move)."""
    if type(seat) is not int or not 0 <= seat < state.n:
        check_seat(seat, state.n)
    # Every bot reads the phase first; the random bot's votes, most moves, read nothing else.
    return open_view(SEAT_PARTS, state, seat, {"phase": state.phase})


def _tally(state: State, seat: int) -> dict[str, int] | None:
    """The Moles' current marks by target, for the Moles and the Snitch in the Getaway."""
    if state.phase != GETAWAY or state.roles[seat] not in MOLE_ROLES:
        return None
    counts = mole_tally(state)
    tally = {str(s): counts.get(s, 0) for s in range(state.n)}
    tally[NOBODY] = counts.get(None, 0)
    return tally


def _file(state: State, seat: int) -> list[dict[str, Any]]:
    is_lookout = state.roles[seat] == LOOKOUT
    return [
        {"lock": f.lock, "alibi": f.alibi if is_lookout else None}
        for f in state.files
        if state.proposal_count > f.readable_after
    ]


def _hand(state: State, seat: int) -> list[str]:
    on_team = state.phase == CARDS and seat in (state.team or ())
    return list(CARDS_IN_HAND) if on_team else []


def _mark(state: State, seat: int) -> int | None:
    mark = state.marks[seat] if state.marks else UNMARKED
    return None if mark == UNMARKED else mark


# What only this seat knows, one part per key.
PRIVATE_PARTS: Parts = {
    "role": lambda state, seat: state.roles[seat],
    "side": lambda state, seat: side_of(state.roles[seat]),
    "knows": knows,
    "sabotages_left": lambda state, seat: state.sabotages_left[seat],
    "file": _file,
    "can_act": may_act,
    "vote": lambda state, seat: state.votes[seat] if state.phase == VOTE else None,
    "card": lambda state, seat: state.cards[seat] if state.phase == CARDS else None,
    "hand": _hand,
    "mark": _mark,
    "marked": lambda state, seat: bool(state.marks) and state.marks[seat] != UNMARKED,
    "confirmed": lambda state, seat: bool(state.marks and state.confirmed[seat]),
    "tally": _tally,
}

# What a seat's view adds to the public board (its number, and what only it knows): a seat's
# view is the public board with these keys set, which lets the host encode the board once.
SEAT_ONLY_PARTS: Parts = {
    "seat": lambda state, seat: seat,
    "me": Nested(PRIVATE_PARTS),
}
SEAT_PARTS: Parts = {**PUBLIC_PARTS, **SEAT_ONLY_PARTS}


def record(state: State) -> dict[str, Any]:
    """The complete record of a game (finished or not): the deal, every proposal with its named
    votes, each lock's team and cards, the files, every Getaway mark, the accusation, the winner,
    and the action log that replays it."""
    result = state.result or {}
    winner = result.get("winner")
    return {
        "game": GAME_NAME,
        "config": state.config.to_json(),
        "seed": state.seed,
        "sides": list(SIDES),
        "endings": list(ENDINGS),
        "winners": [winner] if winner else [],
        "ending": result.get("reason"),
        "winning_seats": list(result.get("winning_seats", [])),
        "roles": list(state.roles),
        "knows": [knows(state, s) for s in range(state.n)],
        "first_boss": state.first_boss,
        "proposals": [
            {
                "lock": p["lock"],
                "boss": p["boss"],
                "team": list(p["team"]),
                "votes": list(p["votes"]),
                "approved": p["approved"],
            }
            for p in state.proposals
        ],
        "locks": [
            {
                "lock": i,
                "team_size": lock.team_size,
                "result": lock.result,
                "by": lock.by,
                "team": list(lock.team) if lock.team is not None else None,
                "cards": (
                    {str(s): c for s, c in sorted(lock.plays.items())}
                    if lock.plays is not None
                    else None
                ),
                "sabotages": lock.sabotages,
                "reveal": list(lock.cards) if lock.cards is not None else None,
            }
            for i, lock in enumerate(state.locks)
        ],
        "files": [{"lock": f.lock, "alibi": f.alibi} for f in state.files],
        "marks": [None if m == UNMARKED else m for m in state.marks],
        "protected": result.get("protected"),
        "accused": result.get("accused"),
        "actions": [{"seat": e["seat"], "action": dict(e["action"])} for e in state.log],
    }

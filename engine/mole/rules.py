"""The rules: who may act now, what they may do, and what each action does.

``apply`` (built by ``engine.actions.checked_apply``) first makes the checks every game shares:
``game_over``, ``not_a_seat``, ``not_your_turn`` (the seat is not in ``expected_seats``: not the
Boss, already voted, not on the team, already played, already confirmed), ``bad_field`` for an
action that is not an object, ``unknown_action``. Each handler below then checks its action
completely before it changes anything, so a refused action leaves the state exactly as it was:
its fields (``bad_field``, ``not_a_seat`` for a named seat), the phase (``wrong_phase``), then the
rules (``team_size``, ``duplicate_seat``, ``crew_cannot_sabotage``, ``no_sabotage_left``,
``no_mark``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from engine.actions import checked_apply, wrong_phase
from engine.errors import IllegalAction, MalformedAction
from engine.frozen import FrozenDict, FrozenList
from engine.mole.config import MAX_PLAYERS
from engine.mole.state import UNMARKED, FileEntry, State
from engine.mole.vocabulary import (
    BLOWN,
    BY_CARDS,
    BY_PATROL,
    CARDS,
    CLEAN,
    CONFIRM_ACTION,
    CONTACT,
    CONTACT_FOUND,
    CREW_SIDE,
    DRIVER,
    ESCAPE,
    GETAWAY,
    LOCKS_BLOWN,
    LOOKOUT,
    MARK_ACTION,
    MOLE_ROLES,
    MOLES_SIDE,
    OPEN,
    OVER,
    PLAY_ACTION,
    PROPOSE,
    PROPOSE_ACTION,
    SABOTAGE,
    VOID,
    VOTE,
    VOTE_ACTION,
    side_of,
)

Action = dict[str, Any]

_NONE: frozenset[int] = frozenset()
# The Boss alone, by seat: one set per seat, made once.
_ALONE = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))


# --- who may act ---------------------------------------------------------------------------


def expected_seats(state: State) -> frozenset[int]:
    """The seats that may act now; empty once the game is over: the Boss proposing, who has
    not voted yet, the team members who have not played, who has not confirmed a mark. Kept in
    ``state.waiting`` by the actions (see ``_enter``)."""
    return state.waiting


def may_act(state: State, seat: int) -> bool:
    """``seat in expected_seats(state)``."""
    return seat in state.waiting


def _enter(state: State, phase: str) -> None:
    """Begin a phase, and with it who may act: the Boss, everyone, the team, nobody once over
    (set once the Boss, the team or the Getaway's seats are known). Each vote, card or confirm
    then takes its seat out of ``state.waiting``."""
    state.phase = phase
    if phase == PROPOSE:
        state.waiting = _ALONE[state.boss]
    elif phase == CARDS:
        state.waiting = frozenset(state.team or ())
    elif phase == OVER:
        state.waiting = _NONE
    else:  # the vote and the Getaway: every seat
        state.waiting = frozenset(range(state.n))


def is_over(state: State) -> bool:
    return state.phase == OVER


def may_sabotage(state: State, seat: int) -> bool:
    """Whether this seat's Sabotage would be accepted (a Mole with sabotages left)."""
    return state.roles[seat] in MOLE_ROLES and state.sabotages_left[seat] > 0


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``apply`` accepts from this seat now (teams as sorted lists)."""
    phase = state.phase
    if phase == PROPOSE:
        if seat != state.boss:
            return []
        size = state.locks[state.lock].team_size
        return [
            {"type": PROPOSE_ACTION, "team": list(t)} for t in combinations(range(state.n), size)
        ]
    if phase == VOTE:
        if state.votes[seat] is not None:
            return []
        return [{"type": VOTE_ACTION, "approve": True}, {"type": VOTE_ACTION, "approve": False}]
    if phase == CARDS:
        if seat not in (state.team or ()) or state.cards[seat] is not None:
            return []
        actions = [{"type": PLAY_ACTION, "card": CLEAN}]
        if may_sabotage(state, seat):
            actions.append({"type": PLAY_ACTION, "card": SABOTAGE})
        return actions
    if phase == GETAWAY:
        if state.confirmed[seat]:
            return []
        actions = [{"type": MARK_ACTION, "target": t} for t in [*range(state.n), None]]
        if state.marks[seat] != UNMARKED:
            actions.append({"type": CONFIRM_ACTION})
        return actions
    return []


# --- applying actions ----------------------------------------------------------------------


def _wrong_phase(state: State, kind: str) -> IllegalAction:
    return wrong_phase(state.phase, kind)


def _propose(state: State, seat: int, action: Action) -> Action:
    team = action.get("team")
    if type(team) is not list:
        raise MalformedAction("bad_field", "team must be a list of seats", field="team")
    n = state.n
    for member in team:
        if type(member) is not int:
            raise MalformedAction("bad_field", "team must be a list of seats", field="team")
        if not 0 <= member < n:
            raise MalformedAction("not_a_seat", "no such seat", seat=member)
    if state.phase != PROPOSE:
        raise _wrong_phase(state, PROPOSE_ACTION)
    size = state.locks[state.lock].team_size
    if len(team) != size:
        raise IllegalAction("team_size", "wrong team size", expected=size, given=len(team))
    if len(set(team)) != size:
        repeated = next(m for i, m in enumerate(team) if m in team[:i])
        raise IllegalAction("duplicate_seat", "a seat named twice", seat=repeated)

    team = sorted(team)
    state.team = team
    state.proposal_count += 1
    _enter(state, VOTE)
    return {"type": PROPOSE_ACTION, "team": list(team)}


def _vote(state: State, seat: int, action: Action) -> Action:
    approve = action.get("approve")
    if type(approve) is not bool:
        raise MalformedAction("bad_field", "approve must be true or false", field="approve")
    if state.phase != VOTE:
        raise _wrong_phase(state, VOTE_ACTION)
    state.votes[seat] = approve
    state.vote_count += 1
    state.waiting = state.waiting - {seat}
    if state.vote_count == state.n:
        _resolve_vote(state)
    return {"type": VOTE_ACTION, "approve": approve}


def _resolve_vote(state: State) -> None:
    votes = state.votes
    approved = votes.count(True) >= state.config.approvals_needed
    # A finished proposal never changes again: frozen, views share it as it is (built frozen
    # directly: frozen() would walk it to find the two lists it already knows).
    state.proposals.append(
        FrozenDict(
            {
                "lock": state.lock,
                "boss": state.boss,
                "team": FrozenList(state.team or ()),
                "votes": FrozenList(votes),
                "approved": approved,
            }
        )
    )
    state.votes = [None] * state.n
    state.vote_count = 0
    state.boss = (state.boss + 1) % state.n
    if approved:
        _enter(state, CARDS)
        return
    state.rejections += 1
    state.team = None
    if state.rejections >= state.config.patrol_at:
        lock = state.locks[state.lock]
        lock.result = BLOWN
        lock.by = BY_PATROL
        lock.publish()
        _after_lock(state, blown=True)
    else:
        _enter(state, PROPOSE)


def _play(state: State, seat: int, action: Action) -> Action:
    card = action.get("card")
    if card != CLEAN and card != SABOTAGE:
        raise MalformedAction("bad_field", "card must be clean or sabotage", field="card")
    if state.phase != CARDS:
        raise _wrong_phase(state, PLAY_ACTION)
    if card == SABOTAGE:
        if state.roles[seat] not in MOLE_ROLES:
            raise IllegalAction("crew_cannot_sabotage", "the Crew plays Clean")
        if state.sabotages_left[seat] <= 0:
            limit = state.config.sabotages_per_mole
            raise IllegalAction("no_sabotage_left", "no sabotage left", limit=limit)
        state.sabotages_left[seat] -= 1

    state.cards[seat] = card
    state.card_count += 1
    state.waiting = state.waiting - {seat}
    if state.card_count == len(state.team or ()):
        _resolve_cards(state)
    return {"type": PLAY_ACTION, "card": card}


def _resolve_cards(state: State) -> None:
    team = state.team or []
    cards = state.cards
    plays = {s: SABOTAGE if cards[s] == SABOTAGE else CLEAN for s in team}
    sabotages = sum(1 for card in plays.values() if card == SABOTAGE)
    # The reveal order depends only on how many of each card, never on who played which.
    reveal = [CLEAN] * (len(team) - sabotages) + [SABOTAGE] * sabotages
    state.rng.shuffle(reveal)
    index = state.lock
    lock = state.locks[index]
    lock.result = BLOWN if sabotages else OPEN
    lock.by = BY_CARDS
    lock.sabotages = sabotages
    lock.cards = reveal
    lock.team = team
    lock.plays = plays
    lock.publish()
    state.cards = [None] * state.n
    state.card_count = 0
    state.team = None
    game_goes_on = _after_lock(state, blown=sabotages > 0)
    if sabotages and game_goes_on:
        _file_alibi(state, index, team, plays)


def _file_alibi(state: State, index: int, team: list[int], plays: dict[int, str]) -> None:
    lookout = state.roles.index(LOOKOUT)
    clean = [s for s in team if plays[s] == CLEAN and s != lookout]
    # Exactly one draw whether or not there is a candidate, so that later public shuffles do
    # not depend on who played what.
    draw = state.rng.next_u64()
    alibi = clean[(draw * len(clean)) >> 64] if clean else None
    state.files.append(FileEntry(index, alibi, state.proposal_count))


def _after_lock(state: State, blown: bool) -> bool:
    """Count the resolved lock; end the game, start the Getaway or move on. True if the game
    goes on to another lock."""
    state.rejections = 0
    results = [lock.result for lock in state.locks]
    config = state.config
    if blown and results.count(BLOWN) >= config.to_blow:
        _finish(state, MOLES_SIDE, LOCKS_BLOWN, accused=None, protected=None)
        return False
    if not blown and results.count(OPEN) >= config.to_open:
        _enter(state, GETAWAY)
        state.marks = [UNMARKED] * state.n
        state.confirmed = [False] * state.n
        state.confirmed_count = 0
        return False
    state.lock += 1
    _enter(state, PROPOSE)
    return True


def _mark(state: State, seat: int, action: Action) -> Action:
    if "target" not in action:
        raise MalformedAction("bad_field", "a mark names a seat or null", field="target")
    target = action["target"]
    if target is not None:
        if type(target) is not int:
            raise MalformedAction("bad_field", "a mark names a seat or null", field="target")
        if not 0 <= target < state.n:
            raise MalformedAction("not_a_seat", "no such seat", seat=target)
    if state.phase != GETAWAY:
        raise _wrong_phase(state, MARK_ACTION)
    state.marks[seat] = target
    return {"type": MARK_ACTION, "target": target}


def _confirm(state: State, seat: int, action: Action) -> Action:
    if state.phase != GETAWAY:
        raise _wrong_phase(state, CONFIRM_ACTION)
    if state.marks[seat] == UNMARKED:
        raise IllegalAction("no_mark", "mark someone, or nobody, first")
    state.confirmed[seat] = True
    state.confirmed_count += 1
    state.waiting = state.waiting - {seat}
    if state.confirmed_count == state.n:
        _resolve_getaway(state)
    return {"type": CONFIRM_ACTION}


def mole_tally(state: State) -> dict[int | None, int]:
    """The Moles' current marks (Snitch included), counted by target (None: nobody)."""
    tally: dict[int | None, int] = {}
    for seat, role in enumerate(state.roles):
        if role in MOLE_ROLES and state.marks[seat] != UNMARKED:
            target = state.marks[seat]
            tally[target] = tally.get(target, 0) + 1
    return tally


def _resolve_getaway(state: State) -> None:
    roles = state.roles
    protected = state.marks[roles.index(DRIVER)]
    counts = {t: c for t, c in mole_tally(state).items() if t is not None}
    accused = None
    if counts:
        top = max(counts.values())
        tied = sorted(t for t, c in counts.items() if c == top)
        accused = tied[0] if len(tied) == 1 else state.rng.choice(tied)
    if accused is None:
        _finish(state, CREW_SIDE, ESCAPE, accused, protected)
    elif accused == protected:
        _finish(state, CREW_SIDE, VOID, accused, protected)
    elif roles[accused] == CONTACT:
        _finish(state, MOLES_SIDE, CONTACT_FOUND, accused, protected)
    else:
        _finish(state, CREW_SIDE, ESCAPE, accused, protected)


def _finish(
    state: State, winner: str, reason: str, accused: int | None, protected: int | None
) -> None:
    _enter(state, OVER)
    state.team = None
    # The header every game's result starts with, then Mole's own fields.
    state.result = {
        "winners": [winner],
        "ending": reason,
        "winning_seats": [s for s, role in enumerate(state.roles) if side_of(role) == winner],
        "winner": winner,
        "reason": reason,
        "accused": accused,
        "protected": protected,
    }


_HANDLERS: dict[str, Callable[[State, int, Action], Action]] = {
    PROPOSE_ACTION: _propose,
    VOTE_ACTION: _vote,
    PLAY_ACTION: _play,
    MARK_ACTION: _mark,
    CONFIRM_ACTION: _confirm,
}


def _players(state: State) -> int:
    return state.n


apply = checked_apply(
    _players, expected_seats, may_act, _HANDLERS, with_lists=frozenset((PROPOSE_ACTION,))
)
apply.__doc__ = """Apply one action of ``seat`` and return it as accepted, or raise an EngineError
and leave the state untouched (codes in the module docstring)."""

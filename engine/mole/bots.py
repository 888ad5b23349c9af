"""Bots: a random player that reaches every rule, and a simple sensible one.

A bot is ``bot(state, seat, rng) -> action`` and returns an action ``apply`` accepts. Bots draw
from their own ``Rng``, never the game's, so the game's randomness stays a function of its seed.
The sensible bot reads only what its seat may know: its own role and knowledge, and the public
history.
"""

from __future__ import annotations

from typing import Any

from engine.mole.rules import may_sabotage
from engine.mole.state import UNMARKED, State
from engine.mole.views import knows
from engine.mole.vocabulary import (
    BLOWN,
    BY_CARDS,
    CARDS,
    CLEAN,
    CONFIRM_ACTION,
    CONTACT,
    DOUBLE,
    DRIVER,
    GETAWAY,
    LOOKOUT,
    MARK_ACTION,
    MOLE_ROLES,
    OPEN,
    PLAY_ACTION,
    PROPOSE,
    PROPOSE_ACTION,
    SABOTAGE,
    VOTE,
    VOTE_ACTION,
)
from engine.rng import Rng

Action = dict[str, Any]


def random_bot(state: State, seat: int, rng: Rng) -> Action:
    """A uniformly random legal action, drawn directly (no enumeration of teams)."""
    phase = state.phase
    if phase == VOTE:
        return {"type": VOTE_ACTION, "approve": rng.next_u64() >> 63 == 1}
    if phase == PROPOSE:
        n = state.n
        size = state.locks[state.lock].team_size
        pool = list(range(n))
        # A partial Fisher-Yates: the first `size` places are a uniform random subset.
        for i in range(size):
            j = i + rng.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return {"type": PROPOSE_ACTION, "team": sorted(pool[:size])}
    if phase == CARDS:
        if may_sabotage(state, seat) and rng.next_u64() >> 63:
            return {"type": PLAY_ACTION, "card": SABOTAGE}
        return {"type": PLAY_ACTION, "card": CLEAN}
    if phase == GETAWAY:
        n = state.n
        # n marks (one per seat), a mark of nobody, and a confirm once a mark exists.
        choices = n + 1 + (state.marks[seat] != UNMARKED)
        pick = rng.below(choices)
        if pick < n:
            return {"type": MARK_ACTION, "target": pick}
        if pick == n:
            return {"type": MARK_ACTION, "target": None}
        return {"type": CONFIRM_ACTION}
    raise ValueError(f"seat {seat} has nothing to do in phase {state.phase}")


# --- the sensible bot ----------------------------------------------------------------------


def _suspicion(state: State, seat: int) -> list[float]:
    """How much this seat suspects each player, from what it knows and the public history."""
    n = state.n
    score = [0.0] * n
    for lock in state.locks:
        if lock.by != BY_CARDS or lock.team is None:
            continue
        share = (lock.sabotages or 0) / len(lock.team)
        for member in lock.team:
            score[member] += 2.0 * share if lock.result == BLOWN else -0.3
    learned = knows(state, seat)
    role = state.roles[seat]
    if role == CONTACT:
        for suspect in learned["suspects"]:
            score[suspect] += 5.0
    elif role == DOUBLE:
        score[learned["contact"]] -= 10.0
    if role == LOOKOUT:  # an alibi clears a player a little (a Mole may hold back)
        for entry in state.files:
            if entry.alibi is not None and state.proposal_count > entry.readable_after:
                score[entry.alibi] -= 1.0
    score[seat] = -100.0  # everyone trusts themselves
    return score


def _mole_mates(state: State, seat: int) -> set[int]:
    learned = knows(state, seat)
    return {seat, *learned.get("moles", [])}


def _looks_like_contact(state: State, seat: int) -> list[float]:
    """A player who voted against teams that later blew and for teams that opened looks
    informed, which is what the Contact (or the Double) looks like."""
    score = [0.0] * state.n
    outcome = {i: lock.result for i, lock in enumerate(state.locks) if lock.by == BY_CARDS}
    for proposal in state.proposals:
        if not proposal["approved"]:
            continue
        result = outcome.get(proposal["lock"])
        if result is None:
            continue
        for voter, approve in enumerate(proposal["votes"]):
            score[voter] += 1.0 if approve == (result == OPEN) else -1.0
    return score


def _voted_like_the_contact(state: State, mates: set[int]) -> list[float]:
    """Seen by a Mole: who rejected the teams that held a Mole it knows and approved the others
    — the voting pattern of someone who knows where the Moles are."""
    score = [0.0] * state.n
    for proposal in state.proposals:
        holds_mole = any(m in mates for m in proposal["team"])
        for voter, approve in enumerate(proposal["votes"]):
            score[voter] += 1.0 if approve != holds_mole else -1.0
    return score


def smart_bot(state: State, seat: int, rng: Rng) -> Action:
    """Plays its side sensibly: Moles sabotage when it pays and hunt the Contact; the Crew
    trusts those who were on open locks; the Contact avoids its suspects; the Driver protects
    whoever looks most like the Contact."""
    phase = state.phase
    role = state.roles[seat]
    is_mole = role in MOLE_ROLES
    if phase == PROPOSE:
        size = state.locks[state.lock].team_size
        if is_mole:
            mates = _mole_mates(state, seat)
            suspicion = _suspicion(state, seat)
            others = sorted(
                (s for s in range(state.n) if s not in mates),
                key=lambda s: (suspicion[s], rng.below(1000)),
            )
            team = [seat, *others[: size - 1]]
        else:
            suspicion = _suspicion(state, seat)
            order = sorted(range(state.n), key=lambda s: (suspicion[s], rng.below(1000)))
            team = order[:size]
        return {"type": PROPOSE_ACTION, "team": sorted(team)}
    if phase == VOTE:
        team = state.team or []
        last_chance = state.rejections == state.config.patrol_at - 1
        if is_mole:
            mates = _mole_mates(state, seat)
            approve = any(m in mates for m in team) or (not last_chance and rng.below(4) == 0)
            return {"type": VOTE_ACTION, "approve": approve}
        if last_chance:
            return {"type": VOTE_ACTION, "approve": True}
        suspicion = _suspicion(state, seat)
        worst = max(suspicion[m] for m in team)
        return {"type": VOTE_ACTION, "approve": worst < 1.0}
    if phase == CARDS:
        if not may_sabotage(state, seat):
            return {"type": PLAY_ACTION, "card": CLEAN}
        mates = _mole_mates(state, seat)
        # One Sabotage is enough: the lowest-seated known Mole on the team does it.
        if any(m in mates and m < seat for m in state.team or []):
            return {"type": PLAY_ACTION, "card": CLEAN}
        blown = sum(1 for lock in state.locks if lock.result == BLOWN)
        opened = sum(1 for lock in state.locks if lock.result == OPEN)
        pays = (
            blown == state.config.to_blow - 1
            or opened == state.config.to_open - 1
            or state.sabotages_left[seat] > 1
            or rng.below(3) > 0
        )
        return {"type": PLAY_ACTION, "card": SABOTAGE if pays else CLEAN}
    if phase == GETAWAY:
        mark = state.marks[seat]
        if mark != UNMARKED:
            return {"type": CONFIRM_ACTION}
        if is_mole:
            mates = _mole_mates(state, seat)
            informed = _voted_like_the_contact(state, mates)
            candidates = [s for s in range(state.n) if s not in mates]
            # Follow the teammates' live tally when someone is already marked.
            tally: dict[int, int] = {}
            for other, other_role in enumerate(state.roles):
                target = state.marks[other]
                if other_role in MOLE_ROLES and target not in (UNMARKED, None):
                    tally[target] = tally.get(target, 0) + 1  # type: ignore[index]
            if tally:
                target = max(sorted(tally), key=lambda s: tally[s])
            else:
                target = max(candidates, key=lambda s: (informed[s], rng.below(1000)))
            return {"type": MARK_ACTION, "target": target}
        if role == DRIVER:
            informed = _looks_like_contact(state, seat)
            others = [s for s in range(state.n) if s != seat]
            return {"type": MARK_ACTION, "target": max(others, key=lambda s: informed[s])}
        return {"type": MARK_ACTION, "target": None}
    raise ValueError(f"seat {seat} has nothing to do in phase {state.phase}")


BOTS = {"random": random_bot, "smart": smart_bot}

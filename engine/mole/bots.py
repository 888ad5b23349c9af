"""Bots: a random player that reaches every rule, and a simple sensible one.

A bot here is ``bot(view, rng) -> action``: it is given only the view of the seat it plays
(``view(state, seat)``, see ``engine.registry.seat_bots``), so it cannot use a secret that seat
does not hold. It draws from its own ``Rng``, never the game's, so the game's randomness stays a
function of its seed. Every action it returns is one ``apply`` accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mole.vocabulary import (
    BLOWN,
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
    NOBODY,
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
View = Mapping[str, Any]  # the seat's view: a dict, or the lazy view seat_bots passes


def _may_sabotage(me: dict[str, Any]) -> bool:
    return me["role"] in MOLE_ROLES and me["sabotages_left"] > 0


def random_bot(view: View, rng: Rng) -> Action:
    """A random legal action, drawn directly (no enumeration of teams): uniform in every phase
    but the Getaway, where a seat with a mark confirms it half the time and otherwise marks
    again uniformly (a seat's final mark is still uniform over every seat and nobody, without
    a dozen idle re-marks per seat)."""
    phase = view["phase"]
    if phase == VOTE:  # most moves: read nothing more of the view
        return {"type": VOTE_ACTION, "approve": rng.next_u64() >> 63 == 1}
    if phase == PROPOSE:
        n = view["players"]
        size = view["locks"][view["lock"]]["team_size"]
        pool = list(range(n))
        # A partial Fisher-Yates: the first `size` places are a uniform random subset.
        for i in range(size):
            j = i + rng.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return {"type": PROPOSE_ACTION, "team": sorted(pool[:size])}
    me = view["me"]
    if phase == CARDS:
        if _may_sabotage(me) and rng.next_u64() >> 63:
            return {"type": PLAY_ACTION, "card": SABOTAGE}
        return {"type": PLAY_ACTION, "card": CLEAN}
    # The Getaway: a mark of one of n seats or of nobody, or a confirm once a mark exists.
    if me["marked"] and rng.next_u64() >> 63:
        return {"type": CONFIRM_ACTION}
    pick = rng.below(view["players"] + 1)
    return {"type": MARK_ACTION, "target": pick if pick < view["players"] else None}


# --- the sensible bot ----------------------------------------------------------------------


def _played_locks(view: View) -> list[tuple[list[int], dict[str, Any]]]:
    """(team, lock) for every lock resolved by cards: the approved proposal for a lock is the
    team that played it."""
    locks = view["locks"]
    return [
        (proposal["team"], locks[proposal["lock"]])
        for proposal in view["proposals"]
        if proposal["approved"] and locks[proposal["lock"]]["by"] == CARDS
    ]


def _suspicion(view: View) -> list[float]:
    """How much this seat suspects each player, from what it knows and the public history."""
    me = view["me"]
    seat = view["seat"]
    score = [0.0] * view["players"]
    for team, lock in _played_locks(view):
        share = 2.0 * (lock["sabotages"] or 0) / len(team)
        for member in team:
            score[member] += share if lock["result"] == BLOWN else -0.3
    role = me["role"]
    learned = me["knows"]
    if role == CONTACT:
        for suspect in learned["suspects"]:
            score[suspect] += 5.0
    elif role == DOUBLE:
        score[learned["contact"]] -= 10.0
    elif role == LOOKOUT:  # an alibi clears a player a little (a Mole may hold back)
        for entry in me["file"]:
            if entry["alibi"] is not None:
                score[entry["alibi"]] -= 1.0
    score[seat] = -100.0  # everyone trusts themselves
    return score


def _mole_mates(view: View) -> set[int]:
    return {view["seat"], *view["me"]["knows"].get("moles", ())}


def _looks_like_contact(view: View) -> list[float]:
    """A player who voted against teams that later blew and for teams that opened looks
    informed, which is what the Contact (or the Double) looks like."""
    score = [0.0] * view["players"]
    locks = view["locks"]
    for proposal in view["proposals"]:
        if not proposal["approved"]:
            continue
        lock = locks[proposal["lock"]]
        if lock["by"] != CARDS:
            continue
        opened = lock["result"] == OPEN
        for voter, approve in enumerate(proposal["votes"]):
            score[voter] += 1.0 if approve == opened else -1.0
    return score


def _voted_like_the_contact(view: View, mates: set[int]) -> list[float]:
    """Seen by a Mole: who rejected the teams that held a Mole it knows and approved the others
    — the voting pattern of someone who knows where the Moles are."""
    score = [0.0] * view["players"]
    for proposal in view["proposals"]:
        holds_mole = not mates.isdisjoint(proposal["team"])
        for voter, approve in enumerate(proposal["votes"]):
            score[voter] += 1.0 if approve != holds_mole else -1.0
    return score


def smart_bot(view: View, rng: Rng) -> Action:
    """Plays its side sensibly: Moles sabotage when it pays and hunt the Contact; the Crew
    trusts those who were on open locks; the Contact avoids its suspects; the Driver protects
    whoever looks most like the Contact."""
    phase = view["phase"]
    me = view["me"]
    seat = view["seat"]
    n = view["players"]
    is_mole = me["role"] in MOLE_ROLES
    if phase == VOTE:
        return {"type": VOTE_ACTION, "approve": _approves(view, is_mole, rng)}
    if phase == PROPOSE:
        size = view["locks"][view["lock"]]["team_size"]
        suspicion = _suspicion(view)
        if is_mole:
            mates = _mole_mates(view)
            others = sorted(
                (s for s in range(n) if s not in mates),
                key=lambda s: (suspicion[s], rng.below(1000)),
            )
            team = [seat, *others[: size - 1]]
        else:
            team = sorted(range(n), key=lambda s: (suspicion[s], rng.below(1000)))[:size]
        return {"type": PROPOSE_ACTION, "team": sorted(team)}
    if phase == CARDS:
        return {"type": PLAY_ACTION, "card": SABOTAGE if _sabotages(view, rng) else CLEAN}
    if phase == GETAWAY:
        if me["marked"]:
            return {"type": CONFIRM_ACTION}
        return {"type": MARK_ACTION, "target": _getaway_mark(view, is_mole, rng)}
    raise AssertionError(f"no bot move in phase {phase}")  # seat_bots only asks an actor


def _approves(view: View, is_mole: bool, rng: Rng) -> bool:
    team: list[int] = view["team"] or []
    last_chance = view["rejections"] == view["patrol_at"] - 1
    if is_mole:
        holds_mate = not _mole_mates(view).isdisjoint(team)
        return holds_mate or (not last_chance and rng.below(4) == 0)
    if last_chance:
        return True
    suspicion = _suspicion(view)
    return max(suspicion[m] for m in team) < 1.0


def _sabotages(view: View, rng: Rng) -> bool:
    me = view["me"]
    if not _may_sabotage(me):
        return False
    mates = _mole_mates(view)
    # One Sabotage is enough: the lowest-seated known Mole on the team does it.
    if any(m in mates and m < view["seat"] for m in view["team"] or ()):
        return False
    results = [lock["result"] for lock in view["locks"]]
    return (
        results.count(BLOWN) == view["to_blow"] - 1
        or results.count(OPEN) == view["to_open"] - 1
        or me["sabotages_left"] > 1
        or rng.below(3) > 0
    )


def _getaway_mark(view: View, is_mole: bool, rng: Rng) -> int | None:
    me = view["me"]
    n = view["players"]
    seat = view["seat"]
    if is_mole:
        # Follow the teammates' live tally when someone is already marked, but never onto
        # itself or a Mole it knows (the Snitch, unknown to the Moles, may be their pick).
        mates = _mole_mates(view)
        tally = {
            int(s): c
            for s, c in me["tally"].items()
            if s != NOBODY and c > 0 and int(s) not in mates
        }
        if tally:
            return max(sorted(tally), key=lambda s: tally[s])
        informed = _voted_like_the_contact(view, mates)
        candidates = [s for s in range(n) if s not in mates]
        return max(candidates, key=lambda s: (informed[s], rng.below(1000)))
    if me["role"] == DRIVER:
        informed = _looks_like_contact(view)
        return max((s for s in range(n) if s != seat), key=lambda s: informed[s])
    return None


BOTS = {"random": random_bot, "smart": smart_bot}

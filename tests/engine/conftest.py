"""Per game, a twin of a state that differs only in what one seat (None: the table) cannot know.

The secrecy test of every game asks its hook (the ``scramblers`` fixture) for such a twin and
checks that the seat's view of it is identical. A new game adds its hook to ``SCRAMBLERS``: the
test fails until it does.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.insidejob import rules as insidejob_rules
from engine.insidejob.vocabulary import CARD_BY_NAME, TRAITORS
from engine.mole.state import UNMARKED
from engine.rng import Rng

MOLE_ROLES = ("mole", "snitch")


def _reshuffled(items: list[Any], rng: Rng) -> list[Any]:
    items = list(items)
    rng.shuffle(items)
    return items


def scramble_mole(state: Any, seat: int | None, rng: Rng) -> Any:
    """Other roles among the players this seat cannot tell apart; who played which card in
    every lock and the file's alibis (the Lookout's own aside); other Getaway marks (a Mole
    sees its team's tally: those stay); the game's generator, which only shuffles what is
    public later."""
    other = copy.deepcopy(state)
    n, roles = other.n, other.roles
    others = [s for s in range(n) if s != seat]
    mine = roles[seat] if seat is not None else None
    if mine in MOLE_ROLES:
        groups = [[s for s in others if roles[s] not in MOLE_ROLES]]
    elif mine == "contact":  # knows the set, not who in it is the decoy: keep the deal
        groups = []
    elif mine == "double":
        groups = [[s for s in others if roles[s] != "contact"]]
    else:
        groups = [others]
    for group in groups:
        for s, role in zip(group, _reshuffled([roles[s] for s in group], rng), strict=True):
            roles[s] = role
    if mine != "contact":
        other.decoy = None
        if state.decoy is not None:
            innocent = [s for s in range(n) if roles[s] not in MOLE_ROLES and roles[s] != "contact"]
            other.decoy = rng.choice(innocent)
        suspects = [s for s in range(n) if roles[s] in MOLE_ROLES]
        other.suspects = _reshuffled(suspects + [other.decoy] * (other.decoy is not None), rng)
    lookout = mine == "lookout"
    for lock in other.locks:
        if lock.plays is not None and not lookout:
            members = [s for s in lock.plays if s != seat]
            cards = _reshuffled([lock.plays[s] for s in members], rng)
            lock.plays.update(zip(members, cards, strict=True))
    if not lookout:  # the file's alibis are the Lookout's alone
        for entry in other.files:
            entry.alibi = rng.choice([*range(n), None])
    if other.team is not None:
        played = [s for s in other.team if s != seat and other.cards[s] is not None]
        for s, card in zip(played, _reshuffled([other.cards[s] for s in played], rng), strict=True):
            other.cards[s] = card
    for s in others:
        if (
            other.marks
            and other.marks[s] != UNMARKED
            and not (mine in MOLE_ROLES and roles[s] in MOLE_ROLES)
        ):
            other.marks[s] = rng.choice([*range(n), None])
        if not (mine in MOLE_ROLES and roles[s] in MOLE_ROLES):
            other.sabotages_left[s] = rng.below(3)
    other.rng = Rng(rng.next_u64())
    return other


def scramble_insidejob(state: Any, seat: int | None, rng: Rng) -> Any:
    """Other hands (now and as dealt) and the set-aside cards; hidden roles (but the
    Accomplice's partner, once looked at); the mission deck and the missions put aside; other
    players' ballots."""
    other = copy.deepcopy(state)
    n = other.config.players
    others = [s for s in range(n) if s != seat]
    pool = _reshuffled([c for s in others for c in other.hands[s]] + other.set_aside, rng)
    for s in others:
        size = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:size]), pool[size:]
    other.set_aside = sorted(pool)
    # The hands as dealt follow: what each other player held when it played off the led suit
    # (shown only in the final result) is a secret too.
    played: dict[int, list[int]] = {s: [] for s in range(n)}
    for entry in other.history:
        for card in entry["cards"]:
            played[card["seat"]].append(CARD_BY_NAME[card["card"]])
    for s in others:
        other.dealt[s] = sorted(other.hands[s] + played[s])
    known = {seat}
    if seat is not None and seat == other.accomplice and other.accomplice_of is not None:
        known.add(other.accomplice_of)
    hidden = [s for s in others if not other.revealed[s] and s not in known]
    for s, role in zip(hidden, _reshuffled([other.roles[s] for s in hidden], rng), strict=True):
        other.roles[s] = role
    other.traitor = next(s for s, r in enumerate(other.roles) if r in TRAITORS)
    missions = _reshuffled(other.deck + other.discarded, rng)
    other.deck = missions[: len(other.deck)]
    other.discarded = missions[len(other.deck) :]
    for voter in list(other.ballots):
        if voter != seat:
            first = insidejob_rules.vote_candidates(other, voter)[0]
            other.ballots[voter] = [first] * len(other.ballots[voter])
    other.rng = Rng(rng.next_u64())
    return other


SCRAMBLERS = {"mole": scramble_mole, "insidejob": scramble_insidejob}


@pytest.fixture
def scramblers():
    return SCRAMBLERS

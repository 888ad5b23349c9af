"""Scenario helpers: a table with a chosen deal, driven one action at a time."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from rigged_table import RiggedTable

from engine.mole import GAME
from engine.mole.config import make_config
from engine.mole.state import State
from engine.rng import Rng

MOLE_ROLES = ("mole", "snitch")


class Table(RiggedTable):
    """One game with a rigged deal (roles by seat) so a scenario can name who is who."""

    game = GAME

    def __init__(
        self,
        roles: list[str],
        variants: Iterable[str] = (),
        first_boss: int = 0,
        decoy: int | None = None,
        seed: int = 0,
    ) -> None:
        self.config = make_config(players=len(roles), variants=list(variants))
        suspects = [s for s, r in enumerate(roles) if r in MOLE_ROLES]
        suspects += [] if decoy is None else [decoy]
        self.state = State(self.config, seed, Rng(seed), list(roles), decoy, suspects, first_boss)
        self.n = len(roles)

    def propose(self, team: Iterable[int]) -> None:
        self.act(self.state.boss, {"type": "propose", "team": list(team)})

    def vote(self, approvers: Iterable[int]) -> None:
        approvers = set(approvers)
        for seat in range(self.n):
            self.act(seat, {"type": "vote", "approve": seat in approvers})

    def reject(self, team: Iterable[int] | None = None) -> None:
        size = self.state.locks[self.state.lock].team_size
        self.propose(range(size) if team is None else team)
        self.vote([])

    def play(self, saboteurs: Iterable[int] = ()) -> None:
        saboteurs = set(saboteurs)
        for seat in list(self.state.team):
            card = "sabotage" if seat in saboteurs else "clean"
            self.act(seat, {"type": "play", "card": card})

    def run_lock(self, team: Iterable[int], saboteurs: Iterable[int] = ()) -> None:
        """Propose the team, everyone approves, the team plays."""
        self.propose(team)
        self.vote(range(self.n))
        self.play(saboteurs)

    def open_locks(self, count: int) -> None:
        """Open locks with all-Clean teams of the first seats."""
        for _ in range(count):
            size = self.state.locks[self.state.lock].team_size
            self.run_lock(range(size))

    def mark_all(self, marks: dict[int, int | None], default: int | None = None) -> None:
        """Every seat marks (its entry in ``marks``, else ``default``) and confirms."""
        for seat in range(self.n):
            self.act(seat, {"type": "mark", "target": marks.get(seat, default)})
        for seat in range(self.n):
            self.act(seat, {"type": "confirm"})

    def view(self, seat: int | None) -> dict[str, Any]:
        return GAME.view(self.state, seat)


# Deals used across the scenario files (seat -> role).
DEALS = {
    "five": ["mole", "contact", "lookout", "mole", "driver"],
    "six": ["mole", "contact", "lookout", "mole", "driver", "double"],
    "seven": ["contact", "mole", "lookout", "snitch", "driver", "double", "mole"],
    "eight": ["crew", "mole", "contact", "snitch", "lookout", "mole", "double", "driver"],
}


@pytest.fixture
def new_table():
    """new_table("seven" or a list of roles, variants=..., first_boss=..., decoy=...)."""

    def make(roles: str | list[str], **options: Any) -> Table:
        return Table(DEALS[roles] if isinstance(roles, str) else roles, **options)

    return make


@pytest.fixture
def five() -> Table:
    return Table(DEALS["five"])


@pytest.fixture
def seven() -> Table:
    return Table(DEALS["seven"])


@pytest.fixture
def eight() -> Table:
    return Table(DEALS["eight"], decoy=0)

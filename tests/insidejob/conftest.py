"""Scenario helpers for Inside Job: a table with a rigged deal, driven one action at a time."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from rigged_table import RiggedTable

from engine.insidejob import GAME
from engine.insidejob.config import make_config
from engine.insidejob.state import begin_trick, new_state
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    CARD_BY_NAME,
    INTEL_TOKENS,
    MICROPHONE,
    PHASE_ACCOMPLICE,
    SPECIAL_ROLES,
    TRAITORS,
)


class Table(RiggedTable):
    """One game whose roles, hands, Intel, start player and mission draws a scenario chooses.

    ``hands`` are strings like ``"B7 R3 G13"`` per seat, all of one length: with the final hand
    size plus one card each, a single trick leads to the vote.
    """

    game = GAME

    def __init__(
        self,
        roles: list[str],
        hands: list[str] | None = None,
        variants: Iterable[str] = (),
        start: int = 0,
        missions: Iterable[str] = (),
        intel: list[int] | None = None,
        seed: int = 0,
    ) -> None:
        self.n = len(roles)
        # The lobby's options: those asked for plus every special role in the rigged deal.
        options = list(variants) + [r for r in roles if r in SPECIAL_ROLES and r not in variants]
        self.config = make_config(players=self.n, variants=options)
        state = new_state(self.config, seed)
        state.roles = list(roles)
        state.traitor = next(s for s, r in enumerate(roles) if r in TRAITORS)
        state.microphone = roles.index(MICROPHONE) if MICROPHONE in roles else None
        state.accomplice = roles.index(ACCOMPLICE) if ACCOMPLICE in roles else None
        state.revealed = [r in (MICROPHONE, ACCOMPLICE) for r in roles]
        state.intel = intel or [0 if r == ACCOMPLICE else 1 for r in roles]
        state.supply = INTEL_TOKENS - sum(state.intel)
        if hands is not None:
            state.hands = [sorted(CARD_BY_NAME[c] for c in hand.split()) for hand in hands]
            state.dealt = [list(h) for h in state.hands]
            used = {c for h in state.hands for c in h}
            state.set_aside = [c for c in range(52) if c not in used]
        state.deck += state.drawn  # whatever the real deal drew goes back
        state.drawn = []
        wanted = list(missions)
        state.deck = [m for m in state.deck if m not in wanted] + wanted[::-1]
        state.start = state.first_start = start
        state.accomplice_of = None
        if state.accomplice is not None:
            state.phase, state.turn = PHASE_ACCOMPLICE, state.accomplice
        else:
            begin_trick(state)
        self.state = state

    def keep(self, index: int = 0) -> None:
        self.act(self.state.start, {"type": "choose_mission", "keep": index})

    def play(self, card: str, wager: bool | None = None) -> None:
        """The seat on turn plays card; with wager set, it then answers the wager question."""
        self.act(self.state.turn, {"type": "play", "card": card})
        if wager is not None:
            self.act(self.state.turn, {"type": "wager", "wager": wager})

    def trick(self, cards: str, wagers: Iterable[int] = (), keep: int | None = 0) -> None:
        """Keep a mission (unless keep is None), then play cards in turn order; the seats in
        wagers put a token on their card, everyone else who may wager declines."""
        if keep is not None:
            self.keep(keep)
        wagers = set(wagers)
        for card in cards.split():
            seat = self.state.turn
            self.act(seat, {"type": "play", "card": card})
            if self.state.phase == "wager":
                self.act(seat, {"type": "wager", "wager": seat in wagers})

    def vote(self, ballots: dict[int, int | list[int]]) -> None:
        for seat, choice in ballots.items():
            key = "seats" if isinstance(choice, list) else "seat"
            self.act(seat, {"type": "vote", key: choice})

    def view(self, seat: int | None) -> dict[str, Any]:
        return GAME.view(self.state, seat)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result


@pytest.fixture
def table():
    """table(roles, **options) -> Table; roles as a list or a space-separated string."""

    def make(roles: str | list[str], **options: Any) -> Table:
        return Table(roles.split() if isinstance(roles, str) else roles, **options)

    return make

"""The whole state of one Inside Job game. Only rules.py changes it; views.py reads it."""

from __future__ import annotations

from typing import Any

from engine.insidejob.config import Config
from engine.rng import Rng


class State:
    """Everything about one game, secrets included. Cards are ints 0..51 (see vocabulary)."""

    __slots__ = (
        "accomplice",
        "accomplice_of",
        "ballots",
        "completed",
        "config",
        "dealt",
        "deck",
        "discarded",
        "drawn",
        "failed",
        "first_start",
        "hands",
        "history",
        "intel",
        "log",
        "microphone",
        "mission",
        "phase",
        "result",
        "revealed",
        "rng",
        "roles",
        "seed",
        "set_aside",
        "start",
        "supply",
        "traitor",
        "trick_cards",
        "trick_seats",
        "trick_wagered",
        "turn",
        "vote",
        "voters",
    )

    def __init__(self, config: Config, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.rng = Rng(seed)
        self.log: list[dict[str, Any]] = []  # every accepted action: {"seat", "action"}
        self.roles: list[str] = []
        self.traitor = 0  # the Insider's (or the Professional's) seat
        self.microphone: int | None = None  # the Agent with a Microphone's seat
        self.accomplice: int | None = None  # the Accomplice's seat
        self.accomplice_of: int | None = None  # the seat the Accomplice looked at
        self.hands: list[list[int]] = []  # each sorted
        self.dealt: list[list[int]] = []  # the hands as dealt, for the record
        self.set_aside: list[int] = []  # unseen all game
        self.intel: list[int] = []
        self.supply = 0
        self.revealed: list[bool] = []
        self.deck: list[str] = []  # mission ids; the top card is the last
        self.drawn: list[str] = []  # the two missions the start player is choosing from
        self.discarded: list[str] = []  # one per trick, unseen by anyone (record only)
        self.mission: str | None = None  # the kept mission of the trick in play
        self.first_start = 0
        self.start = 0
        self.turn = 0  # the seat to act in the accomplice/mission/play/wager phases
        self.phase = ""
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.trick_wagered: list[bool] = []
        self.completed: list[str] = []
        self.failed: list[str] = []
        self.history: list[dict[str, Any]] = []  # one public entry per finished trick
        self.voters: list[int] = []  # who must vote, in seat order
        self.ballots: dict[int, list[int]] = {}  # voter -> the seats named (two for Paranoid)
        self.vote: dict[str, Any] | None = None  # the counted vote
        self.result: dict[str, Any] | None = None

    def snapshot(self) -> tuple:
        """A deep, comparable copy of every field (for "state unchanged" checks)."""
        return tuple(
            (name, _frozen(getattr(self, name)) if name != "rng" else self.rng.state)
            for name in self.__slots__
        )


def _frozen(value: Any) -> Any:
    """An immutable deep copy of plain data (faster than copy.deepcopy for these shapes)."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    return value

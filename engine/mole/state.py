"""The state of one game of Mole in the Crew, and the deal that creates it.

The state is plain data: lists indexed by seat, the seeded ``Rng`` every random draw comes from,
and the log of accepted actions. It is mutated only by ``engine.mole.rules.apply``.
"""

from __future__ import annotations

import json
from typing import Any

from engine.frozen import FrozenDict, FrozenList
from engine.mole.config import MoleConfig
from engine.mole.vocabulary import (
    CONTACT,
    CREW,
    DOUBLE,
    DRIVER,
    LOOKOUT,
    MOLE,
    MOLE_ROLES,
    PROPOSE,
    SNITCH,
)
from engine.rng import Rng, check_seed

UNMARKED = -1  # a Getaway mark not yet made (None means "nobody")


class Lock:
    """One lock of the vault: its team size and, once resolved, how it went."""

    __slots__ = ("by", "cards", "plays", "public", "result", "sabotages", "team", "team_size")

    def __init__(self, team_size: int) -> None:
        self.team_size = team_size
        self.result: str | None = None  # "open" | "blown"
        self.by: str | None = None  # "cards" | "patrol"
        self.sabotages: int | None = None
        self.cards: list[str] | None = None  # the shuffled reveal order
        self.team: list[int] | None = None  # the team that played it (by cards)
        self.plays: dict[int, str] | None = None  # seat -> card (secret until the end)
        self.public: dict[str, Any] = {}
        self.publish()

    def publish(self) -> None:
        """Remake what the board shows of this lock (after it resolves): frozen, so every view
        shares it."""
        cards = self.cards
        self.public = FrozenDict(
            {
                "team_size": self.team_size,
                "result": self.result,
                "by": self.by,
                "sabotages": self.sabotages,
                "cards": FrozenList(cards) if cards is not None else None,
            }
        )


class FileEntry:
    """What the file holds after a lock blown by cards: an alibi for the Lookout only."""

    __slots__ = ("alibi", "lock", "readable_after")

    def __init__(self, lock: int, alibi: int | None, readable_after: int) -> None:
        self.lock = lock
        self.alibi = alibi  # a seat, or None when no Clean player other than the Lookout
        # The file arrives at the next voting turn: readable once more proposals than this
        # have been made.
        self.readable_after = readable_after


class State:
    __slots__ = (
        "boss",
        "card_count",
        "cards",
        "config",
        "confirmed",
        "confirmed_count",
        "decoy",
        "files",
        "first_boss",
        "lock",
        "locks",
        "log",
        "marks",
        "n",
        "phase",
        "proposal_count",
        "proposals",
        "rejections",
        "result",
        "rng",
        "roles",
        "sabotages_left",
        "seed",
        "suspects",
        "team",
        "vote_count",
        "votes",
        "waiting",
    )

    def __init__(
        self,
        config: MoleConfig,
        seed: int,
        rng: Rng,
        roles: list[str],
        decoy: int | None,
        suspects: list[int],
        first_boss: int,
    ) -> None:
        n = config.players
        self.config = config
        self.n = n
        self.seed = seed
        self.rng = rng
        self.roles = roles
        self.decoy = decoy
        self.suspects = suspects  # the Contact's set, in the order shown
        self.first_boss = first_boss
        self.sabotages_left = [config.sabotages_per_mole if r in MOLE_ROLES else 0 for r in roles]

        self.phase = PROPOSE
        self.locks = [Lock(size) for size in config.team_sizes]
        self.lock = 0
        self.boss = first_boss
        self.rejections = 0
        self.proposal_count = 0  # proposals made, including one being voted on
        self.proposals: list[dict[str, Any]] = []  # completed votes, public
        self.team: list[int] | None = None
        self.votes: list[bool | None] = [None] * n
        self.vote_count = 0
        self.cards: list[str | None] = [None] * n
        self.card_count = 0
        self.files: list[FileEntry] = []
        self.marks: list[int | None] = []  # by seat once the Getaway starts
        self.confirmed: list[bool] = []
        self.confirmed_count = 0
        self.result: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        # The seats that may act now (expected_seats), kept up to date by every action rather
        # than rebuilt from the votes, cards or confirms each time it is asked: the host and
        # the simulator ask before every action (engine.mole.rules._enter).
        self.waiting: frozenset[int] = frozenset((first_boss,))


def deal_roles(config: MoleConfig) -> list[str]:
    """The roles in the box for this table, before shuffling: Crew side filled in the rules'
    order (Contact, Lookout, Driver, Double, plain Crew), then the Moles."""
    moles = [SNITCH] + [MOLE] * (config.moles - 1) if config.snitch else [MOLE] * config.moles
    crew_side = [CONTACT, LOOKOUT, DRIVER] + ([DOUBLE] if config.double else [])
    crew_side += [CREW] * (config.players - len(moles) - len(crew_side))
    return crew_side + moles


def new_state(config: MoleConfig, seed: int) -> State:
    """Deal a game: shuffle roles, draw the decoy, order the Contact's set, draw the first Boss.

    Raises InvalidConfig ``bad_field`` if the seed is not an integer (the config is already
    validated).
    """
    check_seed(seed)
    rng = Rng(seed)
    roles = deal_roles(config)
    rng.shuffle(roles)
    decoy = None
    if config.decoy:
        innocents = [s for s, r in enumerate(roles) if r not in MOLE_ROLES and r != CONTACT]
        decoy = rng.choice(innocents)
    suspects = [s for s, r in enumerate(roles) if r in MOLE_ROLES]
    if decoy is not None:
        suspects.append(decoy)
    rng.shuffle(suspects)
    first_boss = rng.below(config.players)
    return State(config, seed, rng, roles, decoy, suspects, first_boss)


def snapshot(state: State) -> dict[str, Any]:
    """A deep, comparable copy of everything in the state: containers are frozen as JSON text
    (lock and file objects by their fields), the Rng by its one integer."""
    out: dict[str, Any] = {}
    for name in State.__slots__:
        value = getattr(state, name)
        if name == "rng":
            value = value.state
        elif isinstance(value, (list, dict)):
            value = json.dumps(value, default=_fields)
        out[name] = value
    return out


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__slots__}

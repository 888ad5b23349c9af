"""The whole state of one Inside Job game, and the deal that creates it.

Only rules.py changes a state after the deal; views.py reads it.
"""

from __future__ import annotations

from typing import Any

from engine.frozen import FrozenList
from engine.insidejob.config import Config
from engine.insidejob.missions import deck_ids
from engine.insidejob.vocabulary import (
    ACCOMPLICE,
    AGENT,
    CARD_NAMES,
    CARD_SUIT,
    DECK_SIZE,
    INSIDER,
    INTEL_TOKENS,
    MICROPHONE,
    PHASE_ACCOMPLICE,
    PHASE_MISSION,
    PROFESSIONAL,
)
from engine.rng import Rng, check_seed


class Hand(list[int]):
    """A seat's cards, sorted ids; and in ``by_suit``, per suit index, the names of its cards
    of that suit, in the same order. Views show names, and a bot reads the cards it may play
    (the led suit's, or the whole hand) on every move of a trick: indexing ``by_suit`` is far
    cheaper than naming and filtering the cards again. ``rules._play`` takes a card out of
    both. A hand set as a plain list (as tests do) has no ``by_suit``: views name its cards."""

    __slots__ = ("by_suit",)

    by_suit: tuple[list[str], ...]


def hand_of(cards: list[int]) -> Hand:
    hand = Hand(sorted(cards))
    by_suit: tuple[list[str], ...] = ([], [], [], [])  # one per suit of SUITS
    for card in hand:  # one pass: cheaper than a filtered comprehension per suit
        by_suit[CARD_SUIT[card]].append(CARD_NAMES[card])
    hand.by_suit = by_suit
    return hand


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
        "follow",
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
        "trick_follow",
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
        self.hands: list[list[int]] = []  # each sorted; a Hand after the deal
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
        # The seat to act in the accomplice/mission/play/wager phases; NO_TURN in the vote and
        # once over (engine.actions.Turned: apply lets the seat on turn through untested).
        self.turn = 0
        self.phase = ""
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.trick_wagered: list[bool] = []
        # How each card of the trick in play was played (led, followed, could not, chose not:
        # see outcome.follows), noted as it is played, when the hand is at hand; one frozen row
        # per finished trick in ``follow``, for the result.
        self.trick_follow: list[str] = []
        self.follow: list[FrozenList] = []
        self.completed: list[str] = []
        self.failed: list[str] = []
        # One entry per finished trick, in its public form (see views), frozen once the trick's
        # checks are done: views share the entries instead of copying them.
        self.history: list[dict[str, Any]] = []
        self.voters: list[int] = []  # who must vote, in seat order
        self.ballots: dict[int, list[int]] = {}  # voter -> the seats named (two for Paranoid)
        self.vote: dict[str, Any] | None = None  # the counted vote
        self.result: dict[str, Any] | None = None

    def snapshot(self) -> tuple[Any, ...]:
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


def new_state(config: Config, seed: int) -> State:
    """Deal: roles, hands, the set-aside cards, the mission deck, Intel, a random start player;
    then the Accomplice's look, or the first trick's two missions.

    Raises InvalidConfig ``bad_field`` if the seed is not an integer.
    """
    check_seed(seed)
    state = State(config, seed)
    rng = state.rng
    n = config.players
    traitor = PROFESSIONAL if config.professional else INSIDER
    roles = [traitor, *(r for r in config.special_roles if r != PROFESSIONAL)]
    roles += [AGENT] * (n - len(roles))
    rng.shuffle(roles)
    state.roles = roles
    state.traitor = roles.index(traitor)
    state.microphone = roles.index(MICROPHONE) if MICROPHONE in roles else None
    state.accomplice = roles.index(ACCOMPLICE) if ACCOMPLICE in roles else None

    cards = list(range(DECK_SIZE))
    rng.shuffle(cards)
    size = config.hand_size
    state.hands = [hand_of(cards[i * size : (i + 1) * size]) for i in range(n)]
    state.dealt = [list(hand) for hand in state.hands]
    state.set_aside = sorted(cards[n * size :])

    deck = deck_ids(config.wagers, config.risky_in_deck)
    rng.shuffle(deck)
    state.deck = deck

    # The Accomplice holds no Intel: its starting token stays in the supply.
    state.intel = [0 if role == ACCOMPLICE else 1 for role in roles]
    state.supply = INTEL_TOKENS - sum(state.intel)
    # The Microphone and the Accomplice are revealed at the deal.
    state.revealed = [role in (MICROPHONE, ACCOMPLICE) for role in roles]
    state.first_start = state.start = rng.below(n)

    if state.accomplice is not None:
        state.phase = PHASE_ACCOMPLICE
        state.turn = state.accomplice
    else:
        begin_trick(state)
    return state


def begin_trick(state: State) -> None:
    """The start player draws the top two missions to choose from."""
    state.drawn = [state.deck.pop(), state.deck.pop()]
    state.mission = None
    state.phase = PHASE_MISSION
    state.turn = state.start
    state.trick_seats = []
    state.trick_cards = []
    state.trick_wagered = []
    state.trick_follow = []

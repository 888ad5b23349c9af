"""The mission cards: an objective (a small pure function of the finished trick) and a trump suit.

An objective reads a :class:`FinishedTrick` and answers whether it holds. "Cards" are the cards of
the trick in play order; a wagered card's suit is the trump suit (``suits`` already says so).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.frozen import frozen
from engine.insidejob.vocabulary import SUITS


class FinishedTrick(NamedTuple):
    values: tuple[int, ...]  # in play order
    suits: tuple[int, ...]  # effective suits: a wagered card counts as the trump suit
    wagered: tuple[bool, ...]
    trump: int
    winner: int  # index in play order of the winning card


def all_odd(t: FinishedTrick) -> bool:
    return all(v % 2 == 1 for v in t.values)


def all_even(t: FinishedTrick) -> bool:
    return all(v % 2 == 0 for v in t.values)


def descending(t: FinishedTrick) -> bool:
    return all(later < earlier for earlier, later in zip(t.values, t.values[1:], strict=False))


def ascending(t: FinishedTrick) -> bool:
    return all(later > earlier for earlier, later in zip(t.values, t.values[1:], strict=False))


def one_suit(t: FinishedTrick) -> bool:
    return len(set(t.suits)) == 1


def first_wins(t: FinishedTrick) -> bool:
    return t.winner == 0


def last_wins(t: FinishedTrick) -> bool:
    return t.winner == len(t.values) - 1


def second_wins(t: FinishedTrick) -> bool:
    return t.winner == 1


def all_below_7(t: FinishedTrick) -> bool:
    return all(v < 7 for v in t.values)


def last_lowest(t: FinishedTrick) -> bool:
    # Settled here: an equal value elsewhere does not spoil it (no card is lower than the last).
    return t.values[-1] == min(t.values)


def third_wagered(t: FinishedTrick) -> bool:
    return len(t.wagered) >= 3 and t.wagered[2]


def first_last_same_suit(t: FinishedTrick) -> bool:
    return t.suits[0] == t.suits[-1]


def winner_is_trump(t: FinishedTrick) -> bool:
    return t.suits[t.winner] == t.trump


def no_trump(t: FinishedTrick) -> bool:
    return t.trump not in t.suits


def winner_10_plus(t: FinishedTrick) -> bool:
    return t.values[t.winner] >= 10


def three_suits(t: FinishedTrick) -> bool:
    return len(set(t.suits)) >= 3


def winner_odd(t: FinishedTrick) -> bool:
    return t.values[t.winner] % 2 == 1


def shared_value(t: FinishedTrick) -> bool:
    return len(set(t.values)) < len(t.values)


def led_suit_wins(t: FinishedTrick) -> bool:
    return t.suits[t.winner] == t.suits[0]


def all_above_6(t: FinishedTrick) -> bool:
    return all(v > 6 for v in t.values)


OBJECTIVES: dict[str, Callable[[FinishedTrick], bool]] = {
    f.__name__: f
    for f in (
        all_odd,
        all_even,
        descending,
        ascending,
        one_suit,
        first_wins,
        last_wins,
        second_wins,
        all_below_7,
        last_lowest,
        third_wagered,
        first_last_same_suit,
        winner_is_trump,
        no_trump,
        winner_10_plus,
        three_suits,
        winner_odd,
        shared_value,
        led_suit_wins,
        all_above_6,
    )
}


class Mission(NamedTuple):
    id: str
    objective: str
    trump: int  # suit index
    risky: bool

    def holds(self, trick: FinishedTrick) -> bool:
        return OBJECTIVES[self.objective](trick)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "objective": self.objective,
            "trump": SUITS[self.trump],
            "risky": self.risky,
        }


_B, _R, _G, _Y = range(4)
# Six missions per trump suit. m24 needs Wagers; without them m25 takes its place.
_REGULAR = (
    ("all_odd", _B),
    ("descending", _B),
    ("first_wins", _B),
    ("all_below_7", _B),
    ("winner_10_plus", _B),
    ("three_suits", _B),
    ("all_even", _R),
    ("ascending", _R),
    ("last_wins", _R),
    ("last_lowest", _R),
    ("winner_is_trump", _R),
    ("first_last_same_suit", _R),
    ("one_suit", _G),
    ("second_wins", _G),
    ("no_trump", _G),
    ("winner_odd", _G),
    ("shared_value", _G),
    ("led_suit_wins", _Y),
    ("all_above_6", _Y),
    ("winner_is_trump", _Y),
    ("no_trump", _Y),
    ("first_wins", _Y),
    ("last_wins", _Y),
    ("third_wagered", _G),
    ("three_suits", _G),
)
# The Risky missions: the trick's winner takes 2 Intel, and the objective is a hard one.
_RISKY = (
    ("descending", _B),
    ("ascending", _R),
    ("one_suit", _G),
    ("first_last_same_suit", _Y),
)

MISSIONS: dict[str, Mission] = {}
for _number, (_objective, _trump) in enumerate(_REGULAR, start=1):
    MISSIONS[f"m{_number:02d}"] = Mission(f"m{_number:02d}", _objective, _trump, False)
for _number, (_objective, _trump) in enumerate(_RISKY, start=1):
    MISSIONS[f"r{_number}"] = Mission(f"r{_number}", _objective, _trump, True)

# Each mission as views show it, made once and shared.
MISSION_VIEWS: dict[str, dict[str, Any]] = {
    mission_id: frozen(m.to_json()) for mission_id, m in MISSIONS.items()
}

WAGERS_ONLY_MISSION = "m24"
NO_WAGERS_MISSION = "m25"
RISKY_MISSIONS = ("r1", "r2", "r3", "r4")


# The decks, made once: every deal asks for one (formatting the ids cost a fifth of a deal).
_DECKS = {
    (wagers, risky): (
        *(f"m{n:02d}" for n in range(1, 24)),
        WAGERS_ONLY_MISSION if wagers else NO_WAGERS_MISSION,
        *(RISKY_MISSIONS if risky else ()),
    )
    for wagers in (False, True)
    for risky in (False, True)
}


def deck_ids(wagers: bool, risky: bool) -> list[str]:
    """The mission ids in the deck for these options (unshuffled): 24, plus 4 Risky ones. The
    caller's own list."""
    return list(_DECKS[bool(wagers), bool(risky)])

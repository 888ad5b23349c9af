"""Seeded randomness that lives inside a game state.

A tiny SplitMix64 generator: its whole state is one integer, so it copies, compares and
serialises for free, and the same seed gives the same game on every Python version (unlike
``random.Random``, whose algorithms for ``shuffle``/``choice`` are not promised to stay put).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from engine.errors import InvalidConfig

T = TypeVar("T")

_MASK = (1 << 64) - 1


def check_seed(seed: object) -> None:
    """A game's seed is an integer; raises InvalidConfig ``bad_field`` otherwise."""
    if type(seed) is not int:
        raise InvalidConfig("bad_field", "the seed is an integer", field="seed")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The bias of the multiply-shift is below 2**-50 for any
        n a board game uses."""
        if n <= 0:
            raise ValueError("n must be positive")
        # next_u64 inlined: bots and shuffles call this on every move.
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: ``j = below(i + 1)`` for each place from the last, with
        below inlined and the state kept in a local (a deal shuffles a whole deck)."""
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            x = z = (z + 0x9E3779B97F4A7C15) & _MASK
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((x ^ (x >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def copy(self) -> Rng:
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"

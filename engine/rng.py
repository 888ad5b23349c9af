"""Seeded randomness that lives inside a game state.

A tiny SplitMix64 generator: its whole state is one integer, so it copies, compares and
serialises for free, and the same seed gives the same game on every Python version (unlike
``random.Random``, whose algorithms for ``shuffle``/``choice`` are not promised to stay put).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import TypeVar

from engine.errors import InvalidConfig

T = TypeVar("T")

_MASK = (1 << 64) - 1


def check_seed(seed: object) -> None:
    """A game's seed is an integer; raises InvalidConfig ``bad_field`` otherwise."""
    if type(seed) is not int:
        raise InvalidConfig("bad_field", "the seed is an integer", field="seed")


class Rng:
    """SplitMix64. Its outputs are computed a batch at a time (``_draws``) and handed out one
    by one: the arithmetic on 64-bit numbers is most of a draw's cost in Python, and a batch
    does it for all its outputs at once. ``state`` is the generator's state after the outputs
    handed out so far, exactly as if each had been made alone; setting it drops the batch."""

    __slots__ = ("_ahead", "_base", "_made")

    _ahead: list[int]  # the batch's outputs not handed out yet, the next one last
    _base: int  # the state the batch was drawn from
    _made: int  # how many outputs the batch held

    def __init__(self, seed: int) -> None:
        self._base = seed & _MASK  # the state's setter, inline: a game makes two generators
        self._ahead = []
        self._made = 0

    @property
    def state(self) -> int:
        return (self._base + (self._made - len(self._ahead)) * _GAMMA) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._base = value & _MASK
        self._ahead = []
        self._made = 0

    def _draw_ahead(self) -> None:
        """The next batch, into ``_ahead`` (the same list: callers hold it). Each batch is
        twice the last, from one output: a game's own generator makes a draw or two beyond its
        shuffles, a bot's makes dozens."""
        base = self._base = (self._base + self._made * _GAMMA) & _MASK
        count = self._made = min(_PACKED_MOST, 2 * self._made) or 1
        if count == 1:  # one output alone is cheaper than a batch of one
            z = (base + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            self._ahead.append(z ^ (z >> 31))
            return
        outputs = list(_draws(base, count))
        outputs.reverse()
        self._ahead.extend(outputs)

    def next_u64(self) -> int:
        ahead = self._ahead
        if not ahead:
            self._draw_ahead()
        return ahead.pop()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The bias of the multiply-shift is below 2**-50 for any
        n a board game uses."""
        if n <= 0:
            raise ValueError("n must be positive")
        # next_u64 inlined: bots and shuffles call this on every move.
        ahead = self._ahead
        if not ahead:
            self._draw_ahead()
        return (ahead.pop() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: ``j = below(i + 1)`` for each place ``i`` from the last. The
        draws of a list of up to 65 items are made all at once (``_draws``), the same numbers
        as one at a time: a deal shuffles a deck, and the generator's arithmetic is most of it."""
        count = len(items)
        if count < 2:
            return
        z = self.state
        if count <= _PACKED_MOST + 1:
            outputs: Iterable[int] = _draws(z, count - 1)
            self.state = (z + (count - 1) * _GAMMA) & _MASK
        else:
            outputs = self._outputs(count - 1)
        i = count - 1
        for output in outputs:
            j = (output * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1

    def _outputs(self, count: int) -> list[int]:
        """The next ``count`` outputs of next_u64, one at a time."""
        return [self.next_u64() for _ in range(count)]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def copy(self) -> Rng:
        return Rng(self.state)

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        # copy, deepcopy and pickle: a generator of the same state with no batch of its own (a
        # copy sharing the batch's list would take its outputs from the original).
        return (Rng, (self.state,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"


# SplitMix64's constants: the step (golden ratio), then the two multipliers of its mix.
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LANE = 128  # bits per draw in _draws: room for a 64-bit value times a 64-bit multiplier
_PACKED_MOST = 64  # the most draws _draws makes at once (its constants are kept per count)
# count -> (lane repunit, the steps 1..count in lanes times _GAMMA, lane masks, unpacker, bytes)
_PACKED: dict[int, tuple[int, int, int, Callable[[bytes], tuple[int, ...]], int]] = {}


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of ``Rng(state).next_u64()``, computed together: lane k of one
    large integer holds the generator's state after k + 1 steps, and each step of the mix (a
    shift and xor, a multiply modulo 2**64) is one operation on all lanes at once. A lane is
    128 bits wide, so a product never reaches the next lane; the masks cut each lane back to 64
    bits, and the bits a right shift brings down from the next lane."""
    packed = _PACKED.get(count)
    if packed is None:
        ones = sum(1 << (_LANE * k) for k in range(count))
        steps = sum((k + 1) << (_LANE * k) for k in range(count))
        read = struct.Struct("<" + "Q8x" * count).unpack
        packed = _PACKED[count] = (ones, steps * _GAMMA, ones * _MASK, read, 16 * count)
    ones, steps, masks, unpack, size = packed
    x = (state * ones + steps) & masks
    x ^= (x >> 30) & masks
    x = (x * _MIX1) & masks
    x ^= (x >> 27) & masks
    x = (x * _MIX2) & masks
    x ^= (x >> 31) & masks
    return unpack(x.to_bytes(size, "little"))

"""A seat's view computed key by key, for bots: the same data as ``view(state, seat)``, built
only as far as it is read.

A bot moves once per state and reads a few keys of the view (the random bots: the phase and two
or three of ``me``), yet building the whole view cost as much as the rest of the move. A game's
views module describes its view as parts, one function per key, and builds its full views from
those same parts; ``LazyView`` calls a part the first time its key is read and keeps the value.
So a bot reads exactly what the full view would hold, never more (``tests/engine`` compares the
two on every state of random games), and the value of a key is the caller's own, as in a view.

A lazy view reads the live state, so it is valid only while the state stays as it was:
``seat_bots`` closes it when the bot returns, and any later read raises ``RuntimeError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

# key -> part(state, seat) -> the value the view holds under that key
Parts = Mapping[str, Callable[[Any, Any], Any]]


def build(parts: Parts, state: Any, seat: Any) -> dict[str, Any]:
    """The full view: every part, in the parts' order."""
    return {key: part(state, seat) for key, part in parts.items()}


class Nested:
    """A part that is itself a view of parts (a seat's ``me``): a dict in the full view, a
    ``LazyView`` reading the same state in a lazy one."""

    __slots__ = ("parts",)

    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    def __call__(self, state: Any, seat: Any) -> dict[str, Any]:
        return build(self.parts, state, seat)


class LazyView(Mapping[str, Any]):
    """A read-only mapping equal to ``build(parts, state, seat)``; a ``Nested`` part reads as
    a ``LazyView`` of the same state, closed with this one. Made by ``open_view``."""

    __slots__ = ("_nested", "_parts", "_seat", "_state", "_values")

    _nested: LazyView | None  # a view's one nested part (``me``) once read
    _parts: Parts
    _seat: Any
    _state: Any
    _values: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        values = self._values
        if key in values:
            return values[key]
        part = self._parts[key]  # KeyError for a key the view does not have, as a dict
        state = self._state
        if state is None:
            raise RuntimeError("a bot's view is read after the bot returned")
        if type(part) is Nested:
            value = values[key] = self._nested = open_view(part.parts, state, self._seat)
        else:
            value = values[key] = part(state, self._seat)
        return value

    # Mapping's own get and `in` go through __getitem__ and a KeyError.
    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self._parts else default

    def __contains__(self, key: object) -> bool:
        return key in self._parts

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)

    def __repr__(self) -> str:
        return f"LazyView({sorted(self._values)} of {list(self._parts)})"

    def close(self) -> None:
        """Stop reading the state: this view and those nested in it keep only what was read."""
        self._state = None
        nested = self._nested
        if nested is not None:
            nested.close()


_new = object.__new__


def open_view(parts: Parts, state: Any, seat: Any, known: dict[str, Any] | None = None) -> LazyView:
    """The lazy ``build(parts, state, seat)``. ``known``: values already at hand, kept as they
    are (each must be its part's value: the tests compare every key of every view); the view
    keeps the dict. A function, not ``__init__``: calling a class runs its ``__init__`` in a
    fresh interpreter loop, and a bot opens one or two views a move."""
    view: LazyView = _new(LazyView)
    view._parts = parts
    view._state = state
    view._seat = seat
    view._values = {} if known is None else known
    view._nested = None
    return view

"""A seat's view computed key by key, for bots: the same data as ``view(state, seat)``, built
only as far as it is read.

A bot moves once per state and reads a few keys of the view (the random bots: the phase and two
or three of ``me``), yet building the whole view cost as much as the rest of the move. A game's
views module describes its view as parts, one function per key, and builds its full views from
those same parts; ``LazyView`` calls a part the first time its key is read and keeps the value.
So a bot reads exactly what the full view would hold, never more (``tests/engine`` compares the
two on every state of random games), and the value of a key is the caller's own, as in a view.

A lazy view reads the live state, so it is valid only while the state stays as it was:
``seat_bots`` closes it when the bot returns, and any later read of a key not read before
raises ``RuntimeError``.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any, NoReturn

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


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise TypeError("a view cannot be changed")


_store = dict.__setitem__


class LazyView(dict[str, Any]):
    """A read-only mapping equal to ``build(parts, state, seat)``; a ``Nested`` part reads as
    a ``LazyView`` of the same state, closed with this one. Made by ``open_view``.

    A dict of the keys read so far: reading one again, or one known when the view opened (the
    phase), is a plain dict lookup, and only a key not held yet goes to ``__missing__``, which
    calls its part. What would see only the held keys (``in``, ``len``, iteration, ``==``,
    ``keys``/``items``/``values``, ``copy``, ``dict(view)``, ``json.dumps``) answers for the
    whole view instead, in the parts' order."""

    __slots__ = ("_nested", "_parts", "_seat", "_state")

    _nested: LazyView | None  # a view's one nested part (``me``) once read
    _parts: Parts
    _seat: Any
    _state: Any

    def __missing__(self, key: str) -> Any:
        part = self._parts[key]  # KeyError for a key the view does not have, as a dict
        state = self._state
        if state is None:
            raise RuntimeError("a bot's view is read after the bot returned")
        if type(part) is Nested:
            value = self._nested = open_view(part.parts, state, self._seat)
        else:
            value = part(state, self._seat)
        _store(self, key, value)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self._parts else default

    def __contains__(self, key: object) -> bool:
        return key in self._parts

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __reversed__(self) -> Iterator[str]:
        return reversed(list(self._parts))

    def __len__(self) -> int:
        return len(self._parts)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return KeysView(self)

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return ItemsView(self)

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return ValuesView(self)

    def copy(self) -> dict[str, Any]:
        """The plain view (a nested view stays lazy, as ``dict(view)`` keeps it)."""
        return {key: self[key] for key in self._parts}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return self.copy() == dict(other.items())

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return not self == other

    __hash__ = None

    def __or__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return {**self.copy(), **other}

    def __ror__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return {**other, **self.copy()}

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy and pickle give a plain dict
        return (dict, (self.copy(),))

    def __repr__(self) -> str:
        return f"LazyView({sorted(dict.keys(self))} of {list(self._parts)})"

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def close(self) -> None:
        """Stop reading the state: this view and those nested in it keep only what was read."""
        view: LazyView | None = self
        while view is not None:  # a loop, not a call per nested view
            view._state = None
            view = view._nested


def open_view(
    parts: Parts,
    state: Any,
    seat: Any,
    known: dict[str, Any] | None = None,
) -> LazyView:
    """The lazy ``build(parts, state, seat)``. ``known``: values already at hand, copied in (each
    must be its part's value: the tests compare every key of every view). A function, not
    ``__init__``: a class with an ``__init__`` of its own runs it in a fresh interpreter loop,
    and a bot opens one or two views a move (dict's own, in C, takes ``known``)."""
    view = LazyView() if known is None else LazyView(known)
    view._parts = parts
    view._state = state
    view._seat = seat
    view._nested = None
    if not known:
        _hold_one(view)
    return view


def _hold_one(view: LazyView) -> None:
    """Read a view's first key. json's encoder writes a dict that holds no key as ``{}`` without
    asking for its items, so a lazy view never holds none."""
    for key in view._parts:
        view.__missing__(key)
        return

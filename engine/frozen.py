"""Read-only dicts and lists: history that views share instead of copying.

A finished trick, a counted vote, a finished proposal or a result never changes again, yet every
view after it shows it. Built once as ``FrozenDict``/``FrozenList`` (which compare, serialise and
read like ``dict``/``list``), it goes into every later view as it is: no copy per view, and no
caller can change the game by changing a view. A change raises ``TypeError``.
"""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise TypeError("a frozen part of a view cannot be changed")


class FrozenDict(dict[str, Any]):
    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy and pickle build a new one
        return (FrozenDict, (dict(self),))


class FrozenList(list[Any]):
    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))


def frozen(value: Any) -> Any:
    """A read-only deep copy of plain JSON-like data (dicts, lists and tuples, scalars); what is
    frozen already is shared as it is (this function only ever builds frozen parts whole)."""
    kind = type(value)
    if kind is dict:
        return FrozenDict({k: frozen(v) if type(v) in _CONTAINERS else v for k, v in value.items()})
    if kind is list or kind is tuple:
        return FrozenList([frozen(v) if type(v) in _CONTAINERS else v for v in value])
    return value


# What frozen() recurses into: everything else is a scalar, kept as it is (no call per scalar:
# a proposal's votes or a trick's cards are mostly scalars).
_CONTAINERS = frozenset((dict, list, tuple))

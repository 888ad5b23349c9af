"""Mole in the Crew's first-game hints: which rule a change of the public view shows happening
(see host/tv/hints.py), in order of priority."""

from __future__ import annotations

from typing import Any

from engine.mole import vocabulary as mole
from host.tv.frame import Frame
from host.tv.hints import Trigger, View, entered


def _lock_results(view: View, result: str, by: str | None = None) -> int:
    return sum(
        1
        for lock in view.get("locks") or []
        if lock.get("result") == result and (by is None or lock.get("by") == by)
    )


def _lock_became(result: str, by: str | None = None) -> Trigger:
    def test(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
        grew = _lock_results(new, result, by) > _lock_results(old, result, by)
        return {"count": new.get("to_open", 3)} if grew else None

    return test


def _mole_propose(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
    if new.get("phase") != mole.PROPOSE or old.get("phase") == mole.PROPOSE:
        return None
    locks, lock = new.get("locks") or [], new.get("lock")
    size = locks[lock]["team_size"] if isinstance(lock, int) and lock < len(locks) else 0
    return {"boss": frame.name(new.get("boss")), "size": size}


def _mole_vote(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
    if new.get("phase") == mole.VOTE and old.get("phase") != mole.VOTE:
        return {"needed": new.get("approvals_needed", 0)}
    return None


def _mole_rejected(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
    before, after = old.get("proposals") or [], new.get("proposals") or []
    fresh = after[len(before) :]
    rejected = any(not p.get("approved") for p in fresh)
    patrol = _lock_results(new, mole.BLOWN, mole.BY_PATROL) > _lock_results(
        old, mole.BLOWN, mole.BY_PATROL
    )
    return {} if rejected and not patrol else None  # the third rejection has its own line


# When two rules happen at once, the first is the one explained.
HINTS: tuple[tuple[str, Trigger], ...] = (
    ("getaway", entered(mole.GETAWAY)),
    ("patrol", _lock_became(mole.BLOWN, mole.BY_PATROL)),
    ("blown", _lock_became(mole.BLOWN, mole.BY_CARDS)),
    ("opened", _lock_became(mole.OPEN)),
    ("rejected", _mole_rejected),
    ("propose", _mole_propose),
    ("vote", _mole_vote),
    ("cards", entered(mole.CARDS)),
)

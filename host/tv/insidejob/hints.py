"""Inside Job's first-game hints: which rule a change of the public view shows happening (see
host/tv/hints.py), in order of priority."""

from __future__ import annotations

from typing import Any

from engine.insidejob import vocabulary as ij
from host.tv.frame import Frame
from host.tv.hints import Trigger, View, entered


def _ij_turn(phase: str, empty_trick: bool | None = None) -> Trigger:
    def test(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
        if new.get("phase") != phase or old.get("phase") == phase:
            return None
        if empty_trick is not None and bool(new.get("trick")) == empty_trick:
            return None
        seat = new.get("start") if phase == ij.PHASE_MISSION else new.get("turn")
        return {"name": frame.name(seat)}

    return test


def _ij_trick_done(old: View, new: View, frame: Frame) -> dict[str, Any] | None:
    return {} if len(new.get("tricks") or []) > len(old.get("tricks") or []) else None


# When two rules happen at once, the first is the one explained.
HINTS: tuple[tuple[str, Trigger], ...] = (
    ("vote", entered(ij.PHASE_VOTE)),
    ("trick", _ij_trick_done),
    ("accomplice", entered(ij.PHASE_ACCOMPLICE)),
    ("mission", _ij_turn(ij.PHASE_MISSION)),
    ("wager", _ij_turn(ij.PHASE_WAGER)),
    ("lead", _ij_turn(ij.PHASE_PLAY, empty_trick=True)),
)

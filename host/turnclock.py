"""Turn timers: one clock for the step the table is waiting on, so one player who wandered off
cannot stall everyone.

The clock is game-agnostic: a new step begins whenever a seat that was not being waited on must
act (the next Boss, the next player in a trick, a new vote); in a simultaneous step seats only
leave the waiting set, so everyone who must act shares one clock and nothing about them differs.
When it runs out, the Room lets each waiting seat's bot act for that step.

Deadlines are wall-clock times, saved in the room file, so a restarted host resumes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.clock import Handle, Scheduler

# Seconds a step may take, per preset. One length for every step: the proposal is where the
# table talks, but a vote or a card is quick, and one number is easy to learn.
PRESETS: dict[str, float] = {"relaxed": 120.0, "normal": 60.0, "fast": 30.0}
RESUME_GRACE = 15.0  # at least this long after a restart or a pause, to pick the phone back up


class TurnClock:
    def __init__(self, scheduler: Scheduler, on_expired: Callable[[frozenset[int]], None]) -> None:
        self.scheduler = scheduler
        self.on_expired = on_expired
        self.preset: str | None = None  # None: no timers
        self.deadline: float | None = None  # wall-clock time the step ends, while running
        self.remaining: float | None = None  # seconds left, while paused
        self.waiting: frozenset[int] = frozenset()
        self._carried = False  # a restored clock belongs to the step the game is on
        self._handle: Handle | None = None

    @property
    def length(self) -> float | None:
        return PRESETS.get(self.preset) if self.preset else None

    def follow(self, expected: frozenset[int], paused: bool) -> None:
        """Called after every change with the seats the game waits on now."""
        length = self.length
        if length is None or not expected:
            self.stop()
            return
        idle = self.deadline is None and self.remaining is None
        new_step = not self._carried and (not expected <= self.waiting or idle)
        self._carried = False
        self.waiting = expected
        if new_step:
            self.deadline, self.remaining = self.scheduler.now() + length, None
        if paused:
            self.pause()
        else:
            self.run()

    def pause(self) -> None:
        if self.deadline is not None:
            self.remaining = max(0.0, self.deadline - self.scheduler.now())
            self.deadline = None
        self._cancel()

    def run(self) -> None:
        if self.remaining is not None:
            self.deadline, self.remaining = self.scheduler.now() + self.remaining, None
        if self.deadline is not None and self._handle is None:
            delay = self.deadline - self.scheduler.now()
            self._handle = self.scheduler.call_later(delay, self._expired)

    def stop(self) -> None:
        self._cancel()
        self.deadline = self.remaining = None
        self.waiting = frozenset()

    def public(self) -> dict[str, Any] | None:
        """What every screen shows: the same clock for everyone who must act."""
        length = self.length
        if length is None:
            return None
        if self.deadline is not None:
            left: float | None = max(0.0, self.deadline - self.scheduler.now())
        else:
            left = self.remaining
        return {
            "preset": self.preset,
            "length": length,
            "left": None if left is None else round(left, 1),
            "running": self.deadline is not None,
            "seats": sorted(self.waiting) if left is not None else [],
        }

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "deadline": self.deadline, "remaining": self.remaining}

    def restore(self, record: dict[str, Any] | None) -> None:
        """Take back a saved clock; a deadline passed while the host was down gets a grace."""
        if not record:
            return
        preset = record.get("preset")
        self.preset = preset if preset in PRESETS else None
        deadline, remaining = record.get("deadline"), record.get("remaining")
        if isinstance(deadline, (int, float)):
            remaining = deadline - self.scheduler.now()
        if isinstance(remaining, (int, float)):
            self.remaining = max(float(remaining), RESUME_GRACE)
            self._carried = True

    def _expired(self) -> None:
        self._handle = None
        waiting, self.deadline, self.remaining = self.waiting, None, None
        self.waiting = frozenset()
        self.on_expired(waiting)

    def _cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

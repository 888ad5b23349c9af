"""Time for the Room: the wall clock and delayed calls, behind one small interface so that tests
drive turn timers and bot pauses with a fake clock instead of sleeping.

``now()`` is wall-clock time (seconds since the epoch): deadlines are saved with the game and must
mean the same thing after a restart.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol


class Handle(Protocol):
    def cancel(self) -> None: ...


class Scheduler(Protocol):
    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle | None:
        """Run ``callback`` after ``delay`` seconds; None when nothing can wait (no event loop):
        the caller then acts at once."""
        ...


class LoopScheduler:
    """The real clock, calling back on the running asyncio loop."""

    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Handle | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return loop.call_later(max(0.0, delay), callback)

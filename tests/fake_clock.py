"""A clock that moves only when a test says so (the Room's Scheduler interface)."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable


class _Handle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self._queue: list[tuple[float, int, _Handle, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Handle:
        handle = _Handle()
        heapq.heappush(
            self._queue, (self.time + max(0.0, delay), next(self._order), handle, callback)
        )
        return handle

    def advance(self, seconds: float) -> None:
        """Move time on, running every callback that falls due, in order."""
        end = self.time + seconds
        while self._queue and self._queue[0][0] <= end:
            due, _, handle, callback = heapq.heappop(self._queue)
            self.time = max(self.time, due)
            if not handle.cancelled:
                callback()
        self.time = end

    def pending(self) -> int:
        return sum(1 for *_, handle, _cb in self._queue if not handle.cancelled)

"""Timed moments drawn over a game's board (votes turned over, cards flipped, a trick won).

Each game's moments live in its TV folder and derive from :class:`Presentation`. A moment is
told how far it has run (``elapsed``, seconds); ``cues(before, after)`` gives the sounds whose
time falls in that interval, so sounds stay in step with the picture whatever the frame rate.
A moment only shows what the public view has already made public.

When the room moves faster than the moments, the director catches up (see ``brief``, ``final``
and host/tv/director.py); the board page's moments do the same (phoneclient/board/moments.js).
"""

from __future__ import annotations

from typing import Any

from host.tv.draw import Canvas
from host.tv.frame import Frame


class Presentation:
    duration = 3.0
    label = "presentation"
    # Seconds in, its news is all on screen and has had a moment to be read: with another moment
    # waiting behind it, it ends there (None: only at its full duration).
    brief: float | None = None
    # It tells how the game ended (the last lock's cards, the Getaway's accusation): never
    # dropped to catch up, and when it comes the older moments still waiting are.
    final = False
    COVER_SECONDS = 0.3
    # From this many seconds in to its end the moment's picture no longer changes (None: it
    # moves throughout): the director then copies it instead of drawing it each frame.
    still_from: float | None = None
    # The public message before the one whose change this moment reveals: the board fading
    # out under the moment's start is drawn from it, so it never shows what is still to come.
    before: dict[str, Any] | None = None

    def ends_at(self, hurried: bool) -> float:
        """How long it lasts: its full duration, or with a moment waiting behind it its brief."""
        if hurried and self.brief is not None:
            return min(self.brief, self.duration)
        return self.duration

    def covers(self, elapsed: float) -> bool:
        """Whether the board below is fully faded out (then it need not be drawn at all)."""
        return elapsed >= self.COVER_SECONDS

    def cue_times(self) -> list[tuple[float, str]]:
        return []

    def cues(self, before: float, after: float) -> list[str]:
        return [name for at, name in self.cue_times() if before <= at < after]

    def draw(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        raise NotImplementedError

    def _backdrop(self, canvas: Canvas, frame: Frame, elapsed: float) -> None:
        if not self.covers(elapsed):
            canvas.dim(frame.ease(elapsed / self.COVER_SECONDS))
        canvas.element(self.label, canvas.surface.get_rect())
